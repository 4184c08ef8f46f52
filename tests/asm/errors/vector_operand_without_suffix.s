// a {vector} destination on a scalar load
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.global.u32 {%r0, %r1}, [%rd1];
	ret;
}
// error: 9:16: a {vector} operand needs a .v2, .v4 or .v8 suffix
