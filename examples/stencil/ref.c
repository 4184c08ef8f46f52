/* Reference for examples/stencil (kernel jacobi5): one weighted-Jacobi step, 5-point.
 * NX = 100, NY = 70, omega = 0.6875 (exact in binary, so "f32:0.6875" is unambiguous):
 * launch grid (7, 9), block (16, 8); partial blocks on the right and bottom edges.
 * PTX order: w = sub.f32(1.0, omega); t = add(add(add(in[idx-nx], in[idx+nx]),
 * in[idx-1]), in[idx+1]); t = mul(t, 0.25); t = mul(t, omega); out = fma(w, c, t).
 * Boundary cells are copied. Writes in.bin, out_expected.bin (f32). */
#include "../ref_common.h"
#include <math.h>

#define NX 100
#define NY 70

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float in[NX * NY], out[NX * NY];
    const float omega = 0.6875f;

    rng_seed(0x57e9c1);
    for (int i = 0; i < NX * NY; i++)
        in[i] = rng_float(-50.0f, 50.0f);

    for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
            int idx = y * NX + x;
            if (x == 0 || y == 0 || x == NX - 1 || y == NY - 1) {
                out[idx] = in[idx];
                continue;
            }
            float c = in[idx];
            float w = 1.0f - omega;
            float t = in[idx - NX] + in[idx + NX];
            t = t + in[idx - 1];
            t = t + in[idx + 1];
            t = t * 0.25f;
            t = t * omega;
            out[idx] = fmaf(w, c, t);
        }

    write_f32("in.bin", in, NX * NY);
    write_f32("out_expected.bin", out, NX * NY);
    return 0;
}
