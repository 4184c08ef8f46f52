// elect writes a value and a predicate
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	elect.sync %r1, 0xffffffff;
	ret;
}
// error: 9:13: 'elect' writes a pair: %r|%p or _|%p
