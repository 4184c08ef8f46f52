// tests/hw/micro_host.cu -- runs the microbenchmark scripts of tests/hw/micro/ natively: the same
// launches awemu runs (tests/hw/README.md), each timed with CUDA events.
//
//   micro_host --info                  one JSON object: the GPU, its clocks (the attributes, and the
//                                      SM clock measured as %clock64 over %globaltimer), the driver
//   micro_host REPS SCRIPT...          one JSON line per kernel of each script (below)
//
// A script is read as awemu reads it, for the commands these use: 'load' (ignored: the kernels
// are linked in, from hw_micro.cu), 'alloc NAME TYPE COUNT' (zeroed), 'config off' (the launches
// after it run once, untimed: setup), 'config ANYTHING' (the launches after it are timed),
// 'launch KERNEL GRID BLOCK [shared=BYTES] ARG...', 'print NAME FIRST COUNT' (the values the
// last timed launch left, for the script's '#hw metric' lines).  Anything else is an error.
// A timed launch runs once to warm up, then REPS times, each after L2 is flushed (a read of
// twice its size: caches hold nothing of the kernel's data, as in awemu, where 'config' starts
// a new GPU) between two events.  Per kernel of a script: the sum over its launches of each
// launch's median, minimum and maximum time in microseconds, its registers
// (cudaFuncGetAttributes) and CTAs per SM per launch (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
// Build: nvcc -O2 -arch=sm_90 -o micro_host tests/hw/micro_host.cu
#include "hw_micro.cu"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "micro_host: %s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

// Reads 'n' float4s: what flushes L2 between timed launches, without leaving dirty lines behind.
extern "C" __global__ void hw_flush(const float4 *p, size_t n, float *sink)
{
    float a = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) a += p[i].x;
    if (a == 1234.5f) sink[0] = a;   // never true for the zeros it reads: keeps the loads
}

// The SM clock while a kernel runs: cycles over nanoseconds of one thread spinning ~20 ms.
extern "C" __global__ void hw_clock(unsigned long long *out)
{
    unsigned long long g0, g1;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
    long long c0 = clock64();
    do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1)); while (g1 - g0 < 20000000ull);
    long long c1 = clock64();
    out[0] = (unsigned long long)(c1 - c0);
    out[1] = g1 - g0;
}

static const struct { const char *name; const void *fn; } kernels[] = {
    { "chase_init", (const void *)chase_init }, { "chase", (const void *)chase }, { "copy", (const void *)copy },
    { "alu_indep", (const void *)alu_indep }, { "alu_chain", (const void *)alu_chain }, { "bank", (const void *)bank },
    { "occ", (const void *)occ }, { "empty", (const void *)empty }, { "smem_chase", (const void *)smem_chase },
    { "l2_read", (const void *)l2_read },
};

struct buffer { std::string name; int size; size_t count; void *dev; };
struct kstat { std::string kernel; int launches; double med, min, max; int regs; std::vector<int> ctas; std::string values; };

static void die(const char *script, int line, const char *what, const std::string &w)
{
    fprintf(stderr, "%s:%d: %s '%s'\n", script, line, what, w.c_str());
    exit(2);
}

static int type_size(const std::string &t)
{
    if (t == "u8" || t == "s8") return 1;
    if (t == "u16" || t == "s16") return 2;
    if (t == "u32" || t == "s32" || t == "f32") return 4;
    if (t == "u64" || t == "s64" || t == "f64") return 8;
    return 0;
}

