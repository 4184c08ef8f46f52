// scan: inclusive block scan of int built from warp shuffles,
// with warp totals combined through shared memory.
#define WARP 32

__device__ __forceinline__ int warp_inclusive_scan(int v)
{
    int lane = threadIdx.x & (WARP - 1);
#pragma unroll
    for (int off = 1; off < WARP; off <<= 1) {
        int t = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off)
            v += t;
    }
    return v;
}

// blockDim.x must be a multiple of 32 and <= 1024.
extern "C" __global__ void block_scan(const int *in, int *out, int *block_sums,
                                      unsigned *stats, int n)
{
    __shared__ int warp_sums[WARP];

    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & (WARP - 1);
    int warp = threadIdx.x / WARP;
    int nwarps = blockDim.x / WARP;

    int v = (gid < n) ? in[gid] : 0;

    // Vote statistics: count of positive elements, and flags for
    // "all zero" / "any negative" per warp.
    unsigned pos = __ballot_sync(0xffffffffu, v > 0);
    int all_zero = __all_sync(0xffffffffu, v == 0);
    int any_neg = __any_sync(0xffffffffu, v < 0);
    if (lane == 0) {
        int w = blockIdx.x * nwarps + warp;
        stats[3 * w + 0] = __popc(pos);
        stats[3 * w + 1] = all_zero;
        stats[3 * w + 2] = any_neg;
    }

    int s = warp_inclusive_scan(v);

    if (lane == WARP - 1)
        warp_sums[warp] = s;
    __syncthreads();

    if (warp == 0) {
        int ws = (lane < nwarps) ? warp_sums[lane] : 0;
        ws = warp_inclusive_scan(ws);
        warp_sums[lane] = ws;
    }
    __syncthreads();

    if (warp > 0)
        s += warp_sums[warp - 1];

    if (gid < n)
        out[gid] = s;
    if (threadIdx.x == blockDim.x - 1)
        block_sums[blockIdx.x] = s;
}
