// halfops: what cuda_fp16.h and cuda_bf16.h compile to -- __half2 and __nv_bfloat16 arithmetic.
//   axpy_half2:  y = a * x + y on packed __half2 pairs with __hfma2, then __hadd2 / __hmul2 of a
//                bias, from float inputs converted with __floats2half2_rn (cvt.rn.f16.f32, packing)
//   bf16_dot:    per thread, an 8-term dot product of __nv_bfloat16 values accumulated with __hfma
//                in bf16, and the same accumulated in float (__bfloat162float) for comparison
#include <cuda_fp16.h>
#include <cuda_bf16.h>

extern "C" __global__ void axpy_half2(const float *xf, const __half2 *yin, __half2 *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = __floats2half2_rn(xf[2 * i], xf[2 * i + 1]);
  __half2 aa = __float2half2_rn(a);
  __half2 r = __hfma2(aa, x, yin[i]);
  r = __hadd2(r, __floats2half2_rn(0.5f, -0.25f));
  r = __hmul2(r, __floats2half2_rn(1.5f, 0.75f));
  y[i] = r;
}

extern "C" __global__ void bf16_dot(const __nv_bfloat16 *a, const __nv_bfloat16 *b, __nv_bfloat16 *out, float *outf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 s = __float2bfloat16(0.0f);
  float sf = 0.0f;
  for (int k = 0; k < 8; k++) {
    __nv_bfloat16 x = a[8 * i + k], z = b[8 * i + k];
    s = __hfma(x, z, s);
    sf += __bfloat162float(x) * __bfloat162float(z);
  }
  out[i] = s;
  outf[i] = sf;
}
