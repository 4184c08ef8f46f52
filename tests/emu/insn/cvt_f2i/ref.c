/* Reference for tests/emu/insn/cvt_f2i: cvt.{rni,rzi,rmi,rpi}{.ftz}{.sat}.INT.{f32,f64,f16}
 * (PTX ISA 9.7.9.21 cvt):
 *   - the value is rounded to an integer: .rni to nearest, ties to even; .rzi toward zero;
 *     .rmi toward -inf; .rpi toward +inf;
 *   - "For float-to-integer conversions, the result is clamped to the destination range by
 *     default; i.e, .sat is redundant" (+-inf clamp to the limits, negatives to 0 for unsigned);
 *   - .ftz: a subnormal f32 input is a zero of the same sign;
 *   - NaN: "Zero if source is not .f64 and destination is not .s64, .u64; otherwise
 *     1 << (BitWidth(dst) - 1)".
 * The arithmetic is done on exact long double values; nothing depends on the host rounding mode.
 */
#include "../ref_common.h"

#define NE(x) (sizeof(x) / sizeof((x)[0]))
#define NMAX 128

enum { SF32, SF64, SF16, SN32, SN64, SN16, NSETS };
static const char *set_name[NSETS] = { "f32", "f64", "f16", "n32", "n64", "n16" };
static const unsigned set_n[NSETS] = { 128, 128, 48, 4, 4, 4 };
static const unsigned set_bytes[NSETS] = { 4, 8, 2, 4, 8, 2 };
static uint64_t IN[NSETS][NMAX];

static const char *tname[8] = { "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64" };
static unsigned tw(int t) { return 8u << (t & 3); }
static int tsigned(int t) { return t >= 4; }
enum { RNI, RZI, RMI, RPI };
static const char *rname[4] = { "rni", "rzi", "rmi", "rpi" };

static long double rint_mode(long double v, int r) {
  long double q;
  switch (r) {
  case RZI: q = truncl(v); break;
  case RMI: q = floorl(v); break;
  case RPI: q = ceill(v); break;
  default: {
    q = floorl(v);
    long double f = v - q;
    if (f > 0.5L || (f == 0.5L && fmodl(q, 2.0L) != 0)) q += 1;
  }
  }
  return q;
}

/* value of raw bits of the source type (0 = f32, 1 = f64, 2 = f16) */
static long double fval(uint64_t a, int src, int ftz) {
  if (src == 0) { uint32_t b = (uint32_t)a; if (ftz) b = ftz32(b); return b2f(b); }
  if (src == 1) return b2d(a);
  return f16_value((uint16_t)a);
}
static int fisnan(uint64_t a, int src) { return src == 0 ? isnan32((uint32_t)a) : src == 1 ? isnan64(a) : ((a & 0x7fff) > 0x7c00); }

static uint64_t f2i(uint64_t a, int src, int d, int r, int ftz) {
  unsigned w = tw(d);
  if (fisnan(a, src)) return (src != 1 && w != 64) ? 0 : 1ull << (w - 1);
  long double q = rint_mode(fval(a, src, ftz), r);
  if (tsigned(d)) {
    long double lo = -ldexpl(1.0L, (int)w - 1), hi = ldexpl(1.0L, (int)w - 1) - 1;
    if (q < lo) q = lo;
    if (q > hi) q = hi;
    return trunc_bits((uint64_t)(int64_t)q, w);
  }
  long double hi = ldexpl(1.0L, (int)w) - 1;   /* exact in long double, even for w = 64 */
  if (q < 0) q = 0;
  if (q > hi) q = hi;
  return (uint64_t)q;
}

static size_t nv, cases;
static void emit(const char *name, int set, int src, int d, int r, int ftz) {
  static uint64_t out[NMAX];
  for (unsigned i = 0; i < set_n[set]; i++) out[i] = f2i(IN[set][i], src, d, r, ftz);
  char fn[128];
  snprintf(fn, sizeof fn, "%s.bin", name);
  ref_write(fn, out, set_n[set], tw(d) / 8);
  nv++;
  cases += set_n[set];
}
static int tidx(const char *n) { for (int t = 0; t < 8; t++) if (!strcmp(tname[t], n)) return t; ref_die("bad type"); return 0; }
static int ridx(const char *n) { for (int t = 0; t < 4; t++) if (!strcmp(rname[t], n)) return t; ref_die("bad rounding"); return 0; }

