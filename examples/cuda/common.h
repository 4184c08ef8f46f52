// examples/cuda/common.h -- what CUDA samples and Rodinia programs use: an error-checking macro.
#pragma once
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                                   \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "CUDA error at %s:%d: %s (%s)\n", __FILE__, __LINE__,                \
              cudaGetErrorString(err_), cudaGetErrorName(err_));                           \
      exit(EXIT_FAILURE);                                                                  \
    }                                                                                      \
  } while (0)

// After a launch: the launch's own error, then the kernel's.
#define CUDA_CHECK_KERNEL()                                                                \
  do {                                                                                     \
    CUDA_CHECK(cudaGetLastError());                                                        \
    CUDA_CHECK(cudaDeviceSynchronize());                                                   \
  } while (0)
