/* Reference for examples/warpops (CPU, from the PTX ISA's definitions of dp4a, dp2a, redux.sync
 * and match.sync, and the CUDA semantics of the intrinsics warpops.cu calls).
 * int8_dot: ROWS rows of K4 packed int8x4 words, one warp per row (grid 25 x 256 = 200 warps
 * for 197 rows: the last 3 warps exit at once); the sums wrap at 32 bits as the GPU's.
 * warp_stats: N = 2048 values (64 warps) of kinds that make each reduction and match say
 * something: all equal, equal keys in groups, random, extremes.
 * Writes OUTDIR/{a,x,v,key}.bin (inputs) and the expected outputs. */
#include "../ref_common.h"

enum { ROWS = 197, K4 = 77, N = 2048 };

static uint32_t ext8(uint32_t x, int i, int s) { uint32_t b = (x >> (8 * i)) & 0xff; return s ? (uint32_t)(int32_t)(int8_t)b : b; }
static uint32_t ext16(uint32_t x, int i, int s) { uint32_t h = (x >> (16 * i)) & 0xffff; return s ? (uint32_t)(int32_t)(int16_t)h : h; }
static uint32_t dp4a(uint32_t a, uint32_t b, uint32_t c, int sa, int sb) {
    for (int i = 0; i < 4; i++) c += ext8(a, i, sa) * ext8(b, i, sb);
    return c;
}
static uint32_t dp2a(uint32_t a, uint32_t b, uint32_t c, int sa, int sb, int hi) {
    for (int i = 0; i < 2; i++) c += ext16(a, i, sa) * ext8(b, i + 2 * hi, sb);
    return c;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static uint32_t a[ROWS * K4], x[K4], out4[4 * ROWS], v[N], stats[8 * (N / 32)], same[N], samekey[N];
    static int32_t out[ROWS];
    static uint64_t key[N];
    rng_seed(0xd9a4);
    for (int i = 0; i < ROWS * K4; i++) a[i] = rng_u32();
    for (int j = 0; j < K4; j++) x[j] = rng_u32();
    a[0] = 0x80808080u; x[0] = 0x80808080u;   /* (-128)^2 four times */
    a[1] = 0x7f7f7f7fu; x[1] = 0xffffffffu;
    for (int r = 0; r < ROWS; r++) {
        uint32_t s = 0, u = 0, m = 0, lo = 0, hi = 0;
        for (int j = 0; j < K4; j++) {   /* the order does not matter: the sums wrap */
            uint32_t av = a[r * K4 + j], xv = x[j];
            s = dp4a(av, xv, s, 1, 1);
            u = dp4a(av, xv, u, 0, 0);
            m = dp4a(av, xv, m, 1, 0);
            lo = dp2a(av, xv, lo, 1, 1, 0);
            hi = dp2a(av, xv, hi, 0, 0, 1);
        }
        out[r] = (int32_t)s;
        out4[4 * r] = u; out4[4 * r + 1] = m; out4[4 * r + 2] = lo; out4[4 * r + 3] = hi;
    }
    for (int i = 0; i < N; i++) {
        int w = i / 32, lane = i % 32;
        switch (w % 8) {
        case 0: v[i] = 0x1234u; key[i] = 0xabcdef0012345678ull; break;                      /* the warp agrees */
        case 1: v[i] = (uint32_t)-5; key[i] = (uint64_t)(lane % 3) << 32; break;           /* keys differ in the high half */
        case 2: v[i] = (uint32_t)lane; key[i] = 7 + (lane & 1); break;
        case 3: v[i] = lane == 9 ? 0x80000000u : 0x7fffffffu; key[i] = 1; break;
        default: v[i] = rng_u32(); key[i] = rng_u64() % 4 * 0x100000001ull; break;          /* four keys */
        }
    }
    for (int w = 0; w < N / 32; w++) {
        const uint32_t *vw = v + 32 * w;
        const uint64_t *kw = key + 32 * w;
        int32_t mn = (int32_t)vw[0];
        uint32_t mx = vw[0], an = vw[0], o = vw[0], xo = vw[0];
        int all_v = 1, all_k = 1;
        for (int l = 1; l < 32; l++) {
            if ((int32_t)vw[l] < mn) mn = (int32_t)vw[l];
            if (vw[l] > mx) mx = vw[l];
            an &= vw[l]; o |= vw[l]; xo ^= vw[l];
            all_v &= vw[l] == vw[0];
            all_k &= kw[l] == kw[0];
        }
        uint32_t *st = stats + 8 * w;
        st[0] = (uint32_t)mn; st[1] = mx; st[2] = an; st[3] = o; st[4] = xo;
        st[5] = (all_v ? 0xffffffffu : 0) | (uint32_t)all_v;
        st[6] = (all_k ? 0xffffffffu : 0) ^ (uint32_t)all_k;
        st[7] = 0x5a5a5a5au;
        for (int l = 0; l < 32; l++) {
            uint32_t sm = 0, sk = 0;
            for (int j = 0; j < 32; j++) {
                if ((vw[j] & 7) == (vw[l] & 7)) sm |= 1u << j;
                if (kw[j] == kw[l]) sk |= 1u << j;
            }
            same[32 * w + l] = sm;
            samekey[32 * w + l] = sk;
        }
    }
    write_u32("a.bin", a, ROWS * K4);
    write_u32("x.bin", x, K4);
    write_i32("out_expected.bin", out, ROWS);
    write_u32("out4_expected.bin", out4, 4 * ROWS);
    write_u32("v.bin", v, N);
    write_u64("key.bin", key, N);
    write_u32("stats_expected.bin", stats, 8 * (N / 32));
    write_u32("same_expected.bin", same, N);
    write_u32("samekey_expected.bin", samekey, N);
    return 0;
}
