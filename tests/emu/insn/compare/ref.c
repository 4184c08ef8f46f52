/* Reference for tests/emu/insn/compare: setp, set, selp, slct (PTX ISA 9.7.6).
 *   - integer comparisons: eq ne lt le gt ge, signed for .sN and unsigned for .uN/.bN
 *     (lo ls hi hs = unsigned lt le gt ge);
 *   - float comparisons: ordered eq..ge are false when an operand is NaN, unordered equ..geu
 *     are true; num: neither is NaN; nan: either is NaN; -0.0 == +0.0; .ftz compares
 *     subnormal operands as zeros of the same sign;
 *   - setp.CMP.BOOL p|q, a, b, {!}c: p = BOOL(t, c), q = BOOL(!t, c);
 *   - set: all ones (integer destination) or 1.0f (f32 destination) when true, else 0;
 *   - selp d, a, b, c: c ? a : b;  slct d, a, b, c: c >= 0 ? a : b (f32 c: -0.0 >= 0, a NaN
 *     selects b, .ftz flushes a subnormal c to a signed zero, selecting a).
 * The setp_TYPE variants store the results of every comparison as a bit mask, bit i for the
 * i-th comparison of the list in run.aw.  The predicate operand c is bit 0 of the c input.
 */
#include "../ref_common.h"

#define NE(x) (sizeof(x) / sizeof((x)[0]))
#define NMAX 320

enum { I32, I64, I16, F32, F64, SL, SL64, NSETS };
static const char *set_name[NSETS] = { "i32", "i64", "i16", "f32", "f64", "sl", "sl64" };
static const unsigned set_n[NSETS] = { 192, 192, 192, 320, 320, 112, 112 };
static const unsigned set_bytes[NSETS][3] = { { 4, 4, 4 }, { 8, 8, 8 }, { 2, 2, 2 }, { 4, 4, 4 }, { 8, 8, 8 }, { 4, 4, 4 }, { 8, 8, 4 } };
static uint64_t IN[NSETS][3][NMAX];

enum { EQ, NEQ, LT, LE, GT, GE, LO, LS, HI, HS, EQU, NEU, LTU, LEU, GTU, GEU, NUM, NANC };
static const int SC[] = { EQ, NEQ, LT, LE, GT, GE };
static const int UC[] = { EQ, NEQ, LT, LE, GT, GE, LO, LS, HI, HS };
static const int FC[] = { EQ, NEQ, LT, LE, GT, GE, EQU, NEU, LTU, LEU, GTU, GEU, NUM, NANC };

/* kind: 's' signed, 'u' unsigned/bits, 'f' float; w: width */
static int cmp(int c, uint64_t a, uint64_t b, char kind, unsigned w, int ftz) {
  if (kind == 'f') {
    double x, y;
    if (w == 32) {
      uint32_t p = (uint32_t)a, q = (uint32_t)b;
      if (ftz) { p = ftz32(p); q = ftz32(q); }
      x = b2f(p); y = b2f(q);
    } else { x = b2d(a); y = b2d(b); }
    int un = isnan(x) || isnan(y);
    switch (c) {
    case EQ: return !un && x == y;
    case NEQ: return !un && x != y;
    case LT: return !un && x < y;
    case LE: return !un && x <= y;
    case GT: return !un && x > y;
    case GE: return !un && x >= y;
    case EQU: return un || x == y;
    case NEU: return un || x != y;
    case LTU: return un || x < y;
    case LEU: return un || x <= y;
    case GTU: return un || x > y;
    case GEU: return un || x >= y;
    case NUM: return !un;
    default: return un;
    }
  }
  if (kind == 's' && c >= LT && c <= GE) {
    int64_t x = sext_bits(a, w), y = sext_bits(b, w);
    return c == LT ? x < y : c == LE ? x <= y : c == GT ? x > y : x >= y;
  }
  uint64_t x = trunc_bits(a, w), y = trunc_bits(b, w);
  switch (c) {
  case EQ: return x == y;
  case NEQ: return x != y;
  case LT: case LO: return x < y;
  case LE: case LS: return x <= y;
  case GT: case HI: return x > y;
  default: return x >= y;
  }
}
static uint64_t mask(const int *cmps, size_t n, uint64_t a, uint64_t b, char kind, unsigned w, int ftz) {
  uint64_t m = 0;
  for (size_t i = 0; i < n; i++) m |= (uint64_t)cmp(cmps[i], a, b, kind, w, ftz) << i;
  return m;
}
enum { AND, OR, XOR };
static int boolop(int op, int x, int y) { return op == AND ? (x & y) : op == OR ? (x | y) : (x ^ y); }
static uint64_t setp_pq(int c, int op, int neg, uint64_t a, uint64_t b, uint64_t cc, char kind, unsigned w) {
  int t = cmp(c, a, b, kind, w, 0), pc = (int)(cc & 1) ^ neg;
  if (op < 0) return (uint64_t)(t | !t << 1);
  return (uint64_t)(boolop(op, t, pc) | boolop(op, !t, pc) << 1);
}
static uint64_t set(int c, int op, int neg, uint64_t a, uint64_t b, uint64_t cc, char kind, unsigned w, int fdst, int ftz) {
  int t = cmp(c, a, b, kind, w, ftz);
  if (op >= 0) t = boolop(op, t, (int)(cc & 1) ^ neg);
  return t ? (fdst ? 0x3f800000u : 0xffffffffu) : 0;
}
static uint64_t slct(uint64_t a, uint64_t b, uint64_t c, int fc, int ftz) {
  uint32_t x = (uint32_t)c;
  if (!fc) return (int32_t)x >= 0 ? a : b;
  if (ftz) x = ftz32(x);
  if (isnan32(x)) return b;
  return b2f(x) >= 0.0f ? a : b;
}

