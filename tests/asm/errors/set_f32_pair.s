// set on .f16x2 sources writes .f16x2, .u32 or .s32 (not .f32)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .f32 %f<2>;
	set.eq.f32.f16x2 %f1, %r1, %r2;
	ret;
}
// error: 9:2: set on .f16x2 sources writes .f16x2, .u32 or .s32 (each half: 1.0, or 0xffff, or 0)
