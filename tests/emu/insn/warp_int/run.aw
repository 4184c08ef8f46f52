# Per-instruction semantics tests: dp4a, dp2a, redux.sync, match.sync, elect.sync (tests/emu/insn/warp_int).
# One kernel per variant: thread i loads a[i], b[i], c[i], executes the instruction and stores d[i].
# Expected values: ref.c, from the PTX ISA definitions.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Every expect is exact.
load ${SCRIPT_DIR}/kernel.ptx
# input set dp: 512 elements -- a, b: byte and halfword edge values (0, all ones, 0x80808080, 0x7f7f7f7f, ...) pairwise, then random (many with every byte negative); c: edge values, then random
alloc dp_a u32 512
fill dp_a file ${DATA}/dp_a.bin
alloc dp_b u32 512
fill dp_b file ${DATA}/dp_b.bin
alloc dp_c u32 512
fill dp_c file ${DATA}/dp_c.bin
# input set wp: 256 elements, 8 warps -- a: all equal, all equal and negative, the lane number, small signed values, INT_MAX/INT_MIN-like extremes, random; c: 0xdead0000 + i
alloc wp_a u32 256
fill wp_a file ${DATA}/wp_a.bin
alloc wp_b u32 256
fill wp_b file ${DATA}/wp_b.bin
alloc wp_c u32 256
fill wp_c file ${DATA}/wp_c.bin
# input set w64: 256 elements, 8 warps -- a (u64): all equal; equal low halves only; equal high halves only; four values that share halves crosswise
alloc w64_a u64 256
fill w64_a file ${DATA}/w64_a.bin
alloc w64_b u32 256
fill w64_b file ${DATA}/w64_b.bin
alloc w64_c u32 256
fill w64_c file ${DATA}/w64_c.bin
alloc dp_d u32 512
alloc wp_d u32 256
alloc w64_d u32 256

# dp4a.u32.u32: d = c + sum of a.byte[i] * b.byte[i]
fill dp_d const 7
launch dp4a_uu 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp4a_uu.bin

# dp4a.u32.s32: d = c + sum of a.byte[i] * b.byte[i]
fill dp_d const 7
launch dp4a_us 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp4a_us.bin

# dp4a.s32.u32: d = c + sum of a.byte[i] * b.byte[i]
fill dp_d const 7
launch dp4a_su 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp4a_su.bin

# dp4a.s32.s32: d = c + sum of a.byte[i] * b.byte[i]
fill dp_d const 7
launch dp4a_ss 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp4a_ss.bin

# dp2a.lo.u32.u32: d = c + sum of a.half[i] * b.byte[i + 0]
fill dp_d const 7
launch dp2a_lo_uu 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_lo_uu.bin

# dp2a.lo.u32.s32: d = c + sum of a.half[i] * b.byte[i + 0]
fill dp_d const 7
launch dp2a_lo_us 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_lo_us.bin

# dp2a.lo.s32.u32: d = c + sum of a.half[i] * b.byte[i + 0]
fill dp_d const 7
launch dp2a_lo_su 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_lo_su.bin

# dp2a.lo.s32.s32: d = c + sum of a.half[i] * b.byte[i + 0]
fill dp_d const 7
launch dp2a_lo_ss 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_lo_ss.bin

# dp2a.hi.u32.u32: d = c + sum of a.half[i] * b.byte[i + 2]
fill dp_d const 7
launch dp2a_hi_uu 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_hi_uu.bin

# dp2a.hi.u32.s32: d = c + sum of a.half[i] * b.byte[i + 2]
fill dp_d const 7
launch dp2a_hi_us 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_hi_us.bin

# dp2a.hi.s32.u32: d = c + sum of a.half[i] * b.byte[i + 2]
fill dp_d const 7
launch dp2a_hi_su 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_hi_su.bin

# dp2a.hi.s32.s32: d = c + sum of a.half[i] * b.byte[i + 2]
fill dp_d const 7
launch dp2a_hi_ss 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp2a_hi_ss.bin

# dp4a.s32.s32 with the immediate b = 0x80ff017f and c = -5
fill dp_d const 7
launch dp4a_imm 4 128 dp_a dp_b dp_c dp_d u32:512
expect dp_d file ${DATA}/dp4a_imm.bin

# redux.sync.add.u32 over the whole warp
fill wp_d const 7
launch redux_add_u32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_add_u32.bin

# redux.sync.add.s32 over the whole warp
fill wp_d const 7
launch redux_add_s32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_add_s32.bin

# redux.sync.min.u32 over the whole warp
fill wp_d const 7
launch redux_min_u32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_min_u32.bin

# redux.sync.min.s32 over the whole warp
fill wp_d const 7
launch redux_min_s32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_min_s32.bin

# redux.sync.max.u32 over the whole warp
fill wp_d const 7
launch redux_max_u32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_max_u32.bin

# redux.sync.max.s32 over the whole warp
fill wp_d const 7
launch redux_max_s32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_max_s32.bin

# redux.sync.and.b32 over the whole warp
fill wp_d const 7
launch redux_and_b32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_and_b32.bin

# redux.sync.or.b32 over the whole warp
fill wp_d const 7
launch redux_or_b32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_or_b32.bin

# redux.sync.xor.b32 over the whole warp
fill wp_d const 7
launch redux_xor_b32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_xor_b32.bin

# redux.sync.min.s32 by the lanes with lane % 4 != 0 (membermask 0xeeeeeeee); the others write c
fill wp_d const 7
launch redux_min_s32_part 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/redux_min_s32_part.bin

# match.any.sync.b32 on a & 3
fill wp_d const 7
launch match_any_b32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/match_any_b32.bin

# match.any.sync.b64 on 64-bit a (some equal in their low or high half only)
fill w64_d const 7
launch match_any_b64 2 128 w64_a w64_b w64_c w64_d u32:256
expect w64_d file ${DATA}/match_any_b64.bin

# match.all.sync.b32 d|p on a: d, with p folded in (d ^ 0x5a00 where p holds)
fill wp_d const 7
launch match_all_b32 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/match_all_b32.bin

# match.all.sync.b64 _|p on 64-bit a: d = p
fill w64_d const 7
launch match_all_b64 2 128 w64_a w64_b w64_c w64_d u32:256
expect w64_d file ${DATA}/match_all_b64.bin

# match.any.sync.b32 on a & 1 by the lanes with lane % 4 != 0 (membermask 0xeeeeeeee); the others write c
fill wp_d const 7
launch match_any_part 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/match_any_part.bin

# elect.sync over the whole warp: d | p << 8
fill wp_d const 7
launch elect_full 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/elect_full.bin

# elect.sync by the lanes with lane % 3 == 2 (membermask 0x24924924): d | p << 8; the others write c
fill wp_d const 7
launch elect_part 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/elect_part.bin

# elect.sync _|p over the whole warp: p
fill wp_d const 7
launch elect_sink 2 128 wp_a wp_b wp_c wp_d u32:256
expect wp_d file ${DATA}/elect_sink.bin
