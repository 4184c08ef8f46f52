# oob_load: a global load past the end of a buffer.  'in' is the first allocation, at
# 0x200000000 (8 x u32 = 32 bytes); lane 4 loads in[8] at 0x200000020, pc 6 (the ld.global,
# line 5 of oob_load.cu).
# (The buffers are allocated before the module is loaded, which allocates device memory of
# its own, so that the first buffer is at the first device address, 0x200000000.)
alloc in u32 8
alloc out u32 8
load ${SCRIPT_DIR}/kernel.ptx
fill in ramp 0 1
# The address is in the page the allocations are mapped in, where a GPU reads and writes
# without a fault (so does awemu); memcheck in stop mode makes it a fault, naming the allocation.
set memcheck stop
launch oob_load 1 8 in out
