// a register range of zero registers
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<0>;
	ret;
}
// error: 7:15: register range must be between 1 and 1000000
