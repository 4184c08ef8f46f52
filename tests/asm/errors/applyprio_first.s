// applypriority takes .L2::evict_normal only
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	applypriority.global.L2::evict_first [%rd1], 128;
	ret;
}
// error: 10:2: 'applypriority' needs .L2::evict_normal
