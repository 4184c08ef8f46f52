// a stray character between statements is dropped; it must not swallow the next statement
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, 5; #
	mov.u64 %r1, 5;
	ret;
}
// error: 8:18: stray '#' in program
// error: 9:10: register '%r1' is .b32; this operand needs 64 bits
