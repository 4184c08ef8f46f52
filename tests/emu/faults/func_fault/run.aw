# func_fault: the fault is in helper (pc 5, its ld.global; line 21 of ff.cu), called by the
# odd lanes of the kernel; lane 5 loads in[10] at 0x200000028 ('in' at 0x200000000).
# (The buffers are allocated before the module is loaded, which allocates device memory of
# its own, so that the first buffer is at the first device address, 0x200000000.)
alloc in u32 8
alloc out u32 8
load ${SCRIPT_DIR}/kernel.ptx
# The address is in the page the allocations are mapped in, where a GPU reads and writes
# without a fault (so does awemu); memcheck in stop mode makes it a fault, naming the allocation.
set memcheck stop
launch func_fault 1 8 in out
