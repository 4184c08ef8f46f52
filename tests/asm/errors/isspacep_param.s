// isspacep.param is not supported
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	isspacep.param %p1, %rd1;
	ret;
}
// error: 10:10: 'isspacep.param' is not supported (.global, .shared, .shared::cta, .local, .const are)
