/* Reference for tests/emu/insn/int_arith: integer arithmetic, computed from the PTX ISA
 * definitions (9.7.1 Integer Arithmetic, 9.7.2 Extended-Precision Arithmetic).
 *
 * Input sets (raw bits, written as SET_a.bin, SET_b.bin, SET_c.bin):
 *   i32  (512 x u32): every pair a x b of 18 edge values, c cycling over them, then random
 *   i32w (512): a, b as in i32, c 64-bit
 *   i16  (256 x u16): every pair of 13 edge values, then random
 *   i64  (512 x u64): every pair of 18 edge values, then random
 * Each variant NAME writes NAME.bin: d[i] = op(a[i], b[i], c[i]).
 *
 * Integer division by zero: the PTX ISA says the result is unspecified; div and rem by 0
 * give all ones on an H200 (measured with tests/gpu/replay.c), and that is what is expected here.
 * Signed overflow wraps (two's complement): INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0,
 * abs(INT_MIN) = neg(INT_MIN) = INT_MIN.
 */
#include "../ref_common.h"

#define N32 512
#define N16 256
#define N64 512
static uint64_t A32[N32], B32[N32], C32[N32], C32W[N32];
static uint64_t A16[N16], B16[N16], C16[N16];
static uint64_t A64[N64], B64[N64], C64[N64];

static const uint64_t E32[] = { 0, 1, 2, 3, 7, 0xfffffff9u, 0xffffffffu, 0xfffffffeu, 0x7fffffffu, 0x80000000u,
                                0x80000001u, 0x7ffffffeu, 0x0000ffffu, 0x00010000u, 0x00800000u, 0x00ffffffu,
                                0x12345678u, 0xdeadbeefu };
static const uint64_t E16[] = { 0, 1, 2, 7, 0xfff9, 0xffff, 0xfffe, 0x7fff, 0x8000, 0x8001, 0x00ff, 0x0100, 0x1234 };
static const uint64_t E64[] = { 0, 1, 2, 3, 7, ~0ull, ~0ull - 1, (uint64_t)-7, 0x7fffffffffffffffull, 0x8000000000000000ull,
                                0x8000000000000001ull, 0xffffffffull, 0x100000000ull, 0x7fffffffull, 0x80000000ull,
                                0xffffffff80000000ull, 0x123456789abcdef0ull, 0xfedcba9876543210ull };
#define NE(x) (sizeof(x) / sizeof((x)[0]))

/* random value with a random number of significant bits, so that small divisors and
 * carries at every position occur */
static uint64_t rnd_width(unsigned w) {
  unsigned bits = 1 + (unsigned)(rnd64() % w);
  uint64_t v = rnd64() & mask_w(bits);
  if (rnd64() & 1) v = ~v;
  return trunc_bits(v, w);
}

static void make_inputs(void) {
  size_t k = 0;
  for (size_t i = 0; i < NE(E32); i++)
    for (size_t j = 0; j < NE(E32); j++, k++) { A32[k] = E32[i]; B32[k] = E32[j]; C32[k] = E32[(k * 7 + 3) % NE(E32)]; }
  for (; k < N32; k++) { A32[k] = rnd_width(32); B32[k] = rnd_width(32); C32[k] = rnd_width(32); }
  for (k = 0; k < N32; k++) C32W[k] = k < NE(E64) * NE(E64) ? E64[(k * 5 + 1) % NE(E64)] : rnd_width(64);
  k = 0;
  for (size_t i = 0; i < NE(E16); i++)
    for (size_t j = 0; j < NE(E16); j++, k++) { A16[k] = E16[i]; B16[k] = E16[j]; C16[k] = E16[(k * 5 + 2) % NE(E16)]; }
  for (; k < N16; k++) { A16[k] = rnd_width(16); B16[k] = rnd_width(16); C16[k] = rnd_width(16); }
  k = 0;
  for (size_t i = 0; i < NE(E64); i++)
    for (size_t j = 0; j < NE(E64); j++, k++) { A64[k] = E64[i]; B64[k] = E64[j]; C64[k] = E64[(k * 7 + 3) % NE(E64)]; }
  for (; k < N64; k++) { A64[k] = rnd_width(64); B64[k] = rnd_width(64); C64[k] = rnd_width(64); }
}

