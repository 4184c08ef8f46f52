// examples/assist/fastmath.cuh -- the log2 and exp2 the compute-bound assist workloads
// (tonemap, options) are built from: our own, with every rounding spelled out by intrinsics,
// so the references (fastmath.h, the same operations in the same order in C) agree bit for
// bit; no libdevice function.
#ifndef EXAMPLES_ASSIST_FASTMATH_CUH
#define EXAMPLES_ASSIST_FASTMATH_CUH

// log2(x) for x > 0 normal: x = 2^e m with m in [sqrt(1/2), sqrt(2)), by integer arithmetic on
// the bits (no branch): e = ((bits - 0x3f3504f3 + 2^30) >> 23) - 128, m's bits = bits - (e << 23);
// then a degree-11 polynomial in m - 1
__device__ __forceinline__ float am_log2(float x)
{
    unsigned ix = __float_as_uint(x);
    int e = (int)((ix - 0x3f3504f3u + 0x40000000u) >> 23) - 128;
    float m = __uint_as_float(ix - ((unsigned)e << 23));
    float u = __fsub_rn(m, 1.0f);                                   // [-0.293, 0.414)
    float p = -0.0843352079f;
    p = __fmaf_rn(p, u, 0.153452873f);
    p = __fmaf_rn(p, u, -0.157226533f);
    p = __fmaf_rn(p, u, 0.159313008f);
    p = __fmaf_rn(p, u, -0.179051235f);
    p = __fmaf_rn(p, u, 0.206071645f);
    p = __fmaf_rn(p, u, -0.240502805f);
    p = __fmaf_rn(p, u, 0.288541466f);
    p = __fmaf_rn(p, u, -0.360672832f);
    p = __fmaf_rn(p, u, 0.480898321f);
    p = __fmaf_rn(p, u, -0.721347511f);
    p = __fmaf_rn(p, u, 1.44269502f);                              // log2(1+u)/u
    return __fmaf_rn(u, p, __int2float_rn(e));
}

// 2^x: x clamped to [-120, 120], split at the nearest integer n, a degree-7 polynomial for
// 2^f, n added to the exponent bits
__device__ __forceinline__ float am_exp2(float x)
{
    x = fminf(fmaxf(x, -120.0f), 120.0f);
    int n = __float2int_rd(__fadd_rn(x, 0.5f));
    float f = __fsub_rn(x, __int2float_rn(n));                      // [-0.5, 0.5]
    float p = 1.53036999e-05f;
    p = __fmaf_rn(p, f, 0.000154697293f);
    p = __fmaf_rn(p, f, 0.00133334787f);
    p = __fmaf_rn(p, f, 0.00961802527f);
    p = __fmaf_rn(p, f, 0.0555041097f);
    p = __fmaf_rn(p, f, 0.240226507f);
    p = __fmaf_rn(p, f, 0.693147182f);
    p = __fmaf_rn(p, f, 1.0f);                                      // 2^f
    return __uint_as_float(__float_as_uint(p) + ((unsigned)n << 23));
}

#endif
