/* Reference for tests/emu/simt/loop_continue, launch 1 x 64 (two full warps).
 * In iteration i the body runs in the lanes of the warp with (i + t) % 3 != 0; the latch
 * in every lane.  Writes masks64.bin (u32 [64][8]) and res64.bin.  Usage: ref OUTDIR */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

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
  put(argv[1], "masks64.bin", masks, N * 8);
  put(argv[1], "res64.bin", res, N);
  return 0;
}
