// .priority on a kernel
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
.priority high
{
	ret;
}
// error: 6:1: '.priority' applies to .subroutine only
