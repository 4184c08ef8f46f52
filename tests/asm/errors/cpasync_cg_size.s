// cp.async.cg copies 16 bytes only
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	cp.async.cg.shared.global [sh], [%rd1], 8;
	ret;
}
// error: 11:42: cp.async.cg copies 16 bytes
