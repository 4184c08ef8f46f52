// set on .f16 sources writes no .f32 (the PTX ISA's half-precision set)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b16 %h<8>;
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	set.lt.f32.f16 %f1, %h1, %h2;
	ret;
}
// error: 10:2: set on .f16 sources writes .f16, .bf16, .u16, .s16, .u32 or .s32
