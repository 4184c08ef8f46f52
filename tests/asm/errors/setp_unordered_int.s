// the unordered comparisons and num, nan compare floating-point values only (PTX ISA, setp)
.version 8.0
.target sm_75
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<4>;
	setp.equ.s32 %p1, %r1, %r2;
	ret;
}
// error: 9:6: 'setp.equ' is a floating-point comparison; integers compare with .eq, .ne, .lt, .le, .gt, .ge, .lo, .ls, .hi or .hs
