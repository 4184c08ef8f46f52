// ld.global of a kernel .param variable
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b64 %rd<4>;
	ld.global.u64 %rd1, [p];
	ret;
}
// error: 8:23: 'p' is a .param variable; this access is .global
