# wmma_addr_differs: a wmma.load whose lanes give different addresses
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
