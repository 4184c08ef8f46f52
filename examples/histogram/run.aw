# histogram: both entry points of histogram.ptx.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/histogram.ptx

# histogram256: 10007 bytes, grid 12 x block 96 (grid-stride loop; 96 does not divide
# the 256 bins). Integer atomics only, so the result is order independent.
alloc data u8 10007
alloc hist u32 256
fill data file ${DATA}/data.bin
# histogram256(.u64 data, .u32 n, .u64 hist)
launch histogram256 12 96 data u32:10007 hist
expect hist file ${DATA}/hist_expected.bin

# minmax_stats: 250 values, grid 4 x block 64 (6 idle threads).
# stats starts as {INT_MAX, INT_MIN, 0, -1, 0x12345678, 0}.
alloc vals s32 250
alloc stats s32 6
alloc order s32 250
fill vals file ${DATA}/vals.bin
fill stats file ${DATA}/stats_init.bin
# minmax_stats(.u64 vals, .u32 n, .u64 stats, .u64 order)
launch minmax_stats 4 64 vals u32:250 stats order
expect stats at 0 -2147483648
expect stats at 1 2147483647
expect stats at 2 250
# vals holds exactly one 0 (index 137), so the CAS from -1 has a single winner
expect stats at 3 137
# OR of 1 << (v & 31): residues 5, 12, 20, 27 never occur (0xf7efefdf)
expect stats at 5 -135270433
# Not checked, because a GPU does not define them: stats[4] (whichever atomicExch ran
# last: any one of vals) and the order of order[] (atomicAdd's return values).
# The same holds in timing mode, whose warps run in another order than the functional
# core's: tests/checks/timing.sh compares every other buffer byte for byte.
# order-dependent: stats order
# order[] must still be a permutation of 0..249: check its byte histogram with
# histogram256 itself (4 * 250 bytes: bins 1..249 once, bin 0 = 1 + 3 * 250 times).
print stats
alloc ohist u32 256
launch histogram256 2 128 order u32:1000 ohist
expect ohist file ${DATA}/order_hist_expected.bin
