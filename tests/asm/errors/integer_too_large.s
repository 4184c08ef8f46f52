// an integer constant that does not fit in 64 bits (2^64)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b64 %rd<4>;
	mov.u64 %rd1, 18446744073709551616;
	ret;
}
// error: 8:16: integer constant '18446744073709551616' is too large for 64 bits
