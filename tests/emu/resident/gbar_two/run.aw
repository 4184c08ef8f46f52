# gbar_two: gbar (../gbar/kernel.ptx) on 4 CTAs with 2 resident: CTAs 0 and 1 arrive and spin
# for ever (CTAs 2 and 3 start only when a slot frees), so the limit stops them.  By hand: in
# round 1 each CTA runs 521 instructions (warp 0: 512, warp 1: 9, then it waits at bar.sync);
# every later round 1024 (each CTA's warp 0: 512).  1042 + 18 x 1024 = 19474 after round 19;
# in round 20 CTA 0 runs 512 (19986) and CTA 1's warp 0 15 more: instruction 20001 is its
# 512 + 18 x 512 + 15 = 9743rd, pc 15 + (9743-16) mod 3 = pc 16 (line 14).
# schedule-dependent: the fault comes from functional mode keeping too few of the 4 CTAs
# resident; timing mode keeps all 4 resident (they fit its SMs), so the barrier completes there.
load ${SCRIPT_DIR}/../gbar/kernel.ptx
set limit 20000
set resident-ctas 2
alloc count u32 1
alloc contrib u32 4
alloc out u32 256
launch gbar 4 64 count contrib out u32:4
