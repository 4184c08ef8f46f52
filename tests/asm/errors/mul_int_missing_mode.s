// integer mul needs .lo, .hi or .wide
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mul.u32 %r1, %r1, 2;
	ret;
}
// error: 8:2: integer 'mul' needs .lo, .hi or .wide
