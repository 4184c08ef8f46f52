# gbar_all: gbar's global barrier (../gbar/kernel.ptx) across 6 CTAs of 96 threads (3 warps)
# with 'set resident-ctas all'.  Expected, by hand: contrib = 1, 4, 9, 16, 25, 36, their sum
# 91; out[c * 96 + t] = 91 + t; count = 6.
load ${SCRIPT_DIR}/../gbar/kernel.ptx
set resident-ctas all
alloc count u32 1
alloc contrib u32 6
alloc out u32 576
launch gbar 6 96 count contrib out u32:6
expect count at 0 6
expect contrib at 5 36
expect out at 0 91
expect out at 95 186
expect out at 96 91
expect out at 288 91
expect out at 300 103
expect out at 575 186
