# gbar_serial: gbar's global barrier (../gbar/kernel.ptx: 4 CTAs, 2 warps each) with one CTA
# resident at a time (the default): CTA 0's thread 0 spins at pc 15-17 waiting for CTAs that
# never start, until the limit.  By hand: warp 0 runs pc 0-14 (15 instructions; lane 0's
# not-taken path, the other lanes wait at WAIT, the reconvergence point), then the loop pc 15,
# 16, 17; its turns are 512 instructions, warp 1's first takes 9 (pc 0-7, then bar.sync at
# pc 18) and it waits from then on.  Instruction 20001 is warp 0's 19992nd: 15 + (19992-16)
# mod 3 = pc 17 (line 14).  The note names warp 1 at the barrier.
# schedule-dependent: the fault comes from functional mode keeping too few of the 4 CTAs
# resident; timing mode keeps all 4 resident (they fit its SMs), so the barrier completes there.
load ${SCRIPT_DIR}/../gbar/kernel.ptx
set limit 20000
alloc count u32 1
alloc contrib u32 4
alloc out u32 256
launch gbar 4 64 count contrib out u32:4
