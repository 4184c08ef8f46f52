// movmatrix needs .trans
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	movmatrix.sync.aligned.m8n8.b16 %r1, %r2;
	ret;
}
// error: 10:2: 'movmatrix': needs .trans (it transposes)