static void make_inputs(void) {
  static const uint32_t F[] = {
    0, 0x80000000u, 0x3e99999au, 0xbe99999au, 0x3f000000u, 0xbf000000u, 0x3f333333u, 0xbf333333u, 0x3f800000u, 0xbf800000u,
    0x3fc00000u, 0xbfc00000u, 0x40200000u, 0xc0200000u, 0x40600000u, 0xc0600000u, 0x3effffffu, 0xbeffffffu,
    0x42fecccdu /* 127.4 */, 0x42ff0000u /* 127.5 */, 0x43000000u /* 128 */, 0xc3008000u /* -128.5 */, 0xc3010000u /* -129 */,
    0xc3000000u /* -128 */, 0x437f8000u /* 255.5 */, 0x43800000u /* 256 */, 0x437f0000u /* 255 */, 0x46fffe00u /* 32767 */,
    0x46ffff00u /* 32767.5 */, 0xc7000080u /* -32768.5 */, 0xc7000000u /* -32768 */, 0x477fff66u /* 65535.4 */,
    0x477fff80u /* 65535.5 */, 0x47800000u /* 65536 */, 0x4effffffu /* 2^31 - 128 */, 0x4f000000u /* 2^31 */,
    0xcf000000u /* -2^31 */, 0xcf000001u, 0x4f7fffffu /* 2^32 - 256 */, 0x4f800000u /* 2^32 */, 0x5effffffu, 0x5f000000u /* 2^63 */,
    0xdf000000u /* -2^63 */, 0xdf000001u, 0x5f7fffffu, 0x5f800000u /* 2^64 */, 0x7149f2cau /* 1e30 */, 0xf149f2cau,
    0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u,
    0x80800000u, 0x4affffffu /* 8388607.5 */, 0x4b000001u, 0x4b800001u, 0xcaffffffu };
  unsigned k = 0;
  for (; k < NE(F); k++) IN[SF32][k] = F[k];
  for (; k < set_n[SF32]; k++) {
    float v;
    if (k % 3 == 0) v = (float)rnd_range(-600, 600) / 4.0f;        /* quarters: ties and non-ties */
    else if (k % 3 == 1) v = (float)((double)(int64_t)rnd64() / ldexp(1.0, (int)rnd_range(0, 40)));
    else v = (float)rnd_range(-70000, 70000) + 0.5f;
    IN[SF32][k] = f2b(v);
  }
  static const double D[] = {
    0.0, -0.0, 0.3, -0.3, 0.5, -0.5, 0.7, -0.7, 1.5, -1.5, 2.5, -2.5, 3.5, -3.5, 0.49999999999999994, -0.49999999999999994,
    127.5, 128.0, -128.5, -129.0, 255.5, 256.0, 32767.5, -32768.5, -32769.0, 65535.5, 65536.0,
    2147483647.0, 2147483647.4, 2147483647.5, 2147483648.0, -2147483648.0, -2147483648.4, -2147483648.5, -2147483649.0,
    4294967295.0, 4294967295.4, 4294967295.5, 4294967296.0, 9007199254740994.0, 9007199254740993.0 /* rounds to ...992 */,
    9223372036854774784.0 /* 2^63 - 1024 */, 9223372036854775808.0, -9223372036854775808.0, -9223372036854777856.0,
    18446744073709549568.0 /* 2^64 - 2048 */, 18446744073709551616.0, 1e300, -1e300, 4503599627370495.5, -4503599627370495.5 };
  for (k = 0; k < NE(D); k++) IN[SF64][k] = d2b(D[k]);
  static const uint64_t DB[] = { 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x0000000000000001ull, 0x8000000000000001ull,
                                 0x000fffffffffffffull, 0x7fefffffffffffffull, 0xffefffffffffffffull };
  for (size_t j = 0; j < NE(DB); j++, k++) IN[SF64][k] = DB[j];
  for (; k < set_n[SF64]; k++) {
    double v;
    if (k % 3 == 0) v = (double)rnd_range(-600, 600) / 4.0;
    else if (k % 3 == 1) v = (double)(int64_t)rnd64() / ldexp(1.0, (int)rnd_range(0, 40));
    else v = (double)rnd_range(-5000000000ll, 5000000000ll) + 0.5;
    IN[SF64][k] = d2b(v);
  }
  static const uint16_t H[] = { 0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0xb800, 0x3e00, 0xbe00, 0x4100, 0xc100, 0x4300, 0xc300,
                                0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x3555, 0xb555,
                                0x57f8 /* 127.5 */, 0x5800 /* 128 */, 0xd808 /* -129 */, 0x5bfc /* 255.5 */, 0x5c04 /* 257 */,
                                0x3bff, 0xbbff, 0x3a00 /* 0.75 */, 0xba00 };
  for (k = 0; k < NE(H); k++) IN[SF16][k] = H[k];
  for (; k < set_n[SF16]; k++) { uint16_t h; do h = (uint16_t)rnd64(); while ((h & 0x7c00) == 0x7c00); IN[SF16][k] = h; }
  static const uint32_t N32[4] = { 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu };
  static const uint64_t N64[4] = { 0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull, 0x7ff8000000000123ull };
  static const uint16_t N16[4] = { 0x7e00, 0xfe00, 0x7c01, 0x7fff };
  for (k = 0; k < 4; k++) { IN[SN32][k] = N32[k]; IN[SN64][k] = N64[k]; IN[SN16][k] = N16[k]; }
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
  char name[64];
  for (int src = 0; src < 2; src++)
    for (int d = 0; d < 8; d++)
      for (int r = 0; r < 4; r++) {
        snprintf(name, sizeof name, "cvt_%s_%s_%s", rname[r], tname[d], src ? "f64" : "f32");
        emit(name, src ? SF64 : SF32, src, d, r, 0);
      }
  static const char *ftz[3][2] = { { "rpi", "s32" }, { "rmi", "s32" }, { "rpi", "u16" } };
  for (int i = 0; i < 3; i++) {
    snprintf(name, sizeof name, "cvt_%s_ftz_%s_f32", ftz[i][0], ftz[i][1]);
    emit(name, SF32, 0, tidx(ftz[i][1]), ridx(ftz[i][0]), 1);
  }
  emit("cvt_rzi_sat_s32_f32", SF32, 0, tidx("s32"), RZI, 0);
  emit("cvt_rni_sat_u8_f64", SF64, 1, tidx("u8"), RNI, 0);
  static const char *h[8][2] = { { "rni", "s32" }, { "rzi", "s32" }, { "rmi", "s32" }, { "rpi", "s32" },
                                 { "rzi", "u8" }, { "rmi", "s64" }, { "rpi", "u16" }, { "rni", "u32" } };
  for (int i = 0; i < 8; i++) {
    snprintf(name, sizeof name, "cvt_%s_%s_f16", h[i][0], h[i][1]);
    emit(name, SF16, 2, tidx(h[i][1]), ridx(h[i][0]), 0);
  }
  for (int src = 0; src < 2; src++)
    for (int d = 0; d < 8; d++) {
      snprintf(name, sizeof name, "cvt_rzi_%s_%s_nan", tname[d], src ? "f64" : "f32");
      emit(name, src ? SN64 : SN32, src, d, RZI, 0);
    }
  static const char *hn[3] = { "s32", "s64", "u16" };
  for (int i = 0; i < 3; i++) {
    snprintf(name, sizeof name, "cvt_rni_%s_f16_nan", hn[i]);
    emit(name, SN16, 2, tidx(hn[i]), RNI, 0);
  }
  printf("cvt_f2i: %zu variants, %zu cases\n", nv, cases);
  return 0;
}