typedef uint64_t (*fn)(uint64_t, uint64_t, uint64_t);
#define F(name, expr) static inline __attribute__((unused)) uint64_t name(uint64_t a, uint64_t b, uint64_t c) { (void)a; (void)b; (void)c; return (expr); }
F(r_setp_s32, mask(SC, NE(SC), a, b, 's', 32, 0)) F(r_setp_u32, mask(UC, NE(UC), a, b, 'u', 32, 0))
F(r_setp_b32, mask(SC, 2, a, b, 'u', 32, 0)) F(r_setp_s64, mask(SC, NE(SC), a, b, 's', 64, 0))
F(r_setp_u64, mask(UC, NE(UC), a, b, 'u', 64, 0)) F(r_setp_s16, mask(SC, NE(SC), a, b, 's', 16, 0))
F(r_setp_u16, mask(UC, NE(UC), a, b, 'u', 16, 0)) F(r_setp_f32, mask(FC, NE(FC), a, b, 'f', 32, 0))
F(r_setp_ftz_f32, mask(FC, NE(FC), a, b, 'f', 32, 1)) F(r_setp_f64, mask(FC, NE(FC), a, b, 'f', 64, 0))
F(r_pq, setp_pq(GT, -1, 0, a, b, c, 'u', 32))
F(r_lt_and_s32, setp_pq(LT, AND, 0, a, b, c, 's', 32)) F(r_lt_and_not_s32, setp_pq(LT, AND, 1, a, b, c, 's', 32))
F(r_le_or_s32, setp_pq(LE, OR, 0, a, b, c, 's', 32)) F(r_hi_or_not_u32, setp_pq(HI, OR, 1, a, b, c, 'u', 32))
F(r_ls_xor_u32, setp_pq(LS, XOR, 0, a, b, c, 'u', 32)) F(r_ge_xor_not_s32, setp_pq(GE, XOR, 1, a, b, c, 's', 32))
F(r_equ_and_f32, setp_pq(EQU, AND, 0, a, b, c, 'f', 32)) F(r_gt_or_not_f32, setp_pq(GT, OR, 1, a, b, c, 'f', 32))
F(r_nan_xor_f32, setp_pq(NANC, XOR, 0, a, b, c, 'f', 32)) F(r_ltu_and_not_f64, setp_pq(LTU, AND, 1, a, b, c, 'f', 64))
F(r_lt_or_s64, setp_pq(LT, OR, 0, a, b, c, 's', 64))
F(r_alias_s32, (uint64_t)(boolop(OR, cmp(GT, a, b, 's', 32, 0), (int)(c & 1)) | boolop(XOR, cmp(LE, a, b, 's', 32, 0), !(int)(c & 1)) << 1))
F(r_set_lt_u32_s32, set(LT, -1, 0, a, b, c, 's', 32, 0, 0)) F(r_set_hi_s32_u32, set(HI, -1, 0, a, b, c, 'u', 32, 0, 0))
F(r_set_ge_f32_s32, set(GE, -1, 0, a, b, c, 's', 32, 1, 0)) F(r_set_gtu_u32_f32, set(GTU, -1, 0, a, b, c, 'f', 32, 0, 0))
F(r_set_eq_f32_f32, set(EQ, -1, 0, a, b, c, 'f', 32, 1, 0)) F(r_set_lt_ftz_f32_f32, set(LT, -1, 0, a, b, c, 'f', 32, 1, 1))
F(r_set_ne_s32_f64, set(NEQ, -1, 0, a, b, c, 'f', 64, 0, 0)) F(r_set_le_u32_u64, set(LE, -1, 0, a, b, c, 'u', 64, 0, 0))
F(r_set_ne_and, set(NEQ, AND, 0, a, b, c, 'u', 32, 0, 0)) F(r_set_lt_or_not, set(LT, OR, 1, a, b, c, 'f', 32, 1, 0))
F(r_set_gt_xor, set(GT, XOR, 0, a, b, c, 's', 32, 0, 0))
F(r_selp, (c & 1) ? a : b)
F(r_slct_s32, slct(a, b, c, 0, 0)) F(r_slct_f32, slct(a, b, c, 1, 0)) F(r_slct_ftz_f32, slct(a, b, c, 1, 1))

