# Per-instruction semantics tests: the tensor-core instructions (tests/emu/insn/tensor).
# Every expected value: ref.c, from the PTX ISA's fragment layouts (mma, ldmatrix), awemu's
# documented wmma layout and the accumulation isa/ISA.md defines (C, then each product in order
# of k, each sum rounded to f32 at nearest even).  Inputs carry an infinity, a NaN, -0 and
# subnormals; the .f16 wmma fragments' second halves differ from their first (not read).
# Each variant: fill its input, launch one warp, expect its output buffer bit for bit.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/kernel.ptx
# mma_m16n8k16_f32_f16: lane l's 10 input registers (A, B, C) at in[10 l], its 4 of D to out[4 l]
alloc i1 u32 320
fill i1 file ${DATA}/mma_m16n8k16_f32_f16_a.bin
alloc o1 u32 128
fill o1 const 0
launch mma_m16n8k16_f32_f16 1 32 i1 i1 i1 o1 u32:0
expect o1 file ${DATA}/mma_m16n8k16_f32_f16.bin
# mma_m16n8k16_f16_f16: lane l's 8 input registers (A, B, C) at in[8 l], its 2 of D to out[2 l]
alloc i2 u32 256
fill i2 file ${DATA}/mma_m16n8k16_f16_f16_a.bin
alloc o2 u32 64
fill o2 const 0
launch mma_m16n8k16_f16_f16 1 32 i2 i2 i2 o2 u32:0
expect o2 file ${DATA}/mma_m16n8k16_f16_f16.bin
# mma_m16n8k16_f32_bf16: lane l's 10 input registers (A, B, C) at in[10 l], its 4 of D to out[4 l]
alloc i3 u32 320
fill i3 file ${DATA}/mma_m16n8k16_f32_bf16_a.bin
alloc o3 u32 128
fill o3 const 0
launch mma_m16n8k16_f32_bf16 1 32 i3 i3 i3 o3 u32:0
expect o3 file ${DATA}/mma_m16n8k16_f32_bf16.bin
# mma_m16n8k8_f32_f16: lane l's 7 input registers (A, B, C) at in[7 l], its 4 of D to out[4 l]
alloc i4 u32 224
fill i4 file ${DATA}/mma_m16n8k8_f32_f16_a.bin
alloc o4 u32 128
fill o4 const 0
launch mma_m16n8k8_f32_f16 1 32 i4 i4 i4 o4 u32:0
expect o4 file ${DATA}/mma_m16n8k8_f32_f16.bin
# mma_m16n8k8_f16_f16: lane l's 5 input registers (A, B, C) at in[5 l], its 2 of D to out[2 l]
alloc i5 u32 160
fill i5 file ${DATA}/mma_m16n8k8_f16_f16_a.bin
alloc o5 u32 64
fill o5 const 0
launch mma_m16n8k8_f16_f16 1 32 i5 i5 i5 o5 u32:0
expect o5 file ${DATA}/mma_m16n8k8_f16_f16.bin
# mma_m16n8k8_f32_bf16: lane l's 7 input registers (A, B, C) at in[7 l], its 4 of D to out[4 l]
alloc i6 u32 224
fill i6 file ${DATA}/mma_m16n8k8_f32_bf16_a.bin
alloc o6 u32 128
fill o6 const 0
launch mma_m16n8k8_f32_bf16 1 32 i6 i6 i6 o6 u32:0
expect o6 file ${DATA}/mma_m16n8k8_f32_bf16.bin
# mma_m884_rr_f32: lane l's 12 input registers (A, B, C) at in[12 l], its 8 of D to out[8 l]
alloc i7 u32 384
fill i7 file ${DATA}/mma_m884_rr_f32_a.bin
alloc o7 u32 256
fill o7 const 0
launch mma_m884_rr_f32 1 32 i7 i7 i7 o7 u32:0
expect o7 file ${DATA}/mma_m884_rr_f32.bin
# mma_m884_rc_f32_f16c: lane l's 8 input registers (A, B, C) at in[8 l], its 8 of D to out[8 l]
alloc i8 u32 256
fill i8 file ${DATA}/mma_m884_rc_f32_f16c_a.bin
alloc o8 u32 256
fill o8 const 0
launch mma_m884_rc_f32_f16c 1 32 i8 i8 i8 o8 u32:0
expect o8 file ${DATA}/mma_m884_rc_f32_f16c.bin
# mma_m884_cr_f16: lane l's 8 input registers (A, B, C) at in[8 l], its 4 of D to out[4 l]
alloc i9 u32 256
fill i9 file ${DATA}/mma_m884_cr_f16_a.bin
alloc o9 u32 128
fill o9 const 0
launch mma_m884_cr_f16 1 32 i9 i9 i9 o9 u32:0
expect o9 file ${DATA}/mma_m884_cr_f16.bin
# mma_m884_cc_f32: lane l's 12 input registers (A, B, C) at in[12 l], its 8 of D to out[8 l]
alloc i10 u32 384
fill i10 file ${DATA}/mma_m884_cc_f32_a.bin
alloc o10 u32 256
fill o10 const 0
launch mma_m884_cc_f32 1 32 i10 i10 i10 o10 u32:0
expect o10 file ${DATA}/mma_m884_cc_f32.bin
# wmma_f32_f32: lane l's 24 input registers (A, B, C) at in[24 l], its 8 of D to out[8 l]
alloc i11 u32 768
fill i11 file ${DATA}/wmma_f32_f32_a.bin
alloc o11 u32 256
fill o11 const 0
launch wmma_f32_f32 1 32 i11 i11 i11 o11 u32:0
expect o11 file ${DATA}/wmma_f32_f32.bin
# wmma_f16_f32: lane l's 24 input registers (A, B, C) at in[24 l], its 4 of D to out[4 l]
alloc i12 u32 768
fill i12 file ${DATA}/wmma_f16_f32_a.bin
alloc o12 u32 128
fill o12 const 0
launch wmma_f16_f32 1 32 i12 i12 i12 o12 u32:0
expect o12 file ${DATA}/wmma_f16_f32.bin
# wmma_f32_f16: lane l's 20 input registers (A, B, C) at in[20 l], its 8 of D to out[8 l]
alloc i13 u32 640
fill i13 file ${DATA}/wmma_f32_f16_a.bin
alloc o13 u32 256
fill o13 const 0
launch wmma_f32_f16 1 32 i13 i13 i13 o13 u32:0
expect o13 file ${DATA}/wmma_f32_f16.bin
# wmma_bf16: lane l's 16 input registers (A, B, C) at in[16 l], its 8 of D to out[8 l]
alloc i14 u32 512
fill i14 file ${DATA}/wmma_bf16_a.bin
alloc o14 u32 256
fill o14 const 0
launch wmma_bf16 1 32 i14 i14 i14 o14 u32:0
expect o14 file ${DATA}/wmma_bf16.bin
# wld_a_row_f16_s24: wmma.load of the matrix at in; lane l's registers to out[8 l]
alloc i15 u32 200
fill i15 file ${DATA}/wld_a_row_f16_s24_a.bin
alloc o15 u32 256
fill o15 const 0
launch wld_a_row_f16_s24 1 32 i15 i15 i15 o15 u32:0
expect o15 file ${DATA}/wld_a_row_f16_s24.bin
# wld_b_col_f16_s16: wmma.load of the matrix at in; lane l's registers to out[8 l]
alloc i16 u32 136
fill i16 file ${DATA}/wld_b_col_f16_s16_a.bin
alloc o16 u32 256
fill o16 const 0
launch wld_b_col_f16_s16 1 32 i16 i16 i16 o16 u32:0
expect o16 file ${DATA}/wld_b_col_f16_s16.bin
# wld_a_col_bf16_s32: wmma.load of the matrix at in; lane l's registers to out[8 l]
alloc i17 u32 264
fill i17 file ${DATA}/wld_a_col_bf16_s32_a.bin
alloc o17 u32 256
fill o17 const 0
launch wld_a_col_bf16_s32 1 32 i17 i17 i17 o17 u32:0
expect o17 file ${DATA}/wld_a_col_bf16_s32.bin
# wld_b_row_bf16_s24: wmma.load of the matrix at in; lane l's registers to out[8 l]
alloc i18 u32 200
fill i18 file ${DATA}/wld_b_row_bf16_s24_a.bin
alloc o18 u32 256
fill o18 const 0
launch wld_b_row_bf16_s24 1 32 i18 i18 i18 o18 u32:0
expect o18 file ${DATA}/wld_b_row_bf16_s24.bin
# wld_c_col_f32_s24: wmma.load of the matrix at in; lane l's registers to out[8 l]
alloc i19 u32 392
fill i19 file ${DATA}/wld_c_col_f32_s24_a.bin
alloc o19 u32 256
fill o19 const 0
launch wld_c_col_f32_s24 1 32 i19 i19 i19 o19 u32:0
expect o19 file ${DATA}/wld_c_col_f32_s24.bin
# wld_c_row_f16_s16: wmma.load of the matrix at in; lane l's registers to out[8 l]
alloc i20 u32 136
fill i20 file ${DATA}/wld_c_row_f16_s16_a.bin
alloc o20 u32 256
fill o20 const 0
launch wld_c_row_f16_s16 1 32 i20 i20 i20 o20 u32:0
expect o20 file ${DATA}/wld_c_row_f16_s16.bin
# wst_d_row_f32_s24: lane l's registers from in[8 l], wmma.store to out (the stride's gaps keep 0xa5a5a5a5)
alloc i21 u32 256
fill i21 file ${DATA}/wst_d_row_f32_s24_a.bin
alloc o21 u32 400
fill o21 const 0xa5a5a5a5
launch wst_d_row_f32_s24 1 32 i21 i21 i21 o21 u32:0
expect o21 file ${DATA}/wst_d_row_f32_s24.bin
# wst_d_col_f16_s32: lane l's registers from in[8 l], wmma.store to out (the stride's gaps keep 0xa5a5a5a5)
alloc i22 u32 256
fill i22 file ${DATA}/wst_d_col_f16_s32_a.bin
alloc o22 u32 260
fill o22 const 0xa5a5a5a5
launch wst_d_col_f16_s32 1 32 i22 i22 i22 o22 u32:0
expect o22 file ${DATA}/wst_d_col_f16_s32.bin
# ldm_x1: lane l's registers to out[4 l] (0xa5a5a5a5 where a matrix is not loaded)
alloc i23 u32 256
fill i23 file ${DATA}/ldm_a.bin
alloc o23 u32 128
fill o23 const 0xa5a5a5a5
launch ldm_x1 1 32 i23 i23 i23 o23 u32:0
expect o23 file ${DATA}/ldm_x1.bin
# ldm_x1t: lane l's registers to out[4 l] (0xa5a5a5a5 where a matrix is not loaded)
alloc i24 u32 256
fill i24 file ${DATA}/ldm_a.bin
alloc o24 u32 128
fill o24 const 0xa5a5a5a5
launch ldm_x1t 1 32 i24 i24 i24 o24 u32:0
expect o24 file ${DATA}/ldm_x1t.bin
# ldm_x2: lane l's registers to out[4 l] (0xa5a5a5a5 where a matrix is not loaded)
alloc i25 u32 256
fill i25 file ${DATA}/ldm_a.bin
alloc o25 u32 128
fill o25 const 0xa5a5a5a5
launch ldm_x2 1 32 i25 i25 i25 o25 u32:0
expect o25 file ${DATA}/ldm_x2.bin
# ldm_x2t: lane l's registers to out[4 l] (0xa5a5a5a5 where a matrix is not loaded)
alloc i26 u32 256
fill i26 file ${DATA}/ldm_a.bin
alloc o26 u32 128
fill o26 const 0xa5a5a5a5
launch ldm_x2t 1 32 i26 i26 i26 o26 u32:0
expect o26 file ${DATA}/ldm_x2t.bin
# ldm_x4: lane l's registers to out[4 l] (0xa5a5a5a5 where a matrix is not loaded)
alloc i27 u32 256
fill i27 file ${DATA}/ldm_a.bin
alloc o27 u32 128
fill o27 const 0xa5a5a5a5
launch ldm_x4 1 32 i27 i27 i27 o27 u32:0
expect o27 file ${DATA}/ldm_x4.bin
# ldm_x4t: lane l's registers to out[4 l] (0xa5a5a5a5 where a matrix is not loaded)
alloc i28 u32 256
fill i28 file ${DATA}/ldm_a.bin
alloc o28 u32 128
fill o28 const 0xa5a5a5a5
launch ldm_x4t 1 32 i28 i28 i28 o28 u32:0
expect o28 file ${DATA}/ldm_x4t.bin
# movm: movmatrix.sync.aligned.m8n8.trans.b16 of a[l] to d[l]
alloc i40 u32 32
fill i40 file ${DATA}/movm_a.bin
alloc o40 u32 32
launch movm 1 32 i40 i40 i40 o40 u32:0
expect o40 file ${DATA}/movm.bin
# stm_x1: lane l's registers from in[4 l]; stmatrix to the rows; the shared memory (zero at first) to out
alloc i41 u32 128
fill i41 file ${DATA}/stm_x1_a.bin
alloc o41 u32 256
launch stm_x1 1 32 i41 i41 i41 o41 u32:0
expect o41 file ${DATA}/stm_x1.bin
# stm_x1t: lane l's registers from in[4 l]; stmatrix to the rows; the shared memory (zero at first) to out
alloc i42 u32 128
fill i42 file ${DATA}/stm_x1t_a.bin
alloc o42 u32 256
launch stm_x1t 1 32 i42 i42 i42 o42 u32:0
expect o42 file ${DATA}/stm_x1t.bin
# stm_x2: lane l's registers from in[4 l]; stmatrix to the rows; the shared memory (zero at first) to out
alloc i43 u32 128
fill i43 file ${DATA}/stm_x2_a.bin
alloc o43 u32 256
launch stm_x2 1 32 i43 i43 i43 o43 u32:0
expect o43 file ${DATA}/stm_x2.bin
# stm_x2t: lane l's registers from in[4 l]; stmatrix to the rows; the shared memory (zero at first) to out
alloc i44 u32 128
fill i44 file ${DATA}/stm_x2t_a.bin
alloc o44 u32 256
launch stm_x2t 1 32 i44 i44 i44 o44 u32:0
expect o44 file ${DATA}/stm_x2t.bin
# stm_x4: lane l's registers from in[4 l]; stmatrix to the rows; the shared memory (zero at first) to out
alloc i45 u32 128
fill i45 file ${DATA}/stm_x4_a.bin
alloc o45 u32 256
launch stm_x4 1 32 i45 i45 i45 o45 u32:0
expect o45 file ${DATA}/stm_x4.bin
# stm_x4t: lane l's registers from in[4 l]; stmatrix to the rows; the shared memory (zero at first) to out
alloc i46 u32 128
fill i46 file ${DATA}/stm_x4t_a.bin
alloc o46 u32 256
launch stm_x4t 1 32 i46 i46 i46 o46 u32:0
expect o46 file ${DATA}/stm_x4t.bin
