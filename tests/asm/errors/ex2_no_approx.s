// ex2 exists only as ex2.approx
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .f32 %f<4>;
	ex2.f32 %f1, %f2;
	ret;
}
// error: 8:2: 'ex2' needs .approx
