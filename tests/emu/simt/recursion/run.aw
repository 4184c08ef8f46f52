# recursion: rsum(n) = n + rsum(n - 1), n = t & 3, each depth storing its active mask
# (see kernel.ptx).
# (a) trace of one warp of 8 lanes against expected_trace.txt (by hand);
# (b) per lane: the mask at depths 0-3 (0 below the lane's own depth), and rsum(t & 3).
load ${SCRIPT_DIR}/kernel.ptx
alloc masks u32 32
alloc res u32 8
trace ${DATA}/trace.txt
launch recursion 1 8 masks res
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect masks text ${SCRIPT_DIR}/expected_masks.txt
expect res text ${SCRIPT_DIR}/expected_res.txt
# two full warps: the same pattern repeated every 4 lanes
alloc masks64 u32 256
alloc res64 u32 64
launch recursion 1 64 masks64 res64
expect masks64 at 0 0xffffffff
expect masks64 at 5 0xeeeeeeee
expect masks64 at 10 0xcccccccc
expect masks64 at 255 0x88888888
expect masks64 at 254 0xcccccccc
expect masks64 at 252 0xffffffff
expect res64 at 63 6
expect res64 at 62 3
