// gather: a latency-bound indirect gather a[b[i]], for an application-specific prefetcher.
// Each warp reads its own contiguous chunk of the index array b sequentially (lines x 32
// u32, one 128-byte line per loop iteration: lane l of warp w reads
// b[(w * lines + it) * 32 + l] at iteration it), loads a[idx] from the large array a, and
// accumulates the squares; one result per thread:
//   s = 0; for it: idx = b[...]; x = a[idx]; s = fma(x, x, s)   (fma.rn)
//   out[w * 32 + l] = s
// (#pragma unroll 1: one index load and one gather per iteration, the gather depending on
// the index). Launched with few warps (low occupancy), so each warp waits out two memory
// latencies (the index, then the gathered value) every iteration.
extern "C" __global__ void gather(const unsigned *b, const float *a, float *out, int lines)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = tid >> 5, lane = tid & 31;
    const unsigned *p = b + (size_t)warp * lines * 32 + lane;
    float s = 0.0f;
#pragma unroll 1
    for (int it = 0; it < lines; ++it) {
        unsigned idx = *p;
        p += 32;
        float x = a[idx];
        s = __fmaf_rn(x, x, s);
    }
    out[tid] = s;
}
