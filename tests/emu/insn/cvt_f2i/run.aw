# Per-instruction semantics tests: cvt from f32, f64 and f16 to every integer type with .rni .rzi
# .rmi .rpi (tests/emu/insn/cvt_f2i): rounding, clamping to the destination range, .ftz, NaN.
# Expected values: ref.c, from the PTX ISA.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set f32: 128 elements -- f32 values: +-0, halves (ties), values just below/above every integer range limit
# (127.5, 255.5, 32767.5, 65535.5, 2^31, 2^32, 2^63, 2^64 and their neighbours), huge, +-inf, subnormals, random
alloc f32_a f32 128
fill f32_a file ${DATA}/f32_a.bin
alloc f32_b f32 128
fill f32_b file ${DATA}/f32_b.bin
alloc f32_c f32 128
fill f32_c file ${DATA}/f32_c.bin
# input set f64: 128 elements -- f64 values, as f32 plus the neighbours of the limits that only f64 can hold (2147483647.5, 2^63 - 1024, 2^64 - 2048, ...)
alloc f64_a f64 128
fill f64_a file ${DATA}/f64_a.bin
alloc f64_b f64 128
fill f64_b file ${DATA}/f64_b.bin
alloc f64_c f64 128
fill f64_c file ${DATA}/f64_c.bin
# input set f16: 48 elements -- f16 values (+-0, halves, 65504, +-inf, subnormals, random)
alloc f16_a u16 48
fill f16_a file ${DATA}/f16_a.bin
alloc f16_b u16 48
fill f16_b file ${DATA}/f16_b.bin
alloc f16_c u16 48
fill f16_c file ${DATA}/f16_c.bin
# input set n32: 4 elements -- f32 NaNs
alloc n32_a f32 4
fill n32_a file ${DATA}/n32_a.bin
alloc n32_b f32 4
fill n32_b file ${DATA}/n32_b.bin
alloc n32_c f32 4
fill n32_c file ${DATA}/n32_c.bin
# input set n64: 4 elements -- f64 NaNs
alloc n64_a f64 4
fill n64_a file ${DATA}/n64_a.bin
alloc n64_b f64 4
fill n64_b file ${DATA}/n64_b.bin
alloc n64_c f64 4
fill n64_c file ${DATA}/n64_c.bin
# input set n16: 4 elements -- f16 NaNs
alloc n16_a u16 4
fill n16_a file ${DATA}/n16_a.bin
alloc n16_b u16 4
fill n16_b file ${DATA}/n16_b.bin
alloc n16_c u16 4
fill n16_c file ${DATA}/n16_c.bin
alloc f32_ou8 u8 128
alloc f32_ou16 u16 128
alloc f32_ou32 u32 128
alloc f32_ou64 u64 128
alloc f64_ou8 u8 128
alloc f64_ou16 u16 128
alloc f64_ou32 u32 128
alloc f64_ou64 u64 128
alloc f16_ou32 u32 48
alloc f16_ou8 u8 48
alloc f16_ou64 u64 48
alloc f16_ou16 u16 48
alloc n32_ou8 u8 4
alloc n32_ou16 u16 4
alloc n32_ou32 u32 4
alloc n32_ou64 u64 4
alloc n64_ou8 u8 4
alloc n64_ou16 u16 4
alloc n64_ou32 u32 4
alloc n64_ou64 u64 4
alloc n16_ou32 u32 4
alloc n16_ou64 u64 4
alloc n16_ou16 u16 4

