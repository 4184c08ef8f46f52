# cubblock: cub::BlockReduce, cub::BlockScan and cub::WarpReduce as nvcc compiles them for sm_80
# (redux.sync.add for the warp sums) and for sm_75 (shuffles); 12 blocks of 256 threads, each
# build launched once, every output exact (ref.c: the collectives' definitions).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/cubblock.ptx
load ${SCRIPT_DIR}/cubblock.sm_75.ptx
alloc in s32 3072
alloc sums s32 12
alloc maxs s32 12
alloc excl s32 3072
alloc incl s32 3072
alloc aggr s32 12
alloc wsum s32 96
fill in file ${DATA}/in.bin
# block_stats(.u64 in, sums, maxs, excl, incl, aggr, wsum)
launch block_stats_sm80 12 256 in sums maxs excl incl aggr wsum
expect sums file ${DATA}/sums_expected.bin
expect maxs file ${DATA}/maxs_expected.bin
expect excl file ${DATA}/excl_expected.bin
expect incl file ${DATA}/incl_expected.bin
expect aggr file ${DATA}/aggr_expected.bin
expect wsum file ${DATA}/wsum_expected.bin
fill sums const 0
fill maxs const 0
fill excl const 0
fill incl const 0
fill aggr const 0
fill wsum const 0
launch block_stats_sm75 12 256 in sums maxs excl incl aggr wsum
expect sums file ${DATA}/sums_expected.bin
expect maxs file ${DATA}/maxs_expected.bin
expect excl file ${DATA}/excl_expected.bin
expect incl file ${DATA}/incl_expected.bin
expect aggr file ${DATA}/aggr_expected.bin
expect wsum file ${DATA}/wsum_expected.bin
