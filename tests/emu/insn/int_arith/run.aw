# Per-instruction semantics tests: integer arithmetic (tests/emu/insn/int_arith).
# One kernel per instruction variant: thread i loads a[i], b[i], c[i], executes the
# instruction and stores d[i].  Expected values: ref.c, from the PTX ISA definitions.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set i32: 512 elements -- a x b over 18 edge values (0, 1, 2, 3, 7, -7, -1, -2, INT_MAX, INT_MIN, INT_MIN+1, INT_MAX-1, 0xffff, 0x10000, 2^23, 0xffffff, 0x12345678, 0xdeadbeef), c cycling over them, then random
alloc i32_a u32 512
fill i32_a file ${DATA}/i32_a.bin
alloc i32_b u32 512
fill i32_b file ${DATA}/i32_b.bin
alloc i32_c u32 512
fill i32_c file ${DATA}/i32_c.bin
# input set i32w: 512 elements -- a, b as in i32; c 64-bit
alloc i32w_a u32 512
fill i32w_a file ${DATA}/i32w_a.bin
alloc i32w_b u32 512
fill i32w_b file ${DATA}/i32w_b.bin
alloc i32w_c u64 512
fill i32w_c file ${DATA}/i32w_c.bin
# input set i16: 256 elements -- a x b over 13 16-bit edge values, then random
alloc i16_a u16 256
fill i16_a file ${DATA}/i16_a.bin
alloc i16_b u16 256
fill i16_b file ${DATA}/i16_b.bin
alloc i16_c u16 256
fill i16_c file ${DATA}/i16_c.bin
# input set i64: 512 elements -- a x b over 18 64-bit edge values (0, 1, 2, 3, 7, -1, -2, -7, INT64_MAX, INT64_MIN, INT64_MIN+1, 2^32-1, 2^32, 2^31-1, 2^31, -2^31, 0x123456789abcdef0, 0xfedcba9876543210), then random
alloc i64_a u64 512
fill i64_a file ${DATA}/i64_a.bin
alloc i64_b u64 512
fill i64_b file ${DATA}/i64_b.bin
alloc i64_c u64 512
fill i64_c file ${DATA}/i64_c.bin
alloc i32_ou32 u32 512
alloc i32_ou64 u64 512
alloc i32w_ou64 u64 512
alloc i16_ou16 u16 256
alloc i16_ou32 u32 256
alloc i64_ou64 u64 512

