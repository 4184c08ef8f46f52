// dynshared: dynamic (extern) shared memory plus a static shared array.
// Launch with blockDim.x * sizeof(float) bytes of dynamic shared memory.
extern "C" __global__ void dynshared(const float *in, float *out,
                                     volatile int *flags, int n)
{
    extern __shared__ float s[];
    __shared__ float warp_max[32];

    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    int lane = tid & 31;

    s[tid] = (gid < n) ? in[gid] : 0.0f;
    __syncwarp();

    // Each lane averages with its right neighbour inside the warp.
    float v = s[tid];
    float r = (lane < 31 && tid + 1 < blockDim.x) ? s[tid + 1] : v;
    __syncwarp();
    s[tid] = 0.5f * (v + r);
    __syncwarp();

    if (lane == 0) {
        float m = s[tid];
        for (int k = 1; k < 32 && tid + k < blockDim.x; ++k)
            m = fmaxf(m, s[tid + k]);
        warp_max[tid / 32] = m;
    }
    __syncthreads();

    if (gid < n)
        out[gid] = s[tid] - warp_max[tid / 32];

    __threadfence();
    if (tid == 0)
        flags[blockIdx.x] = 1;
}
