/* tests/fuzz/fuzz_asm.c -- libFuzzer target: the assembler and the image round trip.
 *
 * Any input: assembling must not crash, hang or trip a sanitizer.  When the
 * input assembles, its image must load back, and its disassembly must
 * assemble to the very same bytes; a difference aborts (a finding).
 */
#include "../../asm/asm.h"
#include "../../isa/disasm.h"
#include "../../isa/image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *assemble(const char *text, size_t len, size_t *size) {
  asm_ctx *c = asm_new();
  asm_set_diag(c, NULL);
  asm_add_source(c, "fuzz.s", text, len);
  isa_image img;
  uint8_t *buf = NULL;
  if (asm_finish(c, &img) == 0) {
    buf = isa_image_write(&img, size);
    isa_image_free(&img);
  }
  asm_free(c);
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 65536) return 0;
  size_t n1;
  uint8_t *img1 = assemble((const char *)data, size, &n1);
  if (!img1) return 0;
  isa_image img;
  char err[512];
  if (isa_image_read(img1, n1, &img, err, sizeof err) != 0) { fprintf(stderr, "image does not load back: %s\n", err); abort(); }
  char *dis = NULL;
  size_t dlen = 0;
  FILE *f = open_memstream(&dis, &dlen);
  isa_dis_image(&img, f);
  fclose(f);
  isa_image_free(&img);
  size_t n2;
  uint8_t *img2 = assemble(dis, dlen, &n2);
  if (!img2 || n1 != n2 || memcmp(img1, img2, n1) != 0) {
    fprintf(stderr, "disassembly does not assemble back to the same image:\n%s\n", dis);
    abort();
  }
  free(dis);
  free(img1);
  free(img2);
  return 0;
}
