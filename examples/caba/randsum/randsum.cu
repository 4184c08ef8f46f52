// randsum: a checksum of a buffer of random 32-bit words, the control case of incompressible data
// (CABA section 6: applications whose data does not compress gain nothing and must lose nothing,
// because no assist warp is triggered for them).  Each thread folds 16 words 256 apart (coalesced
// loads, a few integer operations each: DRAM-bandwidth-bound), a block's 256 partial sums are added
// in shared memory, and thread 0 writes the block's sum.
extern "C" __global__ void randsum(const unsigned *in, unsigned *out, unsigned n)
{
    __shared__ unsigned s[256];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * 4096u + t;
    unsigned acc = 0;
    for (unsigned k = 0; k < 16u; k++) {
        unsigned j = i + k * 256u;
        if (j < n)
            acc = (acc << 1 | acc >> 31) ^ in[j];
    }
    s[t] = acc;
    __syncthreads();
    for (unsigned w = 128u; w > 0u; w >>= 1) {
        if (t < w)
            s[t] += s[t + w];
        __syncthreads();
    }
    if (t == 0u)
        out[blockIdx.x] = s[0];
}
