// discard takes the size 128
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	discard.global.L2 [%rd1], 64;
	ret;
}
// error: 10:28: 'discard' takes the size 128 (an immediate)
