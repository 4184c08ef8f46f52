// set writes .f16x2 from .f16x2 sources only
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b16 %h<8>;
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	set.lt.f16x2.bf16x2 %r1, %r2, %r3;
	ret;
}
// error: 10:2: set on .bf16x2 sources writes .bf16x2, .u32 or .s32 (each half: 1.0, or 0xffff, or 0)
