# oob_straddle: an access that starts inside a buffer and ends past it.  'in' is at
# 0x200000000 with 28 bytes; lane 3's 8-byte load at 0x200000018 covers bytes 24-31.
# Lanes 0-2 are inside.  pc 5, line 8 of oob_straddle.cu.
# (The buffers are allocated before the module is loaded, which allocates device memory of
# its own, so that the first buffer is at the first device address, 0x200000000.)
alloc in u32 7
alloc out u32 64
load ${SCRIPT_DIR}/kernel.ptx
# The address is in the page the allocations are mapped in, where a GPU reads and writes
# without a fault (so does awemu); memcheck in stop mode makes it a fault, naming the allocation.
set memcheck stop
launch oob_straddle 1 8 in out
