# movmatrix_divergent: movmatrix executed by lanes 0-7 only
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
