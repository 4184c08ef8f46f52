# stmatrix_misaligned: lane 5 gives a row address 4 bytes into a row
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
