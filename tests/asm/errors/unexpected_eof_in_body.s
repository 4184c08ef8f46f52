// the file ends inside a function body: the closing brace is missing
// error: 9:6: unexpected end of file
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	ret;
