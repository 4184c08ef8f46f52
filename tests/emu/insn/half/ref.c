/* Reference for tests/emu/insn/half: half-precision arithmetic, from the PTX ISA's definitions
 * (add, sub, mul, fma, min, max, neg, abs on .f16, .f16x2, .bf16, .bf16x2; .rn, .ftz, .sat, .relu)
 * and IEEE 754's rules for special values.
 *
 * Finite values are computed exactly, with integers: every .f16 is N * 2^-24 (|N| < 2^40), so a
 * sum is exact at that scale and a product or fma at 2^-48 (|N| < 2^81, in an __int128); the
 * .bf16 inputs are kept within 2^-20 .. 2^20 (and the special values), so each is N * 2^-27 and
 * products and fmas are exact at 2^-54.  The exact result is then rounded to nearest even at the
 * format's precision by integer shifts (subnormals at the format's smallest step; past the largest
 * finite value: infinity).  Nothing here is shared with the emulator's half.c.
 *
 * Conventions awemu documents (isa/ISA.md, semantics): a NaN result is 0x7fff; min/max return the
 * other operand when one is NaN and order -0 below +0; neg/abs of a NaN give 0x7fff; .sat clamps
 * to [0, 1] (NaN to +0), .relu makes negative results +0 (a NaN stays NaN), and both make -0
 * +0 (what an H200 does, measured with tests/gpu/replay.c; the ISA does not say).
 */
#include "../ref_common.h"

typedef __int128 i128;
typedef struct { int bf, man, emin, ebits; } fmt;
static const fmt F16 = { 0, 11, -14, 5 }, BF16 = { 1, 8, -126, 8 };

enum { NH = 1024, NH2 = 512 };
static uint64_t IN[4][3][NH];   /* sets h, h2, b, b2; operands a, b, c */

static int is_nan(uint32_t h, const fmt *f) { uint32_t e = (h >> (f->man - 1)) & ((1u << f->ebits) - 1); return e == (1u << f->ebits) - 1 && (h & ((1u << (f->man - 1)) - 1)); }
static int is_inf(uint32_t h, const fmt *f) { uint32_t e = (h >> (f->man - 1)) & ((1u << f->ebits) - 1); return e == (1u << f->ebits) - 1 && !(h & ((1u << (f->man - 1)) - 1)); }
static int is_zero(uint32_t h) { return !(h & 0x7fff); }
static int is_sub(uint32_t h, const fmt *f) { return !((h >> (f->man - 1)) & ((1u << f->ebits) - 1)) && (h & ((1u << (f->man - 1)) - 1)); }

/* A finite value as N * 2^-scale (scale 24 for f16, 27 for bf16 inputs in range). */
static i128 to_int(uint32_t h, const fmt *f, int scale) {
  int mb = f->man - 1;
  uint32_t e = (h >> mb) & ((1u << f->ebits) - 1), m = h & ((1u << mb) - 1);
  int bias = (1 << (f->ebits - 1)) - 1;
  i128 sig = e ? (i128)(m | (1u << mb)) : (i128)m;
  int exp = (e ? (int)e : 1) - bias - mb;   /* value = sig * 2^exp */
  if (!sig) return 0;
  int sh = exp + scale;
  if (sh < 0) ref_die("a value below the exact scale");
  i128 v = sig << sh;
  return h & 0x8000 ? -v : v;
}

/* N * 2^-scale rounded to nearest even in format f; zero results get 'zsign'. */
static uint32_t round_int(i128 n, int scale, const fmt *f, uint32_t zsign) {
  if (n == 0) return zsign;
  uint32_t sign = n < 0 ? 0x8000 : 0;
  unsigned __int128 a = (unsigned __int128)(n < 0 ? -n : n);
  int top = 127;
  while (!((a >> top) & 1)) top--;          /* a's highest bit: value in [2^(top-scale), 2^(top-scale+1)) */
  int e = top - scale, mb = f->man - 1;
  int q = (e < f->emin ? f->emin : e) - mb; /* the weight of the last kept bit */
  int shift = q + scale;                    /* bits of a to drop */
  unsigned __int128 t;
  if (shift <= 0) t = a << -shift;
  else {
    t = a >> shift;
    unsigned __int128 rem = a & (((unsigned __int128)1 << shift) - 1), half = (unsigned __int128)1 << (shift - 1);
    if (rem > half || (rem == half && (t & 1))) t++;
  }
  /* t * 2^q */
  int bias = (1 << (f->ebits - 1)) - 1, emax = bias;
  uint32_t inf = ((1u << f->ebits) - 1) << mb;
  if (t >> (mb + 1)) { t >>= 1; q++; }      /* rounding carried into a new bit */
  if (t == 0) return sign;
  if (!(t >> mb)) return sign | (uint32_t)t;                  /* subnormal (q == emin - mb) */
  int ex = q + mb;                                            /* t in [2^mb, 2^(mb+1)) */
  if (ex > emax) return sign | inf;
  return sign | ((uint32_t)(ex + bias) << mb) | ((uint32_t)t & ((1u << mb) - 1));
}

