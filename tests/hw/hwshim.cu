// tests/hw/hwshim.cu -- times every kernel launch of an unmodified CUDA program (the programs of
// examples/cuda, built with nvcc -cudart shared as make cuda builds them): preloaded
// (LD_PRELOAD=libhwshim.so), it takes the runtime's launch entry points (cudaLaunchKernel, and
// __cudaLaunchKernel and its _ptsz twin, which <<<...>>> calls since CUDA 13, with the kernel
// handles __cudaGetKernel gave), puts the launch between two events on its stream, waits for the
// second, and appends 'INDEX NAME MICROSECONDS' to the file $HWSHIM_OUT (NAME: cudaFuncGetName's,
// blanks made '_'; compare.sh matches it with awemu's mangled names and their demangled forms).
// Waiting after each launch serializes streams: each time is the kernel's alone.
// tests/hw/run.sh runs each program several times and tests/hw/hwagg.c makes the JSON lines.
// Build: nvcc -O2 -shared -Xcompiler -fPIC -cudart shared -o libhwshim.so tests/hw/hwshim.cu -ldl
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static int index_;
static struct { cudaKernel_t k; const void *fun; } handles[1024];   // __cudaGetKernel's answers
static int nhandles;

static void *real(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) fprintf(stderr, "hwshim: no %s in the CUDA runtime\n", name);
    return f;
}

// Appends the launch's line once its end event is reached.
static void report(const void *fun, cudaEvent_t e0, cudaEvent_t e1)
{
    float ms = 0;
    const char *name = NULL;
    if (!fun || cudaFuncGetName(&name, fun) != cudaSuccess || !name) {
        name = "?";
        cudaGetLastError();   // (our call's error, not the program's: its launch succeeded)
    }
    char word[512];
    snprintf(word, sizeof word, "%s", name);
    for (char *c = word; *c; c++) if (*c == ' ' || *c == '\t' || *c == '"' || *c == '\\') *c = '_';
    const char *out = getenv("HWSHIM_OUT");
    FILE *f = out ? fopen(out, "a") : NULL;
    if (f && cudaEventElapsedTime(&ms, e0, e1) == cudaSuccess) fprintf(f, "%d %s %.3f\n", index_, word, ms * 1e3);
    if (f) fclose(f);
}

#define TIMED(call, fun, stream) do { \
    cudaEvent_t e0, e1; \
    int timed_ = cudaEventCreate(&e0) == cudaSuccess && cudaEventCreate(&e1) == cudaSuccess && cudaEventRecord(e0, stream) == cudaSuccess; \
    cudaError_t r_ = call; \
    if (timed_ && r_ == cudaSuccess && cudaEventRecord(e1, stream) == cudaSuccess && cudaEventSynchronize(e1) == cudaSuccess) report(fun, e0, e1); \
    index_++; \
    if (timed_) { cudaEventDestroy(e0); cudaEventDestroy(e1); } \
    return r_; \
} while (0)

typedef cudaError_t (*launch_fn)(const void *, dim3, dim3, void **, size_t, cudaStream_t);
typedef cudaError_t (*klaunch_fn)(cudaKernel_t, dim3, dim3, void **, size_t, cudaStream_t);
typedef cudaError_t (*getkernel_fn)(cudaKernel_t *, const void *);

extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream)
{
    static launch_fn f;
    if (!f && !(f = (launch_fn)real("cudaLaunchKernel"))) return cudaErrorUnknown;
    TIMED(f(func, grid, block, args, shared, stream), func, stream);
}

extern "C" cudaError_t __cudaGetKernel(cudaKernel_t *k, const void *fun)
{
    static getkernel_fn f;
    if (!f && !(f = (getkernel_fn)real("__cudaGetKernel"))) return cudaErrorUnknown;
    cudaError_t r = f(k, fun);
    if (r == cudaSuccess && nhandles < 1024) { handles[nhandles].k = *k; handles[nhandles].fun = fun; nhandles++; }
    return r;
}

static const void *fun_of(cudaKernel_t k)
{
    for (int i = 0; i < nhandles; i++) if (handles[i].k == k) return handles[i].fun;
    return NULL;
}

extern "C" cudaError_t __cudaLaunchKernel(cudaKernel_t k, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream)
{
    static klaunch_fn f;
    if (!f && !(f = (klaunch_fn)real("__cudaLaunchKernel"))) return cudaErrorUnknown;
    TIMED(f(k, grid, block, args, shared, stream), fun_of(k), stream);
}

extern "C" cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t k, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream)
{
    static klaunch_fn f;
    if (!f && !(f = (klaunch_fn)real("__cudaLaunchKernel_ptsz"))) return cudaErrorUnknown;
    TIMED(f(k, grid, block, args, shared, stream), fun_of(k), stream);
}
