/* emu/core/exec_arith.c -- the arithmetic families (isa/opcodes.def: X_ARITH, X_SFU):
 * integer and floating-point arithmetic on 32 lanes, and the special functions (rcp,
 * sqrt, the .approx ones).  The 16-bit float types and the packed integer pairs go to
 * emu_exec_half (exec_half.c).
 */
#include "lanes.h"


/* fma over 32 lanes of f32: with the FMA instructions where the processor has
 * them (the result is the same single rounding either way) */
__attribute__((target("fma"))) static void fma32_lanes_hw(const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t *d) {
  for (int l = 0; l < WARP; l++) {
    float z = __builtin_fmaf(bits_f32((uint32_t)a[l]), bits_f32((uint32_t)b[l]), bits_f32((uint32_t)c[l]));
    d[l] = z != z ? 0x7fffffffu : f32_bits(z);
  }
}
static void fma32_lanes_sw(const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t *d) {
  for (int l = 0; l < WARP; l++) {
    float z = fmaf(bits_f32((uint32_t)a[l]), bits_f32((uint32_t)b[l]), bits_f32((uint32_t)c[l]));
    d[l] = z != z ? 0x7fffffffu : f32_bits(z);
  }
}
static void (*fma32_lanes)(const uint64_t *, const uint64_t *, const uint64_t *, uint64_t *);

void emu_exec_init(void) {
  if (!fma32_lanes) {
    __builtin_cpu_init();
    fma32_lanes = __builtin_cpu_supports("fma") ? fma32_lanes_hw : fma32_lanes_sw;
  }
}

/* ---- integer helpers ---- */

static inline uint64_t mul_hi(uint64_t a, uint64_t b, int t) {
  unsigned w = tbits[t];
  if (tkind[t] == TK_SGN) {
    __int128 p = (__int128)sext_w(a, w) * (__int128)sext_w(b, w);
    return trunc_w((uint64_t)(p >> w), w);
  }
  unsigned __int128 p = (unsigned __int128)trunc_w(a, w) * trunc_w(b, w);
  return trunc_w((uint64_t)(p >> w), w);
}

static inline uint64_t mul_wide(uint64_t a, uint64_t b, int t) {
  unsigned w = tbits[t];
  if (tkind[t] == TK_SGN) return trunc_w((uint64_t)(sext_w(a, w) * sext_w(b, w)), 2 * w);
  return trunc_w(trunc_w(a, w) * trunc_w(b, w), 2 * w);
}

static inline uint64_t idiv(uint64_t a, uint64_t b, int t, int rem) {
  unsigned w = tbits[t];
  if (tkind[t] == TK_SGN) {
    int64_t x = sext_w(a, w), y = sext_w(b, w);
    if (y == 0) return trunc_w(~0ull, w);   /* div and rem: all ones, as a GPU gives */
    if (y == -1) return rem ? 0 : trunc_w((uint64_t)0 - (uint64_t)x, w);
    return trunc_w((uint64_t)(rem ? x % y : x / y), w);
  }
  uint64_t x = trunc_w(a, w), y = trunc_w(b, w);
  if (y == 0) return trunc_w(~0ull, w);
  return rem ? x % y : x / y;
}

static inline uint64_t sat_s32(int64_t v) { return trunc_w((uint64_t)(v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v), 32); }

/* The multiplications of the arithmetic family (mul, mad, madc, fma, mul24, mad24, dp4a,
 * dp2a), into D (emu_exec_arith's destination lanes); inlined there. */