static void dims(const std::string &s, dim3 *d)
{
    unsigned v[3] = { 1, 1, 1 };
    sscanf(s.c_str(), "%u,%u,%u", &v[0], &v[1], &v[2]);
    *d = dim3(v[0], v[1], v[2]);
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static float4 *flush_buf;
static size_t flush_n;
static float *sink;

static void flush_l2(void)
{
    hw_flush<<<1024, 256>>>(flush_buf, flush_n, sink);
}

static void run_script(const char *script, int reps)
{
    FILE *f = fopen(script, "r");
    if (!f) { fprintf(stderr, "micro_host: cannot read %s\n", script); exit(2); }
    std::vector<buffer> bufs;
    std::vector<kstat> stats;
    int timed = 0, lineno = 0, last = -1;
    char line[4096];
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        std::vector<std::string> w;
        for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) w.push_back(t);
        if (w.empty()) continue;
        if (w[0] == "load") continue;
        if (w[0] == "config" && w.size() == 2) { timed = w[1] != "off"; continue; }
        if (w[0] == "alloc" && w.size() == 4) {
            buffer b;
            b.name = w[1];
            b.size = type_size(w[2]);
            b.count = strtoull(w[3].c_str(), NULL, 10);
            if (!b.size || !b.count) die(script, lineno, "bad alloc", w[2]);
            CK(cudaMalloc(&b.dev, b.count * b.size));
            CK(cudaMemset(b.dev, 0, b.count * b.size));
            bufs.push_back(b);
            continue;
        }
        if (w[0] == "launch" && w.size() >= 4) {
            const void *fn = NULL;
            for (auto &k : kernels) if (w[1] == k.name) fn = k.fn;
            if (!fn) die(script, lineno, "no such kernel in hw_micro.cu", w[1]);
            dim3 grid, block;
            dims(w[2], &grid);
            dims(w[3], &block);
            size_t shared = 0, a = 4;
            if (a < w.size() && !w[a].compare(0, 7, "shared=")) shared = strtoull(w[a++].c_str() + 7, NULL, 10);
            std::vector<unsigned long long> store(w.size());
            std::vector<void *> args;
            for (size_t k = 0; a < w.size(); a++, k++) {
                const std::string &x = w[a];
                size_t colon = x.find(':');
                unsigned long long *slot = &store[k];
                if (colon == std::string::npos) {
                    void *p = NULL;
                    for (auto &b : bufs) if (b.name == x) p = b.dev;
                    if (!p) die(script, lineno, "no such buffer", x);
                    *slot = (unsigned long long)(uintptr_t)p;
                } else {
                    std::string t = x.substr(0, colon), v = x.substr(colon + 1);
                    if (t == "f32") { float g = strtof(v.c_str(), NULL); memcpy(slot, &g, 4); }
                    else if (t == "f64") { double g = strtod(v.c_str(), NULL); memcpy(slot, &g, 8); }
                    else if (t == "u32" || t == "s32") { unsigned g = (unsigned)strtoll(v.c_str(), NULL, 0); memcpy(slot, &g, 4); }
                    else if (t == "u64" || t == "s64") *slot = strtoull(v.c_str(), NULL, 0);
                    else die(script, lineno, "unknown argument type", t);
                }
                args.push_back(slot);
            }
            if (shared > 48 * 1024) CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared));
            CK(cudaLaunchKernel(fn, grid, block, args.data(), shared, 0));   // untimed: setup, or the warm-up
            CK(cudaDeviceSynchronize());
            if (!timed) continue;
            std::vector<double> us;
            for (int r = 0; r < reps; r++) {
                flush_l2();
                CK(cudaEventRecord(e0));
                CK(cudaLaunchKernel(fn, grid, block, args.data(), shared, 0));
                CK(cudaEventRecord(e1));
                CK(cudaEventSynchronize(e1));
                float ms;
                CK(cudaEventElapsedTime(&ms, e0, e1));
                us.push_back(ms * 1e3);
            }
            cudaFuncAttributes fa;
            CK(cudaFuncGetAttributes(&fa, fn));
            int nb = 0;
            CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, fn, (int)(block.x * block.y * block.z), shared));
            int s = -1;
            for (size_t k = 0; k < stats.size(); k++) if (stats[k].kernel == w[1]) s = (int)k;
            if (s < 0) { stats.push_back(kstat{ w[1], 0, 0, 0, 0, fa.numRegs, {}, "" }); s = (int)stats.size() - 1; }
            kstat &st = stats[s];
            st.launches++;
            st.med += median(us);
            st.min += *std::min_element(us.begin(), us.end());
            st.max += *std::max_element(us.begin(), us.end());
            st.ctas.push_back(nb);
            last = s;
            continue;
        }
        if (w[0] == "print" && w.size() == 4) {
            buffer *b = NULL;
            for (auto &x : bufs) if (x.name == w[1]) b = &x;
            if (!b || last < 0) die(script, lineno, "print needs a buffer and a timed launch before it", w[1]);
            size_t first = strtoull(w[2].c_str(), NULL, 10), count = strtoull(w[3].c_str(), NULL, 10);
            std::vector<unsigned char> h(count * b->size);
            CK(cudaMemcpy(h.data(), (char *)b->dev + first * b->size, h.size(), cudaMemcpyDeviceToHost));
            std::string &vs = stats[last].values;
            for (size_t k = 0; k < count; k++) {
                unsigned long long v = 0;
                memcpy(&v, &h[k * b->size], b->size);
                char num[32];
                snprintf(num, sizeof num, "%s%llu", vs.empty() ? "" : ", ", v);
                vs += num;
            }
            continue;
        }
        die(script, lineno, "not a command micro_host runs", w[0]);
    }
    fclose(f);
    for (auto &b : bufs) cudaFree(b.dev);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    for (auto &st : stats) {
        printf("{\"suite\": \"micro\", \"script\": \"%s\", \"kernel\": \"%s\", \"launches\": %d, \"reps\": %d, \"median_us\": %.3f, \"min_us\": %.3f, "
               "\"max_us\": %.3f, \"regs\": %d, \"ctas_per_sm\": [", script, st.kernel.c_str(), st.launches, reps, st.med, st.min, st.max, st.regs);
        for (size_t k = 0; k < st.ctas.size(); k++) printf("%s%d", k ? ", " : "", st.ctas[k]);
        printf("], \"values\": [%s]}\n", st.values.c_str());
    }
    fflush(stdout);
}

