// the name of a register range used as if it were one register
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, %r, %r3;
	ret;
}
// error: 8:15: '%r' names a register range; use one of its registers
