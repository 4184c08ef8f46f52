// a constant as the destination
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 5, %r1, %r3;
	ret;
}
// error: 8:10: a destination must be a register
