// a leading zero makes a number octal; 9 is not an octal digit
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, 09;
	ret;
}
// error: 8:15: invalid digit '9' in octal constant