static uint32_t flush(uint32_t h, const fmt *f) { return is_sub(h, f) ? h & 0x8000 : h; }

static uint32_t op1(const char *op, uint32_t a, uint32_t b, uint32_t c, const fmt *f, int ftz, int sat, int relu) {
  int scale = f->bf ? 27 : 24;
  if (ftz) { a = flush(a, f); b = flush(b, f); c = flush(c, f); }
  uint32_t r;
  uint32_t sa = a & 0x8000, sb = b & 0x8000, sc = c & 0x8000;
  if (!strcmp(op, "neg") || !strcmp(op, "abs")) {
    if (is_nan(a, f)) return 0x7fff;
    return op[0] == 'n' ? a ^ 0x8000 : a & 0x7fff;
  }
  if (!strcmp(op, "min") || !strcmp(op, "max")) {
    int mn = op[1] == 'i';
    if (is_nan(a, f) && is_nan(b, f)) return 0x7fff;
    if (is_nan(a, f)) return b;
    if (is_nan(b, f)) return a;
    /* compare: infinities as +-huge */
    i128 x = is_inf(a, f) ? (sa ? -((i128)1 << 120) : ((i128)1 << 120)) : to_int(a, f, scale);
    i128 y = is_inf(b, f) ? (sb ? -((i128)1 << 120) : ((i128)1 << 120)) : to_int(b, f, scale);
    if (x == y) return mn == (sa != 0) ? a : b;
    return mn == (x < y) ? a : b;
  }
  int add = !strcmp(op, "add"), sub = !strcmp(op, "sub"), mul = !strcmp(op, "mul");
  if (sub) { b ^= 0x8000; sb ^= 0x8000; add = 1; }
  if (is_nan(a, f) || is_nan(b, f) || (!add && !mul && is_nan(c, f))) r = 0x7fff;
  else if (add) {
    if (is_inf(a, f) && is_inf(b, f) && sa != sb) r = 0x7fff;
    else if (is_inf(a, f)) r = a;
    else if (is_inf(b, f)) r = b;
    else r = round_int(to_int(a, f, scale) + to_int(b, f, scale), scale, f, sa && sb ? 0x8000 : 0);
  } else {
    /* the product a * b (mul), then + c (fma) */
    uint32_t sp = sa ^ sb;
    int pinf = is_inf(a, f) || is_inf(b, f), pzero = is_zero(a) || is_zero(b);
    if (pinf && pzero) r = 0x7fff;
    else if (mul) r = pinf ? (sp | ((((1u << f->ebits) - 1)) << (f->man - 1))) : round_int(to_int(a, f, scale) * to_int(b, f, scale), 2 * scale, f, sp);
    else if (pinf && is_inf(c, f) && sp != sc) r = 0x7fff;
    else if (pinf) r = sp | (((1u << f->ebits) - 1) << (f->man - 1));
    else if (is_inf(c, f)) r = c;
    else {
      i128 p = to_int(a, f, scale) * to_int(b, f, scale), cc = to_int(c, f, scale) * ((i128)1 << scale);
      uint32_t zs = (p == 0 && cc == 0) ? (sp && sc ? 0x8000 : 0) : 0;   /* an exact zero sum of nonzero terms is +0 */
      r = round_int(p + cc, 2 * scale, f, zs);
    }
  }
  if (ftz) r = flush(r, f);
  if (is_nan(r, f)) return sat ? 0 : 0x7fff;
  if (sat) {
    if (r & 0x8000) r = 0;
    else if (!(r & 0x8000) && r > (f->bf ? 0x3f80u : 0x3c00u)) r = f->bf ? 0x3f80 : 0x3c00;   /* above 1.0 (positive bit patterns order as values) */
  }
  if (relu && (r & 0x8000)) r = 0;
  return r;
}

