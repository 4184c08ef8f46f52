# cuda_line: the fault names the CUDA source line from .loc (k.cu:12), not a PTX line.
# 'in' is at 0x200000000 (8 x u32); lane 2 reads in[8] at 0x200000020; pc 6.
# (The buffers are allocated before the module is loaded, which allocates device memory of
# its own, so that the first buffer is at the first device address, 0x200000000.)
alloc in u32 8
alloc out u32 8
load ${SCRIPT_DIR}/kernel.ptx
# The address is in the page the allocations are mapped in, where a GPU reads and writes
# without a fault (so does awemu); memcheck in stop mode makes it a fault, naming the allocation.
set memcheck stop
launch cuda_line 1 8 in out
