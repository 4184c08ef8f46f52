# saxpy: y = 2.5 * x + y (fma.rn.f32), n = 1000, 4 blocks of 256 (24 idle threads).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/saxpy.ptx
alloc x f32 1000
alloc y f32 1000
fill x file ${DATA}/x.bin
fill y file ${DATA}/y.bin
# saxpy(.u32 n, .f32 a, .u64 x, .u64 y)
launch saxpy 4 256 u32:1000 f32:2.5 x y
expect y file ${DATA}/y_expected.bin
