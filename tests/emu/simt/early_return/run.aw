# early_return: "@p ret" in some lanes, and an early return from inside an if whose
# reconvergence point is then the common return block (see kernel.ptx).
# (a) trace of one warp of 8 lanes against expected_trace.txt (by hand);
# (b) masks per lane: after the first return, inside the if, at J, at END (0: not reached).
load ${SCRIPT_DIR}/kernel.ptx
alloc masks u32 32
trace ${DATA}/trace.txt
launch early_return 1 8 masks
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect masks text ${SCRIPT_DIR}/expected_masks.txt
# a full warp: lanes 6-31 return at once, so the masks are the same
alloc masks32 u32 128
launch early_return 1 32 masks32
expect masks32 at 0 0x3f
expect masks32 at 5 0x22
expect masks32 at 6 0x22
expect masks32 at 9 0
expect masks32 at 10 0x15
expect masks32 at 14 0
expect masks32 at 15 0x3f
expect masks32 at 24 0
expect masks32 at 127 0
