# barrier_deadlock: block 64 = warps 0 and 1; warp 0 reaches "bar.sync 0" (pc 5, line 73)
# and warp 1 "bar.sync 1" (pc 3, line 71).  The fault names the first waiting warp, 0, at
# its barrier instruction; no lane is singled out, so lane 0.
load ${SCRIPT_DIR}/kernel.ptx
launch barrier_deadlock 1 64
