// an instruction not terminated by ';'
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, 1
	ret;
}
// error: 9:2: unexpected identifier 'ret', expected ';' or ','
