# cta_deadlock: a barrier deadlock inside one CTA is reported as such, naming that CTA, while
# 4 CTAs are resident.  kernel.ptx: in CTA 2, warp 0 reaches "bar.sync 0" (pc 7, line 7) and
# warp 1 "bar.sync 1" (pc 9, line 9); in round 1 CTAs 0 and 1 meet at their barrier, then
# CTA 2's warps wait at different barriers.  The fault names the first waiting warp, 0, at its
# barrier instruction, lane 0 (no lane is singled out).
load ${SCRIPT_DIR}/kernel.ptx
set resident-ctas 4
alloc out u32 256
launch cta_deadlock 4 64 out
