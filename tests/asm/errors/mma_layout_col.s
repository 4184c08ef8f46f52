// mma.m16n8k16 takes the layouts .row.col only
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	mma.sync.aligned.m16n8k16.col.col.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7};
	ret;
}
// error: 11:2: 'mma': .m16n8k16 and .m16n8k8 take the layouts .row.col only
