// a repeated .trans
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	ldmatrix.sync.aligned.m8n8.x2.trans.trans.shared.b16 {%r0, %r1}, [sh];
	ret;
}
// error: 11:37: duplicate suffix '.trans'