# cvt.rni.u8.f32
# Float to integer: round to an integer as the modifier says (.rni nearest even, .rzi toward zero,
# .rmi down, .rpi up), then clamp to the destination range ("the result is clamped to the
# destination range by default"; PTX ISA, cvt).  Results are stored with the destination width.
fill f32_ou8 const 7
launch cvt_rni_u8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rni_u8_f32.bin
# cvt.rzi.u8.f32
fill f32_ou8 const 7
launch cvt_rzi_u8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rzi_u8_f32.bin
# cvt.rmi.u8.f32
fill f32_ou8 const 7
launch cvt_rmi_u8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rmi_u8_f32.bin
# cvt.rpi.u8.f32
fill f32_ou8 const 7
launch cvt_rpi_u8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rpi_u8_f32.bin
# cvt.rni.u16.f32
fill f32_ou16 const 7
launch cvt_rni_u16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rni_u16_f32.bin
# cvt.rzi.u16.f32
fill f32_ou16 const 7
launch cvt_rzi_u16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rzi_u16_f32.bin
# cvt.rmi.u16.f32
fill f32_ou16 const 7
launch cvt_rmi_u16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rmi_u16_f32.bin
# cvt.rpi.u16.f32
fill f32_ou16 const 7
launch cvt_rpi_u16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rpi_u16_f32.bin
# cvt.rni.u32.f32
fill f32_ou32 const 7
launch cvt_rni_u32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rni_u32_f32.bin
# cvt.rzi.u32.f32
fill f32_ou32 const 7
launch cvt_rzi_u32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rzi_u32_f32.bin
# cvt.rmi.u32.f32
fill f32_ou32 const 7
launch cvt_rmi_u32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rmi_u32_f32.bin
# cvt.rpi.u32.f32
fill f32_ou32 const 7
launch cvt_rpi_u32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rpi_u32_f32.bin
# cvt.rni.u64.f32
fill f32_ou64 const 7
launch cvt_rni_u64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rni_u64_f32.bin
# cvt.rzi.u64.f32
fill f32_ou64 const 7
launch cvt_rzi_u64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rzi_u64_f32.bin
# cvt.rmi.u64.f32
fill f32_ou64 const 7
launch cvt_rmi_u64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rmi_u64_f32.bin
# cvt.rpi.u64.f32
fill f32_ou64 const 7
launch cvt_rpi_u64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rpi_u64_f32.bin
# cvt.rni.s8.f32
fill f32_ou8 const 7
launch cvt_rni_s8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rni_s8_f32.bin
# cvt.rzi.s8.f32
fill f32_ou8 const 7
launch cvt_rzi_s8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rzi_s8_f32.bin
# cvt.rmi.s8.f32
fill f32_ou8 const 7
launch cvt_rmi_s8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rmi_s8_f32.bin
# cvt.rpi.s8.f32
fill f32_ou8 const 7
launch cvt_rpi_s8_f32 1 128 f32_a f32_b f32_c f32_ou8 u32:128
expect f32_ou8 file ${DATA}/cvt_rpi_s8_f32.bin
# cvt.rni.s16.f32
fill f32_ou16 const 7
launch cvt_rni_s16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rni_s16_f32.bin
# cvt.rzi.s16.f32
fill f32_ou16 const 7
launch cvt_rzi_s16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rzi_s16_f32.bin
# cvt.rmi.s16.f32
fill f32_ou16 const 7
launch cvt_rmi_s16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rmi_s16_f32.bin
# cvt.rpi.s16.f32
fill f32_ou16 const 7
launch cvt_rpi_s16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rpi_s16_f32.bin
# cvt.rni.s32.f32
fill f32_ou32 const 7
launch cvt_rni_s32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rni_s32_f32.bin
# cvt.rzi.s32.f32
fill f32_ou32 const 7
launch cvt_rzi_s32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rzi_s32_f32.bin
# cvt.rmi.s32.f32
fill f32_ou32 const 7
launch cvt_rmi_s32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rmi_s32_f32.bin
# cvt.rpi.s32.f32
fill f32_ou32 const 7
launch cvt_rpi_s32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rpi_s32_f32.bin
# cvt.rni.s64.f32
fill f32_ou64 const 7
launch cvt_rni_s64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rni_s64_f32.bin
# cvt.rzi.s64.f32
fill f32_ou64 const 7
launch cvt_rzi_s64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rzi_s64_f32.bin
# cvt.rmi.s64.f32
fill f32_ou64 const 7
launch cvt_rmi_s64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rmi_s64_f32.bin
# cvt.rpi.s64.f32
fill f32_ou64 const 7
launch cvt_rpi_s64_f32 1 128 f32_a f32_b f32_c f32_ou64 u32:128
expect f32_ou64 file ${DATA}/cvt_rpi_s64_f32.bin
# cvt.rni.u8.f64
fill f64_ou8 const 7
launch cvt_rni_u8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rni_u8_f64.bin
# cvt.rzi.u8.f64
fill f64_ou8 const 7
launch cvt_rzi_u8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rzi_u8_f64.bin
# cvt.rmi.u8.f64
fill f64_ou8 const 7
launch cvt_rmi_u8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rmi_u8_f64.bin
# cvt.rpi.u8.f64
fill f64_ou8 const 7
launch cvt_rpi_u8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rpi_u8_f64.bin
# cvt.rni.u16.f64
fill f64_ou16 const 7
launch cvt_rni_u16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rni_u16_f64.bin
# cvt.rzi.u16.f64
fill f64_ou16 const 7
launch cvt_rzi_u16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rzi_u16_f64.bin
# cvt.rmi.u16.f64
fill f64_ou16 const 7
launch cvt_rmi_u16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rmi_u16_f64.bin
# cvt.rpi.u16.f64
fill f64_ou16 const 7
launch cvt_rpi_u16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rpi_u16_f64.bin
# cvt.rni.u32.f64
fill f64_ou32 const 7
launch cvt_rni_u32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rni_u32_f64.bin
# cvt.rzi.u32.f64
fill f64_ou32 const 7
launch cvt_rzi_u32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rzi_u32_f64.bin
# cvt.rmi.u32.f64
fill f64_ou32 const 7
launch cvt_rmi_u32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rmi_u32_f64.bin
# cvt.rpi.u32.f64
fill f64_ou32 const 7
launch cvt_rpi_u32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rpi_u32_f64.bin
# cvt.rni.u64.f64
fill f64_ou64 const 7
launch cvt_rni_u64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rni_u64_f64.bin
# cvt.rzi.u64.f64
fill f64_ou64 const 7
launch cvt_rzi_u64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rzi_u64_f64.bin
# cvt.rmi.u64.f64
fill f64_ou64 const 7
launch cvt_rmi_u64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rmi_u64_f64.bin
# cvt.rpi.u64.f64
fill f64_ou64 const 7
launch cvt_rpi_u64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rpi_u64_f64.bin
# cvt.rni.s8.f64
fill f64_ou8 const 7
launch cvt_rni_s8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rni_s8_f64.bin
# cvt.rzi.s8.f64
fill f64_ou8 const 7
launch cvt_rzi_s8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rzi_s8_f64.bin
# cvt.rmi.s8.f64
fill f64_ou8 const 7
launch cvt_rmi_s8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rmi_s8_f64.bin
# cvt.rpi.s8.f64
fill f64_ou8 const 7
launch cvt_rpi_s8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rpi_s8_f64.bin
# cvt.rni.s16.f64
fill f64_ou16 const 7
launch cvt_rni_s16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rni_s16_f64.bin
# cvt.rzi.s16.f64
fill f64_ou16 const 7
launch cvt_rzi_s16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rzi_s16_f64.bin
# cvt.rmi.s16.f64
fill f64_ou16 const 7
launch cvt_rmi_s16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rmi_s16_f64.bin
# cvt.rpi.s16.f64
fill f64_ou16 const 7
launch cvt_rpi_s16_f64 1 128 f64_a f64_b f64_c f64_ou16 u32:128
expect f64_ou16 file ${DATA}/cvt_rpi_s16_f64.bin
# cvt.rni.s32.f64
fill f64_ou32 const 7
launch cvt_rni_s32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rni_s32_f64.bin
# cvt.rzi.s32.f64
fill f64_ou32 const 7
launch cvt_rzi_s32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rzi_s32_f64.bin
# cvt.rmi.s32.f64
fill f64_ou32 const 7
launch cvt_rmi_s32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rmi_s32_f64.bin
# cvt.rpi.s32.f64
fill f64_ou32 const 7
launch cvt_rpi_s32_f64 1 128 f64_a f64_b f64_c f64_ou32 u32:128
expect f64_ou32 file ${DATA}/cvt_rpi_s32_f64.bin
# cvt.rni.s64.f64
fill f64_ou64 const 7
launch cvt_rni_s64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rni_s64_f64.bin
# cvt.rzi.s64.f64
fill f64_ou64 const 7
launch cvt_rzi_s64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rzi_s64_f64.bin
# cvt.rmi.s64.f64
fill f64_ou64 const 7
launch cvt_rmi_s64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rmi_s64_f64.bin
# cvt.rpi.s64.f64
fill f64_ou64 const 7
launch cvt_rpi_s64_f64 1 128 f64_a f64_b f64_c f64_ou64 u32:128
expect f64_ou64 file ${DATA}/cvt_rpi_s64_f64.bin
# cvt.rpi.ftz.s32.f32 (.ftz: a subnormal f32 is a zero of the same sign, "subnormal inputs are flushed to sign-preserving zero")
fill f32_ou32 const 7
launch cvt_rpi_ftz_s32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rpi_ftz_s32_f32.bin
# cvt.rmi.ftz.s32.f32 (.ftz: a subnormal f32 is a zero of the same sign, "subnormal inputs are flushed to sign-preserving zero")
fill f32_ou32 const 7
launch cvt_rmi_ftz_s32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rmi_ftz_s32_f32.bin
# cvt.rpi.ftz.u16.f32 (.ftz: a subnormal f32 is a zero of the same sign, "subnormal inputs are flushed to sign-preserving zero")
fill f32_ou16 const 7
launch cvt_rpi_ftz_u16_f32 1 128 f32_a f32_b f32_c f32_ou16 u32:128
expect f32_ou16 file ${DATA}/cvt_rpi_ftz_u16_f32.bin
# cvt.rzi.sat.s32.f32: .sat is redundant for float to integer
fill f32_ou32 const 7
launch cvt_rzi_sat_s32_f32 1 128 f32_a f32_b f32_c f32_ou32 u32:128
expect f32_ou32 file ${DATA}/cvt_rzi_sat_s32_f32.bin
# cvt.rni.sat.u8.f64
fill f64_ou8 const 7
launch cvt_rni_sat_u8_f64 1 128 f64_a f64_b f64_c f64_ou8 u32:128
expect f64_ou8 file ${DATA}/cvt_rni_sat_u8_f64.bin
# cvt.rni.s32.f16 (f16 source in a .b16 register)
fill f16_ou32 const 7
launch cvt_rni_s32_f16 1 128 f16_a f16_b f16_c f16_ou32 u32:48
expect f16_ou32 file ${DATA}/cvt_rni_s32_f16.bin
# cvt.rzi.s32.f16 (f16 source in a .b16 register)
fill f16_ou32 const 7
launch cvt_rzi_s32_f16 1 128 f16_a f16_b f16_c f16_ou32 u32:48
expect f16_ou32 file ${DATA}/cvt_rzi_s32_f16.bin
# cvt.rmi.s32.f16 (f16 source in a .b16 register)
fill f16_ou32 const 7
launch cvt_rmi_s32_f16 1 128 f16_a f16_b f16_c f16_ou32 u32:48
expect f16_ou32 file ${DATA}/cvt_rmi_s32_f16.bin
# cvt.rpi.s32.f16 (f16 source in a .b16 register)
fill f16_ou32 const 7
launch cvt_rpi_s32_f16 1 128 f16_a f16_b f16_c f16_ou32 u32:48
expect f16_ou32 file ${DATA}/cvt_rpi_s32_f16.bin
# cvt.rzi.u8.f16 (f16 source in a .b16 register)
fill f16_ou8 const 7
launch cvt_rzi_u8_f16 1 128 f16_a f16_b f16_c f16_ou8 u32:48
expect f16_ou8 file ${DATA}/cvt_rzi_u8_f16.bin
# cvt.rmi.s64.f16 (f16 source in a .b16 register)
fill f16_ou64 const 7
launch cvt_rmi_s64_f16 1 128 f16_a f16_b f16_c f16_ou64 u32:48
expect f16_ou64 file ${DATA}/cvt_rmi_s64_f16.bin
# cvt.rpi.u16.f16 (f16 source in a .b16 register)
fill f16_ou16 const 7
launch cvt_rpi_u16_f16 1 128 f16_a f16_b f16_c f16_ou16 u32:48
expect f16_ou16 file ${DATA}/cvt_rpi_u16_f16.bin
# cvt.rni.u32.f16 (f16 source in a .b16 register)
fill f16_ou32 const 7
launch cvt_rni_u32_f16 1 128 f16_a f16_b f16_c f16_ou32 u32:48
expect f16_ou32 file ${DATA}/cvt_rni_u32_f16.bin
# cvt.rzi.u8.f32 of NaN
# "In float-to-integer conversions, depending upon conversion types, NaN input results in: Zero if
# source is not .f64 and destination is not .s64, .u64; otherwise 1 << (BitWidth(dst) - 1)" (PTX ISA, cvt)
fill n32_ou8 const 7
launch cvt_rzi_u8_f32_nan 1 128 n32_a n32_b n32_c n32_ou8 u32:4
expect n32_ou8 file ${DATA}/cvt_rzi_u8_f32_nan.bin
# cvt.rzi.u16.f32 of NaN
fill n32_ou16 const 7
launch cvt_rzi_u16_f32_nan 1 128 n32_a n32_b n32_c n32_ou16 u32:4
expect n32_ou16 file ${DATA}/cvt_rzi_u16_f32_nan.bin
# cvt.rzi.u32.f32 of NaN
fill n32_ou32 const 7
launch cvt_rzi_u32_f32_nan 1 128 n32_a n32_b n32_c n32_ou32 u32:4
expect n32_ou32 file ${DATA}/cvt_rzi_u32_f32_nan.bin
# cvt.rzi.u64.f32 of NaN
fill n32_ou64 const 7
launch cvt_rzi_u64_f32_nan 1 128 n32_a n32_b n32_c n32_ou64 u32:4
expect n32_ou64 file ${DATA}/cvt_rzi_u64_f32_nan.bin
# cvt.rzi.s8.f32 of NaN
fill n32_ou8 const 7
launch cvt_rzi_s8_f32_nan 1 128 n32_a n32_b n32_c n32_ou8 u32:4
expect n32_ou8 file ${DATA}/cvt_rzi_s8_f32_nan.bin
# cvt.rzi.s16.f32 of NaN
fill n32_ou16 const 7
launch cvt_rzi_s16_f32_nan 1 128 n32_a n32_b n32_c n32_ou16 u32:4
expect n32_ou16 file ${DATA}/cvt_rzi_s16_f32_nan.bin
# cvt.rzi.s32.f32 of NaN
fill n32_ou32 const 7
launch cvt_rzi_s32_f32_nan 1 128 n32_a n32_b n32_c n32_ou32 u32:4
expect n32_ou32 file ${DATA}/cvt_rzi_s32_f32_nan.bin
# cvt.rzi.s64.f32 of NaN
fill n32_ou64 const 7
launch cvt_rzi_s64_f32_nan 1 128 n32_a n32_b n32_c n32_ou64 u32:4
expect n32_ou64 file ${DATA}/cvt_rzi_s64_f32_nan.bin
# cvt.rzi.u8.f64 of NaN
fill n64_ou8 const 7
launch cvt_rzi_u8_f64_nan 1 128 n64_a n64_b n64_c n64_ou8 u32:4
expect n64_ou8 file ${DATA}/cvt_rzi_u8_f64_nan.bin
# cvt.rzi.u16.f64 of NaN
fill n64_ou16 const 7
launch cvt_rzi_u16_f64_nan 1 128 n64_a n64_b n64_c n64_ou16 u32:4
expect n64_ou16 file ${DATA}/cvt_rzi_u16_f64_nan.bin
# cvt.rzi.u32.f64 of NaN
fill n64_ou32 const 7
launch cvt_rzi_u32_f64_nan 1 128 n64_a n64_b n64_c n64_ou32 u32:4
expect n64_ou32 file ${DATA}/cvt_rzi_u32_f64_nan.bin
# cvt.rzi.u64.f64 of NaN
fill n64_ou64 const 7
launch cvt_rzi_u64_f64_nan 1 128 n64_a n64_b n64_c n64_ou64 u32:4
expect n64_ou64 file ${DATA}/cvt_rzi_u64_f64_nan.bin
# cvt.rzi.s8.f64 of NaN
fill n64_ou8 const 7
launch cvt_rzi_s8_f64_nan 1 128 n64_a n64_b n64_c n64_ou8 u32:4
expect n64_ou8 file ${DATA}/cvt_rzi_s8_f64_nan.bin
# cvt.rzi.s16.f64 of NaN
fill n64_ou16 const 7
launch cvt_rzi_s16_f64_nan 1 128 n64_a n64_b n64_c n64_ou16 u32:4
expect n64_ou16 file ${DATA}/cvt_rzi_s16_f64_nan.bin
# cvt.rzi.s32.f64 of NaN
fill n64_ou32 const 7
launch cvt_rzi_s32_f64_nan 1 128 n64_a n64_b n64_c n64_ou32 u32:4
expect n64_ou32 file ${DATA}/cvt_rzi_s32_f64_nan.bin
# cvt.rzi.s64.f64 of NaN
fill n64_ou64 const 7
launch cvt_rzi_s64_f64_nan 1 128 n64_a n64_b n64_c n64_ou64 u32:4
expect n64_ou64 file ${DATA}/cvt_rzi_s64_f64_nan.bin
# cvt.rni.s32.f16 of NaN
fill n16_ou32 const 7
launch cvt_rni_s32_f16_nan 1 128 n16_a n16_b n16_c n16_ou32 u32:4
expect n16_ou32 file ${DATA}/cvt_rni_s32_f16_nan.bin
# cvt.rni.s64.f16 of NaN
fill n16_ou64 const 7
launch cvt_rni_s64_f16_nan 1 128 n16_a n16_b n16_c n16_ou64 u32:4
expect n16_ou64 file ${DATA}/cvt_rni_s64_f16_nan.bin
# cvt.rni.u16.f16 of NaN
fill n16_ou16 const 7
launch cvt_rni_u16_f16_nan 1 128 n16_a n16_b n16_c n16_ou16 u32:4
expect n16_ou16 file ${DATA}/cvt_rni_u16_f16_nan.bin
