/* Reference for tests/emu/insn/int_bits: popc, clz, bfind, brev, bfe, bfi, prmt, shl, shr,
 * shf, and/or/xor/not/cnot, lop3 and predicate logic, computed from the PTX ISA
 * definitions (9.7.1 Integer Arithmetic, 9.7.8 Logic and Shift, 9.7.9.7 prmt), bit by bit.
 *
 * Input sets (SET_a.bin, SET_b.bin, SET_c.bin; see run.aw for their sizes):
 *   u32, u64  bit patterns (edge values, then random runs of ones and zeros)
 *   sh32, sh64, sh16  a, b patterns and c = shift amounts (every amount with every pattern)
 *   bf32, bf64  a patterns x pos x len (bfe/bfi)
 *   pm  prmt operands
 */
#include "../ref_common.h"

#define NE(x) (sizeof(x) / sizeof((x)[0]))
#define NMAX 1344

enum { U32, U64, SH32, SH64, SH16, BF32, BF64, PM, NSETS };
static const char *set_name[NSETS] = { "u32", "u64", "sh32", "sh64", "sh16", "bf32", "bf64", "pm" };
static const unsigned set_n[NSETS] = { 256, 256, 320, 320, 320, 1344, 1344, 256 };
static const unsigned set_bytes[NSETS][3] = { { 4, 4, 4 }, { 8, 8, 8 }, { 4, 4, 4 }, { 8, 8, 4 }, { 2, 2, 4 }, { 4, 4, 4 }, { 8, 4, 4 }, { 4, 4, 4 } };
static uint64_t IN[NSETS][3][NMAX];

/* a random pattern made of runs of ones and zeros of random lengths */
static uint64_t runs(unsigned w) {
  uint64_t v = 0;
  unsigned i = 0;
  int bit = (int)(rnd64() & 1);
  while (i < w) {
    unsigned len = 1 + (unsigned)(rnd64() % 12);
    for (unsigned k = 0; k < len && i < w; k++, i++) v |= (uint64_t)bit << i;
    bit ^= 1;
  }
  return v;
}
static uint64_t pattern(unsigned w) { return (rnd64() & 1) ? runs(w) : trunc_bits(rnd64(), w); }

static const uint64_t P32[] = { 0, 1, 2, 3, 0x80000000u, 0xffffffffu, 0x7fffffffu, 0x80000001u, 0xfffffffeu, 0x12345678u,
                                0xf0f0f0f0u, 0x00ff00ffu, 0x00010000u, 0xfffe0000u, 0x40000000u, 0x55555555u, 0xc0000000u, 0x0000ffffu };
static const uint64_t P64[] = { 0, 1, 2, 0x8000000000000000ull, ~0ull, 0x7fffffffffffffffull, 0x8000000000000001ull, ~1ull,
                                0xffffffffull, 0x100000000ull, 0xffffffff00000000ull, 0x80000000ull, 0x123456789abcdef0ull,
                                0xf0f0f0f0f0f0f0f0ull, 0x4000000000000000ull, 0xc000000000000000ull, 0x00000000ffff0000ull };
static const uint64_t AMT32[] = { 0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 0x80000000u, 0xffffffffu, 0x7fffffffu, 0x100000001u & 0xffffffffu, 0x20u };
static const uint64_t AMT64[] = { 0, 1, 7, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256, 0x80000000u, 0xffffffffu, 0x40u, 0x41u, 0x10000003u, 48, 0x3fu };
static const uint64_t AMT16[] = { 0, 1, 3, 8, 15, 16, 17, 31, 32, 33, 255, 256, 0x80000000u, 0xffffffffu, 0x10u, 0x10000u, 0x10001u, 9, 14, 5 };
static const uint64_t BFA32[] = { 0x12345678u, 0x87654321u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x0f0f0f0fu };
static const uint64_t BFA64[] = { 0x123456789abcdef0ull, 0x8765432187654321ull, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 0x0f0f0f0ff0f0f0f0ull };
static const uint64_t POS32[] = { 0, 1, 4, 7, 8, 16, 24, 28, 30, 31, 32, 33, 255, 256, 257, 0xffffff1fu };
static const uint64_t LEN32[] = { 0, 1, 4, 8, 16, 24, 31, 32, 33, 64, 255, 256, 0x104u, 0xffffff08u };
static const uint64_t POS64[] = { 0, 1, 4, 31, 32, 33, 48, 60, 62, 63, 64, 65, 255, 256, 0x13fu, 0xffffff20u };
static const uint64_t LEN64[] = { 0, 1, 8, 31, 32, 33, 63, 64, 65, 128, 255, 256, 0x110u, 0xffffff40u };

