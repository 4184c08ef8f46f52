// a decimal floating-point constant in an integer add
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, %r2, 1.5;
	ret;
}
// error: 8:20: floating-point constant used where a .u32 integer is expected
