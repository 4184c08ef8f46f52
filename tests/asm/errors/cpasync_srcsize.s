// a source size larger than the copy
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	cp.async.ca.shared.global [sh], [%rd1], 8, 9;
	ret;
}
// error: 11:45: cp.async's source size 9 is more than the 8 bytes it copies
