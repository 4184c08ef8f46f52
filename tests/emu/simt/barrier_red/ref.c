/* Reference for tests/emu/simt/barrier_red (kernel.ptx says what each kernel checks and gives
 * the values by hand): the expected output of every launch, computed from the PTX ISA's
 * definition of bar.red (over the threads that take part: .popc the number whose predicate is
 * true, .and whether all are, .or whether any is), never from the emulator.  Slots of threads
 * that exited before the barriers stay 0, as the zeroed buffers start. */
#include "../../insn/ref_common.h"

static uint64_t red3[2 * 96 * 8], part[96], ex[96 * 4];

/* the kernel exited's output for threads tid < min(lim, ntid) */
static void exited(const char *name, uint32_t lim, uint32_t ntid) {
  memset(ex, 0, sizeof ex);
  uint32_t n = lim < ntid ? lim : ntid, ge40 = 0, all = 1;
  for (uint32_t t = 0; t < n; t++) { ge40 += t >= 40; all &= t < lim; }
  for (uint32_t t = 0; t < n; t++) {
    ex[t * 4 + 0] = n;
    ex[t * 4 + 1] = ge40;
    ex[t * 4 + 2] = all;
    ex[t * 4 + 3] = ge40 != 0;
  }
  ref_write(name, ex, 96 * 4, 4);
}

int main(int argc, char **argv) {
  ref_init(argc, argv);
  for (uint32_t cta = 0; cta < 2; cta++) {
    uint32_t np = 0;
    for (uint32_t t = 0; t < 96; t++) np += cta == 0 ? t % 3 == 0 : t < 5;
    const uint64_t v[8] = { np, np == 96, np != 0, 96 - np, 1, 96, 0, 0 };
    for (uint32_t t = 0; t < 96; t++)
      for (uint32_t k = 0; k < 8; k++) red3[(cta * 96 + t) * 8 + k] = v[k];
  }
  ref_write("red3.bin", red3, 2 * 96 * 8, 4);
  uint32_t odd_lo = 0, odd_hi = 0;
  for (uint32_t t = 0; t < 96; t++) { if (t < 64) odd_lo += t & 1; else odd_hi += t & 1; }
  for (uint32_t t = 0; t < 96; t++) part[t] = t < 64 ? odd_lo : odd_hi;
  ref_write("partial.bin", part, 96, 4);
  exited("exited80.bin", 80, 96);
  exited("exited40.bin", 40, 96);
  exited("exited50.bin", 999, 50);
  return 0;
}
