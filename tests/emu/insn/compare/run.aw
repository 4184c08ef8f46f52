# Per-instruction semantics tests: comparison and selection (tests/emu/insn/compare): setp with every
# comparison on s16/u16/s32/u32/b32/s64/u64/f32/f64 (as bit masks), .ftz, .and/.or/.xor with a (negated)
# predicate, the p|q form, set with u32/s32/f32 destinations, selp, slct.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set i32: 192 elements -- a x b over 12 edge values (0, 1, -1, 2, 5, -5, INT_MAX, INT_MIN, INT_MIN+1, INT_MAX-1, 0xffff, 0x80000001), then random;
# c: random bits (bit 0 is the predicate operand)
alloc i32_a u32 192
fill i32_a file ${DATA}/i32_a.bin
alloc i32_b u32 192
fill i32_b file ${DATA}/i32_b.bin
alloc i32_c u32 192
fill i32_c file ${DATA}/i32_c.bin
# input set i64: 192 elements -- a x b over 12 64-bit edge values, then random
alloc i64_a u64 192
fill i64_a file ${DATA}/i64_a.bin
alloc i64_b u64 192
fill i64_b file ${DATA}/i64_b.bin
alloc i64_c u64 192
fill i64_c file ${DATA}/i64_c.bin
# input set i16: 192 elements -- a x b over 12 16-bit edge values, then random
alloc i16_a u16 192
fill i16_a file ${DATA}/i16_a.bin
alloc i16_b u16 192
fill i16_b file ${DATA}/i16_b.bin
alloc i16_c u16 192
fill i16_c file ${DATA}/i16_c.bin
# input set f32: 320 elements -- a x b over 16 f32 values (+-0, +-1, 0.5, 1+ulp, +-subnormal, max subnormal, min normal, +-FLT_MAX, +-inf, NaN, -NaN), then random
alloc f32_a f32 320
fill f32_a file ${DATA}/f32_a.bin
alloc f32_b f32 320
fill f32_b file ${DATA}/f32_b.bin
alloc f32_c f32 320
fill f32_c file ${DATA}/f32_c.bin
# input set f64: 320 elements -- a x b over 16 f64 values (as f32), then random
alloc f64_a f64 320
fill f64_a file ${DATA}/f64_a.bin
alloc f64_b f64 320
fill f64_b file ${DATA}/f64_b.bin
alloc f64_c f64 320
fill f64_c file ${DATA}/f64_c.bin
# input set sl: 112 elements -- slct: a, b random; c: 14 bit patterns read as s32 and as f32 (0, -0.0 = INT_MIN, 1, -1 = NaN, +-inf,
# subnormals of both signs, NaNs of both signs, +-1.0) x 8
alloc sl_a u32 112
fill sl_a file ${DATA}/sl_a.bin
alloc sl_b u32 112
fill sl_b file ${DATA}/sl_b.bin
alloc sl_c u32 112
fill sl_c file ${DATA}/sl_c.bin
# input set sl64: 112 elements -- slct with 64-bit a, b and the c patterns of sl
alloc sl64_a u64 112
fill sl64_a file ${DATA}/sl64_a.bin
alloc sl64_b u64 112
fill sl64_b file ${DATA}/sl64_b.bin
alloc sl64_c u32 112
fill sl64_c file ${DATA}/sl64_c.bin
alloc i32_ou32 u32 192
alloc i64_ou32 u32 192
alloc i16_ou32 u32 192
alloc f32_ou32 u32 320
alloc f64_ou32 u32 320
alloc i32_of32 f32 192
alloc f32_of32 f32 320
alloc i16_ou16 u16 192
alloc i64_ou64 u64 192
alloc f64_of64 f64 320
alloc sl_ou32 u32 112
alloc sl_of32 f32 112
alloc sl64_ou64 u64 112
alloc sl64_of64 f64 112

