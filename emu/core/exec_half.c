/* emu/core/exec_half.c -- the arithmetic and comparison families' variants on the 16-bit
 * float types and pairs (.f16, .bf16, .f16x2, .bf16x2; half.c computes them), and the
 * packed integer pairs (.u16x2, .s16x2) and min/max.relu.s32, which go on to
 * emu_exec_intops (exec_bits.c).  The families send these here by the instruction's type.
 */
#include "lanes.h"

int emu_exec_half(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t D[WARP];
  int t0 = in->t0;
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0, sat = (in->flags & FL_SAT) != 0;
  if (t0 >= ISA_T_F16 && t0 <= ISA_T_BF16X2) switch (in->op) {   /* half precision (half.c), one or two to a register */
  case ISA_OP_ADD: case ISA_OP_SUB: case ISA_OP_MUL: case ISA_OP_MIN: case ISA_OP_MAX: case ISA_OP_FMA: case ISA_OP_NEG: case ISA_OP_ABS: {
    const uint64_t *a = S(1), *b = in->nopnd > 2 ? S(2) : a, *cc = in->nopnd > 3 ? S(3) : a;
    int relu = (in->flags & FL_RELU) != 0;
    LANES D[l] = emu_half_op(in->op, t0, a[l], b[l], in->op == ISA_OP_FMA ? cc[l] : 0, ftz, sat, relu);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  case ISA_OP_EX2: case ISA_OP_TANH: {   /* approximate: each half computed in double, rounded once */
    const uint64_t *a = S(1);
    int bf = t0 == ISA_T_BF16 || t0 == ISA_T_BF16X2, two = t0 == ISA_T_F16X2 || t0 == ISA_T_BF16X2;
    LANES {
      uint64_t r = emu_half_func(in->op, (uint32_t)a[l] & 0xffff, bf, ftz);
      if (two) r |= (uint64_t)emu_half_func(in->op, (uint32_t)(a[l] >> 16) & 0xffff, bf, ftz) << 16;
      D[l] = r;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    break;
  }
  switch (in->op) {
  /* setp and set on .f16x2 and .bf16x2 (PTX ISA, "Half Precision Comparison Instructions"):
   * each half compared apart; setp: p from the lower half, q from the upper (each combined
   * with c); set: each half of d 0xffff (a .u32/.s32 d) or 0 */
  case ISA_OP_SETP: case ISA_OP_SET: {
    int is_set = in->op == ISA_OP_SET;
    /* pairs: each half compared apart (setp: p the lower, q the upper); set also with a 16-bit destination */
    int ct = is_set ? in->t1 : t0, pair = ct == ISA_T_F16X2 || ct == ISA_T_BF16X2;
    int ht = !pair ? ct : ct == ISA_T_F16X2 ? ISA_T_F16 : ISA_T_BF16;
    /* set: 1.0 in the destination's format, or all ones (in each half) */
    uint64_t one = t0 == ISA_T_F16X2 || t0 == ISA_T_F16 ? 0x3c00u : t0 == ISA_T_BF16X2 || t0 == ISA_T_BF16 ? 0x3f80u
                 : pair || w0 == 16 ? 0xffffu : 0xffffffffu;
    const uint64_t *a = S(1), *b = S(2), *p = in->nopnd > 3 ? S(3) : NULL;
    int pneg = in->nopnd > 3 && in->o[3].neg;
    uint64_t Q[WARP];
    LANES {
      int pv = p ? (int)((p[l] & 1) ^ (uint64_t)pneg) : 0, t[2] = { 0, 0 };
      for (int h = 0; h < (pair ? 2 : 1); h++) {
        int r = pair ? emu_compare(in->cmp, a[l] >> (16 * h) & 0xffff, b[l] >> (16 * h) & 0xffff, ht, ftz) : emu_compare(in->cmp, a[l], b[l], ct, ftz);
        t[h] = p ? bool_op(in->bop, r, pv) : r;
      }
      if (is_set) D[l] = (t[0] ? one : 0) | (t[1] ? one << 16 : 0);
      else { D[l] = (uint64_t)t[0]; Q[l] = (uint64_t)t[1]; }
    }
    write_pair(w, &in->o[0], D, Q, active);
    return 0;
  }
  case ISA_OP_ADD: case ISA_OP_MIN: case ISA_OP_MAX:   /* .u16x2, .s16x2; min, max .relu.s32 */
    return emu_exec_intops(c, w, pc, in, active);
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "internal: %s reached emu_exec_half", isa_ops[in->op].name);
    return -1;
  }
}
