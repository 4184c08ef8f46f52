// register lists of a subroutine: a register named twice, one both live-in and
// kept, and .skipif with no trigger to skip by
.subroutine twice
.trigger decompress 2 line 128
.livein %a, %a
.liveout %b, %b
{
	.reg .b32 %a, %b;
	exit;
}
.subroutine both
.trigger miss
.livein %a
.keep %a
{
	.reg .b32 %a;
	exit;
}
.subroutine noskip
.skipif %p
{
	.reg .pred %p;
	exit;
}
// error: 5:13: '%a' appears twice in .livein
// error: 6:14: '%b' appears twice in .liveout
// error: 14:7: '%a' is in .livein and .keep: a kept register keeps its own value, a live-in takes the parent's
// error: 19:13: subroutine 'noskip': .skipif needs every trigger to be a 'pc' trigger with 'skip LABEL'
