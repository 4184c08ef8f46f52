# mandel: escape-time Mandelbrot iteration counts (CUDA SDK Mandelbrot, plain), a 384 x 256
# image of [-2, 1) x [-1, 1) (x0 = -2, y0 = -1, dx = dy = 2^-7), at most 128 iterations:
# grid (12,32) x block (32,8). COMPUTE-BOUND: up to 128 iterations of 11 instructions per
# pixel and nothing to read; 384 KiB of counts written. Bit-exact (the reference follows
# the PTX's roundings).
# class: compute (ALU-bound, DRAM nearly idle)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/mandel.ptx
alloc iters s32 98304
# mandel(.u64 iters, .u32 width, .u32 height, .f32 x0, .f32 y0, .f32 dx, .f32 dy, .u32 max_iter)
launch mandel 12,32 32,8 iters u32:384 u32:256 f32:-2 f32:-1 f32:0x1p-7 f32:0x1p-7 u32:128
expect iters file ${DATA}/iters_expected.bin
