# oob_store: a global store past the end of a buffer.  'first' takes 0x200000000 (32 bytes,
# then the rounding to 256 and a 256-byte gap), so 'out' is at 0x200000200; lane 4 stores
# out[8] at 0x200000220, pc 5 (line 4 of oob_store.cu).
# (The buffers are allocated before the module is loaded, which allocates device memory of
# its own, so that the first buffer is at the first device address, 0x200000000.)
alloc first u32 8
alloc out u32 8
load ${SCRIPT_DIR}/kernel.ptx
# The address is in the page the allocations are mapped in, where a GPU reads and writes
# without a fault (so does awemu); memcheck in stop mode makes it a fault, naming the allocation.
set memcheck stop
launch oob_store 1 8 out
