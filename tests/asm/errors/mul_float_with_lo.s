// .lo on a floating-point mul (the caret goes on the offending suffix)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .f32 %f<4>;
	mul.lo.f32 %f1, %f1, %f2;
	ret;
}
// error: 8:5: '.lo' is not valid for floating-point 'mul'
