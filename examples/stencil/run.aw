# stencil: one weighted-Jacobi 5-point step on a 100 x 70 grid (nx = 100, ny = 70),
# omega = 0.6875 (exactly representable), grid (7, 9) of 16x8 blocks (partial blocks on
# the right and bottom). Boundary cells are copied; interior cells are bit-exact:
# fma(1 - omega, c, ((((up + down) + left) + right) * 0.25) * omega).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/stencil.ptx
alloc in f32 7000
alloc out f32 7000
fill in file ${DATA}/in.bin
# jacobi5(.u64 in, .u64 out, .u32 nx, .u32 ny, .f32 omega)
launch jacobi5 7,9 16,8 in out u32:100 u32:70 f32:0.6875
expect out file ${DATA}/out_expected.bin
