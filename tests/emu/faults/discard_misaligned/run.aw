# discard_misaligned: discard.global.L2 64 bytes into an allocation
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
