/* Reference for tests/emu/insn/intsimd: fns, szext, bmsk, the SIMD video instructions and the packed
 * 16-bit integer types, from the PTX ISA 9.0's pseudocode (§9.7.1 "fns", "szext", "bmsk"; §9.7.18.2
 * "vadd2 ... vmax2", "vset2", "vadd4 ... vmax4", "vset4"; §9.7.1 "add", "min", "max" on .u16x2 and
 * .s16x2), written here in the ISA's own terms (Va[i], Vb[i], t[i], mask0/mask1, ...):
 *   - video: Va, Vb: the elements of a and b (default selectors: a's in order, b's in order), each
 *     sign- or zero-extended by its operand's type; t[i] computed exactly; .sat clamps t[i] to the
 *     element range of dtype; without .add d's element i is t[i]'s low bits (mask .h10 / .b3210:
 *     every element written), with .add d = c + the sum of the t[i] (mod 2^32);
 *   - szext's "(sign_bit ? mask | 0)" read as "(sign_bit ? mask : 0)" (the ISA's example gives 0 for
 *     szext.wrap.u32 of 0xffffffff with 0, which only that reading does).
 * Nothing here is shared with emu/core/intops.c.  Writes DIR/{v,f,z}_{a,b,c}.bin and NAME.bin. */
#include "../ref_common.h"

enum { N = 1024 };
static uint64_t V[3][N], F[3][N], Z[3][N];

static uint32_t ref_fns(uint32_t mask, uint32_t base, int32_t offset) {
  uint32_t d = 0xffffffffu;
  /* offset = -2^31: |offset| does not fit an s32; an H200 gives 0 (tests/gpu/replay.c) */
  if (offset == INT32_MIN) return 0;
  if (offset == 0) {
    if ((mask >> base) & 1) d = base;
  } else {
    int64_t pos = base, count = llabs((long long)offset) - 1, inc = offset > 0 ? 1 : -1;
    while (pos >= 0 && pos < 32) {
      if ((mask >> pos) & 1) {
        if (count == 0) { d = (uint32_t)pos; break; }
        count = count - 1;
      }
      pos = pos + inc;
    }
  }
  return d;
}

static uint32_t ref_szext(uint32_t a, uint32_t b, int is_s32, int clamp) {
  uint32_t b1 = b & 0x1f;
  int too_large = b >= 32 && clamp;
  uint32_t mask = too_large ? 0 : (uint32_t)(~0u) << b1;
  uint32_t sign_pos = (b1 - 1) & 0x1f, sign_bit;
  if (b1 == 0 || too_large || !is_s32) sign_bit = 0;
  else sign_bit = (a >> sign_pos) & 1;
  return (a & ~mask) | (sign_bit ? mask : 0);
}

static uint32_t ref_bmsk(uint32_t a, uint32_t b, int clamp) {
  uint32_t a1 = a & 0x1f, mask0 = (uint32_t)(~0u) << a1, b1 = b & 0x1f, sum = a1 + b1;
  uint32_t mask1 = sum >= 32 ? 0 : (uint32_t)(~0u) << sum;   /* a shift by 32 or more is 0 in the ISA's arithmetic */
  int sum_overflow = sum >= 32, pos_overflow = 0, width_overflow = 0;
  if (clamp) {
    if (a >= 32) { pos_overflow = 1; mask0 = 0; }
    if (b >= 32) width_overflow = 1;
  }
  if (sum_overflow || pos_overflow || width_overflow) mask1 = 0;
  else if (b1 == 0) mask1 = ~0u;
  return mask0 & ~mask1;
}

/* extractAndSignExt: element i of n (2 halfwords or 4 bytes) */
static int64_t ext(uint32_t x, int n, int i, int is_signed) {
  int bits = 32 / n;
  uint64_t v = (x >> (bits * i)) & ((1ull << bits) - 1);
  if (is_signed && (v >> (bits - 1))) return (int64_t)v - (int64_t)(1ull << bits);
  return (int64_t)v;
}

enum { VADD, VSUB, VAVRG, VABSDIFF, VMIN, VMAX, VSET };
enum { EQ, NE, LT, LE, GT, GE };

