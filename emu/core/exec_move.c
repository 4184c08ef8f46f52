/* emu/core/exec_move.c -- the data-movement family (isa/opcodes.def: X_MOVE): mov, cvt
 * (with the conversion of one value between any two types), cvta, isspacep.
 */
#include "lanes.h"

/* IEEE half precision from and to single, round to nearest even. */
static float half_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31, man = h & 1023;
  uint32_t bits;
  if (exp == 0) {
    if (!man) bits = sign;
    else { float f = (float)man * (1.0f / 16777216.0f); bits = f32_bits(f) | sign; }
  } else if (exp == 31) bits = sign | 0x7f800000u | (man << 13) | (man ? 0x400000u : 0);
  else bits = sign | ((exp + 112) << 23) | (man << 13);
  return bits_f32(bits);
}

static __attribute__((unused)) uint16_t f32_to_half(float f) {
  uint32_t x = f32_bits(f), sign = (x >> 16) & 0x8000;
  int32_t exp = (int32_t)((x >> 23) & 255) - 127 + 15;
  uint32_t man = x & 0x7fffff;
  if (((x >> 23) & 255) == 255) return (uint16_t)(sign | 0x7c00 | (man ? 0x200 : 0));
  if (exp >= 31) return (uint16_t)(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return (uint16_t)sign;
    man |= 0x800000;
    uint32_t shift = (uint32_t)(14 - exp);
    uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1))) h++;
    return (uint16_t)(sign | h);
  }
  uint32_t h = ((uint32_t)exp << 10) | (man >> 13), rem = man & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) h++;
  return (uint16_t)(sign | h);
}

/* A double rounded to IEEE half precision in the given mode (1 rn, 2 rz,
 * 3 rm, 4 rp; the integer modes round as rn), exactly: scaling by powers of
 * two keeps every step exact in double. */
static uint16_t double_to_half(double x, int rnd) {
  if (x != x) return 0x7fff;
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x);
  int mode = rnd == 2 || rnd == 6 ? 2 : rnd == 3 || rnd == 7 ? 3 : rnd == 4 || rnd == 8 ? 4 : 1;
  int up_away = (mode == 4 && !sign) || (mode == 3 && sign);   /* rounding away from zero */
  if (isinf(a)) return (uint16_t)(sign | 0x7c00);
  double q;
  if (a < 0x1p-14) q = 0x1p-24;
  else { int e; frexp(a, &e); q = ldexp(1.0, e - 11); }
  double t = floor(a / q) * q, rem = a - t;
  if (rem > 0) {
    if (mode == 1) { if (rem > q / 2 || (rem == q / 2 && fmod(t / q, 2.0) != 0)) t += q; }
    else if (up_away) t += q;
  }
  if (t > 65504.0) return (uint16_t)(sign | ((mode == 1 || up_away) ? 0x7c00 : 0x7bff));
  if (t < 0x1p-14) return (uint16_t)(sign | (uint16_t)(t / 0x1p-24));
  int e;
  double m = frexp(t, &e);                    /* t = m * 2^e, m in [0.5, 1) */
  uint16_t man = (uint16_t)((m * 2.0 - 1.0) * 1024.0);
  return (uint16_t)(sign | (uint16_t)((e - 1 + 15) << 10) | man);
}


/* A 16-bit float of type t (.f16 or .bf16) as a double, and a double rounded to one. */
double emu_half_in(uint64_t v, int t) { return t == ISA_T_BF16 ? emu_half_value((uint32_t)v, 1) : (double)half_to_f32((uint16_t)v); }
uint64_t emu_half_out(double f, int t, int rnd) { return t == ISA_T_BF16 ? emu_half_round(f, 1, rnd) : double_to_half(f, rnd); }

/* convert's first case (an integer type to another, no .sat) for all lanes at
 * once: extended from the source type's width, cut to the destination's w0. */
static void cvt_int(uint64_t *d, const uint64_t *a, int ts, unsigned w0) {
  unsigned ws = tbits[ts];
  if (tkind[ts] == TK_SGN) for (int l = 0; l < WARP; l++) d[l] = trunc_w((uint64_t)sext_w(a[l], ws), w0);
  else for (int l = 0; l < WARP; l++) d[l] = trunc_w(trunc_w(a[l], ws), w0);
}

