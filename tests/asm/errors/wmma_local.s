// wmma.load from .local
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	wmma.load.c.sync.aligned.row.m16n16k16.local.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, [%rd1];
	ret;
}
// error: 11:2: 'wmma.load': moves .global or .shared memory (or a generic address)