static uint32_t ref_video(int vop, int n, int dsigned, int asigned, int bsigned, int sat, int add, int cmp, uint32_t a, uint32_t b, uint32_t c) {
  int64_t Va[4], Vb[4], Vc[4], t[4];
  for (int i = 0; i < n; i++) { Va[i] = ext(a, n, i, asigned); Vb[i] = ext(b, n, i, bsigned); Vc[i] = ext(c, n, i, 0); }
  int bits = 32 / n;
  for (int i = 0; i < n; i++) {
    switch (vop) {
    case VADD: t[i] = Va[i] + Vb[i]; break;
    case VSUB: t[i] = Va[i] - Vb[i]; break;
    case VAVRG: t[i] = (Va[i] + Vb[i]) >= 0 ? (Va[i] + Vb[i] + 1) >> 1 : (Va[i] + Vb[i]) >> 1; break;
    case VABSDIFF: t[i] = Va[i] > Vb[i] ? Va[i] - Vb[i] : Vb[i] - Va[i]; break;
    case VMIN: t[i] = Va[i] < Vb[i] ? Va[i] : Vb[i]; break;
    case VMAX: t[i] = Va[i] > Vb[i] ? Va[i] : Vb[i]; break;
    default: {
      int r = cmp == EQ ? Va[i] == Vb[i] : cmp == NE ? Va[i] != Vb[i] : cmp == LT ? Va[i] < Vb[i]
            : cmp == LE ? Va[i] <= Vb[i] : cmp == GT ? Va[i] > Vb[i] : Va[i] >= Vb[i];
      t[i] = r ? 1 : 0;
    }
    }
    if (sat) {
      int64_t lo = dsigned ? -(1ll << (bits - 1)) : 0, hi = dsigned ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
      if (t[i] < lo) t[i] = lo;
      if (t[i] > hi) t[i] = hi;
    }
  }
  if (add) {
    uint64_t d = c;
    for (int i = 0; i < n; i++) d += (uint64_t)t[i];
    return (uint32_t)d;
  }
  uint32_t d = 0;
  for (int i = 0; i < n; i++) d |= (uint32_t)((uint64_t)t[i] & ((1ull << bits) - 1)) << (bits * i);
  (void)Vc;
  return d;
}

static uint32_t ref_x2(const char *op, int is_signed, int relu, uint32_t a, uint32_t b) {
  uint32_t d = 0;
  for (int i = 0; i < 2; i++) {
    int64_t iA = ext(a, 2, i, is_signed), iB = ext(b, 2, i, is_signed), r;
    if (!strcmp(op, "add")) r = iA + iB;
    else if (!strcmp(op, "min")) r = iA < iB ? iA : iB;
    else r = iA > iB ? iA : iB;
    if (relu && r < 0) r = 0;
    d |= (uint32_t)(r & 0xffff) << (16 * i);
  }
  return d;
}

static uint32_t edge16(unsigned k) { static const uint32_t e[] = { 0, 0xffff, 0x8000, 0x7fff, 1, 0xfffe, 0x8001, 0x00ff }; return e[k % 8]; }
static uint32_t edge8(unsigned k) { static const uint32_t e[] = { 0, 0xff, 0x80, 0x7f, 1, 0xfe, 0x81, 0x0f }; return e[k % 8]; }

