# bra_uni: ".uni" branches whose predicate is uniform (see kernel.ptx).
# (a) trace of one warp of 8 lanes, flag = 1, n = 3, against expected_trace.txt (by hand):
#     the uniform branches never split the warp;
# (b) per lane: the mask when flag == 0 (slot 0), the AND of the masks of every loop
#     iteration (slot 1), the mask inside the t < 4 region (slot 2), and after it (slot 3).
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 32
trace ${DATA}/trace.txt
launch bra_uni 1 8 out u32:1 u32:3
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect out text ${SCRIPT_DIR}/expected_out.txt
# flag = 0: slot 0 is written by every lane; one loop iteration
alloc out0 u32 32
launch bra_uni 1 8 out0 u32:0 u32:1
expect out0 at 0 0xff
expect out0 at 28 0xff
expect out0 at 29 0xff
expect out0 at 2 0x0f
expect out0 at 30 0
