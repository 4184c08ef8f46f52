/* Reference for tests/emu/insn/float_sfu: ex2, lg2, sin, cos, rsqrt, tanh .approx(.ftz).f32.
 *
 * Special values follow the tables of the PTX ISA (9.7.3.16-22) and are compared exactly;
 * NaN results are awemu's canonical 0x7fffffff.  Elsewhere the expected value is the
 * correctly rounded function value (long double libm, rounded to f32 in software), and
 * run.aw compares under the error bound the ISA states for that argument range.
 * .ftz: subnormal arguments count as zeros of the same sign, subnormal results become zeros.
 *
 * Each set S writes S_a.bin (arguments; S_b.bin and S_c.bin are unused zeros) and each
 * (instruction, set) pair NAME.S.bin.
 */
#include "../ref_common.h"

#define NE(x) (sizeof(x) / sizeof((x)[0]))
#define NMAX 400

enum { SF, EX2_SP, EX2_R, EX2_RSUB, LG2_SP, LG2_NEAR, LG2_FAR, LG2_SUB, TRIG_SP, TRIG_2PI, TRIG_100PI,
       RSQRT_SP, RSQRT_R, RSQRT_SUB, TANH_SP, TANH_R, NSETS };
static const char *set_name[NSETS] = { "sf", "ex2_sp", "ex2_r", "ex2_rsub", "lg2_sp", "lg2_near", "lg2_far", "lg2_sub",
                                       "trig_sp", "trig_2pi", "trig_100pi", "rsqrt_sp", "rsqrt_r", "rsqrt_sub", "tanh_sp", "tanh_r" };
static const unsigned set_n[NSETS] = { 8, 8, 400, 64, 12, 300, 300, 64, 8, 400, 300, 12, 300, 64, 12, 400 };
static uint64_t IN[NSETS][NMAX];

#define PINF 0x7f800000u
#define NINF 0xff800000u
#define ONE 0x3f800000u

static uint32_t rndf(int elo, int ehi) { return (uint32_t)(rnd_range(elo, ehi) + 127) << 23 | (rnd32() & 0x7fffffu); }
static uint32_t rnd_sub(void) { return 1 + rnd32() % 0x7fffffu; }
/* uniform float in [lo, hi] (RN of a double) */
static uint32_t unif(double lo, double hi) { return f2b((float)(lo + (hi - lo) * ((double)(rnd64() >> 11) * 0x1p-53))); }

