# barrier_count_deadlock: block 96 = warps 0-2; warps 0 and 1 wait at "bar.sync 1, 96"
# (pc 3, line 22), warp 2 exits.  The fault names the first waiting warp, 0; lane 0.
load ${SCRIPT_DIR}/kernel.ptx
launch barrier_count_deadlock 1 96
