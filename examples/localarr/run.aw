# localarr: per-thread int buf[16] in .local memory with runtime indices (v4 stores and
# loads too). n = 3000, rounds = 5, grid 24 x block 128 (72 idle threads). Inputs are
# full-range 32-bit values: all sums and products wrap.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/localarr.ptx
alloc in s32 3000
alloc out s32 3000
fill in file ${DATA}/in.bin
# localarr(.u64 in, .u64 out, .u32 n, .u32 rounds)
launch localarr 24 128 in out u32:3000 u32:5
expect out file ${DATA}/out_expected.bin
