# simdops: CUDA's SIMD video intrinsics, __fns, the s16x2/s32 relu maxima and a variable-length
# alloca, from the sm_80 build (mostly 32-bit instruction sequences; vabsdiff4/2 with .add, fns)
# and the sm_90 build (add.u16x2, max.s16x2.relu, max.relu.s32, ...); both must give the same
# bits, equal to ref.c's (each intrinsic as the CUDA Math API documents it).  1000 threads in 4
# blocks of 256 (24 idle); the alloca kernel keeps a stack buffer of 1 to 7 words per thread.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/simdops.ptx
load ${SCRIPT_DIR}/simdops.sm_90.ptx
alloc x u32 1000
alloc y u32 1000
alloc out u32 10000
alloc win u32 1000
fill x file ${DATA}/x.bin
fill y file ${DATA}/y.bin
# simd(.u64 a, .u64 b, .u64 out, .u32 n)
launch simd_sm80 4 256 x y out u32:1000
expect out file ${DATA}/out_expected.bin
fill out const 0
launch simd_sm90 4 256 x y out u32:1000
expect out file ${DATA}/out_expected.bin
# window(.u64 a, .u64 out, .u32 n)
launch window_sm80 4 256 x win u32:1000
expect win file ${DATA}/win_expected.bin
fill win const 0
launch window_sm90 4 256 x win u32:1000
expect win file ${DATA}/win_expected.bin
