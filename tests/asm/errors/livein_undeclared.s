// .livein naming a register the subroutine does not declare (%r1 and %r2 are declared and fine)
.version 8.0
.target sm_80
.address_size 64
.subroutine s
.livein %r1, %x
.liveout %r2
{
	.reg .b32 %r<4>;
	mov.u32 %r2, %r1;
	exit;
}
// error: 6:14: '%x' in .livein is not a register of this subroutine
