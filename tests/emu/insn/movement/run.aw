# Per-instruction semantics tests: data movement (tests/emu/insn/movement): mov (immediates, pack and
# unpack of {vectors}), ld of sub-word types into wider registers (sign/zero extension), st of the low
# bits of wider registers, v2/v4 loads and stores, st of immediates, shared and local memory.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set b1: 256 elements -- every byte value 0..255
alloc b1_a u8 256
fill b1_a file ${DATA}/b1_a.bin
alloc b1_b u8 256
fill b1_b file ${DATA}/b1_b.bin
alloc b1_c u8 256
fill b1_c file ${DATA}/b1_c.bin
# input set b2: 256 elements -- 16-bit values: 0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x8080, ..., then random
alloc b2_a u16 256
fill b2_a file ${DATA}/b2_a.bin
alloc b2_b u16 256
fill b2_b file ${DATA}/b2_b.bin
alloc b2_c u16 256
fill b2_c file ${DATA}/b2_c.bin
# input set b4: 256 elements -- 32-bit values: edge values with bytes and half-words of both signs, then random
alloc b4_a u32 256
fill b4_a file ${DATA}/b4_a.bin
alloc b4_b u32 256
fill b4_b file ${DATA}/b4_b.bin
alloc b4_c u32 256
fill b4_c file ${DATA}/b4_c.bin
# input set b8: 256 elements -- 64-bit values: edge values, then random
alloc b8_a u64 256
fill b8_a file ${DATA}/b8_a.bin
alloc b8_b u64 256
fill b8_b file ${DATA}/b8_b.bin
alloc b8_c u64 256
fill b8_c file ${DATA}/b8_c.bin
alloc b1_ou32 u32 256
alloc b1_ou16 u16 256
alloc b1_ou64 u64 256
alloc b1_ou8 u8 256
alloc b2_ou32 u32 256
alloc b2_ou64 u64 256
alloc b2_ou16 u16 256
alloc b4_ou64 u64 256
alloc b4_ou32 u32 256
alloc b8_ou64 u64 256
alloc b8_ou32 u32 256

