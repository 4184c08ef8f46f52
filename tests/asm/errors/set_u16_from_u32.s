// set writes .u16 from .f16 or .bf16 sources only
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b16 %h<8>;
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	set.eq.u16.u32 %h1, %r2, %r3;
	ret;
}
// error: 10:2: set writes .u16 from .f16 or .bf16 sources only
