/* emu/core/exec_bits.c -- the bit families (isa/opcodes.def: X_BITS, X_INTOPS): bit
 * manipulation and logic on 32 lanes, and fns, szext, bmsk and the SIMD video
 * instructions, one lane at a time (intops.c).
 */
#include "lanes.h"

/* ---- bit manipulation ---- */

/* pos and len: their low 8 bits for 32-bit types, as the PTX ISA says;
 * the whole 32-bit values for 64-bit types, as a GPU takes them (measured on
 * an H200: bfe.u64 with len 256 takes every bit from pos up, not none) */
static uint64_t bfe(uint64_t a, uint32_t pos, uint32_t len, int t) {
  unsigned msb = tbits[t] - 1;
  if (msb < 63) { pos &= 0xff; len &= 0xff; }
  int sbit = 0;
  if (tkind[t] == TK_SGN && len) { uint64_t top = (uint64_t)pos + len - 1 > msb ? msb : pos + len - 1; sbit = (int)(a >> top & 1); }
  /* bit i of d: bit pos + i of a while i < len and pos + i <= msb, else sbit */
  unsigned n = pos > msb ? 0 : len < msb + 1 - pos ? len : msb + 1 - pos;   /* the bits taken from a */
  uint64_t taken = n ? (a >> pos) & trunc_w(~0ull, n) : 0;
  return taken | (sbit ? trunc_w(~0ull, msb + 1) & ~trunc_w(~0ull, n) : 0);
}

static uint64_t bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, int t) {
  unsigned msb = tbits[t] - 1;
  if (msb < 63) { pos &= 0xff; len &= 0xff; }   /* as bfe */
  /* bits pos .. pos + len - 1 of b (those up to msb) replaced by a's low bits */
  unsigned n = pos > msb ? 0 : len < msb + 1 - pos ? len : msb + 1 - pos;
  if (!n) return trunc_w(b, msb + 1);
  uint64_t field = trunc_w(~0ull, n) << pos;
  return trunc_w((b & ~field) | ((a << pos) & field), msb + 1);
}

static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c, int mode) {
  uint64_t t = ((uint64_t)b << 32) | a;
  uint8_t byte[8];
  for (int i = 0; i < 8; i++) byte[i] = (uint8_t)(t >> (8 * i));
  uint32_t d = 0;
  if (!mode) {
    for (int i = 0; i < 4; i++) {
      uint32_t ctl = (c >> (4 * i)) & 15;
      uint8_t v = byte[ctl & 7];
      if (ctl & 8) v = (v & 0x80) ? 0xff : 0;
      d |= (uint32_t)v << (8 * i);
    }
    return d;
  }
  static const uint8_t sel[6][4][4] = {   /* [mode][c&3][result byte 0..3] */
    { { 0, 1, 2, 3 }, { 1, 2, 3, 4 }, { 2, 3, 4, 5 }, { 3, 4, 5, 6 } },   /* f4e */
    { { 0, 7, 6, 5 }, { 1, 0, 7, 6 }, { 2, 1, 0, 7 }, { 3, 2, 1, 0 } },   /* b4e */
    { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 2, 2, 2, 2 }, { 3, 3, 3, 3 } },   /* rc8 */
    { { 0, 1, 2, 3 }, { 1, 1, 2, 3 }, { 2, 2, 2, 3 }, { 3, 3, 3, 3 } },   /* ecl */
    { { 0, 0, 0, 0 }, { 0, 1, 1, 1 }, { 0, 1, 2, 2 }, { 0, 1, 2, 3 } },   /* ecr */
    { { 0, 1, 0, 1 }, { 2, 3, 2, 3 }, { 0, 1, 0, 1 }, { 2, 3, 2, 3 } },   /* rc16 */
  };
  for (int i = 0; i < 4; i++) d |= (uint32_t)byte[sel[mode - 1][c & 3][i]] << (8 * i);
  return d;
}

static uint32_t bfind(uint64_t a, int t, int shiftamt) {
  unsigned w = tbits[t];
  uint64_t x = trunc_w(a, w);
  if (tkind[t] == TK_SGN && (x >> (w - 1) & 1)) x = trunc_w(~x, w);
  if (!x) return 0xffffffffu;
  uint32_t pos = 63 - (uint32_t)__builtin_clzll(x);
  return shiftamt ? (w - 1 - pos) : pos;
}

