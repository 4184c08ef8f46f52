// setp with no comparison suffix
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	setp.s32 %p1, %r1, 1;
	ret;
}
// error: 9:2: 'setp' needs a comparison (.eq, .lt, ...)
