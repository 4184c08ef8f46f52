// a subroutine bound to a program point of a kernel the module does not have:
// it assembles on its own (the kernel may come with another file), loading it fails
.version 8.0
.target sm_80
.address_size 64
.subroutine probe
.trigger pc nosuch L1
{
	exit;
}
