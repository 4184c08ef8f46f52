// add with four operands; the caret goes on the first extra one
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, %r2, %r3, %r0;
	ret;
}
// error: 8:25: 'add' takes 3 operands, not 4
