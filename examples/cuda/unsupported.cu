// examples/cuda/unsupported.cu -- a call awemu's runtime does not implement: a named error, never a crash.
#include "common.h"

int main(void) {
  int can = -1;
  cudaError_t e = cudaDeviceCanAccessPeer(&can, 0, 1);
  printf("cudaDeviceCanAccessPeer: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
  CUDA_CHECK(cudaGetLastError());   // the error is reported here too, through the program's own check
  return EXIT_SUCCESS;
}
