/* tests/test_image.c -- the image loader rejects every truncated or corrupt file.
 *
 * Images of the example kernels are written and then damaged: cut at every
 * length, single bytes changed (with and without fixing the checksum, so the
 * field validation itself is exercised), and chosen fields set to bad values.
 * The loader must refuse each damaged image it cannot prove well formed, say
 * why, and never read out of bounds (run under ASan by `make asan`).
 */
#include "../asm/asm.h"
#include "../isa/image.h"
#include "../isa/isa.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static uint8_t *build(const char *path, size_t *size) {
  size_t len;
  char *text = asm_read_file(path, &len);
  if (!text) return NULL;
  asm_ctx *c = asm_new();
  asm_set_diag(c, NULL);
  asm_add_source(c, path, text, len);
  isa_image img;
  uint8_t *buf = NULL;
  if (asm_finish(c, &img) == 0) { buf = isa_image_write(&img, size); isa_image_free(&img); }
  asm_free(c);
  free(text);
  return buf;
}

static void fix_crc(uint8_t *b, size_t n) { isa_put_u32(b + 12, isa_image_checksum(b, n)); }

static int loads(const uint8_t *b, size_t n, char *err, size_t cap) {
  isa_image img;
  if (isa_image_read(b, n, &img, err, cap) != 0) return 0;
  isa_image_free(&img);
  return 1;
}

/* xorshift: a fixed sequence, so the test is the same every run */
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

int main(void) {
  static const char *const srcs[] = { "examples/saxpy/saxpy.ptx", "examples/divergent/divergent.ptx",
                                      "examples/stencil/stencil.ptx", "examples/kmeans/kmeans.ptx" };
  for (size_t s = 0; s < sizeof srcs / sizeof srcs[0]; s++) {
    size_t n;
    uint8_t *img = build(srcs[s], &n);
    CHECK(img != NULL, "%s assembles", srcs[s]);
    if (!img) continue;
    char err[512];
    CHECK(loads(img, n, err, sizeof err), "%s: the written image loads back", srcs[s]);

    int all_cut = 1;
    for (size_t cut = 0; cut < n; cut++) {
      if (loads(img, cut, err, sizeof err) || !strstr(err, "truncated")) { all_cut = 0; REQUIRE(0, "%s cut to %zu bytes: %s", srcs[s], cut, err); break; }
    }
    CHECK(all_cut, "%s: every truncation (0..%zu bytes) is rejected as truncated", srcs[s], n - 1);

    uint8_t *bad = malloc(n + 8);
    memcpy(bad, img, n);
    memset(bad + n, 0, 8);
    CHECK(!loads(bad, n + 8, err, sizeof err) && strstr(err, "corrupt"), "%s: trailing bytes are rejected: %s", srcs[s], err);

    int flips = 0, rejected = 0;
    for (size_t i = 0; i < n; i++) {
      memcpy(bad, img, n);
      bad[i] ^= (uint8_t)(1u << (next() % 8));
      flips++;
      rejected += !loads(bad, n, err, sizeof err);
    }
    CHECK(rejected == flips, "%s: every one of %d single-bit changes is rejected (checksum)", srcs[s], flips);

    /* With the checksum fixed up, the field checks alone must catch damage or
     * accept a well-formed image; either way nothing crashes. */
    int tried = 0, caught = 0;
    for (int k = 0; k < 3000; k++) {
      memcpy(bad, img, n);
      size_t at = 16 + (size_t)(next() % (n - 16));
      bad[at] = (uint8_t)next();
      fix_crc(bad, n);
      tried++;
      caught += !loads(bad, n, err, sizeof err);
    }
    CHECK(caught > tried / 2, "%s: field validation rejects %d of %d random byte changes with a fixed checksum", srcs[s], caught, tried);

    /* Chosen damage, checksum fixed: each must be refused with a message. */
    struct { size_t off; uint32_t val; const char *what; } cases[] = {
      { 8, 7, "version" }, { 20, 3, "section count" }, { 24, 0xffffff, "version string offset" },
      { 32, 48, "address size" }, { 36, 0xfffff, "module outline length" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      memcpy(bad, img, n);
      if (cases[c].off == 8) isa_put_u16(bad + 8, (uint16_t)cases[c].val); else isa_put_u32(bad + cases[c].off, cases[c].val);
      fix_crc(bad, n);
      int l = loads(bad, n, err, sizeof err);
      CHECK(!l && err[0], "%s: bad %s is rejected: %s", srcs[s], cases[c].what, err);
    }
    /* Every section's record count off by one. */
    int dir_ok = 1;
    for (int sec = 0; sec < 14; sec++) {
      memcpy(bad, img, n);
      size_t d = 40 + (size_t)sec * 16;
      isa_put_u32(bad + d + 4, isa_get_u32(bad + d + 4) + 1);
      fix_crc(bad, n);
      if (loads(bad, n, err, sizeof err) || !strstr(err, "corrupt")) { dir_ok = 0; REQUIRE(0, "section %d count+1 accepted", sec); }
    }
    CHECK(dir_ok, "%s: a wrong record count in any section is rejected", srcs[s]);
    free(bad);
    free(img);
  }
  CHECK(!loads((const uint8_t *)"not an image at all, just some text......", 41, (char[256]){0}, 256), "text is not an image");
  printf("%s\n", check_failed ? "test_image: failures" : "test_image: ok");
  return check_failed ? 1 : 0;
}
