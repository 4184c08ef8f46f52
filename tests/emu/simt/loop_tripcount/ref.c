/* Reference for tests/emu/simt/loop_tripcount, launch 1 x 48 (warp 0: 32 lanes, warp 1:
 * 16 lanes) with random trip counts n in 0..8.  In iteration i the lanes still looping are
 * those of the warp with n > i; after the loop every lane of the warp is back.
 * Writes cnt48.bin (input), masks48.bin (u32 [48][8]), res48.bin, after48.bin.
 * Usage: ref OUTDIR */
#include "../../../../examples/ref_common.h"   /* splitmix64, write_u32, ref_init */

#define N 48

int main(int argc, char **argv) {
  ref_init(argc, argv);
  rng_seed(20240611);
  uint32_t cnt[N], masks[N * 8] = { 0 }, res[N], after[N];
  for (int t = 0; t < N; t++) cnt[t] = (uint32_t)(rng_u64() % 9);
  for (int t = 0; t < N; t++) {
    int w = t / 32;
    uint32_t all = 0;
    for (int l = 0; l < 32 && w * 32 + l < N; l++) all |= 1u << l;
    for (uint32_t i = 0; i < cnt[t]; i++) {
      uint32_t m = 0;
      for (int l = 0; l < 32 && w * 32 + l < N; l++)
        if (cnt[w * 32 + l] > i) m |= 1u << l;
      masks[t * 8 + i] = m;
    }
    res[t] = cnt[t] * (cnt[t] + 1) / 2;
    after[t] = all;
  }
  write_u32("cnt48.bin", cnt, N);
  write_u32("masks48.bin", masks, N * 8);
  write_u32("res48.bin", res, N);
  write_u32("after48.bin", after, N);
  return 0;
}
