# alloca_limit: an alloca of 4 GiB - 1 bytes (the stack of a thread is at most 1 MiB here)
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
