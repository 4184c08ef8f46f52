# barrier_deadlock_partial: block 64; lanes 0-3 of warp 0 exit at pc 2, lanes 4-31 reach
# "bar.sync 0" (pc 7, line 73), warp 1 "bar.sync 1" (pc 5).  The fault names warp 0 at
# pc 7 and its first lane still running, lane 4.
load ${SCRIPT_DIR}/kernel.ptx
launch barrier_deadlock_partial 1 64
