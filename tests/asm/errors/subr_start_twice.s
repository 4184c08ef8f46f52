// A register the assist warp starts with gets its value from one place: .livein, .keep,
// .lanes, .lanemask or .lastenc (a .liveout may be any of them).
.subroutine twice
.trigger compress
.livein %a
.keep %k
.lanes %a, 4
.lanes %b, 4
.lanes %b, 8
.lanes %k, 1
.lanemask %p, 0
.lanemask %p, 4
.lastenc %b
.liveout %b
.autoend
{
	.reg .b32 %a, %b, %k;
	.reg .pred %p;
}
.subroutine mask_keep
.trigger compress line 64
.keep %p
.lanemask %p, 0
.lastenc %e
.lastenc %e
.autoend
{
	.reg .b32 %e;
	.reg .pred %p;
}
// error: 7:8: '%a' is in .livein and .lanes: a register gets its value at the start from one of them
// error: 9:8: '%b' appears twice in .lanes
// error: 10:8: '%k' is in .keep and .lanes: a register gets its value at the start from one of them
// error: 12:11: '%p' appears twice in .lanemask
// error: 13:10: '%b' is in .lanes and .lastenc: a register gets its value at the start from one of them
// error: 25:1: duplicate .lastenc
// error: 23:11: '%p' is in .keep and .lanemask: a register gets its value at the start from one of them
