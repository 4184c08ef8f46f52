// a call passing two arguments to a function that takes one
.version 8.0
.target sm_80
.address_size 64
.func f(.param .u32 a)
{
	ret;
}
.visible .entry k()
{
	.param .u32 x;
	call f, (x, x);
	ret;
}
// error: 12:10: 'f' takes 1 argument, the call passes 2
