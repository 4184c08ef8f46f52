/* Reference for tests/emu/insn/cvt_f2f: cvt between f16, f32 and f64 (PTX ISA 9.7.9.21 cvt):
 *   - narrowing (f64 -> f32, f32/f64 -> f16) rounds as .rn/.rz/.rm/.rp say, IEEE 754, with
 *     gradual underflow; overflow gives +-inf or the largest finite value per the mode;
 *   - widening (f32 -> f64, f16 -> f32/f64) is exact;
 *   - .rni/.rzi/.rmi/.rpi with equal types round to an integral value (a zero result keeps the
 *     input's sign);
 *   - .ftz flushes f32 subnormal inputs and results to zeros of the same sign;
 *   - .sat clamps to [0.0, 1.0], NaN to +0.0.
 * All rounding is done in software on exact long double values (round_fmt in ref_common.h).
 * NaN results are checked as "some NaN" (run.aw uses ulp=0 there), so they are written as the
 * canonical NaN of the type.
 */
#include "../ref_common.h"

#define NE(x) (sizeof(x) / sizeof((x)[0]))
#define NMAX 96

enum { DF, DFS, FD, FDS, FF, FFS, DD, H, FH, DH, N32, N64, N16, NSETS };
static const char *set_name[NSETS] = { "df", "dfs", "fd", "fds", "ff", "ffs", "dd", "h", "fh", "dh", "n32", "n64", "n16" };
static const unsigned set_n[NSETS] = { 96, 80, 64, 60, 96, 80, 80, 48, 96, 32, 4, 4, 4 };
static const unsigned set_bytes[NSETS] = { 8, 8, 4, 4, 4, 4, 8, 2, 4, 8, 4, 8, 2 };
static uint64_t IN[NSETS][NMAX];

static long double rint_mode(long double v, int r) {   /* r: 0 rni, 1 rzi, 2 rmi, 3 rpi */
  if (isinf(v) || v == 0) return v;
  long double q;
  if (r == 1) q = truncl(v);
  else if (r == 2) q = floorl(v);
  else if (r == 3) q = ceill(v);
  else {
    q = floorl(v);
    long double f = v - q;
    if (f > 0.5L || (f == 0.5L && fmodl(q, 2.0L) != 0)) q += 1;
  }
  if (q == 0) q = copysignl(0.0L, v);
  return q;
}

/* ---- semantics ---- */
/* NaN conversions between f32 and f64 as an H200 makes them (tests/gpu/replay.c; the PTX ISA
 * leaves NaN results unspecified): the sign kept, the payload's top bits kept (f64 -> f32) or
 * shifted up (f32 -> f64), the quiet bit set; an f64 rounded to an integer value: the NaN,
 * quieted.  Other NaN results are the canonical NaNs. */
