// two comparison suffixes on setp: the message must say they conflict, not that .lt is invalid for setp
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	setp.eq.lt.s32 %p1, %r1, 1;
	ret;
}
// error: 9:9: suffix '.lt' conflicts with '.eq' on 'setp'
