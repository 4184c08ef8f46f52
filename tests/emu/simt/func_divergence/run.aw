# func_divergence: if/else and an early return inside a called .func (see kernel.ptx).
# (a) trace of one warp of 8 lanes against expected_trace.txt (by hand);
# (b) masks per lane: at the function's entry, in its if/else, at its join, after the call;
#     and the value each lane got back through the return parameter (-1 for lane 5).
load ${SCRIPT_DIR}/kernel.ptx
alloc masks u32 32
alloc res u32 8
trace ${DATA}/trace.txt
launch func_divergence 1 8 masks res
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect res text ${SCRIPT_DIR}/expected_res.txt
# a full warp: lanes 3-31 but 5 take the x >= 3 side
alloc masks32 u32 128
alloc res32 u32 32
launch func_divergence 1 32 masks32 res32
expect masks32 at 0 0xffffffff
expect masks32 at 1 0x7
expect masks32 at 2 0xffffffdf
expect masks32 at 13 0xffffffd8
expect masks32 at 21 0
expect masks32 at 23 0xffffffff
expect masks32 at 125 0xffffffd8
expect res32 at 31 131
expect res32 at 5 0xffffffff
