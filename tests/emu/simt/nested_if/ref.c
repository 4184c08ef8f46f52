/* Reference for tests/emu/simt/nested_if, launch 1 x 40 (two warps: lanes 0-31, 32-39).
 * A lane's active mask at a point is the set of lanes of its warp that reach that point
 * (properly nested if/else: the lanes that took the same path), so it is computed from
 * the path conditions alone, not by simulating a stack.
 * Writes masks40.bin (u32 [40][4]) and res40.bin (u32 [40]).  Usage: ref OUTDIR */
#include "../../../../examples/ref_common.h"   /* splitmix64, write_u32, ref_init */

#define N 40

/* the lanes of t's warp (threads < N) for which cond(u) holds */
static uint32_t lanes(int t, int (*cond)(int)) {
  uint32_t m = 0;
  for (int l = 0; l < 32; l++) {
    int u = t / 32 * 32 + l;
    if (u < N && cond(u)) m |= 1u << l;
  }
  return m;
}
static int c_all(int u) { (void)u; return 1; }
static int c_then(int u) { return u < 5; }
static int c_odd(int u) { return u < 5 && (u & 1); }
static int c_even(int u) { return u < 5 && !(u & 1); }
static int c_else(int u) { return u >= 5; }
static int c_six(int u) { return u >= 5 && u == 6; }
static int c_not6(int u) { return u >= 5 && u != 6; }

int main(int argc, char **argv) {
  ref_init(argc, argv);
  uint32_t masks[N * 4], res[N];
  for (int t = 0; t < N; t++) {
    masks[t * 4 + 0] = lanes(t, c_all);
    if (t < 5) {
      masks[t * 4 + 1] = (t & 1) ? lanes(t, c_odd) : lanes(t, c_even);
      res[t] = (t & 1) ? 10 : 20;
      masks[t * 4 + 2] = lanes(t, c_then);
    } else {
      masks[t * 4 + 1] = t == 6 ? lanes(t, c_six) : lanes(t, c_not6);
      res[t] = t == 6 ? 30 : 40;
      masks[t * 4 + 2] = lanes(t, c_else);
    }
    masks[t * 4 + 3] = lanes(t, c_all);
  }
  write_u32("masks40.bin", masks, N * 4);
  write_u32("res40.bin", res, N);
  return 0;
}