static void make_inputs(void) {
  unsigned k;
  for (k = 0; k < set_n[U32]; k++) {
    IN[U32][0][k] = k < NE(P32) ? P32[k] : pattern(32);
    IN[U32][1][k] = k < NE(P32) ? P32[(k + 5) % NE(P32)] : pattern(32);
    IN[U32][2][k] = k < NE(P32) ? P32[(k + 11) % NE(P32)] : pattern(32);
  }
  for (k = 0; k < set_n[U64]; k++) {
    IN[U64][0][k] = k < NE(P64) ? P64[k] : pattern(64);
    IN[U64][1][k] = k < NE(P64) ? P64[(k + 3) % NE(P64)] : pattern(64);
    IN[U64][2][k] = pattern(64);
  }
  /* shifts: 16 patterns x 20 amounts */
  for (k = 0; k < 320; k++) {
    unsigned p = k / 20, s = k % 20;
    IN[SH32][0][k] = p < 12 ? P32[p] : pattern(32);
    IN[SH32][1][k] = pattern(32);
    IN[SH32][2][k] = AMT32[s];
    IN[SH64][0][k] = p < 12 ? P64[p] : pattern(64);
    IN[SH64][1][k] = pattern(64);
    IN[SH64][2][k] = AMT64[s];
    static const uint64_t P16[] = { 0, 1, 0x8000, 0xffff, 0x7fff, 0x8001, 0x1234, 0xf00f, 0x00ff, 0xa5a5 };
    IN[SH16][0][k] = p < NE(P16) ? P16[p] : pattern(16);
    IN[SH16][1][k] = pattern(16);
    IN[SH16][2][k] = AMT16[s];
  }
  /* bit fields: 6 x 16 x 14 */
  for (k = 0; k < 1344; k++) {
    unsigned ai = k / (16 * 14), pi = (k / 14) % 16, li = k % 14;
    IN[BF32][0][k] = BFA32[ai]; IN[BF32][1][k] = POS32[pi]; IN[BF32][2][k] = LEN32[li];
    IN[BF64][0][k] = BFA64[ai]; IN[BF64][1][k] = POS64[pi]; IN[BF64][2][k] = LEN64[li];
  }
  /* prmt: bytes with and without sign bits; selectors random (all 32 bits) */
  static const uint64_t PA[] = { 0x80ff7f01u, 0x12f4a5c6u, 0x00000000u, 0xffffffffu };
  for (k = 0; k < set_n[PM]; k++) {
    IN[PM][0][k] = k < 4 ? PA[k] : rnd32();
    IN[PM][1][k] = k < 4 ? PA[3 - k] : rnd32();
    IN[PM][2][k] = k < 16 ? (k * 0x1111u) ^ 0xfedc0000u : rnd32();
  }
}

