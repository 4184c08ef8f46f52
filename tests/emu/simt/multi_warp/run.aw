# multi_warp: two CTAs of two warps (32 + 8 lanes) (see kernel.ptx).
# (a) the trace of all four warps against expected_trace.txt (by hand);
# (b) the masks: out[g*2+0] (tid < 36) and out[g*2+1] (CTA 1 only), g = 40 * ctaid + tid.
# schedule-dependent: (a) is the functional driver's order of the four warps (a CTA at a time,
# warps taking turns); timing mode interleaves them as its schedulers issue.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 160
trace ${DATA}/trace.txt
launch multi_warp 2 40 out
trace off
compare ${DATA}/trace.txt ${SCRIPT_DIR}/expected_trace.txt
# CTA 0: g 0-39
expect out at 0 0xffffffff
expect out at 62 0xffffffff
expect out at 1 0
expect out at 64 0x0f
expect out at 70 0x0f
expect out at 72 0
expect out at 78 0
expect out at 79 0
# CTA 1: g 40-79
expect out at 80 0xffffffff
expect out at 81 0xffffffff
expect out at 143 0xffffffff
expect out at 144 0x0f
expect out at 145 0xff
expect out at 152 0
expect out at 159 0xff
