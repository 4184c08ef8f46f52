# gbar: a software global barrier across 4 CTAs of 64 threads (2 warps each; kernel.ptx) with
# 'set resident-ctas 4': all four resident, taking turns, so each CTA's spinning thread 0 sees
# the others arrive.  Expected, by hand: contrib = 1, 4, 9, 16 (c+1 squared), their sum 30;
# out[c * 64 + t] = 30 + t; count = 4.  One CTA after another (the default), CTA 0 spins until
# the instruction limit stops it (tests/checks/resident.sh).
load ${SCRIPT_DIR}/kernel.ptx
set resident-ctas 4
alloc count u32 1
alloc contrib u32 4
alloc out u32 256
launch gbar 4 64 count contrib out u32:4
expect count at 0 4
expect contrib at 0 1
expect contrib at 1 4
expect contrib at 2 9
expect contrib at 3 16
expect out at 0 30
expect out at 1 31
expect out at 63 93
expect out at 64 30
expect out at 127 93
expect out at 191 93
expect out at 192 30
expect out at 255 93
