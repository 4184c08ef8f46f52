# fault_location: grid 2 x 2, block 64; the only out-of-bounds threads are in CTA (1,1,0),
# warp 1, from lane 5 on; lane 5 stores out[229] at 0x200000000 + 916 = 0x200000394;
# pc 10, line 7 of where.cu.
# (The buffers are allocated before the module is loaded, which allocates device memory of
# its own, so that the first buffer is at the first device address, 0x200000000.)
alloc out u32 229
load ${SCRIPT_DIR}/kernel.ptx
# The address is in the page the allocations are mapped in, where a GPU reads and writes
# without a fault (so does awemu); memcheck in stop mode makes it a fault, naming the allocation.
set memcheck stop
launch fault_location 2,2 64 out
