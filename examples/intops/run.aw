# intops: integer/bit intrinsics, n = 2100, grid 9 x block 256 (204 idle threads).
# out: 16 u32 per thread, out64: 3 u64 per thread, all bit-exact. Inputs include
# 0, 1, 2, 0x7fffffff, 0x80000000, 0x00ff0000, 0xffffffff for a and b, and
# 0, +-1, INT_MIN, INT_MAX, 31, 32, 33, -32, 64 for si (shift amounts wrap at 32).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/intops.ptx
alloc a u32 2100
alloc b u32 2100
alloc si s32 2100
alloc out u32 33600
alloc out64 u64 6300
fill a file ${DATA}/a.bin
fill b file ${DATA}/b.bin
fill si file ${DATA}/si.bin
# intops(.u64 a, .u64 b, .u64 si, .u64 out, .u64 out64, .u32 n)
launch intops 9 256 a b si out out64 u32:2100
expect out file ${DATA}/out_expected.bin
expect out64 file ${DATA}/out64_expected.bin
