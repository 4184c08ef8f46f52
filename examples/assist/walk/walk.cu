// walk: a latency-bound sequential walk, for a stride prefetcher. Each warp reads its own
// contiguous chunk of a (lines x 32 u32, one 128-byte line per loop iteration: lane l of
// warp w reads a[(w * lines + it) * 32 + l] at iteration it), folds each value into a
// running hash with a few dependent integer instructions, and writes one result per thread:
//   h = 0x811c9dc5; for it: v = a[...]; h = (h ^ v ^ (v >> 13)) * 0x01000193
//   out[w * 32 + l] = h
// (#pragma unroll 1: one load per iteration). Launched with few warps (low occupancy), so
// each warp has a single load in flight and waits out the DRAM latency every iteration.
extern "C" __global__ void walk(const unsigned *a, unsigned *out, int lines)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = tid >> 5, lane = tid & 31;
    const unsigned *p = a + (size_t)warp * lines * 32 + lane;
    unsigned h = 0x811c9dc5u;
#pragma unroll 1
    for (int it = 0; it < lines; ++it) {
        unsigned v = *p;
        p += 32;
        h = (h ^ v ^ (v >> 13)) * 0x01000193u;
    }
    out[tid] = h;
}
