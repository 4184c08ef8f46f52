# wmma_stride_small: a wmma.load with a stride of 8 elements
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
