// a special register as a destination
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %tid.x, %r1;
	ret;
}
// error: 8:10: special register '%tid.x' is read-only
