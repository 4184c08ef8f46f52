// a .f32 register used as an address
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .f32 %f<4>;
	ld.global.u32 %r1, [%f1];
	ret;
}
// error: 9:22: address register '%f1' must be a 32- or 64-bit integer register
