// pastend: a kernel that reads one element before and one past its buffer, as real programs do
// (a 3-point smoothing that loads both neighbours unconditionally and discards the ones outside
// [0, n) afterwards).  On a GPU it runs: the allocator packs buffers into pages that stay mapped.
// Under awemu it runs too, and memcheck (awemu run --memcheck) reports the two stray loads, as
// compute-sanitizer --tool memcheck does: a[-1] by thread 0 and a[n] by thread n - 1.
extern "C" __global__ void smooth(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float l = a[i - 1], c = a[i], r = a[i + 1];
  if (i == 0) l = c;
  if (i == n - 1) r = c;
  out[i] = 0.25f * l + 0.5f * c + 0.25f * r;
}
