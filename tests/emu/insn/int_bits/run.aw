# Per-instruction semantics tests: bit manipulation, logic and shifts (tests/emu/insn/int_bits).
# One kernel per instruction variant: thread i loads a[i], b[i], c[i], executes the
# instruction and stores d[i].  Expected values: ref.c, from the PTX ISA definitions.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set u32: 256 elements -- bit patterns: edge values (0, 1, 2^31, all ones, INT_MAX, 0x12345678, ...) then random, with random run lengths of ones and zeros
alloc u32_a u32 256
fill u32_a file ${DATA}/u32_a.bin
alloc u32_b u32 256
fill u32_b file ${DATA}/u32_b.bin
alloc u32_c u32 256
fill u32_c file ${DATA}/u32_c.bin
# input set u64: 256 elements -- 64-bit bit patterns, as u32
alloc u64_a u64 256
fill u64_a file ${DATA}/u64_a.bin
alloc u64_b u64 256
fill u64_b file ${DATA}/u64_b.bin
alloc u64_c u64 256
fill u64_c file ${DATA}/u64_c.bin
# input set sh32: 320 elements -- a, b: bit patterns; c: shift amounts 0, 1, 7, 8, 16, 31, 32, 33, 63, 64, 255, 256, 2^31, 0xffffffff, ... (every amount with every pattern)
alloc sh32_a u32 320
fill sh32_a file ${DATA}/sh32_a.bin
alloc sh32_b u32 320
fill sh32_b file ${DATA}/sh32_b.bin
alloc sh32_c u32 320
fill sh32_c file ${DATA}/sh32_c.bin
# input set sh64: 320 elements -- a, b: 64-bit patterns; c: shift amounts as in sh32
alloc sh64_a u64 320
fill sh64_a file ${DATA}/sh64_a.bin
alloc sh64_b u64 320
fill sh64_b file ${DATA}/sh64_b.bin
alloc sh64_c u32 320
fill sh64_c file ${DATA}/sh64_c.bin
# input set sh16: 320 elements -- a, b: 16-bit patterns; c: shift amounts 0, 1, 15, 16, 17, 31, 32, 0xffffffff, ...
alloc sh16_a u16 320
fill sh16_a file ${DATA}/sh16_a.bin
alloc sh16_b u16 320
fill sh16_b file ${DATA}/sh16_b.bin
alloc sh16_c u32 320
fill sh16_c file ${DATA}/sh16_c.bin
# input set bf32: 1344 elements -- a: 6 patterns x b (pos): 16 values x c (len): 14 values, including 0, 31, 32, 33, 255, 256 and values above 255 (only the low 8 bits count)
alloc bf32_a u32 1344
fill bf32_a file ${DATA}/bf32_a.bin
alloc bf32_b u32 1344
fill bf32_b file ${DATA}/bf32_b.bin
alloc bf32_c u32 1344
fill bf32_c file ${DATA}/bf32_c.bin
# input set bf64: 1344 elements -- a: 6 64-bit patterns x pos x len, as bf32 but around 63/64
alloc bf64_a u64 1344
fill bf64_a file ${DATA}/bf64_a.bin
alloc bf64_b u32 1344
fill bf64_b file ${DATA}/bf64_b.bin
alloc bf64_c u32 1344
fill bf64_c file ${DATA}/bf64_c.bin
# input set pm: 256 elements -- a, b: bytes with and without their sign bit set; c: random selectors (upper bits set too)
alloc pm_a u32 256
fill pm_a file ${DATA}/pm_a.bin
alloc pm_b u32 256
fill pm_b file ${DATA}/pm_b.bin
alloc pm_c u32 256
fill pm_c file ${DATA}/pm_c.bin
alloc u32_ou32 u32 256
alloc u64_ou32 u32 256
alloc u64_ou64 u64 256
alloc sh32_ou32 u32 320
alloc sh64_ou64 u64 320
alloc sh16_ou16 u16 320
alloc bf32_ou32 u32 1344
alloc bf64_ou64 u64 1344
alloc pm_ou32 u32 256

