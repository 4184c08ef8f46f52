# exit_lanes: lanes that exit while the others go on (see kernel.ptx).
# (a) traces of one warp of 8 lanes against expected_trace_if.txt / expected_trace_loop.txt
#     (by hand); (b) the masks each lane stored (0: the lane had exited).
load ${SCRIPT_DIR}/kernel.ptx
alloc masks u32 16
trace ${DATA}/trace_if.txt
launch exit_if 1 8 masks
trace off
compare ${DATA}/trace_if.txt ${SCRIPT_DIR}/expected_trace_if.txt
expect masks text ${SCRIPT_DIR}/expected_masks_if.txt
alloc kexit u32 8
alloc lmasks u32 40
fill kexit text ${SCRIPT_DIR}/kexit8.txt
trace ${DATA}/trace_loop.txt
launch exit_loop 1 8 kexit lmasks
trace off
compare ${DATA}/trace_loop.txt ${SCRIPT_DIR}/expected_trace_loop.txt
expect lmasks text ${SCRIPT_DIR}/expected_masks_loop.txt
