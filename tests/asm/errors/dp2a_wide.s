// dp2a takes .lo or .hi
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	dp2a.wide.u32.u32 %r1, %r2, %r3, 0;
	ret;
}
// error: 9:6: 'dp2a' needs .lo or .hi (which two bytes of b)
