// several independent errors in one file: every one is reported and assembly continues to the end
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	frob.u32 %r1, 1;
	add.u32 %r1, 4 %r3;
	mov.u32 %r1, %q9;
	bra NOWHERE;
	add.u32 %r1, %r2, 1.0;
	ret;
}
.visible .entry k2()
{
	.reg .b32 %r<4>;
	mul.u32 %r1, 2, 3;
	ret;
}
// error: 8:2: unknown instruction 'frob'
// error: 9:17: unexpected identifier '%r3', expected ';' or ','
// error: 10:15: '%q9' is not declared
// error: 12:20: floating-point constant used where a .u32 integer is expected
// error: 11:6: label 'NOWHERE' is used but not defined
// error: 18:2: integer 'mul' needs .lo, .hi or .wide
// (an undefined label is only known at the end of its function, so line 11 is reported after line 12)
