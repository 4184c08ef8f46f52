// a character that is not part of the language (an ARM-style '#' immediate)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, #5;
	ret;
}
// error: 8:15: stray '#' in program
