/* tests/test_fatbin.c -- the fat-binary reader of libcudart (emu/cudart/fatbin.c).
 *
 * The fat binaries in tests/data/fatbin/ are nvcc 13's output for vadd.cu
 * (README.md there has the commands): one per compression mode (none, LZ4
 * from -compress-mode=speed, Zstandard from the default), one with machine
 * code only, one with PTX for two targets.  The expected PTX is nvcc -ptx's
 * own output for the same file, so the reader is checked against nvcc, not
 * against itself: nvcc embeds it with its comments and indentation taken
 * out and tabs made single spaces, so both are compared line by line with
 * comments dropped and blanks collapsed.  Then the reader meets damaged containers: each must give
 * a message, never a crash or a read past the bytes given (run under ASan by
 * make asan).
 */
#include "check.h"
#include "../emu/cudart/fatbin.h"
#include "../asm/asm.h"

#include <stdlib.h>
#include <string.h>

/* A whole file (NUL-terminated), or NULL: the assembler's reader. */
static uint8_t *slurp(const char *path, size_t *len) { return (uint8_t *)asm_read_file(path, len); }

/* Text with each line's // comment dropped and its runs of blanks made one space, ends trimmed (in place). */
static size_t normalize(char *t, size_t len) {
  size_t o = 0;
  for (size_t i = 0; i < len;) {
    size_t e = i;
    while (e < len && t[e] != '\n') e++;
    size_t start = o;
    int blank = 1;   /* at the line's start, or after a blank */
    for (size_t k = i; k < e; k++) {
      if (t[k] == '/' && k + 1 < e && t[k + 1] == '/') break;
      if (t[k] == ' ' || t[k] == '\t') { if (!blank) { t[o++] = ' '; blank = 1; } }
      else { t[o++] = t[k]; blank = 0; }
    }
    while (o > start && t[o - 1] == ' ') o--;
    t[o++] = '\n';
    i = e + 1;
  }
  return o;
}

static void same_ptx(const char *fatbin, uint32_t want_n, const char *const *want_ptx, const uint32_t *want_sm) {
  size_t len, plen;
  uint8_t *f = slurp(fatbin, &len);
  if (!f) { CHECK(0, "%s: cannot be read", fatbin); return; }
  fb_ptx p[4];
  uint32_t n;
  fb_summary sum;
  char err[512] = "";
  int r = fb_read(f, p, 4, &n, &sum, err, sizeof err);
  CHECK(r == 0 && n == want_n, "%s: %u PTX entries read (want %u) %s", fatbin, n, want_n, err);
  for (uint32_t i = 0; i < n && i < want_n; i++) {
    char *ptx = (char *)slurp(want_ptx[i], &plen);
    size_t got = normalize(p[i].text, p[i].len);
    if (ptx) plen = normalize(ptx, plen);
    CHECK(ptx && got == plen && !memcmp(p[i].text, ptx, plen) && p[i].sm == want_sm[i] && p[i].ptx_major == 9,
          "%s: entry %u is %s (%zu bytes as normalized, sm_%u, PTX ISA %u.%u)", fatbin, i, want_ptx[i], got, p[i].sm,
          p[i].ptx_major, p[i].ptx_minor);
    free(ptx);
    free(p[i].text);
  }
  free(f);
}

/* fb_read on a damaged copy must fail with a message (or succeed on what is intact), never crash. */
static int damaged(const uint8_t *f, size_t len, size_t at, uint8_t byte, char *err, size_t cap) {
  uint8_t *c = malloc(len);
  memcpy(c, f, len);
  c[at] = byte;
  fb_ptx p[4];
  uint32_t n;
  fb_summary sum;
  int r = fb_read(c, p, 4, &n, &sum, err, cap);
  for (uint32_t i = 0; i < n; i++) free(p[i].text);
  free(c);
  return r;
}

