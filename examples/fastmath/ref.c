/* Reference for examples/fastmath (kernel fastmath, built with --use_fast_math).
 * N = 4000: launch grid 16, block 256 (96 idle threads). Inputs in [-3.1, 3.1] (inside
 * [-pi, pi], where sin/cos.approx are most accurate; no denormals), plus 0, -0, +-1, +-3,
 * +-0.5, +-1e-3.
 * The PTX sequence is followed operation by operation. Exactly rounded ops (mul/add/fma
 * .ftz) are done in float; each .approx op is replaced by the exact function evaluated in
 * double and rounded to float (the PTX ISA leaves their bits unspecified):
 *   f2 = v * 0x3FB8AA3B (log2 e)   f3 = ex2(f2)          f4 = |v|     f5 = f4 + 1
 *   f6 = lg2(f5)                   f7 = fma(f6, 0x3F317218 (ln 2), f3)
 *   f8 = sin(v)  f9 = cos(v)       f10 = sqrt(f4)        f11 = rsqrt(f5)  f12 = f10 + f11
 *   f13 = fma(v, v, 1)             f14 = rcp(f13)        f15 = f6 * 1.5   f16 = ex2(f15)
 *   f17 = f12 + 1                  f18 = div(f7, f17)    f19 = fma(f8, f9, f7)
 *   out = tanh(v) + (f18 + (f16 + (f14 + (f19 + f12))))
 * .ftz: denormal inputs and results flushed to zero (does not happen for these inputs).
 * The output therefore differs from a GPU's by the approximation errors: run.aw compares
 * with a tolerance (see the comment there). Writes x.bin, out_expected.bin (f32). */
#include "../ref_common.h"
#include <math.h>

#define N 4000

static float ftz(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }

static float ex2_ref(float a) { return ftz((float)exp2((double)ftz(a))); }
static float lg2_ref(float a) { return ftz((float)log2((double)ftz(a))); }
static float sin_ref(float a) { return ftz((float)sin((double)ftz(a))); }
static float cos_ref(float a) { return ftz((float)cos((double)ftz(a))); }
static float sqrt_ref(float a) { return ftz((float)sqrt((double)ftz(a))); }
static float rsqrt_ref(float a) { return ftz((float)(1.0 / sqrt((double)ftz(a)))); }
static float rcp_ref(float a) { return ftz((float)(1.0 / (double)ftz(a))); }
static float div_ref(float a, float b) { return ftz((float)((double)ftz(a) / (double)ftz(b))); }
static float tanh_ref(float a) { return (float)tanh((double)a); } /* tanh.approx.f32: no .ftz */

static float addz(float a, float b) { return ftz(ftz(a) + ftz(b)); }
static float mulz(float a, float b) { return ftz(ftz(a) * ftz(b)); }
static float fmaz(float a, float b, float c) { return ftz(fmaf(ftz(a), ftz(b), ftz(c))); }

static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float x[N], out[N];

    rng_seed(0xfa57);
    for (int i = 0; i < N; i++)
        x[i] = rng_float(-3.1f, 3.1f);
    const float special[] = { 0.0f, -0.0f, 1.0f, -1.0f, 3.0f, -3.0f, 0.5f, -0.5f, 1e-3f, -1e-3f };
    for (int k = 0; k < (int)(sizeof special / sizeof special[0]); k++)
        x[17 * k + 3] = special[k];

    const float LOG2E = u2f(0x3FB8AA3Bu), LN2 = u2f(0x3F317218u);
    float lo = INFINITY, hi = 0.0f;
    for (int i = 0; i < N; i++) {
        float v = x[i];
        float f2 = mulz(v, LOG2E);
        float f3 = ex2_ref(f2);
        float f4 = ftz(fabsf(v));
        float f5 = addz(f4, 1.0f);
        float f6 = lg2_ref(f5);
        float f7 = fmaz(f6, LN2, f3);
        float f8 = sin_ref(v);
        float f9 = cos_ref(v);
        float f10 = sqrt_ref(f4);
        float f11 = rsqrt_ref(f5);
        float f12 = addz(f10, f11);
        float f13 = fmaz(v, v, 1.0f);
        float f14 = rcp_ref(f13);
        float f15 = mulz(f6, 1.5f);
        float f16 = ex2_ref(f15);
        float f17 = addz(f12, 1.0f);
        float f18 = div_ref(f7, f17);
        float f19 = fmaz(f8, f9, f7);
        float f20 = addz(f19, f12);
        float f21 = addz(f14, f20);
        float f22 = addz(f16, f21);
        float f23 = addz(f18, f22);
        float f24 = tanh_ref(v);
        out[i] = addz(f24, f23);
        if (fabsf(out[i]) < lo) lo = fabsf(out[i]);
        if (fabsf(out[i]) > hi) hi = fabsf(out[i]);
    }

    write_f32("x.bin", x, N);
    write_f32("out_expected.bin", out, N);
    printf("fastmath: |out| in [%g, %g]\n", (double)lo, (double)hi);
    return 0;
}
