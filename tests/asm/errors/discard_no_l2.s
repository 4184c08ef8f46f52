// discard needs .L2
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	discard.global [%rd1], 128;
	ret;
}
// error: 10:2: 'discard' needs .L2
