// redux takes add, min, max, and, or, xor only
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	redux.sync.inc.u32 %r1, %r2, 0xffffffff;
	ret;
}
// error: 9:12: 'redux' takes .add, .min, .max, .and, .or or .xor
