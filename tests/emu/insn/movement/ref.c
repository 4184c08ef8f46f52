/* Reference for tests/emu/insn/movement: mov, ld, st (PTX ISA 9.7.9 Data Movement):
 *   - ld into a register wider than the type: sign-extended for signed types, zero-extended
 *     for unsigned and bit-size types; st of a type narrower than the register stores its
 *     low bits; vectors {a, b, ...}: the first element is at the lowest address;
 *   - mov.bN {x, y, ...}, a unpacks (x = the lowest bits), mov.bN d, {x, y, ...} packs;
 *   - mov and ld/st move bits unchanged (float registers included).
 * Input sets b1 (u8), b2 (u16), b4 (u32), b8 (u64), 256 elements each; one output per variant.
 */
#include "../ref_common.h"

#define NE(x) (sizeof(x) / sizeof((x)[0]))
#define N 256

enum { B1, B2, B4, B8, NSETS };
static const char *set_name[NSETS] = { "b1", "b2", "b4", "b8" };
static const unsigned set_bytes[NSETS] = { 1, 2, 4, 8 };
static uint64_t IN[NSETS][N];

static uint64_t swap32(uint64_t a) { return a >> 32 | a << 32; }
static uint64_t byte(uint64_t a, int i) { return (a >> (8 * i)) & 0xff; }

typedef uint64_t (*fn)(uint64_t a, unsigned i, const uint64_t *all);
#define F(name, expr) static inline __attribute__((unused)) uint64_t name(uint64_t a, unsigned i, const uint64_t *all) { (void)a; (void)i; (void)all; return (expr); }
F(r_sext8_32, trunc_bits((uint64_t)sext_bits(a, 8), 32)) F(r_zext, a) F(r_sext8_16, trunc_bits((uint64_t)sext_bits(a, 8), 16))
F(r_sext8_64, (uint64_t)sext_bits(a, 8)) F(r_low8, a & 0xff)
F(r_sext16_32, trunc_bits((uint64_t)sext_bits(a, 16), 32)) F(r_sext16_64, (uint64_t)sext_bits(a, 16)) F(r_low16, a & 0xffff)
F(r_v2_u8, byte(a, 0) << 8 | byte(a, 1))
F(r_v2_s8_hi, trunc_bits((uint64_t)sext_bits(byte(a, 1), 8), 32)) F(r_v2_s8_lo, trunc_bits((uint64_t)sext_bits(byte(a, 0), 8), 32))
F(r_sext32_64, (uint64_t)sext_bits(a, 32))
F(r_v2_s16, trunc_bits((uint64_t)sext_bits(a & 0xffff, 16) ^ ((uint64_t)sext_bits(a >> 16, 16) << 1), 32))
F(r_v4_u8, byte(a, 1) | byte(a, 3) << 8 | byte(a, 0) << 16 | byte(a, 2) << 24)
F(r_bswap32, byte(a, 3) | byte(a, 2) << 8 | byte(a, 1) << 16 | byte(a, 0) << 24)
F(r_rot16, (a >> 16 | a << 16) & 0xffffffffu)
F(r_imm_12345678, 0x12345678u) F(r_imm_m7, 0xfffffff9u) F(r_imm_1p5, 0x3fc00000u) F(r_imm_m2p5, 0xc0200000u) F(r_imm_fffe, 0xfffe)
F(r_swap32, swap32(a)) F(r_lo32, a & 0xffffffffu) F(r_hi32, a >> 32)
F(r_quarters, (a >> 48) | ((a >> 32) & 0xffff) << 16 | ((a >> 16) & 0xffff) << 32 | (a & 0xffff) << 48)
F(r_imm_b64, 0x8000000000000001ull) F(r_imm_pi, 0x400921fb54442d18ull)
/* pairs of elements 2k, 2k+1: x, y = low, high half of element 2k; z, w = of element 2k+1 */
static uint64_t pair_v4_u32(uint64_t a, unsigned i, const uint64_t *all) {
  (void)a;
  uint64_t e0 = all[i & ~1u], e1 = all[i | 1u];
  uint64_t x = e0 & 0xffffffffu, y = e0 >> 32, z = e1 & 0xffffffffu, w = e1 >> 32;
  return (i & 1) ? (y | z << 32) : (w | x << 32);
}
static uint64_t pair_v4_f32(uint64_t a, unsigned i, const uint64_t *all) {
  (void)a;
  uint64_t e0 = all[i & ~1u], e1 = all[i | 1u];
  uint64_t x = e0 & 0xffffffffu, y = e0 >> 32, z = e1 & 0xffffffffu, w = e1 >> 32;
  return (i & 1) ? (x | w << 32) : (z | y << 32);
}
F(r_neighbour, all[i ^ 1u])
F(r_v2_imm, (a & 0xffffffffu) | 0xdeadbeefull << 32)
F(r_shared, trunc_bits((uint64_t)sext_bits(byte(a, 3), 8), 32) ^ ((a & 0xffff00ffu) | byte(a, 0) << 8))
F(r_local, trunc_bits((uint64_t)sext_bits(a >> 16, 16) + (a & 0xffff), 32))

