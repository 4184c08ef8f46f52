// cp.async copies into shared memory
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	cp.async.ca.global [%rd2], [%rd1], 4;
	ret;
}
// error: 11:13: cp.async copies into .shared (cp.async.ca.shared.global)
