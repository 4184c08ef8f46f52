// the second half of setp's p|q pair is a .b32 register (the caret goes on it)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<4>;
	setp.eq.u32 %p1|%r1, %r2, %r3;
	ret;
}
// error: 9:18: '%r1' is not a predicate register
