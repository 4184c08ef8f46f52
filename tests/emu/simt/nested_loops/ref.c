/* Reference for tests/emu/simt/nested_loops, launch 1 x 80 (warps of 32, 32, 16 lanes),
 * random A in 0..4, B in 0..15, C in 0..3.  Each lane's log is its own sequence of points;
 * the mask logged at a point is the set of lanes of the warp whose path reaches the same
 * point in the same iteration (structured code: that is where the lanes reconverge).
 * Writes a.bin, b.bin, c.bin (inputs), log.bin (u32 [80][64]), cnt.bin.  Usage: ref OUTDIR */
#include "../../../../examples/ref_common.h"   /* splitmix64, write_u32, ref_init */

#define N 80
enum { P_INNER, P_ELSE, P_JOIN, P_DONE };

static uint32_t A[N], B[N], C[N];

static int reaches(int l, int point, uint32_t i, uint32_t j) {
  switch (point) {
  case P_INNER: return i < A[l] && (B[l] >> i & 1) && j < C[l] + i;
  case P_ELSE: return i < A[l] && !(B[l] >> i & 1);
  case P_JOIN: return i < A[l];
  default: return 1;
  }
}

static uint32_t mask(int t, int point, uint32_t i, uint32_t j) {
  uint32_t m = 0;
  for (int l = 0; l < 32; l++) {
    int u = t / 32 * 32 + l;
    if (u < N && reaches(u, point, i, j)) m |= 1u << l;
  }
  return m;
}

int main(int argc, char **argv) {
  ref_init(argc, argv);
  rng_seed(4242);
  static uint32_t log[N * 64], cnt[N];
  for (int t = 0; t < N; t++) { A[t] = (uint32_t)(rng_u64() % 5); B[t] = (uint32_t)(rng_u64() % 16); C[t] = (uint32_t)(rng_u64() % 4); }
  for (int t = 0; t < N; t++) {
    uint32_t n = 0, *lg = &log[t * 64];
    for (uint32_t i = 0; i < A[t]; i++) {
      if (B[t] >> i & 1) {
        for (uint32_t j = 0; j < C[t] + i; j++) lg[n++] = mask(t, P_INNER, i, j);
      } else lg[n++] = mask(t, P_ELSE, i, 0);
      lg[n++] = mask(t, P_JOIN, i, 0);
    }
    lg[n++] = mask(t, P_DONE, 0, 0);
    cnt[t] = n;
  }
  write_u32("a.bin", A, N);
  write_u32("b.bin", B, N);
  write_u32("c.bin", C, N);
  write_u32("log.bin", log, N * 64);
  write_u32("cnt.bin", cnt, N);
  return 0;
}