static void make_inputs(void) {
  unsigned k;
  static const uint32_t sf[8] = { 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00400000u, 0x80400000u, 0x00000123u, 0x80012345u };
  static const uint32_t nan_inf0[8] = { NINF, PINF, 0, 0x80000000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu };
  for (k = 0; k < 8; k++) { IN[SF][k] = sf[k]; IN[EX2_SP][k] = nan_inf0[k]; IN[TRIG_SP][k] = nan_inf0[k]; }
  for (k = 0; k < set_n[EX2_R]; k++) {
    uint32_t x;
    switch (k % 6) {
    case 0: x = unif(-125.9, 127.9); break;
    case 1: x = f2b((float)rnd_range(-125, 127)); break;                     /* exact powers of two */
    case 2: x = f2b((float)rnd_range(-251, 255) * 0.5f); break;              /* halves */
    case 3: x = rndf(-40, -2) | (uint32_t)(rnd64() & 1) << 31; break;         /* tiny: 2^x close to 1 */
    case 4: x = rnd_sub() | (uint32_t)(rnd64() & 1) << 31; break;             /* subnormal: 2^x = 1 */
    default: x = unif(-2.0, 2.0); break;
    }
    IN[EX2_R][k] = x;
  }
  for (k = 0; k < set_n[EX2_RSUB]; k++) IN[EX2_RSUB][k] = unif(-149.5, -126.5);
  static const uint32_t lsp[12] = { NINF, 0xbf800000u, 0xff7fffffu, 0xc0200000u, 0x80800000u, 0, 0x80000000u, PINF,
                                    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xc2c80000u };
  static const uint32_t rsp[12] = { NINF, 0xbf800000u, 0xff7fffffu, 0xc0200000u, 0x80800000u, 0, 0x80000000u, PINF,
                                    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xbf000000u };
  static const uint32_t tsp[12] = { 0, 0x80000000u, PINF, NINF, 0x7fc00000u, 0xffc00001u, 0x00000001u, 0x80000001u,
                                    0x007fffffu, 0x807fffffu, 0x00012345u, 0x80400000u };
  for (k = 0; k < 12; k++) { IN[LG2_SP][k] = lsp[k]; IN[RSQRT_SP][k] = rsp[k]; IN[TANH_SP][k] = tsp[k]; }
  for (k = 0; k < set_n[LG2_NEAR]; k++) {
    uint32_t x;
    if (k < 8) { static const uint32_t nr[8] = { 0x3f000001u, 0x3fffffffu, ONE, 0x3f800001u, 0x3f7fffffu, 0x3fb504f3u, 0x3f3504f3u, 0x3fc00000u }; x = nr[k]; }
    else if (k % 3 == 0) x = (rnd64() & 1) ? ONE + (rnd32() % 4096) : ONE - (rnd32() % 4096);   /* log2 near 0 */
    else do x = unif(0.5, 2.0); while (x == 0x3f000000u || x == 0x40000000u);
    IN[LG2_NEAR][k] = x;
  }
  for (k = 0; k < set_n[LG2_FAR]; k++) {
    uint32_t x;
    if (k < 6) { static const uint32_t fr[6] = { 0x3f000000u, 0x40000000u, 0x7f7fffffu, 0x00800000u, 0x4b800000u, 0x3e800000u }; x = fr[k]; }
    else do x = rndf(-126, 127); while (b2f(x) > 0.5f && b2f(x) < 2.0f);
    IN[LG2_FAR][k] = x;
  }
  for (k = 0; k < set_n[LG2_SUB]; k++) IN[LG2_SUB][k] = rnd_sub();
  for (k = 0; k < set_n[TRIG_2PI]; k++) {
    uint32_t x;
    if (k < 17) x = f2b((float)((double)((int)k - 8) * (3.14159265358979323846 / 4)));   /* multiples of pi/4 */
    else if (k % 5 == 0) x = rndf(-40, -3) | (uint32_t)(rnd64() & 1) << 31;            /* tiny */
    else x = unif(-6.283185307179586, 6.283185307179586);
    IN[TRIG_2PI][k] = x;
  }
  for (k = 0; k < set_n[TRIG_100PI]; k++) IN[TRIG_100PI][k] = unif(-314.15926535897932, 314.15926535897932);
  for (k = 0; k < set_n[RSQRT_R]; k++) {
    uint32_t x;
    if (k < 6) { static const uint32_t rr[6] = { ONE, 0x40800000u, 0x3e800000u, 0x7f7fffffu, 0x00800000u, 0x7f000000u }; x = rr[k]; }
    else x = rndf(-126, 127);
    IN[RSQRT_R][k] = x;
  }
  for (k = 0; k < set_n[RSQRT_SUB]; k++) IN[RSQRT_SUB][k] = rnd_sub();
  for (k = 0; k < set_n[TANH_R]; k++) {
    uint32_t x;
    if (k % 4 == 0) x = rndf(-30, -5);   /* tiny */
    else x = unif(0.0, 12.0);
    if (rnd64() & 1) x ^= 0x80000000u;
    IN[TANH_R][k] = x;
  }
}

