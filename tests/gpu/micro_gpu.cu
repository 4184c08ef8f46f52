// tests/gpu/micro_gpu.cu -- the timing model's microbenchmarks (tests/timing/micro/micro.cu, the
// same kernels) run on a real GPU, to put measured latencies and bandwidth beside a preset's
// (tests/gpu/README.md).  Prints one line per measurement.
//   nvcc -O2 -arch=sm_90 -o micro_gpu tests/gpu/micro_gpu.cu && ./micro_gpu  (-arch: your GPU)
#include "../timing/micro/micro.cu"
#include <cstdio>
#include <cstdlib>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

// Cycles per step of one thread's chase over n pointers 'stride' bytes apart: a warm pass first
// (four over small sets; none past 64 MiB, which no cache holds)
static double chase_cycles(unsigned long long *buf, unsigned n, unsigned long long stride, unsigned steps, unsigned long long *out)
{
    chase_init<<<1, 1>>>(buf, n, stride / 8);
    CK(cudaDeviceSynchronize());
    chase<<<1, 1>>>(buf, n < 4096 ? n * 4 : (unsigned long long)n * stride <= (64ull << 20) ? n : 0, steps, out);
    CK(cudaDeviceSynchronize());
    unsigned long long h[2];
    CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    return (double)h[0] / steps;
}

int main()
{
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int clock_khz = 0, mem_khz = 0, bus = 0;
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0);
    cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0);
    cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, 0);
    double peak = 2.0 * mem_khz * 1e3 * bus / 8;   // bytes/s, double data rate
    printf("device %s: %d SMs, sm_%d%d, SM clock %.0f MHz (attribute), memory %.0f MHz x %d bits (peak %.0f GB/s), L2 %d KiB, "
           "shared/SM %zu KiB, registers/SM %d, warps/SM %d\n",
           p.name, p.multiProcessorCount, p.major, p.minor, clock_khz / 1e3, mem_khz / 1e3, bus, peak / 1e9,
           p.l2CacheSize / 1024, p.sharedMemPerMultiprocessor / 1024, p.regsPerMultiprocessor, p.maxThreadsPerMultiProcessor / 32);

    // latency: pointer chase, one thread, 128-byte stride (one line per step), then a wide stride
    unsigned long long *buf, *out;
    size_t big = 1ull << 31;
    CK(cudaMalloc(&buf, big));
    CK(cudaMalloc(&out, 64));
    const unsigned long long sizes[] = { 4ull << 10, 16ull << 10, 64ull << 10, 192ull << 10, 1ull << 20, 4ull << 20,
                                         16ull << 20, 40ull << 20, 128ull << 20, 512ull << 20, 1ull << 31 };
    for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        unsigned n = (unsigned)(sizes[k] / 128);
        printf("chase: working set %8llu KiB, stride 128 B: %7.1f cycles per load\n", sizes[k] >> 10, chase_cycles(buf, n, 128, 8192, out));
    }
    // every step to another 2 MiB page and DRAM row: TLB and row misses included
    printf("chase: 1024 pointers 2 MiB + 4 KiB apart: %7.1f cycles per load\n", chase_cycles(buf, 1000, (2ull << 20) + 4096, 4096, out));

    // ALU: a dependent chain of fma in one warp
    float *fo;
    CK(cudaMalloc(&fo, 64ull << 20));
    alu_chain<<<1, 32>>>(fo, 4096, out);
    CK(cudaDeviceSynchronize());
    unsigned long long cyc;
    CK(cudaMemcpy(&cyc, out, 8, cudaMemcpyDeviceToHost));
    printf("alu_chain: %.2f cycles per dependent fma (one warp, %u fma)\n", (double)cyc / (4096.0 * 16), 4096 * 16);

    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    // ALU: independent fma, every SM full
    {
        unsigned blocks = p.multiProcessorCount * 8, iters = 1u << 16;
        alu_indep<<<blocks, 256>>>(fo, 16);
        CK(cudaDeviceSynchronize());
        cudaEventRecord(e0);
        alu_indep<<<blocks, 256>>>(fo, iters);
        cudaEventRecord(e1);
        CK(cudaEventSynchronize(e1));
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        double warp_fma = (double)blocks * 8 * iters * 4;    // 8 warps a block, 4 fma an iteration
        double per_sm_cycle = warp_fma / (ms * 1e-3) / p.multiProcessorCount / (clock_khz * 1e3);
        printf("alu_indep: %.0f warp fma in %.3f ms: %.2f warp instructions per SM per cycle at the attribute clock\n", warp_fma, ms, per_sm_cycle);
    }
    // bandwidth: streaming copy of 1 GiB
    {
        size_t bytes = 1ull << 30;
        float4 *src = (float4 *)buf, *dst = (float4 *)((char *)buf + bytes);
        unsigned n = (unsigned)(bytes / 16);
        unsigned blocks = p.multiProcessorCount * 8;
        copy<<<blocks, 256>>>(src, dst, n);
        CK(cudaDeviceSynchronize());
        float best = 1e30f;
        for (int r = 0; r < 5; r++) {
            cudaEventRecord(e0);
            copy<<<blocks, 256>>>(src, dst, n);
            cudaEventRecord(e1);
            CK(cudaEventSynchronize(e1));
            float ms;
            cudaEventElapsedTime(&ms, e0, e1);
            if (ms < best) best = ms;
        }
        double bw = 2.0 * bytes / (best * 1e-3);
        printf("copy: 1 GiB read + 1 GiB written in %.3f ms: %.0f GB/s, %.1f%% of the %.0f GB/s peak\n", best, bw / 1e9, 100 * bw / peak, peak / 1e9);
    }
    // shared-memory bank conflicts: one warp, 'stride' words between lanes
    {
        unsigned *so;
        CK(cudaMalloc(&so, 4096));
        double base = 0;
        for (unsigned s = 1; s <= 32; s *= 2) {
            bank<<<1, 32>>>(s, 64, so);
            CK(cudaDeviceSynchronize());
            cudaEventRecord(e0);
            bank<<<1, 32>>>(s, 1u << 14, so);
            cudaEventRecord(e1);
            CK(cudaEventSynchronize(e1));
            float ms;
            cudaEventElapsedTime(&ms, e0, e1);
            double ns_per_load = ms * 1e6 / ((double)(1u << 14) * 32);
            if (s == 1) base = ns_per_load;
            printf("bank: %2u-way conflict: %.3f ns per warp load, %.2f times the conflict-free\n", s, ns_per_load, ns_per_load / base);
        }
    }
    // occupancy: the CUDA occupancy calculator for occ with dynamic shared memory
    {
        const int bs[] = { 64, 128, 256, 512, 1024 };
        const size_t sh[] = { 0, 8 << 10, 32 << 10, 100 << 10 };
        cudaFuncSetAttribute(occ, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 << 10);
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 4; j++) {
                int nb = 0;
                cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, occ, bs[i], sh[j]);
                printf("occupancy: block %4d, %6zu B dynamic shared: %d blocks, %d warps per SM\n", bs[i], sh[j], nb, nb * bs[i] / 32);
            }
    }
    return 0;
}
