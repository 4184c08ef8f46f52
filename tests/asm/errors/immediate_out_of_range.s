// an immediate that does not fit in the instruction type
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b16 %h<4>;
	add.u16 %h1, %h2, 70000;
	ret;
}
// error: 8:20: immediate 70000 does not fit in .u16