int main(void) {
  const char *d = "tests/data/fatbin/";
  char a[256], b[256], c[256];
  snprintf(a, sizeof a, "%svadd.sm_75.ptx", d);
  snprintf(b, sizeof b, "%svadd.sm_90.ptx", d);
  const char *one[] = { a }, *two[] = { a, b };
  const uint32_t sm75[] = { 75 }, sm75_90[] = { 75, 90 };
  snprintf(c, sizeof c, "%snone.fatbin", d);  same_ptx(c, 1, one, sm75);
  snprintf(c, sizeof c, "%slz4.fatbin", d);   same_ptx(c, 1, one, sm75);
  snprintf(c, sizeof c, "%szstd.fatbin", d);  same_ptx(c, 1, one, sm75);
  snprintf(c, sizeof c, "%stwo.fatbin", d);   same_ptx(c, 2, two, sm75_90);

  /* machine code only: no PTX, one cubin for sm_75 */
  size_t len;
  snprintf(c, sizeof c, "%snoptx.fatbin", d);
  uint8_t *f = slurp(c, &len);
  fb_ptx p[4];
  uint32_t n = 9;
  fb_summary sum;
  char err[512] = "";
  CHECK(f && fb_read(f, p, 4, &n, &sum, err, sizeof err) == 0 && n == 0 && sum.ptx == 0 && sum.elf == 1 && sum.elf_sm[0] == 75,
        "noptx.fatbin: no PTX, one cubin for sm_75 (%u, %u, sm_%u)", sum.ptx, sum.elf, sum.elf_sm[0]);
  free(f);

  /* damage: the magic, the header size, the entries' size, an entry's sizes, the compressed bytes */
  snprintf(c, sizeof c, "%slz4.fatbin", d);
  f = slurp(c, &len);
  if (!f) return 1;
  CHECK(damaged(f, len, 0, 0x00, err, sizeof err) && strstr(err, "not a fat binary"), "a bad magic: %s", err);
  CHECK(damaged(f, len, 6, 0x02, err, sizeof err) && strstr(err, "malformed"), "a header of 2 bytes: %s", err);
  CHECK(damaged(f, len, 15, 0x40, err, sizeof err) && strstr(err, "malformed"), "entries of 2^62 bytes: %s", err);
  uint32_t eh = 16;   /* the first entry: skip to the PTX one */
  while (eh + 16 < len && f[eh] != 1) eh += (uint32_t)(f[eh + 4] | f[eh + 5] << 8) + (uint32_t)(f[eh + 8] | f[eh + 9] << 8 | f[eh + 10] << 16);
  CHECK(f[eh] == 1, "lz4.fatbin has its PTX entry at byte %u", eh);
  CHECK(damaged(f, len, eh + 13, 0x7f, err, sizeof err) && strstr(err, "malformed"), "an entry past the end: %s", err);
  CHECK(damaged(f, len, eh + 0x12, 0x7f, err, sizeof err) && strstr(err, "bad sizes"), "compressed bytes past the payload: %s", err);
  CHECK(damaged(f, len, eh + 0x38, 0x01, err, sizeof err) && strstr(err, "does not decompress"), "a wrong uncompressed size: %s", err);
  int caught = 0, tried = 0;
  uint32_t hb = (uint32_t)(f[eh + 4] | f[eh + 5] << 8);
  for (size_t at = eh + hb; at < eh + hb + 64 && at < len; at++, tried++) {   /* the compressed stream's first bytes, one at a time */
    uint8_t orig = f[at];
    if (damaged(f, len, at, (uint8_t)(orig ^ 0x5a), err, sizeof err)) caught++;
  }
  CHECK(caught > 0, "damaged LZ4 bytes: %d of %d damaged copies refused, none crashed", caught, tried);
  free(f);

  /* fb_lz4 itself: a literal run, then a match that overlaps its own output */
  const uint8_t blk[] = { 0x14, 'a', 0x01, 0x00, 0x10, 'b' };   /* 'a', copy 8 from 1 back, then 'b' */
  uint8_t out[10];
  CHECK(fb_lz4(blk, sizeof blk, out, 10) == 0 && !memcmp(out, "aaaaaaaaab", 10), "LZ4: an overlapping match");
  CHECK(fb_lz4(blk, sizeof blk, out, 9) == -1, "LZ4: output longer than the room is refused");
  const uint8_t far[] = { 0x14, 'a', 0x02, 0x00, 0x10, 'b' };   /* an offset before the start */
  CHECK(fb_lz4(far, sizeof far, out, 10) == -1, "LZ4: an offset before the output's start is refused");

  const uint8_t wrap[32] = { 0xb1, 0x43, 0x62, 0x46, 1, 0, 0, 0 };   /* a wrapper pointing at nothing */
  CHECK(!fb_unwrap(wrap, err, sizeof err) && strstr(err, "header"), "a wrapper with a null fat binary: %s", err);
  CHECK(!fb_unwrap("not a wrapper, just text....", err, sizeof err) && strstr(err, "no wrapper"), "no wrapper: %s", err);
  return check_failed ? 1 : 0;
}
