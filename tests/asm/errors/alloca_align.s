// alloca's alignment is a power of 2
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	alloca.u64 %rd1, 64, 12;
	ret;
}
// error: 10:23: alloca's alignment is a power of 2 up to 2^23 (an immediate)
