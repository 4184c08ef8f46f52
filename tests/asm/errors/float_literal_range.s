// decimal floating-point literals that do not fit their type: infinity is an
// error, a nonzero literal that becomes 0 a warning
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .f32 %f;
	.reg .f64 %d;
	mov.f32 %f, 1e39;
	mov.f64 %d, 1e99999;
	mov.f32 %f, 1e-99999;
	mov.f32 %f, 1e-40;
	mov.f64 %d, 0.0e5;
	ret;
}
// error: 10:14: floating-point literal 1e39 is out of range for .f32
// error: 11:14: floating-point literal 1e99999 is out of range for .f64
// warning: 12:14: floating-point literal 1e-99999 underflows to 0 as .f32
