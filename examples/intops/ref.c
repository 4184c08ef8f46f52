/* Reference for examples/intops (kernel intops): integer and bit intrinsics.
 * N = 2100: launch grid 9, block 256 (204 idle threads); i up to 2099 makes the prmt
 * selector 0x3210 ^ (i & 0x0707) take all 8 values in both nibbles it varies.
 * Semantics as in the PTX (wrapping arithmetic; abs(INT_MIN) = INT_MIN; clz/brev/popc;
 * bfind.shiftamt(brev(x)) + 1 = ffs(x); shf.l/r.wrap with amount s & 31; mul.hi.s32;
 * div/rem u32; div.s32 with the remainder as s - (s/t)*t; min/max s32 and u32;
 * out64: mul.wide.u32, mul.hi.u64 ^ ffsll, s64 division + clz.b64 + brev.b64).
 * Inputs include 0, 1, 0xffffffff, 0x80000000, INT_MIN, INT_MAX, -1 in every operand.
 * Writes a.bin, b.bin (u32), si.bin (s32), out_expected.bin (u32 x 16N),
 * out64_expected.bin (u64 x 3N). */
#include "../ref_common.h"

#define N 2100

static uint32_t popc32(uint32_t x) { uint32_t c = 0; while (x) { c += x & 1; x >>= 1; } return c; }
static uint32_t popc64(uint64_t x) { uint32_t c = 0; while (x) { c += (uint32_t)(x & 1); x >>= 1; } return c; }
static uint32_t clz32(uint32_t x) { uint32_t c = 0; for (int b = 31; b >= 0 && !((x >> b) & 1); b--) c++; return c; }
static uint32_t clz64(uint64_t x) { uint32_t c = 0; for (int b = 63; b >= 0 && !((x >> b) & 1); b--) c++; return c; }
static uint32_t brev32(uint32_t x) { uint32_t r = 0; for (int b = 0; b < 32; b++) r |= ((x >> b) & 1u) << (31 - b); return r; }
static uint64_t brev64(uint64_t x) { uint64_t r = 0; for (int b = 0; b < 64; b++) r |= ((x >> b) & 1u) << (63 - b); return r; }
static uint32_t ffs32(uint32_t x) { for (uint32_t b = 0; b < 32; b++) if ((x >> b) & 1) return b + 1; return 0; }
static uint32_t ffs64(uint64_t x) { for (uint32_t b = 0; b < 64; b++) if ((x >> b) & 1) return b + 1; return 0; }

/* prmt.b32 default mode: bytes 0-3 from a, 4-7 from b; selector nibble bit 3 = sign replicate */
static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t src = ((uint64_t)b << 32) | a;
    uint32_t r = 0;
    for (int n = 0; n < 4; n++) {
        uint32_t sel = (c >> (4 * n)) & 0xf;
        uint32_t byte = (uint32_t)(src >> (8 * (sel & 7))) & 0xff;
        if (sel & 8)
            byte = (byte & 0x80) ? 0xff : 0;
        r |= byte << (8 * n);
    }
    return r;
}

/* shf.l.wrap: upper 32 bits of (hi:lo) << (n & 31); shf.r.wrap: lower 32 bits of >> */
static uint32_t shf_l(uint32_t lo, uint32_t hi, uint32_t n)
{
    uint64_t v = ((uint64_t)hi << 32) | lo;
    return (uint32_t)((v << (n & 31)) >> 32);
}
static uint32_t shf_r(uint32_t lo, uint32_t hi, uint32_t n)
{
    uint64_t v = ((uint64_t)hi << 32) | lo;
    return (uint32_t)(v >> (n & 31));
}

static uint64_t umulhi64(uint64_t a, uint64_t b)
{
    uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

static int32_t smin(int32_t a, int32_t b) { return a < b ? a : b; }
static int32_t smax(int32_t a, int32_t b) { return a > b ? a : b; }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static uint32_t a[N], b[N], out[16 * N];
    static int32_t si[N];
    static uint64_t out64[3 * N];

    rng_seed(0x1e7095);
    for (int i = 0; i < N; i++) {
        a[i] = rng_u32();
        b[i] = rng_u32();
        si[i] = (int32_t)rng_u32();
        /* small magnitudes too, so divisions and shifts give varied results */
        if (i % 5 == 1) a[i] >>= rng_int(0, 31);
        if (i % 7 == 2) b[i] >>= rng_int(8, 31);
        if (i % 3 == 0) si[i] >>= rng_int(0, 31);
    }
    const uint32_t sp_u[] = { 0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 2, 0x00ff0000u };
    const int32_t sp_s[] = { 0, 1, -1, -2147483647 - 1, 2147483647, 31, 32, 33, -32, 64 };
    int k = 0;
    for (int p = 0; p < 7; p++)
        for (int q = 0; q < 7; q++)
            for (int r = 0; r < 10; r++, k++) {
                int i = 11 + 3 * k;                /* 490 combinations, spread over i */
                if (i >= N) break;
                a[i] = sp_u[p];
                b[i] = sp_u[q];
                si[i] = sp_s[r];
            }

    for (int i = 0; i < N; i++) {
        uint32_t x = a[i];
        uint32_t y = b[i] | 1u;
        int32_t s = si[i];
        uint32_t us = (uint32_t)s;
        int32_t t = (int32_t)(y & 0x7fffu) + 1;
        uint32_t *o = out + 16 * (size_t)i;

        o[0] = popc32(x);
        o[1] = clz32(x);
        o[2] = brev32(x);
        o[3] = ffs32(x);
        o[4] = prmt(x, y, 0x3210u ^ ((uint32_t)i & 0x0707u));
        o[5] = (x >> (y & 15)) & 0xffu;
        o[6] = (x & ~(0xffu << 8)) | ((y & 0xffu) << 8);
        o[7] = shf_l(x, y, us);
        o[8] = shf_r(x, y, us);
        o[9] = (uint32_t)((uint64_t)((int64_t)s * (int64_t)(int32_t)x) >> 32); /* mul.hi.s32 */
        o[10] = x / y;
        o[11] = (x ^ 0x5a5a5a5au) % y;
        int32_t q = s / t;                       /* t >= 1: no overflow */
        o[12] = (uint32_t)q;
        o[13] = us - (uint32_t)q * (uint32_t)t;
        int32_t mm = smax(smin(s, (int32_t)y), -t);
        uint32_t mx = x > y ? x : y, mn = x < y ? x : y;
        o[14] = (uint32_t)mm + mx - mn;
        uint32_t abss = s < 0 ? 0u - us : us;    /* abs.s32 wraps for INT_MIN */
        o[15] = abss + popc64(((uint64_t)x << 32) | y);

        uint64_t wide = (uint64_t)x * y;
        int64_t swide = (int64_t)s * (int64_t)(int32_t)x;
        out64[3 * i + 0] = wide;
        out64[3 * i + 1] = umulhi64(wide, (uint64_t)swide) ^ (uint64_t)ffs64((uint64_t)swide);
        out64[3 * i + 2] = (uint64_t)(swide / (int64_t)t) + (uint64_t)clz64(wide) + brev64(wide);
    }

    write_u32("a.bin", a, N);
    write_u32("b.bin", b, N);
    write_i32("si.bin", si, N);
    write_u32("out_expected.bin", out, 16 * N);
    write_u64("out64_expected.bin", out64, 3 * N);
    return 0;
}
