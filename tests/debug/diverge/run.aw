# diverge: the kernel of diverge.ptx on one warp of 32 threads.
# out[t] = 100 + t (odd t < 16), 200 + t (odd t >= 16), 2 * t (even t);
# mask[t] = the active mask after reconvergence: 0xffffffff in every lane.
load tests/debug/diverge/diverge.ptx
alloc out u32 32
alloc mask u32 32
launch diverge 1 32 out mask
print out 0 4
print out 16 4
expect out at 0 0
expect out at 1 101
expect out at 15 115
expect out at 17 217
expect out at 30 60
expect out at 31 231
expect mask value 0xffffffff
