/* emu/core/half.c -- half-precision arithmetic: .f16, .f16x2, .bf16, .bf16x2.
 *
 * add, sub, mul, fma, neg, abs, min and max on IEEE binary16 (f16) and
 * bfloat16 (bf16) values, one or two to a register (x2: two independent
 * halves, bits 0-15 and 16-31).  The PTX ISA gives these only .rn (round to
 * nearest even), with .ftz (f16: subnormal inputs and results become zero of
 * the same sign), .sat (clamp to [0, 1], NaN to +0) and .relu (fma: negative
 * results become +0, NaN stays NaN).  Both turn -0 into +0, as a GPU does
 * (measured on an H200; the PTX ISA does not say).  A NaN result is the
 * canonical NaN 0x7fff.
 *
 * Exactness: every operand converts exactly to double; the operation is done
 * in double rounding toward zero, and an inexact result gets its last bit set
 * (round to odd).  Rounding that 53-bit value to 11 or 8 significant bits
 * then gives the correctly rounded result: round to odd keeps the sticky
 * information a second rounding needs whenever the first keeps at least two
 * bits more than the second.  (tests/emu/insn/half checks every operation
 * against a reference that computes with exact rational arithmetic instead.)
 */
#include "core_int.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

typedef struct { int man, emin; double max; } hfmt;   /* significant bits, smallest normal exponent, largest finite */
static const hfmt F16 = { 11, -14, 65504.0 }, BF16 = { 8, -126, 0x1.fep127 };

static double to_double(uint32_t h, int bf) {
  if (bf) { uint32_t b = h << 16; float f; memcpy(&f, &b, 4); return (double)f; }
  uint32_t sign = h >> 15, exp = (h >> 10) & 31, man = h & 1023;
  double v = exp == 0 ? ldexp((double)man, -24) : exp == 31 ? (man ? NAN : INFINITY) : ldexp((double)(man | 1024), (int)exp - 25);
  return sign ? -v : v;
}

/* x (with at least two bits more than the format keeps, or exact) rounded in format f: mode 1
 * nearest even (the integer modes too), 2 toward zero, 3 down, 4 up (cvt's .rn .rz .rm .rp). */
static uint32_t from_double_mode(double x, const hfmt *f, int bf, int rnd) {
  if (x != x) return 0x7fff;
  uint32_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x);
  int ebits = bf ? 8 : 5, mbits = f->man - 1;
  uint32_t inf = ((1u << ebits) - 1) << mbits;
  int mode = rnd == 2 || rnd == 6 ? 2 : rnd == 3 || rnd == 7 ? 3 : rnd == 4 || rnd == 8 ? 4 : 1;
  int away = (mode == 4 && !sign) || (mode == 3 && sign);   /* directed rounding away from zero */
  uint32_t maxbits = inf - 1;                               /* the largest finite value */
  if (isinf(a)) return sign | inf;
  int e;
  frexp(a, &e);                                             /* a = m * 2^e, m in [0.5, 1) */
  int q = (e - 1 < f->emin ? f->emin : e - 1) - mbits;      /* the weight of the last kept bit */
  double t = floor(ldexp(a, -q)), rem = ldexp(a, -q) - t;   /* exact: scaling by a power of two */
  if (mode == 1 ? rem > 0.5 || (rem == 0.5 && fmod(t, 2.0) != 0) : rem > 0 && away) t += 1;
  double r = ldexp(t, q);
  if (r > f->max) return sign | (mode == 1 || away ? inf : maxbits);
  if (r == 0) return sign;
  frexp(r, &e);
  if (e - 1 < f->emin) return sign | (uint32_t)t;           /* subnormal: the count of the smallest steps */
  uint32_t man = (uint32_t)(ldexp(r, mbits - (e - 1)) - ldexp(1.0, mbits));
  return sign | ((uint32_t)(e - 1 - f->emin + 1) << mbits) | man;
}
static uint32_t from_double(double x, const hfmt *f, int bf) { return from_double_mode(x, f, bf, 1); }

double emu_half_value(uint32_t h, int bf) { return to_double(h & 0xffff, bf); }
uint32_t emu_half_round(double x, int bf, int rnd) { return from_double_mode(x, bf ? &BF16 : &F16, bf, rnd); }

