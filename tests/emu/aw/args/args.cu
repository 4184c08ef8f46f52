// tests/emu/aw/args/args.cu -- launch arguments a run script writes as a C host program would:
// a by-value struct (mixed field sizes, a pointer, a __half), buffer+offset pointers, f16 and bf16 scalars.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

struct P { float a; int n; double b; const int *src; __half h; };   // a@0 n@4 b@8 src@16 h@24, 32 bytes

extern "C" __global__ void sargs(P p, int *dst, __half h2, __nv_bfloat16 b2, float *fout) {
  int i = threadIdx.x;
  if (i < p.n) dst[i] = p.src[i] * 2 + (int)p.a;
  if (i == 0) {
    fout[0] = (float)p.b;
    fout[1] = __half2float(p.h);
    fout[2] = __half2float(h2);
    fout[3] = __bfloat162float(b2);
  }
}
