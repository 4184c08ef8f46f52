// examples/cuda/oob.cu -- a deliberate out-of-bounds store: the program's own error check must fire
// (awemu prints its fault report first: kernel, CTA, warp, lane, pc, source line, address).
#include "common.h"

__global__ void scatter(int *a, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[(size_t)i * stride] = i;   // stride far too large: lanes past the first write outside any allocation
}

int main(void) {
  int *a;
  CUDA_CHECK(cudaMalloc(&a, 64 * sizeof(int)));
  scatter<<<1, 64>>>(a, 64, 1 << 22);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  printf("the out-of-bounds store was not caught\n");
  return EXIT_SUCCESS;
}
