/* tests/emu/insn/ref_common.h -- helpers shared by the per-instruction references
 * (tests/emu/insn/<family>/ref.c), which are built with
 *     cc -std=c11 -O2 -ffp-contract=off ref.c -lm
 * and run as `ref DATADIR`.
 *
 * Every value is kept in a uint64_t holding the raw bits of its type, zero-extended;
 * ref_write() writes the low BYTES bytes of each, little-endian.  Nothing here knows
 * the emulator: the expected values are computed from the PTX ISA's definitions.
 *
 * Rounding modes: the arithmetic helpers switch the host's rounding mode with
 * fesetround() around ONE operation whose operands are read from volatile objects
 * after the switch and whose result is written to a volatile object before the mode
 * is restored, so the compiler (no -frounding-math) can neither fold nor move it.
 * Conversions are rounded in software (round_fmt), independently of the host mode.
 */
#ifndef REF_COMMON_H
#define REF_COMMON_H

#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error "the references need FLT_EVAL_METHOD == 0 (each float operation rounded to its type, as with SSE)"
#endif

static const char *ref_dir = ".";

static _Noreturn inline void ref_die(const char *msg) {
  fprintf(stderr, "ref: %s\n", msg);
  exit(1);
}

static inline void ref_init(int argc, char **argv) {
  if (argc != 2) ref_die("usage: ref DATADIR");
  ref_dir = argv[1];
}

/* Writes n values of 'bytes' bytes each (the low bytes of v[i]) to DATADIR/name. */
static inline void ref_write(const char *name, const uint64_t *v, size_t n, unsigned bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", ref_dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) { fprintf(stderr, "ref: cannot write %s: %s\n", path, strerror(errno)); exit(1); }
  for (size_t i = 0; i < n; i++)
    for (unsigned k = 0; k < bytes; k++) fputc((int)((v[i] >> (8 * k)) & 0xff), f);
  if (fclose(f) != 0) { fprintf(stderr, "ref: write failed: %s\n", path); exit(1); }
}

