# gbar_three: gbar (../gbar/kernel.ptx) on 4 CTAs with 3 resident (fewer than the barrier
# waits for): the limit stops them.  By hand: round 1 runs 3 x 521 = 1563 instructions, every
# later round 3 x 512 = 1536; 1563 + 12 x 1536 = 19995 after round 13, so instruction 20001 is
# the 6th of CTA 0 in round 14: its warp 0's 512 + 12 x 512 + 6 = 6662nd, pc 15 + (6662-16)
# mod 3 = pc 16 (line 14).
# schedule-dependent: the fault comes from functional mode keeping too few of the 4 CTAs
# resident; timing mode keeps all 4 resident (they fit its SMs), so the barrier completes there.
load ${SCRIPT_DIR}/../gbar/kernel.ptx
set limit 20000
set resident-ctas 3
alloc count u32 1
alloc contrib u32 4
alloc out u32 256
launch gbar 4 64 count contrib out u32:4
