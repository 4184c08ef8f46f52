// stream: the four STREAM kernels (McCalpin) on 32-bit unsigned integers:
//   copy  c[i] = a[i]
//   scale b[i] = s * c[i]
//   add   c[i] = a[i] + b[i]
//   triad a[i] = b[i] + s * c[i]
// One element per thread, guarded by i < n. Unsigned arithmetic wraps (defined).
extern "C" __global__ void stream_copy(unsigned *c, const unsigned *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i];
}

extern "C" __global__ void stream_scale(unsigned *b, const unsigned *c, unsigned s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = s * c[i];
}

extern "C" __global__ void stream_add(unsigned *c, const unsigned *a, const unsigned *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

extern "C" __global__ void stream_triad(unsigned *a, const unsigned *b, const unsigned *c,
                                        unsigned s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = b[i] + s * c[i];
}
