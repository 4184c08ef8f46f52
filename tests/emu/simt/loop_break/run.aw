# loop_break: for (i = 0; i < 4; i++) { if (i == stop[t]) break; ... } (see kernel.ptx).
# (a) trace of one warp of 8 lanes, stop = 2 0 9 1 3 2 9 1, against expected_trace.txt (by hand);
# (b) the active mask of every iteration, the sums and the mask after the loop;
# (c) two full warps with random stop values in 0..5 against ref.c.
load ${SCRIPT_DIR}/kernel.ptx
alloc stop u32 8
alloc masks u32 32
alloc res u32 8
alloc after u32 8
fill stop text ${SCRIPT_DIR}/stop8.txt
trace ${DATA}/trace.txt
launch loop_break 1 8 stop masks res after
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect res text ${SCRIPT_DIR}/expected_res.txt
expect after value 0xff
alloc stop64 u32 64
alloc masks64 u32 256
alloc res64 u32 64
alloc after64 u32 64
fill stop64 file ${DATA}/stop64.bin
launch loop_break 1 64 stop64 masks64 res64 after64
expect masks64 file ${DATA}/masks64.bin
expect res64 file ${DATA}/res64.bin
expect after64 file ${DATA}/after64.bin
