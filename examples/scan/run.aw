# scan: per-block inclusive scan (shfl.sync.up + shared warp totals) and per-warp votes.
# n = 980, 4 blocks of 256 (8 warps each); block 3 has a partial warp (960..991) and a
# warp wholly past n (992..1023, reads 0). stats holds 3 words per warp (4*8 warps):
# popc(ballot(v > 0)), all(v == 0), any(v < 0). block_sums[b] = the block's last s.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/scan.ptx
alloc in s32 980
alloc out s32 980
alloc block_sums s32 4
alloc stats u32 96
fill in file ${DATA}/in.bin
# block_scan(.u64 in, .u64 out, .u64 block_sums, .u64 stats, .u32 n)
launch block_scan 4 256 in out block_sums stats u32:980
expect out file ${DATA}/out_expected.bin
expect block_sums file ${DATA}/block_sums_expected.bin
expect stats file ${DATA}/stats_expected.bin
