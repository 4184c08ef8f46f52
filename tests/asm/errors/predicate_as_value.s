// a predicate register where a .u32 value is expected
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	add.u32 %r1, %p1, %r3;
	ret;
}
// error: 9:15: predicate register '%p1' used where a .u32 operand is expected