static inline __attribute__((always_inline)) int exec_mul(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active, uint64_t *D) {
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0, sat = (in->flags & FL_SAT) != 0;
  switch (in->op) {
  /* mul: d = a * b (.lo/.hi half, or .wide full product)
   * mad: d = a * b + c
   * madc: d = a * b + c + CC.CF (.lo/.hi)
   * fma: d = a * b + c, rounded once */
  case ISA_OP_MUL: case ISA_OP_MAD: case ISA_OP_MADC: case ISA_OP_FMA: {
    const uint64_t *a = S(1), *b = S(2), *cc = in->op == ISA_OP_MUL ? NULL : S(3);
    if (k0 == TK_FLT) {
      rmode r = rm_begin(in->rnd);
      if (t0 == ISA_T_F32 && cc && !ftz && !sat && !r.active) fma32_lanes(a, b, cc, D);
      else if (t0 == ISA_T_F32 && !cc && !ftz && !sat && !r.active) LANES { float z = F32(a[l]) * F32(b[l]); D[l] = z != z ? 0x7fffffffu : f32_bits(z); }
      else if (t0 == ISA_T_F32) {
        LANES {
          float x = F32(a[l]), y = F32(b[l]), z = cc ? F32(cc[l]) : 0.0f, v;
          if (ftz) { x = ftz32(x); y = ftz32(y); z = ftz32(z); }
          v = cc ? fmaf(x, y, z) : x * y;   /* mad.f32 on sm_20+ is fma */
          if (sat) v = sat32(v);
          if (ftz) v = ftz32_result(v, cc ? fma((double)x, (double)y, (double)z) : (double)x * y);
          D[l] = B32(v);
        }
      } else if (t0 == ISA_T_F64) {
        LANES { double v = cc ? fma(F64(a[l]), F64(b[l]), F64(cc[l])) : F64(a[l]) * F64(b[l]); D[l] = sat ? B64(sat64(v)) : N64(v, a[l], b[l], cc ? cc[l] : 0, cc ? 3 : 2); }
      } else { rm_end(r); return emu_exec_half(c, w, pc, in, active); }   /* .f16, .bf16 and their pairs */
      rm_end(r);
    } else if ((in->flags & FL_CC) || in->op == ISA_OP_MADC) {
      /* the carry out of the final addition goes to CC.CF; madc adds CC.CF in */
      uint64_t m = wmask(w0);
      int hi = in->sub == 2, madc = in->op == ISA_OP_MADC, setcc = (in->flags & FL_CC) != 0;
      LANES {
        uint64_t p = hi ? mul_hi(a[l], b[l], t0) : (a[l] * b[l]) & m;
        uint64_t s1 = (p + (cc[l] & m)) & m, s2 = (s1 + (madc ? w->cc[l] : 0)) & m;
        if (setcc && (active >> l & 1)) w->cc[l] = (uint8_t)(s1 < p || s2 < s1);
        D[l] = s2;
      }
    } else {
      int mode = in->sub;   /* 1 lo, 2 hi, 3 wide */
      if (mode == 3 && w0 == 32 && !cc) {   /* mul.wide.s32/u32, an address computation's: no per-lane type tests */
        if (k0 == TK_SGN) { LANES D[l] = (uint64_t)(sext_w(a[l], 32) * sext_w(b[l], 32)); }
        else { LANES D[l] = (a[l] & 0xffffffffu) * (b[l] & 0xffffffffu); }
      } else if (mode == 3) {
        uint64_t m = wmask(2 * w0);
        LANES D[l] = (mul_wide(a[l], b[l], t0) + (cc ? cc[l] : 0)) & m;
      } else if (mode == 2) {
        if (!cc) { LANES D[l] = mul_hi(a[l], b[l], t0); }
        else if (sat && t0 == ISA_T_S32) { LANES D[l] = sat_s32(sext_w(mul_hi(a[l], b[l], t0), 32) + sext_w(cc[l], 32)); }
        else { LANES D[l] = trunc_w(mul_hi(a[l], b[l], t0) + cc[l], w0); }
      } else if (cc) { uint64_t m = wmask(w0); LANES D[l] = (a[l] * b[l] + cc[l]) & m; }
      else { uint64_t m = wmask(w0); LANES D[l] = (a[l] * b[l]) & m; }
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* mul24: d = a[23:0] * b[23:0] (.lo/.hi)
   * mad24: d = a[23:0] * b[23:0] + c */
  case ISA_OP_MUL24: case ISA_OP_MAD24: {
    const uint64_t *a = S(1), *b = S(2), *cc = in->op == ISA_OP_MAD24 ? S(3) : NULL;
    LANES {
      int64_t x = k0 == TK_SGN ? sext_w(a[l], 24) : (int64_t)trunc_w(a[l], 24);
      int64_t y = k0 == TK_SGN ? sext_w(b[l], 24) : (int64_t)trunc_w(b[l], 24);
      uint64_t p = (uint64_t)(x * y);
      uint64_t v = in->sub == 2 ? trunc_w(p >> 16, 32) : trunc_w(p, 32);
      if (cc && sat && in->sub == 2) D[l] = sat_s32(sext_w(v, 32) + sext_w(cc[l], 32));
      else D[l] = cc ? trunc_w(v + cc[l], 32) : v;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* dp4a: d = c + the sum of the products of a's and b's four bytes (each signed or unsigned by its type)
   * dp2a: d = c + the sum of the products of a's two halfwords and b's bytes 0-1 (.lo) or 2-3 (.hi)
   * (PTX ISA, "dp4a", "dp2a": the products and the sum wrap at 32 bits; d is .s32 unless both are .u32) */
  case ISA_OP_DP4A: case ISA_OP_DP2A: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    int sa = k0 == TK_SGN, sb = tkind[in->t1] == TK_SGN;
    int four = in->op == ISA_OP_DP4A;
    unsigned bfirst = !four && in->sub == ISA_SUB(MHI, MLO) ? 2 : 0;
    LANES {
      uint32_t x = (uint32_t)a[l], y = (uint32_t)b[l], sum = (uint32_t)cc[l];
      for (unsigned i = 0; i < (four ? 4u : 2u); i++) {
        int32_t ea = four ? (sa ? (int32_t)(int8_t)(x >> (8 * i)) : (int32_t)(uint8_t)(x >> (8 * i)))
                          : (sa ? (int32_t)(int16_t)(x >> (16 * i)) : (int32_t)(uint16_t)(x >> (16 * i)));
        uint32_t yb = y >> (8 * (i + bfirst));
        int32_t eb = sb ? (int32_t)(int8_t)yb : (int32_t)(uint8_t)yb;
        sum += (uint32_t)ea * (uint32_t)eb;
      }
      D[l] = sum;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    return -1;   /* (not reached: emu_exec_arith sends these only) */
  }
}

/* X_ARITH: add ... testp on the integer types, .f32 and .f64 (the 16-bit float types and the
 * packed pairs go on to emu_exec_half). */
EMU_CLONES
int emu_exec_arith(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t Dbuf[WARP], *D = dst_lanes(w, in, active, Dbuf);
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0, sat = (in->flags & FL_SAT) != 0;
  switch (in->op) {
  /* add: d = a + b
   * sub: d = a - b */
  case ISA_OP_ADD: case ISA_OP_SUB: {
    const uint64_t *a = S(1), *b = S(2);
    int sub = in->op == ISA_OP_SUB;
    if (k0 == TK_FLT) {
      if (t0 == ISA_T_F32 && !ftz && !sat && round_mode(in->rnd) == FE_TONEAREST) {
        if (sub) LANES { float z = F32(a[l]) - F32(b[l]); D[l] = z != z ? 0x7fffffffu : f32_bits(z); }
        else LANES { float z = F32(a[l]) + F32(b[l]); D[l] = z != z ? 0x7fffffffu : f32_bits(z); }
      } else if (t0 == ISA_T_F32) {
        rmode r = rm_begin(in->rnd);
        LANES {
          float x = F32(a[l]), y = F32(b[l]);
          if (ftz) { x = ftz32(x); y = ftz32(y); }
          float z = sub ? x - y : x + y;
          if (sat) z = sat32(z);
          if (ftz) z = ftz32(z);
          D[l] = B32(z);
        }
        rm_end(r);
      } else if (t0 == ISA_T_F64) {
        rmode r = rm_begin(in->rnd);
        LANES { double z = sub ? F64(a[l]) - F64(b[l]) : F64(a[l]) + F64(b[l]); D[l] = sat ? B64(sat64(z)) : N64(z, a[l], b[l], 0, 2); }
        rm_end(r);
      } else return emu_exec_half(c, w, pc, in, active);   /* .f16, .bf16 and their pairs */
    } else if (sat) {
      LANES { int64_t x = sext_w(a[l], 32), y = sext_w(b[l], 32); D[l] = sat_s32(sub ? x - y : x + y); }
    } else if (in->flags & FL_CC) {
      LANES {
        uint64_t x = trunc_w(a[l], w0), y = trunc_w(b[l], w0);
        uint64_t z = trunc_w(sub ? x - y : x + y, w0);
        if (active >> l & 1) w->cc[l] = (uint8_t)(sub ? x < y : z < x);
        D[l] = z;
      }
    } else {
      uint64_t m = wmask(w0);
      if (sub) { LANES D[l] = (a[l] - b[l]) & m; }
      else { LANES D[l] = (a[l] + b[l]) & m; }
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* addc: d = a + b + CC.CF
   * subc: d = a - (b + CC.CF) */
  case ISA_OP_ADDC: case ISA_OP_SUBC: {
    const uint64_t *a = S(1), *b = S(2);
    int sub = in->op == ISA_OP_SUBC;
    LANES {
      uint64_t x = trunc_w(a[l], w0), y = trunc_w(b[l], w0), cin = w->cc[l];
      uint64_t z = trunc_w(sub ? x - y - cin : x + y + cin, w0);
      if ((in->flags & FL_CC) && (active >> l & 1))
        w->cc[l] = (uint8_t)(sub ? (x < y || (x == y && cin)) : (z < x || (z == x && cin)));
      D[l] = z;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  case ISA_OP_MUL: case ISA_OP_MAD: case ISA_OP_MADC: case ISA_OP_FMA: case ISA_OP_MUL24: case ISA_OP_MAD24:
  case ISA_OP_DP4A: case ISA_OP_DP2A:
    return exec_mul(c, w, pc, in, active, D);
  /* sad: d = c + |a - b| */
  case ISA_OP_SAD: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES {
      uint64_t diff;
      if (k0 == TK_SGN) { int64_t x = sext_w(a[l], w0), y = sext_w(b[l], w0); diff = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x; }
      else { uint64_t x = trunc_w(a[l], w0), y = trunc_w(b[l], w0); diff = x > y ? x - y : y - x; }
      D[l] = trunc_w(cc[l] + diff, w0);
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* div: d = a / b
   * rem: d = a % b */
  case ISA_OP_DIV: case ISA_OP_REM: {
    const uint64_t *a = S(1), *b = S(2);
    if (k0 == TK_FLT) {
      rmode r = rm_begin(in->rnd);
      if (w0 == 32) {
        int approx = (in->flags & FL_APPROX) != 0;
        LANES {
          float x = F32(a[l]), y = F32(b[l]), z;
          if (ftz) { x = ftz32(x); y = ftz32(y); }
          /* a * (1/b); for 2^126 < |b| < 2^128 the reciprocal is taken as a zero of b's sign */
          if (approx) { float ay = fabsf(y); z = (ay > 0x1p126f && ay <= FLT_MAX) ? x * copysignf(0.0f, y) : x * (1.0f / y); }
          else z = x / y;
          if (ftz) z = approx ? ftz32(z) : ftz32_result(z, (double)x / y);
          D[l] = B32(z);
        }
      } else { LANES D[l] = N64(F64(a[l]) / F64(b[l]), a[l], b[l], 0, 2); }
      rm_end(r);
    } else { int rem = in->op == ISA_OP_REM; LANES D[l] = idiv(a[l], b[l], t0, rem); }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* abs: d = |a|
   * neg: d = -a */
  case ISA_OP_ABS: case ISA_OP_NEG: {
    const uint64_t *a = S(1);
    int neg = in->op == ISA_OP_NEG;
    if (k0 == TK_FLT) {
      /* a NaN: f32 gives the canonical NaN; abs.f64 the NaN quieted, its sign kept (as a GPU does) */
      if (t0 == ISA_T_F32) LANES { float x = F32(a[l]); if (ftz) x = ftz32(x); uint32_t bits = f32_bits(x); D[l] = x != x ? 0x7fffffffu : neg ? bits ^ 0x80000000u : bits & 0x7fffffffu; }
      else if (t0 != ISA_T_F64) return emu_exec_half(c, w, pc, in, active);   /* .f16, .bf16 and their pairs */
      else LANES D[l] = neg ? a[l] ^ 0x8000000000000000ull
                            : (F64(a[l]) != F64(a[l]) ? a[l] | 0x0008000000000000ull : a[l] & 0x7fffffffffffffffull);
    } else LANES { int64_t x = sext_w(a[l], w0); D[l] = trunc_w(neg ? (uint64_t)0 - (uint64_t)x : (uint64_t)(x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x), w0); }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* min: d = min(a, b)
   * max: d = max(a, b) */
  case ISA_OP_MIN: case ISA_OP_MAX: {
    const uint64_t *a = S(1), *b = S(2);
    int mx = in->op == ISA_OP_MAX;
    if (k0 == TK_FLT) {
      if (t0 == ISA_T_F32) LANES {
        float x = F32(a[l]), y = F32(b[l]);
        if (ftz) { x = ftz32(x); y = ftz32(y); }
        D[l] = B32(mx ? fmax32(x, y) : fmin32(x, y));
      }
      else if (t0 != ISA_T_F64) return emu_exec_half(c, w, pc, in, active);   /* .f16, .bf16 and their pairs */
      else LANES D[l] = B64(mx ? fmax64(F64(a[l]), F64(b[l])) : fmin64(F64(a[l]), F64(b[l])));
    } else if (in->flags & FL_RELU) {
      return emu_exec_half(c, w, pc, in, active);   /* min.relu.s32, max.relu.s32 */
    } else if (k0 == TK_SGN) {
      uint64_t m = wmask(w0);
      if (mx) LANES { int64_t x = sext_w(a[l], w0), y = sext_w(b[l], w0); D[l] = (uint64_t)(x > y ? x : y) & m; }
      else LANES { int64_t x = sext_w(a[l], w0), y = sext_w(b[l], w0); D[l] = (uint64_t)(x < y ? x : y) & m; }
    } else {
      uint64_t m = wmask(w0);
      if (mx) LANES { uint64_t x = a[l] & m, y = b[l] & m; D[l] = x > y ? x : y; }
      else LANES { uint64_t x = a[l] & m, y = b[l] & m; D[l] = x < y ? x : y; }
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* copysign: d = |b| with the sign of a */
  case ISA_OP_COPYSIGN: {
    const uint64_t *a = S(1), *b = S(2);
    uint64_t sign = w0 == 32 ? 0x80000000ull : 0x8000000000000000ull;
    LANES D[l] = (b[l] & ~sign & trunc_w(~0ull, w0)) | (a[l] & sign);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* testp: d = a is of the class named by the suffix */
  case ISA_OP_TESTP: {
    const uint64_t *a = S(1);
    LANES {
      double x = w0 == 32 ? (double)F32(a[l]) : F64(a[l]);
      int cls = w0 == 32 ? fpclassify(F32(a[l])) : fpclassify(x);
      int r = 0;
      switch (in->sub) {
      case 1: r = cls != FP_INFINITE && cls != FP_NAN; break;
      case 2: r = cls == FP_INFINITE; break;
      case 3: r = cls != FP_NAN; break;
      case 4: r = cls == FP_NAN; break;
      case 5: r = cls == FP_NORMAL || cls == FP_ZERO; break;   /* the ISA counts +-0 as normal */
      case 6: r = cls == FP_SUBNORMAL; break;
      }
      D[l] = (uint64_t)r;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}

/* X_SFU: rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh (ex2, tanh on 16-bit floats: emu_exec_half). */
EMU_CLONES
int emu_exec_sfu(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t D[WARP];
  int t0 = in->t0;
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0;
  switch (in->op) {
  /* rcp: d = 1 / a
   * sqrt: d = sqrt(a)
   * rsqrt: d = 1 / sqrt(a)
   * sin: d = sin(a)
   * cos: d = cos(a) */
  case ISA_OP_RCP: case ISA_OP_SQRT: case ISA_OP_RSQRT: case ISA_OP_SIN: case ISA_OP_COS:
  /* lg2: d = log2(a)
   * ex2: d = 2 ** a
   * tanh: d = tanh(a) */
  case ISA_OP_LG2: case ISA_OP_EX2: case ISA_OP_TANH: {
    const uint64_t *a = S(1);
    int approx = (in->flags & FL_APPROX) != 0;
    if (t0 != ISA_T_F32 && t0 != ISA_T_F64) return emu_exec_half(c, w, pc, in, active);   /* ex2, tanh on .f16, .bf16 and their pairs */
    if (w0 == 64) {
      rmode r = rm_begin(in->rnd);
      LANES {
        double x = F64(a[l]), z;
        switch (in->op) {
        case ISA_OP_RCP: z = 1.0 / x; break;
        case ISA_OP_SQRT: z = sqrt(x); break;
        default: z = 1.0 / sqrt(x); break;
        }
        D[l] = N64(z, a[l], 0, 0, 1);
      }
      rm_end(r);
    } else {
      rmode r = rm_begin(in->rnd);
      LANES {
        float x = F32(a[l]);
        if (ftz) x = ftz32(x);
        float z;
        switch (in->op) {
        case ISA_OP_RCP: z = approx ? (float)(1.0 / (double)x) : 1.0f / x; break;
        case ISA_OP_SQRT: z = sqrtf(x); break;
        case ISA_OP_RSQRT: z = (float)(1.0 / sqrt((double)x)); break;
        case ISA_OP_SIN: z = isinf(x) ? NAN : (float)sin((double)x); break;
        case ISA_OP_COS: z = isinf(x) ? NAN : (float)cos((double)x); break;
        case ISA_OP_LG2: z = (float)log2((double)x); break;
        case ISA_OP_EX2: z = (float)exp2((double)x); break;
        default: z = (float)tanh((double)x); break;
        }
        if (ftz) z = in->op == ISA_OP_RCP && !approx ? ftz32_result(z, 1.0 / (double)x) : ftz32(z);
        D[l] = B32(z);
      }
      rm_end(r);
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}
