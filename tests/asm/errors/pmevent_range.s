// pmevent takes an event number 0 to 15
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	pmevent 16;
	ret;
}
// error: 10:10: pmevent takes an event number 0 to 15 (an immediate)
