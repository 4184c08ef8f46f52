/* Reference for tests/emu/simt/loop_break, launch 1 x 64 (two full warps) with random
 * stop values in 0..5.  Iteration i runs in the lanes of the warp that have not broken
 * yet (stop > i) while i < 4; every lane is back after the loop.
 * Writes stop64.bin (input), masks64.bin (u32 [64][4]), res64.bin, after64.bin.
 * Usage: ref OUTDIR */
#include "../../../../examples/ref_common.h"   /* splitmix64, write_u32, ref_init */

#define N 64

int main(int argc, char **argv) {
  ref_init(argc, argv);
  rng_seed(77);
  uint32_t stop[N], masks[N * 4] = { 0 }, res[N], after[N];
  for (int t = 0; t < N; t++) stop[t] = (uint32_t)(rng_u64() % 6);
  for (int t = 0; t < N; t++) {
    int w = t / 32;
    uint32_t sum = 0;
    for (uint32_t i = 0; i < 4 && i != stop[t]; i++) {
      uint32_t m = 0;
      for (int l = 0; l < 32; l++)
        if (stop[w * 32 + l] > i) m |= 1u << l;
      masks[t * 4 + i] = m;
      sum += i + 1;
    }
    res[t] = sum;
    after[t] = 0xffffffffu;
  }
  write_u32("stop64.bin", stop, N);
  write_u32("masks64.bin", masks, N * 4);
  write_u32("res64.bin", res, N);
  write_u32("after64.bin", after, N);
  return 0;
}
