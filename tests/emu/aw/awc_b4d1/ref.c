/* tests/emu/aw/awc_b4d1/ref.c -- the inputs and expected outputs of run.aw, by hand.
 *
 * pay.bin: a b4d1 payload of a 128-byte line (subroutines/bdi/FORMAT.md): base
 * 0x10000000 at byte 0, delta i (1 byte, two's complement) at 4 + i, the mask at 36.
 * Deltas 0, -1, -128, 127, then i for elements 4..31; mask 0x8000000e: elements 1, 2,
 * 3 and 31 add the base.
 * want.bin: the line: element 0 = 0; 1 = 0x10000000 - 1 = 0x0fffffff; 2 = 0x10000000 -
 * 128 = 0x0fffff80; 3 = 0x10000000 + 127 = 0x1000007f; 4..30 = i; 31 = 0x10000000 + 31 =
 * 0x1000001f; little-endian words.
 * half_want.bin: subroutine 'half' (.active 0xffff) on a line of 0x55 bytes: words 0..15
 * hold 1000..1015, bytes 64..127 keep 0x55.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int save(const char *dir, const char *name, const uint8_t *b, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(b, 1, n, f) != n || fclose(f)) { fprintf(stderr, "cannot write %s\n", path); return 1; }
  return 0;
}

static void word(uint8_t *p, uint32_t v) { for (int b = 0; b < 4; b++) p[b] = (uint8_t)(v >> (8 * b)); }

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: ref DIR\n"); return 2; }
  uint8_t pay[40], want[128], half[128];
  word(pay, 0x10000000u);
  pay[4] = 0x00; pay[5] = 0xff; pay[6] = 0x80; pay[7] = 0x7f;
  for (int i = 4; i < 32; i++) pay[4 + i] = (uint8_t)i;
  word(pay + 36, 0x8000000eu);
  static const uint32_t first[4] = { 0x00000000u, 0x0fffffffu, 0x0fffff80u, 0x1000007fu };
  for (int i = 0; i < 4; i++) word(want + 4 * i, first[i]);
  for (int i = 4; i < 31; i++) word(want + 4 * i, (uint32_t)i);
  word(want + 124, 0x1000001fu);
  memset(half, 0x55, sizeof half);
  for (int i = 0; i < 16; i++) word(half + 4 * i, 1000u + (uint32_t)i);
  return save(argv[1], "pay.bin", pay, sizeof pay) | save(argv[1], "want.bin", want, sizeof want) |
         save(argv[1], "half_want.bin", half, sizeof half);
}
