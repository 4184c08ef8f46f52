/* emu/core/intops.c -- integer instructions outside the executor's common path,
 * one lane's value at a time: fns, szext, bmsk, add/min/max on .u16x2 and
 * .s16x2, and the SIMD video instructions (vadd2 ... vmax4, vset2, vset4),
 * as the PTX ISA 9.0 defines them (§9.7.1, §9.7.18.2).
 *
 * Video instructions: the source selectors and the destination mask take
 * their defaults (a's halfwords or bytes in order for a, b's for b, every
 * element of d written); the ISA's operand suffixes that change them
 * (a.h10, d.b0, ...) are not accepted by the assembler.  Each element is
 * extended by its operand's type, computed exactly (.s34 in the ISA), then,
 * with .sat, clamped to the element range of d's type; without .add the
 * elements are truncated to their width and packed, with .add their exact
 * values are summed into c (mod 2^32).
 */
#include "core_int.h"

/* fns: the position of the offset-th one bit of mask counted from bit base
 * (upwards for offset > 0, downwards for offset < 0; 0: bit base itself).
 * An offset of -2^31, whose magnitude an s32 cannot hold, gives 0, as a GPU
 * does (measured on an H200). */
static uint32_t fns(uint32_t mask, uint32_t base, int32_t offset) {
  if (offset == INT32_MIN) return 0;
  if (offset == 0) return base < 32 && (mask >> base & 1) ? base : 0xffffffffu;
  int64_t count = (offset > 0 ? (int64_t)offset : -(int64_t)offset) - 1;
  int inc = offset > 0 ? 1 : -1;
  for (int64_t pos = base; pos >= 0 && pos < 32; pos += inc)
    if (mask >> pos & 1) {
      if (count == 0) return (uint32_t)pos;
      count--;
    }
  return 0xffffffffu;
}

static uint32_t szext(uint32_t a, uint32_t b, int sgn, int clamp) {
  uint32_t b1 = b & 31;
  int too_large = b >= 32 && clamp;
  uint32_t mask = too_large ? 0 : ~0u << b1;
  int sign = b1 != 0 && !too_large && sgn && (a >> ((b1 - 1) & 31) & 1);
  return (a & ~mask) | (sign ? mask : 0);
}

static uint32_t bmsk(uint32_t a, uint32_t b, int clamp) {
  uint32_t a1 = a & 31, b1 = b & 31, sum = a1 + b1;
  uint32_t mask0 = ~0u << a1, mask1 = sum >= 32 ? 0 : ~0u << sum;
  int over = sum >= 32;
  if (clamp) {
    if (a >= 32) { over = 1; mask0 = 0; }
    if (b >= 32) over = 1;
  }
  if (over) mask1 = 0;
  else if (b1 == 0) mask1 = ~0u;
  return mask0 & ~mask1;
}

/* Element i (of n per word: 2 halfwords or 4 bytes) of x, extended by its type. */
static int64_t elem(uint32_t x, int i, int n, int sgn) {
  int w = 32 / n;
  uint32_t v = (x >> (w * i)) & ((1u << w) - 1);
  return sgn && (v >> (w - 1) & 1) ? (int64_t)v - ((int64_t)1 << w) : (int64_t)v;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static int cmp_holds(int cmp, int64_t a, int64_t b) {
  switch (cmp) {   /* CAT_CMP values: eq ne lt le gt ge */
  case 1: return a == b;
  case 2: return a != b;
  case 3: return a < b;
  case 4: return a <= b;
  case 5: return a > b;
  default: return a >= b;
  }
}

static uint32_t video(int op, int sd, int sa, int sb, int sat, int acc, int cmp, uint32_t a, uint32_t b, uint32_t c) {
  int four = op >= ISA_OP_VADD4 && op <= ISA_OP_VSET4, n = four ? 4 : 2, w = 32 / n;
  int base = four ? op - ISA_OP_VADD4 : op - ISA_OP_VADD2;   /* 0 add, 1 sub, 2 avrg, 3 absdiff, 4 min, 5 max, 6 set */
  int64_t t[4];
  for (int i = 0; i < n; i++) {
    int64_t x = elem(a, i, n, sa), y = elem(b, i, n, sb), r;
    switch (base) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x + y >= 0 ? (x + y + 1) >> 1 : (x + y) >> 1; break;   /* halves away from zero */
    case 3: r = x > y ? x - y : y - x; break;
    case 4: r = x < y ? x : y; break;
    case 5: r = x > y ? x : y; break;
    default: r = cmp_holds(cmp, x, y); break;
    }
    if (sat && base != 6) r = sd ? clamp64(r, -((int64_t)1 << (w - 1)), ((int64_t)1 << (w - 1)) - 1) : clamp64(r, 0, ((int64_t)1 << w) - 1);
    t[i] = r;
  }
  if (acc) {
    int64_t d = sd && base != 6 ? (int64_t)(int32_t)c : (int64_t)c;
    for (int i = 0; i < n; i++) d += t[i];
    return (uint32_t)d;
  }
  uint32_t d = 0;
  for (int i = 0; i < n; i++) d |= ((uint32_t)t[i] & ((1u << w) - 1)) << (w * i);
  return d;
}

uint64_t emu_int_op(const emu_insn *in, uint64_t a, uint64_t b, uint64_t c) {
  int op = in->op, t0 = in->t0;
  uint32_t x = (uint32_t)a, y = (uint32_t)b;
  switch (op) {
  case ISA_OP_FNS: return fns(x, y, (int32_t)(uint32_t)c);
  case ISA_OP_SZEXT: return szext(x, y, t0 == ISA_T_S32, (in->flags & FL_CLAMP) != 0);
  case ISA_OP_BMSK: return bmsk(x, y, (in->flags & FL_CLAMP) != 0);
  case ISA_OP_ADD: case ISA_OP_MIN: case ISA_OP_MAX: {   /* .u16x2, .s16x2: each halfword apart */
    int sgn = t0 == ISA_T_S16X2, relu = (in->flags & FL_RELU) != 0;
    uint32_t d = 0;
    for (int i = 0; i < 2; i++) {
      int64_t p = elem(x, i, 2, sgn), q = elem(y, i, 2, sgn);
      int64_t r = op == ISA_OP_ADD ? p + q : op == ISA_OP_MIN ? (p < q ? p : q) : (p > q ? p : q);
      if (relu && r < 0) r = 0;
      d |= ((uint32_t)r & 0xffffu) << (16 * i);
    }
    return d;
  }
  default: {   /* video: dtype t0, atype t1, btype t2 (vset: atype t0, btype t1) */
    int set = op == ISA_OP_VSET2 || op == ISA_OP_VSET4;
    int sa = (set ? t0 : in->t1) == ISA_T_S32, sb = (set ? in->t1 : in->mx.t2) == ISA_T_S32;
    return video(op, !set && t0 == ISA_T_S32, sa, sb, (in->flags & FL_SAT) != 0, (in->flags & FL_ACC) != 0, set ? in->cmp : 0, x, y, (uint32_t)c);
  }
  }
}
