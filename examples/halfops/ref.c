/* Reference for examples/halfops: __half2 axpy and a __nv_bfloat16 dot product, computed from the
 * IEEE definitions: every operation is exact in double for these inputs (f16 and bf16 values in
 * [-8, 8]: a product or a sum of three spans fewer than 53 bits) and then rounded once to nearest
 * even in the half format, as the PTX ISA's .rn says.  The float accumulation of bf16_dot is the
 * fused multiply-add nvcc emits for sf += x * z (fma.rn.f32), here fmaf.
 * axpy_half2: N2 = 1000 pairs, grid 4 x 256; bf16_dot: N = 700 threads of 8 terms, grid 3 x 256.
 * Writes OUTDIR/{xf,yin,a,b}.bin and the expected outputs. */
#include "../ref_common.h"
#include <math.h>

enum { N2 = 1000, N = 700 };

static uint16_t f16(double x) { return ref_f16(x); }
static uint16_t bf16(double x) { return ref_bf16(x); }
static double f16v(uint16_t h) { return ref_f16v(h); }
static double bf16v(uint16_t h) { return ref_bf16v(h); }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float xf[2 * N2], outf[N];
    static uint32_t yin[N2], y[N2];
    static uint16_t a[8 * N], b[8 * N], out[N];
    rng_seed(0x4a1f);
    const float alpha = 2.375f;   /* run.aw passes f32:2.375 */
    for (int i = 0; i < 2 * N2; i++) xf[i] = rng_float(-8.0f, 8.0f);
    for (int i = 0; i < N2; i++) yin[i] = f16(rng_float(-8.0f, 8.0f)) | (uint32_t)f16(rng_float(-8.0f, 8.0f)) << 16;
    const double bias[2] = { 0.5, -0.25 }, scale[2] = { 1.5, 0.75 };
    for (int i = 0; i < N2; i++) {
        uint32_t r = 0;
        for (int h = 0; h < 2; h++) {   /* low half: xf[2i], high half: xf[2i + 1] */
            double x = f16v(f16(xf[2 * i + h])), al = f16v(f16(alpha)), yy = f16v((uint16_t)(yin[i] >> (16 * h)));
            uint16_t v = f16(al * x + yy);
            v = f16(f16v(v) + f16v(f16(bias[h])));
            v = f16(f16v(v) * f16v(f16(scale[h])));
            r |= (uint32_t)v << (16 * h);
        }
        y[i] = r;
    }
    for (int i = 0; i < 8 * N; i++) { a[i] = bf16(rng_float(-2.0f, 2.0f)); b[i] = bf16(rng_float(-2.0f, 2.0f)); }
    for (int i = 0; i < N; i++) {
        uint16_t s = 0;
        float sf = 0.0f;
        for (int k = 0; k < 8; k++) {
            double x = bf16v(a[8 * i + k]), z = bf16v(b[8 * i + k]);
            s = bf16(x * z + bf16v(s));
            sf = fmaf((float)x, (float)z, sf);
        }
        out[i] = s;
        outf[i] = sf;
    }
    write_bytes("xf.bin", (const unsigned char *)xf, sizeof xf);
    write_u32("yin.bin", yin, N2);
    write_u32("y_expected.bin", y, N2);
    write_bytes("a.bin", (const unsigned char *)a, sizeof a);
    write_bytes("b.bin", (const unsigned char *)b, sizeof b);
    write_bytes("out_expected.bin", (const unsigned char *)out, sizeof out);
    write_bytes("outf_expected.bin", (const unsigned char *)outf, sizeof outf);
    return 0;
}
