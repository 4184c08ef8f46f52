// a syntax error in a module directive is reported once; the kernel after it is still checked normally
.version abc
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, 1;
	mov.u64 %r1, 1;
	ret;
}
// error: 2:10: unexpected identifier 'abc', expected number
// error: 9:10: register '%r1' is .b32; this operand needs 64 bits
