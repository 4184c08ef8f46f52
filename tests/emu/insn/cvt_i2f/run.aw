# Per-instruction semantics tests: cvt from every integer type to f32 and f64 with .rn .rz .rm .rp,
# .sat, and to f16 (tests/emu/insn/cvt_i2f).  Expected values: ref.c, from the PTX ISA (rounded
# in software from the exact integer).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set ii: 192 elements -- raw 64-bit patterns; the source register gets 16, 32 or 64 of their low bits (garbage above
# 8-bit types).  Values that need rounding: 2^24 + 1, 2^24 + 3, 2^31 - 64, 2^32 - 1, 2^53 + 1, 2^53 + 3, 2^63 - 1,
# 2^64 - 1, their negatives, ties and non-ties; random values of every width
alloc ii_a u64 192
fill ii_a file ${DATA}/ii_a.bin
alloc ii_b u64 192
fill ii_b file ${DATA}/ii_b.bin
alloc ii_c u64 192
fill ii_c file ${DATA}/ii_c.bin
alloc ii_of32 f32 192
alloc ii_of64 f64 192
alloc ii_ou16 u16 192

# cvt.rn.f32.u8
# Integer to float: the integer value (sign- or zero-extended per the source type) rounded
# as the modifier says; IEEE 754 (PTX ISA, cvt: "Floating-point rounding is required ... for
# integer-to-float conversions").
fill ii_of32 const 7
launch cvt_rn_f32_u8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_u8.bin
# cvt.rz.f32.u8
fill ii_of32 const 7
launch cvt_rz_f32_u8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_u8.bin
# cvt.rm.f32.u8
fill ii_of32 const 7
launch cvt_rm_f32_u8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_u8.bin
# cvt.rp.f32.u8
fill ii_of32 const 7
launch cvt_rp_f32_u8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_u8.bin
# cvt.rn.f64.u8
fill ii_of64 const 7
launch cvt_rn_f64_u8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_u8.bin
# cvt.rz.f64.u8
fill ii_of64 const 7
launch cvt_rz_f64_u8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_u8.bin
# cvt.rm.f64.u8
fill ii_of64 const 7
launch cvt_rm_f64_u8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_u8.bin
# cvt.rp.f64.u8
fill ii_of64 const 7
launch cvt_rp_f64_u8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_u8.bin
# cvt.rn.f32.u16
fill ii_of32 const 7
launch cvt_rn_f32_u16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_u16.bin
# cvt.rz.f32.u16
fill ii_of32 const 7
launch cvt_rz_f32_u16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_u16.bin
# cvt.rm.f32.u16
fill ii_of32 const 7
launch cvt_rm_f32_u16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_u16.bin
# cvt.rp.f32.u16
fill ii_of32 const 7
launch cvt_rp_f32_u16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_u16.bin
# cvt.rn.f64.u16
fill ii_of64 const 7
launch cvt_rn_f64_u16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_u16.bin
# cvt.rz.f64.u16
fill ii_of64 const 7
launch cvt_rz_f64_u16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_u16.bin
# cvt.rm.f64.u16
fill ii_of64 const 7
launch cvt_rm_f64_u16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_u16.bin
# cvt.rp.f64.u16
fill ii_of64 const 7
launch cvt_rp_f64_u16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_u16.bin
# cvt.rn.f32.u32
fill ii_of32 const 7
launch cvt_rn_f32_u32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_u32.bin
# cvt.rz.f32.u32
fill ii_of32 const 7
launch cvt_rz_f32_u32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_u32.bin
# cvt.rm.f32.u32
fill ii_of32 const 7
launch cvt_rm_f32_u32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_u32.bin
# cvt.rp.f32.u32
fill ii_of32 const 7
launch cvt_rp_f32_u32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_u32.bin
# cvt.rn.f64.u32
fill ii_of64 const 7
launch cvt_rn_f64_u32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_u32.bin
# cvt.rz.f64.u32
fill ii_of64 const 7
launch cvt_rz_f64_u32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_u32.bin
# cvt.rm.f64.u32
fill ii_of64 const 7
launch cvt_rm_f64_u32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_u32.bin
# cvt.rp.f64.u32
fill ii_of64 const 7
launch cvt_rp_f64_u32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_u32.bin
# cvt.rn.f32.u64
fill ii_of32 const 7
launch cvt_rn_f32_u64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_u64.bin
# cvt.rz.f32.u64
fill ii_of32 const 7
launch cvt_rz_f32_u64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_u64.bin
# cvt.rm.f32.u64
fill ii_of32 const 7
launch cvt_rm_f32_u64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_u64.bin
# cvt.rp.f32.u64
fill ii_of32 const 7
launch cvt_rp_f32_u64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_u64.bin
# cvt.rn.f64.u64
fill ii_of64 const 7
launch cvt_rn_f64_u64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_u64.bin
# cvt.rz.f64.u64
fill ii_of64 const 7
launch cvt_rz_f64_u64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_u64.bin
# cvt.rm.f64.u64
fill ii_of64 const 7
launch cvt_rm_f64_u64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_u64.bin
# cvt.rp.f64.u64
fill ii_of64 const 7
launch cvt_rp_f64_u64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_u64.bin
# cvt.rn.f32.s8
fill ii_of32 const 7
launch cvt_rn_f32_s8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_s8.bin
# cvt.rz.f32.s8
fill ii_of32 const 7
launch cvt_rz_f32_s8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_s8.bin
# cvt.rm.f32.s8
fill ii_of32 const 7
launch cvt_rm_f32_s8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_s8.bin
# cvt.rp.f32.s8
fill ii_of32 const 7
launch cvt_rp_f32_s8 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_s8.bin
# cvt.rn.f64.s8
fill ii_of64 const 7
launch cvt_rn_f64_s8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_s8.bin
# cvt.rz.f64.s8
fill ii_of64 const 7
launch cvt_rz_f64_s8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_s8.bin
# cvt.rm.f64.s8
fill ii_of64 const 7
launch cvt_rm_f64_s8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_s8.bin
# cvt.rp.f64.s8
fill ii_of64 const 7
launch cvt_rp_f64_s8 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_s8.bin
# cvt.rn.f32.s16
fill ii_of32 const 7
launch cvt_rn_f32_s16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_s16.bin
# cvt.rz.f32.s16
fill ii_of32 const 7
launch cvt_rz_f32_s16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_s16.bin
# cvt.rm.f32.s16
fill ii_of32 const 7
launch cvt_rm_f32_s16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_s16.bin
# cvt.rp.f32.s16
fill ii_of32 const 7
launch cvt_rp_f32_s16 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_s16.bin
# cvt.rn.f64.s16
fill ii_of64 const 7
launch cvt_rn_f64_s16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_s16.bin
# cvt.rz.f64.s16
fill ii_of64 const 7
launch cvt_rz_f64_s16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_s16.bin
# cvt.rm.f64.s16
fill ii_of64 const 7
launch cvt_rm_f64_s16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_s16.bin
# cvt.rp.f64.s16
fill ii_of64 const 7
launch cvt_rp_f64_s16 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_s16.bin
# cvt.rn.f32.s32
fill ii_of32 const 7
launch cvt_rn_f32_s32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_s32.bin
# cvt.rz.f32.s32
fill ii_of32 const 7
launch cvt_rz_f32_s32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_s32.bin
# cvt.rm.f32.s32
fill ii_of32 const 7
launch cvt_rm_f32_s32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_s32.bin
# cvt.rp.f32.s32
fill ii_of32 const 7
launch cvt_rp_f32_s32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_s32.bin
# cvt.rn.f64.s32
fill ii_of64 const 7
launch cvt_rn_f64_s32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_s32.bin
# cvt.rz.f64.s32
fill ii_of64 const 7
launch cvt_rz_f64_s32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_s32.bin
# cvt.rm.f64.s32
fill ii_of64 const 7
launch cvt_rm_f64_s32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_s32.bin
# cvt.rp.f64.s32
fill ii_of64 const 7
launch cvt_rp_f64_s32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_s32.bin
# cvt.rn.f32.s64
fill ii_of32 const 7
launch cvt_rn_f32_s64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_f32_s64.bin
# cvt.rz.f32.s64
fill ii_of32 const 7
launch cvt_rz_f32_s64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_f32_s64.bin
# cvt.rm.f32.s64
fill ii_of32 const 7
launch cvt_rm_f32_s64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rm_f32_s64.bin
# cvt.rp.f32.s64
fill ii_of32 const 7
launch cvt_rp_f32_s64 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rp_f32_s64.bin
# cvt.rn.f64.s64
fill ii_of64 const 7
launch cvt_rn_f64_s64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_f64_s64.bin
# cvt.rz.f64.s64
fill ii_of64 const 7
launch cvt_rz_f64_s64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rz_f64_s64.bin
# cvt.rm.f64.s64
fill ii_of64 const 7
launch cvt_rm_f64_s64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_f64_s64.bin
# cvt.rp.f64.s64
fill ii_of64 const 7
launch cvt_rp_f64_s64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rp_f64_s64.bin
# cvt.rn.sat.f32.s32. .sat: "For floating-point destination types, .sat limits the result to the range [0.0, 1.0]" (PTX ISA, cvt)
fill ii_of32 const 7
launch cvt_rn_sat_f32_s32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rn_sat_f32_s32.bin
# cvt.rz.sat.f32.u32. .sat: "For floating-point destination types, .sat limits the result to the range [0.0, 1.0]" (PTX ISA, cvt)
fill ii_of32 const 7
launch cvt_rz_sat_f32_u32 2 128 ii_a ii_b ii_c ii_of32 u32:192
expect ii_of32 file ${DATA}/cvt_rz_sat_f32_u32.bin
# cvt.rn.sat.f64.s32. .sat: "For floating-point destination types, .sat limits the result to the range [0.0, 1.0]" (PTX ISA, cvt)
fill ii_of64 const 7
launch cvt_rn_sat_f64_s32 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rn_sat_f64_s32.bin
# cvt.rm.sat.f64.s64. .sat: "For floating-point destination types, .sat limits the result to the range [0.0, 1.0]" (PTX ISA, cvt)
fill ii_of64 const 7
launch cvt_rm_sat_f64_s64 2 128 ii_a ii_b ii_c ii_of64 u32:192
expect ii_of64 file ${DATA}/cvt_rm_sat_f64_s64.bin
# cvt.rn.f16.s32 (f16 result in a .b16 register; IEEE 754 rounding, overflow per the mode)
fill ii_ou16 const 7
launch cvt_rn_f16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:192
expect ii_ou16 file ${DATA}/cvt_rn_f16_s32.bin
# cvt.rz.f16.s32 (f16 result in a .b16 register; IEEE 754 rounding, overflow per the mode)
fill ii_ou16 const 7
launch cvt_rz_f16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:192
expect ii_ou16 file ${DATA}/cvt_rz_f16_s32.bin
# cvt.rm.f16.s32 (f16 result in a .b16 register; IEEE 754 rounding, overflow per the mode)
fill ii_ou16 const 7
launch cvt_rm_f16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:192
expect ii_ou16 file ${DATA}/cvt_rm_f16_s32.bin
# cvt.rp.f16.s32 (f16 result in a .b16 register; IEEE 754 rounding, overflow per the mode)
fill ii_ou16 const 7
launch cvt_rp_f16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:192
expect ii_ou16 file ${DATA}/cvt_rp_f16_s32.bin
# cvt.rn.f16.u64 (f16 result in a .b16 register; IEEE 754 rounding, overflow per the mode)
fill ii_ou16 const 7
launch cvt_rn_f16_u64 2 128 ii_a ii_b ii_c ii_ou16 u32:192
expect ii_ou16 file ${DATA}/cvt_rn_f16_u64.bin
# cvt.rz.f16.u16 (f16 result in a .b16 register; IEEE 754 rounding, overflow per the mode)
fill ii_ou16 const 7
launch cvt_rz_f16_u16 2 128 ii_a ii_b ii_c ii_ou16 u32:192
expect ii_ou16 file ${DATA}/cvt_rz_f16_u16.bin
