/* Reference for examples/saxpy (kernel saxpy): y[i] = fma(x[i], a, y[i]).
 * PTX: fma.rn.f32 %f4, %f2(x), %f1(a), %f3(y).
 * Build: cc -std=c11 -O2 -ffp-contract=off ref.c -lm    Usage: ref OUTDIR
 * Writes x.bin, y.bin (inputs) and y_expected.bin (f32, little-endian). */
#include "../ref_common.h"
#include <math.h>

#ifndef N
#define N 1000
#endif

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float x[N], y[N], want[N];
    const float a = 2.5f;

    rng_seed(0x5a0c01);
    for (int i = 0; i < N; i++) {
        x[i] = rng_float(-100.0f, 100.0f);
        y[i] = rng_float(-100.0f, 100.0f);
    }
    for (int i = 0; i < N; i++)
        want[i] = fmaf(x[i], a, y[i]);

    write_f32("x.bin", x, N);
    write_f32("y.bin", y, N);
    write_f32("y_expected.bin", want, N);
    return 0;
}
