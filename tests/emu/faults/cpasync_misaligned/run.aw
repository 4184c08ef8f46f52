# cpasync_misaligned: a 16-byte cp.async from an address 8 bytes into the allocation
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 64
launch k 1 32 p
