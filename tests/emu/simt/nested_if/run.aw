# nested_if: if/else nested two deep (see kernel.ptx for the C shape).
# (a) the step-by-step trace of one warp of 8 lanes against expected_trace.txt, derived by hand;
# (b) activemask stored at each point of each path, and the per-lane results;
# (c) two warps (block 40: warp 1 has lanes 0-7 only, all on the else/NOT6 path) against ref.c.
load ${SCRIPT_DIR}/kernel.ptx
alloc masks u32 32
alloc res u32 8
trace ${DATA}/trace.txt
launch nested_if 1 8 masks res
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
# one row per lane: entry, inner branch, inner join, outer join
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect res text ${SCRIPT_DIR}/expected_res.txt
alloc masks40 u32 160
alloc res40 u32 40
launch nested_if 1 40 masks40 res40
expect masks40 file ${DATA}/masks40.bin
expect res40 file ${DATA}/res40.bin
# spot checks, by hand: warp 1 (tid 32-39) runs the else/NOT6 path with all its 8 lanes
expect masks40 at 132 0xff
expect masks40 at 133 0xff
expect masks40 at 21 0xffffffa0
expect masks40 at 25 0x40
