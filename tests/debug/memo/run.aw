# memo: a memoization assist warp at its trigger point, in the debugger: examples/assist/tonemap
# (nvcc output) with subroutines/memo/tonemap.s under caba-gtx480, 64 pixels all 2.0
# (0x40000000), one block of 32 threads: each thread takes pixels i and i + 32 (the kernel's
# grid-stride loop), so the warp reaches the trigger point $L__BB0_2+2 (pc 19) twice.  The
# first time the table (the CTA's shared memory) is empty: every lane misses and computes f;
# tonemap_insert enters (2.0, f(2.0)) at the store (pc 200).  The second time every lane hits:
# the lookup hands f(2.0) back as %r37 and the warp skips from pc 19 to the store.
config caba-gtx480
subroutines subroutines/memo/tonemap.s
load examples/assist/tonemap/tonemap.ptx
alloc in f32 64
alloc out f32 64
fill in const 2
launch tonemap 1 32 in out u32:64
