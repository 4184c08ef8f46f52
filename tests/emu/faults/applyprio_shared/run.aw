# applyprio_shared: applypriority through a generic address of shared memory
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
