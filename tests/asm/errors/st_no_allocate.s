// L1::no_allocate is for loads
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	st.global.L1::no_allocate.u32 [%rd1], %r1;
	ret;
}
// error: 11:11: '.L1::no_allocate' is for loads
