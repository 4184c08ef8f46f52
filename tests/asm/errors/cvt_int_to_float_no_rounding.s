// cvt from integer to float needs .rn/.rz/.rm/.rp
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .f32 %f<4>;
	cvt.f32.s32 %f1, %r1;
	ret;
}
// error: 9:2: cvt from .s32 to .f32 needs a rounding modifier (.rn, .rz, .rm or .rp)
