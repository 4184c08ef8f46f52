// isspacep needs a state space
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	isspacep %p1, %rd1;
	ret;
}
// error: 10:2: 'isspacep' needs a state space (.global, .shared, .local, .const)
