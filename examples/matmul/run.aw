# matmul: tiled C = A * B with 16x16 tiles, M = 70, N = 50, K = 45 (A is MxK, B is KxN,
# row-major): grid (4, 5) of 16x16 blocks; the last tile row/column and the last K tile
# are partial (zero-filled tile entries still go through the fma chain).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/matmul.ptx
alloc A f32 3150
alloc B f32 2250
alloc C f32 3500
fill A file ${DATA}/A.bin
fill B file ${DATA}/B.bin
# matmul(.u64 A, .u64 B, .u64 C, .u32 M, .u32 N, .u32 K)
launch matmul 4,5 16,16 A B C u32:70 u32:50 u32:45
expect C file ${DATA}/C_expected.bin