/* cvt of one value from type ts to type td, as PTX defines it. */
static uint64_t convert(uint64_t v, int td, int ts, int rnd, int ftz, int sat) {
  int kd = tkind[td], ks = tkind[ts];
  unsigned wd = tbits[td], ws = tbits[ts];
  if (ks != TK_FLT && kd != TK_FLT) {
    uint64_t x = as_type(v, ts);
    if (sat) {
      int src_signed = ks == TK_SGN, dst_signed = kd == TK_SGN;
      if (dst_signed) {
        int64_t lo = wd >= 64 ? INT64_MIN : -(int64_t)(1ull << (wd - 1)), hi = wd >= 64 ? INT64_MAX : (int64_t)((1ull << (wd - 1)) - 1);
        if (src_signed) { int64_t s = (int64_t)x; x = (uint64_t)(s < lo ? lo : s > hi ? hi : s); }
        else x = x > (uint64_t)hi ? (uint64_t)hi : x;
      } else {
        uint64_t hi = trunc_w(~0ull, wd);
        if (src_signed && (int64_t)x < 0) x = 0;
        else if (x > hi) x = hi;
      }
    }
    return trunc_w(x, wd);
  }
  if (ks == TK_FLT && kd != TK_FLT) {   /* float to integer: rounds as asked, NaN to 0, clamps to the range */
    double f = ws == 64 ? F64(v) : ws == 32 ? (double)(ftz ? ftz32(F32(v)) : F32(v)) : emu_half_in(v, ts);
    /* NaN: 0, but 1 << (width - 1) from an f64 or into a 64-bit integer (PTX ISA, cvt) */
    if (f != f) return (ws == 64 || wd == 64) ? 1ull << (wd - 1) : 0;
    switch (rnd) {
    case 5: f = nearbyint(f); break;   /* rni: the default mode is round to nearest even */
    case 6: f = trunc(f); break;
    case 7: f = floor(f); break;
    case 8: f = ceil(f); break;
    default: f = trunc(f); break;
    }
    if (kd == TK_SGN) {
      double lo = -ldexp(1.0, (int)wd - 1), hi = ldexp(1.0, (int)wd - 1);
      int64_t r = f <= lo ? (wd >= 64 ? INT64_MIN : (int64_t)lo) : f >= hi ? (wd >= 64 ? INT64_MAX : (int64_t)hi - 1) : (int64_t)f;
      return trunc_w((uint64_t)r, wd);
    }
    double hi = ldexp(1.0, (int)wd);
    uint64_t r = f <= 0 ? 0 : f >= hi ? trunc_w(~0ull, wd) : (uint64_t)f;
    return trunc_w(r, wd);
  }
  if (ks != TK_FLT) {   /* integer to float */
    rmode r = rm_begin(rnd);
    uint64_t x = as_type(v, ts);
    uint64_t out;
    if (wd == 64) { double f = ks == TK_SGN ? (double)(int64_t)x : (double)x; out = f64_bits(sat ? sat64(f) : f); }
    else if (wd == 32) {
      float f = ks == TK_SGN ? (float)(int64_t)x : (float)x;
      if (sat) f = sat32(f);
      out = f32_bits(f);
    } else {
      rm_end(r);   /* the half is rounded exactly from the integer (exact in double up to 2^53, far past 65504) */
      double f = ks == TK_SGN ? (double)(int64_t)x : (double)x;
      return emu_half_out(sat ? sat64(f) : f, td, rnd);
    }
    rm_end(r);
    return out;
  }
  /* float to float */
  if (ws == 16 || wd == 16) {
    double f = ws == 16 ? emu_half_in(v, ts) : ws == 32 ? (double)(ftz ? ftz32(F32(v)) : F32(v)) : F64(v);
    if (sat) f = sat64(f);
    if (wd == 16) return emu_half_out(f, td, rnd);
    return wd == 32 ? B32((float)f) : B64(f);
  }
  rmode r = rm_begin(rnd);
  uint64_t out;
  if (wd == 32 && ws == 32) {
    float f = ftz ? ftz32(F32(v)) : F32(v);
    if (rnd >= 5) f = rnd == 5 ? nearbyintf(f) : rnd == 6 ? truncf(f) : rnd == 7 ? floorf(f) : ceilf(f);
    if (sat) f = sat32(f);
    if (ftz) f = ftz32(f);
    out = B32(f);
  } else if (wd == 64 && ws == 64) {
    double f = F64(v);
    if (f != f) { rm_end(r); return v | 0x0008000000000000ull; }   /* a NaN, quieted */
    if (rnd >= 5) f = rnd == 5 ? nearbyint(f) : rnd == 6 ? trunc(f) : rnd == 7 ? floor(f) : ceil(f);
    if (sat) f = sat64(f);
    out = B64(f);
  } else if (wd == 32) {
    float f = (float)F64(v);
    if (sat) f = sat32(f);
    if (ftz) f = ftz32(f);
    /* a NaN keeps its sign and the top of its payload, quieted */
    out = f == f ? B32(f) : (uint32_t)(v >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(v >> 29 & 0x3fffffu);
  } else {
    double f = (double)(ftz ? ftz32(F32(v)) : F32(v));
    if (sat) f = sat64(f);
    /* a NaN keeps its sign and payload, quieted */
    out = f == f ? B64(f) : (v & 0x80000000ull) << 32 | 0x7ff8000000000000ull | (v & 0x3fffffull) << 29;
  }
  rm_end(r);
  return out;
}

/* X_MOVE: mov, cvt, cvta, isspacep. */
EMU_CLONES
int emu_exec_move(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t Dbuf[WARP], *D = dst_lanes(w, in, active, Dbuf);
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0, sat = (in->flags & FL_SAT) != 0;
  switch (in->op) {
  /* mov: d = a (also packs and unpacks {vectors}, takes addresses) */
  case ISA_OP_MOV: {
    const emu_opnd *d = &in->o[0], *s = &in->o[1];
    if (d->kind == OK_VEC) {   /* unpack: low bits go to the first element */
      const uint64_t *a = S(1);
      unsigned eb = w0 / d->nelem;
      for (unsigned e = 0; e < d->nelem; e++) {
        uint64_t E[WARP];
        LANES E[l] = trunc_w(a[l] >> (e * eb), eb);
        write_dst(w, &c->m->elems[d->elem_first + e], E, active);
      }
      return 0;
    }
    if (s->kind == OK_VEC) {   /* pack */
      unsigned eb = w0 / s->nelem;
      LANES D[l] = 0;
      for (unsigned e = 0; e < s->nelem; e++) {
        const uint64_t *a = src(c, w, &c->m->elems[s->elem_first + e], c->scratch[4 + (e & 3)]);
        LANES D[l] |= trunc_w(a[l], eb) << (e * eb);
      }
      write_dst(w, d, D, active);
      return 0;
    }
    const uint64_t *a = S(1);
    write_dst(w, d, a, active);
    return 0;
  }
  /* cvt: d = a converted from type1 to type0 (f16x2, bf16x2 from two f32: a in the upper half, b in the lower) */
  case ISA_OP_CVT: {
    const uint64_t *a = S(1);
    rmode r = { 0, 0 };
    (void)r;
    if (t0 == ISA_T_F16X2 || t0 == ISA_T_BF16X2) {   /* cvt.rn.f16x2.f32 d, a, b: a's value in the upper half, b's in the lower */
      const uint64_t *b = S(2);
      int h = t0 == ISA_T_BF16X2 ? ISA_T_BF16 : ISA_T_F16;
      LANES D[l] = convert(a[l], h, in->t1, in->rnd, ftz, sat) << 16 | convert(b[l], h, in->t1, in->rnd, ftz, sat);
      if (in->flags & FL_RELU)
        LANES D[l] = emu_half_relu((uint32_t)D[l] & 0xffff, h == ISA_T_BF16) | (uint64_t)emu_half_relu((uint32_t)(D[l] >> 16), h == ISA_T_BF16) << 16;
      write_dst(w, &in->o[0], D, active);
      return 0;
    }
    if (!sat && k0 != TK_FLT && tkind[in->t1] != TK_FLT) cvt_int(D, a, in->t1, w0);
    else LANES D[l] = convert(a[l], t0, in->t1, in->rnd, ftz, sat);
    if ((in->flags & FL_RELU) && (t0 == ISA_T_F16 || t0 == ISA_T_BF16)) LANES D[l] = emu_half_relu((uint32_t)D[l], t0 == ISA_T_BF16);
    /* a signed result is sign-extended into a wider register (PTX ISA 6.5.1) */
    if (tkind[t0] == TK_SGN) LANES D[l] = (uint64_t)sext_w(D[l], w0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* cvta: d = generic address of a in the space (.to: the reverse) */
  case ISA_OP_CVTA: {
    const uint64_t *a = S(1);
    uint64_t base = in->space == ISA_SP_SHARED || in->space == ISA_SP_SHARED_CTA ? GENERIC_SHARED_BASE
                  : in->space == ISA_SP_LOCAL ? GENERIC_LOCAL_BASE
                  : in->space == ISA_SP_CONST ? c->m->const_addr : 0;   /* the constant bank is device memory */
    int to = (in->flags & FL_TO) != 0;
    LANES D[l] = trunc_w(to ? a[l] - base : a[l] + base, w0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* isspacep: p = the generic address a is in the state space named */
  case ISA_OP_ISSPACEP: {
    const uint64_t *a = S(1);
    const uint8_t *cm = c->m->const_mem;
    LANES {
      uint64_t x = a[l];
      int sh = x - GENERIC_SHARED_BASE < GENERIC_WINDOW, lo = x - GENERIC_LOCAL_BASE < GENERIC_WINDOW, r;
      switch (in->space) {
      case ISA_SP_SHARED: case ISA_SP_SHARED_CTA: r = sh && x - GENERIC_SHARED_BASE < c->shared_bytes; break;
      case ISA_SP_LOCAL: r = lo; break;
      case ISA_SP_CONST: r = cm && x - c->m->const_addr < c->m->const_bytes; break;
      default: r = !sh && !lo; break;   /* .global: the rest of the generic space (the constant bank is in it) */
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