/* X_BITS: popc, clz, brev, bfind, bfe, bfi, prmt, shl, shr, shf, and, or, xor, not, cnot, lop3. */
EMU_CLONES
int emu_exec_bits(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t Dbuf[WARP], *D = dst_lanes(w, in, active, Dbuf);
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  switch (in->op) {
  /* popc: d = number of one bits in a
   * clz: d = number of leading zero bits in a
   * brev: d = a with its bits reversed */
  case ISA_OP_POPC: case ISA_OP_CLZ: case ISA_OP_BREV: {
    const uint64_t *a = S(1);
    LANES {
      uint64_t x = trunc_w(a[l], w0);
      if (in->op == ISA_OP_POPC) D[l] = (uint64_t)__builtin_popcountll(x);
      else if (in->op == ISA_OP_CLZ) D[l] = x ? (uint64_t)(__builtin_clzll(x) - (64 - (int)w0)) : w0;
      else D[l] = bit_reverse64(x) >> (64 - w0);   /* (x has w0 bits: its reversal is the 64-bit one's top w0) */
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* bfind: d = position of the most significant non-sign bit of a, or 0xffffffff */
  case ISA_OP_BFIND: {
    const uint64_t *a = S(1);
    LANES D[l] = bfind(a[l], t0, (in->flags & FL_SHIFTAMT) != 0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* bfe: d = bits [b, b+c) of a, sign- or zero-extended */
  case ISA_OP_BFE: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES D[l] = bfe(a[l], (uint32_t)b[l], (uint32_t)cc[l], t0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* bfi: d = b with bits [c, c+d) replaced by the low bits of a */
  case ISA_OP_BFI: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3), *dd = S(4);
    LANES D[l] = bfi(a[l], b[l], (uint32_t)cc[l], (uint32_t)dd[l], t0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* prmt: d = bytes of {b, a} selected by c */
  case ISA_OP_PRMT: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES D[l] = prmt((uint32_t)a[l], (uint32_t)b[l], (uint32_t)cc[l], in->sub);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* shl: d = a << b (0 when b >= width)
   * shr: d = a >> b, arithmetic for .s types */
  case ISA_OP_SHL: case ISA_OP_SHR: {
    const uint64_t *a = S(1), *b = S(2);
    uint64_t m = wmask(w0);
    if (in->op == ISA_OP_SHL) LANES { uint64_t n = b[l] & 0xffffffffu; D[l] = n >= w0 ? 0 : (a[l] << (n & 63)) & m; }
    else if (k0 == TK_SGN) LANES { uint64_t n = trunc_w(b[l], 32); int64_t x = sext_w(a[l], w0); D[l] = trunc_w((uint64_t)(x >> (n >= w0 ? w0 - 1 : n)), w0); }
    else LANES { uint64_t n = b[l] & 0xffffffffu; D[l] = n >= w0 ? 0 : (a[l] & m) >> (n & 63); }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* shf: d = funnel shift of {b, a} by c */
  case ISA_OP_SHF: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    int left = in->sub == 1, clamp = (in->flags & FL_CLAMP) != 0;
    LANES {
      uint32_t n = clamp ? ((uint32_t)cc[l] > 32 ? 32 : (uint32_t)cc[l]) : (uint32_t)cc[l] & 31;
      uint64_t v = ((uint64_t)(uint32_t)b[l] << 32) | (uint32_t)a[l];
      D[l] = left ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* and: d = a & b
   * or: d = a | b
   * xor: d = a ^ b */
  case ISA_OP_AND: case ISA_OP_OR: case ISA_OP_XOR: {
    const uint64_t *a = S(1), *b = S(2);
    if (in->op == ISA_OP_AND) LANES D[l] = a[l] & b[l];
    else if (in->op == ISA_OP_OR) LANES D[l] = a[l] | b[l];
    else LANES D[l] = a[l] ^ b[l];
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* not: d = ~a */
  case ISA_OP_NOT: {
    const uint64_t *a = S(1);
    if (k0 == TK_PRED) LANES D[l] = !(a[l] & 1); else LANES D[l] = trunc_w(~a[l], w0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* cnot: d = (a == 0) ? 1 : 0 */
  case ISA_OP_CNOT: {
    const uint64_t *a = S(1);
    LANES D[l] = trunc_w(a[l], w0) == 0;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* lop3: d = the 3-input function whose truth table is the immediate */
  case ISA_OP_LOP3: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3), *lut = S(4);
    LANES {
      uint32_t x = (uint32_t)a[l], y = (uint32_t)b[l], z = (uint32_t)cc[l], f = (uint32_t)lut[l] & 0xff, r = 0;
      for (int i = 0; i < 32; i++) r |= ((f >> (((x >> i & 1) << 2) | ((y >> i & 1) << 1) | (z >> i & 1))) & 1u) << i;
      D[l] = r;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}

/* X_INTOPS: fns, szext, bmsk, the video instructions, and add, min, max on .u16x2 and .s16x2 and
 * min, max .relu.s32 (which emu_exec_half sends here). */
int emu_exec_intops(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t D[WARP];
  int t0 = in->t0;
  switch (in->op) {
  /* fns: d = the position of the c-th one bit of a counted from bit b (upwards for c > 0, downwards for c < 0; c = 0: bit b itself), or 0xffffffff
   * szext: d = the low b bits of a, sign- (.s32) or zero-extended (.u32); b >= 32 keeps a (.clamp) or counts mod 32 (.wrap)
   * bmsk: d = b one bits from bit a (.clamp: a >= 32 gives 0, b past bit 31 stops there; .wrap: a and b mod 32)
   * vadd2: d = a + b in each halfword (.sat: clamped to d's type); .add: c plus their sum
   * vsub2: d = a - b in each halfword (.sat: clamped to d's type); .add: c plus their sum
   * vavrg2: d = (a + b) / 2 rounded away from zero in each halfword; .add: c plus their sum
   * vabsdiff2: d = |a - b| in each halfword; .add: c plus their sum
   * vmin2: d = min(a, b) in each halfword; .add: c plus their sum
   * vmax2: d = max(a, b) in each halfword; .add: c plus their sum
   * vset2: d = 1 or 0 in each halfword as a CMP b holds; .add: c plus their sum
   * vadd4: d = a + b in each byte (.sat: clamped to d's type); .add: c plus their sum
   * vsub4: d = a - b in each byte (.sat: clamped to d's type); .add: c plus their sum
   * vavrg4: d = (a + b) / 2 rounded away from zero in each byte; .add: c plus their sum
   * vabsdiff4: d = |a - b| in each byte; .add: c plus their sum (a sum of absolute differences)
   * vmin4: d = min(a, b) in each byte; .add: c plus their sum
   * vmax4: d = max(a, b) in each byte; .add: c plus their sum
   * vset4: d = 1 or 0 in each byte as a CMP b holds; .add: c plus their sum
   * (and add, min, max on .u16x2 and .s16x2; min, max .relu.s32)  -- intops.c */
  case ISA_OP_FNS: case ISA_OP_SZEXT: case ISA_OP_BMSK: case ISA_OP_VADD2: case ISA_OP_VSUB2: case ISA_OP_VAVRG2:
  case ISA_OP_VABSDIFF2: case ISA_OP_VMIN2: case ISA_OP_VMAX2: case ISA_OP_VSET2: case ISA_OP_VADD4: case ISA_OP_VSUB4:
  case ISA_OP_VAVRG4: case ISA_OP_VABSDIFF4: case ISA_OP_VMIN4: case ISA_OP_VMAX4: case ISA_OP_VSET4:
  case ISA_OP_ADD: case ISA_OP_MIN: case ISA_OP_MAX: {
    const uint64_t *a = S(1), *b = S(2), *cc = in->nopnd > 3 ? S(3) : b;
    if ((in->op == ISA_OP_MIN || in->op == ISA_OP_MAX) && t0 == ISA_T_S32) {   /* min.relu.s32, max.relu.s32: the result, 0 if negative */
      LANES { int32_t x = (int32_t)a[l], y = (int32_t)b[l], r = in->op == ISA_OP_MIN ? (x < y ? x : y) : (x > y ? x : y); D[l] = (uint32_t)(r < 0 ? 0 : r); }
    } else LANES D[l] = emu_int_op(in, a[l], b[l], cc[l]);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}
