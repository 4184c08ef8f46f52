// a rounding modifier on an integer add (the caret goes on the offending suffix)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.rn.u32 %r1, %r1, 1;
	ret;
}
// error: 8:5: rounding modifier on integer 'add'
