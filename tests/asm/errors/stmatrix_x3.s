// stmatrix takes .x1 .x2 .x4
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	stmatrix.sync.aligned.m8n8.x3.shared.b16 [%rd1], {%r1, %r2, %r3};
	ret;
}
// error: 10:28: unknown suffix '.x3' on 'stmatrix'
