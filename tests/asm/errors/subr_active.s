// .active MASK: the lanes the assist warp starts with (CABA 4.4: the AWT's active mask), a
// 32-bit integer that is not 0, once in a subroutine.  Before it, awasm said "unexpected
// unknown directive '.active'".
.subroutine zero
.trigger explicit
.active 0
{
	exit;
}
.subroutine wide
.trigger explicit
.active 0x100000000
.active -1
.active 1.0
.active
.active 0xff 0xff00
.active %r
{
	.reg .b32 %r;
	exit;
}
.subroutine twice
.trigger explicit
.active 0xffff
.active 0xffff
{
	exit;
}
// error: 6:9: .active 0 starts no lane: the mask needs at least one
// error: 12:9: .active takes a lane mask: an integer from 1 to 0xffffffff (bit i: lane i)
// error: 13:9: .active takes a lane mask: an integer from 1 to 0xffffffff (bit i: lane i)
// error: 14:9: .active takes a lane mask: an integer from 1 to 0xffffffff (bit i: lane i)
// error: 15:1: .active takes a lane mask: an integer from 1 to 0xffffffff (bit i: lane i)
// error: 16:14: .active takes one lane mask
// error: 17:9: .active takes a lane mask: an integer from 1 to 0xffffffff (bit i: lane i)
// error: 25:1: duplicate .active
