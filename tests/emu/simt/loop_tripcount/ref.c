/* Reference for tests/emu/simt/loop_tripcount, launch 1 x 48 (warp 0: 32 lanes, warp 1:
 * 16 lanes) with random trip counts n in 0..8.  In iteration i the lanes still looping are
 * those of the warp with n > i; after the loop every lane of the warp is back.
 * Writes cnt48.bin (input), masks48.bin (u32 [48][8]), res48.bin, after48.bin.
 * Usage: ref OUTDIR */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 48

static uint64_t state = 20240611;
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
  uint32_t cnt[N], masks[N * 8] = { 0 }, res[N], after[N];
  for (int t = 0; t < N; t++) cnt[t] = (uint32_t)(next() % 9);
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
  put(argv[1], "cnt48.bin", cnt, N);
  put(argv[1], "masks48.bin", masks, N * 8);
  put(argv[1], "res48.bin", res, N);
  put(argv[1], "after48.bin", after, N);
  return 0;
}
