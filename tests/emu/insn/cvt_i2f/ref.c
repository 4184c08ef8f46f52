/* Reference for tests/emu/insn/cvt_i2f: cvt.{rn,rz,rm,rp}{.sat}.{f32,f64,f16}.INT (PTX ISA
 * 9.7.9.21 cvt): the exact integer (sign- or zero-extended from the source type; the source
 * register's bits above the type are ignored) rounded to the destination format in the given
 * mode, IEEE 754 (overflow to f16: +-inf for .rn, the largest finite value for .rz, per sign
 * for .rm/.rp).  .sat clamps the result to [0.0, 1.0].
 * Rounding is done in software on the exact value held in a long double (64-bit mantissa:
 * every 64-bit integer is exact), independent of the host's conversions.
 */
#include "../ref_common.h"

#define N 192
#define NE(x) (sizeof(x) / sizeof((x)[0]))
static uint64_t A[N];

static const char *tname[8] = { "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64" };
static unsigned tw(int t) { return 8u << (t & 3); }
static int tsigned(int t) { return t >= 4; }
static const char *rname[4] = { "rn", "rz", "rm", "rp" };   /* RN RZ RM RP of ref_common.h */

static long double ival(uint64_t a, int s) {
  return tsigned(s) ? (long double)sext_bits(a, tw(s)) : (long double)trunc_bits(a, tw(s));
}

static size_t nv, cases;
/* dst: 0 f32, 1 f64, 2 f16 */
static void emit(const char *name, int s, int dst, int r, int sat) {
  static uint64_t out[N];
  for (unsigned i = 0; i < N; i++) {
    long double v = ival(A[i], s);
    uint64_t d;
    if (dst == 0) { d = to_f32(v, r); if (sat) d = sat32((uint32_t)d); }
    else if (dst == 1) { d = to_f64(v, r); if (sat) d = sat64(d); }
    else d = to_f16(v, r);
    out[i] = d;
  }
  char fn[128];
  snprintf(fn, sizeof fn, "%s.bin", name);
  ref_write(fn, out, N, dst == 0 ? 4 : dst == 1 ? 8 : 2);
  nv++;
  cases += N;
}
static int tidx(const char *n) { for (int t = 0; t < 8; t++) if (!strcmp(tname[t], n)) return t; ref_die("bad type"); return 0; }
static int ridx(const char *n) { for (int t = 0; t < 4; t++) if (!strcmp(rname[t], n)) return t; ref_die("bad rounding"); return 0; }

int main(int argc, char **argv) {
  ref_init(argc, argv);
  static const uint64_t P[] = {
    0, 1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 2049, 2051, 4097, 4099, 4100, 65504, 65519, 65520, 70000,
    16777215, 16777216, 16777217, 16777218, 16777219, 16777221, 33554435, 0x7fffff80, 0x7fffffc0, 0x7fffffc1, 0x7fffffff,
    0x80000000u, 0x80000001u, 0xffffff80u, 0xffffffffu, 0xfefffffeu, 0xff000001u /* -16777215 */, 0xfeffffffu /* -16777217 */,
    0xfefffffdu, 0xffff0000u, 0xffffefffu /* -4097 */, 0xffffeffdu /* -4099 */, 0xffff0010u /* -65520 */,
    0x0020000000000000ull, 0x0020000000000001ull, 0x0020000000000003ull, 0x0020000000000002ull, 0x003fffffffffffffull,
    0x0040000000000005ull, 0x7fffffffffffffffull, 0x7ffffffffffffe00ull, 0x7ffffffffffffc00ull, 0x8000000000000000ull,
    0x8000000000000001ull, 0xffffffffffffffffull, 0xfffffffffffff800ull, 0xfffffffffffffc01ull, 0xffdfffffffffffffull,
    0xffe0000000000001ull, 0x0000000100000001ull, 0x00000000ff000001ull, 0x0000008000000081ull, 0xff7fffff80000000ull };
  unsigned k = 0;
  for (; k < NE(P); k++) A[k] = P[k];
  /* the same low parts with garbage above 8 and 16 bits (for the narrow source types) */
  static const uint64_t P8[] = { 0x00, 0x01, 0x7f, 0x80, 0x81, 0xff, 0xfe };
  for (size_t i = 0; i < NE(P8); i++) A[k++] = P8[i] | rnd64() << 8;
  static const uint64_t P16[] = { 0x7fff, 0x8000, 0xffff, 0x8001, 0x0fff, 0xf001, 0x1001 };
  for (size_t i = 0; i < NE(P16); i++) A[k++] = P16[i] | rnd64() << 16;
  while (k < N) {
    unsigned bits = 1 + (unsigned)(rnd64() % 64);
    uint64_t v = rnd64() & mask_w(bits);
    A[k++] = (rnd64() & 1) ? ~v : v;
  }
  static uint64_t zeros[N];
  ref_write("ii_a.bin", A, N, 8);
  ref_write("ii_b.bin", zeros, N, 8);
  ref_write("ii_c.bin", zeros, N, 8);
  char name[64];
  for (int s = 0; s < 8; s++)
    for (int d = 0; d < 2; d++)
      for (int r = 0; r < 4; r++) {
        snprintf(name, sizeof name, "cvt_%s_%s_%s", rname[r], d ? "f64" : "f32", tname[s]);
        emit(name, s, d, r, 0);
      }
  emit("cvt_rn_sat_f32_s32", tidx("s32"), 0, RN, 1);
  emit("cvt_rz_sat_f32_u32", tidx("u32"), 0, RZ, 1);
  emit("cvt_rn_sat_f64_s32", tidx("s32"), 1, RN, 1);
  emit("cvt_rm_sat_f64_s64", tidx("s64"), 1, RM, 1);
  static const char *h[6][2] = { { "rn", "s32" }, { "rz", "s32" }, { "rm", "s32" }, { "rp", "s32" }, { "rn", "u64" }, { "rz", "u16" } };
  for (int i = 0; i < 6; i++) {
    snprintf(name, sizeof name, "cvt_%s_f16_%s", h[i][0], h[i][1]);
    emit(name, tidx(h[i][1]), 2, ridx(h[i][0]), 0);
  }
  /* sanity checks of the software rounding */
  if (to_f32(16777217.0L, RN) != 0x4b800000u || to_f32(16777217.0L, RP) != 0x4b800001u ||
      to_f32(16777219.0L, RN) != 0x4b800002u || to_f64(9007199254740993.0L, RN) != 0x4340000000000000ull ||
      to_f16(65520.0L, RN) != 0x7c00 || to_f16(65520.0L, RZ) != 0x7bff || to_f16(-70000.0L, RP) != 0xfbff ||
      to_f16(4097.0L, RN) != 0x6c00 || to_f16(4099.0L, RN) != 0x6c01 || to_f16(4099.0L, RZ) != 0x6c00)
    ref_die("software rounding self-check failed");
  printf("cvt_i2f: %zu variants, %zu cases\n", nv, cases);
  return 0;
}
