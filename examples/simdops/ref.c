/* Reference for examples/simdops (CPU; each intrinsic as the CUDA Math API documents it, fns as
 * the PTX ISA's pseudocode defines it), for n = 1000 threads:
 *   out[10 i + 0] = __fns(x, i % 32, y % 9 - 4): the position of the |offset|-th one bit of x
 *                   counted from bit base upwards (offset > 0) or downwards (< 0), base itself
 *                   when offset is 0 and that bit is one; 0xffffffff when there is none
 *   [1] __vsadu4: the sum of |x - y| over the four unsigned bytes
 *   [2] __vsadu2: the sum of |x - y| over the two unsigned halfwords
 *   [3] __vabsdiffu4: |x - y| per unsigned byte
 *   [4] __vadd2: x + y per halfword, wrapping
 *   [5] __vmaxs2: the larger per signed halfword
 *   [6] __vminu2: the smaller per unsigned halfword
 *   [7] __vimax3_s16x2_relu(x, y, x ^ y): max(x, y, x ^ y, 0) per signed halfword
 *   [8] __vimax_s32_relu: max(x, y, 0) as signed words
 *   [9] __vhaddu4: (x + y) >> 1 per unsigned byte (rounded down, no overflow)
 * window: out[i] = the sum over r = 0, 1, 2 and k < len = 1 + (i + r) % 7 of
 * a[(i + k + r) % n] * (k + 1), unsigned (wrapping).
 * Inputs: random words, and edge values in the first 16 (0, all ones, 0x8000 and 0x7fff
 * halfwords, 0x80 and 0x7f bytes, single bits).  Writes DIR/x.bin, y.bin and the expected outputs. */
#include "../ref_common.h"

enum { N = 1000 };

static uint32_t byte(uint32_t v, int k) { return v >> (8 * k) & 0xff; }
static uint32_t half(uint32_t v, int k) { return v >> (16 * k) & 0xffff; }
static int32_t shalf(uint32_t v, int k) { return (int16_t)half(v, k); }
static uint32_t absdiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }

static uint32_t fns(uint32_t mask, int base, int offset)
{
    if (offset == 0) return mask >> base & 1 ? (uint32_t)base : 0xffffffffu;
    int count = (offset < 0 ? -offset : offset) - 1, inc = offset > 0 ? 1 : -1;
    for (int pos = base; pos >= 0 && pos < 32; pos += inc)
        if (mask >> pos & 1) { if (count == 0) return (uint32_t)pos; count--; }
    return 0xffffffffu;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static uint32_t x[N], y[N], out[10 * N], win[N];
    rng_seed(0x51d0);
    for (int i = 0; i < N; i++) { x[i] = rng_u32(); y[i] = rng_u32(); }
    static const uint32_t edge[16] = { 0, 0xffffffffu, 0x80008000u, 0x7fff7fffu, 0x80808080u, 0x7f7f7f7fu,
                                       1, 0x80000000u, 0x0000ffffu, 0xffff0000u, 0x00ff00ffu, 0xff00ff00u,
                                       0x7fff8000u, 0x80007fffu, 0x01010101u, 0xfefefefeu };
    for (int i = 0; i < 16; i++) { x[i] = edge[i]; y[i] = edge[15 - i]; }
    x[16] = y[16] = 0x12345678u;   /* equal: differences 0 */
    for (int i = 0; i < N; i++) {
        uint32_t a = x[i], b = y[i], *o = out + 10 * i, r;
        o[0] = fns(a, i % 32, (int)(b % 9) - 4);
        o[1] = 0; for (int k = 0; k < 4; k++) o[1] += absdiff(byte(a, k), byte(b, k));
        o[2] = absdiff(half(a, 0), half(b, 0)) + absdiff(half(a, 1), half(b, 1));
        r = 0; for (int k = 0; k < 4; k++) r |= absdiff(byte(a, k), byte(b, k)) << (8 * k);
        o[3] = r;
        r = 0; for (int k = 0; k < 2; k++) r |= ((half(a, k) + half(b, k)) & 0xffff) << (16 * k);
        o[4] = r;
        r = 0; for (int k = 0; k < 2; k++) { int32_t m = shalf(a, k) > shalf(b, k) ? shalf(a, k) : shalf(b, k); r |= ((uint32_t)m & 0xffff) << (16 * k); }
        o[5] = r;
        r = 0; for (int k = 0; k < 2; k++) r |= (half(a, k) < half(b, k) ? half(a, k) : half(b, k)) << (16 * k);
        o[6] = r;
        r = 0;
        for (int k = 0; k < 2; k++) {
            int32_t m = shalf(a, k);
            if (shalf(b, k) > m) m = shalf(b, k);
            if (shalf(a ^ b, k) > m) m = shalf(a ^ b, k);
            if (m < 0) m = 0;
            r |= (uint32_t)m << (16 * k);
        }
        o[7] = r;
        int32_t s = (int32_t)a > (int32_t)b ? (int32_t)a : (int32_t)b;
        o[8] = (uint32_t)(s < 0 ? 0 : s);
        r = 0; for (int k = 0; k < 4; k++) r |= ((byte(a, k) + byte(b, k)) >> 1) << (8 * k);
        o[9] = r;
    }
    for (int i = 0; i < N; i++) {
        uint32_t total = 0;
        for (int r = 0; r < 3; r++) {
            int len = 1 + (i + r) % 7;
            for (int k = 0; k < len; k++) total += x[(i + k + r) % N] * (uint32_t)(k + 1);
        }
        win[i] = total;
    }
    write_u32("x.bin", x, N);
    write_u32("y.bin", y, N);
    write_u32("out_expected.bin", out, 10 * N);
    write_u32("win_expected.bin", win, N);
    return 0;
}
