// letters glued to a decimal number are a bad suffix, not a separate identifier
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, 12abc;
	ret;
}
// error: 8:15: invalid suffix 'abc' on integer constant
