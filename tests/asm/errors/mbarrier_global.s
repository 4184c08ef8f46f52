// an mbarrier object in global memory
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	mbarrier.init.global.b64 [%rd1], 4;
	ret;
}
// error: 11:15: an mbarrier object is in .shared memory
