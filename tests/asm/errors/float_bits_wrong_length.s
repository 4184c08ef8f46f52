// a 0f floating-point constant needs exactly 8 hex digits (here 7)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .f32 %f<4>;
	mov.f32 %f1, 0f3F80000;
	ret;
}
// error: 8:15: 0f constant '0f3F80000' needs exactly 8 hexadecimal digits
