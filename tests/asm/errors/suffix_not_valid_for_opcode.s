// a real suffix (.rn) that mov does not take
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	mov.rn.u32 %r1, 1;
	ret;
}
// error: 8:5: suffix '.rn' is not valid for 'mov'