static const struct { const char *name; int set; unsigned bytes; fn f; } T[] = {
  { "setp_s32", I32, 4, r_setp_s32 }, { "setp_u32", I32, 4, r_setp_u32 }, { "setp_b32", I32, 4, r_setp_b32 },
  { "setp_s64", I64, 4, r_setp_s64 }, { "setp_u64", I64, 4, r_setp_u64 }, { "setp_s16", I16, 4, r_setp_s16 },
  { "setp_u16", I16, 4, r_setp_u16 }, { "setp_f32", F32, 4, r_setp_f32 }, { "setp_ftz_f32", F32, 4, r_setp_ftz_f32 },
  { "setp_f64", F64, 4, r_setp_f64 }, { "setp_pq_u32", I32, 4, r_pq },
  { "setp_lt_and_s32", I32, 4, r_lt_and_s32 }, { "setp_lt_and_not_s32", I32, 4, r_lt_and_not_s32 },
  { "setp_le_or_s32", I32, 4, r_le_or_s32 }, { "setp_hi_or_not_u32", I32, 4, r_hi_or_not_u32 },
  { "setp_ls_xor_u32", I32, 4, r_ls_xor_u32 }, { "setp_ge_xor_not_s32", I32, 4, r_ge_xor_not_s32 },
  { "setp_equ_and_f32", F32, 4, r_equ_and_f32 }, { "setp_gt_or_not_f32", F32, 4, r_gt_or_not_f32 },
  { "setp_nan_xor_f32", F32, 4, r_nan_xor_f32 }, { "setp_ltu_and_not_f64", F64, 4, r_ltu_and_not_f64 },
  { "setp_lt_or_s64", I64, 4, r_lt_or_s64 },
  { "setp_alias_s32", I32, 4, r_alias_s32 },
  { "set_lt_u32_s32", I32, 4, r_set_lt_u32_s32 }, { "set_hi_s32_u32", I32, 4, r_set_hi_s32_u32 },
  { "set_ge_f32_s32", I32, 4, r_set_ge_f32_s32 }, { "set_gtu_u32_f32", F32, 4, r_set_gtu_u32_f32 },
  { "set_eq_f32_f32", F32, 4, r_set_eq_f32_f32 }, { "set_lt_ftz_f32_f32", F32, 4, r_set_lt_ftz_f32_f32 },
  { "set_ne_s32_f64", F64, 4, r_set_ne_s32_f64 }, { "set_le_u32_u64", I64, 4, r_set_le_u32_u64 },
  { "set_ne_and_u32_u32", I32, 4, r_set_ne_and }, { "set_lt_or_not_f32_f32", F32, 4, r_set_lt_or_not },
  { "set_gt_xor_s32_s32", I32, 4, r_set_gt_xor },
  { "selp_b32", I32, 4, r_selp }, { "selp_s16", I16, 2, r_selp }, { "selp_u64", I64, 8, r_selp },
  { "selp_f32", F32, 4, r_selp }, { "selp_f64", F64, 8, r_selp },
  { "slct_u32_s32", SL, 4, r_slct_s32 }, { "slct_f32_s32", SL, 4, r_slct_s32 }, { "slct_u32_f32", SL, 4, r_slct_f32 },
  { "slct_ftz_f32_f32", SL, 4, r_slct_ftz_f32 }, { "slct_s64_s32", SL64, 8, r_slct_s32 }, { "slct_f64_f32", SL64, 8, r_slct_f32 },
};

