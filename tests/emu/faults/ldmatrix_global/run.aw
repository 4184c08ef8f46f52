# ldmatrix_global: ldmatrix through a generic address of global memory
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
