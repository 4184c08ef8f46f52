// a call that does not receive the function's return value
.version 8.0
.target sm_80
.address_size 64
.func (.param .u32 r) f(.param .u32 a)
{
	ret;
}
.visible .entry k()
{
	.param .u32 x;
	call f, (x);
	ret;
}
// error: 12:7: 'f' takes 1 return value, the call passes 0
