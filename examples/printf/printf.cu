// printf: device printf as CUDA programs use it -- integers of every size and signedness, floats
// (promoted to double), characters, strings (literal and from device memory), pointers, widths,
// precisions and flags, '*' widths, '%%', several calls per thread and a divergent one.
// What it prints is compared with the reference's text (ref.c prints the same with the host's printf).
#include <cstdio>

extern "C" __global__ void hello(const char *name, const int *v, const double *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  printf("thread %d of block %d: v=%d (%u, 0x%08x, %o) x=%.3f %e %g\n", threadIdx.x, blockIdx.x, v[i], (unsigned)v[i],
         (unsigned)v[i], (unsigned)v[i] & 0777, x[i], x[i], x[i]);
  if (i % 3 == 0)
    printf("  [%5d|%-5d|%+d|%05d] %c%c %s/%s %lld %llu %ld %hd %hhu %.2s|%10.4f|%-8.1e|%*d|%%\n", i, -i, i, i, 'a' + i % 26, '!',
           name, "lit", -1234567890123ll * (i + 1), 18446744073709551615ull - i, 1l << 40, (short)(70000 + i), (unsigned char)(300 + i),
           name, (float)x[i] * 2, x[i] / 3, 6, i);
}