/* ---- semantics ---- */
static unsigned bit(uint64_t v, unsigned i) { return (unsigned)(v >> i) & 1; }
static uint64_t popc(uint64_t a, unsigned w) { uint64_t n = 0; for (unsigned i = 0; i < w; i++) n += bit(a, i); return n; }
static uint64_t clz(uint64_t a, unsigned w) { uint64_t n = 0; for (int i = (int)w - 1; i >= 0 && !bit(a, (unsigned)i); i--) n++; return n; }
static uint64_t brev(uint64_t a, unsigned w) { uint64_t d = 0; for (unsigned i = 0; i < w; i++) d |= (uint64_t)bit(a, i) << (w - 1 - i); return d; }
static uint64_t bfind(uint64_t a, unsigned w, int sgn, int shiftamt) {
  unsigned msb = w - 1;
  a = trunc_bits(a, w);
  if (sgn && bit(a, msb)) a = trunc_bits(~a, w);
  uint64_t d = 0xffffffffu;
  for (int i = (int)msb; i >= 0; i--) if (bit(a, (unsigned)i)) { d = (uint64_t)i; break; }
  if (shiftamt && d != 0xffffffffu) d = msb - d;
  return d;
}
/* bfe, bfi: pos = b & 0xff and len = c & 0xff for 32 bits (the PTX ISA); for 64 bits the whole
 * 32-bit pos and len, as an H200 computes them (measured with tests/gpu/replay.c: bfe.u64 with
 * len 256 takes every bit from pos up, where the ISA's len & 0xff = 0 would take none) */
static uint64_t bfe(uint64_t a, uint64_t b, uint64_t c, unsigned w, int sgn) {
  uint64_t msb = w - 1, pos = w == 64 ? (uint32_t)b : b & 0xff, len = w == 64 ? (uint32_t)c : c & 0xff;
  unsigned sbit;
  if (!sgn || len == 0) sbit = 0;
  else sbit = bit(a, (unsigned)(pos + len - 1 < msb ? pos + len - 1 : msb));
  uint64_t d = 0;
  for (unsigned i = 0; i <= msb; i++) d |= (uint64_t)((i < len && pos + i <= msb) ? bit(a, (unsigned)(pos + i)) : sbit) << i;
  return d;
}
static uint64_t bfi(uint64_t a, uint64_t b, uint64_t c, uint64_t dd, unsigned w) {
  uint64_t msb = w - 1, pos = w == 64 ? (uint32_t)c : c & 0xff, len = w == 64 ? (uint32_t)dd : dd & 0xff;
  uint64_t f = trunc_bits(b, w);
  for (uint64_t i = 0; i < len && pos + i <= msb; i++) f = (f & ~(1ull << (pos + i))) | ((uint64_t)bit(a, (unsigned)i) << (pos + i));
  return f;
}
static uint64_t shl(uint64_t a, uint64_t n, unsigned w) { return n >= w ? 0 : trunc_bits(a << n, w); }
static uint64_t shru(uint64_t a, uint64_t n, unsigned w) { return n >= w ? 0 : trunc_bits(a, w) >> n; }
static uint64_t shrs(uint64_t a, uint64_t n, unsigned w) {
  uint64_t sign = bit(a, w - 1) ? mask_w(w) : 0;
  if (n >= w) return sign;
  uint64_t v = trunc_bits(a, w) >> n;
  return trunc_bits(v | (sign & ~(mask_w(w) >> n)), w);
}
/* shf per the PTX semantics: shf.l d = (b << n) | (a >> (32 - n)); shf.r d = (b << (32 - n)) | (a >> n) */
static uint64_t shf(uint64_t a, uint64_t b, uint64_t c, int left, int clamp) {
  uint64_t n = clamp ? (c < 32 ? c : 32) : (c & 0x1f);
  uint64_t wide = (b << 32) | a;   /* 64-bit {b, a} */
  return left ? ((wide << n) >> 32) & 0xffffffffu : (wide >> n) & 0xffffffffu;
}
static uint64_t lop3(uint64_t a, uint64_t b, uint64_t c, unsigned lut) {
  uint64_t d = 0;
  for (unsigned i = 0; i < 32; i++) d |= (uint64_t)((lut >> (bit(a, i) * 4 + bit(b, i) * 2 + bit(c, i))) & 1) << i;
  return d;
}
static uint64_t prmt(uint64_t a, uint64_t b, uint64_t c, int mode) {
  uint64_t t = (b << 32) | a;
  unsigned byte[8], sel[4];
  for (int i = 0; i < 8; i++) byte[i] = (unsigned)(t >> (8 * i)) & 0xff;
  /* tables from the PTX ISA, listed as d.b3 d.b2 d.b1 d.b0 for c[1:0] = 0..3 */
  static const unsigned tab[6][4][4] = {
    { { 3, 2, 1, 0 }, { 4, 3, 2, 1 }, { 5, 4, 3, 2 }, { 6, 5, 4, 3 } },   /* f4e */
    { { 5, 6, 7, 0 }, { 6, 7, 0, 1 }, { 7, 0, 1, 2 }, { 0, 1, 2, 3 } },   /* b4e */
    { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 2, 2, 2, 2 }, { 3, 3, 3, 3 } },   /* rc8 */
    { { 3, 2, 1, 0 }, { 3, 2, 1, 1 }, { 3, 2, 2, 2 }, { 3, 3, 3, 3 } },   /* ecl */
    { { 0, 0, 0, 0 }, { 1, 1, 1, 0 }, { 2, 2, 1, 0 }, { 3, 2, 1, 0 } },   /* ecr */
    { { 1, 0, 1, 0 }, { 3, 2, 3, 2 }, { 1, 0, 1, 0 }, { 3, 2, 3, 2 } },   /* rc16 */
  };
  uint64_t d = 0;
  if (mode == 0) {
    for (int k = 0; k < 4; k++) {
      unsigned ctl = (unsigned)(c >> (4 * k)) & 0xf, v = byte[ctl & 7];
      if (ctl & 8) v = (v & 0x80) ? 0xff : 0;
      d |= (uint64_t)v << (8 * k);
    }
    return d;
  }
  for (int k = 0; k < 4; k++) sel[k] = tab[mode - 1][c & 3][3 - k];
  for (int k = 0; k < 4; k++) d |= (uint64_t)byte[sel[k]] << (8 * k);
  return d;
}

