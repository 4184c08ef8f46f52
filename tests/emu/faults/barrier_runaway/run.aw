# barrier_runaway: block 160 = warps 0-4.  Warps 0-3 run pc 0-3 (mov, setp, @p bra not
# taken, bar.sync) and wait at bar.sync 0 (pc 3, line 41); warp 4 takes the branch to
# SPIN (pc 5) and loops on pc 5-6 for ever.  Each warp runs in turns of 512 instructions,
# so warps 0-3 spend 4 instructions each (16) before warp 4 starts: warp 4's instruction
# k is warp instruction 16 + k.  Instruction 1001 is warp 4's 985th: after its 3 first
# (pc 0-2), the odd-numbered ones of the loop are pc 5 (add) and the even ones pc 6:
# 985 - 3 = 982nd loop instruction, even: pc 6 (bra.uni, line 43).  The fault names
# warp 4, its lane 0, and the barrier warps 0-3 wait at.
load ${SCRIPT_DIR}/kernel.ptx
set limit 1000
launch barrier_runaway 1 160