/* setp.CMP{.ftz} on two 16-bit values: the comparison the name gives ('u': unordered, true with a NaN) */
static uint32_t cmp1(const char *cmp, uint32_t a, uint32_t b, const fmt *f, int ftz) {
  if (ftz) { a = flush(a, f); b = flush(b, f); }
  int un = is_nan(a, f) || is_nan(b, f);
  if (!strcmp(cmp, "num")) return !un;
  if (!strcmp(cmp, "nan")) return un;
  size_t n = strlen(cmp);
  int unordered = n == 3 && cmp[2] == 'u';
  if (un) return unordered;
  int scale = f->bf ? 27 : 24;
  i128 big = (i128)1 << 120;
  i128 x = is_inf(a, f) ? (a & 0x8000 ? -big : big) : to_int(a, f, scale), y = is_inf(b, f) ? (b & 0x8000 ? -big : big) : to_int(b, f, scale);
  if (!strncmp(cmp, "eq", 2)) return x == y;
  if (!strncmp(cmp, "ne", 2)) return x != y;
  if (!strncmp(cmp, "lt", 2)) return x < y;
  if (!strncmp(cmp, "le", 2)) return x <= y;
  if (!strncmp(cmp, "gt", 2)) return x > y;
  return x >= y;
}

/* ex2 (2^a) or tanh of h, the exact value rounded to nearest even in f (as awemu computes
 * ex2.approx and tanh.approx: once rounded, inside the ISA's bounds), from long double:
 * its 64-bit significand leaves the rounding of these irrational values exact; a NaN
 * result is 0x7fff, ftz flushes subnormal inputs and results */
static uint32_t func1(int ex2, uint32_t h, const fmt *f, int ftz) {
  if (ftz) h = flush(h, f);
  if (is_nan(h, f)) return 0x7fff;
  uint32_t inf = ((1u << f->ebits) - 1) << (f->man - 1), one = f->bf ? 0x3f80 : 0x3c00;
  if (is_inf(h, f)) return ex2 ? (h & 0x8000 ? 0 : inf) : (h & 0x8000) | one;
  int mb = f->man - 1, bias = (1 << (f->ebits - 1)) - 1;
  uint32_t e = (h >> mb) & ((1u << f->ebits) - 1), m = h & ((1u << mb) - 1);
  long double x = ldexpl((long double)(e ? m | (1u << mb) : m), (e ? (int)e : 1) - bias - mb);   /* exact */
  if (h & 0x8000) x = -x;
  long double z = ex2 ? exp2l(x) : tanhl(x);
  if (isinf(z) || fabsl(z) >= 0x1p130L) return (z < 0 ? 0x8000 : 0) | inf;
  if (fabsl(z) < ldexpl(1.0L, f->emin - (f->man - 1) - 2)) return z < 0 || (z == 0 && (h & 0x8000) && !ex2) ? 0x8000 : 0;   /* below half the least subnormal */
  int sc = z == 0 ? 0 : 100 - ilogbl(z);   /* n: z with 100 bits before the point, the rest dropped (irrational: no tie) */
  i128 n = (i128)ldexpl(z, sc);
  uint32_t r = round_int(n, sc, f, (h & 0x8000) && !ex2 ? 0x8000 : 0);
  return ftz ? flush(r, f) : r;
}

/* ---- inputs ---- */

static const uint32_t SPEC_H[] = { 0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x83ff, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3c01, 0x3bff,
                                   0x7c00, 0xfc00, 0x7e00, 0x7d01, 0x0200, 0x3800, 0x4000, 0x5bff, 0x7a00, 0x1400, 0x3555 };
static const uint32_t SPEC_B[] = { 0x0000, 0x8000, 0x3f80, 0xbf80, 0x3f81, 0x3f7f, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0x3f00, 0x4000,
                                   0x4b7f, 0xcb7f, 0x3580, 0x3a80, 0x49ff, 0x36ab };

