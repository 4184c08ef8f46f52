# gather: indirect gather a[b[i]]. 30 warps (grid 15 x block 64: one CTA of 2 warps per SM
# on caba-gtx480's 15 SMs) each read their own contiguous chunk of 4096 128-byte lines of
# the index array b (15 MiB of u32), one line per loop iteration (lane l of warp w reads
# idx = b[(w*4096 + it)*32 + l]), gather x = a[idx] from a (2^21 f32 = 8 MiB, eleven times
# the L2) and accumulate s = fma(x, x, s); one f32 per thread. b lists 64-byte rows of a
# (16 floats) in random order, so each half-warp gathers one random row per iteration.
# LATENCY-BOUND: two dependent misses per iteration (index line, then gathered lines), one
# in flight per warp, DRAM lightly used: a workload for a prefetcher of a[b[i]]. Bit-exact.
# class: latency (memory-latency-bound, low occupancy, low DRAM bandwidth utilization)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/gather.ptx
alloc b u32 3932160
alloc a f32 2097152
alloc out f32 960
fill b file ${DATA}/b.bin
fill a file ${DATA}/a.bin
# gather(.u64 b, .u64 a, .u64 out, .u32 lines)
launch gather 15 64 b a out u32:4096
expect out file ${DATA}/out_expected.bin
