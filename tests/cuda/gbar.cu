// tests/cuda/gbar.cu -- a software global barrier across the grid's CTAs (as LonestarGPU's
// GlobalBarrier): thread 0 of each of the 8 CTAs writes contrib[b] = (b+1)^2, adds 1 to count and
// spins until count reaches 8; then every thread sums contrib[0..7] (1+4+...+64 = 204) and writes
// out[b * 64 + t] = 204 + t.  It completes only when all 8 CTAs are resident together
// (awemu exec --resident-ctas 8 or all; tests/checks/resident.sh).  Prints "gbar: PASSED" or
// "gbar: FAILED ..." and exits 0 or 1; a failed launch: "gbar: launch failed: ERROR", exit 1.
#include <cstdio>
#include <cuda_runtime.h>

#define G 8
#define B 64

__global__ void gbar(unsigned *count, unsigned *contrib, unsigned *out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (t == 0) {
    ((volatile unsigned *)contrib)[b] = (b + 1) * (b + 1);
    __threadfence();
    atomicAdd(count, 1u);
    while (*(volatile unsigned *)count < G) {}
  }
  __syncthreads();
  unsigned sum = 0;
  for (int k = 0; k < G; k++) sum += ((volatile unsigned *)contrib)[k];
  out[b * B + t] = sum + t;
}

int main() {
  unsigned *count, *contrib, *out, host[G * B];
  cudaMalloc(&count, sizeof(unsigned));
  cudaMalloc(&contrib, G * sizeof(unsigned));
  cudaMalloc(&out, sizeof host);
  cudaMemset(count, 0, sizeof(unsigned));
  gbar<<<G, B>>>(count, contrib, out);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("gbar: launch failed: %s\n", cudaGetErrorName(e)); return 1; }
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < G * B; i++)
    if (host[i] != 204u + (unsigned)(i % B)) { printf("gbar: FAILED at %d: %u, want %u\n", i, host[i], 204u + (unsigned)(i % B)); return 1; }
  printf("gbar: PASSED\n");
  return 0;
}
