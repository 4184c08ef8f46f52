// %tid without .x, .y or .z
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid;
	ret;
}
// error: 8:15: '%tid': needs a component .x, .y or .z
