/* tests/bench_codec.c -- throughput of every reference codec in codecs[].
 *
 * usage: bench_codec [LINE_BYTES [MAG]]      (default: 128-byte lines, MAG 32)
 *
 * One core.  A fixed mix of generated lines (one sixth each: zeros, one
 * 8-byte value repeated, narrow integers, pointers, small-range floats,
 * random bytes; 8192 lines, 1 MiB at 128 bytes, so the data stay in cache)
 * is compressed, then the payloads are decompressed; each figure is the
 * best of 5 timed passes of at least 0.1 s, in bytes of uncompressed line
 * per second.  A codec whose compress or decompress is missing is skipped.
 * The BDI compressor's target is 2 GB/s per core on 128-byte lines.
 */
#include "../subroutines/codec.h"
#include "../subroutines/mpc/mpc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NLINES 8192

static volatile unsigned long bench_sink;

static uint64_t rng_state = 0xbe9c0de5ull;
static uint64_t rnd(void) {  /* splitmix64 */
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void put_le(uint8_t *p, uint64_t v, unsigned bytes) {
  for (unsigned b = 0; b < bytes; b++) p[b] = (uint8_t)(v >> (8 * b));
}

static void gen(uint8_t *line, unsigned lb, unsigned kind) {
  switch (kind) {
  case 0: memset(line, 0, lb); break;
  case 1: { uint64_t v = rnd(); for (unsigned i = 0; i < lb; i += 8) put_le(line + i, v, 8); break; }
  case 2: {  /* 4-byte integers of up to 6..16 significant bits, signed */
    unsigned bits = 6 + (unsigned)(rnd() % 11);
    for (unsigned i = 0; i < lb; i += 4) {
      uint64_t v = rnd() & ((1ull << bits) - 1);
      if (v >> (bits - 1)) v |= ~((1ull << bits) - 1);
      put_le(line + i, v, 4);
    }
    break;
  }
  case 3: {  /* 8-byte pointers: a heap address plus offsets below 2^7..2^20, some NULL */
    uint64_t base = rnd() & 0x00007ffffffffff8ull;
    unsigned spread = 7 + (unsigned)(rnd() % 14);
    for (unsigned i = 0; i < lb; i += 8) put_le(line + i, rnd() % 8 ? base + (rnd() & ((1ull << spread) - 1)) : 0, 8);
    break;
  }
  case 4: {  /* floats within a relative 2^-10 .. 2^-20 of one value */
    float c = (float)(rnd() % 10000) / 64.0f + 1.0f, eps = 1.0f / (float)(1u << (10 + rnd() % 11));
    for (unsigned i = 0; i < lb; i += 4) {
      float x = c * (1.0f + eps * (float)(rnd() % 1024) / 1024.0f);
      uint32_t u;
      memcpy(&u, &x, 4);
      put_le(line + i, u, 4);
    }
    break;
  }
  default: for (unsigned i = 0; i < lb; i += 8) put_le(line + i, rnd(), 8); break;
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  unsigned lb = argc > 1 ? (unsigned)atoi(argv[1]) : 128, mag = argc > 2 ? (unsigned)atoi(argv[2]) : 32;
  if ((lb != 32 && lb != 64 && lb != 128) || (mag != 16 && mag != 32 && mag != 64)) {
    fprintf(stderr, "usage: bench_codec [32|64|128 [16|32|64]]\n");
    return 2;
  }
  uint8_t *lines = malloc((size_t)NLINES * lb), *payloads = malloc((size_t)NLINES * CODEC_MAX_PAYLOAD), *back = malloc(lb);
  codec_meta *metas = malloc(NLINES * sizeof *metas);
  if (!lines || !payloads || !back || !metas) return 1;
  for (unsigned i = 0; i < NLINES; i++) gen(lines + (size_t)i * lb, lb, i % 6);
  printf("%u-byte lines, MAG %u, %u lines of a fixed mix (zeros, repeated, narrow ints, pointers, floats, random; a sixth each)\n",
         lb, mag, NLINES);
  mpc_set_default_params(MPC_DEFAULT_PARAMS);   /* run from the repository root (make bench) */
  int bad = 0;
  for (int c = 0; codecs[c]; c++) {
    const codec *k = codecs[c];
    if (!k->compress || !k->decompress) { printf("  %-14s skipped: not implemented\n", k->name ? k->name : "?"); continue; }
    unsigned long raw = 0, pay = 0, bursts = 0;
    int supported = 1, round_trips = 1;
    for (unsigned i = 0; i < NLINES && supported; i++) {
      if (k->compress(lines + (size_t)i * lb, lb, mag, payloads + (size_t)i * CODEC_MAX_PAYLOAD, &metas[i])) { supported = 0; break; }
      raw += lb;
      pay += metas[i].size;
      bursts += codec_bursts(metas[i].size, mag);
      if (k->decompress(payloads + (size_t)i * CODEC_MAX_PAYLOAD, &metas[i], lb, mag, back) || memcmp(back, lines + (size_t)i * lb, lb)) round_trips = 0;
    }
    if (!supported) { printf("  %-14s skipped: does not support %u-byte lines at MAG %u\n", k->name, lb, mag); continue; }
    if (!round_trips) { printf("  %-14s skipped: does not round-trip the mix (a bug: see make test)\n", k->name); bad = 1; continue; }

    double best_c = 1e30, best_d = 1e30;
    unsigned long sink = 0;
    for (int pass = 0; pass < 5; pass++) {
      unsigned long reps = 0;
      double t0 = now(), t;
      do {
        for (unsigned i = 0; i < NLINES; i++) {
          k->compress(lines + (size_t)i * lb, lb, mag, payloads + (size_t)i * CODEC_MAX_PAYLOAD, &metas[i]);
          sink += metas[i].size;
        }
        reps++;
      } while ((t = now() - t0) < 0.1);
      if (t / (double)reps < best_c) best_c = t / (double)reps;
      reps = 0;
      t0 = now();
      do {
        for (unsigned i = 0; i < NLINES; i++) {
          k->decompress(payloads + (size_t)i * CODEC_MAX_PAYLOAD, &metas[i], lb, mag, back);
          sink += back[i % lb];
        }
        reps++;
      } while ((t = now() - t0) < 0.1);
      if (t / (double)reps < best_d) best_d = t / (double)reps;
    }
    double bytes = (double)NLINES * lb;
    printf("  %-14s compress %6.2f GB/s (%5.1f ns/line)  decompress %6.2f GB/s (%5.1f ns/line)  ratio %.2f, effective %.2f\n",
           k->name, bytes / best_c / 1e9, best_c / NLINES * 1e9, bytes / best_d / 1e9, best_d / NLINES * 1e9,
           (double)raw / (double)(pay ? pay : 1), (double)raw / (double)(bursts * mag));
    bench_sink = sink;  /* keeps the timed calls' results alive */
    if (!strcmp(k->name, "bdi") && lb == 128)
      printf("  %-14s target: compress >= 2 GB/s per core on 128-byte lines: %s\n", "", bytes / best_c / 1e9 >= 2.0 ? "met" : "NOT met");
  }
  free(lines);
  free(payloads);
  free(back);
  free(metas);
  return bad;
}
