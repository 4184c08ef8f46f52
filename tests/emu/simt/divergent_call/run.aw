# divergent_call: calls made by some lanes only: a branch around a call, a guarded
# "@%p call", and a function that executes "exit" in one lane (see kernel.ptx).
# (a) trace of one warp of 8 lanes against expected_trace.txt (by hand);
# (b) per lane: the mask probe saw in the first call, in the guarded call (0: not called),
#     the mask at JOIN after quit_if (lane 6 exited and stored nothing).
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 32
trace ${DATA}/trace.txt
launch divergent_call 1 8 out
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
expect out text ${SCRIPT_DIR}/expected_out.txt
# a full warp
alloc out32 u32 128
launch divergent_call 1 32 out32
expect out32 at 4 0xaaaaaaaa
expect out32 at 1 0x7
expect out32 at 2 0xffffffbf
expect out32 at 24 0
expect out32 at 26 0
expect out32 at 126 0xffffffbf
expect out32 at 124 0xaaaaaaaa
