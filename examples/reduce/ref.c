/* Reference for examples/reduce (kernel reduce_sum): per-block tree sum.
 * Launch: grid = ceil(N / 512), block = 256 (BLOCK in the .cu; sdata has 256 floats).
 * PTX order: v = in[i] (or 0); v = add.f32(v, in[i + 256]); then for s = 128..1:
 * sdata[t] = add.f32(sdata[t + s], sdata[t]) (add is commutative, so the operand
 * order does not matter; the tree shape does).
 * Writes in.bin, partial_expected.bin (f32). */
#include "../ref_common.h"
#include <math.h>

#define N      50000
#define BLOCK  256
#define GRID   ((N + 2 * BLOCK - 1) / (2 * BLOCK))   /* 98 */

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float in[N], partial[GRID];

    rng_seed(0x7ed0ce);
    for (int i = 0; i < N; i++) {
        /* magnitudes spread over 2^-8 .. 2^8 so the summation order shows in the bits */
        float m = rng_float(-1.0f, 1.0f);
        int e = rng_int(-8, 8);
        in[i] = ldexpf(m, e);
    }

    for (unsigned b = 0; b < GRID; b++) {
        float s[BLOCK];
        for (unsigned t = 0; t < BLOCK; t++) {
            unsigned i = b * (BLOCK * 2) + t;
            float v = 0.0f;
            if (i < N)
                v = in[i];
            if (i + BLOCK < N) {
                float w = in[i + BLOCK];
                v = v + w;
            }
            s[t] = v;
        }
        for (unsigned st = BLOCK / 2; st > 0; st >>= 1)
            for (unsigned t = 0; t < st; t++) {
                float r = s[t + st] + s[t];
                s[t] = r;
            }
        partial[b] = s[0];
    }

    write_f32("in.bin", in, N);
    write_f32("partial_expected.bin", partial, GRID);
    return 0;
}
