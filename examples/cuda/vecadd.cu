// examples/cuda/vecadd.cu -- the CUDA samples' vectorAdd: device properties, events, error checks.
#include "common.h"
#include <cmath>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i] + 0.0f;
}

int main(void) {
  cudaDeviceProp prop;
  int dev = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  printf("device: %d SMs, warp size %d, %d threads per SM, compute capability %d.%d\n", prop.multiProcessorCount,
         prop.warpSize, prop.maxThreadsPerMultiProcessor, prop.major, prop.minor);
  const int n = 50000;
  size_t bytes = n * sizeof(float);
  float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) { ha[i] = (float)((i * 7919) % 1000) / 1000.0f; hb[i] = (float)((i * 104729) % 997) / 997.0f; }
  float *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, bytes));
  CUDA_CHECK(cudaMalloc(&db, bytes));
  CUDA_CHECK(cudaMalloc(&dc, bytes));
  CUDA_CHECK(cudaMemcpy(da, ha, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb, bytes, cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  int threads = 256, blocks = (n + threads - 1) / threads;
  CUDA_CHECK(cudaEventRecord(start));
  vectorAdd<<<blocks, threads>>>(da, db, dc, n);
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK_KERNEL();
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaMemcpy(hc, dc, bytes, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) if (hc[i] != ha[i] + hb[i]) bad++;   // IEEE addition: exact on both sides
  printf("vectorAdd of %d elements in %d blocks: %s (event time %s)\n", n, blocks, bad ? "FAILED" : "PASSED", ms >= 0 ? "measured" : "negative");
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  free(ha); free(hb); free(hc);
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
