# Per-instruction semantics tests: half-precision arithmetic (tests/emu/insn/half).
# One kernel per variant: thread i loads a[i], b[i], c[i], executes the instruction and stores d[i].
# Expected values: ref.c, exact rational arithmetic rounded to nearest even (the PTX ISA's .rn).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact (bit for bit).
load ${SCRIPT_DIR}/kernel.ptx
# input set h: 1024 .f16 -- zeros, subnormals, the normal range's ends, 1 and its neighbours, infinities, NaNs (pairwise), then random bit patterns and values near each other
# input set h2: 512 .f16x2 -- two elements of the h kinds per register
# input set b: 1024 .bf16 -- the same kinds for bfloat16, random values within 2^-20 .. 2^20 (and the specials)
# input set b2: 512 .bf16x2
alloc h_a u16 1024
fill h_a file ${DATA}/h_a.bin
alloc h_b u16 1024
fill h_b file ${DATA}/h_b.bin
alloc h_c u16 1024
fill h_c file ${DATA}/h_c.bin
alloc h_d u16 1024
alloc h2_a u32 512
fill h2_a file ${DATA}/h2_a.bin
alloc h2_b u32 512
fill h2_b file ${DATA}/h2_b.bin
alloc h2_c u32 512
fill h2_c file ${DATA}/h2_c.bin
alloc h2_d u32 512
alloc b_a u16 1024
fill b_a file ${DATA}/b_a.bin
alloc b_b u16 1024
fill b_b file ${DATA}/b_b.bin
alloc b_c u16 1024
fill b_c file ${DATA}/b_c.bin
alloc b_d u16 1024
alloc b2_a u32 512
fill b2_a file ${DATA}/b2_a.bin
alloc b2_b u32 512
fill b2_b file ${DATA}/b2_b.bin
alloc b2_c u32 512
fill b2_c file ${DATA}/b2_c.bin
alloc b2_d u32 512

# add.rn.f16
fill h_d const 7
launch add_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/add_f16.bin

# sub.f16 (.rn by default)
fill h_d const 7
launch sub_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/sub_f16.bin

# mul.rn.f16
fill h_d const 7
launch mul_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/mul_f16.bin

# fma.rn.f16: one rounding of a * b + c
fill h_d const 7
launch fma_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/fma_f16.bin

# min.f16: a NaN operand gives the other; -0 below +0
fill h_d const 7
launch min_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/min_f16.bin

# max.f16
fill h_d const 7
launch max_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/max_f16.bin

# neg.f16
fill h_d const 7
launch neg_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/neg_f16.bin

# abs.f16
fill h_d const 7
launch abs_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/abs_f16.bin

# add.rn.ftz.f16: subnormal inputs and results become signed zeros
fill h_d const 7
launch add_ftz_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/add_ftz_f16.bin

# add.rn.sat.f16: clamped to [0, 1], NaN to +0
fill h_d const 7
launch add_sat_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/add_sat_f16.bin

# fma.rn.ftz.sat.f16
fill h_d const 7
launch fma_ftz_sat_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/fma_ftz_sat_f16.bin

# fma.rn.relu.f16: negative results become +0, NaN stays NaN
fill h_d const 7
launch fma_relu_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/fma_relu_f16.bin

# add.rn.f16x2: each half on its own
fill h2_d const 7
launch add_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/add_f16x2.bin

# mul.rn.f16x2
fill h2_d const 7
launch mul_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/mul_f16x2.bin

# fma.rn.f16x2
fill h2_d const 7
launch fma_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/fma_f16x2.bin

# max.f16x2
fill h2_d const 7
launch max_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/max_f16x2.bin

# add.rn.bf16
fill b_d const 7
launch add_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/add_bf16.bin

# mul.rn.bf16
fill b_d const 7
launch mul_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/mul_bf16.bin

# fma.rn.bf16
fill b_d const 7
launch fma_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/fma_bf16.bin

# fma.rn.relu.bf16
fill b_d const 7
launch fma_relu_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/fma_relu_bf16.bin

# min.bf16
fill b_d const 7
launch min_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/min_bf16.bin

# neg.bf16
fill b_d const 7
launch neg_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/neg_bf16.bin

# fma.rn.bf16x2
fill b2_d const 7
launch fma_bf16x2 4 128 b2_a b2_b b2_c b2_d u32:512
expect b2_d file ${DATA}/fma_bf16x2.bin

