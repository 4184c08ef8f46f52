// What the loader refused in a subroutine's triggers and live registers with no kernel
// needed (awasm wrote the image; loading it failed): a pc trigger naming fewer (or no)
// parent registers than live-ins and live-outs, live-outs in a low-priority subroutine a
// pc or miss trigger starts, a miss subroutine with live registers, 'skip' in a
// low-priority one, and more than 16 live-ins.  The kernel is not in this file.
.version 8.0
.target sm_80
.address_size 64
.subroutine none_named
.trigger pc k, L
.livein %a
{
	.reg .b32 %a;
	exit;
}
.subroutine too_few
.trigger pc k, L2 (%r1)
.livein %a
.liveout %b
{
	.reg .b32 %a, %b;
	mov.u32 	%b, %a;
	exit;
}
.subroutine low_out
.priority low
.trigger pc k, M (%r1, %r2)
.livein %a
.liveout %b
{
	.reg .b32 %a, %b;
	mov.u32 	%b, %a;
	exit;
}
.subroutine miss_live
.priority low
.trigger miss
.livein %a
{
	.reg .b32 %a;
	exit;
}
.subroutine low_skip
.priority low
.trigger pc k, N skip P
.skipif %p
{
	.reg .pred %p;
	exit;
}
.subroutine many
.trigger pc k, Q (%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16)
.livein %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16
{
	.reg .b32 %a<17>;
	exit;
}
// error: 10:16: the trigger names 0 parent registers; the subroutine has 1 live-ins and 0 live-outs, so it needs 1 (the live-ins' sources, then the live-outs' destinations, in parentheses after the point)
// error: 17:16: the trigger names 1 parent registers; the subroutine has 1 live-ins and 1 live-outs, so it needs 2 (the live-ins' sources, then the live-outs' destinations, in parentheses after the point)
// error: 29:10: a low-priority subroutine has live-outs, but its parent warp does not wait for it (make it '.priority high' or drop '.liveout')
// error: 37:1: a 'miss' trigger binds no parent registers, but the subroutine has live-ins or live-outs
// error: 45:16: a low-priority subroutine skips lanes of its parent warp, which does not wait for it (make it '.priority high')
// error: 53:9: subroutine 'many' has 17 live-ins; at most 16
