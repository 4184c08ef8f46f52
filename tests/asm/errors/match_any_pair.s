// match.any writes no predicate
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	match.any.sync.b32 %r1|%p1, %r2, 0xffffffff;
	ret;
}
// error: 9:21: 'match.any' writes no predicate (only match.all takes %r|%p)
