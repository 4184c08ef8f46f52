/* Reference for tests/emu/insn/cvt_int: cvt between the integer types u8 u16 u32 u64 s8 s16
 * s32 s64 (PTX ISA 9.7.9.21 cvt, and 6.5.1 Scalar Conversions):
 *   - the source register may be wider than the source type: only the low bits count
 *     (8- and 16-bit sources are loaded into 16-bit registers from raw 16-bit data whose
 *     upper bits are garbage for 8-bit types);
 *   - the value is sign-extended (signed source) or zero-extended (unsigned source), then
 *     chopped to the destination width; .sat first clamps it to the destination range;
 *   - a destination register wider than the destination type receives the result sign- or
 *     zero-extended per the destination type (the _regN variants store the whole register).
 * Input: ii_a.bin (160 x u64 raw patterns; b, c unused).  Output NAME.bin per variant, with
 * names generated below in the order run.aw uses.
 */
#include "../ref_common.h"

#define N 160
#define NE(x) (sizeof(x) / sizeof((x)[0]))
static uint64_t A[N];

static const char *tname[8] = { "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64" };
static unsigned tw(int t) { return 8u << (t & 3); }
static int tsigned(int t) { return t >= 4; }

/* the legal .sat cases: the destination range is not a superset of the source range */
static int superset(int d, int s) {
  if (tsigned(d) == tsigned(s)) return tw(d) >= tw(s);
  if (tsigned(d)) return tw(d) > tw(s);
  return 0;
}

static uint64_t cvt(uint64_t a, int d, int s, int sat, unsigned regw) {
  unsigned wd = tw(d), ws = tw(s);
  uint64_t r;
  if (tsigned(s)) {
    int64_t x = sext_bits(a, ws);
    if (sat) {
      if (tsigned(d)) {
        int64_t lo = wd == 64 ? INT64_MIN : -(int64_t)(1ull << (wd - 1)), hi = wd == 64 ? INT64_MAX : (int64_t)((1ull << (wd - 1)) - 1);
        x = x < lo ? lo : x > hi ? hi : x;
      } else {
        if (x < 0) x = 0;
        else if ((uint64_t)x > mask_w(wd)) x = (int64_t)mask_w(wd);
      }
    }
    r = (uint64_t)x;
  } else {
    uint64_t x = trunc_bits(a, ws);
    if (sat) {
      uint64_t hi = tsigned(d) ? mask_w(wd - 1) : mask_w(wd);
      if (x > hi) x = hi;
    }
    r = x;
  }
  r = trunc_bits(r, wd);                               /* chop */
  if (regw > wd && tsigned(d)) r = (uint64_t)sext_bits(r, wd);   /* extend into the wider register */
  return trunc_bits(r, regw);
}

static void emit(const char *name, int d, int s, int sat, unsigned regw, size_t *nv, size_t *cases) {
  static uint64_t out[N];
  for (unsigned i = 0; i < N; i++) out[i] = cvt(A[i], d, s, sat, regw);
  char fn[128];
  snprintf(fn, sizeof fn, "%s.bin", name);
  ref_write(fn, out, N, regw / 8);
  (*nv)++;
  *cases += N;
}

static int tidx(const char *n) { for (int t = 0; t < 8; t++) if (!strcmp(tname[t], n)) return t; ref_die("bad type"); return 0; }

int main(int argc, char **argv) {
  ref_init(argc, argv);
  static const uint64_t P8[] = { 0, 1, 0x7f, 0x80, 0x81, 0xfe, 0xff };
  static const uint64_t P16[] = { 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0x8001, 0xffff, 0xff80, 0xff7f, 0x00ff };
  static const uint64_t P32[] = { 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000u,
                                  0xffffffffu, 0xffffff80u, 0xffffff7fu, 0xffff8000u, 0xffff7fffu, 0x0000ff80u };
  static const uint64_t P64[] = { 0, 1, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 0x7f, 0x80, 0xff, 0x100, 0x7fff,
                                  0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000ull, 0xffffffffull, 0x100000000ull,
                                  (uint64_t)-0x80, (uint64_t)-0x81, (uint64_t)-0x8000, (uint64_t)-0x8001, (uint64_t)-0x80000000ll,
                                  (uint64_t)-0x80000001ll, 0xffffffff00000000ull, 0x00000000ffffff80ull, 0x8000000000000001ull,
                                  0x7fffffff80000000ull };
  unsigned k = 0;
  for (size_t i = 0; i < NE(P8); i++) A[k++] = P8[i] | rnd64() << 8;      /* garbage above the low byte */
  for (size_t i = 0; i < NE(P16); i++) A[k++] = P16[i] | rnd64() << 16;
  for (size_t i = 0; i < NE(P32); i++) A[k++] = P32[i] | rnd64() << 32;
  for (size_t i = 0; i < NE(P64); i++) A[k++] = P64[i];
  while (k < N) {
    unsigned bits = 1 + (unsigned)(rnd64() % 64);
    uint64_t v = rnd64() & mask_w(bits);
    A[k++] = (rnd64() & 1) ? ~v : v;
  }
  static uint64_t zeros[N];
  ref_write("ii_a.bin", A, N, 8);
  ref_write("ii_b.bin", zeros, N, 8);
  ref_write("ii_c.bin", zeros, N, 8);
  size_t nv = 0, cases = 0;
  char name[64];
  for (int d = 0; d < 8; d++)
    for (int s = 0; s < 8; s++) {
      if (d == s) continue;
      snprintf(name, sizeof name, "cvt_%s_%s", tname[d], tname[s]);
      emit(name, d, s, 0, tw(d), &nv, &cases);
    }
  for (int d = 0; d < 8; d++)
    for (int s = 0; s < 8; s++) {
      if (d == s || superset(d, s)) continue;
      snprintf(name, sizeof name, "cvt_sat_%s_%s", tname[d], tname[s]);
      emit(name, d, s, 1, tw(d), &nv, &cases);
    }
  static const struct { const char *d, *s; unsigned rw; int sat; } W[] = {
    { "s8", "s32", 32, 0 }, { "u8", "s32", 32, 0 }, { "s16", "u32", 32, 0 }, { "u16", "s64", 32, 0 }, { "s16", "s64", 32, 0 },
    { "s8", "u16", 16, 0 }, { "s32", "s64", 64, 0 }, { "u32", "s64", 64, 0 }, { "s32", "u64", 64, 0 }, { "s8", "s64", 64, 0 },
    { "s8", "s32", 32, 1 }, { "s16", "u64", 32, 1 }, { "s32", "u64", 64, 1 } };
  for (size_t i = 0; i < NE(W); i++) {
    snprintf(name, sizeof name, "cvt_%s%s_%s_reg%u", W[i].sat ? "sat_" : "", W[i].d, W[i].s, W[i].rw);
    emit(name, tidx(W[i].d), tidx(W[i].s), W[i].sat, W[i].rw, &nv, &cases);
  }
  printf("cvt_int: %zu variants, %zu cases\n", nv, cases);
  return 0;
}
