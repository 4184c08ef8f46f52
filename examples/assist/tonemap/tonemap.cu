// tonemap: per-pixel film-emulation tone mapping of an HDR luminance image, for
// memoization: the image takes few distinct values (an 8-bit-quantized source decoded to
// float), and f(x) below is an expensive pure function of the pixel value alone.
//   out[i] = f(in[i]) over a grid-stride loop (#pragma unroll 1: one pixel per iteration).
// f, a straight-line computation (no loop, no branch):
//   L  = log2(x) + 0.5                              exposure (+0.5 stop)
//   Dn = 0.12 + 2.0 / (1 + 2^(-0.55 (L + 1)))       colour-negative density (S-curve)
//   Lp = 4 - Dn log2(10)                            print exposure through the negative
//   Dp = 0.06 + 2.9 / (1 + 2^(-0.9 Lp))             print density (S-curve)
//   y  = 2^(1.8 - Dp log2(10))                      display luminance
//   c1 = Hable(2y) * 1.37906425 (filmic rational curve, white point 11.2)
//   c2 = y (1 + y/4) / (1 + y)                      Reinhard extended, white 2
//   c  = clamp(c1 + s (c2 - c1), 2^-20, 1),  s = (Dn - 0.12) / 2
//   out = c^(1/2.2)                                 display encoding (gamma 2.2)
// with our own log2 (exponent split, mantissa in [sqrt(1/2), sqrt(2)), degree-11
// polynomial in m - 1) and exp2 (rounding split, degree-7 polynomial, exponent added to
// the bits): no libdevice function. Every rounding is spelled out with intrinsics, so the
// reference (ref.c) repeats the same float operations in the same order.

#include "../fastmath.cuh"

__device__ __forceinline__ float tm_pixel(float x)
{
    float L = __fadd_rn(am_log2(x), 0.5f);
    float dn = __fadd_rn(0.12f, __fdiv_rn(2.0f, __fadd_rn(1.0f, am_exp2(__fmul_rn(-0.55f, __fadd_rn(L, 1.0f))))));
    float lp = __fmaf_rn(-dn, 3.32192809f, 4.0f);
    float dp = __fadd_rn(0.06f, __fdiv_rn(2.9f, __fadd_rn(1.0f, am_exp2(__fmul_rn(-0.9f, lp)))));
    float y = am_exp2(__fmaf_rn(-dp, 3.32192809f, 1.8f));
    float y2 = __fmul_rn(y, 2.0f);
    float num = __fmaf_rn(y2, __fmaf_rn(0.15f, y2, 0.05f), 0.004f);
    float den = __fmaf_rn(y2, __fmaf_rn(0.15f, y2, 0.5f), 0.06f);
    float c1 = __fmul_rn(__fsub_rn(__fdiv_rn(num, den), 0.0666666667f), 1.37906425f);
    float c2 = __fdiv_rn(__fmul_rn(y, __fmaf_rn(y, 0.25f, 1.0f)), __fadd_rn(1.0f, y));
    float s = __fmul_rn(__fsub_rn(dn, 0.12f), 0.5f);
    float c = __fmaf_rn(s, __fsub_rn(c2, c1), c1);
    c = fminf(fmaxf(c, 0x1p-20f), 1.0f);
    return am_exp2(__fmul_rn(am_log2(c), 0.454545468f));          // display gamma 2.2
}

extern "C" __global__ void tonemap(const float *in, float *out, int n)
{
    int stride = gridDim.x * blockDim.x;
#pragma unroll 1
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = tm_pixel(in[i]);
}
