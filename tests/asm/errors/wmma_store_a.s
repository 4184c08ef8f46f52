// wmma.store stores matrix .d only
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	wmma.store.a.sync.aligned.row.m16n16k16.f16 [sh], {%r0, %r1, %r2, %r3};
	ret;
}
// error: 11:2: 'wmma.store': stores matrix .d only
