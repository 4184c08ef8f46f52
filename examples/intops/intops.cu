// intops: integer and bit-manipulation intrinsics.
extern "C" __global__ void intops(const unsigned *a, const unsigned *b,
                                  int *si, unsigned *out,
                                  unsigned long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = a[i];
    unsigned y = b[i] | 1u;          // avoid division by zero
    int s = si[i];
    int t = (int)(y & 0x7fffu) + 1;

    unsigned *o = out + 16 * i;
    o[0] = __popc(x);
    o[1] = __clz(x);
    o[2] = __brev(x);
    o[3] = __ffs(x);
    o[4] = __byte_perm(x, y, 0x3210 ^ (i & 0x0707));   // prmt with runtime selector
    o[5] = (x >> (y & 15)) & 0xffu;                      // bit-field extract
    o[6] = (x & ~(0xffu << 8)) | ((y & 0xffu) << 8);     // bit-field insert
    o[7] = __funnelshift_l(x, y, s);
    o[8] = __funnelshift_r(x, y, s);
    o[9] = (unsigned)__mulhi(s, (int)x);
    o[10] = x / y;
    o[11] = (x ^ 0x5a5a5a5au) % y;
    o[12] = (unsigned)(s / t);
    o[13] = (unsigned)(s % t);
    o[14] = (unsigned)max(min(s, (int)y), -t) + max(x, y) - min(x, y);
    o[15] = (unsigned)abs(s) + __popcll(((unsigned long long)x << 32) | y);

    unsigned long long wide = (unsigned long long)x * y;     // mul.wide.u32
    long long swide = (long long)s * (long long)(int)x;      // mul.wide.s32
    out64[3 * i + 0] = wide;
    out64[3 * i + 1] = __umul64hi(wide, (unsigned long long)swide) ^ __ffsll(swide);
    out64[3 * i + 2] = (unsigned long long)(swide / (long long)t) + __clzll(wide)
                       + __brevll(wide);
}
