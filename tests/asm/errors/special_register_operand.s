// a special register as an operand of an instruction other than mov (PTX reads them with mov or cvt)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.u32 %r1, %tid.x, 1;
	ret;
}
// error: 8:2: special register %tid.x is read with mov or cvt first (mov.u32 %r, %tid.x;), not as an operand of 'add'
