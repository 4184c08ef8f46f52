// test_wait.parity takes a .u32 parity, not the .b64 state
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	mbarrier.test_wait.parity.shared.b64 %p1, [sh], %rd1;
	ret;
}
// error: 11:50: register '%rd1' is .b64; this operand needs 32 bits