/* ---- deterministic random numbers (splitmix64) ---- */
static uint64_t ref_rng = 0x243f6a8885a308d3ull;
static inline uint64_t rnd64(void) {
  uint64_t z = (ref_rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static inline uint32_t rnd32(void) { return (uint32_t)(rnd64() >> 32); }
/* uniform in [lo, hi] */
static inline int64_t rnd_range(int64_t lo, int64_t hi) { return lo + (int64_t)(rnd64() % (uint64_t)(hi - lo + 1)); }

/* ---- integer helpers ---- */
static inline uint64_t mask_w(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
static inline uint64_t trunc_bits(uint64_t v, unsigned w) { return v & mask_w(w); }
static inline int64_t sext_bits(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  v &= mask_w(w);
  return (v >> (w - 1)) & 1 ? (int64_t)(v | ~mask_w(w)) : (int64_t)v;
}

/* ---- floating point bits ---- */
static inline uint32_t f2b(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static inline float b2f(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static inline uint64_t d2b(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }
static inline double b2d(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }

/* The NaNs a GPU returns (measured on an H200 with tests/gpu/replay.c; the PTX ISA leaves
 * them unspecified): every f32 operation that produces a NaN returns CNAN32, f64 min/max of
 * two NaNs CNAN64, and an f64 operation that produces a NaN from non-NaN operands (inf - inf,
 * 0 * inf, sqrt(-1), ...) INVALID64. */
#define CNAN32 0x7fffffffu
#define CNAN64 0x7fffffffffffffffull
#define INVALID64 0xfff8000000000000ull

static inline int isnan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static inline int isnan64(uint64_t b) { return (b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
static inline int issub32(uint32_t b) { return (b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0; }
static inline int issub64(uint64_t b) { return (b & 0x7ff0000000000000ull) == 0 && (b & 0x000fffffffffffffull) != 0; }
/* .ftz: a subnormal becomes a zero of the same sign */
static inline uint32_t ftz32(uint32_t b) { return issub32(b) ? (b & 0x80000000u) : b; }
/* a NaN result of an operation on non-NaN operands: CNAN32 (f32), INVALID64 (f64) */
static inline uint32_t canon32(uint32_t b) { return isnan32(b) ? CNAN32 : b; }
static inline uint64_t canon64(uint64_t b) { return isnan64(b) ? INVALID64 : b; }
/* .sat for f32: clamp to [0.0, 1.0], NaN -> +0.0, -0.0 -> +0.0 (the ISA does not say; an H200
 * gives +0.0: add.sat.f32 -0, -0 and cvt.sat.f32.f32 -0, tests/gpu/RESULTS.md) */
static inline uint32_t sat32(uint32_t b) {
  if (isnan32(b)) return 0;
  float f = b2f(b);
  if (f <= 0.0f) return 0;
  if (f > 1.0f) return f2b(1.0f);
  return b;
}
static inline uint64_t sat64(uint64_t b) {
  if (isnan64(b)) return 0;
  double f = b2d(b);
  if (f <= 0.0) return 0;
  if (f > 1.0) return d2b(1.0);
  return b;
}

/* ---- rounding modes ---- */
enum { RN = 0, RZ = 1, RM = 2, RP = 3 };
static inline int fe_mode(int r) { return r == RZ ? FE_TOWARDZERO : r == RM ? FE_DOWNWARD : r == RP ? FE_UPWARD : FE_TONEAREST; }

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA, OP_SQRT, OP_RCP };

/* One IEEE single-precision operation in rounding mode r (raw bits in and out). */
static inline uint32_t fop32(int op, uint32_t a, uint32_t b, uint32_t c, int r) {
  volatile float va = b2f(a), vb = b2f(b), vc = b2f(c);
  volatile float vr;
  if (fesetround(fe_mode(r))) ref_die("fesetround failed");
  switch (op) {
  case OP_ADD: vr = va + vb; break;
  case OP_SUB: vr = va - vb; break;
  case OP_MUL: vr = va * vb; break;
  case OP_DIV: vr = va / vb; break;
  case OP_FMA: vr = fmaf(va, vb, vc); break;
  case OP_SQRT: vr = sqrtf(va); break;
  default: vr = 1.0f / va; break;
  }
  fesetround(FE_TONEAREST);
  return f2b(vr);
}

static inline uint64_t fop64(int op, uint64_t a, uint64_t b, uint64_t c, int r) {
  volatile double va = b2d(a), vb = b2d(b), vc = b2d(c);
  volatile double vr;
  if (fesetround(fe_mode(r))) ref_die("fesetround failed");
  switch (op) {
  case OP_ADD: vr = va + vb; break;
  case OP_SUB: vr = va - vb; break;
  case OP_MUL: vr = va * vb; break;
  case OP_DIV: vr = va / vb; break;
  case OP_FMA: vr = fma(va, vb, vc); break;
  case OP_SQRT: vr = sqrt(va); break;
  default: vr = 1.0 / va; break;
  }
  fesetround(FE_TONEAREST);
  return d2b(vr);
}

/* ---- software rounding for conversions ----
 * Rounds the finite value x (exact in long double) to a binary format with p significand
 * bits, smallest normal exponent emin and largest exponent emax (f16: 11, -14, 15;
 * f32: 24, -126, 127; f64: 53, -1022, 1023), in mode r, with gradual underflow.
 * Returns the rounded value as a long double (every value of those formats is exact
 * in long double), or +-INFINITY on overflow as IEEE 754 defines it per mode. */
static inline long double round_fmt(long double x, int p, int emin, int emax, int r) {
  if (x == 0 || isnan(x) || isinf(x)) return x;
  int e;
  frexpl(x, &e);                 /* |x| = m * 2^e, m in [0.5, 1): exponent of x is e - 1 */
  int qe = (e - 1 < emin ? emin : e - 1) - (p - 1);   /* weight of the last kept bit */
  long double s = ldexpl(x, -qe), q;                   /* exact: only the exponent changes */
  switch (r) {
  case RZ: q = truncl(s); break;
  case RM: q = floorl(s); break;
  case RP: q = ceill(s); break;
  default: {
    q = floorl(s);
    long double frac = s - q;
    if (frac > 0.5L || (frac == 0.5L && fmodl(q, 2.0L) != 0)) q += 1;
    break;
  }
  }
  long double v = ldexpl(q, qe);
  if (v == 0) v = copysignl(0.0L, x);   /* a zero result keeps the sign of x */
  long double maxf = ldexpl(ldexpl(1.0L, p) - 1, emax - p + 1);
  if (fabsl(v) > maxf) {
    int neg = v < 0;
    if (r == RN) return neg ? -INFINITY : INFINITY;
    if (r == RZ) return neg ? -maxf : maxf;
    if (r == RM) return neg ? -INFINITY : maxf;
    return neg ? -maxf : INFINITY;
  }
  return v;
}

/* round_fmt to f32 / f64 / f16 and encode */
static inline uint32_t to_f32(long double x, int r) { return f2b((float)round_fmt(x, 24, -126, 127, r)); }
static inline uint64_t to_f64(long double x, int r) { return d2b((double)round_fmt(x, 53, -1022, 1023, r)); }
static inline uint16_t to_f16(long double x, int r) {
  if (isnan(x)) return 0x7fff;
  long double v = round_fmt(x, 11, -14, 15, r);
  uint16_t sign = signbit(v) ? 0x8000 : 0;
  v = fabsl(v);
  if (isinf(v)) return sign | 0x7c00;
  if (v == 0) return sign;
  int e;
  frexpl(v, &e);
  if (e - 1 < -14) return (uint16_t)(sign | (uint16_t)ldexpl(v, 24));   /* subnormal: v / 2^-24 */
  return (uint16_t)(sign | (uint16_t)((e - 1 + 15) << 10) | ((uint16_t)ldexpl(v, 11 - e) & 0x3ff));
}
/* exact value of an f16 */
static inline long double f16_value(uint16_t h) {
  int sign = h >> 15, ex = (h >> 10) & 31, man = h & 1023;
  long double v;
  if (ex == 31) v = man ? NAN : INFINITY;
  else if (ex == 0) v = ldexpl(man, -24);
  else v = ldexpl(man + 1024, ex - 25);
  return sign ? -v : v;
}

#endif
