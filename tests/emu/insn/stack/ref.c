/* Reference for tests/emu/insn/stack: the 16 words each of the 64 threads writes, as run.aw derives
 * them from the PTX ISA: 0 0 1 1 t 3t | 1 0 1 1 1 0 | 1000+t 1 0 0.  Writes DIR/stk.bin. */
#include "../ref_common.h"

int main(int argc, char **argv) {
  ref_init(argc, argv);
  static uint64_t out[1024];
  for (unsigned t = 0; t < 64; t++) {
    const uint64_t w[16] = { 0, 0, 1, 1, t, 3 * t, 1, 0, 1, 1, 1, 0, 1000 + t, 1, 0, 0 };
    memcpy(out + 16 * t, w, sizeof w);
  }
  ref_write("stk.bin", out, 1024, 4);
  return 0;
}