# add.s32: wraps modulo 2^32
fill i32_ou32 const 7
launch add_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/add_s32.bin
# add.u32
fill i32_ou32 const 7
launch add_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/add_u32.bin
# sub.s32: wraps
fill i32_ou32 const 7
launch sub_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/sub_s32.bin
# sub.u32
fill i32_ou32 const 7
launch sub_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/sub_u32.bin
# add.sat.s32: clamps to INT_MIN..INT_MAX
fill i32_ou32 const 7
launch add_sat_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/add_sat_s32.bin
# sub.sat.s32: clamps to INT_MIN..INT_MAX
fill i32_ou32 const 7
launch sub_sat_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/sub_sat_s32.bin
# add.s32 with a negative immediate
fill i32_ou32 const 7
launch add_imm_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/add_imm_s32.bin
# mul.lo.s32: low 32 bits of the product
fill i32_ou32 const 7
launch mul_lo_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul_lo_s32.bin
# mul.lo.u32
fill i32_ou32 const 7
launch mul_lo_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul_lo_u32.bin
# mul.hi.s32: bits 63..32 of the signed 64-bit product
fill i32_ou32 const 7
launch mul_hi_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul_hi_s32.bin
# mul.hi.u32: bits 63..32 of the unsigned product
fill i32_ou32 const 7
launch mul_hi_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul_hi_u32.bin
# mul.hi.s32 with a negative immediate
fill i32_ou32 const 7
launch mul_hi_imm_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul_hi_imm_s32.bin
# mul.wide.s32: the full signed 64-bit product
fill i32_ou64 const 7
launch mul_wide_s32 4 128 i32_a i32_b i32_c i32_ou64 u32:512
expect i32_ou64 file ${DATA}/mul_wide_s32.bin
# mul.wide.u32: the full unsigned 64-bit product
fill i32_ou64 const 7
launch mul_wide_u32 4 128 i32_a i32_b i32_c i32_ou64 u32:512
expect i32_ou64 file ${DATA}/mul_wide_u32.bin
# mad.lo.s32: low half of a*b, plus c
fill i32_ou32 const 7
launch mad_lo_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_lo_s32.bin
# mad.lo.u32
fill i32_ou32 const 7
launch mad_lo_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_lo_u32.bin
# mad.hi.s32: high half of a*b, plus c (wraps)
fill i32_ou32 const 7
launch mad_hi_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_hi_s32.bin
# mad.hi.u32
fill i32_ou32 const 7
launch mad_hi_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_hi_u32.bin
# mad.hi.sat.s32: high half of a*b plus c, clamped to INT_MIN..INT_MAX
fill i32_ou32 const 7
launch mad_hi_sat_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_hi_sat_s32.bin
# mad.wide.s32: 64-bit signed product plus 64-bit c
fill i32w_ou64 const 7
launch mad_wide_s32 4 128 i32w_a i32w_b i32w_c i32w_ou64 u32:512
expect i32w_ou64 file ${DATA}/mad_wide_s32.bin
# mad.wide.u32
fill i32w_ou64 const 7
launch mad_wide_u32 4 128 i32w_a i32w_b i32w_c i32w_ou64 u32:512
expect i32w_ou64 file ${DATA}/mad_wide_u32.bin
# mul24.lo.s32: low 32 bits of the 48-bit product of the signed 24-bit values a[23:0], b[23:0]
fill i32_ou32 const 7
launch mul24_lo_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul24_lo_s32.bin
# mul24.hi.s32: bits 47..16 of that product
fill i32_ou32 const 7
launch mul24_hi_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul24_hi_s32.bin
# mul24.lo.u32: unsigned 24-bit values
fill i32_ou32 const 7
launch mul24_lo_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul24_lo_u32.bin
# mul24.hi.u32
fill i32_ou32 const 7
launch mul24_hi_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mul24_hi_u32.bin
# mad24.lo.s32: product bits 31..0 plus c
fill i32_ou32 const 7
launch mad24_lo_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad24_lo_s32.bin
# mad24.hi.s32: product bits 47..16 plus c
fill i32_ou32 const 7
launch mad24_hi_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad24_hi_s32.bin
# mad24.lo.u32
fill i32_ou32 const 7
launch mad24_lo_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad24_lo_u32.bin
# mad24.hi.u32
fill i32_ou32 const 7
launch mad24_hi_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad24_hi_u32.bin
# mad24.hi.sat.s32: the 32-bit signed addition clamps to INT_MIN..INT_MAX
fill i32_ou32 const 7
launch mad24_hi_sat_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad24_hi_sat_s32.bin
# sad.s32: c + |a - b| (signed compare, wraps)
fill i32_ou32 const 7
launch sad_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/sad_s32.bin
# sad.u32
fill i32_ou32 const 7
launch sad_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/sad_u32.bin
# div.s32: truncates; INT_MIN / -1 = INT_MIN.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i32_ou32 const 7
launch div_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/div_s32.bin
# div.u32.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i32_ou32 const 7
launch div_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/div_u32.bin
# rem.s32: sign of the dividend; INT_MIN % -1 = 0.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i32_ou32 const 7
launch rem_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/rem_s32.bin
# rem.u32.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i32_ou32 const 7
launch rem_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/rem_u32.bin
# div.s32 by the immediate -1 (INT_MIN / -1 = INT_MIN)
fill i32_ou32 const 7
launch div_imm_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/div_imm_s32.bin
# rem.s32 by the immediate -7
fill i32_ou32 const 7
launch rem_imm_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/rem_imm_s32.bin
# abs.s32: abs(INT_MIN) = INT_MIN
fill i32_ou32 const 7
launch abs_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/abs_s32.bin
# neg.s32: neg(INT_MIN) = INT_MIN
fill i32_ou32 const 7
launch neg_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/neg_s32.bin
# min.s32
fill i32_ou32 const 7
launch min_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/min_s32.bin
# max.s32
fill i32_ou32 const 7
launch max_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/max_s32.bin
# min.u32
fill i32_ou32 const 7
launch min_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/min_u32.bin
# max.u32
fill i32_ou32 const 7
launch max_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/max_u32.bin
# min.s32 with the immediate -1
fill i32_ou32 const 7
launch min_imm_s32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/min_imm_s32.bin
# max.u32 with the immediate 0x80000000
fill i32_ou32 const 7
launch max_imm_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/max_imm_u32.bin
# add.cc.u32 t1 = a + b; addc.cc.u32 t2 = c + a + CF: d = t2
fill i32_ou32 const 7
launch addc_hi 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/addc_hi.bin
# the same chain, then addc.u32 d = 0 + 0 + CF: the carry out of c + a + CF
fill i32_ou32 const 7
launch addc_carry 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/addc_carry.bin
# add.cc.s32 sets CF; addc without .cc leaves it: two addc.s32 0, 0 both read it (d = CF * 0x11)
fill i32_ou32 const 7
launch addc_keeps_cf 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/addc_keeps_cf.bin
# sub.cc.u32 t1 = a - b (CF = borrow); subc.cc.u32 t2 = c - (a + CF): d = t2
fill i32_ou32 const 7
launch subc_hi 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/subc_hi.bin
# the same chain, then subc.u32 d = 0 - (0 + CF): 0xffffffff when c - (a + borrow) borrowed
fill i32_ou32 const 7
launch subc_borrow 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/subc_borrow.bin
# mad.lo.cc.u32: CF = carry out of (a*b)[31:0] + c, read back with addc.u32 d = 0 + 0 + CF
fill i32_ou32 const 7
launch mad_lo_cc_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_lo_cc_u32.bin
# mad.hi.cc.u32: CF = carry out of (a*b)[63:32] + c
fill i32_ou32 const 7
launch mad_hi_cc_u32 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_hi_cc_u32.bin
# mad.lo.cc.u32: the sum itself
fill i32_ou32 const 7
launch mad_lo_cc_val 4 128 i32_a i32_b i32_c i32_ou32 u32:512
expect i32_ou32 file ${DATA}/mad_lo_cc_val.bin
# add.s16: wraps modulo 2^16
fill i16_ou16 const 7
launch add_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/add_s16.bin
# sub.u16
fill i16_ou16 const 7
launch sub_u16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/sub_u16.bin
# mul.lo.s16
fill i16_ou16 const 7
launch mul_lo_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/mul_lo_s16.bin
# mul.hi.s16: bits 31..16 of the signed product
fill i16_ou16 const 7
launch mul_hi_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/mul_hi_s16.bin
# mul.hi.u16
fill i16_ou16 const 7
launch mul_hi_u16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/mul_hi_u16.bin
# mul.wide.s16: the full signed 32-bit product
fill i16_ou32 const 7
launch mul_wide_s16 2 128 i16_a i16_b i16_c i16_ou32 u32:256
expect i16_ou32 file ${DATA}/mul_wide_s16.bin
# mul.wide.u16: the full unsigned 32-bit product
fill i16_ou32 const 7
launch mul_wide_u16 2 128 i16_a i16_b i16_c i16_ou32 u32:256
expect i16_ou32 file ${DATA}/mul_wide_u16.bin
# mad.wide.u16: 32-bit product plus c (c loaded zero-extended from 16 bits)
fill i16_ou32 const 7
launch mad_wide_u16 2 128 i16_a i16_b i16_c i16_ou32 u32:256
expect i16_ou32 file ${DATA}/mad_wide_u16.bin
# div.s16: -32768 / -1 = -32768.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i16_ou16 const 7
launch div_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/div_s16.bin
# rem.s16.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i16_ou16 const 7
launch rem_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/rem_s16.bin
# div.u16.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i16_ou16 const 7
launch div_u16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/div_u16.bin
# rem.u16.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i16_ou16 const 7
launch rem_u16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/rem_u16.bin
# min.s16
fill i16_ou16 const 7
launch min_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/min_s16.bin
# max.u16
fill i16_ou16 const 7
launch max_u16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/max_u16.bin
# abs.s16: abs(-32768) = -32768
fill i16_ou16 const 7
launch abs_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/abs_s16.bin
# neg.s16
fill i16_ou16 const 7
launch neg_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/neg_s16.bin
# sad.s16
fill i16_ou16 const 7
launch sad_s16 2 128 i16_a i16_b i16_c i16_ou16 u32:256
expect i16_ou16 file ${DATA}/sad_s16.bin
# add.s64
fill i64_ou64 const 7
launch add_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/add_s64.bin
# sub.u64
fill i64_ou64 const 7
launch sub_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/sub_u64.bin
# mul.lo.s64
fill i64_ou64 const 7
launch mul_lo_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/mul_lo_s64.bin
# mul.hi.s64: bits 127..64 of the signed product
fill i64_ou64 const 7
launch mul_hi_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/mul_hi_s64.bin
# mul.hi.u64
fill i64_ou64 const 7
launch mul_hi_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/mul_hi_u64.bin
# mad.lo.s64
fill i64_ou64 const 7
launch mad_lo_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/mad_lo_s64.bin
# mad.hi.s64
fill i64_ou64 const 7
launch mad_hi_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/mad_hi_s64.bin
# mad.hi.u64
fill i64_ou64 const 7
launch mad_hi_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/mad_hi_u64.bin
# div.s64: INT64_MIN / -1 = INT64_MIN.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i64_ou64 const 7
launch div_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/div_s64.bin
# div.u64.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i64_ou64 const 7
launch div_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/div_u64.bin
# rem.s64.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i64_ou64 const 7
launch rem_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/rem_s64.bin
# rem.u64.
# Division by zero: the PTX ISA leaves the result unspecified; awemu documents
# div and rem by 0 give all ones (as an H200 does: tests/gpu), which is what this expects.
fill i64_ou64 const 7
launch rem_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/rem_u64.bin
# abs.s64
fill i64_ou64 const 7
launch abs_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/abs_s64.bin
# neg.s64
fill i64_ou64 const 7
launch neg_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/neg_s64.bin
# min.s64
fill i64_ou64 const 7
launch min_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/min_s64.bin
# max.s64
fill i64_ou64 const 7
launch max_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/max_s64.bin
# min.u64
fill i64_ou64 const 7
launch min_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/min_u64.bin
# max.u64
fill i64_ou64 const 7
launch max_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/max_u64.bin
# sad.s64
fill i64_ou64 const 7
launch sad_s64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/sad_s64.bin
# sad.u64
fill i64_ou64 const 7
launch sad_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/sad_u64.bin
# add.cc.u64 then addc.u64 d = c + 0 + CF
fill i64_ou64 const 7
launch addc_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/addc_u64.bin
# sub.cc.u64 (CF = borrow of a - b) then subc.u64 d = c - (0 + CF)
fill i64_ou64 const 7
launch subc_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/subc_u64.bin
# mad.lo.cc.u64: CF = carry out of (a*b)[63:0] + c
fill i64_ou64 const 7
launch mad_lo_cc_u64 4 128 i64_a i64_b i64_c i64_ou64 u32:512
expect i64_ou64 file ${DATA}/mad_lo_cc_u64.bin