# popc.b32: number of one bits
fill u32_ou32 const 7
launch popc_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/popc_b32.bin
# clz.b32: leading zeros (32 for 0)
fill u32_ou32 const 7
launch clz_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/clz_b32.bin
# bfind.u32: position of the most significant 1 bit, 0xffffffff for 0
fill u32_ou32 const 7
launch bfind_u32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/bfind_u32.bin
# bfind.s32: position of the most significant bit that differs from the sign (of ~a for negative a), 0xffffffff for 0 and -1
fill u32_ou32 const 7
launch bfind_s32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/bfind_s32.bin
# bfind.shiftamt.u32: 31 - position (the left shift that normalizes), 0xffffffff for 0
fill u32_ou32 const 7
launch bfind_shiftamt_u32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/bfind_shiftamt_u32.bin
# bfind.shiftamt.s32
fill u32_ou32 const 7
launch bfind_shiftamt_s32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/bfind_shiftamt_s32.bin
# brev.b32: bit reversal
fill u32_ou32 const 7
launch brev_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/brev_b32.bin
# and.b32
fill u32_ou32 const 7
launch and_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/and_b32.bin
# or.b32
fill u32_ou32 const 7
launch or_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/or_b32.bin
# xor.b32
fill u32_ou32 const 7
launch xor_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/xor_b32.bin
# not.b32
fill u32_ou32 const 7
launch not_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/not_b32.bin
# cnot.b32: 1 if a == 0, else 0
fill u32_ou32 const 7
launch cnot_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/cnot_b32.bin
# and.b32 with an immediate
fill u32_ou32 const 7
launch and_imm_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/and_imm_b32.bin
# xor.b32 with the immediate -1 (all ones)
fill u32_ou32 const 7
launch xor_imm_b32 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/xor_imm_b32.bin
# lop3.b32 LUT 0x00: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_00 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_00.bin
# lop3.b32 LUT 0xff: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_ff 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_ff.bin
# lop3.b32 LUT 0xf0: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_f0 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_f0.bin
# lop3.b32 LUT 0xcc: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_cc 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_cc.bin
# lop3.b32 LUT 0xaa: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_aa 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_aa.bin
# lop3.b32 LUT 0x96: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_96 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_96.bin
# lop3.b32 LUT 0xe8: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_e8 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_e8.bin
# lop3.b32 LUT 0xca: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_ca 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_ca.bin
# lop3.b32 LUT 0x80: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_80 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_80.bin
# lop3.b32 LUT 0xfe: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_fe 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_fe.bin
# lop3.b32 LUT 0x1e: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_1e 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_1e.bin
# lop3.b32 LUT 0x6a: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_6a 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_6a.bin
# lop3.b32 LUT 0x3c: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_3c 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_3c.bin
# lop3.b32 LUT 0x01: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_01 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_01.bin
# lop3.b32 LUT 0xb4: bit i of d = bit (a_i*4 + b_i*2 + c_i) of the LUT
fill u32_ou32 const 7
launch lop3_b4 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/lop3_b4.bin
# and/or/xor/not.pred on p = a & 1, q = b & 1: d = (p&q) | (p|q)<<1 | (p^q)<<2 | (!p)<<3
fill u32_ou32 const 7
launch pred_logic 2 128 u32_a u32_b u32_c u32_ou32 u32:256
expect u32_ou32 file ${DATA}/pred_logic.bin
# popc.b64 (result .u32)
fill u64_ou32 const 7
launch popc_b64 2 128 u64_a u64_b u64_c u64_ou32 u32:256
expect u64_ou32 file ${DATA}/popc_b64.bin
# clz.b64 (64 for 0)
fill u64_ou32 const 7
launch clz_b64 2 128 u64_a u64_b u64_c u64_ou32 u32:256
expect u64_ou32 file ${DATA}/clz_b64.bin
# bfind.u64
fill u64_ou32 const 7
launch bfind_u64 2 128 u64_a u64_b u64_c u64_ou32 u32:256
expect u64_ou32 file ${DATA}/bfind_u64.bin
# bfind.s64
fill u64_ou32 const 7
launch bfind_s64 2 128 u64_a u64_b u64_c u64_ou32 u32:256
expect u64_ou32 file ${DATA}/bfind_s64.bin
# bfind.shiftamt.u64: 63 - position
fill u64_ou32 const 7
launch bfind_shiftamt_u64 2 128 u64_a u64_b u64_c u64_ou32 u32:256
expect u64_ou32 file ${DATA}/bfind_shiftamt_u64.bin
# bfind.shiftamt.s64
fill u64_ou32 const 7
launch bfind_shiftamt_s64 2 128 u64_a u64_b u64_c u64_ou32 u32:256
expect u64_ou32 file ${DATA}/bfind_shiftamt_s64.bin
# brev.b64
fill u64_ou64 const 7
launch brev_b64 2 128 u64_a u64_b u64_c u64_ou64 u32:256
expect u64_ou64 file ${DATA}/brev_b64.bin
# and.b64
fill u64_ou64 const 7
launch and_b64 2 128 u64_a u64_b u64_c u64_ou64 u32:256
expect u64_ou64 file ${DATA}/and_b64.bin
# or.b64
fill u64_ou64 const 7
launch or_b64 2 128 u64_a u64_b u64_c u64_ou64 u32:256
expect u64_ou64 file ${DATA}/or_b64.bin
# xor.b64
fill u64_ou64 const 7
launch xor_b64 2 128 u64_a u64_b u64_c u64_ou64 u32:256
expect u64_ou64 file ${DATA}/xor_b64.bin
# not.b64
fill u64_ou64 const 7
launch not_b64 2 128 u64_a u64_b u64_c u64_ou64 u32:256
expect u64_ou64 file ${DATA}/not_b64.bin
# cnot.b64
fill u64_ou64 const 7
launch cnot_b64 2 128 u64_a u64_b u64_c u64_ou64 u32:256
expect u64_ou64 file ${DATA}/cnot_b64.bin
# shl.b32: zero fill; amount >= 32 gives 0.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh32_ou32 const 7
launch shl_b32 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shl_b32.bin
# shr.u32: zero fill; amount >= 32 gives 0.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh32_ou32 const 7
launch shr_u32 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shr_u32.bin
# shr.s32: sign fill; amount >= 32 gives 0 or -1.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh32_ou32 const 7
launch shr_s32 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shr_s32.bin
# shl.b32 by the immediate 33: 0
fill sh32_ou32 const 7
launch shl_imm33_b32 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shl_imm33_b32.bin
# shr.s32 by the immediate 40: the sign, replicated
fill sh32_ou32 const 7
launch shr_imm40_s32 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shr_imm40_s32.bin
# shr.u32 by the immediate 31
fill sh32_ou32 const 7
launch shr_imm31_u32 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shr_imm31_u32.bin
# shf.l.wrap.b32: the upper 32 bits of {b,a} << n.
# n = .clamp ? min(c, 32) : c & 0x1f (PTX ISA, shf); a holds bits 31:0 and b bits 63:32.
fill sh32_ou32 const 7
launch shf_l_wrap 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shf_l_wrap.bin
# shf.r.wrap.b32: the lower 32 bits of {b,a} >> n.
# n = .clamp ? min(c, 32) : c & 0x1f (PTX ISA, shf); a holds bits 31:0 and b bits 63:32.
fill sh32_ou32 const 7
launch shf_r_wrap 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shf_r_wrap.bin
# shf.l.clamp.b32 (n = 32 gives a).
# n = .clamp ? min(c, 32) : c & 0x1f (PTX ISA, shf); a holds bits 31:0 and b bits 63:32.
fill sh32_ou32 const 7
launch shf_l_clamp 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shf_l_clamp.bin
# shf.r.clamp.b32 (n = 32 gives b).
# n = .clamp ? min(c, 32) : c & 0x1f (PTX ISA, shf); a holds bits 31:0 and b bits 63:32.
fill sh32_ou32 const 7
launch shf_r_clamp 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shf_r_clamp.bin
# shf.l.wrap.b32 d, a, a, c: rotate left by c & 31
fill sh32_ou32 const 7
launch shf_l_rot 3 128 sh32_a sh32_b sh32_c sh32_ou32 u32:320
expect sh32_ou32 file ${DATA}/shf_l_rot.bin
# shl.b64: amount >= 64 gives 0.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh64_ou64 const 7
launch shl_b64 3 128 sh64_a sh64_b sh64_c sh64_ou64 u32:320
expect sh64_ou64 file ${DATA}/shl_b64.bin
# shr.u64.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh64_ou64 const 7
launch shr_u64 3 128 sh64_a sh64_b sh64_c sh64_ou64 u32:320
expect sh64_ou64 file ${DATA}/shr_u64.bin
# shr.s64: sign fill.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh64_ou64 const 7
launch shr_s64 3 128 sh64_a sh64_b sh64_c sh64_ou64 u32:320
expect sh64_ou64 file ${DATA}/shr_s64.bin
# shl.b16: amount >= 16 gives 0.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh16_ou16 const 7
launch shl_b16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/shl_b16.bin
# shr.u16.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh16_ou16 const 7
launch shr_u16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/shr_u16.bin
# shr.s16: sign fill from bit 15.
# Shift amounts greater than the register width N are clamped to N (PTX ISA, shl/shr).
fill sh16_ou16 const 7
launch shr_s16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/shr_s16.bin
# and.b16
fill sh16_ou16 const 7
launch and_b16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/and_b16.bin
# or.b16
fill sh16_ou16 const 7
launch or_b16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/or_b16.bin
# xor.b16
fill sh16_ou16 const 7
launch xor_b16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/xor_b16.bin
# not.b16
fill sh16_ou16 const 7
launch not_b16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/not_b16.bin
# cnot.b16
fill sh16_ou16 const 7
launch cnot_b16 3 128 sh16_a sh16_b sh16_c sh16_ou16 u32:320
expect sh16_ou16 file ${DATA}/cnot_b16.bin
# bfe.u32 d, a, pos, len.
# pos = b & 0xff, len = c & 0xff; d[i] = (i < len && pos + i <= msb) ? a[pos + i] : sbit,
# sbit = 0 for .u and for len = 0, else a[min(pos + len - 1, msb)] (PTX ISA, bfe).
fill bf32_ou32 const 7
launch bfe_u32 11 128 bf32_a bf32_b bf32_c bf32_ou32 u32:1344
expect bf32_ou32 file ${DATA}/bfe_u32.bin
# bfe.s32 d, a, pos, len.
# pos = b & 0xff, len = c & 0xff; d[i] = (i < len && pos + i <= msb) ? a[pos + i] : sbit,
# sbit = 0 for .u and for len = 0, else a[min(pos + len - 1, msb)] (PTX ISA, bfe).
fill bf32_ou32 const 7
launch bfe_s32 11 128 bf32_a bf32_b bf32_c bf32_ou32 u32:1344
expect bf32_ou32 file ${DATA}/bfe_s32.bin
# bfi.b32 d, a, base, pos, len with base = a ^ 0x5aa5c33c.
# pos = c & 0xff, len = d & 0xff; f = b; f[pos + i] = a[i] for i < len and pos + i <= msb (PTX ISA, bfi).
fill bf32_ou32 const 7
launch bfi_b32 11 128 bf32_a bf32_b bf32_c bf32_ou32 u32:1344
expect bf32_ou32 file ${DATA}/bfi_b32.bin
# bfe.s32 with immediates pos 28, len 8 (field runs past bit 31: sign is bit 31)
fill bf32_ou32 const 7
launch bfe_imm_s32 11 128 bf32_a bf32_b bf32_c bf32_ou32 u32:1344
expect bf32_ou32 file ${DATA}/bfe_imm_s32.bin
# bfe.u64.
# pos = b, len = c, whole (an H200 does not take them & 0xff for 64 bits; tests/gpu); d[i] = (i < len && pos + i <= msb) ? a[pos + i] : sbit,
# sbit = 0 for .u and for len = 0, else a[min(pos + len - 1, msb)] (PTX ISA, bfe).
fill bf64_ou64 const 7
launch bfe_u64 11 128 bf64_a bf64_b bf64_c bf64_ou64 u32:1344
expect bf64_ou64 file ${DATA}/bfe_u64.bin
# bfe.s64.
# pos = b, len = c, whole (an H200 does not take them & 0xff for 64 bits; tests/gpu); d[i] = (i < len && pos + i <= msb) ? a[pos + i] : sbit,
# sbit = 0 for .u and for len = 0, else a[min(pos + len - 1, msb)] (PTX ISA, bfe).
fill bf64_ou64 const 7
launch bfe_s64 11 128 bf64_a bf64_b bf64_c bf64_ou64 u32:1344
expect bf64_ou64 file ${DATA}/bfe_s64.bin
# bfi.b64 d, a, base, pos, len with base = a ^ 0xa5a5a5a55a5a5a5a.
# pos = c, len = d, whole (as bfe.u64); f = b; f[pos + i] = a[i] for i < len and pos + i <= msb (PTX ISA, bfi).
fill bf64_ou64 const 7
launch bfi_b64 11 128 bf64_a bf64_b bf64_c bf64_ou64 u32:1344
expect bf64_ou64 file ${DATA}/bfi_b64.bin
# prmt.b32 (default mode): nibble k of c selects byte k; its bit 3 replicates the sign of the selected byte.
# Bytes of {b, a} are numbered 0..7 (a = 0..3).
fill pm_ou32 const 7
launch prmt_b32 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_b32.bin
# prmt.b32.f4e: only c[1:0] counts.
# Bytes of {b, a} are numbered 0..7 (a = 0..3).
fill pm_ou32 const 7
launch prmt_f4e 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_f4e.bin
# prmt.b32.b4e: only c[1:0] counts.
# Bytes of {b, a} are numbered 0..7 (a = 0..3).
fill pm_ou32 const 7
launch prmt_b4e 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_b4e.bin
# prmt.b32.rc8: only c[1:0] counts.
# Bytes of {b, a} are numbered 0..7 (a = 0..3).
fill pm_ou32 const 7
launch prmt_rc8 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_rc8.bin
# prmt.b32.ecl: only c[1:0] counts.
# Bytes of {b, a} are numbered 0..7 (a = 0..3).
fill pm_ou32 const 7
launch prmt_ecl 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_ecl.bin
# prmt.b32.ecr: only c[1:0] counts.
# Bytes of {b, a} are numbered 0..7 (a = 0..3).
fill pm_ou32 const 7
launch prmt_ecr 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_ecr.bin
# prmt.b32.rc16: only c[1:0] counts.
# Bytes of {b, a} are numbered 0..7 (a = 0..3).
fill pm_ou32 const 7
launch prmt_rc16 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_rc16.bin
# prmt.b32 with the immediate selector 0x8f40 (sign replicate of bytes 7 and 0)
fill pm_ou32 const 7
launch prmt_imm_b32 2 128 pm_a pm_b pm_c pm_ou32 u32:256
expect pm_ou32 file ${DATA}/prmt_imm_b32.bin
