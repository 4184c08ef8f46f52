/* Reference for tests/emu/insn/warp_int: dp4a, dp2a (PTX ISA 9.7.1.23-24), redux.sync (9.7.13.11),
 * match.sync (9.7.13.9) and elect.sync (9.7.13.12), computed from the ISA's definitions:
 *   dp4a.atype.btype d, a, b, c:  d = c + sum over i < 4 of ext(a.byte[i]) * ext(b.byte[i])
 *   dp2a.mode.atype.btype:        d = c + sum over i < 2 of ext(a.half[i]) * ext(b.byte[i + (mode == .hi ? 2 : 0)])
 *     (ext: sign- or zero-extension by the operand's type; the arithmetic wraps at 32 bits)
 *   redux.sync.op: every member lane gets op over the members' a (add wraps; min/max signed for .s32)
 *   match.any: the members whose a equals this lane's; match.all: all members (and p = 1) when
 *     every member's a is equal, else 0 (p = 0)
 *   elect.sync d|p: d = the elected lane, p = whether it is this one; the ISA only asks for a
 *     deterministic choice: awemu elects the lowest member lane (documented in isa/ISA.md)
 * Members: the lanes of membermask that execute the instruction (the kernels' branches decide).
 *
 * Input sets: dp (512 x a, b, c u32: byte and halfword edge values, then random),
 * wp (256 = 8 warps of a u32 with equal, grouped and random values; c u32),
 * w64 (256 = 8 warps of a u64 whose values agree in one half only in some lanes; c u32).
 */
#include "../ref_common.h"

#define NE(x) (sizeof(x) / sizeof((x)[0]))
enum { NDP = 512, NW = 256 };
static uint64_t dp_a[NDP], dp_b[NDP], dp_c[NDP], wp_a[NW], wp_b[NW], wp_c[NW], w64_a[NW], w64_b[NW], w64_c[NW];

static const uint32_t EDGE[] = { 0, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x01020304u, 0xff80017fu, 0x80007fffu, 0x00ff00ffu,
                                 0x80000000u, 0x7fff8000u, 0xfffe0001u, 0x7f80ff01u };
static const uint32_t CEDGE[] = { 0, 0xffffffffu, 0x80000000u, 0x7fffffffu, 5, 0xfffffff0u };

static void make_inputs(void) {
  unsigned ne = NE(EDGE), k = 0;
  for (unsigned i = 0; i < ne; i++)
    for (unsigned j = 0; j < ne; j++, k++) { dp_a[k] = EDGE[i]; dp_b[k] = EDGE[j]; dp_c[k] = CEDGE[k % NE(CEDGE)]; }
  for (; k < NDP; k++) {
    dp_a[k] = rnd32(); dp_b[k] = rnd32(); dp_c[k] = rnd32();
    if (k % 3 == 0) dp_a[k] |= 0x80808080u;   /* every byte negative as .s32 */
    if (k % 5 == 0) dp_b[k] |= 0x80008000u;
  }
  for (unsigned i = 0; i < NW; i++) {
    unsigned wv = i / 32, lane = i % 32;
    uint32_t v;
    switch (wv) {
    case 0: v = 0x12345678u; break;                                   /* all equal */
    case 1: v = 0xffffffffu; break;                                   /* all equal, negative */
    case 2: v = lane; break;                                          /* all different */
    case 3: v = (uint32_t)(int32_t)rnd_range(-4, 3); break;           /* small, signed */
    case 4: v = lane == 17 ? 0x80000000u : 0x7fffffffu - lane; break; /* extremes */
    default: v = rnd32(); break;
    }
    wp_a[i] = v;
    wp_b[i] = rnd32();
    wp_c[i] = 0xdead0000u + i;
    static const uint64_t POOL[4] = { 0x0000000100000002ull, 0x0000000200000002ull, 0x0000000100000001ull, 0xfffffffe00000002ull };
    uint64_t x;
    switch (wv) {
    case 0: x = 0x123456789abcdef0ull; break;                                     /* all equal */
    case 1: x = (lane & 1 ? 0x1111111100000000ull : 0x2222222200000000ull) | 7; break; /* low halves equal */
    case 2: x = 0x5555555500000000ull | (lane % 3); break;                        /* high halves equal */
    default: x = POOL[rnd64() % 4]; break;
    }
    w64_a[i] = x;
    w64_b[i] = 0;
    w64_c[i] = 0xbeef0000u + i;
  }
}

