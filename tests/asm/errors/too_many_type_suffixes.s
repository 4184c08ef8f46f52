// add takes one type suffix, not two
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32.u32 %r1, %r2, %r3;
	ret;
}
// error: 8:9: too many type suffixes on 'add'