/* ---- generic helpers on w-bit values held in uint64_t ---- */
static uint64_t sat_s(int64_t v, unsigned w) {
  int64_t lo = -(int64_t)(1ull << (w - 1)), hi = (int64_t)((1ull << (w - 1)) - 1);
  return trunc_bits((uint64_t)(v < lo ? lo : v > hi ? hi : v), w);
}
static uint64_t sdiv(uint64_t a, uint64_t b, unsigned w, int rem) {
  int64_t x = sext_bits(a, w), y = sext_bits(b, w);
  if (y == 0) return mask_w(w);     /* div and rem: what an H200 gives (tests/gpu/replay.c) */
  if (y == -1) return rem ? 0 : trunc_bits(0 - (uint64_t)x, w);   /* INT_MIN / -1 wraps to INT_MIN */
  return trunc_bits((uint64_t)(rem ? x % y : x / y), w);
}
static uint64_t udiv(uint64_t a, uint64_t b, unsigned w, int rem) {
  a = trunc_bits(a, w); b = trunc_bits(b, w);
  if (b == 0) return mask_w(w);
  return rem ? a % b : a / b;
}
static uint64_t sad(uint64_t a, uint64_t b, uint64_t c, unsigned w, int sgn) {
  int lt = sgn ? sext_bits(a, w) < sext_bits(b, w) : trunc_bits(a, w) < trunc_bits(b, w);
  return trunc_bits(c + (lt ? b - a : a - b), w);
}
static uint64_t smin(uint64_t a, uint64_t b, unsigned w, int mx) {
  int64_t x = sext_bits(a, w), y = sext_bits(b, w);
  return trunc_bits((uint64_t)(mx ? (x > y ? x : y) : (x < y ? x : y)), w);
}
static uint64_t umin(uint64_t a, uint64_t b, unsigned w, int mx) {
  a = trunc_bits(a, w); b = trunc_bits(b, w);
  return mx ? (a > b ? a : b) : (a < b ? a : b);
}
/* high 64 bits of the unsigned 128-bit product, from 32-bit pieces */
static uint64_t umulhi64(uint64_t a, uint64_t b) {
  uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
  uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
/* signed: hi_s(a, b) = hi_u(a, b) - (a < 0 ? b : 0) - (b < 0 ? a : 0)  (mod 2^64) */
static uint64_t smulhi64(uint64_t a, uint64_t b) {
  uint64_t h = umulhi64(a, b);
  if (a >> 63) h -= b;
  if (b >> 63) h -= a;
  return h;
}
/* 24-bit operands of mul24/mad24: a[23:0], sign-extended for .s32 */
static int64_t op24(uint64_t a, int sgn) { return sgn ? sext_bits(a, 24) : (int64_t)(a & 0xffffff); }
static uint64_t mul24(uint64_t a, uint64_t b, int sgn, int hi) {
  uint64_t p = (uint64_t)(op24(a, sgn) * op24(b, sgn));   /* 48-bit product, two's complement */
  return hi ? (p >> 16) & 0xffffffffu : p & 0xffffffffu;    /* bits 47..16 or 31..0 */
}

typedef uint64_t (*fn)(uint64_t, uint64_t, uint64_t);
#define F(name, expr) static inline __attribute__((unused)) uint64_t name(uint64_t a, uint64_t b, uint64_t c) { (void)a; (void)b; (void)c; return (expr); }

/* 32-bit */
F(r_add32, trunc_bits(a + b, 32))
F(r_sub32, trunc_bits(a - b, 32))
F(r_add_sat, sat_s(sext_bits(a, 32) + sext_bits(b, 32), 32))
F(r_sub_sat, sat_s(sext_bits(a, 32) - sext_bits(b, 32), 32))
F(r_add_imm, trunc_bits(a - 5, 32))
F(r_mul_lo32, trunc_bits(a * b, 32))
F(r_mul_hi_s32, ((uint64_t)(sext_bits(a, 32) * sext_bits(b, 32)) >> 32) & 0xffffffffu)
F(r_mul_hi_u32, (a * b) >> 32)
F(r_mul_hi_imm, ((uint64_t)(sext_bits(a, 32) * -3) >> 32) & 0xffffffffu)
F(r_mul_wide_s32, (uint64_t)(sext_bits(a, 32) * sext_bits(b, 32)))
F(r_mul_wide_u32, a * b)
F(r_mad_lo32, trunc_bits(a * b + c, 32))
F(r_mad_hi_s32, trunc_bits((((uint64_t)(sext_bits(a, 32) * sext_bits(b, 32))) >> 32) + c, 32))
F(r_mad_hi_u32, trunc_bits(((a * b) >> 32) + c, 32))
F(r_mad_hi_sat, sat_s(sext_bits(((uint64_t)(sext_bits(a, 32) * sext_bits(b, 32))) >> 32, 32) + sext_bits(c, 32), 32))
F(r_mad_wide_s32, (uint64_t)(sext_bits(a, 32) * sext_bits(b, 32)) + c)
F(r_mad_wide_u32, a * b + c)
F(r_mul24_lo_s, mul24(a, b, 1, 0))
F(r_mul24_hi_s, mul24(a, b, 1, 1))
F(r_mul24_lo_u, mul24(a, b, 0, 0))
F(r_mul24_hi_u, mul24(a, b, 0, 1))
F(r_mad24_lo_s, trunc_bits(mul24(a, b, 1, 0) + c, 32))
F(r_mad24_hi_s, trunc_bits(mul24(a, b, 1, 1) + c, 32))
F(r_mad24_lo_u, trunc_bits(mul24(a, b, 0, 0) + c, 32))
F(r_mad24_hi_u, trunc_bits(mul24(a, b, 0, 1) + c, 32))
F(r_mad24_hi_sat, sat_s(sext_bits(mul24(a, b, 1, 1), 32) + sext_bits(c, 32), 32))
F(r_sad_s32, sad(a, b, c, 32, 1))
F(r_sad_u32, sad(a, b, c, 32, 0))
F(r_div_s32, sdiv(a, b, 32, 0))
F(r_div_u32, udiv(a, b, 32, 0))
F(r_rem_s32, sdiv(a, b, 32, 1))
F(r_rem_u32, udiv(a, b, 32, 1))
F(r_div_imm, sdiv(a, 0xffffffffu, 32, 0))
F(r_rem_imm, sdiv(a, (uint32_t)-7, 32, 1))
F(r_abs32, trunc_bits(sext_bits(a, 32) < 0 ? 0 - a : a, 32))
F(r_neg32, trunc_bits(0 - a, 32))
F(r_min_s32, smin(a, b, 32, 0))
F(r_max_s32, smin(a, b, 32, 1))
F(r_min_u32, umin(a, b, 32, 0))
F(r_max_u32, umin(a, b, 32, 1))
F(r_min_imm, smin(a, 0xffffffffu, 32, 0))
F(r_max_imm, umin(a, 0x80000000u, 32, 1))
/* extended precision: CF is the carry (add) or the borrow (sub) of the previous .cc op */
static uint64_t r_addc_hi(uint64_t a, uint64_t b, uint64_t c) { uint64_t cf = (a + b) >> 32; return trunc_bits(c + a + cf, 32); }
static uint64_t r_addc_carry(uint64_t a, uint64_t b, uint64_t c) { uint64_t cf = (a + b) >> 32; return (c + a + cf) >> 32; }
static uint64_t r_addc_keep(uint64_t a, uint64_t b, uint64_t c) { (void)c; uint64_t cf = (a + b) >> 32; return cf * 0x11; }
static uint64_t r_subc_hi(uint64_t a, uint64_t b, uint64_t c) { uint64_t bf = a < b; return trunc_bits(c - (a + bf), 32); }
static uint64_t r_subc_borrow(uint64_t a, uint64_t b, uint64_t c) { uint64_t bf = a < b; return c < a + bf ? 0xffffffffu : 0; }
static uint64_t r_madcc_lo(uint64_t a, uint64_t b, uint64_t c) { return (((a * b) & 0xffffffffu) + c) >> 32; }
static uint64_t r_madcc_hi(uint64_t a, uint64_t b, uint64_t c) { return (((a * b) >> 32) + c) >> 32; }
F(r_madcc_val, trunc_bits(a * b + c, 32))
/* 16-bit */
F(r_add16, trunc_bits(a + b, 16))
F(r_sub16, trunc_bits(a - b, 16))
F(r_mul_lo16, trunc_bits(a * b, 16))
F(r_mul_hi_s16, ((uint64_t)(sext_bits(a, 16) * sext_bits(b, 16)) >> 16) & 0xffff)
F(r_mul_hi_u16, (a * b) >> 16)
F(r_mul_wide_s16, trunc_bits((uint64_t)(sext_bits(a, 16) * sext_bits(b, 16)), 32))
F(r_mul_wide_u16, a * b)
F(r_mad_wide_u16, trunc_bits(a * b + c, 32))
F(r_div_s16, sdiv(a, b, 16, 0))
F(r_rem_s16, sdiv(a, b, 16, 1))
F(r_div_u16, udiv(a, b, 16, 0))
F(r_rem_u16, udiv(a, b, 16, 1))
F(r_min_s16, smin(a, b, 16, 0))
F(r_max_u16, umin(a, b, 16, 1))
F(r_abs16, trunc_bits(sext_bits(a, 16) < 0 ? 0 - a : a, 16))
F(r_neg16, trunc_bits(0 - a, 16))
F(r_sad_s16, sad(a, b, c, 16, 1))
/* 64-bit */
F(r_add64, a + b)
F(r_sub64, a - b)
F(r_mul_lo64, a * b)
F(r_mul_hi_s64, smulhi64(a, b))
F(r_mul_hi_u64, umulhi64(a, b))
F(r_mad_lo64, a * b + c)
F(r_mad_hi_s64, smulhi64(a, b) + c)
F(r_mad_hi_u64, umulhi64(a, b) + c)
F(r_div_s64, sdiv(a, b, 64, 0))
F(r_div_u64, udiv(a, b, 64, 0))
F(r_rem_s64, sdiv(a, b, 64, 1))
F(r_rem_u64, udiv(a, b, 64, 1))
F(r_abs64, (a >> 63) ? 0 - a : a)
F(r_neg64, 0 - a)
F(r_min_s64, smin(a, b, 64, 0))
F(r_max_s64, smin(a, b, 64, 1))
F(r_min_u64, umin(a, b, 64, 0))
F(r_max_u64, umin(a, b, 64, 1))
F(r_sad_s64, sad(a, b, c, 64, 1))
F(r_sad_u64, sad(a, b, c, 64, 0))
F(r_addc64, c + (a + b < a))
F(r_subc64, c - (a < b))
F(r_madcc64, (a * b + c) < c)

enum { S32, S32W, S16, S64 };
static const struct { const char *name; int set; unsigned bytes; fn f; } T[] = {
  { "add_s32", S32, 4, r_add32 }, { "add_u32", S32, 4, r_add32 }, { "sub_s32", S32, 4, r_sub32 }, { "sub_u32", S32, 4, r_sub32 },
  { "add_sat_s32", S32, 4, r_add_sat }, { "sub_sat_s32", S32, 4, r_sub_sat }, { "add_imm_s32", S32, 4, r_add_imm },
  { "mul_lo_s32", S32, 4, r_mul_lo32 }, { "mul_lo_u32", S32, 4, r_mul_lo32 }, { "mul_hi_s32", S32, 4, r_mul_hi_s32 },
  { "mul_hi_u32", S32, 4, r_mul_hi_u32 }, { "mul_hi_imm_s32", S32, 4, r_mul_hi_imm },
  { "mul_wide_s32", S32, 8, r_mul_wide_s32 }, { "mul_wide_u32", S32, 8, r_mul_wide_u32 },
  { "mad_lo_s32", S32, 4, r_mad_lo32 }, { "mad_lo_u32", S32, 4, r_mad_lo32 }, { "mad_hi_s32", S32, 4, r_mad_hi_s32 },
  { "mad_hi_u32", S32, 4, r_mad_hi_u32 }, { "mad_hi_sat_s32", S32, 4, r_mad_hi_sat },
  { "mad_wide_s32", S32W, 8, r_mad_wide_s32 }, { "mad_wide_u32", S32W, 8, r_mad_wide_u32 },
  { "mul24_lo_s32", S32, 4, r_mul24_lo_s }, { "mul24_hi_s32", S32, 4, r_mul24_hi_s }, { "mul24_lo_u32", S32, 4, r_mul24_lo_u },
  { "mul24_hi_u32", S32, 4, r_mul24_hi_u }, { "mad24_lo_s32", S32, 4, r_mad24_lo_s }, { "mad24_hi_s32", S32, 4, r_mad24_hi_s },
  { "mad24_lo_u32", S32, 4, r_mad24_lo_u }, { "mad24_hi_u32", S32, 4, r_mad24_hi_u }, { "mad24_hi_sat_s32", S32, 4, r_mad24_hi_sat },
  { "sad_s32", S32, 4, r_sad_s32 }, { "sad_u32", S32, 4, r_sad_u32 },
  { "div_s32", S32, 4, r_div_s32 }, { "div_u32", S32, 4, r_div_u32 }, { "rem_s32", S32, 4, r_rem_s32 }, { "rem_u32", S32, 4, r_rem_u32 },
  { "div_imm_s32", S32, 4, r_div_imm }, { "rem_imm_s32", S32, 4, r_rem_imm },
  { "abs_s32", S32, 4, r_abs32 }, { "neg_s32", S32, 4, r_neg32 },
  { "min_s32", S32, 4, r_min_s32 }, { "max_s32", S32, 4, r_max_s32 }, { "min_u32", S32, 4, r_min_u32 }, { "max_u32", S32, 4, r_max_u32 },
  { "min_imm_s32", S32, 4, r_min_imm }, { "max_imm_u32", S32, 4, r_max_imm },
  { "addc_hi", S32, 4, r_addc_hi }, { "addc_carry", S32, 4, r_addc_carry }, { "addc_keeps_cf", S32, 4, r_addc_keep },
  { "subc_hi", S32, 4, r_subc_hi }, { "subc_borrow", S32, 4, r_subc_borrow },
  { "mad_lo_cc_u32", S32, 4, r_madcc_lo }, { "mad_hi_cc_u32", S32, 4, r_madcc_hi }, { "mad_lo_cc_val", S32, 4, r_madcc_val },
  { "add_s16", S16, 2, r_add16 }, { "sub_u16", S16, 2, r_sub16 }, { "mul_lo_s16", S16, 2, r_mul_lo16 },
  { "mul_hi_s16", S16, 2, r_mul_hi_s16 }, { "mul_hi_u16", S16, 2, r_mul_hi_u16 }, { "mul_wide_s16", S16, 4, r_mul_wide_s16 },
  { "mul_wide_u16", S16, 4, r_mul_wide_u16 }, { "mad_wide_u16", S16, 4, r_mad_wide_u16 },
  { "div_s16", S16, 2, r_div_s16 }, { "rem_s16", S16, 2, r_rem_s16 }, { "div_u16", S16, 2, r_div_u16 }, { "rem_u16", S16, 2, r_rem_u16 },
  { "min_s16", S16, 2, r_min_s16 }, { "max_u16", S16, 2, r_max_u16 }, { "abs_s16", S16, 2, r_abs16 }, { "neg_s16", S16, 2, r_neg16 },
  { "sad_s16", S16, 2, r_sad_s16 },
  { "add_s64", S64, 8, r_add64 }, { "sub_u64", S64, 8, r_sub64 }, { "mul_lo_s64", S64, 8, r_mul_lo64 },
  { "mul_hi_s64", S64, 8, r_mul_hi_s64 }, { "mul_hi_u64", S64, 8, r_mul_hi_u64 }, { "mad_lo_s64", S64, 8, r_mad_lo64 },
  { "mad_hi_s64", S64, 8, r_mad_hi_s64 }, { "mad_hi_u64", S64, 8, r_mad_hi_u64 },
  { "div_s64", S64, 8, r_div_s64 }, { "div_u64", S64, 8, r_div_u64 }, { "rem_s64", S64, 8, r_rem_s64 }, { "rem_u64", S64, 8, r_rem_u64 },
  { "abs_s64", S64, 8, r_abs64 }, { "neg_s64", S64, 8, r_neg64 },
  { "min_s64", S64, 8, r_min_s64 }, { "max_s64", S64, 8, r_max_s64 }, { "min_u64", S64, 8, r_min_u64 }, { "max_u64", S64, 8, r_max_u64 },
  { "sad_s64", S64, 8, r_sad_s64 }, { "sad_u64", S64, 8, r_sad_u64 },
  { "addc_u64", S64, 8, r_addc64 }, { "subc_u64", S64, 8, r_subc64 }, { "mad_lo_cc_u64", S64, 8, r_madcc64 },
};

int main(int argc, char **argv) {
  ref_init(argc, argv);
  make_inputs();
  ref_write("i32_a.bin", A32, N32, 4); ref_write("i32_b.bin", B32, N32, 4); ref_write("i32_c.bin", C32, N32, 4);
  ref_write("i32w_a.bin", A32, N32, 4); ref_write("i32w_b.bin", B32, N32, 4); ref_write("i32w_c.bin", C32W, N32, 8);
  ref_write("i16_a.bin", A16, N16, 2); ref_write("i16_b.bin", B16, N16, 2); ref_write("i16_c.bin", C16, N16, 2);
  ref_write("i64_a.bin", A64, N64, 8); ref_write("i64_b.bin", B64, N64, 8); ref_write("i64_c.bin", C64, N64, 8);
  static uint64_t out[N64 > N32 ? N64 : N32];
  size_t cases = 0;
  for (size_t t = 0; t < NE(T); t++) {
    const uint64_t *a, *b, *c;
    size_t n;
    switch (T[t].set) {
    case S32: a = A32; b = B32; c = C32; n = N32; break;
    case S32W: a = A32; b = B32; c = C32W; n = N32; break;
    case S16: a = A16; b = B16; c = C16; n = N16; break;
    default: a = A64; b = B64; c = C64; n = N64; break;
    }
    for (size_t i = 0; i < n; i++) out[i] = trunc_bits(T[t].f(a[i], b[i], c[i]), 8 * T[t].bytes);
    char name[128];
    snprintf(name, sizeof name, "%s.bin", T[t].name);
    ref_write(name, out, n, T[t].bytes);
    cases += n;
  }
  printf("int_arith: %zu variants, %zu cases\n", NE(T), cases);
  return 0;
}
