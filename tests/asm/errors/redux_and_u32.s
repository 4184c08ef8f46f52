// redux.and is a .b32 operation
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	redux.sync.and.u32 %r1, %r2, 0xffffffff;
	ret;
}
// error: 9:2: 'redux.and' needs type .b32
