// a register range declared twice in the same scope
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .b32 %r<2>;
	ret;
}
// error: 8:12: redeclaration of '%r'
