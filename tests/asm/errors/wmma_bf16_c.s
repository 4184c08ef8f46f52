// wmma.load.c of .bf16
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	wmma.load.c.sync.aligned.row.m16n16k16.bf16 {%r0, %r1, %r2, %r3}, [sh];
	ret;
}
// error: 11:2: 'wmma.load': the .c and .d matrices are .f16 or .f32
