// add.sat is for .s32 only
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	add.sat.u16x2 %r1, %r2, %r3;
	ret;
}
// error: 10:5: '.sat' on integer 'add' needs type .s32
