// ld.v4 with a two-element vector
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.global.v4.u32 {%r0, %r1}, [%rd1];
	ret;
}
// error: 9:19: vector has 2 elements; the instruction moves 4