static const struct { const char *name; int set; unsigned bytes; fn f; } T[] = {
  { "ld_s8_b32", B1, 4, r_sext8_32 }, { "ld_u8_b32", B1, 4, r_zext }, { "ld_b8_b32", B1, 4, r_zext }, { "ld_s8_b16", B1, 2, r_sext8_16 },
  { "ld_u8_b16", B1, 2, r_zext }, { "ld_s8_b64", B1, 8, r_sext8_64 }, { "st_u8_b32", B1, 1, r_low8 },
  { "ld_s16_b32", B2, 4, r_sext16_32 }, { "ld_u16_b32", B2, 4, r_zext }, { "ld_s16_b64", B2, 8, r_sext16_64 }, { "st_u16_b32", B2, 2, r_low16 },
  { "ld_v2_u8", B2, 2, r_v2_u8 }, { "ld_v2_s8_hi", B2, 4, r_v2_s8_hi }, { "ld_v2_s8_lo", B2, 4, r_v2_s8_lo },
  { "ld_s32_b64", B4, 8, r_sext32_64 }, { "ld_u32_b64", B4, 8, r_zext }, { "ld_v2_s16_b32", B4, 4, r_v2_s16 }, { "ld_v4_u8", B4, 4, r_v4_u8 },
  { "st_v4_u8", B4, 4, r_bswap32 }, { "mov_b32_halves", B4, 4, r_rot16 }, { "st_imm_u32", B4, 4, r_imm_12345678 },
  { "mov_imm_s32", B4, 4, r_imm_m7 }, { "mov_imm_f32", B4, 4, r_imm_1p5 }, { "mov_imm_f32_dec", B4, 4, r_imm_m2p5 },
  { "mov_imm_u16", B2, 2, r_imm_fffe },
  { "mov_unpack_b64", B8, 8, r_swap32 }, { "mov_unpack_lo", B8, 4, r_lo32 }, { "mov_unpack_hi", B8, 4, r_hi32 },
  { "mov_b64_quarters", B8, 8, r_quarters }, { "mov_b64_f64", B8, 8, r_zext }, { "mov_imm_b64", B8, 8, r_imm_b64 },
  { "mov_imm_f64", B8, 8, r_imm_pi }, { "ld_v2_u32", B8, 8, r_swap32 }, { "ld_v2_f32", B8, 8, r_swap32 },
  { "ld_v4_u32", B8, 8, pair_v4_u32 }, { "ld_v2_u64", B8, 8, r_neighbour }, { "ld_v4_f32", B8, 8, pair_v4_f32 },
  { "st_v4_u32", B8, 8, r_swap32 }, { "st_v2_u64", B8, 8, r_neighbour }, { "st_v2_imm", B8, 8, r_v2_imm },
  { "shared_u8_s8", B4, 4, r_shared }, { "local_s16", B4, 4, r_local },
};

int main(int argc, char **argv) {
  ref_init(argc, argv);
  static const uint64_t E2[] = { 0, 1, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x8080, 0x7f80, 0x807f, 0xff00, 0x00ff, 0x8001, 0x7ffe };
  static const uint64_t E4[] = { 0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000u, 0xffffffffu, 0x80808080u,
                                 0x7f7f7f7fu, 0x8000ffffu, 0xffff8000u, 0x12345678u, 0x7fc00000u, 0xffc00001u };
  static const uint64_t E8[] = { 0, 1, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 0x00000000ffffffffull, 0xffffffff00000000ull,
                                 0x0123456789abcdefull, 0x7ff8000000000123ull, 0xfff0000000000001ull, 0x8000000080000000ull, 0x7fc000007fc00001ull };
  for (unsigned k = 0; k < N; k++) {
    IN[B1][k] = k;
    IN[B2][k] = k < NE(E2) ? E2[k] : rnd64() & 0xffff;
    IN[B4][k] = k < NE(E4) ? E4[k] : rnd32();
    IN[B8][k] = k < NE(E8) ? E8[k] : rnd64();
  }
  for (int s = 0; s < NSETS; s++) {
    char name[64];
    const char *op = "abc";
    for (int o = 0; o < 3; o++) {
      snprintf(name, sizeof name, "%s_%c.bin", set_name[s], op[o]);
      ref_write(name, IN[s], N, set_bytes[s]);   /* b and c: copies of a (unused) */
    }
  }
  static uint64_t out[N];
  size_t cases = 0;
  for (size_t t = 0; t < NE(T); t++) {
    int s = T[t].set;
    for (unsigned i = 0; i < N; i++) out[i] = trunc_bits(T[t].f(IN[s][i], i, IN[s]), 8 * T[t].bytes);
    char name[128];
    snprintf(name, sizeof name, "%s.bin", T[t].name);
    ref_write(name, out, N, T[t].bytes);
    cases += N;
  }
  printf("movement: %zu variants, %zu cases\n", NE(T), cases);
  return 0;
}
