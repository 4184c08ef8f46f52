// bra through a register (indirect branches are not supported)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	bra %r1;
	ret;
}
// error: 8:6: '%r1' is a register; indirect branches are not supported