static uint32_t ext8(uint32_t x, unsigned i, int s) { uint32_t b = (x >> (8 * i)) & 0xff; return s ? (uint32_t)(int32_t)sext_bits(b, 8) : b; }
static uint32_t ext16(uint32_t x, unsigned i, int s) { uint32_t h = (x >> (16 * i)) & 0xffff; return s ? (uint32_t)(int32_t)sext_bits(h, 16) : h; }

static uint32_t dp4a(uint32_t a, uint32_t b, uint32_t c, int sa, int sb) {
  uint32_t d = c;
  for (unsigned i = 0; i < 4; i++) d += ext8(a, i, sa) * ext8(b, i, sb);
  return d;
}
static uint32_t dp2a(uint32_t a, uint32_t b, uint32_t c, int sa, int sb, int hi) {
  uint32_t d = c;
  for (unsigned i = 0; i < 2; i++) d += ext16(a, i, sa) * ext8(b, i + (hi ? 2 : 0), sb);
  return d;
}

/* One warp's redux of a[0..31] over the lanes of mask. */
static uint32_t redux(const uint64_t *a, uint32_t mask, const char *op, int sgn) {
  int first = 1;
  uint32_t v = 0;
  for (unsigned l = 0; l < 32; l++) {
    if (!(mask >> l & 1)) continue;
    uint32_t x = (uint32_t)a[l];
    if (first) { v = x; first = 0; continue; }
    if (!strcmp(op, "add")) v += x;
    else if (!strcmp(op, "min")) v = sgn ? ((int32_t)x < (int32_t)v ? x : v) : (x < v ? x : v);
    else if (!strcmp(op, "max")) v = sgn ? ((int32_t)x > (int32_t)v ? x : v) : (x > v ? x : v);
    else if (!strcmp(op, "and")) v &= x;
    else if (!strcmp(op, "or")) v |= x;
    else v ^= x;
  }
  return v;
}

static void out_file(const char *name, const uint64_t *v, size_t n) {
  char file[128];
  snprintf(file, sizeof file, "%s.bin", name);
  ref_write(file, v, n, 4);
}

