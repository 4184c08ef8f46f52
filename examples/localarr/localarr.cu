// localarr: per-thread scratch array indexed with runtime values -> local memory.
#define LEN 16

extern "C" __global__ void localarr(const int *in, int *out, int n, int rounds)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;

    int buf[LEN];
    for (int k = 0; k < LEN; ++k)
        buf[k] = in[(tid + k) % n];

    for (int r = 0; r < rounds; ++r)
        for (int k = 0; k < LEN; ++k)
            buf[(tid * 7 + k + r) & (LEN - 1)] += buf[k] ^ r;

    int s = 0;
    for (int k = 0; k < LEN; ++k)
        s += buf[k] * (k + 1);
    out[tid] = s + buf[in[tid] & (LEN - 1)];
}
