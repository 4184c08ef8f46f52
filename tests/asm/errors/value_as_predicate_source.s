// selp's selector must be a predicate, not a .b32 register
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	selp.u32 %r1, %r2, %r3, %r0;
	ret;
}
// error: 8:26: '%r0' is not a predicate register
