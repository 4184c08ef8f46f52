// micro.cu -- microbenchmarks of the timing model (tests/test_timing.c says what each
// one measures and how its expected value follows from the config).
// nvcc -ptx -arch=sm_80 micro.cu -o micro.ptx  (make ptx)

// Pointer chase: base[i * stride] holds the address of base[((i + 1) % n) * stride].
extern "C" __global__ void chase_init(unsigned long long *base, unsigned n, unsigned long long stride)
{
    for (unsigned i = 0; i < n; i++)
        base[i * stride] = (unsigned long long)&base[((i + 1) % n) * stride];
}

// One thread follows the chain: 'warm' steps untimed, then 'steps' timed with %clock64.
// Each step is one dependent 64-bit load, so cycles / steps is the load latency.
extern "C" __global__ void chase(unsigned long long *base, unsigned warm, unsigned steps, unsigned long long *out)
{
    unsigned long long *p = base;
    for (unsigned i = 0; i < warm; i++) p = (unsigned long long *)*p;
    long long t0 = clock64();
    for (unsigned i = 0; i < steps; i++) p = (unsigned long long *)*p;
    long long t1 = clock64();
    out[0] = (unsigned long long)(t1 - t0);
    out[1] = (unsigned long long)p;
}

// Streaming copy, 16 bytes per thread per iteration, grid-stride loop.
extern "C" __global__ void copy(const float4 *src, float4 *dst, unsigned n)
{
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        dst[i] = src[i];
}

// Independent ALU work: four independent multiply-add chains per thread.
extern "C" __global__ void alu_indep(float *out, unsigned iters)
{
    float a = threadIdx.x, b = a + 1.0f, c = a + 2.0f, d = a + 3.0f;
    for (unsigned i = 0; i < iters; i++) {
        a = a * 0.999f + 0.5f;
        b = b * 0.999f + 0.5f;
        c = c * 0.999f + 0.5f;
        d = d * 0.999f + 0.5f;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = a + b + c + d;
}

// One dependent chain of 16 fma per iteration, timed with %clock64.
extern "C" __global__ void alu_chain(float *out, unsigned iters, unsigned long long *cycles)
{
    float x = threadIdx.x;
    long long t0 = clock64();
    for (unsigned i = 0; i < iters; i++) {
#pragma unroll
        for (int k = 0; k < 16; k++) x = fmaf(x, 0.999f, 0.5f);
    }
    long long t1 = clock64();
    out[threadIdx.x] = x;
    if (threadIdx.x == 0) cycles[0] = (unsigned long long)(t1 - t0);
}

// Shared memory with a bank conflict of degree 'stride' (1, 2, 4, 8, 16 or 32 words
// between lanes): each lane loads word lane x stride again and again, 32 independent
// loads per iteration (eight per asm statement, into eight registers).
extern "C" __global__ void bank(unsigned stride, unsigned iters, unsigned *out)
{
    __shared__ unsigned s[1024];
    for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = i;
    __syncthreads();
    unsigned a = (unsigned)__cvta_generic_to_shared(&s[(threadIdx.x % 32) * stride]);
    unsigned v0 = 0, v1 = 0, v2 = 0, v3 = 0, v4 = 0, v5 = 0, v6 = 0, v7 = 0;
    for (unsigned i = 0; i < iters; i++) {
#pragma unroll
        for (int k = 0; k < 4; k++)
            asm volatile("ld.volatile.shared.u32 %0, [%8];\n\tld.volatile.shared.u32 %1, [%8];\n\t"
                         "ld.volatile.shared.u32 %2, [%8];\n\tld.volatile.shared.u32 %3, [%8];\n\t"
                         "ld.volatile.shared.u32 %4, [%8];\n\tld.volatile.shared.u32 %5, [%8];\n\t"
                         "ld.volatile.shared.u32 %6, [%8];\n\tld.volatile.shared.u32 %7, [%8];"
                         : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3), "=r"(v4), "=r"(v5), "=r"(v6), "=r"(v7) : "r"(a));
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
}

// Occupancy: a kernel with dynamic shared memory and nothing else to limit it.
extern "C" __global__ void occ(float *out)
{
    extern __shared__ float dyn[];
    dyn[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}
