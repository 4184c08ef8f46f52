// tests/hw/hw_micro.cu -- the kernels of tests/hw's microbenchmarks (tests/hw/README.md): the
// timing model's own (tests/timing/micro/micro.cu: chase, copy, alu_chain, alu_indep, bank, occ)
// and three more.  Device code only: awemu runs hw_micro.ptx (nvcc -ptx -arch=sm_80, make ptx)
// under the run scripts of tests/hw/micro/, and tests/hw/micro_host.cu runs the same scripts'
// launches natively, built from this file by nvcc.
#include "../timing/micro/micro.cu"

// Nothing: the time of a launch that does no work, the part of every measured time the
// timing model does not model (the launch itself).
extern "C" __global__ void empty(void) {}

// Pointer chase in shared memory: one thread follows n words each holding the index of the
// next ('stride' words on, wrapping), 'steps' dependent loads timed with %clock64.
extern "C" __global__ void smem_chase(unsigned n, unsigned stride, unsigned steps, unsigned long long *out)
{
    __shared__ unsigned s[4096];
    for (unsigned i = 0; i < n; i++) s[i] = (i + stride) % n;
    unsigned p = 0;
    for (unsigned i = 0; i < n; i++) p = s[p];   // warm (and no store in flight)
    long long t0 = clock64();
    for (unsigned i = 0; i < steps; i++) p = s[p];
    long long t1 = clock64();
    out[0] = (unsigned long long)(t1 - t0);
    out[1] = p;
}

// L2 read bandwidth: every thread sums float4s of a buffer that L2 holds, grid-stride,
// 'passes' times over; each pass shifts the elements by eight blocks' worth, so that an SM
// reads in each pass what other SMs read before (from L2) and never what its own L1 holds.
extern "C" __global__ void l2_read(const float4 *src, unsigned n, unsigned passes, float *out)
{
    float a = 0;
    for (unsigned p = 0; p < passes; p++)
        for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
            float4 v = src[(i + p * 8u * blockDim.x) % n];
            a += v.x + v.y + v.z + v.w;
        }
    out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}
