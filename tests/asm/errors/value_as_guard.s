// a .b32 register used as an instruction guard
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	@%r1 bra L;
L:
	ret;
}
// error: 8:3: '%r1' is not a predicate register
