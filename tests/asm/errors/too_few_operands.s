// add with two operands instead of three
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, %r2;
	ret;
}
// error: 8:2: 'add' takes 3 operands, not 2
