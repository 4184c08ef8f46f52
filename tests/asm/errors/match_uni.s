// match takes .any or .all
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	match.uni.sync.b32 %r1, %r2, 0xffffffff;
	ret;
}
// error: 9:7: 'match' takes .any or .all
