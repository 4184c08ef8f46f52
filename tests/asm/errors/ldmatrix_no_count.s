// ldmatrix without .x1/.x2/.x4
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[1024];
	.reg .b32 %r<16>;
	.reg .f32 %f<16>;
	.reg .b64 %rd<4>;
	ldmatrix.sync.aligned.m8n8.shared.b16 {%r0}, [sh];
	ret;
}
// error: 11:2: 'ldmatrix' needs a count (.x1, .x2 or .x4)
