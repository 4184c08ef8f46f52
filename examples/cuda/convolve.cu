// examples/cuda/convolve.cu -- a separable-filter row pass as the CUDA samples write it: the filter in
// __constant__ memory set with cudaMemcpyToSymbol, a template kernel on the filter radius, __device__ data
// read back with cudaMemcpyFromSymbol and cudaGetSymbolAddress.
#include "common.h"
#include <vector>

#define MAX_RADIUS 8
__constant__ float c_filter[2 * MAX_RADIUS + 1];
__device__ unsigned d_clamped;   // how many taps fell outside the row (counted by the kernel)

template <int R>
__global__ void convolveRows(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w || y >= h) return;
  float s = 0.0f;
  for (int k = -R; k <= R; k++) {
    int xx = x + k;
    if (xx < 0 || xx >= w) { atomicAdd(&d_clamped, 1u); xx = xx < 0 ? 0 : w - 1; }
    s = fmaf(c_filter[R + k], in[y * w + xx], s);
  }
  out[y * w + x] = s;
}

template <int R>
static int run(const std::vector<float> &img, int w, int h) {
  float filter[2 * R + 1];
  for (int k = 0; k <= 2 * R; k++) filter[k] = 1.0f / (float)(1 + (k - R) * (k - R));
  CUDA_CHECK(cudaMemcpyToSymbol(c_filter, filter, sizeof filter));
  unsigned zero = 0;
  CUDA_CHECK(cudaMemcpyToSymbol(d_clamped, &zero, sizeof zero));
  float *din, *dout;
  size_t bytes = img.size() * sizeof(float);
  CUDA_CHECK(cudaMalloc(&din, bytes));
  CUDA_CHECK(cudaMalloc(&dout, bytes));
  CUDA_CHECK(cudaMemcpy(din, img.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(64), grid((w + 63) / 64, h);
  convolveRows<R><<<grid, block>>>(din, dout, w, h);
  CUDA_CHECK_KERNEL();
  std::vector<float> out(img.size());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, bytes, cudaMemcpyDeviceToHost));
  unsigned clamped = 0, *pclamped = nullptr;
  CUDA_CHECK(cudaMemcpyFromSymbol(&clamped, d_clamped, sizeof clamped));
  CUDA_CHECK(cudaGetSymbolAddress((void **)&pclamped, d_clamped));
  unsigned again = 0;
  CUDA_CHECK(cudaMemcpy(&again, pclamped, sizeof again, cudaMemcpyDeviceToHost));
  int bad = 0;
  unsigned want_clamped = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {   // the same fused multiply-adds in the same order: bit-exact
      float s = 0.0f;
      for (int k = -R; k <= R; k++) {
        int xx = x + k;
        if (xx < 0 || xx >= w) { want_clamped++; xx = xx < 0 ? 0 : w - 1; }
        s = fmaf(filter[R + k], img[y * w + xx], s);
      }
      if (out[y * w + x] != s) bad++;
    }
  printf("convolveRows<%d> on %dx%d: %s, %u taps clamped (read back twice: %u)\n", R, w, h,
         bad || clamped != want_clamped || again != clamped ? "FAILED" : "PASSED", clamped, again);
  cudaFree(din); cudaFree(dout);
  return bad || clamped != want_clamped || again != clamped;
}

int main(void) {
  const int w = 200, h = 24;
  std::vector<float> img(w * h);
  for (int i = 0; i < w * h; i++) img[i] = (float)((i * 37) % 101) / 101.0f;
  int bad = run<1>(img, w, h) + run<4>(img, w, h) + run<MAX_RADIUS>(img, w, h);
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