typedef uint64_t (*fn)(uint64_t, uint64_t, uint64_t);
#define F(name, expr) static inline __attribute__((unused)) uint64_t name(uint64_t a, uint64_t b, uint64_t c) { (void)a; (void)b; (void)c; return (expr); }
F(r_popc32, popc(a, 32)) F(r_clz32, clz(a, 32)) F(r_bfind_u32, bfind(a, 32, 0, 0)) F(r_bfind_s32, bfind(a, 32, 1, 0))
F(r_bfind_sa_u32, bfind(a, 32, 0, 1)) F(r_bfind_sa_s32, bfind(a, 32, 1, 1)) F(r_brev32, brev(a, 32))
F(r_and, a & b) F(r_or, a | b) F(r_xor, a ^ b) F(r_not32, trunc_bits(~a, 32)) F(r_cnot, a == 0)
F(r_and_imm, a & 0xff00ff00u) F(r_xor_imm, trunc_bits(~a, 32))
#define L(x) F(r_lop3_##x, lop3(a, b, c, 0x##x))
L(00) L(ff) L(f0) L(cc) L(aa) L(96) L(e8) L(ca) L(80) L(fe) L(1e) L(6a) L(3c) L(01) L(b4)
static uint64_t r_pred(uint64_t a, uint64_t b, uint64_t c) {
  (void)c;
  unsigned p = a & 1, q = b & 1;
  return (p & q) | (p | q) << 1 | (p ^ q) << 2 | (!p) << 3;
}
F(r_popc64, popc(a, 64)) F(r_clz64, clz(a, 64)) F(r_bfind_u64, bfind(a, 64, 0, 0)) F(r_bfind_s64, bfind(a, 64, 1, 0))
F(r_bfind_sa_u64, bfind(a, 64, 0, 1)) F(r_bfind_sa_s64, bfind(a, 64, 1, 1)) F(r_brev64, brev(a, 64)) F(r_not64, ~a)
F(r_shl32, shl(a, c, 32)) F(r_shru32, shru(a, c, 32)) F(r_shrs32, shrs(a, c, 32))
F(r_shl33, shl(a, 33, 32)) F(r_shr40s, shrs(a, 40, 32)) F(r_shr31u, shru(a, 31, 32))
F(r_shf_lw, shf(a, b, c, 1, 0)) F(r_shf_rw, shf(a, b, c, 0, 0)) F(r_shf_lc, shf(a, b, c, 1, 1)) F(r_shf_rc, shf(a, b, c, 0, 1))
F(r_shf_rot, shf(a, a, c, 1, 0))
F(r_shl64, shl(a, c, 64)) F(r_shru64, shru(a, c, 64)) F(r_shrs64, shrs(a, c, 64))
F(r_shl16, shl(a, c, 16)) F(r_shru16, shru(a, c, 16)) F(r_shrs16, shrs(a, c, 16)) F(r_not16, trunc_bits(~a, 16))
F(r_bfe_u32, bfe(a, b, c, 32, 0)) F(r_bfe_s32, bfe(a, b, c, 32, 1)) F(r_bfi32, bfi(a, a ^ 0x5aa5c33cu, b, c, 32))
F(r_bfe_imm, bfe(a, 28, 8, 32, 1))
F(r_bfe_u64, bfe(a, b, c, 64, 0)) F(r_bfe_s64, bfe(a, b, c, 64, 1)) F(r_bfi64, bfi(a, a ^ 0xa5a5a5a55a5a5a5aull, b, c, 64))
F(r_prmt, prmt(a, b, c, 0)) F(r_prmt_f4e, prmt(a, b, c, 1)) F(r_prmt_b4e, prmt(a, b, c, 2)) F(r_prmt_rc8, prmt(a, b, c, 3))
F(r_prmt_ecl, prmt(a, b, c, 4)) F(r_prmt_ecr, prmt(a, b, c, 5)) F(r_prmt_rc16, prmt(a, b, c, 6)) F(r_prmt_imm, prmt(a, b, 0x8f40, 0))

