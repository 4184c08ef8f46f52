// mov.u16 reads only the special registers legacy PTX read at 16 bits (%tid, %ntid,
// %ctaid, %nctaid, %gridid); ptxas refuses it for the others
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b16 %rs<4>;
	mov.u16 %rs1, %laneid;
	mov.u16 %rs2, %tid.x;
	ret;
}
// error: 9:16: special register '%laneid' is 32 bits; this operand needs 16
