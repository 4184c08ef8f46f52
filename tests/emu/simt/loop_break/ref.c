/* Reference for tests/emu/simt/loop_break, launch 1 x 64 (two full warps) with random
 * stop values in 0..5.  Iteration i runs in the lanes of the warp that have not broken
 * yet (stop > i) while i < 4; every lane is back after the loop.
 * Writes stop64.bin (input), masks64.bin (u32 [64][4]), res64.bin, after64.bin.
 * Usage: ref OUTDIR */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

static uint64_t state = 77;
static uint64_t next(void) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void put(const char *dir, const char *name, const uint32_t *v, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(1); }
  for (size_t i = 0; i < n; i++) {
    unsigned char b[4] = { (unsigned char)v[i], (unsigned char)(v[i] >> 8), (unsigned char)(v[i] >> 16), (unsigned char)(v[i] >> 24) };
    fwrite(b, 1, 4, f);
  }
  if (fclose(f)) { perror(path); exit(1); }
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: ref OUTDIR\n"); return 2; }
  uint32_t stop[N], masks[N * 4] = { 0 }, res[N], after[N];
  for (int t = 0; t < N; t++) stop[t] = (uint32_t)(next() % 6);
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
  put(argv[1], "stop64.bin", stop, N);
  put(argv[1], "masks64.bin", masks, N * 4);
  put(argv[1], "res64.bin", res, N);
  put(argv[1], "after64.bin", after, N);
  return 0;
}
