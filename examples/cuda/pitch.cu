// examples/cuda/pitch.cu -- a 2D array in pitched memory: cudaMallocPitch, cudaMemcpy2D both ways,
// cudaMemset of a range, a transpose kernel that walks rows by the pitch.
#include "common.h"
#include <vector>

__global__ void transpose(const float *in, size_t in_pitch, float *out, size_t out_pitch, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    const float *row = (const float *)((const char *)in + y * in_pitch);
    float *orow = (float *)((char *)out + x * out_pitch);
    orow[y] = row[x];
  }
}

int main(void) {
  const int w = 77, h = 45;
  std::vector<float> a(w * h), t(w * h, -1.0f);
  for (int i = 0; i < w * h; i++) a[i] = (float)i * 0.25f;
  float *din, *dout;
  size_t pin, pout;
  CUDA_CHECK(cudaMallocPitch(&din, &pin, w * sizeof(float), h));
  CUDA_CHECK(cudaMallocPitch(&dout, &pout, h * sizeof(float), w));
  if (pin < w * sizeof(float) || pout < h * sizeof(float)) { printf("bad pitches %zu %zu\n", pin, pout); return EXIT_FAILURE; }
  CUDA_CHECK(cudaMemset(dout, 0xff, pout * w));
  CUDA_CHECK(cudaMemcpy2D(din, pin, a.data(), w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
  dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  transpose<<<grid, block>>>(din, pin, dout, pout, w, h);
  CUDA_CHECK_KERNEL();
  CUDA_CHECK(cudaMemcpy2D(t.data(), h * sizeof(float), dout, pout, h * sizeof(float), w, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) if (t[x * h + y] != a[y * w + x]) bad++;
  // zero a middle band of rows of the input and read one row back
  CUDA_CHECK(cudaMemset((char *)din + 10 * pin, 0, 5 * pin));
  std::vector<float> row(w);
  CUDA_CHECK(cudaMemcpy(row.data(), (char *)din + 12 * pin, w * sizeof(float), cudaMemcpyDeviceToHost));
  for (int x = 0; x < w; x++) if (row[x] != 0.0f) bad++;
  CUDA_CHECK(cudaMemcpy(row.data(), (char *)din + 15 * pin, w * sizeof(float), cudaMemcpyDeviceToHost));
  for (int x = 0; x < w; x++) if (row[x] != a[15 * w + x]) bad++;
  printf("transpose of %dx%d through pitched memory (pitches %zu and %zu bytes): %s\n", w, h, pin, pout, bad ? "FAILED" : "PASSED");
  cudaFree(din); cudaFree(dout);
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
