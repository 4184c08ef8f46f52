# loop_tripcount: a loop whose trip count is the lane's own n (see kernel.ptx).
# (a) trace of one warp of 8 lanes, n = 0 1 2 3 0 1 2 3, against expected_trace.txt (by hand);
# (b) the active mask of every iteration, the sums 1+..+n and the mask after the loop;
# (c) block 48 (a full warp and a half warp) with random n in 0..8 against ref.c.
load ${SCRIPT_DIR}/kernel.ptx
alloc cnt u32 8
alloc masks u32 64
alloc res u32 8
alloc after u32 8
fill cnt text ${SCRIPT_DIR}/cnt8.txt
trace ${DATA}/trace.txt
launch loop_tripcount 1 8 cnt masks res after
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
# row t: the mask of iterations 0..7 (0 where lane t did not run that iteration)
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect res text ${SCRIPT_DIR}/expected_res.txt
expect after value 0xff
alloc cnt48 u32 48
alloc masks48 u32 384
alloc res48 u32 48
alloc after48 u32 48
fill cnt48 file ${DATA}/cnt48.bin
launch loop_tripcount 1 48 cnt48 masks48 res48 after48
expect masks48 file ${DATA}/masks48.bin
expect res48 file ${DATA}/res48.bin
expect after48 file ${DATA}/after48.bin
expect after48 at 0 0xffffffff
expect after48 at 47 0xffff
