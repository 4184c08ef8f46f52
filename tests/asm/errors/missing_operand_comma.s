// two operands with no ',' between them
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, 4 %r2;
	ret;
}
// error: 8:17: unexpected identifier '%r2', expected ';' or ','
