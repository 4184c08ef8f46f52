# while_continue: a top-tested loop with break and a continue back to the top (see
# kernel.ptx); the continue's reconvergence point (HEAD) precedes it.
# (a) trace of one warp of 8 lanes, n = 0 1 2 3 3 2 1 0, against expected_trace.txt (by hand);
# (b) per lane: the body's mask in iterations i = 1..4 (0: not run), the number of body
#     runs, and the mask after the loop.
load ${SCRIPT_DIR}/kernel.ptx
alloc n u32 8
alloc masks u32 32
alloc res u32 8
alloc after u32 8
fill n text ${SCRIPT_DIR}/n8.txt
trace ${DATA}/trace.txt
launch while_continue 1 8 n masks res after
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect res text ${SCRIPT_DIR}/expected_res.txt
expect after value 0xff
