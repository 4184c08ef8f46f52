/* Reference for examples/asyncmm (CPU; what the kernels compute, from their source):
 * mm_pipe:   C = A x B for n = 100, each element accumulated over k = 0 .. 111 (7 tiles of 16;
 *            the zero-filled edge elements add fmaf(0, 0, acc) = acc) with fmaf, as the kernel's
 *            fma.rn.f32 chain does, so the results are exact;
 * pipe_copy: out = 2 * in + 1 (two roundings, as mul.f32 then add.f32: -ffp-contract=off);
 * bar_rev:   out[b * 256 + i] = in[b * 256 + 255 - i].
 * Writes OUTDIR/{a,b,in,rin}.bin (inputs) and the expected outputs. */
#include "../ref_common.h"
#include <math.h>

enum { N = 100, T = 16, CHUNKS = 5, PBLOCKS = 4, RBLOCKS = 8 };

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float a[N * N], b[N * N], c[N * N];
    rng_seed(0xa5c0);
    for (int i = 0; i < N * N; i++) a[i] = rng_float(-1.0f, 1.0f);
    for (int i = 0; i < N * N; i++) b[i] = rng_float(-1.0f, 1.0f);
    int nt = (N + T - 1) / T;
    for (int r = 0; r < N; r++)
        for (int col = 0; col < N; col++) {
            float acc = 0.0f;
            for (int k = 0; k < nt * T; k++) {
                float x = k < N ? a[r * N + k] : 0.0f, y = k < N ? b[k * N + col] : 0.0f;
                acc = fmaf(x, y, acc);
            }
            c[r * N + col] = acc;
        }
    write_f32("a.bin", a, N * N);
    write_f32("b.bin", b, N * N);
    write_f32("c_expected.bin", c, N * N);

    enum { PN = PBLOCKS * CHUNKS * 128 * 4 };
    static float in[PN], out[PN];
    for (int i = 0; i < PN; i++) in[i] = rng_float(-100.0f, 100.0f);
    for (int i = 0; i < PN; i++) { float t = 2.0f * in[i]; out[i] = t + 1.0f; }
    write_f32("in.bin", in, PN);
    write_f32("out_expected.bin", out, PN);

    static float rin[RBLOCKS * 256], rout[RBLOCKS * 256];
    for (int i = 0; i < RBLOCKS * 256; i++) rin[i] = rng_float(-1.0f, 1.0f);
    for (int bl = 0; bl < RBLOCKS; bl++)
        for (int i = 0; i < 256; i++) rout[bl * 256 + i] = rin[bl * 256 + 255 - i];
    write_f32("rin.bin", rin, RBLOCKS * 256);
    write_f32("rout_expected.bin", rout, RBLOCKS * 256);
    return 0;
}
