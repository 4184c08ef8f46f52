// a register of the wrong size for the instruction type
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u64 %r1, 1;
	ret;
}
// error: 8:10: register '%r1' is .b32; this operand needs 64 bits
