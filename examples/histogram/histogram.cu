// histogram: 256-bin byte histogram, privatized in shared memory.
#define BINS 256

// Fire-and-forget global add. nvcc only emits atom.* for atomicAdd (ptxas
// turns unused results into RED later), so the reduction form is written
// directly, as hand-tuned CUDA code sometimes does.
__device__ __forceinline__ void red_add(unsigned *addr, unsigned v)
{
    asm volatile("red.global.add.u32 [%0], %1;" :: "l"(addr), "r"(v) : "memory");
}

extern "C" __global__ void histogram256(const unsigned char *data, int n,
                                        unsigned *hist)
{
    __shared__ unsigned local[BINS];

    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();

    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        unsigned c = local[b];
        if (c)
            red_add(&hist[b], c);
    }
}

// Global statistics: min, max, sum (with returned old value), a CAS-based
// "first writer wins" slot, and a last-writer exchange.
// stats[0] = min, stats[1] = max, stats[2] = count of values seen,
// stats[3] = first index to see the value 0 (init 0xffffffff),
// stats[4] = last value exchanged in, stats[5] = bitmask of (v & 31) seen.
extern "C" __global__ void minmax_stats(const int *vals, int n, int *stats,
                                        int *order)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = vals[i];
    atomicMin(&stats[0], v);
    atomicMax(&stats[1], v);
    order[i] = atomicAdd(&stats[2], 1);           // result used -> atom
    if (v == 0)
        atomicCAS(&stats[3], -1, i);
    atomicExch(&stats[4], v);
    atomicOr((unsigned *)&stats[5], 1u << (v & 31));
}