int main(int argc, char **argv) {
  ref_init(argc, argv);
  /* set v: edge halfwords pairwise (64), edge bytes pairwise (64 x 2 patterns), then random */
  for (unsigned i = 0; i < N; i++) {
    uint32_t a, b;
    if (i < 64) { a = edge16(i / 8) | edge16(i % 8) << 16; b = edge16(i % 8) | edge16(i / 8 + 3) << 16; }
    else if (i < 192) {
      unsigned k = i - 64;
      a = edge8(k / 8) | edge8(k % 8) << 8 | edge8(k / 8 + 1) << 16 | edge8(k % 8 + 5) << 24;
      b = edge8(k % 8) | edge8(k / 8) << 8 | edge8(k + 2) << 16 | edge8(k / 16) << 24;
    } else { a = rnd32(); b = rnd32(); }
    V[0][i] = a; V[1][i] = b; V[2][i] = i < 32 ? (i & 1 ? 0xffffffffu : 0) : rnd32();
  }
  /* set f */
  for (unsigned i = 0; i < N; i++) {
    static const uint32_t masks[] = { 0, 0xffffffffu, 0xaaaaaaaau, 0x55555555u, 1, 0x80000000u, 0x00010000u, 0xf000000fu };
    F[0][i] = i < 256 ? masks[i % 8] : rnd32();
    F[1][i] = i < 256 ? (i / 8) % 32 : rnd32() % 32;
    int32_t off = i % 37 == 0 ? 0 : (int32_t)rnd_range(-40, 40);
    if (i % 101 == 7) off = INT32_MIN;
    if (i % 101 == 8) off = INT32_MAX;
    F[2][i] = (uint32_t)off;
  }
  /* set z */
  for (unsigned i = 0; i < N; i++) {
    static const uint32_t as[] = { 0, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80u, 0x12345678u, 0xfedcba98u, 1 };
    static const uint32_t bs[] = { 63, 64, 0x80000000u, 0xffffffffu };
    Z[0][i] = i < 512 ? as[i % 8] : rnd32();
    Z[1][i] = i % 45 < 41 ? i % 45 : bs[i % 45 - 41];
    Z[2][i] = 0;
  }
  const char *sn = "vfz";
  uint64_t (*sets[3])[N] = { V, F, Z };
  for (int s = 0; s < 3; s++)
    for (int o = 0; o < 3; o++) {
      char nm[16];
      snprintf(nm, sizeof nm, "%c_%c.bin", sn[s], "abc"[o]);
      ref_write(nm, sets[s][o], N, 4);
    }
  static const struct { const char *name; char set; int kind; int vop, n, ds, as, bs, sat, add, cmp; const char *x2op; int x2s, relu; } T[] = {
    { "fns_b32", 'f', 0 }, { "szext_clamp_s32", 'z', 1, 1, 1 }, { "szext_wrap_s32", 'z', 1, 0, 1 },
    { "szext_clamp_u32", 'z', 1, 1, 0 }, { "szext_wrap_u32", 'z', 1, 0, 0 },
    { "bmsk_clamp", 'z', 2, 1 }, { "bmsk_wrap", 'z', 2, 0 },
    { "vadd2_u", 'v', 3, VADD, 2, 0, 0, 0, 0, 0 }, { "vadd2_s_sat", 'v', 3, VADD, 2, 1, 1, 1, 1, 0 },
    { "vsub2_s_u_s_sat", 'v', 3, VSUB, 2, 1, 0, 1, 1, 0 }, { "vavrg2_u_s_u", 'v', 3, VAVRG, 2, 0, 1, 0, 0, 0 },
    { "vabsdiff2_add", 'v', 3, VABSDIFF, 2, 0, 0, 0, 0, 1 }, { "vmin2_s", 'v', 3, VMIN, 2, 1, 1, 1, 0, 0 },
    { "vmax2_u_sat", 'v', 3, VMAX, 2, 0, 0, 0, 1, 0 }, { "vset2_s_u_ge", 'v', 3, VSET, 2, 0, 1, 0, 0, 0, GE },
    { "vset2_ne_add", 'v', 3, VSET, 2, 0, 0, 0, 0, 1, NE }, { "vadd4_u_sat", 'v', 3, VADD, 4, 0, 0, 0, 1, 0 },
    { "vsub4_s_sat", 'v', 3, VSUB, 4, 1, 1, 1, 1, 0 }, { "vavrg4_s", 'v', 3, VAVRG, 4, 1, 1, 1, 0, 0 },
    { "vabsdiff4_add", 'v', 3, VABSDIFF, 4, 0, 0, 0, 0, 1 }, { "vabsdiff4_s", 'v', 3, VABSDIFF, 4, 1, 1, 1, 0, 0 },
    { "vmin4_u_s_s", 'v', 3, VMIN, 4, 0, 1, 1, 0, 0 }, { "vmax4_s_add", 'v', 3, VMAX, 4, 1, 1, 1, 0, 1 },
    { "vset4_s_lt", 'v', 3, VSET, 4, 0, 1, 1, 0, 0, LT }, { "vset4_eq_add", 'v', 3, VSET, 4, 0, 0, 0, 0, 1, EQ },
    { "add_u16x2", 'v', 4, .x2op = "add", .x2s = 0 }, { "add_s16x2", 'v', 4, .x2op = "add", .x2s = 1 },
    { "min_u16x2", 'v', 4, .x2op = "min", .x2s = 0 }, { "min_s16x2", 'v', 4, .x2op = "min", .x2s = 1 },
    { "max_u16x2", 'v', 4, .x2op = "max", .x2s = 0 }, { "max_relu_s16x2", 'v', 4, .x2op = "max", .x2s = 1, .relu = 1 },
    { "min_relu_s16x2", 'v', 4, .x2op = "min", .x2s = 1, .relu = 1 },
    { "min_relu_s32", 'v', 5, .x2op = "min" }, { "max_relu_s32", 'v', 5, .x2op = "max" },
  };
  static uint64_t out[N];
  for (size_t k = 0; k < sizeof T / sizeof T[0]; k++) {
    uint64_t (*in)[N] = T[k].set == 'v' ? V : T[k].set == 'f' ? F : Z;
    for (unsigned i = 0; i < N; i++) {
      uint32_t a = (uint32_t)in[0][i], b = (uint32_t)in[1][i], c = (uint32_t)in[2][i];
      switch (T[k].kind) {
      case 0: out[i] = ref_fns(a, b, (int32_t)c); break;
      case 1: out[i] = ref_szext(a, b, T[k].n, T[k].vop); break;   /* szext, bmsk: vop is .clamp, n .s32 */
      case 2: out[i] = ref_bmsk(a, b, T[k].vop); break;
      case 3: out[i] = ref_video(T[k].vop, T[k].n, T[k].ds, T[k].as, T[k].bs, T[k].sat, T[k].add, T[k].cmp, a, b, c); break;
      case 4: out[i] = ref_x2(T[k].x2op, T[k].x2s, T[k].relu, a, b); break;
      default: {
        int32_t x = (int32_t)a, y = (int32_t)b, r = !strcmp(T[k].x2op, "min") ? (x < y ? x : y) : (x > y ? x : y);
        out[i] = (uint32_t)(r < 0 ? 0 : r);
      }
      }
    }
    char nm[64];
    snprintf(nm, sizeof nm, "%s.bin", T[k].name);
    ref_write(nm, out, N, 4);
  }
  printf("intsimd: %zu variants, %u cases each\n", sizeof T / sizeof T[0], N);
  return 0;
}
