# mbarrier_deadlock: a barrier expecting 64 arrivals in a CTA of 32 threads: every warp spins
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 64
launch k 1 32 p
