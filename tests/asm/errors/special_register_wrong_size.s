// a 64-bit special register read into a 32-bit mov
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, %clock64;
	ret;
}
// error: 8:15: special register '%clock64' is 64 bits; this operand needs 32