static void make_inputs(void) {
  static const uint64_t E32[12] = { 0, 1, 0xffffffffu, 2, 5, 0xfffffffbu, 0x7fffffffu, 0x80000000u, 0x80000001u, 0x7ffffffeu, 0xffff, 0xfffffffeu };
  static const uint64_t E64[12] = { 0, 1, ~0ull, 2, 5, (uint64_t)-5, 0x7fffffffffffffffull, 0x8000000000000000ull, 0x8000000000000001ull,
                                    0xffffffffull, 0x100000000ull, 0x80000000ull };
  static const uint64_t E16[12] = { 0, 1, 0xffff, 2, 5, 0xfffb, 0x7fff, 0x8000, 0x8001, 0x7ffe, 0x00ff, 0xfffe };
  static const uint64_t EF[16] = { 0, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x3f800001u, 0x00000001u, 0x80000001u,
                                   0x007fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u };
  static const uint64_t ED[16] = { 0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3fe0000000000000ull,
                                   0x3ff0000000000001ull, 1, 0x8000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
                                   0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                                   0x7ff8000000000000ull, 0xfff8000000000001ull };
  unsigned k;
  for (k = 0; k < 192; k++) {
    if (k < 144) {
      IN[I32][0][k] = E32[k / 12]; IN[I32][1][k] = E32[k % 12];
      IN[I64][0][k] = E64[k / 12]; IN[I64][1][k] = E64[k % 12];
      IN[I16][0][k] = E16[k / 12]; IN[I16][1][k] = E16[k % 12];
    } else {
      IN[I32][0][k] = rnd32(); IN[I32][1][k] = (k & 3) ? rnd32() : IN[I32][0][k];
      IN[I64][0][k] = rnd64(); IN[I64][1][k] = (k & 3) ? rnd64() : IN[I64][0][k];
      IN[I16][0][k] = rnd64() & 0xffff; IN[I16][1][k] = (k & 3) ? rnd64() & 0xffff : IN[I16][0][k];
    }
    IN[I32][2][k] = rnd32(); IN[I64][2][k] = rnd64(); IN[I16][2][k] = rnd64() & 0xffff;
  }
  for (k = 0; k < 320; k++) {
    if (k < 256) {
      IN[F32][0][k] = EF[k / 16]; IN[F32][1][k] = EF[k % 16];
      IN[F64][0][k] = ED[k / 16]; IN[F64][1][k] = ED[k % 16];
    } else {
      IN[F32][0][k] = (k & 1) ? rnd32() : f2b((float)rnd_range(-3, 3) * 0.5f);
      IN[F32][1][k] = (k & 2) ? rnd32() : f2b((float)rnd_range(-3, 3) * 0.5f);
      IN[F64][0][k] = (k & 1) ? rnd64() : d2b((double)rnd_range(-3, 3) * 0.5);
      IN[F64][1][k] = (k & 2) ? rnd64() : d2b((double)rnd_range(-3, 3) * 0.5);
    }
    IN[F32][2][k] = rnd32(); IN[F64][2][k] = rnd64();
  }
  static const uint64_t C[14] = { 0, 0x80000000u, 1, 0xffffffffu, 0x7fffffffu, 0x80000001u, 0x7f800000u, 0xff800000u,
                                  0x3f800000u, 0xbf800000u, 0x7fc00000u, 0xffc00000u, 0x807fffffu, 0x00400000u };
  for (k = 0; k < 112; k++) {
    IN[SL][0][k] = rnd32(); IN[SL][1][k] = rnd32(); IN[SL][2][k] = C[k % 14];
    IN[SL64][0][k] = rnd64(); IN[SL64][1][k] = rnd64(); IN[SL64][2][k] = C[k % 14];
  }
}

int main(int argc, char **argv) {
  ref_init(argc, argv);
  make_inputs();
  for (int s = 0; s < NSETS; s++)
    for (int o = 0; o < 3; o++) {
      char name[64];
      snprintf(name, sizeof name, "%s_%c.bin", set_name[s], 'a' + o);
      ref_write(name, IN[s][o], set_n[s], set_bytes[s][o]);
    }
  static uint64_t out[NMAX];
  size_t cases = 0;
  for (size_t t = 0; t < NE(T); t++) {
    int s = T[t].set;
    for (unsigned i = 0; i < set_n[s]; i++) out[i] = trunc_bits(T[t].f(IN[s][0][i], IN[s][1][i], IN[s][2][i]), 8 * T[t].bytes);
    char name[128];
    snprintf(name, sizeof name, "%s.bin", T[t].name);
    ref_write(name, out, set_n[s], T[t].bytes);
    cases += set_n[s];
  }
  printf("compare: %zu variants, %zu cases\n", NE(T), cases);
  return 0;
}
