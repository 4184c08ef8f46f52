// .L2::cache_hint needs the policy operand
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	ld.global.L2::cache_hint.u32 %r1, [%rd1];
	ret;
}
// error: 11:2: '.L2::cache_hint' needs a cache-policy operand (a .b64 register) last
