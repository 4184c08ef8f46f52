# cpasync_srcsize_reg: lane l copies 16 bytes with a source size of 10 + l (a register): lane 7 is the first whose size is too large
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 64
launch k 1 32 p
