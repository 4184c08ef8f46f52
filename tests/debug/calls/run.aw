# calls: examples/divergent (nvcc output) under the debugger, with inputs of its own so
# that it needs no data from ref.c: one warp of 32 threads, in[t] = 7 * t.
# Each thread calls _Z3gcdii(in[t] + 1, lane + 1), then the recursive _Z3fibi(lane & 7):
# fib(0..7) = 0 1 1 2 3 5 8 13.
load examples/divergent/divergent.ptx
alloc in s32 32
alloc out s32 32
alloc fout f32 32
fill in ramp 0 7
launch divergent 1 32 in out fout u32:32
print out 0 8
