// a suffix that exists for no instruction
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32.zz %r1, %r1, 1;
	ret;
}
// error: 8:9: unknown suffix '.zz' on 'add'
