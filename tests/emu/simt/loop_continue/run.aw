# loop_continue: for (i = 0; i < 3; i++) { if ((i + t) % 3 == 0) continue; ... } (kernel.ptx).
# (a) trace of one warp of 8 lanes against expected_trace.txt (by hand);
# (b) per lane: the body's mask in iterations 0-2 (slots 0-2, 0 where the lane continued),
#     the latch's mask (slots 4-6: every lane), and the sum of the i it did not skip;
# (c) two full warps against ref.c.
load ${SCRIPT_DIR}/kernel.ptx
alloc masks u32 64
alloc res u32 8
trace ${DATA}/trace.txt
launch loop_continue 1 8 masks res
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect res text ${SCRIPT_DIR}/expected_res.txt
alloc masks64 u32 512
alloc res64 u32 64
launch loop_continue 1 64 masks64 res64
expect masks64 file ${DATA}/masks64.bin
expect res64 file ${DATA}/res64.bin
