// a policy operand needs .L2::cache_hint
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	ld.global.L1::evict_last.u32 %r1, [%rd1], %rd2;
	ret;
}
// error: 11:44: a cache-policy operand needs '.L2::cache_hint'
