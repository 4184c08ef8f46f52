// add with no type suffix
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add %r1, %r1, 1;
	ret;
}
// error: 8:2: 'add' needs a type suffix