int main(int argc, char **argv) {
  ref_init(argc, argv);
  make_inputs();
  ref_write("dp_a.bin", dp_a, NDP, 4); ref_write("dp_b.bin", dp_b, NDP, 4); ref_write("dp_c.bin", dp_c, NDP, 4);
  ref_write("wp_a.bin", wp_a, NW, 4); ref_write("wp_b.bin", wp_b, NW, 4); ref_write("wp_c.bin", wp_c, NW, 4);
  ref_write("w64_a.bin", w64_a, NW, 8); ref_write("w64_b.bin", w64_b, NW, 4); ref_write("w64_c.bin", w64_c, NW, 4);
  static uint64_t o[NDP];
  size_t variants = 0, cases = 0;
  const char *su = "us";
  for (int x = 0; x < 2; x++)
    for (int y = 0; y < 2; y++) {
      char name[64];
      for (unsigned i = 0; i < NDP; i++) o[i] = dp4a((uint32_t)dp_a[i], (uint32_t)dp_b[i], (uint32_t)dp_c[i], x, y);
      snprintf(name, sizeof name, "dp4a_%c%c", su[x], su[y]);
      out_file(name, o, NDP); variants++; cases += NDP;
      for (int hi = 0; hi < 2; hi++) {
        for (unsigned i = 0; i < NDP; i++) o[i] = dp2a((uint32_t)dp_a[i], (uint32_t)dp_b[i], (uint32_t)dp_c[i], x, y, hi);
        snprintf(name, sizeof name, "dp2a_%s_%c%c", hi ? "hi" : "lo", su[x], su[y]);
        out_file(name, o, NDP); variants++; cases += NDP;
      }
    }
  for (unsigned i = 0; i < NDP; i++) o[i] = dp4a((uint32_t)dp_a[i], 0x80ff017fu, (uint32_t)-5, 1, 1);
  out_file("dp4a_imm", o, NDP); variants++; cases += NDP;
  static const struct { const char *op, *t; int sgn; } R[] = {
    { "add", "u32", 0 }, { "add", "s32", 1 }, { "min", "u32", 0 }, { "min", "s32", 1 }, { "max", "u32", 0 },
    { "max", "s32", 1 }, { "and", "b32", 0 }, { "or", "b32", 0 }, { "xor", "b32", 0 },
  };
  for (size_t r = 0; r < NE(R); r++) {
    for (unsigned i = 0; i < NW; i++) o[i] = redux(&wp_a[i / 32 * 32], 0xffffffffu, R[r].op, R[r].sgn);
    char name[64];
    snprintf(name, sizeof name, "redux_%s_%s", R[r].op, R[r].t);
    out_file(name, o, NW); variants++; cases += NW;
  }
  for (unsigned i = 0; i < NW; i++) o[i] = i % 4 ? redux(&wp_a[i / 32 * 32], 0xeeeeeeeeu, "min", 1) : wp_c[i];
  out_file("redux_min_s32_part", o, NW); variants++; cases += NW;
  /* match.any on a & 3 (32-bit) and on a (64-bit); within the members of mask */
  for (int which = 0; which < 3; which++) {
    uint32_t mask = which == 2 ? 0xeeeeeeeeu : 0xffffffffu;
    for (unsigned i = 0; i < NW; i++) {
      const unsigned base = i / 32 * 32;
      if (!(mask >> (i % 32) & 1)) { o[i] = which == 2 ? wp_c[i] : 0; continue; }
      uint32_t d = 0;
      for (unsigned l = 0; l < 32; l++) {
        if (!(mask >> l & 1)) continue;
        int eq = which == 0 ? (wp_a[base + l] & 3) == (wp_a[i] & 3) : which == 1 ? w64_a[base + l] == w64_a[i] : (wp_a[base + l] & 1) == (wp_a[i] & 1);
        if (eq) d |= 1u << l;
      }
      o[i] = d;
    }
    static const char *const names[] = { "match_any_b32", "match_any_b64", "match_any_part" };
    out_file(names[which], o, NW); variants++; cases += NW;
  }
  /* match.all: d = membermask and p = 1 when every member's a is equal, else d = 0, p = 0 */
  for (int wide = 0; wide < 2; wide++) {
    for (unsigned i = 0; i < NW; i++) {
      const unsigned base = i / 32 * 32;
      int all = 1;
      for (unsigned l = 0; l < 32; l++) all &= wide ? w64_a[base + l] == w64_a[base] : wp_a[base + l] == wp_a[base];
      o[i] = wide ? (uint64_t)all : (all ? 0xffffffffu ^ 0x5a00u : 0);
    }
    out_file(wide ? "match_all_b64" : "match_all_b32", o, NW); variants++; cases += NW;
  }
  /* elect: the lowest member lane */
  for (unsigned i = 0; i < NW; i++) o[i] = (i % 32 == 0 ? 256u : 0u) | 0u;
  out_file("elect_full", o, NW); variants++; cases += NW;
  for (unsigned i = 0; i < NW; i++) o[i] = i % 32 % 3 == 2 ? (2u | (i % 32 == 2 ? 256u : 0u)) : wp_c[i];
  out_file("elect_part", o, NW); variants++; cases += NW;
  for (unsigned i = 0; i < NW; i++) o[i] = i % 32 == 0;
  out_file("elect_sink", o, NW); variants++; cases += NW;
  printf("warp_int: %zu variants, %zu cases\n", variants, cases);
  return 0;
}