static const struct { const char *name; int set; unsigned bytes; fn f; } T[] = {
  { "popc_b32", U32, 4, r_popc32 }, { "clz_b32", U32, 4, r_clz32 }, { "bfind_u32", U32, 4, r_bfind_u32 },
  { "bfind_s32", U32, 4, r_bfind_s32 }, { "bfind_shiftamt_u32", U32, 4, r_bfind_sa_u32 }, { "bfind_shiftamt_s32", U32, 4, r_bfind_sa_s32 },
  { "brev_b32", U32, 4, r_brev32 }, { "and_b32", U32, 4, r_and }, { "or_b32", U32, 4, r_or }, { "xor_b32", U32, 4, r_xor },
  { "not_b32", U32, 4, r_not32 }, { "cnot_b32", U32, 4, r_cnot }, { "and_imm_b32", U32, 4, r_and_imm }, { "xor_imm_b32", U32, 4, r_xor_imm },
  { "lop3_00", U32, 4, r_lop3_00 }, { "lop3_ff", U32, 4, r_lop3_ff }, { "lop3_f0", U32, 4, r_lop3_f0 }, { "lop3_cc", U32, 4, r_lop3_cc },
  { "lop3_aa", U32, 4, r_lop3_aa }, { "lop3_96", U32, 4, r_lop3_96 }, { "lop3_e8", U32, 4, r_lop3_e8 }, { "lop3_ca", U32, 4, r_lop3_ca },
  { "lop3_80", U32, 4, r_lop3_80 }, { "lop3_fe", U32, 4, r_lop3_fe }, { "lop3_1e", U32, 4, r_lop3_1e }, { "lop3_6a", U32, 4, r_lop3_6a },
  { "lop3_3c", U32, 4, r_lop3_3c }, { "lop3_01", U32, 4, r_lop3_01 }, { "lop3_b4", U32, 4, r_lop3_b4 }, { "pred_logic", U32, 4, r_pred },
  { "popc_b64", U64, 4, r_popc64 }, { "clz_b64", U64, 4, r_clz64 }, { "bfind_u64", U64, 4, r_bfind_u64 }, { "bfind_s64", U64, 4, r_bfind_s64 },
  { "bfind_shiftamt_u64", U64, 4, r_bfind_sa_u64 }, { "bfind_shiftamt_s64", U64, 4, r_bfind_sa_s64 }, { "brev_b64", U64, 8, r_brev64 },
  { "and_b64", U64, 8, r_and }, { "or_b64", U64, 8, r_or }, { "xor_b64", U64, 8, r_xor }, { "not_b64", U64, 8, r_not64 }, { "cnot_b64", U64, 8, r_cnot },
  { "shl_b32", SH32, 4, r_shl32 }, { "shr_u32", SH32, 4, r_shru32 }, { "shr_s32", SH32, 4, r_shrs32 },
  { "shl_imm33_b32", SH32, 4, r_shl33 }, { "shr_imm40_s32", SH32, 4, r_shr40s }, { "shr_imm31_u32", SH32, 4, r_shr31u },
  { "shf_l_wrap", SH32, 4, r_shf_lw }, { "shf_r_wrap", SH32, 4, r_shf_rw }, { "shf_l_clamp", SH32, 4, r_shf_lc }, { "shf_r_clamp", SH32, 4, r_shf_rc },
  { "shf_l_rot", SH32, 4, r_shf_rot },
  { "shl_b64", SH64, 8, r_shl64 }, { "shr_u64", SH64, 8, r_shru64 }, { "shr_s64", SH64, 8, r_shrs64 },
  { "shl_b16", SH16, 2, r_shl16 }, { "shr_u16", SH16, 2, r_shru16 }, { "shr_s16", SH16, 2, r_shrs16 },
  { "and_b16", SH16, 2, r_and }, { "or_b16", SH16, 2, r_or }, { "xor_b16", SH16, 2, r_xor }, { "not_b16", SH16, 2, r_not16 }, { "cnot_b16", SH16, 2, r_cnot },
  { "bfe_u32", BF32, 4, r_bfe_u32 }, { "bfe_s32", BF32, 4, r_bfe_s32 }, { "bfi_b32", BF32, 4, r_bfi32 }, { "bfe_imm_s32", BF32, 4, r_bfe_imm },
  { "bfe_u64", BF64, 8, r_bfe_u64 }, { "bfe_s64", BF64, 8, r_bfe_s64 }, { "bfi_b64", BF64, 8, r_bfi64 },
  { "prmt_b32", PM, 4, r_prmt }, { "prmt_f4e", PM, 4, r_prmt_f4e }, { "prmt_b4e", PM, 4, r_prmt_b4e }, { "prmt_rc8", PM, 4, r_prmt_rc8 },
  { "prmt_ecl", PM, 4, r_prmt_ecl }, { "prmt_ecr", PM, 4, r_prmt_ecr }, { "prmt_rc16", PM, 4, r_prmt_rc16 }, { "prmt_imm_b32", PM, 4, r_prmt_imm },
};

int main(int argc, char **argv) {
  ref_init(argc, argv);
  make_inputs();
  for (int s = 0; s < NSETS; s++)
    for (int o = 0; o < 3; o++) {
      char name[64];
      snprintf(name, sizeof name, "%s_%c.bin", set_name[s], 'a' + o);
      for (unsigned k = 0; k < set_n[s]; k++) IN[s][o][k] = trunc_bits(IN[s][o][k], 8 * set_bytes[s][o]);
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
  printf("int_bits: %zu variants, %zu cases\n", NE(T), cases);
  return 0;
}
