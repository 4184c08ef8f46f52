// a syntax error in a function header is reported once; the function's body is then skipped
// up to its closing brace, without follow-on errors, and the next function is checked normally
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u32 a, .param .u32)
{
	.reg .b32 %r<4>;
	mov.u64 %r1, 1;
	ret;
}
.visible .entry k2()
{
	.reg .b32 %r<4>;
	mov.u64 %r1, 1;
	ret;
}
// error: 6:45: unexpected token ')', expected identifier, directive or .align
// error: 15:10: register '%r1' is .b32; this operand needs 64 bits
