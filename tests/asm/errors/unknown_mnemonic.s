// an instruction name that does not exist
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	frob.u32 %r1, 1;
	ret;
}
// error: 8:2: unknown instruction 'frob'