# sub.rn.bf16x2
fill b2_d const 7
launch sub_bf16x2 4 128 b2_a b2_b b2_c b2_d u32:512
expect b2_d file ${DATA}/sub_bf16x2.bin

# setp.lt.f16: ordered (false with a NaN)
fill h_d const 7
launch setp_lt_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/setp_lt_f16.bin

# setp.equ.f16: unordered (true with a NaN)
fill h_d const 7
launch setp_equ_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/setp_equ_f16.bin

# setp.le.ftz.f16: subnormals compare as zeros
fill h_d const 7
launch setp_le_ftz_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/setp_le_ftz_f16.bin

# setp.num.f16: neither is NaN
fill h_d const 7
launch setp_num_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/setp_num_f16.bin

# setp.ne.bf16: ordered not-equal
fill b_d const 7
launch setp_ne_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/setp_ne_bf16.bin

# setp.gtu.bf16
fill b_d const 7
launch setp_gtu_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/setp_gtu_bf16.bin

# setp.nan.bf16: either is NaN
fill b_d const 7
launch setp_nan_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/setp_nan_bf16.bin

# cvt.rn.relu.f16x2.f32 of the h2 halves (through f32, exactly): negative halves become +0, -0 and NaN stay (NaN as 0x7fff)
fill h2_d const 7
launch cvt_relu_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/cvt_relu_f16x2.bin

# setp.lt.f16x2 p|q: p is the lower halves' comparison, q the upper's (d = p + 2 q)
fill h2_d const 7
launch setp_lt_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/setp_lt_f16x2.bin

# setp.geu.and.bf16x2 p|q, a, b, c: each half's unordered >= and-ed with c (c's bit 0)
fill b2_d const 7
launch setp_geu_and_bf16x2 4 128 b2_a b2_b b2_c b2_d u32:512
expect b2_d file ${DATA}/setp_geu_and_bf16x2.bin

# set.eq.u32.f16x2: 0xffff in each half whose halves are equal (-0 == +0, NaN never)
fill h2_d const 7
launch set_eq_u32_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/set_eq_u32_f16x2.bin

# set with a half destination (1.0 in its format: .f16 0x3c00, .bf16 0x3f80) or half sources and a
# 16- or 32-bit integer destination (all ones): the comparisons of setp above
fill h_d const 7
launch set_lt_f16_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/set_lt_f16_f16.bin
fill h_d const 7
launch set_ne_u16_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/set_ne_u16_f16.bin
fill b_d const 7
launch set_gtu_bf16_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/set_gtu_bf16_bf16.bin
fill b_d const 7
launch set_ge_s16_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/set_ge_s16_bf16.bin
alloc h_d32 u32 1024
fill h_d32 const 7
launch set_le_s32_f16 8 128 h_a h_b h_c h_d32 u32:1024
expect h_d32 file ${DATA}/set_le_s32_f16.bin
fill h2_d const 7
launch set_le_f16x2_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/set_le_f16x2_f16x2.bin
fill b2_d const 7
launch set_nan_and_bf16x2_bf16x2 4 128 b2_a b2_b b2_c b2_d u32:512
expect b2_d file ${DATA}/set_nan_and_bf16x2_bf16x2.bin
# set.lt.f16.f32 on the h2 words read as .f32 values
alloc h2_d16 u16 512
fill h2_d16 const 7
launch set_lt_f16_f32 4 128 h2_a h2_b h2_c h2_d16 u32:512
expect h2_d16 file ${DATA}/set_lt_f16_f32.bin

# ex2.approx.f16 and tanh.approx (f16x2, bf16x2), ex2.approx.ftz.bf16: the exact value rounded to
# nearest even once (awemu's choice inside the PTX ISA's error bounds; ref.c from long double)
fill h_d const 7
launch ex2_f16 8 128 h_a h_b h_c h_d u32:1024
expect h_d file ${DATA}/ex2_f16.bin
fill h2_d const 7
launch tanh_f16x2 4 128 h2_a h2_b h2_c h2_d u32:512
expect h2_d file ${DATA}/tanh_f16x2.bin
fill b_d const 7
launch ex2_ftz_bf16 8 128 b_a b_b b_c b_d u32:1024
expect b_d file ${DATA}/ex2_ftz_bf16.bin
fill b2_d const 7
launch tanh_bf16x2 4 128 b2_a b2_b b2_c b2_d u32:512
expect b2_d file ${DATA}/tanh_bf16x2.bin
