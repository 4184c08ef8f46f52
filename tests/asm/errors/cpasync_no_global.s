// cp.async names its source space
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	cp.async.ca.shared [sh], [%rd1], 4;
	ret;
}
// error: 11:2: cp.async copies from .global (cp.async.ca.shared.global)