static uint32_t rnd_h(void) {
  switch (rnd64() % 4) {
  case 0: return (uint32_t)(rnd64() & 0xffff);                                   /* any pattern */
  case 1: return (uint32_t)(0x3800 + rnd64() % 0x800) | (rnd64() & 1 ? 0x8000 : 0); /* 0.5 .. 2 */
  case 2: return (uint32_t)(rnd64() % 0x800) | (rnd64() & 1 ? 0x8000 : 0);       /* subnormal and the smallest normals */
  default: return (uint32_t)(0x7000 + rnd64() % 0xc00);                           /* large: sums and products overflow */
  }
}
static uint32_t rnd_b(void) {   /* exponents -20 .. 20 */
  uint32_t e = (uint32_t)(127 - 20 + rnd64() % 41), m = (uint32_t)(rnd64() & 0x7f);
  return (rnd64() & 1 ? 0x8000 : 0) | e << 7 | m;
}

static uint32_t pick(int bf, unsigned i, int k) {
  const uint32_t *sp = bf ? SPEC_B : SPEC_H;
  unsigned ns = bf ? (unsigned)(sizeof SPEC_B / sizeof SPEC_B[0]) : (unsigned)(sizeof SPEC_H / sizeof SPEC_H[0]);
  if (i < ns * ns) return k == 0 ? sp[i / ns] : k == 1 ? sp[i % ns] : sp[(i * 7 + 3) % ns];   /* every pair of specials */
  if (k == 2 && i % 5 == 0) return sp[i % ns];
  return bf ? rnd_b() : rnd_h();
}

static void make_inputs(void) {
  for (unsigned i = 0; i < NH; i++)
    for (int k = 0; k < 3; k++) {
      IN[0][k][i] = pick(0, i, k);
      IN[2][k][i] = pick(1, i, k);
    }
  for (unsigned i = 0; i < NH2; i++)   /* x2: two elements drawn like the scalar sets, from a shifted index */
    for (int k = 0; k < 3; k++) {
      IN[1][k][i] = pick(0, (i * 3 + 1) % NH, k) | pick(0, (i * 5 + 2) % NH, k) << 16;
      IN[3][k][i] = pick(1, (i * 3 + 1) % NH, k) | pick(1, (i * 5 + 2) % NH, k) << 16;
    }
}

static const struct { const char *name, *op; int set, ftz, sat, relu; } T[] = {
  { "add_f16", "add", 0, 0, 0, 0 }, { "sub_f16", "sub", 0, 0, 0, 0 }, { "mul_f16", "mul", 0, 0, 0, 0 }, { "fma_f16", "fma", 0, 0, 0, 0 },
  { "min_f16", "min", 0, 0, 0, 0 }, { "max_f16", "max", 0, 0, 0, 0 }, { "neg_f16", "neg", 0, 0, 0, 0 }, { "abs_f16", "abs", 0, 0, 0, 0 },
  { "add_ftz_f16", "add", 0, 1, 0, 0 }, { "add_sat_f16", "add", 0, 0, 1, 0 }, { "fma_ftz_sat_f16", "fma", 0, 1, 1, 0 },
  { "fma_relu_f16", "fma", 0, 0, 0, 1 }, { "add_f16x2", "add", 1, 0, 0, 0 }, { "mul_f16x2", "mul", 1, 0, 0, 0 },
  { "fma_f16x2", "fma", 1, 0, 0, 0 }, { "max_f16x2", "max", 1, 0, 0, 0 }, { "add_bf16", "add", 2, 0, 0, 0 },
  { "mul_bf16", "mul", 2, 0, 0, 0 }, { "fma_bf16", "fma", 2, 0, 0, 0 }, { "fma_relu_bf16", "fma", 2, 0, 0, 1 },
  { "min_bf16", "min", 2, 0, 0, 0 }, { "neg_bf16", "neg", 2, 0, 0, 0 }, { "fma_bf16x2", "fma", 3, 0, 0, 0 }, { "sub_bf16x2", "sub", 3, 0, 0, 0 },
};

