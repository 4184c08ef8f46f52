# Per-instruction semantics tests: cvt between integer types (tests/emu/insn/cvt_int):
# every pair of u8 u16 u32 u64 s8 s16 s32 s64, every legal .sat, and destination registers
# wider than the destination type.  Expected values: ref.c, from the PTX ISA.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set ii: 160 elements -- raw 64-bit patterns: the source register is loaded with 16, 32 or 64 of their low bits, so
# the bits above an 8- or 16-bit source type are garbage; edge values (0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000,
# 0xffff, INT_MAX, INT_MIN, ...) in every width, then random
alloc ii_a u64 160
fill ii_a file ${DATA}/ii_a.bin
alloc ii_b u64 160
fill ii_b file ${DATA}/ii_b.bin
alloc ii_c u64 160
fill ii_c file ${DATA}/ii_c.bin
alloc ii_ou8 u8 160
alloc ii_ou16 u16 160
alloc ii_ou32 u32 160
alloc ii_ou64 u64 160

# cvt.u8.u16
# Integer conversions: sign- or zero-extend per the source type, chop to the destination
# width; .sat clamps to the destination range (PTX ISA, cvt and table "Convert Instruction
# Precision and Format").  The source register holds more bits than the source type: they are
# ignored.  The result is stored with the destination width.
fill ii_ou8 const 7
launch cvt_u8_u16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_u8_u16.bin
# cvt.u8.u32
fill ii_ou8 const 7
launch cvt_u8_u32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_u8_u32.bin
# cvt.u8.u64
fill ii_ou8 const 7
launch cvt_u8_u64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_u8_u64.bin
# cvt.u8.s8
fill ii_ou8 const 7
launch cvt_u8_s8 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_u8_s8.bin
# cvt.u8.s16
fill ii_ou8 const 7
launch cvt_u8_s16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_u8_s16.bin
# cvt.u8.s32
fill ii_ou8 const 7
launch cvt_u8_s32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_u8_s32.bin
# cvt.u8.s64
fill ii_ou8 const 7
launch cvt_u8_s64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_u8_s64.bin
# cvt.u16.u8
fill ii_ou16 const 7
launch cvt_u16_u8 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_u16_u8.bin
# cvt.u16.u32
fill ii_ou16 const 7
launch cvt_u16_u32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_u16_u32.bin
# cvt.u16.u64
fill ii_ou16 const 7
launch cvt_u16_u64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_u16_u64.bin
# cvt.u16.s8
fill ii_ou16 const 7
launch cvt_u16_s8 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_u16_s8.bin
# cvt.u16.s16
fill ii_ou16 const 7
launch cvt_u16_s16 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_u16_s16.bin
# cvt.u16.s32
fill ii_ou16 const 7
launch cvt_u16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_u16_s32.bin
# cvt.u16.s64
fill ii_ou16 const 7
launch cvt_u16_s64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_u16_s64.bin
# cvt.u32.u8
fill ii_ou32 const 7
launch cvt_u32_u8 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u32_u8.bin
# cvt.u32.u16
fill ii_ou32 const 7
launch cvt_u32_u16 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u32_u16.bin
# cvt.u32.u64
fill ii_ou32 const 7
launch cvt_u32_u64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u32_u64.bin
# cvt.u32.s8
fill ii_ou32 const 7
launch cvt_u32_s8 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u32_s8.bin
# cvt.u32.s16
fill ii_ou32 const 7
launch cvt_u32_s16 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u32_s16.bin
# cvt.u32.s32
fill ii_ou32 const 7
launch cvt_u32_s32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u32_s32.bin
# cvt.u32.s64
fill ii_ou32 const 7
launch cvt_u32_s64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u32_s64.bin
# cvt.u64.u8
fill ii_ou64 const 7
launch cvt_u64_u8 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u64_u8.bin
# cvt.u64.u16
fill ii_ou64 const 7
launch cvt_u64_u16 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u64_u16.bin
# cvt.u64.u32
fill ii_ou64 const 7
launch cvt_u64_u32 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u64_u32.bin
# cvt.u64.s8
fill ii_ou64 const 7
launch cvt_u64_s8 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u64_s8.bin
# cvt.u64.s16
fill ii_ou64 const 7
launch cvt_u64_s16 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u64_s16.bin
# cvt.u64.s32
fill ii_ou64 const 7
launch cvt_u64_s32 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u64_s32.bin
# cvt.u64.s64
fill ii_ou64 const 7
launch cvt_u64_s64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u64_s64.bin
# cvt.s8.u8
fill ii_ou8 const 7
launch cvt_s8_u8 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_s8_u8.bin
# cvt.s8.u16
fill ii_ou8 const 7
launch cvt_s8_u16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_s8_u16.bin
# cvt.s8.u32
fill ii_ou8 const 7
launch cvt_s8_u32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_s8_u32.bin
# cvt.s8.u64
fill ii_ou8 const 7
launch cvt_s8_u64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_s8_u64.bin
# cvt.s8.s16
fill ii_ou8 const 7
launch cvt_s8_s16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_s8_s16.bin
# cvt.s8.s32
fill ii_ou8 const 7
launch cvt_s8_s32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_s8_s32.bin
# cvt.s8.s64
fill ii_ou8 const 7
launch cvt_s8_s64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_s8_s64.bin
# cvt.s16.u8
fill ii_ou16 const 7
launch cvt_s16_u8 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s16_u8.bin
# cvt.s16.u16
fill ii_ou16 const 7
launch cvt_s16_u16 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s16_u16.bin
# cvt.s16.u32
fill ii_ou16 const 7
launch cvt_s16_u32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s16_u32.bin
# cvt.s16.u64
fill ii_ou16 const 7
launch cvt_s16_u64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s16_u64.bin
# cvt.s16.s8
fill ii_ou16 const 7
launch cvt_s16_s8 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s16_s8.bin
# cvt.s16.s32
fill ii_ou16 const 7
launch cvt_s16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s16_s32.bin
# cvt.s16.s64
fill ii_ou16 const 7
launch cvt_s16_s64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s16_s64.bin
# cvt.s32.u8
fill ii_ou32 const 7
launch cvt_s32_u8 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s32_u8.bin
# cvt.s32.u16
fill ii_ou32 const 7
launch cvt_s32_u16 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s32_u16.bin
# cvt.s32.u32
fill ii_ou32 const 7
launch cvt_s32_u32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s32_u32.bin
# cvt.s32.u64
fill ii_ou32 const 7
launch cvt_s32_u64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s32_u64.bin
# cvt.s32.s8
fill ii_ou32 const 7
launch cvt_s32_s8 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s32_s8.bin
# cvt.s32.s16
fill ii_ou32 const 7
launch cvt_s32_s16 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s32_s16.bin
# cvt.s32.s64
fill ii_ou32 const 7
launch cvt_s32_s64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s32_s64.bin
# cvt.s64.u8
fill ii_ou64 const 7
launch cvt_s64_u8 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s64_u8.bin
# cvt.s64.u16
fill ii_ou64 const 7
launch cvt_s64_u16 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s64_u16.bin
# cvt.s64.u32
fill ii_ou64 const 7
launch cvt_s64_u32 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s64_u32.bin
# cvt.s64.u64
fill ii_ou64 const 7
launch cvt_s64_u64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s64_u64.bin
# cvt.s64.s8
fill ii_ou64 const 7
launch cvt_s64_s8 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s64_s8.bin
# cvt.s64.s16
fill ii_ou64 const 7
launch cvt_s64_s16 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s64_s16.bin
# cvt.s64.s32
fill ii_ou64 const 7
launch cvt_s64_s32 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s64_s32.bin
# cvt.sat.u8.u16: clamps to the u8 range
fill ii_ou8 const 7
launch cvt_sat_u8_u16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_u8_u16.bin
# cvt.sat.u8.u32: clamps to the u8 range
fill ii_ou8 const 7
launch cvt_sat_u8_u32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_u8_u32.bin
# cvt.sat.u8.u64: clamps to the u8 range
fill ii_ou8 const 7
launch cvt_sat_u8_u64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_u8_u64.bin
# cvt.sat.u8.s8: clamps to the u8 range
fill ii_ou8 const 7
launch cvt_sat_u8_s8 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_u8_s8.bin
# cvt.sat.u8.s16: clamps to the u8 range
fill ii_ou8 const 7
launch cvt_sat_u8_s16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_u8_s16.bin
# cvt.sat.u8.s32: clamps to the u8 range
fill ii_ou8 const 7
launch cvt_sat_u8_s32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_u8_s32.bin
# cvt.sat.u8.s64: clamps to the u8 range
fill ii_ou8 const 7
launch cvt_sat_u8_s64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_u8_s64.bin
# cvt.sat.u16.u32: clamps to the u16 range
fill ii_ou16 const 7
launch cvt_sat_u16_u32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_u16_u32.bin
# cvt.sat.u16.u64: clamps to the u16 range
fill ii_ou16 const 7
launch cvt_sat_u16_u64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_u16_u64.bin
# cvt.sat.u16.s8: clamps to the u16 range
fill ii_ou16 const 7
launch cvt_sat_u16_s8 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_u16_s8.bin
# cvt.sat.u16.s16: clamps to the u16 range
fill ii_ou16 const 7
launch cvt_sat_u16_s16 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_u16_s16.bin
# cvt.sat.u16.s32: clamps to the u16 range
fill ii_ou16 const 7
launch cvt_sat_u16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_u16_s32.bin
# cvt.sat.u16.s64: clamps to the u16 range
fill ii_ou16 const 7
launch cvt_sat_u16_s64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_u16_s64.bin
# cvt.sat.u32.u64: clamps to the u32 range
fill ii_ou32 const 7
launch cvt_sat_u32_u64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_u32_u64.bin
# cvt.sat.u32.s8: clamps to the u32 range
fill ii_ou32 const 7
launch cvt_sat_u32_s8 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_u32_s8.bin
# cvt.sat.u32.s16: clamps to the u32 range
fill ii_ou32 const 7
launch cvt_sat_u32_s16 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_u32_s16.bin
# cvt.sat.u32.s32: clamps to the u32 range
fill ii_ou32 const 7
launch cvt_sat_u32_s32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_u32_s32.bin
# cvt.sat.u32.s64: clamps to the u32 range
fill ii_ou32 const 7
launch cvt_sat_u32_s64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_u32_s64.bin
# cvt.sat.u64.s8: clamps to the u64 range
fill ii_ou64 const 7
launch cvt_sat_u64_s8 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_sat_u64_s8.bin
# cvt.sat.u64.s16: clamps to the u64 range
fill ii_ou64 const 7
launch cvt_sat_u64_s16 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_sat_u64_s16.bin
# cvt.sat.u64.s32: clamps to the u64 range
fill ii_ou64 const 7
launch cvt_sat_u64_s32 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_sat_u64_s32.bin
# cvt.sat.u64.s64: clamps to the u64 range
fill ii_ou64 const 7
launch cvt_sat_u64_s64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_sat_u64_s64.bin
# cvt.sat.s8.u8: clamps to the s8 range
fill ii_ou8 const 7
launch cvt_sat_s8_u8 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_s8_u8.bin
# cvt.sat.s8.u16: clamps to the s8 range
fill ii_ou8 const 7
launch cvt_sat_s8_u16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_s8_u16.bin
# cvt.sat.s8.u32: clamps to the s8 range
fill ii_ou8 const 7
launch cvt_sat_s8_u32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_s8_u32.bin
# cvt.sat.s8.u64: clamps to the s8 range
fill ii_ou8 const 7
launch cvt_sat_s8_u64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_s8_u64.bin
# cvt.sat.s8.s16: clamps to the s8 range
fill ii_ou8 const 7
launch cvt_sat_s8_s16 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_s8_s16.bin
# cvt.sat.s8.s32: clamps to the s8 range
fill ii_ou8 const 7
launch cvt_sat_s8_s32 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_s8_s32.bin
# cvt.sat.s8.s64: clamps to the s8 range
fill ii_ou8 const 7
launch cvt_sat_s8_s64 2 128 ii_a ii_b ii_c ii_ou8 u32:160
expect ii_ou8 file ${DATA}/cvt_sat_s8_s64.bin
# cvt.sat.s16.u16: clamps to the s16 range
fill ii_ou16 const 7
launch cvt_sat_s16_u16 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_s16_u16.bin
# cvt.sat.s16.u32: clamps to the s16 range
fill ii_ou16 const 7
launch cvt_sat_s16_u32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_s16_u32.bin
# cvt.sat.s16.u64: clamps to the s16 range
fill ii_ou16 const 7
launch cvt_sat_s16_u64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_s16_u64.bin
# cvt.sat.s16.s32: clamps to the s16 range
fill ii_ou16 const 7
launch cvt_sat_s16_s32 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_s16_s32.bin
# cvt.sat.s16.s64: clamps to the s16 range
fill ii_ou16 const 7
launch cvt_sat_s16_s64 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_sat_s16_s64.bin
# cvt.sat.s32.u32: clamps to the s32 range
fill ii_ou32 const 7
launch cvt_sat_s32_u32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_s32_u32.bin
# cvt.sat.s32.u64: clamps to the s32 range
fill ii_ou32 const 7
launch cvt_sat_s32_u64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_s32_u64.bin
# cvt.sat.s32.s64: clamps to the s32 range
fill ii_ou32 const 7
launch cvt_sat_s32_s64 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_s32_s64.bin
# cvt.sat.s64.u64: clamps to the s64 range
fill ii_ou64 const 7
launch cvt_sat_s64_u64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_sat_s64_u64.bin
# cvt.s8.s32 into a 32-bit register, all 32 bits stored
# "If the destination register is wider than the destination format, the result is extended to
# the destination register width after chopping. The type of extension (sign or zero) is based on
# the destination format. For example, cvt.s16.u32 targeting a 32-bit register first chops to
# 16-bit, then sign-extends to 32-bit." (PTX ISA, 6.5.1 Scalar Conversions, note 1)
fill ii_ou32 const 7
launch cvt_s8_s32_reg32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s8_s32_reg32.bin
# cvt.u8.s32 into a 32-bit register, all 32 bits stored
fill ii_ou32 const 7
launch cvt_u8_s32_reg32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u8_s32_reg32.bin
# cvt.s16.u32 into a 32-bit register, all 32 bits stored
fill ii_ou32 const 7
launch cvt_s16_u32_reg32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s16_u32_reg32.bin
# cvt.u16.s64 into a 32-bit register, all 32 bits stored
fill ii_ou32 const 7
launch cvt_u16_s64_reg32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_u16_s64_reg32.bin
# cvt.s16.s64 into a 32-bit register, all 32 bits stored
fill ii_ou32 const 7
launch cvt_s16_s64_reg32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_s16_s64_reg32.bin
# cvt.s8.u16 into a 16-bit register, all 16 bits stored
fill ii_ou16 const 7
launch cvt_s8_u16_reg16 2 128 ii_a ii_b ii_c ii_ou16 u32:160
expect ii_ou16 file ${DATA}/cvt_s8_u16_reg16.bin
# cvt.s32.s64 into a 64-bit register, all 64 bits stored
fill ii_ou64 const 7
launch cvt_s32_s64_reg64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s32_s64_reg64.bin
# cvt.u32.s64 into a 64-bit register, all 64 bits stored
fill ii_ou64 const 7
launch cvt_u32_s64_reg64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_u32_s64_reg64.bin
# cvt.s32.u64 into a 64-bit register, all 64 bits stored
fill ii_ou64 const 7
launch cvt_s32_u64_reg64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s32_u64_reg64.bin
# cvt.s8.s64 into a 64-bit register, all 64 bits stored
fill ii_ou64 const 7
launch cvt_s8_s64_reg64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_s8_s64_reg64.bin
# cvt.sat.s8.s32 into a 32-bit register: clamped, then sign-extended
fill ii_ou32 const 7
launch cvt_sat_s8_s32_reg32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_s8_s32_reg32.bin
# cvt.sat.s16.u64 into a 32-bit register: clamped, then sign-extended
fill ii_ou32 const 7
launch cvt_sat_s16_u64_reg32 2 128 ii_a ii_b ii_c ii_ou32 u32:160
expect ii_ou32 file ${DATA}/cvt_sat_s16_u64_reg32.bin
# cvt.sat.s32.u64 into a 64-bit register: clamped, then sign-extended
fill ii_ou64 const 7
launch cvt_sat_s32_u64_reg64 2 128 ii_a ii_b ii_c ii_ou64 u32:160
expect ii_ou64 file ${DATA}/cvt_sat_s32_u64_reg64.bin
