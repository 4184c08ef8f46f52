// a hexadecimal prefix with no digits after it
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, 0x;
	ret;
}
// error: 8:15: hexadecimal number has no digits
