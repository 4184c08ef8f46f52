# loop_break_nested: a break inside an if inside a loop (see kernel.ptx): with reconvergence
# at immediate post-dominators the even and odd lanes run their iterations separately.
# (a) trace of one warp of 8 lanes against expected_trace.txt (by hand);
# (b) per lane: the mask at SKIP in iterations 0-2 (0: the lane had broken), and at DONE.
load ${SCRIPT_DIR}/kernel.ptx
alloc kbrk u32 8
alloc masks u32 32
alloc after u32 8
fill kbrk text ${SCRIPT_DIR}/kbrk8.txt
trace ${DATA}/trace.txt
launch loop_break_nested 1 8 kbrk masks after
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect after value 0xff
