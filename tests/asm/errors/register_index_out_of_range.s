// %r9 of a range declared %r<4> (%r0..%r3): say it is out of range, not undeclared
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, %r9, %r3;
	ret;
}
// error: 8:15: '%r9' is out of range: '%r<4>' declares %r0 to %r3
