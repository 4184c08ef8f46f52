// cvt from float to integer needs .rni/.rzi/.rmi/.rpi
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .f32 %f<4>;
	cvt.s32.f32 %r1, %f1;
	ret;
}
// error: 9:2: cvt from .f32 to .s32 needs an integer rounding modifier (.rni, .rzi, .rmi or .rpi)
