// warpops: what CUB-style and cooperative-groups code emits for sm_80+ warp-level integer work.
//   int8_dot:     an int8 dot product per row, four bytes at a time with __dp4a (dp4a.s32.s32), the
//                 unsigned form (__dp4a on unsigned), the mixed one (inline asm: no intrinsic has it) and
//                 the 2-way forms (__dp2a_lo, __dp2a_hi) on the same data,
//                 and the row's sum by a cooperative-groups warp reduction (cg::reduce: redux.sync.add)
//   warp_stats:   per warp: min, max, and/or/xor of the values (__reduce_*_sync: redux.sync), the lanes
//                 holding the same key (__match_any_sync: match.any.sync.b32 and .b64), whether the whole
//                 warp agrees (__match_all_sync: match.all.sync with its predicate)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// One warp per row of k4 packed int8x4 words: a[row][j] . x[j]; out[row] = the sum; out4[4*row+..]
// the unsigned, mixed and 2-way forms summed the same way.
extern "C" __global__ void int8_dot(const int *a, const int *x, int *out, unsigned *out4, int rows, int k4) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= rows) return;
  int s = 0;
  unsigned u = 0, m = 0, lo = 0, hi = 0;
  for (int j = warp.thread_rank(); j < k4; j += 32) {
    int av = a[row * k4 + j], xv = x[j];
    s = __dp4a(av, xv, s);
    u = __dp4a((unsigned)av, (unsigned)xv, u);
    asm("dp4a.s32.u32 %0, %1, %2, %0;" : "+r"(m) : "r"(av), "r"(xv));   // mixed signedness: no intrinsic

    lo = (unsigned)__dp2a_lo(av, xv, (int)lo);
    hi = __dp2a_hi((unsigned)av, (unsigned)xv, hi);
  }
  s = cg::reduce(warp, s, cg::plus<int>());
  u = cg::reduce(warp, u, cg::plus<unsigned>());
  m = cg::reduce(warp, m, cg::plus<unsigned>());
  lo = cg::reduce(warp, lo, cg::plus<unsigned>());
  hi = cg::reduce(warp, hi, cg::plus<unsigned>());
  if (warp.thread_rank() == 0) {
    out[row] = s;
    out4[4 * row + 0] = u;
    out4[4 * row + 1] = m;
    out4[4 * row + 2] = lo;
    out4[4 * row + 3] = hi;
  }
}

// v: one value per thread; key: a 64-bit key per thread.  stats[8*warp + ...]: min (signed),
// max (unsigned), and, or, xor, the match.all verdict on v, on key; same[i]: the lanes whose
// v % 8 equals this lane's, samekey[i]: those whose key equals this lane's.
extern "C" __global__ void warp_stats(const int *v, const unsigned long long *key, unsigned *stats, unsigned *same,
                                      unsigned *samekey, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;   // n is a multiple of 32: whole warps
  int x = v[i];
  unsigned long long k = key[i];
  int mn = __reduce_min_sync(0xffffffffu, x);
  unsigned mx = __reduce_max_sync(0xffffffffu, (unsigned)x);
  unsigned an = __reduce_and_sync(0xffffffffu, (unsigned)x);
  unsigned o = __reduce_or_sync(0xffffffffu, (unsigned)x);
  unsigned xo = __reduce_xor_sync(0xffffffffu, (unsigned)x);
  int all_v, all_k;
  unsigned mv = __match_all_sync(0xffffffffu, x, &all_v);
  unsigned mk = __match_all_sync(0xffffffffu, k, &all_k);
  same[i] = __match_any_sync(0xffffffffu, x & 7);
  samekey[i] = __match_any_sync(0xffffffffu, k);
  if ((threadIdx.x & 31) == 0) {
    unsigned *st = stats + 8 * (i / 32);
    st[0] = (unsigned)mn; st[1] = mx; st[2] = an; st[3] = o; st[4] = xo;
    st[5] = mv | (unsigned)all_v; st[6] = mk ^ (unsigned)all_k; st[7] = 0x5a5a5a5au;
  }
}