# ld.global.s8 into a .b32 register, d = that register. "A destination register wider than the specified type may be used. The value loaded is sign-extended
# to the destination register width for signed integers, and is zero-extended to the destination
# register width for unsigned and bit-size types." (PTX ISA, ld)
fill b1_ou32 const 7
launch ld_s8_b32 2 128 b1_a b1_b b1_c b1_ou32 u32:256
expect b1_ou32 file ${DATA}/ld_s8_b32.bin
# ld.global.u8 into a .b32 register: zero-extended
fill b1_ou32 const 7
launch ld_u8_b32 2 128 b1_a b1_b b1_c b1_ou32 u32:256
expect b1_ou32 file ${DATA}/ld_u8_b32.bin
# ld.global.b8 into a .b32 register: zero-extended
fill b1_ou32 const 7
launch ld_b8_b32 2 128 b1_a b1_b b1_c b1_ou32 u32:256
expect b1_ou32 file ${DATA}/ld_b8_b32.bin
# ld.global.s8 into a .b16 register: sign-extended
fill b1_ou16 const 7
launch ld_s8_b16 2 128 b1_a b1_b b1_c b1_ou16 u32:256
expect b1_ou16 file ${DATA}/ld_s8_b16.bin
# ld.global.u8 into a .b16 register: zero-extended
fill b1_ou16 const 7
launch ld_u8_b16 2 128 b1_a b1_b b1_c b1_ou16 u32:256
expect b1_ou16 file ${DATA}/ld_u8_b16.bin
# ld.global.s8 into a .b64 register: sign-extended
fill b1_ou64 const 7
launch ld_s8_b64 2 128 b1_a b1_b b1_c b1_ou64 u32:256
expect b1_ou64 file ${DATA}/ld_s8_b64.bin
# st.global.u8 of a .b32 register holding a | 0x5a00: only the low byte is stored
fill b1_ou8 const 7
launch st_u8_b32 2 128 b1_a b1_b b1_c b1_ou8 u32:256
expect b1_ou8 file ${DATA}/st_u8_b32.bin
# ld.global.s16 into a .b32 register: sign-extended
fill b2_ou32 const 7
launch ld_s16_b32 2 128 b2_a b2_b b2_c b2_ou32 u32:256
expect b2_ou32 file ${DATA}/ld_s16_b32.bin
# ld.global.u16 into a .b32 register: zero-extended
fill b2_ou32 const 7
launch ld_u16_b32 2 128 b2_a b2_b b2_c b2_ou32 u32:256
expect b2_ou32 file ${DATA}/ld_u16_b32.bin
# ld.global.s16 into a .b64 register: sign-extended
fill b2_ou64 const 7
launch ld_s16_b64 2 128 b2_a b2_b b2_c b2_ou64 u32:256
expect b2_ou64 file ${DATA}/ld_s16_b64.bin
# st.global.u16 of a .b32 register holding a | 0xabcd0000: only the low half-word is stored
fill b2_ou16 const 7
launch st_u16_b32 2 128 b2_a b2_b b2_c b2_ou16 u32:256
expect b2_ou16 file ${DATA}/st_u16_b32.bin
# ld.global.v2.u8 {x, y}: x = byte 0, y = byte 1; d = x << 8 | y (the bytes swapped)
fill b2_ou16 const 7
launch ld_v2_u8 2 128 b2_a b2_b b2_c b2_ou16 u32:256
expect b2_ou16 file ${DATA}/ld_v2_u8.bin
# ld.global.v2.s8 {x, y} into .b32 registers: d = y, byte 1 sign-extended
fill b2_ou32 const 7
launch ld_v2_s8_hi 2 128 b2_a b2_b b2_c b2_ou32 u32:256
expect b2_ou32 file ${DATA}/ld_v2_s8_hi.bin
# ld.global.v2.s8 {x, y} into .b32 registers: d = x, byte 0 sign-extended
fill b2_ou32 const 7
launch ld_v2_s8_lo 2 128 b2_a b2_b b2_c b2_ou32 u32:256
expect b2_ou32 file ${DATA}/ld_v2_s8_lo.bin
# ld.global.s32 into a .b64 register: sign-extended
fill b4_ou64 const 7
launch ld_s32_b64 2 128 b4_a b4_b b4_c b4_ou64 u32:256
expect b4_ou64 file ${DATA}/ld_s32_b64.bin
# ld.global.u32 into a .b64 register: zero-extended
fill b4_ou64 const 7
launch ld_u32_b64 2 128 b4_a b4_b b4_c b4_ou64 u32:256
expect b4_ou64 file ${DATA}/ld_u32_b64.bin
# ld.global.v2.s16 {x, y} into .b32 registers (each sign-extended): d = x ^ (y << 1)
fill b4_ou32 const 7
launch ld_v2_s16_b32 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/ld_v2_s16_b32.bin
# ld.global.v4.u8 {b0, b1, b2, b3} into .b16 registers, packed back with mov.b32 {lo, hi} (lo = bits 15..0):
# d = (mov.b32 {b3, b2} << 8) | mov.b32 {b1, b0} = b1 | b3 << 8 | b0 << 16 | b2 << 24
fill b4_ou32 const 7
launch ld_v4_u8 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/ld_v4_u8.bin
# st.global.v4.u8 [d], {b3, b2, b1, b0} of the bytes of a (in .b16 registers): d = a with its bytes reversed
fill b4_ou32 const 7
launch st_v4_u8 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/st_v4_u8.bin
# mov.b32 {lo, hi}, a (unpack: lo gets bits 15..0) then mov.b32 d, {hi, lo} (pack): d = a rotated by 16
fill b4_ou32 const 7
launch mov_b32_halves 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/mov_b32_halves.bin
# st.global.u32 of an immediate
fill b4_ou32 const 7
launch st_imm_u32 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/st_imm_u32.bin
# mov.s32 of the immediate -7
fill b4_ou32 const 7
launch mov_imm_s32 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/mov_imm_s32.bin
# mov.f32 of 0f3fc00000 (1.5), moved to a .b32 register
fill b4_ou32 const 7
launch mov_imm_f32 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/mov_imm_f32.bin
# mov.f32 of the decimal immediate -2.5
fill b4_ou32 const 7
launch mov_imm_f32_dec 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/mov_imm_f32_dec.bin
# mov.u16 of 0xfffe
fill b2_ou16 const 7
launch mov_imm_u16 2 128 b2_a b2_b b2_c b2_ou16 u32:256
expect b2_ou16 file ${DATA}/mov_imm_u16.bin
# mov.b64 {lo, hi}, a then mov.b64 d, {hi, lo}: the 32-bit halves swapped
fill b8_ou64 const 7
launch mov_unpack_b64 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/mov_unpack_b64.bin
# mov.b64 {lo, hi}, a: d = lo (bits 31..0)
fill b8_ou32 const 7
launch mov_unpack_lo 2 128 b8_a b8_b b8_c b8_ou32 u32:256
expect b8_ou32 file ${DATA}/mov_unpack_lo.bin
# mov.b64 {lo, hi}, a: d = hi (bits 63..32)
fill b8_ou32 const 7
launch mov_unpack_hi 2 128 b8_a b8_b b8_c b8_ou32 u32:256
expect b8_ou32 file ${DATA}/mov_unpack_hi.bin
# mov.b64 {h0, h1, h2, h3}, a then mov.b64 d, {h3, h2, h1, h0}: the 16-bit quarters reversed
fill b8_ou64 const 7
launch mov_b64_quarters 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/mov_b64_quarters.bin
# mov.b64 to an .f64 register, mov.f64, mov.b64 back: the bits unchanged (NaN payloads included)
fill b8_ou64 const 7
launch mov_b64_f64 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/mov_b64_f64.bin
# mov.b64 of a 64-bit immediate
fill b8_ou64 const 7
launch mov_imm_b64 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/mov_imm_b64.bin
# mov.f64 of 0d400921fb54442d18 (pi)
fill b8_ou64 const 7
launch mov_imm_f64 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/mov_imm_f64.bin
# ld.global.v2.u32 {x, y} (x at the lower address): d = {y, x}
fill b8_ou64 const 7
launch ld_v2_u32 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/ld_v2_u32.bin
# ld.global.v2.f32 {x, y}: d = {y, x} (bits unchanged, NaNs included)
fill b8_ou64 const 7
launch ld_v2_f32 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/ld_v2_f32.bin
# ld.global.v4.u32 {x, y, z, w} of elements 2k, 2k+1 (x = low half of element 2k):
# thread 2k stores {w, x}, thread 2k+1 stores {y, z}
fill b8_ou64 const 7
launch ld_v4_u32 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/ld_v4_u32.bin
# ld.global.v2.u64 {p, q} of elements 2k, 2k+1: thread 2k stores q, thread 2k+1 stores p
fill b8_ou64 const 7
launch ld_v2_u64 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/ld_v2_u64.bin
# ld.global.v4.f32 {x, y, z, w} of elements 2k, 2k+1: thread 2k stores {z, y}, thread 2k+1 stores {x, w}
fill b8_ou64 const 7
launch ld_v4_f32 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/ld_v4_f32.bin
# even threads: ld.global.v4.u32 {x, y, z, w} of elements 2k, 2k+1, st.global.v4.u32 {y, x, w, z}:
# every element gets its 32-bit halves swapped
fill b8_ou64 const 7
launch st_v4_u32 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/st_v4_u32.bin
# even threads: ld.global.v2.u64 {p, q}, st.global.v2.u64 {q, p}: neighbouring elements swapped
fill b8_ou64 const 7
launch st_v2_u64 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/st_v2_u64.bin
# st.global.v2.u32 [d], {lo, 0xdeadbeef}: a vector with an immediate element
fill b8_ou64 const 7
launch st_v2_imm 2 128 b8_a b8_b b8_c b8_ou64 u32:256
expect b8_ou64 file ${DATA}/st_v2_imm.bin
# shared memory: st.shared.u32 a, st.shared.u8 of a at byte 1 (only its low byte), ld.shared.s8 of byte 3
# (sign-extended), ld.shared.u32: d = sext(byte 3 of a) ^ (a with byte 1 replaced by byte 0)
fill b4_ou32 const 7
launch shared_u8_s8 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/shared_u8_s8.bin
# local memory: st.local.u32 a, then ld.local.s16 of the high half (sign-extended) plus ld.local.u16 of the low half
fill b4_ou32 const 7
launch local_s16 2 128 b4_a b4_b b4_c b4_ou32 u32:256
expect b4_ou32 file ${DATA}/local_s16.bin
