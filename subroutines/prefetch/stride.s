// subroutines/prefetch/stride.s -- a stride prefetcher as an assist warp (CABA section 8.2).
//
// Started by the assist warp controller when one of its parent warp's loads misses in L1,
// or is the first to read a line an earlier prefetch brought (.trigger miss), at low
// priority: it issues only in cycles the SM's warps leave idle, and the controller does not
// deploy it while the SM is busy or most of its L1 MSHRs are in use (awc_mshr_fraction), so
// it never adds traffic to a memory pipeline that is already full.
//
// Per parent warp it keeps the last line address and the last stride in two of the parent's
// spare registers (.keep: they survive from one run to the next, zero when the warp starts).
// A stride is confirmed when the distance from the last address repeats; then, on a miss,
// lanes 0 .. DEGREE-1 prefetch the lines at address + k * stride (k = 1 .. DEGREE) into L1,
// and on the first read of a line an earlier run prefetched (.lmeta byte 24 is 1) only lane
// DEGREE-1 does, the one line not prefetched yet: the prefetcher stays DEGREE lines ahead.
// An unconfirmed stride ends the assist warp at once with awkill, having issued nothing (its
// kept registers still learn the new address and stride).  The lanes' addresses are computed
// while the line's address is read, so the confirmed path is short.
//
// DEGREE is 4.  Attach it to any kernel with
//     awemu run --config caba-gtx480 --subroutines subroutines/prefetch/stride.s SCRIPT
.subroutine stride_prefetch
.priority low
.trigger miss
.keep %last, %stride
{
	.reg .u64 %last, %stride, %a, %d, %k, %p;
	.reg .u32 %lane, %hit, %first;
	.reg .pred %same, %mine;

	ld.lmeta.u64 	%a, [16];                  // the line's address
	ld.lmeta.u32 	%hit, [24];                // 1: a prefetched line's first read; 0: a miss
	mov.u32 	%lane, %laneid;
	cvt.u64.u32 	%k, %lane;
	add.u64 	%k, %k, 1;                 // lane l prefetches line l + 1 ahead
	mul.lo.u32 	%first, %hit, 3;           // ... from lane 0 on a miss, only lane 3 on a prefetch's first read
	sub.s64 	%d, %a, %last;
	setp.eq.s64 	%same, %d, %stride;        // the stride repeats ...
	setp.ne.and.s64 	%same, %d, 0, %same;   // ... and is not zero
	mov.u64 	%last, %a;
	mov.u64 	%stride, %d;
	@!%same awkill;                            // not confirmed: nothing to prefetch
	setp.lt.u32 	%mine, %lane, 4;           // DEGREE lanes at most
	setp.ge.and.u32 	%mine, %lane, %first, %mine;
	mad.lo.s64 	%p, %d, %k, %a;            // address + (lane + 1) * stride
	@%mine prefetch.global.L1 	[%p];
	exit;
}
