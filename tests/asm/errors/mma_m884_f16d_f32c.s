// mma.m8n8k4 with an .f32 C writes an .f32 D
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f32 {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%r6, %r7}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};
	ret;
}
// error: 11:2: 'mma': .m8n8k4 with an .f32 C writes an .f32 D
