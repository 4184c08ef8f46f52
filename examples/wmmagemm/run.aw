# wmmagemm: tensor-core GEMMs through the CUDA wmma API (wmma.load/mma/store m16n16k16), .f16 and
# .bf16 inputs, .f32 and .f16 accumulators.  Every expect is exact: ref.c accumulates as awemu
# defines the tensor-core arithmetic (isa/ISA.md, "Tensor-core instructions").
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/wmmagemm.ptx
alloc a1 u16 3840
alloc bt1 u16 5120
alloc c1 f32 3072
fill a1 file ${DATA}/a1.bin
fill bt1 file ${DATA}/bt1.bin
# wmma_f16_f32(A, Bt, C, M, N, K): M 48, N 64, K 80; 2 warps a block side by side in n
launch wmma_f16_f32 2,3 64 a1 bt1 c1 u32:48 u32:64 u32:80
expect c1 file ${DATA}/c1_expected.bin
alloc at2 u16 2048
alloc b2 u16 3072
alloc ct2 f32 1536
fill at2 file ${DATA}/at2.bin
fill b2 file ${DATA}/b2.bin
fill ct2 file ${DATA}/ct2.bin
# wmma_bf16(At, B, Ct, M, N, K): M 32, N 48, K 64
launch wmma_bf16 3,2 32 at2 b2 ct2 u32:32 u32:48 u32:64
expect ct2 file ${DATA}/ct2_expected.bin
alloc a3 u16 3072
alloc b3 u16 3072
alloc c3 u16 1024
fill a3 file ${DATA}/a3.bin
fill b3 file ${DATA}/b3.bin
# wmma_f16_f16(A, B, C, M, N, K): M 32, N 32, K 96
launch wmma_f16_f16 2,2 32 a3 b3 c3 u32:32 u32:32 u32:96
expect c3 file ${DATA}/c3_expected.bin
