// examples/cuda/hello.cu -- printf from a kernel: each thread's line whole, as CUDA prints it.
#include "common.h"

__global__ void hello(int iteration, float scale) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 3 == 0) printf("iteration %d: block %d thread %d says %.2f and %s\n", iteration, blockIdx.x, threadIdx.x, t * scale, t % 2 ? "odd" : "even");
}

int main(void) {
  for (int it = 0; it < 2; it++) {
    hello<<<2, 4>>>(it, 0.5f);
    CUDA_CHECK_KERNEL();
  }
  printf("done\n");
  return EXIT_SUCCESS;
}
