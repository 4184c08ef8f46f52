// div.f32 must say .approx, .full or a rounding mode
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .f32 %f<4>;
	div.f32 %f1, %f2, %f3;
	ret;
}
// error: 8:2: 'div.f32' needs .approx, .full or a rounding modifier
