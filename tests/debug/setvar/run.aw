# setvar: tests/debug/memory/mem.ptx with k = ${K} (K=3 on the command line), under
# set var.  Unchanged, out[t] = sbuf[(t + 1) % 8] + tbl[t % 4] with sbuf[t] = 3t
# (see tests/debug/memory/run.aw); the commands change it lane by lane.
load tests/debug/memory/mem.ptx
alloc out u32 8
echo k = ${K}
launch mem 1 8 out u32:${K} f32:0.5
print out
