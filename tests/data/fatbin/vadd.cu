// tests/data/fatbin/vadd.cu -- the kernel of the fat binaries test_fatbin reads (tests/data/fatbin/README.md)
__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
