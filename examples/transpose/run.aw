# transpose: out (cols x rows) = in^T (rows x cols), rows = 100, cols = 70, through a
# padded 32x33 shared tile: grid (3, 4) of 32x8 blocks, partial tiles on both edges.
# Pure data movement: the input holds -0.0, +-inf, a denormal, a NaN with a payload
# and a signalling NaN, and every bit must come through unchanged.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/transpose.ptx
alloc in f32 7000
alloc out f32 7000
fill in file ${DATA}/in.bin
# transpose(.u64 out, .u64 in, .u32 rows, .u32 cols)
launch transpose 3,4 32,8 out in u32:100 u32:70
expect out file ${DATA}/out_expected.bin
