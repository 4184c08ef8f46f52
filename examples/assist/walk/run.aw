# walk: 30 warps (grid 15 x block 64: one CTA of 2 warps per SM on caba-gtx480's 15 SMs)
# each walk their own contiguous chunk of 8192 128-byte lines (1 MiB) of a (30 MiB of u32, forty
# times the L2), one line per loop iteration (lane l of warp w reads a[(w*8192 + it)*32 + l]),
# folding each value into an FNV-style hash (4 dependent integer instructions), and write
# one u32 per thread. LATENCY-BOUND: one load in flight per warp, every line a DRAM miss,
# DRAM mostly idle: a workload for a stride prefetcher. Bit-exact.
# class: latency (memory-latency-bound, low occupancy, low DRAM bandwidth utilization)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/walk.ptx
alloc a u32 7864320
alloc out u32 960
fill a file ${DATA}/a.bin
# walk(.u64 a, .u64 out, .u32 lines)
launch walk 15 64 a out u32:8192
expect out file ${DATA}/out_expected.bin
