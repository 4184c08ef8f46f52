// .ftz on a .f64 add (the caret goes on the offending suffix)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .f64 %fd<4>;
	add.ftz.f64 %fd1, %fd2, %fd3;
	ret;
}
// error: 8:5: '.ftz' applies to .f32 and .f16 only
