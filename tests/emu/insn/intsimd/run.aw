# Per-instruction semantics tests: fns, szext, bmsk, SIMD video, packed 16-bit integers (tests/emu/insn/intsimd).
# One kernel per variant: thread i loads a[i], b[i], c[i], executes the instruction and stores d[i].
# Expected values: ref.c, from the PTX ISA's pseudocode.  Every expect is exact.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/kernel.ptx
# input set v: 1024 words -- halfword and byte edge values (0, all ones, 0x8000/0x80, 0x7fff/0x7f, 1) pairwise, then random
# input set f: 1024 -- a: masks (0, all ones, alternating, single bits, random); b: bases 0 to 31; c: offsets -40 to 40, 0, INT_MIN, INT_MAX
# input set z: 1024 -- a: edge values and random; b: 0 to 40, 63, 64, 0x80000000, 0xffffffff
alloc v_a u32 1024
fill v_a file ${DATA}/v_a.bin
alloc v_b u32 1024
fill v_b file ${DATA}/v_b.bin
alloc v_c u32 1024
fill v_c file ${DATA}/v_c.bin
alloc v_d u32 1024
alloc f_a u32 1024
fill f_a file ${DATA}/f_a.bin
alloc f_b u32 1024
fill f_b file ${DATA}/f_b.bin
alloc f_c u32 1024
fill f_c file ${DATA}/f_c.bin
alloc f_d u32 1024
alloc z_a u32 1024
fill z_a file ${DATA}/z_a.bin
alloc z_b u32 1024
fill z_b file ${DATA}/z_b.bin
alloc z_c u32 1024
fill z_c file ${DATA}/z_c.bin
alloc z_d u32 1024
# fns: the c-th one bit of a from bit b (c > 0 up, c < 0 down, c = 0 bit b), or 0xffffffff; 0 for c = -2^31 (as an H200)
fill f_d const 7
launch fns_b32 8 128 f_a f_b f_c f_d u32:1024
expect f_d file ${DATA}/fns_b32.bin
# szext.clamp.s32: a's low b bits sign-extended; b >= 32 gives a
fill z_d const 7
launch szext_clamp_s32 8 128 z_a z_b z_c z_d u32:1024
expect z_d file ${DATA}/szext_clamp_s32.bin
# szext.wrap.s32: b mod 32 (0: 0)
fill z_d const 7
launch szext_wrap_s32 8 128 z_a z_b z_c z_d u32:1024
expect z_d file ${DATA}/szext_wrap_s32.bin
# szext.clamp.u32: zero-extended
fill z_d const 7
launch szext_clamp_u32 8 128 z_a z_b z_c z_d u32:1024
expect z_d file ${DATA}/szext_clamp_u32.bin
# szext.wrap.u32
fill z_d const 7
launch szext_wrap_u32 8 128 z_a z_b z_c z_d u32:1024
expect z_d file ${DATA}/szext_wrap_u32.bin
# bmsk.clamp: b ones from bit a; a >= 32: 0; the mask stops at bit 31
fill z_d const 7
launch bmsk_clamp 8 128 z_a z_b z_c z_d u32:1024
expect z_d file ${DATA}/bmsk_clamp.bin
# bmsk.wrap: a and b mod 32
fill z_d const 7
launch bmsk_wrap 8 128 z_a z_b z_c z_d u32:1024
expect z_d file ${DATA}/bmsk_wrap.bin
# vadd2 unsigned, wrapping per halfword
fill v_d const 7
launch vadd2_u 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vadd2_u.bin
# vadd2 signed, clamped to [-32768, 32767]
fill v_d const 7
launch vadd2_s_sat 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vadd2_s_sat.bin
# vsub2, a unsigned, b signed, clamped to the signed range
fill v_d const 7
launch vsub2_s_u_s_sat 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vsub2_s_u_s_sat.bin
# vavrg2: (a + b + 1) >> 1 when the sum is >= 0, else (a + b) >> 1
fill v_d const 7
launch vavrg2_u_s_u 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vavrg2_u_s_u.bin
# vabsdiff2.add: c + |a0 - b0| + |a1 - b1|
fill v_d const 7
launch vabsdiff2_add 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vabsdiff2_add.bin
# vmin2 signed
fill v_d const 7
launch vmin2_s 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vmin2_s.bin
# vmax2 unsigned, .sat (no effect in range)
fill v_d const 7
launch vmax2_u_sat 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vmax2_u_sat.bin
# vset2.ge, a signed, b unsigned: 1 or 0 per halfword
fill v_d const 7
launch vset2_s_u_ge 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vset2_s_u_ge.bin
# vset2.ne.add: c + the number of unequal halfwords
fill v_d const 7
launch vset2_ne_add 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vset2_ne_add.bin
# vadd4 unsigned, clamped to [0, 255]
fill v_d const 7
launch vadd4_u_sat 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vadd4_u_sat.bin
# vsub4 signed, clamped to [-128, 127]
fill v_d const 7
launch vsub4_s_sat 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vsub4_s_sat.bin
# vavrg4 signed (halves away from zero)
fill v_d const 7
launch vavrg4_s 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vavrg4_s.bin
# vabsdiff4.add (what __vsadu4 compiles to): c + the sum of |a_i - b_i|
fill v_d const 7
launch vabsdiff4_add 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vabsdiff4_add.bin
# vabsdiff4 signed, truncated to bytes
fill v_d const 7
launch vabsdiff4_s 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vabsdiff4_s.bin
# vmin4 on signed bytes
fill v_d const 7
launch vmin4_u_s_s 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vmin4_u_s_s.bin
# vmax4.add: c + the sum of the signed maxima
fill v_d const 7
launch vmax4_s_add 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vmax4_s_add.bin
# vset4.lt signed
fill v_d const 7
launch vset4_s_lt 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vset4_s_lt.bin
# vset4.eq.add: c + the number of equal bytes
fill v_d const 7
launch vset4_eq_add 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/vset4_eq_add.bin
# add.u16x2: each halfword, wrapping
fill v_d const 7
launch add_u16x2 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/add_u16x2.bin
# add.s16x2 (the same bits as .u16x2)
fill v_d const 7
launch add_s16x2 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/add_s16x2.bin
# min.u16x2 unsigned per halfword
fill v_d const 7
launch min_u16x2 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/min_u16x2.bin
# min.s16x2 signed per halfword
fill v_d const 7
launch min_s16x2 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/min_s16x2.bin
# max.u16x2
fill v_d const 7
launch max_u16x2 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/max_u16x2.bin
# max.relu.s16x2: negative halves become 0
fill v_d const 7
launch max_relu_s16x2 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/max_relu_s16x2.bin
# min.relu.s16x2
fill v_d const 7
launch min_relu_s16x2 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/min_relu_s16x2.bin
# min.relu.s32: negative results become 0
fill v_d const 7
launch min_relu_s32 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/min_relu_s32.bin
# max.relu.s32
fill v_d const 7
launch max_relu_s32 8 128 v_a v_b v_c v_d u32:1024
expect v_d file ${DATA}/max_relu_s32.bin
