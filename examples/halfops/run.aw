# halfops: __half2 and __nv_bfloat16 arithmetic as cuda_fp16.h / cuda_bf16.h compile it
# (cvt.rn.f16x2.f32, mov.b32 {low,low}, fma/add/mul.f16x2, cvt.rn.bf16.f32, fma.rn.bf16,
# mov.b32 %f, {0,%rs}).  Every expect is exact (bit for bit).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/halfops.ptx
alloc xf f32 2000
alloc yin u32 1000
alloc y u32 1000
fill xf file ${DATA}/xf.bin
fill yin file ${DATA}/yin.bin
# axpy_half2(.u64 xf, .u64 yin, .u64 y, .f32 a, .u32 n)
launch axpy_half2 4 256 xf yin y f32:2.375 u32:1000
expect y file ${DATA}/y_expected.bin
alloc a u16 5600
alloc b u16 5600
alloc out u16 700
alloc outf f32 700
fill a file ${DATA}/a.bin
fill b file ${DATA}/b.bin
# bf16_dot(.u64 a, .u64 b, .u64 out, .u64 outf, .u32 n)
launch bf16_dot 3 256 a b out outf u32:700
expect out file ${DATA}/out_expected.bin
expect outf file ${DATA}/outf_expected.bin