/* ---- semantics ---- */
enum { EX2, LG2, SIN, COS, RSQRT, TANH };
static uint32_t approx(int op, uint32_t x, int ftz) {
  if (ftz) x = ftz32(x);
  if (isnan32(x)) return CNAN32;
  long double v = b2f(x), r;
  int neg = (x >> 31) != 0, zero = (x & 0x7fffffffu) == 0, inf = (x & 0x7fffffffu) == PINF;
  switch (op) {
  case EX2:
    if (inf) return neg ? 0 : PINF;
    r = exp2l(v);
    break;
  case LG2:
    if (zero) return NINF;
    if (neg) return CNAN32;
    if (inf) return PINF;
    r = log2l(v);
    break;
  case SIN:
    if (inf) return CNAN32;
    if (zero) return x;
    r = sinl(v);
    break;
  case COS:
    if (inf) return CNAN32;
    r = cosl(v);
    break;
  case RSQRT:
    if (zero) return neg ? NINF : PINF;
    if (neg) return CNAN32;
    if (inf) return 0;
    r = 1.0L / sqrtl(v);
    break;
  default:
    if (inf) return neg ? 0xbf800000u : ONE;
    if (zero || issub32(x)) return x;   /* "The subnormal inputs gets passed through to the output" */
    r = tanhl(v);
    break;
  }
  uint32_t d = to_f32(r, RN);
  if (ftz) d = ftz32(d);
  return canon32(d);
}

static const struct { const char *name; int op, ftz; int sets[5]; } T[] = {
  { "ex2_approx_f32", EX2, 0, { EX2_SP, EX2_R, EX2_RSUB, -1 } },
  { "ex2_approx_ftz_f32", EX2, 1, { EX2_SP, SF, EX2_R, EX2_RSUB, -1 } },
  { "lg2_approx_f32", LG2, 0, { LG2_SP, LG2_NEAR, LG2_FAR, LG2_SUB, -1 } },
  { "lg2_approx_ftz_f32", LG2, 1, { LG2_SP, SF, LG2_NEAR, LG2_FAR, -1 } },
  { "sin_approx_f32", SIN, 0, { TRIG_SP, TRIG_2PI, TRIG_100PI, -1 } },
  { "sin_approx_ftz_f32", SIN, 1, { TRIG_SP, SF, TRIG_2PI, -1 } },
  { "cos_approx_f32", COS, 0, { TRIG_SP, TRIG_2PI, TRIG_100PI, -1 } },
  { "cos_approx_ftz_f32", COS, 1, { TRIG_SP, SF, TRIG_2PI, -1 } },
  { "rsqrt_approx_f32", RSQRT, 0, { RSQRT_SP, RSQRT_R, RSQRT_SUB, -1 } },
  { "rsqrt_approx_ftz_f32", RSQRT, 1, { RSQRT_SP, SF, RSQRT_R, -1 } },
  { "tanh_approx_f32", TANH, 0, { TANH_SP, TANH_R, -1 } },
};

int main(int argc, char **argv) {
  ref_init(argc, argv);
  make_inputs();
  static uint64_t zeros[NMAX], out[NMAX];
  for (int s = 0; s < NSETS; s++) {
    char name[64];
    snprintf(name, sizeof name, "%s_a.bin", set_name[s]);
    ref_write(name, IN[s], set_n[s], 4);
    snprintf(name, sizeof name, "%s_b.bin", set_name[s]);
    ref_write(name, zeros, set_n[s], 4);
    snprintf(name, sizeof name, "%s_c.bin", set_name[s]);
    ref_write(name, zeros, set_n[s], 4);
  }
  size_t cases = 0;
  for (size_t t = 0; t < NE(T); t++)
    for (int j = 0; j < 5 && T[t].sets[j] >= 0; j++) {
      int s = T[t].sets[j];
      for (unsigned i = 0; i < set_n[s]; i++) out[i] = approx(T[t].op, (uint32_t)IN[s][i], T[t].ftz);
      char name[128];
      snprintf(name, sizeof name, "%s.%s.bin", T[t].name, set_name[s]);
      ref_write(name, out, set_n[s], 4);
      cases += set_n[s];
    }
  printf("float_sfu: %zu variants, %zu cases\n", NE(T), cases);
  return 0;
}
