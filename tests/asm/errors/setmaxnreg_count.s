// setmaxnreg's count is a multiple of 8 from 24 to 256
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	setmaxnreg.inc.sync.aligned.u32 100;
	ret;
}
// error: 10:34: setmaxnreg takes a register count 24 to 256, a multiple of 8 (an immediate)
