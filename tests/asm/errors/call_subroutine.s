// a .subroutine cannot be called
.version 8.0
.target sm_80
.address_size 64
.subroutine s
{
	exit;
}
.visible .entry k()
{
	call s;
	ret;
}
// error: 11:7: 's' is a kernel or subroutine and cannot be called
