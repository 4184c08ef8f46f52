// an mbarrier count of 0
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	mbarrier.init.shared.b64 [sh], 0;
	ret;
}
// error: 11:33: an mbarrier count is 1 to 1048575, not 0
