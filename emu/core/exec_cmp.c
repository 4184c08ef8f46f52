/* emu/core/exec_cmp.c -- the comparison family (isa/opcodes.def: X_CMP): setp, set, selp,
 * slct, and the comparison of two values of a type that they and exec_half.c share.
 */
#include "lanes.h"

/* ---- comparisons ---- */

int emu_compare(int cmp, uint64_t a, uint64_t b, int t, int ftz) {
  int k = tkind[t];
  unsigned wbits = tbits[t];
  if (k == TK_FLT) {
    double x, y;
    if (wbits == 32) { float fa = F32(a), fb = F32(b); if (ftz) { fa = ftz32(fa); fb = ftz32(fb); } x = fa; y = fb; }
    else if (wbits == 16) {   /* .f16, .bf16: exact in double; .ftz (f16) compares subnormals as zeros */
      x = emu_half_in(a, t); y = emu_half_in(b, t);
      if (ftz && fabs(x) < 0x1p-14) x = copysign(0.0, x);
      if (ftz && fabs(y) < 0x1p-14) y = copysign(0.0, y);
    }
    else { x = F64(a); y = F64(b); }
    int un = x != x || y != y;
    switch (cmp) {
    case 1: return !un && x == y;
    case 2: return !un && x != y;
    case 3: return !un && x < y;
    case 4: return !un && x <= y;
    case 5: return !un && x > y;
    case 6: return !un && x >= y;
    case 11: return un || x == y;
    case 12: return un || x != y;
    case 13: return un || x < y;
    case 14: return un || x <= y;
    case 15: return un || x > y;
    case 16: return un || x >= y;
    case 17: return !un;
    case 18: return un;
    default: return 0;
    }
  }
  if (k == TK_SGN && cmp >= 3 && cmp <= 6) {
    int64_t x = sext_w(a, wbits), y = sext_w(b, wbits);
    return cmp == 3 ? x < y : cmp == 4 ? x <= y : cmp == 5 ? x > y : x >= y;
  }
  uint64_t x = trunc_w(a, wbits), y = trunc_w(b, wbits);
  switch (cmp) {
  case 1: return x == y;
  case 2: return x != y;
  case 3: case 7: return x < y;
  case 4: case 8: return x <= y;
  case 5: case 9: return x > y;
  case 6: case 10: return x >= y;
  default: return 0;
  }
}

/* X_CMP: setp, set, selp, slct (setp and set on 16-bit float pairs: emu_exec_half). */
EMU_CLONES
int emu_exec_cmp(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t Dbuf[WARP], *D = dst_lanes(w, in, active, Dbuf);
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0;
  switch (in->op) {
  /* setp: p = a CMP b; q = !p (with .BOOL: combined with c)
   * set: d = (a CMP b) ? all ones or 1.0 : 0 (.f16x2, .bf16x2 sources: each half) */
  case ISA_OP_SETP: case ISA_OP_SET: {
    int is_set = in->op == ISA_OP_SET;
    int ct = is_set ? in->t1 : t0;
    const uint64_t *a = S(1), *b = S(2), *p = in->nopnd > 3 ? S(3) : NULL;
    int pneg = in->nopnd > 3 && in->o[3].neg;
    uint64_t Q[WARP];
    if (!is_set && tkind[ct] != TK_FLT && ((in->cmp >= 1 && in->cmp <= 10) || (!p && in->o[0].kind != OK_PAIR))) {   /* integers: one loop per comparison */
      uint64_t R[WARP], *r = p ? R : D;   /* (with a predicate source, apart from D: setp is not F_LANEWISE today, but
                                            * were it, D could be the predicate source's own register) */
      unsigned cw = tbits[ct];
      uint64_t m = wmask(cw);
      if (tkind[ct] == TK_SGN && in->cmp >= 3 && in->cmp <= 6) {
        switch (in->cmp) {
        case 3: LANES r[l] = sext_w(a[l], cw) < sext_w(b[l], cw); break;
        case 4: LANES r[l] = sext_w(a[l], cw) <= sext_w(b[l], cw); break;
        case 5: LANES r[l] = sext_w(a[l], cw) > sext_w(b[l], cw); break;
        default: LANES r[l] = sext_w(a[l], cw) >= sext_w(b[l], cw); break;
        }
      } else {
        switch (in->cmp) {
        case 1: LANES r[l] = (a[l] & m) == (b[l] & m); break;
        case 2: LANES r[l] = (a[l] & m) != (b[l] & m); break;
        case 3: case 7: LANES r[l] = (a[l] & m) < (b[l] & m); break;
        case 4: case 8: LANES r[l] = (a[l] & m) <= (b[l] & m); break;
        case 5: case 9: LANES r[l] = (a[l] & m) > (b[l] & m); break;
        default: LANES r[l] = (a[l] & m) >= (b[l] & m); break;
        }
      }
      if (!p && in->o[0].kind != OK_PAIR) { write_dst(w, &in->o[0], D, active); return 0; }
      /* p = r BOP c, q = !r BOP c (c: the predicate source, negated with !); no source: q = !r */
      uint64_t neg = (uint64_t)pneg;
      if (!p) LANES Q[l] = D[l] ^ 1;
      else if (in->bop == 1) LANES { uint64_t pv = (p[l] & 1) ^ neg; D[l] = R[l] & pv; Q[l] = (R[l] ^ 1) & pv; }
      else if (in->bop == 2) LANES { uint64_t pv = (p[l] & 1) ^ neg; D[l] = R[l] | pv; Q[l] = (R[l] ^ 1) | pv; }
      else LANES { uint64_t pv = (p[l] & 1) ^ neg; D[l] = R[l] ^ pv; Q[l] = (R[l] ^ 1) ^ pv; }
      write_pair(w, &in->o[0], D, Q, active);
      return 0;
    }
    if (ct == ISA_T_F16X2 || ct == ISA_T_BF16X2 || (is_set && w0 == 16)) return emu_exec_half(c, w, pc, in, active);   /* pairs, 16-bit set */
    LANES {
      int r = emu_compare(in->cmp, a[l], b[l], ct, ftz);
      int pv = p ? (int)((p[l] & 1) ^ (uint64_t)pneg) : 0;
      int d = p ? bool_op(in->bop, r, pv) : r, q = p ? bool_op(in->bop, !r, pv) : !r;
      if (is_set) D[l] = k0 == TK_FLT ? (d ? 0x3f800000u : 0) : (d ? trunc_w(~0ull, w0) : 0);
      else { D[l] = (uint64_t)d; Q[l] = (uint64_t)q; }
    }
    write_pair(w, &in->o[0], D, Q, active);
    return 0;
  }
  /* selp: d = c ? a : b */
  case ISA_OP_SELP: {
    const uint64_t *a = S(1), *b = S(2), *p = S(3);
    int neg = in->o[3].neg;
    LANES D[l] = ((p[l] & 1) ^ (uint64_t)neg) ? a[l] : b[l];
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* slct: d = (c >= 0) ? a : b */
  case ISA_OP_SLCT: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES {
      int ge = in->t1 == ISA_T_F32 ? (ftz ? ftz32(F32(cc[l])) : F32(cc[l])) >= 0.0f : sext_w(cc[l], 32) >= 0;
      D[l] = ge ? a[l] : b[l];
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}
