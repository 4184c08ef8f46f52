// vset compares with eq ne lt le gt ge only
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	vset4.u32.u32.lo %r1, %r2, %r3, %r4;
	ret;
}
// error: 10:15: 'vset4' compares with .eq, .ne, .lt, .le, .gt or .ge
