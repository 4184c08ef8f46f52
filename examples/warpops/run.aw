# warpops: dp4a/dp2a dot products reduced by cooperative groups (redux.sync.add), and per-warp
# __reduce_*_sync (redux.sync) and __match_any/all_sync (match.sync.b32/b64) statistics.
# int8_dot: 197 rows of 77 packed int8x4 words, one warp per row: grid 25 x 256 (200 warps, the
# last 3 return at once).  warp_stats: 2048 values, 64 whole warps.  Every expect is exact.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/warpops.ptx
alloc a s32 15169
alloc x s32 77
alloc out s32 197
alloc out4 u32 788
fill a file ${DATA}/a.bin
fill x file ${DATA}/x.bin
# int8_dot(.u64 a, .u64 x, .u64 out, .u64 out4, .u32 rows, .u32 k4)
launch int8_dot 25 256 a x out out4 u32:197 u32:77
expect out file ${DATA}/out_expected.bin
expect out4 file ${DATA}/out4_expected.bin
alloc v s32 2048
alloc key u64 2048
alloc stats u32 512
alloc same u32 2048
alloc samekey u32 2048
fill v file ${DATA}/v.bin
fill key file ${DATA}/key.bin
# warp_stats(.u64 v, .u64 key, .u64 stats, .u64 same, .u64 samekey, .u32 n)
launch warp_stats 8 256 v key stats same samekey u32:2048
expect stats file ${DATA}/stats_expected.bin
expect same file ${DATA}/same_expected.bin
expect samekey file ${DATA}/samekey_expected.bin
