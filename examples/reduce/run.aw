# reduce: per-block shared-memory tree sum, n = 50000, 98 blocks of 256 threads
# (each block sums 512 inputs; the last block has 336 + 80 of them). Bit-exact: the
# reference follows the PTX's add order (in[i] + in[i+256], then the s = 128..1 tree).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/reduce.ptx
alloc in f32 50000
alloc partial f32 98
fill in file ${DATA}/in.bin
# reduce_sum(.u64 in, .u64 partial, .u32 n)
launch reduce_sum 98 256 in partial u32:50000
expect partial file ${DATA}/partial_expected.bin