int main(int argc, char **argv) {
  ref_init(argc, argv);
  make_inputs();
  static const char *const sets[4] = { "h", "h2", "b", "b2" };
  for (int s = 0; s < 4; s++)
    for (int k = 0; k < 3; k++) {
      char name[32];
      snprintf(name, sizeof name, "%s_%c.bin", sets[s], 'a' + k);
      ref_write(name, IN[s][k], s & 1 ? NH2 : NH, s & 1 ? 4 : 2);
    }
  static uint64_t out[NH];
  size_t cases = 0;
  for (size_t t = 0; t < sizeof T / sizeof T[0]; t++) {
    int s = T[t].set, two = s & 1;
    const fmt *f = s >= 2 ? &BF16 : &F16;
    unsigned n = two ? NH2 : NH;
    for (unsigned i = 0; i < n; i++) {
      uint64_t a = IN[s][0][i], b = IN[s][1][i], c = IN[s][2][i];
      uint32_t lo = op1(T[t].op, a & 0xffff, b & 0xffff, c & 0xffff, f, T[t].ftz, T[t].sat, T[t].relu);
      uint32_t hi = two ? op1(T[t].op, (a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff, f, T[t].ftz, T[t].sat, T[t].relu) : 0;
      out[i] = lo | (uint64_t)hi << 16;
    }
    char name[64];
    snprintf(name, sizeof name, "%s.bin", T[t].name);
    ref_write(name, out, n, two ? 4 : 2);
    cases += n * (two ? 2u : 1u);
  }
  for (unsigned i = 0; i < NH2; i++) {   /* cvt.rn.relu.f16x2.f32 of each half, converted to f32 and back exactly */
    uint32_t r = 0;
    for (int k = 0; k < 2; k++) {
      uint32_t h = (uint32_t)(IN[1][0][i] >> (16 * k)) & 0xffff;
      r |= (is_nan(h, &F16) ? 0x7fffu : (h & 0x8000) ? 0u : h) << (16 * k);
    }
    out[i] = r;
  }
  ref_write("cvt_relu_f16x2.bin", out, NH2, 4);
  cases += 2 * NH2;
  static const struct { const char *name, *cmp; int bf, ftz; } TC[] = {
    { "setp_lt_f16", "lt", 0, 0 }, { "setp_equ_f16", "equ", 0, 0 }, { "setp_le_ftz_f16", "le", 0, 1 }, { "setp_num_f16", "num", 0, 0 },
    { "setp_ne_bf16", "ne", 1, 0 }, { "setp_gtu_bf16", "gtu", 1, 0 }, { "setp_nan_bf16", "nan", 1, 0 },
  };
  for (size_t t = 0; t < sizeof TC / sizeof TC[0]; t++) {
    int s = TC[t].bf ? 2 : 0;
    for (unsigned i = 0; i < NH; i++) out[i] = cmp1(TC[t].cmp, (uint32_t)IN[s][0][i], (uint32_t)IN[s][1][i], TC[t].bf ? &BF16 : &F16, TC[t].ftz);
    char name[64];
    snprintf(name, sizeof name, "%s.bin", TC[t].name);
    ref_write(name, out, NH, 2);
    cases += NH;
  }
  /* the pair comparisons (PTX ISA, half-precision setp and set): each half compared apart;
   * setp: p from the lower halves, q from the upper, each and-ed (.and) with c's bit 0 when c is
   * given; set.u32: 0xffff in each half that holds */
  for (int v = 0; v < 3; v++) {
    int s = v == 1 ? 3 : 1;
    const fmt *f = v == 1 ? &BF16 : &F16;
    const char *cmp = v == 0 ? "lt" : v == 1 ? "geu" : "eq";
    for (unsigned i = 0; i < NH2; i++) {
      uint32_t t[2];
      for (int h = 0; h < 2; h++) t[h] = cmp1(cmp, (uint32_t)(IN[s][0][i] >> (16 * h)) & 0xffff, (uint32_t)(IN[s][1][i] >> (16 * h)) & 0xffff, f, 0);
      if (v == 1) for (int h = 0; h < 2; h++) t[h] &= (uint32_t)IN[s][2][i] & 1;
      out[i] = v == 2 ? (t[0] ? 0xffffu : 0) | (t[1] ? 0xffff0000u : 0) : t[0] | t[1] << 1;
    }
    ref_write(v == 0 ? "setp_lt_f16x2.bin" : v == 1 ? "setp_geu_and_bf16x2.bin" : "set_eq_u32_f16x2.bin", out, NH2, 4);
    cases += 2 * NH2;
  }
  /* set with a half destination or half sources (PTX ISA, half-precision set): 1.0 in the
   * destination's format (.f16 0x3c00, .bf16 0x3f80) or all ones (.u16/.s16 0xffff, .u32/.s32
   * 0xffffffff) where the comparison (combined with c) holds, else 0; pairs: each half */
  static const struct { const char *name, *cmp; int set, outb; uint32_t one; int and_c; } TS[] = {
    { "set_lt_f16_f16", "lt", 0, 2, 0x3c00, 0 }, { "set_ne_u16_f16", "ne", 0, 2, 0xffff, 0 },
    { "set_gtu_bf16_bf16", "gtu", 2, 2, 0x3f80, 0 }, { "set_ge_s16_bf16", "ge", 2, 2, 0xffff, 0 },
    { "set_le_s32_f16", "le", 0, 4, 0xffffffffu, 0 }, { "set_le_f16x2_f16x2", "le", 1, 4, 0x3c00, 0 },
    { "set_nan_and_bf16x2_bf16x2", "nan", 3, 4, 0x3f80, 1 },
  };
  for (size_t t = 0; t < sizeof TS / sizeof TS[0]; t++) {
    int st = TS[t].set, two = st & 1;
    const fmt *f = st >= 2 ? &BF16 : &F16;
    unsigned n = two ? NH2 : NH;
    for (unsigned i = 0; i < n; i++) {
      uint64_t r = 0;
      for (int h = 0; h < (two ? 2 : 1); h++) {
        uint32_t x = cmp1(TS[t].cmp, (uint32_t)(IN[st][0][i] >> (16 * h)) & 0xffff, (uint32_t)(IN[st][1][i] >> (16 * h)) & 0xffff, f, 0);
        if (TS[t].and_c) x &= (uint32_t)IN[st][2][i] & 1;
        if (x) r |= (uint64_t)TS[t].one << (16 * h);
      }
      out[i] = r;
    }
    char name[64];
    snprintf(name, sizeof name, "%s.bin", TS[t].name);
    ref_write(name, out, n, (unsigned)TS[t].outb);
    cases += n;
  }
  /* set.lt.f16.f32: the h2 words as .f32 values (ordered: a NaN gives 0) */
  for (unsigned i = 0; i < NH2; i++) {
    uint32_t x = (uint32_t)IN[1][0][i], y = (uint32_t)IN[1][1][i];
    out[i] = !isnan32(x) && !isnan32(y) && b2f(x) < b2f(y) ? 0x3c00 : 0;
  }
  ref_write("set_lt_f16_f32.bin", out, NH2, 2);
  cases += NH2;
  static const struct { const char *name; int ex2, set, ftz; } TF[] = {
    { "ex2_f16", 1, 0, 0 }, { "tanh_f16x2", 0, 1, 0 }, { "ex2_ftz_bf16", 1, 2, 1 }, { "tanh_bf16x2", 0, 3, 0 },
  };
  for (size_t t = 0; t < sizeof TF / sizeof TF[0]; t++) {
    int s = TF[t].set, two = s & 1;
    const fmt *f = s >= 2 ? &BF16 : &F16;
    unsigned n = two ? NH2 : NH;
    for (unsigned i = 0; i < n; i++) {
      uint64_t a = IN[s][0][i];
      out[i] = func1(TF[t].ex2, a & 0xffff, f, TF[t].ftz) | (two ? (uint64_t)func1(TF[t].ex2, (a >> 16) & 0xffff, f, TF[t].ftz) << 16 : 0);
    }
    char name[64];
    snprintf(name, sizeof name, "%s.bin", TF[t].name);
    ref_write(name, out, n, two ? 4 : 2);
    cases += n * (two ? 2u : 1u);
  }
  printf("half: %zu variants, %zu cases\n", sizeof T / sizeof T[0] + sizeof TC / sizeof TC[0] + 4 + sizeof TS / sizeof TS[0] + 1 + sizeof TF / sizeof TF[0], cases);
  return 0;
}
