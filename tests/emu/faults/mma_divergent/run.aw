# mma_divergent: an mma.sync executed by lanes 0-15 only (after a divergent branch)
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