static int is_nan(uint32_t h, int bf) { return bf ? (h & 0x7f80) == 0x7f80 && (h & 0x7f) : (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
static int is_sub(uint32_t h, int bf) { return bf ? !(h & 0x7f80) && (h & 0x7f) : !(h & 0x7c00) && (h & 0x3ff); }

/* a op b (op + c for fma) in double, rounded to odd. */
static double odd(int op, double a, double b, double c) {
  fenv_t env;
  feholdexcept(&env);
  fesetround(FE_TOWARDZERO);
  volatile double x = a, y = b, z = c, r;
  switch (op) {
  case ISA_OP_ADD: r = x + y; break;
  case ISA_OP_SUB: r = x - y; break;
  case ISA_OP_MUL: r = x * y; break;
  default: r = fma(x, y, z); break;
  }
  double v = r;
  int inexact = fetestexcept(FE_INEXACT) != 0;
  fesetenv(&env);
  if (inexact && isfinite(v)) {
    uint64_t bits;
    memcpy(&bits, &v, 8);
    bits |= 1;
    memcpy(&v, &bits, 8);
  }
  return v;
}

uint32_t emu_half_relu(uint32_t h, int bf) { return (h & 0x8000) && !is_nan(h, bf) ? 0 : h; }

/* One 16-bit element. */
static uint32_t one(int op, uint32_t a, uint32_t b, uint32_t c, int bf, int ftz, int sat, int relu) {
  const hfmt *f = bf ? &BF16 : &F16;
  if (ftz) {   /* subnormal inputs: zero of their sign */
    if (is_sub(a, bf)) a &= 0x8000;
    if (is_sub(b, bf)) b &= 0x8000;
    if (is_sub(c, bf)) c &= 0x8000;
  }
  uint32_t r;
  switch (op) {
  case ISA_OP_NEG: return is_nan(a, bf) ? 0x7fff : a ^ 0x8000;
  case ISA_OP_ABS: return is_nan(a, bf) ? 0x7fff : a & 0x7fff;
  case ISA_OP_MIN: case ISA_OP_MAX: {
    if (is_nan(a, bf) && is_nan(b, bf)) return 0x7fff;
    if (is_nan(a, bf)) return b;
    if (is_nan(b, bf)) return a;
    double x = to_double(a, bf), y = to_double(b, bf);
    if (x == y) r = (op == ISA_OP_MIN) == ((a & 0x8000) != 0) ? a : b;   /* -0 below +0 */
    else r = (op == ISA_OP_MIN) == (x < y) ? a : b;
    break;
  }
  default:
    r = from_double(odd(op, to_double(a, bf), to_double(b, bf), to_double(c, bf)), f, bf);
    break;
  }
  if (ftz && is_sub(r, bf)) r &= 0x8000;
  if (is_nan(r, bf)) return sat ? 0 : 0x7fff;
  if (sat) {
    if (r & 0x8000) r = 0;                                   /* negative and -0: +0 */
    else if (to_double(r, bf) > 1.0) r = bf ? 0x3f80 : 0x3c00;
  }
  return relu ? emu_half_relu(r, bf) : r;
}

uint64_t emu_half_op(int op, int type, uint64_t a, uint64_t b, uint64_t c, int ftz, int sat, int relu) {
  int bf = type == ISA_T_BF16 || type == ISA_T_BF16X2, two = type == ISA_T_F16X2 || type == ISA_T_BF16X2;
  uint32_t lo = one(op, (uint32_t)a & 0xffff, (uint32_t)b & 0xffff, (uint32_t)c & 0xffff, bf, ftz, sat, relu);
  if (!two) return lo;
  uint32_t hi = one(op, (uint32_t)(a >> 16) & 0xffff, (uint32_t)(b >> 16) & 0xffff, (uint32_t)(c >> 16) & 0xffff, bf, ftz, sat, relu);
  return (uint64_t)(lo | hi << 16);
}

uint32_t emu_half_func(int op, uint32_t h, int bf, int ftz) {
  double x = emu_half_value(h, bf);
  if (ftz && is_sub(h, bf)) x = copysign(0.0, x);
  if (x != x) return 0x7fff;
  uint32_t r = emu_half_round(op == ISA_OP_EX2 ? exp2(x) : tanh(x), bf, 1);
  return ftz && is_sub(r, bf) ? r & 0x8000 : r;
}
