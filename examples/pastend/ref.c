/* Reference for examples/pastend (CPU): out[i] = 0.25 l + 0.5 c + 0.25 r with l = a[i-1] and
 * r = a[i+1] inside [0, n), c at the edges; computed as nvcc's PTX does it (see pastend.ptx:
 * mul, then fma, then fma, each rounded once).  Writes DIR/a.bin and DIR/out_expected.bin. */
#include "../ref_common.h"
#include <math.h>

enum { N = 1000 };

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float a[N], out[N];
    rng_seed(0x9a57e2d);
    for (int i = 0; i < N; i++) a[i] = rng_float(-10.0f, 10.0f);
    for (int i = 0; i < N; i++) {
        float l = i ? a[i - 1] : a[i], c = a[i], r = i < N - 1 ? a[i + 1] : a[i];
        out[i] = fmaf(r, 0.25f, fmaf(c, 0.5f, l * 0.25f));
    }
    write_f32("a.bin", a, N);
    write_f32("out_expected.bin", out, N);
    return 0;
}
