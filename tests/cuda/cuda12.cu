// tests/cuda/cuda12.cu -- a CUDA 12 program, as near as nvcc 13 makes one (tests/checks/cuda12.sh).
//
// Built with nvcc -cudart none and linked against awemu's libcudart.so.12, it needs
// libcudart.so.12 (DT_NEEDED) and calls its entry points at version libcudart.so.12, as a
// program of a CUDA 12 toolkit does.  The registration and launch calls are the same in CUDA 12
// (crt/host_runtime.h of 12.4: __cudaRegisterFatBinary, __cudaRegisterFunction, <<<>>> through
// __cudaPushCallConfiguration, __cudaPopCallConfiguration, __cudaGetKernel and
// __cudaLaunchKernel; cudaLaunchKernel under __NV_LEGACY_LAUNCH, as 12.0 to 12.3 did), so
// nvcc 13 writes them as nvcc 12 would.  What differs is declared here by hand: CUDA 12's
// headers turn cudaGetDeviceProperties into cudaGetDeviceProperties_v2, whose struct is read at
// CUDA 12.8's offsets, and cudaPointerAttributes is 24 bytes.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

extern "C" cudaError_t cudaGetDeviceProperties_v2(void *prop, int device);   // CUDA 12's name

__global__ void twice(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * i;
}

static int i32(const unsigned char *p, size_t off) { int v; memcpy(&v, p + off, sizeof v); return v; }

int main() {
  unsigned char prop[1032 + 64];
  memset(prop, 0xa5, sizeof prop);
  cudaError_t e = cudaGetDeviceProperties_v2(prop, 0);
  int tail = 1;
  for (size_t i = 1032; i < sizeof prop; i++) tail &= prop[i] == 0xa5;
  // multiProcessorCount 388, major 360, minor 364, clockRate 348, memoryClockRate 608
  printf("%s: %d SMs, compute capability %d.%d, clockRate %d kHz, memoryClockRate %d kHz, %s\n", cudaGetErrorName(e),
         i32(prop, 388), i32(prop, 360), i32(prop, 364), i32(prop, 348), i32(prop, 608), tail ? "nothing past 1032 bytes" : "WRITTEN PAST 1032 BYTES");
  int rv = 0;
  cudaRuntimeGetVersion(&rv);
  printf("runtime %d\n", rv);

  const int n = 1000;
  int *d = NULL, h[n];
  cudaMalloc(&d, n * sizeof(int));
  twice<<<(n + 255) / 256, 256>>>(d, n);                  // 12.4 on: __cudaGetKernel, __cudaLaunchKernel
  cudaError_t e1 = cudaDeviceSynchronize();
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += h[i] != 2 * i;
  cudaMemset(d, 0, n * sizeof(int));
  int nn = n;
  void *args[] = { &d, &nn };
  cudaError_t e2 = cudaLaunchKernel((const void *)twice, dim3(4), dim3(256), args, 0, 0);   // 12.0 to 12.3's <<<>>>
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) wrong += h[i] != 2 * i;
  printf("<<<>>> %s, cudaLaunchKernel %s: %d wrong elements\n", cudaGetErrorName(e1), cudaGetErrorName(e2), wrong);

  unsigned char a[24 + 64];
  memset(a, 0xa5, sizeof a);
  e = cudaPointerGetAttributes((cudaPointerAttributes *)a, d);   // CUDA 12's struct: 24 bytes
  tail = 1;
  for (size_t i = 24; i < sizeof a; i++) tail &= a[i] == 0xa5;
  printf("cudaPointerGetAttributes %s: type %d, %s\n", cudaGetErrorName(e), i32(a, 0), tail ? "nothing past 24 bytes" : "WRITTEN PAST 24 BYTES");
  cudaFree(d);
  return wrong != 0;
}
