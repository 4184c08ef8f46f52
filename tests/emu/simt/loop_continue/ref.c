/* Reference for tests/emu/simt/loop_continue, launch 1 x 64 (two full warps).
 * In iteration i the body runs in the lanes of the warp with (i + t) % 3 != 0; the latch
 * in every lane.  Writes masks64.bin (u32 [64][8]) and res64.bin.  Usage: ref OUTDIR */
#include "../../../../examples/ref_common.h"   /* splitmix64, write_u32, ref_init */

#define N 64

int main(int argc, char **argv) {
  ref_init(argc, argv);
  uint32_t masks[N * 8] = { 0 }, res[N] = { 0 };
  for (int t = 0; t < N; t++) {
    int w = t / 32;
    for (int i = 0; i < 3; i++) {
      if ((i + t) % 3 != 0) {
        uint32_t m = 0;
        for (int l = 0; l < 32; l++)
          if ((i + w * 32 + l) % 3 != 0) m |= 1u << l;
        masks[t * 8 + i] = m;
        res[t] += (uint32_t)i;
      }
      masks[t * 8 + 4 + i] = 0xffffffffu;
    }
  }
  write_u32("masks64.bin", masks, N * 8);
  write_u32("res64.bin", res, N);
  return 0;
}
