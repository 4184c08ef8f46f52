// tests/hw/hwshim.cu -- times every kernel launch of an unmodified CUDA program (the programs of
// examples/cuda, built with nvcc -cudart shared as make cuda builds them): preloaded
// (LD_PRELOAD=libhwshim.so), it takes cudaLaunchKernel, puts the launch between two events on its
// stream, waits for the second, and appends 'INDEX NAME MICROSECONDS' to the file $HWSHIM_OUT
// (NAME: cudaFuncGetName's, the mangled name awemu's statistics use).  Waiting after each launch
// serializes streams: each time is the kernel's alone.  tests/hw/run.sh runs each program
// several times and tests/hw/hwagg.c makes the JSON lines.
// Build: nvcc -O2 -shared -Xcompiler -fPIC -cudart shared -o libhwshim.so tests/hw/hwshim.cu -ldl
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef cudaError_t (*launch_fn)(const void *, dim3, dim3, void **, size_t, cudaStream_t);
static int index_;

extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream)
{
    static launch_fn real;
    if (!real) real = (launch_fn)dlsym(RTLD_NEXT, "cudaLaunchKernel");
    if (!real) return cudaErrorUnknown;
    cudaEvent_t e0, e1;
    int timed = cudaEventCreate(&e0) == cudaSuccess && cudaEventCreate(&e1) == cudaSuccess && cudaEventRecord(e0, stream) == cudaSuccess;
    cudaError_t r = real(func, grid, block, args, shared, stream);
    if (timed && r == cudaSuccess && cudaEventRecord(e1, stream) == cudaSuccess && cudaEventSynchronize(e1) == cudaSuccess) {
        float ms = 0;
        const char *name = NULL;
        if (cudaFuncGetName(&name, func) != cudaSuccess || !name) name = "?";
        const char *out = getenv("HWSHIM_OUT");
        FILE *f = out ? fopen(out, "a") : NULL;
        if (f && cudaEventElapsedTime(&ms, e0, e1) == cudaSuccess) fprintf(f, "%d %s %.3f\n", index_, name, ms * 1e3);
        if (f) fclose(f);
    }
    index_++;
    if (timed) { cudaEventDestroy(e0); cudaEventDestroy(e1); }
    return r;
}
