# restart: two launches of tests/debug/diverge/diverge.ptx (out[t] = 2t for even t,
# 100 + t for odd t < 16, 200 + t for odd t >= 16), so that a restart is visible:
# the first launch's output comes again.
load tests/debug/diverge/diverge.ptx
alloc out u32 32
alloc mask u32 32
echo first launch
launch diverge 1 32 out mask
print out 1 1
fill out const 0
echo second launch
launch diverge 1 32 out mask
print out 17 1
