// '_' (discard) used as a source operand
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, _, %r2;
	ret;
}
// error: 8:15: '_' is only allowed as a destination
