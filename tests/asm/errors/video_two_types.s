// vabsdiff4 names three types
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	vabsdiff4.u32.u32 %r1, %r2, %r3, %r4;
	ret;
}
// error: 10:2: 'vabsdiff4' needs the types of d, a and b (.u32 or .s32 each)
