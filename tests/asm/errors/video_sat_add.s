// a video instruction takes .sat or .add
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	vadd4.u32.u32.u32.sat.add %r1, %r2, %r3, %r4;
	ret;
}
// error: 10:19: 'vadd4' takes .sat or .add, not both
