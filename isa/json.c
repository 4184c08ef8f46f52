/* isa/json.c -- the one JSON string writer (see json.h). */
#include "json.h"

#include <stdint.h>

/* The length of the UTF-8 sequence at p (1 to 4 bytes: no overlong form, no
 * surrogate, nothing past U+10FFFF) and its code point in *cp, or 0. */
static int utf8_seq(const unsigned char *p, uint32_t *cp) {
  unsigned c = p[0];
  int n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  uint32_t v = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
  for (int k = 1; k < n; k++) {
    if ((p[k] & 0xc0) != 0x80) return 0;   /* (a NUL ends the sequence here too) */
    v = v << 6 | (p[k] & 0x3f);
  }
  if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) || (v >= 0xd800 && v <= 0xdfff)) return 0;
  *cp = v;
  return n;
}

void isa_json_string(FILE *f, const char *s, int flags) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    uint32_t cp = 0;
    int n = utf8_seq(p, &cp);
    if (n == 0) { fputs("\\ufffd", f); p++; continue; }
    if (n == 1) {
      if (cp == '"' || cp == '\\') fprintf(f, "\\%c", (int)cp);
      else if (cp == '\n') fputs("\\n", f);
      else if (cp == '\r') fputs("\\r", f);
      else if (cp == '\t') fputs("\\t", f);
      else if (cp < 0x20 || cp == 0x7f) fprintf(f, "\\u%04x", (unsigned)cp);
      else fputc((int)cp, f);
    } else if (!(flags & ISA_JSON_ASCII)) fwrite(p, 1, (size_t)n, f);
    else if (cp >= 0x10000)
      fprintf(f, "\\u%04x\\u%04x", (unsigned)(0xd800 + ((cp - 0x10000) >> 10)), (unsigned)(0xdc00 + ((cp - 0x10000) & 0x3ff)));
    else fprintf(f, "\\u%04x", (unsigned)cp);
    p += n;
  }
  fputc('"', f);
}