static uint64_t f64_to_f32(uint64_t a, int r, int ftz, int sat) {
  if (isnan64(a)) return (uint32_t)(a >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(a >> 29 & 0x3fffffu);
  uint32_t d = to_f32(b2d(a), r);
  if (sat) d = sat32(d);
  if (ftz) d = ftz32(d);
  return d;
}
static uint64_t f32_to_f64(uint64_t a, int ftz, int sat) {
  uint32_t x = (uint32_t)a;
  if (isnan32(x)) return (uint64_t)(x & 0x80000000u) << 32 | 0x7ff8000000000000ull | (uint64_t)(x & 0x3fffffu) << 29;
  if (ftz) x = ftz32(x);
  uint64_t d = d2b((double)b2f(x));   /* exact */
  if (sat) d = sat64(d);
  return d;
}
static uint64_t f32_int(uint64_t a, int r, int ftz, int sat) {
  uint32_t x = (uint32_t)a;
  if (isnan32(x)) return sat ? 0 : CNAN32;
  if (ftz) x = ftz32(x);
  uint32_t d = r < 0 ? x : f2b((float)rint_mode(b2f(x), r));
  if (sat) d = sat32(d);
  return d;
}
static uint64_t f64_int(uint64_t a, int r) {
  if (isnan64(a)) return a | 0x0008000000000000ull;
  return d2b((double)rint_mode(b2d(a), r));
}

static size_t nv, cases;
typedef uint64_t (*fn)(uint64_t, int, int, int);
static void emit(const char *name, int set, unsigned bytes, uint64_t (*f)(uint64_t, int, int, int), int p, int q, int s) {
  static uint64_t out[NMAX];
  for (unsigned i = 0; i < set_n[set]; i++) out[i] = f(IN[set][i], p, q, s);
  char fn[128];
  snprintf(fn, sizeof fn, "%s.bin", name);
  ref_write(fn, out, set_n[set], bytes);
  nv++;
  cases += set_n[set];
}
static uint64_t w_f64_f32(uint64_t a, int r, int ftz, int sat) { return f64_to_f32(a, r, ftz, sat); }
static uint64_t w_f32_f64(uint64_t a, int r, int ftz, int sat) { (void)r; return f32_to_f64(a, ftz, sat); }
static uint64_t w_f32_int(uint64_t a, int r, int ftz, int sat) { return f32_int(a, r, ftz, sat); }
static uint64_t w_f64_int(uint64_t a, int r, int ftz, int sat) { (void)ftz; (void)sat; return f64_int(a, r); }
static uint64_t w_f16_f32(uint64_t a, int r, int ftz, int sat) {
  (void)r; (void)ftz; (void)sat;
  long double v = f16_value((uint16_t)a);
  return isnan(v) ? CNAN32 : f2b((float)v);
}
static uint64_t w_f16_f64(uint64_t a, int r, int ftz, int sat) {
  (void)r; (void)ftz; (void)sat;
  long double v = f16_value((uint16_t)a);
  return isnan(v) ? CNAN64 : d2b((double)v);
}
static uint64_t w_f32_f16(uint64_t a, int r, int ftz, int sat) { (void)ftz; (void)sat; return to_f16(b2f((uint32_t)a), r); }
static uint64_t w_f64_f16(uint64_t a, int r, int ftz, int sat) { (void)ftz; (void)sat; return to_f16(b2d(a), r); }
static uint64_t w_f16_isnan(uint64_t a, int r, int ftz, int sat) { (void)a; (void)r; (void)ftz; (void)sat; return 1; }

static void make_inputs(void) {
  unsigned k;
  static const double DFV[] = {
    1.0, -1.0, 1.0 + 0x1p-24, 1.0 + 0x1p-24 + 0x1p-40, 1.0 + 0x1p-24 - 0x1p-40, 1.0 + 0x3p-24, -(1.0 + 0x1p-24), -(1.0 + 0x3p-24),
    1.0 - 0x1p-25, 1.0 - 0x1p-25 - 0x1p-50, 0.1, -0.1, 1.0 / 3.0, -2.0 / 3.0,
    3.4028234663852886e38 /* FLT_MAX */, 0x1.ffffffp127 /* FLT_MAX + half an ulp: a tie */, 3.40282357e38, 1e39, -1e39,
    -0x1.ffffffp127, 1e300, -1e300, 0x1p-130, -0x1p-130, 0x1.8p-140, 0x1.fffffffffp-140, 0x1p-149, -0x1p-149, 0x1p-150,
    -0x1p-150, 0x1.8p-150, 0x1.0000001p-150, 0x1p-160, -0x1p-160, 1e-46, -1e-46, 0x1.fffffp-127, 0x1.0000008p-126,
    0x1.fffffe8p-128, 5e-324, -5e-324, 0.0, -0.0, 16777217.0, -16777219.0, 0.5, 2.5 };
  for (k = 0; k < NE(DFV); k++) IN[DF][k] = d2b(DFV[k]);
  IN[DF][k++] = 0x7ff0000000000000ull;
  IN[DF][k++] = 0xfff0000000000000ull;
  for (; k < set_n[DF]; k++) {
    uint64_t x;
    if (k & 1) x = (uint64_t)(rnd_range(1023 - 160, 1023 + 130)) << 52 | (rnd64() & 0xfffffffffffffull);   /* f32 range and a bit beyond */
    else x = (uint64_t)(rnd_range(1023 - 30, 1023 + 30)) << 52 | (rnd64() & 0xfffffffffffffull);
    IN[DF][k] = x | (rnd64() & 1) << 63;
  }
  /* dfs: df without -0.0 and the negative values whose f32 magnitude rounds to 0 in some mode */
  unsigned n = 0;
  for (k = 0; k < set_n[DF] && n < set_n[DFS]; k++) {
    double v = b2d(IN[DF][k]);
    if (signbit(v) && fabs(v) < 0x1p-126) continue;
    IN[DFS][n++] = IN[DF][k];
  }
  while (n < set_n[DFS]) IN[DFS][n++] = d2b((double)rnd_range(-100, 100) / 64.0 + 0.25);
  static const uint32_t FDV[] = { 0, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00400000u, 0x00800000u,
                                  0x80800000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x3eaaaaabu, 0x7f7fffffu, 0xff7fffffu,
                                  0x7f800000u, 0xff800000u, 0x3f800001u, 0x40490fdbu, 0x4b800001u };
  for (k = 0; k < NE(FDV); k++) IN[FD][k] = FDV[k];
  for (; k < set_n[FD]; k++) {
    uint32_t x;
    do x = rnd32(); while (isnan32(x));
    IN[FD][k] = x;
  }
  for (k = 1, n = 0; n < set_n[FDS]; k++) IN[FDS][n++] = IN[FD][k % set_n[FD]] == 0x80000000u ? 0x3f000000u : IN[FD][k % set_n[FD]];
  static const float FFV[] = { 0.5f, 1.5f, 2.5f, 3.5f, -0.5f, -1.5f, -2.5f, -3.5f, 0.3f, -0.3f, 0.7f, -0.7f, 1.0f, -1.0f,
                               0.49999997f, -0.49999997f, 8388607.5f, -8388607.5f, 8388608.0f, 16777216.0f, 1e30f, -1e30f,
                               0.0f, -0.0f, 4194303.5f, 123.456f, -123.456f, 0.99999994f, -0.99999994f, 1.00000012f };
  for (k = 0; k < NE(FFV); k++) IN[FF][k] = f2b(FFV[k]);
  static const uint32_t FFB[] = { 0x7f800000u, 0xff800000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x7f7fffffu };
  for (size_t j = 0; j < NE(FFB); j++) IN[FF][k++] = FFB[j];
  for (; k < set_n[FF]; k++) IN[FF][k] = f2b((float)rnd_range(-4000, 4000) / (float)(1 << rnd_range(0, 4)));
  for (k = 0, n = 0; n < set_n[FFS]; k++) {
    float v = b2f((uint32_t)IN[FF][k % set_n[FF]]);
    if (signbit(v) && v > -1.0f) continue;
    IN[FFS][n++] = IN[FF][k % set_n[FF]];
  }
  static const double DDV[] = { 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.3, -0.3, 0.7, -0.7, 0.49999999999999994, -0.49999999999999994,
                                4503599627370495.5, -4503599627370495.5, 4503599627370496.0, 9007199254740992.0, 1e300, -1e300,
                                0.0, -0.0, 2251799813685247.5, 1234.5678, -1234.5678, 0.9999999999999999, 5e-324, -5e-324 };
  for (k = 0; k < NE(DDV); k++) IN[DD][k] = d2b(DDV[k]);
  IN[DD][k++] = 0x7ff0000000000000ull;
  IN[DD][k++] = 0xfff0000000000000ull;
  for (; k < set_n[DD]; k++) IN[DD][k] = d2b((double)rnd_range(-4000000, 4000000) / (double)(1 << rnd_range(0, 6)));
  static const uint16_t HV[] = { 0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x8200, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3555, 0x7bff,
                                 0xfbff, 0x7c00, 0xfc00, 0x3c01, 0x0155, 0x5640 };
  for (k = 0; k < NE(HV); k++) IN[H][k] = HV[k];
  for (; k < set_n[H]; k++) { uint16_t h; do h = (uint16_t)rnd64(); while ((h & 0x7c00) == 0x7c00); IN[H][k] = h; }
  static const float FHV[] = { 1.0f, -1.0f, 1.0f + 0x1p-11f, 1.0f + 0x3p-11f, 1.0f + 0x1p-11f + 0x1p-20f, 1.0f + 0x1p-11f - 0x1p-20f,
                               -(1.0f + 0x1p-11f), -(1.0f + 0x3p-11f), 65504.0f, 65519.0f, 65520.0f, -65520.0f, 65536.0f, 1e6f, -1e6f,
                               0x1p-24f, 0x1p-25f, -0x1p-25f, 0x3p-26f, 0x1p-14f, 0x1p-14f - 0x1p-25f, 0x1.8p-24f, 0x1.8p-23f, 1e-10f,
                               -1e-10f, 0.1f, -0.1f, 1.0f / 3.0f, 0.0f, -0.0f, 2048.5f, 4097.0f, 4099.0f, -4099.0f, 3.14159265f };
  for (k = 0; k < NE(FHV); k++) IN[FH][k] = f2b(FHV[k]);
  IN[FH][k++] = 0x7f800000u;
  IN[FH][k++] = 0xff800000u;
  IN[FH][k++] = 0x00000001u;
  IN[FH][k++] = 0x80000001u;
  for (; k < set_n[FH]; k++) IN[FH][k] = f2b((float)((double)(int64_t)rnd64() * 0x1p-63 * ldexp(1.0, (int)rnd_range(-26, 17))));
  static const double DHV[] = { 1.0 + 0x1p-11 + 0x1p-40, -(1.0 + 0x1p-11 + 0x1p-40), 1.0 + 0x1p-11, 1.0 + 0x1p-11 - 0x1p-40,
                                65519.99999, 65520.0, 0x1p-25 + 0x1p-60, 0x1p-25, -0x1p-25 - 0x1p-60, 1e300, -1e300, 5e-324, 0.0, -0.0,
                                0.1, 2049.0000001, 2049.0 };
  for (k = 0; k < NE(DHV); k++) IN[DH][k] = d2b(DHV[k]);
  for (; k < set_n[DH]; k++) IN[DH][k] = d2b((double)(int64_t)rnd64() * 0x1p-63 * ldexp(1.0, (int)rnd_range(-26, 17)));
  static const uint32_t NV32[4] = { 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fc12345u };
  static const uint64_t NV64[4] = { 0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull, 0x7ff8000012345678ull };
  static const uint16_t NV16[4] = { 0x7e00, 0xfe00, 0x7c01, 0x7e55 };
  for (k = 0; k < 4; k++) { IN[N32][k] = NV32[k]; IN[N64][k] = NV64[k]; IN[N16][k] = NV16[k]; }
}

int main(int argc, char **argv) {
  ref_init(argc, argv);
  make_inputs();
  static uint64_t zeros[NMAX];
  for (int s = 0; s < NSETS; s++) {
    char name[64];
    snprintf(name, sizeof name, "%s_a.bin", set_name[s]); ref_write(name, IN[s], set_n[s], set_bytes[s]);
    snprintf(name, sizeof name, "%s_b.bin", set_name[s]); ref_write(name, zeros, set_n[s], set_bytes[s]);
    snprintf(name, sizeof name, "%s_c.bin", set_name[s]); ref_write(name, zeros, set_n[s], set_bytes[s]);
  }
  static const char *rn4[4] = { "rn", "rz", "rm", "rp" }, *ri4[4] = { "rni", "rzi", "rmi", "rpi" };
  char name[64];
  for (int r = 0; r < 4; r++) { snprintf(name, sizeof name, "cvt_%s_f32_f64", rn4[r]); emit(name, DF, 4, w_f64_f32, r, 0, 0); }
  emit("cvt_rn_ftz_f32_f64", DF, 4, w_f64_f32, RN, 1, 0);
  emit("cvt_rz_ftz_f32_f64", DF, 4, w_f64_f32, RZ, 1, 0);
  emit("cvt_rp_ftz_f32_f64", DF, 4, w_f64_f32, RP, 1, 0);
  emit("cvt_rn_sat_f32_f64", DFS, 4, w_f64_f32, RN, 0, 1);
  emit("cvt_rm_ftz_sat_f32_f64", DFS, 4, w_f64_f32, RM, 1, 1);
  emit("cvt_f64_f32", FD, 8, w_f32_f64, 0, 0, 0);
  emit("cvt_ftz_f64_f32", FD, 8, w_f32_f64, 0, 1, 0);
  emit("cvt_sat_f64_f32", FDS, 8, w_f32_f64, 0, 0, 1);
  for (int r = 0; r < 4; r++) { snprintf(name, sizeof name, "cvt_%s_f32_f32", ri4[r]); emit(name, FF, 4, w_f32_int, r, 0, 0); }
  emit("cvt_rni_ftz_f32_f32", FF, 4, w_f32_int, 0, 1, 0);
  emit("cvt_rmi_ftz_f32_f32", FF, 4, w_f32_int, 2, 1, 0);
  emit("cvt_rpi_ftz_f32_f32", FF, 4, w_f32_int, 3, 1, 0);
  emit("cvt_ftz_f32_f32", FF, 4, w_f32_int, -1, 1, 0);
  emit("cvt_rzi_sat_f32_f32", FFS, 4, w_f32_int, 1, 0, 1);
  emit("cvt_sat_f32_f32", FFS, 4, w_f32_int, -1, 0, 1);
  for (int r = 0; r < 4; r++) { snprintf(name, sizeof name, "cvt_%s_f64_f64", ri4[r]); emit(name, DD, 8, w_f64_int, r, 0, 0); }
  emit("cvt_f32_f16", H, 4, w_f16_f32, 0, 0, 0);
  emit("cvt_f64_f16", H, 8, w_f16_f64, 0, 0, 0);
  for (int r = 0; r < 4; r++) { snprintf(name, sizeof name, "cvt_%s_f16_f32", rn4[r]); emit(name, FH, 2, w_f32_f16, r, 0, 0); }
  emit("cvt_rn_f16_f64", DH, 2, w_f64_f16, RN, 0, 0);
  emit("cvt_rz_f16_f64", DH, 2, w_f64_f16, RZ, 0, 0);
  emit("cvt_rn_f32_f64_nan", N64, 4, w_f64_f32, RN, 0, 0);
  emit("cvt_f64_f32_nan", N32, 8, w_f32_f64, 0, 0, 0);
  emit("cvt_rni_f32_f32_nan", N32, 4, w_f32_int, 0, 0, 0);
  emit("cvt_rzi_f64_f64_nan", N64, 8, w_f64_int, 1, 0, 0);
  emit("cvt_f32_f16_nan", N16, 4, w_f16_f32, 0, 0, 0);
  emit("cvt_sat_f32_f32_nan", N32, 4, w_f32_int, -1, 0, 1);
  emit("cvt_rn_f16_f32_nan", N32, 4, w_f16_isnan, 0, 0, 0);
  /* self-checks of the software rounding */
  if (to_f32(1.0L + 0x1p-24L, RN) != 0x3f800000u || to_f32(1.0L + 0x1p-24L, RP) != 0x3f800001u ||
      to_f32(1e39L, RZ) != 0x7f7fffffu || to_f32(1e39L, RN) != 0x7f800000u || to_f32(-1e-46L, RM) != 0x80000001u ||
      to_f32(0x1p-150L, RN) != 0 || to_f32(0x1.8p-150L, RN) != 1 || to_f16(1.0L + 0x1p-11L + 0x1p-40L, RN) != 0x3c01 ||
      to_f16(0x1p-25L, RN) != 0 || to_f16(0x3p-26L, RN) != 1 || to_f16(65519.0L, RN) != 0x7bff)
    ref_die("software rounding self-check failed");
  printf("cvt_f2f: %zu variants, %zu cases\n", nv, cases);
  return 0;
}
