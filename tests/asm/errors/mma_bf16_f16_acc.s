// .bf16 products accumulate in .f32 only
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	mma.sync.aligned.m16n8k16.row.col.f16.bf16.bf16.f16 {%r0, %r1}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%r6, %r7};
	ret;
}
// error: 11:2: 'mma': .bf16 products accumulate in .f32 (d and c are .f32)