static void info(void)
{
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int clock_khz = 0, mem_khz = 0, bus = 0, drv = 0, rt = 0;
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0);
    cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0);
    cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, 0);
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    unsigned long long *d, h[2];
    CK(cudaMalloc(&d, 16));
    hw_clock<<<1, 1>>>(d);   // once to warm up, once measured
    CK(cudaDeviceSynchronize());
    hw_clock<<<1, 1>>>(d);
    CK(cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost));
    cudaFree(d);
    printf("{\"name\": \"%s\", \"cc\": \"%d.%d\", \"sms\": %d, \"clock_attr_mhz\": %.1f, \"clock_measured_mhz\": %.1f, "
           "\"mem_clock_attr_mhz\": %.1f, \"bus_bits\": %d, \"l2_bytes\": %d, \"shared_per_sm\": %zu, \"regs_per_sm\": %d, "
           "\"warps_per_sm\": %d, \"cuda_driver\": %d, \"cuda_runtime\": %d}\n",
           p.name, p.major, p.minor, p.multiProcessorCount, clock_khz / 1e3, h[1] ? 1e3 * (double)h[0] / (double)h[1] : 0.0,
           mem_khz / 1e3, bus, p.l2CacheSize, p.sharedMemPerMultiprocessor, p.regsPerMultiprocessor, p.maxThreadsPerMultiProcessor / 32, drv, rt);
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--info")) { info(); return 0; }
    if (argc < 3 || atoi(argv[1]) < 1) { fprintf(stderr, "usage: micro_host --info | micro_host REPS SCRIPT...\n"); return 2; }
    int l2 = 0;
    CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
    flush_n = 2 * (size_t)(l2 > 0 ? l2 : 64 << 20) / sizeof(float4);
    CK(cudaMalloc(&flush_buf, flush_n * sizeof(float4)));
    CK(cudaMemset(flush_buf, 0, flush_n * sizeof(float4)));
    CK(cudaMalloc(&sink, 4));
    for (int k = 2; k < argc; k++) run_script(argv[k], atoi(argv[1]));
    return 0;
}
