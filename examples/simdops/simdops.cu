// simdops: CUDA's SIMD and bit intrinsics as nvcc compiles them for sm_80 and sm_90: __fns (fns),
// __vsadu4/__vsadu2 (vabsdiff4/vabsdiff2 with .add), __vabsdiffu4 (vabsdiff4), __vadd2, __vmaxs2,
// __vminu2 (sm_90: add.u16x2, max.s16x2, min.u16x2; sm_80: sequences of 32-bit instructions),
// __vimax3_s16x2_relu and __vimax_s32_relu (sm_90: max.s16x2.relu, max.relu.s32), a variable-length
// alloca (alloca, stacksave, stackrestore), and __prof_trigger (pmevent).  Every kernel runs from
// both builds and must give the same bits.
#if __CUDA_ARCH__ >= 900
#define KN(name) name##_sm90
#else
#define KN(name) name##_sm80
#endif

// simd(a, b, out, n): 10 words a thread
extern "C" __global__ void KN(simd)(const unsigned *a, const unsigned *b, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 10 * i;
    o[0] = __fns(x, i % 32, (int)(y % 9) - 4);
    o[1] = __vsadu4(x, y);
    o[2] = __vsadu2(x, y);
    o[3] = __vabsdiffu4(x, y);
    o[4] = __vadd2(x, y);
    o[5] = __vmaxs2(x, y);
    o[6] = __vminu2(x, y);
    o[7] = __vimax3_s16x2_relu(x, y, x ^ y);
    o[8] = __vimax_s32_relu((int)x, (int)y);
    o[9] = __vhaddu4(x, y);
    if (i == 0) __prof_trigger(1);
}

// window(a, out, n): thread i sums a[i .. i + len) through a stack buffer of len = 1 + i % 7 words,
// allocated with alloca inside a loop (nvcc saves and restores the stack pointer around each)
extern "C" __global__ void KN(window)(const unsigned *a, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned total = 0;
    for (int r = 0; r < 3; r++) {
        int len = 1 + (i + r) % 7;
        unsigned *buf = (unsigned *)__builtin_alloca(len * sizeof(unsigned));
        for (int k = 0; k < len; k++) buf[k] = a[(i + k + r) % n];
        for (int k = 0; k < len; k++) total += buf[k] * (unsigned)(k + 1);
    }
    out[i] = total;
}
