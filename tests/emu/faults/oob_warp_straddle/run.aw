# oob_warp_straddle: a whole warp's access, its lanes' addresses evenly apart, that starts
# inside a buffer and ends past it.  'in' is at 0x200000000 with 124 bytes; lane 31's 4-byte
# load at 0x20000007c is past its end, lanes 0-30 are inside.  pc 5, line 8 of
# oob_warp_straddle.cu.  (The buffers are allocated before the module is loaded: the first
# is at the first device address, 0x200000000.)
alloc in u32 31
alloc out u32 32
load ${SCRIPT_DIR}/kernel.ptx
# in the page the allocations are mapped in, as in oob_straddle: memcheck in stop mode faults
set memcheck stop
launch oob_warp_straddle 1 32 in out
