// examples/cuda/streams.cu -- the CUDA samples' simpleStreams pattern: pinned host memory, work split
// over streams, each chunk copied in, processed and copied out with cudaMemcpyAsync, events per stream.
#include "common.h"

__global__ void scaleAdd(int *data, int n, int factor, int offset) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) data[i] = data[i] * factor + offset;
}

int main(void) {
  const int nstreams = 4, n = 1 << 16, chunk = n / nstreams;
  int *h, *d;
  CUDA_CHECK(cudaMallocHost(&h, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(int)));
  for (int i = 0; i < n; i++) h[i] = i;
  cudaStream_t s[nstreams];
  cudaEvent_t done[nstreams];
  for (int k = 0; k < nstreams; k++) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&s[k], cudaStreamNonBlocking));
    CUDA_CHECK(cudaEventCreateWithFlags(&done[k], cudaEventDefault));
  }
  for (int k = 0; k < nstreams; k++) {
    int *hp = h + k * chunk, *dp = d + k * chunk;
    CUDA_CHECK(cudaMemcpyAsync(dp, hp, chunk * sizeof(int), cudaMemcpyHostToDevice, s[k]));
    scaleAdd<<<32, 128, 0, s[k]>>>(dp, chunk, k + 2, 1000 * k);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(hp, dp, chunk * sizeof(int), cudaMemcpyDeviceToHost, s[k]));
    CUDA_CHECK(cudaEventRecord(done[k], s[k]));
  }
  for (int k = 0; k < nstreams; k++) CUDA_CHECK(cudaStreamWaitEvent(s[0], done[k], 0));
  CUDA_CHECK(cudaStreamSynchronize(s[0]));
  for (int k = 0; k < nstreams; k++) CUDA_CHECK(cudaStreamSynchronize(s[k]));
  CUDA_CHECK(cudaDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; i++) { int k = i / chunk; if (h[i] != i * (k + 2) + 1000 * k) bad++; }
  // and a device-to-device copy of the whole array, checked once more
  int *d2;
  CUDA_CHECK(cudaMalloc(&d2, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d2, d, n * sizeof(int), cudaMemcpyDeviceToDevice));
  CUDA_CHECK(cudaMemset(d, 0, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(h, d2, n * sizeof(int), cudaMemcpyDefault));
  for (int i = 0; i < n; i++) { int k = i / chunk; if (h[i] != i * (k + 2) + 1000 * k) bad++; }
  printf("%d streams, %d elements: %s\n", nstreams, n, bad ? "FAILED" : "PASSED");
  for (int k = 0; k < nstreams; k++) { cudaStreamDestroy(s[k]); cudaEventDestroy(done[k]); }
  CUDA_CHECK(cudaFreeHost(h));
  CUDA_CHECK(cudaFree(d));
  CUDA_CHECK(cudaFree(d2));
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
