// integer add takes .sat only with .s32 (PTX: add.sat.s32)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	add.sat.u32 %r1, %r1, 1;
	ret;
}
// error: 8:5: '.sat' on integer 'add' needs type .s32