# setp.CMP.s32 (signed). bit i of d = the i-th comparison: eq ne lt le gt ge
fill i32_ou32 const 7
launch setp_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_s32.bin
# setp.CMP.u32 (unsigned; lo ls hi hs = lt le gt ge). bit i of d = the i-th comparison: eq ne lt le gt ge lo ls hi hs
fill i32_ou32 const 7
launch setp_u32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_u32.bin
# setp.eq/ne.b32. bit i of d = the i-th comparison: eq ne
fill i32_ou32 const 7
launch setp_b32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_b32.bin
# setp.CMP.s64. bit i of d = the i-th comparison: eq ne lt le gt ge
fill i64_ou32 const 7
launch setp_s64 2 128 i64_a i64_b i64_c i64_ou32 u32:192
expect i64_ou32 file ${DATA}/setp_s64.bin
# setp.CMP.u64. bit i of d = the i-th comparison: eq ne lt le gt ge lo ls hi hs
fill i64_ou32 const 7
launch setp_u64 2 128 i64_a i64_b i64_c i64_ou32 u32:192
expect i64_ou32 file ${DATA}/setp_u64.bin
# setp.CMP.s16. bit i of d = the i-th comparison: eq ne lt le gt ge
fill i16_ou32 const 7
launch setp_s16 2 128 i16_a i16_b i16_c i16_ou32 u32:192
expect i16_ou32 file ${DATA}/setp_s16.bin
# setp.CMP.u16. bit i of d = the i-th comparison: eq ne lt le gt ge lo ls hi hs
fill i16_ou32 const 7
launch setp_u16 2 128 i16_a i16_b i16_c i16_ou32 u32:192
expect i16_ou32 file ${DATA}/setp_u16.bin
# setp.CMP.f32. bit i of d = the i-th comparison: eq ne lt le gt ge equ neu ltu leu gtu geu num nan
# Ordered comparisons are false when an operand is NaN, unordered ones (equ ... geu) true;
# num: neither is NaN, nan: either is NaN; -0.0 == +0.0.
fill f32_ou32 const 7
launch setp_f32 3 128 f32_a f32_b f32_c f32_ou32 u32:320
expect f32_ou32 file ${DATA}/setp_f32.bin
# setp.CMP.ftz.f32: subnormal operands compare as zeros of the same sign. bit i of d = the i-th comparison: eq ne lt le gt ge equ neu ltu leu gtu geu num nan
fill f32_ou32 const 7
launch setp_ftz_f32 3 128 f32_a f32_b f32_c f32_ou32 u32:320
expect f32_ou32 file ${DATA}/setp_ftz_f32.bin
# setp.CMP.f64. bit i of d = the i-th comparison: eq ne lt le gt ge equ neu ltu leu gtu geu num nan
# Ordered comparisons are false when an operand is NaN, unordered ones (equ ... geu) true;
# num: neither is NaN, nan: either is NaN; -0.0 == +0.0.
fill f64_ou32 const 7
launch setp_f64 3 128 f64_a f64_b f64_c f64_ou32 u32:320
expect f64_ou32 file ${DATA}/setp_f64.bin
# setp.gt.u32 p|q, a, b: q = !p; d = p | q << 1
fill i32_ou32 const 7
launch setp_pq_u32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_pq_u32.bin
# setp.lt.and.s32 p|q, a, b, c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill i32_ou32 const 7
launch setp_lt_and_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_lt_and_s32.bin
# setp.lt.and.s32 p|q, a, b, !c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill i32_ou32 const 7
launch setp_lt_and_not_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_lt_and_not_s32.bin
# setp.le.or.s32 p|q, a, b, c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill i32_ou32 const 7
launch setp_le_or_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_le_or_s32.bin
# setp.hi.or.u32 p|q, a, b, !c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill i32_ou32 const 7
launch setp_hi_or_not_u32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_hi_or_not_u32.bin
# setp.ls.xor.u32 p|q, a, b, c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill i32_ou32 const 7
launch setp_ls_xor_u32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_ls_xor_u32.bin
# setp.ge.xor.s32 p|q, a, b, !c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill i32_ou32 const 7
launch setp_ge_xor_not_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_ge_xor_not_s32.bin
# setp.equ.and.f32 p|q, a, b, c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill f32_ou32 const 7
launch setp_equ_and_f32 3 128 f32_a f32_b f32_c f32_ou32 u32:320
expect f32_ou32 file ${DATA}/setp_equ_and_f32.bin
# setp.gt.or.f32 p|q, a, b, !c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill f32_ou32 const 7
launch setp_gt_or_not_f32 3 128 f32_a f32_b f32_c f32_ou32 u32:320
expect f32_ou32 file ${DATA}/setp_gt_or_not_f32.bin
# setp.nan.xor.f32 p|q, a, b, c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill f32_ou32 const 7
launch setp_nan_xor_f32 3 128 f32_a f32_b f32_c f32_ou32 u32:320
expect f32_ou32 file ${DATA}/setp_nan_xor_f32.bin
# setp.ltu.and.f64 p|q, a, b, !c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill f64_ou32 const 7
launch setp_ltu_and_not_f64 3 128 f64_a f64_b f64_c f64_ou32 u32:320
expect f64_ou32 file ${DATA}/setp_ltu_and_not_f64.bin
# setp.lt.or.s64 p|q, a, b, c: p = BOOL(a CMP b, c), q = BOOL(!(a CMP b), c) with c = bit 0 of the c input (PTX ISA, setp); d = p | q << 1
fill i64_ou32 const 7
launch setp_lt_or_s64 2 128 i64_a i64_b i64_c i64_ou32 u32:192
expect i64_ou32 file ${DATA}/setp_lt_or_s64.bin
# setp.gt.or.s32 c, a, b, c and setp.le.xor.s32 e, a, b, !e: the destination is the predicate source; d = (a > b | c) | ((a <= b) ^ !c) << 1
fill i32_ou32 const 7
launch setp_alias_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/setp_alias_s32.bin
# set.lt.u32.s32. set.CMP.DTYPE.STYPE: d = all ones (u32, s32 destination) or 1.0f (f32 destination) when true, else 0 (PTX ISA, set)
fill i32_ou32 const 7
launch set_lt_u32_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/set_lt_u32_s32.bin
# set.hi.s32.u32
fill i32_ou32 const 7
launch set_hi_s32_u32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/set_hi_s32_u32.bin
# set.ge.f32.s32: 1.0f or 0.0f
fill i32_of32 const 7
launch set_ge_f32_s32 2 128 i32_a i32_b i32_c i32_of32 u32:192
expect i32_of32 file ${DATA}/set_ge_f32_s32.bin
# set.gtu.u32.f32 (true with a NaN operand)
fill f32_ou32 const 7
launch set_gtu_u32_f32 3 128 f32_a f32_b f32_c f32_ou32 u32:320
expect f32_ou32 file ${DATA}/set_gtu_u32_f32.bin
# set.eq.f32.f32 (-0.0 == +0.0, NaN != NaN)
fill f32_of32 const 7
launch set_eq_f32_f32 3 128 f32_a f32_b f32_c f32_of32 u32:320
expect f32_of32 file ${DATA}/set_eq_f32_f32.bin
# set.lt.ftz.f32.f32: subnormals compare as zeros
# (set.lt.ftz.u32.f32 would do, but awasm refuses .ftz when the destination type is not .f32)
fill f32_of32 const 7
launch set_lt_ftz_f32_f32 3 128 f32_a f32_b f32_c f32_of32 u32:320
expect f32_of32 file ${DATA}/set_lt_ftz_f32_f32.bin
# set.ne.s32.f64 (ordered: false with a NaN operand)
fill f64_ou32 const 7
launch set_ne_s32_f64 3 128 f64_a f64_b f64_c f64_ou32 u32:320
expect f64_ou32 file ${DATA}/set_ne_s32_f64.bin
# set.le.u32.u64
fill i64_ou32 const 7
launch set_le_u32_u64 2 128 i64_a i64_b i64_c i64_ou32 u32:192
expect i64_ou32 file ${DATA}/set_le_u32_u64.bin
# set.ne.and.u32.u32 d, a, b, c: all ones when (a != b) && c
fill i32_ou32 const 7
launch set_ne_and_u32_u32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/set_ne_and_u32_u32.bin
# set.lt.or.f32.f32 d, a, b, !c: 1.0f when (a < b) || !c
fill f32_of32 const 7
launch set_lt_or_not_f32_f32 3 128 f32_a f32_b f32_c f32_of32 u32:320
expect f32_of32 file ${DATA}/set_lt_or_not_f32_f32.bin
# set.gt.xor.s32.s32 d, a, b, c
fill i32_ou32 const 7
launch set_gt_xor_s32_s32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/set_gt_xor_s32_s32.bin
# selp.b32 d, a, b, c: c ? a : b (c = bit 0 of the c input)
fill i32_ou32 const 7
launch selp_b32 2 128 i32_a i32_b i32_c i32_ou32 u32:192
expect i32_ou32 file ${DATA}/selp_b32.bin
# selp.s16
fill i16_ou16 const 7
launch selp_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:192
expect i16_ou16 file ${DATA}/selp_s16.bin
# selp.u64
fill i64_ou64 const 7
launch selp_u64 2 128 i64_a i64_b i64_c i64_ou64 u32:192
expect i64_ou64 file ${DATA}/selp_u64.bin
# selp.f32: the selected operand unchanged (NaN payloads, -0.0)
fill f32_of32 const 7
launch selp_f32 3 128 f32_a f32_b f32_c f32_of32 u32:320
expect f32_of32 file ${DATA}/selp_f32.bin
# selp.f64
fill f64_of64 const 7
launch selp_f64 3 128 f64_a f64_b f64_c f64_of64 u32:320
expect f64_of64 file ${DATA}/selp_f64.bin
# slct.u32.s32. slct.DTYPE.CTYPE d, a, b, c: c >= 0 ? a : b; for f32 c, -0.0 >= 0 and a NaN c selects b (PTX ISA, slct)
fill sl_ou32 const 7
launch slct_u32_s32 1 128 sl_a sl_b sl_c sl_ou32 u32:112
expect sl_ou32 file ${DATA}/slct_u32_s32.bin
# slct.f32.s32
fill sl_of32 const 7
launch slct_f32_s32 1 128 sl_a sl_b sl_c sl_of32 u32:112
expect sl_of32 file ${DATA}/slct_f32_s32.bin
# slct.u32.f32
fill sl_ou32 const 7
launch slct_u32_f32 1 128 sl_a sl_b sl_c sl_ou32 u32:112
expect sl_ou32 file ${DATA}/slct_u32_f32.bin
# slct.ftz.f32.f32: "flushes subnormal values of operand c to sign-preserving zero, and operand a is selected"
# (slct.ftz.s32.f32 would do, but awasm refuses .ftz when the destination type is not .f32)
fill sl_of32 const 7
launch slct_ftz_f32_f32 1 128 sl_a sl_b sl_c sl_of32 u32:112
expect sl_of32 file ${DATA}/slct_ftz_f32_f32.bin
# slct.s64.s32
fill sl64_ou64 const 7
launch slct_s64_s32 1 128 sl64_a sl64_b sl64_c sl64_ou64 u32:112
expect sl64_ou64 file ${DATA}/slct_s64_s32.bin
# slct.f64.f32
fill sl64_of64 const 7
launch slct_f64_f32 1 128 sl64_a sl64_b sl64_c sl64_of64 u32:112
expect sl64_of64 file ${DATA}/slct_f64_f32.bin
