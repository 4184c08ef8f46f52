# misaligned: an 8-byte load at 0x200000004 ('in' is at 0x200000000) by lane 1; pc 5,
# line 21 of misaligned.cu.
# (The buffers are allocated before the module is loaded, which allocates device memory of
# its own, so that the first buffer is at the first device address, 0x200000000.)
alloc in u32 64
alloc out u64 8
load ${SCRIPT_DIR}/kernel.ptx
launch misaligned 1 8 in out
