// subroutines/prefetch/gather.s -- an application-specific prefetcher for an indirect
// gather a[b[i]] (CABA section 8.2): what a hardware stride prefetcher cannot do, since the
// addresses of a follow the values in b, not a stride.
//
// Attached to the unmodified nvcc kernel examples/assist/gather (gather.ptx) by a 'pc'
// trigger on the head of its loop, $L__BB0_2, where %rd19 holds the address of this lane's
// next index b[i] and %rd2 the global address of a.  At low priority (it issues only in
// cycles the warps leave idle, and not at all while the SM is busy) each lane loads the
// index DIST iterations ahead, b[i + 32 * DIST] (the loop steps 128 bytes of b a turn), and
// prefetches the line of a it names into L1: by the time the warp gets there, both its index
// (now in L1) and its value are waiting.  The last DIST iterations read past the warp's part
// of b: into the next warp's part, or past the array's end, where the prefetch is dropped.
// Its reads of b stay within the allocation only if b has room, so this subroutine checks
// the address against the end of b, which it gets as a third live-in.
//
// DIST is 6.  Run with
//     awemu run --config caba-gtx480 --subroutines subroutines/prefetch/gather.s \
//         examples/assist/gather/run.aw DATA=...
.subroutine gather_prefetch
.priority low
.trigger pc gather, $L__BB0_2 (%rd19, %rd2, %rd5)
.livein %b, %a, %base
{
	.reg .u64 %b, %a, %base, %n, %off, %p;
	.reg .u32 %idx;
	.reg .pred %in;

	add.u64 	%n, %b, 768;                  // DIST x 128 bytes ahead
	cvta.to.global.u64 	%base, %base;
	add.u64 	%base, %base, 15728640;       // the end of b (3932160 indices)
	setp.lt.u64 	%in, %n, %base;
	@!%in exit;
	ld.global.u32 	%idx, [%n];
	mul.wide.u32 	%off, %idx, 4;
	add.u64 	%p, %a, %off;
	prefetch.global.L1 	[%p];
	exit;
}
