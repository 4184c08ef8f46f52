// min.relu takes .s16x2 or .s32
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	min.relu.u32 %r1, %r2, %r3;
	ret;
}
// error: 10:5: 'min.relu' needs type .s16x2 or .s32
