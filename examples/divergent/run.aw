# divergent: lane-dependent nested loops, early returns, calls to .func mix/gcd/fib
# (fib recursive, depth up to 7). n = 2000, grid 16 x block 128 (48 idle threads).
# Inputs: 10% negative (out = -1, fout left at 0.0), 10% in 1000..6000 (the acc > 1000 and
# acc > 5000 exits), the rest 0..300. fout is bit-exact: mix = fma(facc, 0.5, (float)(i*acc)).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/divergent.ptx
alloc in s32 2000
alloc out s32 2000
alloc fout f32 2000
fill in file ${DATA}/in.bin
# divergent(.u64 in, .u64 out, .u64 fout, .u32 n)
launch divergent 16 128 in out fout u32:2000
expect out file ${DATA}/out_expected.bin
expect fout file ${DATA}/fout_expected.bin
