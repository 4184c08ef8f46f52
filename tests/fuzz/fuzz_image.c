/* tests/fuzz/fuzz_image.c -- libFuzzer target: the image loader and disassembler.
 *
 * The first byte picks the mode: odd -> the rest is loaded as is (the
 * checksum guards it); even -> the checksum is fixed up first, so the field
 * validation itself meets the damage.  A loaded image is disassembled.
 */
#include "../../isa/disasm.h"
#include "../../isa/image.h"
#include "../../isa/isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > (1 << 20)) return 0;
  int fix = !(data[0] & 1);
  size_t n = size - 1;
  uint8_t *buf = malloc(n ? n : 1);
  memcpy(buf, data + 1, n);
  if (fix && n >= 40) isa_put_u32(buf + 12, isa_image_checksum(buf, n));
  isa_image img;
  char err[512];
  if (isa_image_read(buf, n, &img, err, sizeof err) == 0) {
    FILE *f = fopen("/dev/null", "w");
    isa_dis_image(&img, f);
    fclose(f);
    isa_image_free(&img);
  } else if (!err[0]) {
    abort();   /* a rejection must say why */
  }
  free(buf);
  return 0;
}
