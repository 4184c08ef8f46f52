# barrier_count: a thread count of 48 (pc 0, line 10): warp 0 faults, lane 0.
load ${SCRIPT_DIR}/kernel.ptx
launch barrier_count 1 64
