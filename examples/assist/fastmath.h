/* examples/assist/fastmath.h -- the references' log2 and exp2 (for tonemap/ref.c and
 * options/ref.c): the float operations of fastmath.cuh in the same order, with fmaf (build
 * with -ffp-contract=off).  Include after ../../ref_common.h. */
#ifndef EXAMPLES_ASSIST_FASTMATH_H
#define EXAMPLES_ASSIST_FASTMATH_H

static float am_log2(float x)
{
    uint32_t ix;
    memcpy(&ix, &x, 4);
    int32_t e = (int32_t)((ix - 0x3f3504f3u + 0x40000000u) >> 23) - 128;
    uint32_t mb = ix - ((uint32_t)e << 23);
    float m;
    memcpy(&m, &mb, 4);
    float u = m - 1.0f;
    float p = -0.0843352079f;
    p = fmaf(p, u, 0.153452873f);
    p = fmaf(p, u, -0.157226533f);
    p = fmaf(p, u, 0.159313008f);
    p = fmaf(p, u, -0.179051235f);
    p = fmaf(p, u, 0.206071645f);
    p = fmaf(p, u, -0.240502805f);
    p = fmaf(p, u, 0.288541466f);
    p = fmaf(p, u, -0.360672832f);
    p = fmaf(p, u, 0.480898321f);
    p = fmaf(p, u, -0.721347511f);
    p = fmaf(p, u, 1.44269502f);
    return fmaf(u, p, (float)e);
}

static float am_exp2(float x)
{
    x = fminf(fmaxf(x, -120.0f), 120.0f);
    int32_t n = (int32_t)floorf(x + 0.5f);
    float f = x - (float)n;
    float p = 1.53036999e-05f;
    p = fmaf(p, f, 0.000154697293f);
    p = fmaf(p, f, 0.00133334787f);
    p = fmaf(p, f, 0.00961802527f);
    p = fmaf(p, f, 0.0555041097f);
    p = fmaf(p, f, 0.240226507f);
    p = fmaf(p, f, 0.693147182f);
    p = fmaf(p, f, 1.0f);
    uint32_t b;
    memcpy(&b, &p, 4);
    b += (uint32_t)n << 23;
    float r;
    memcpy(&r, &b, 4);
    return r;
}

#endif
