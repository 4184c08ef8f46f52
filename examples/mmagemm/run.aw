# mmagemm: CUTLASS-style tensor-core GEMMs in inline PTX: ldmatrix (.x1/.x2/.x4, .trans) into
# mma.sync m16n8k16 (.f16 -> .f32, .f16 -> .f16), m16n8k8 (.bf16) and m8n8k4 (.row.col .f32,
# .col.row .f16) fragments.  Every expect is exact: ref.c accumulates as awemu defines the
# tensor-core arithmetic (isa/ISA.md, "Tensor-core instructions").
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/mmagemm.ptx
# mma_f16_ldm(A, B, C, M, N, K): M 32, N 48, K 64; a warp a 16 x 16 tile
alloc a1 u16 2048
alloc b1 u16 3072
alloc c1 f32 1536
fill a1 file ${DATA}/a1.bin
fill b1 file ${DATA}/b1.bin
launch mma_f16_ldm 3,2 32 a1 b1 c1 u32:32 u32:48 u32:64
expect c1 file ${DATA}/c1_expected.bin
# mma_bf16_k8: M 32, N 24, K 40; a warp a 16 x 8 tile
alloc a2 u16 1280
alloc b2 u16 960
alloc c2 f32 768
fill a2 file ${DATA}/a2.bin
fill b2 file ${DATA}/b2.bin
launch mma_bf16_k8 3,2 32 a2 b2 c2 u32:32 u32:24 u32:40
expect c2 file ${DATA}/c2_expected.bin
# mma_f16_acc16: M 32, N 24, K 64; a warp a 16 x 8 tile
alloc a3 u16 2048
alloc b3 u16 1536
alloc c3 u16 768
fill a3 file ${DATA}/a3.bin
fill b3 file ${DATA}/b3.bin
launch mma_f16_acc16 3,2 32 a3 b3 c3 u32:32 u32:24 u32:64
expect c3 file ${DATA}/c3_expected.bin
# mma_m884_f32 and mma_m884_f16: M 32, N 32, K 36; a warp a 16 x 16 tile (four 8 x 8)
alloc a4 u16 1152
alloc b4 u16 1152
alloc c4 f32 1024
fill a4 file ${DATA}/a4.bin
fill b4 file ${DATA}/b4.bin
launch mma_m884_f32 2,2 32 a4 b4 c4 u32:32 u32:32 u32:36
expect c4 file ${DATA}/c4_expected.bin
alloc a5 u16 1152
alloc b5 u16 1152
alloc c5 u16 1024
fill a5 file ${DATA}/a5.bin
fill b5 file ${DATA}/b5.bin
launch mma_m884_f16 2,2 32 a5 b5 c5 u32:32 u32:32 u32:36
expect c5 file ${DATA}/c5_expected.bin
