/* emu/core/printf.c -- device printf: what a kernel's 'call vprintf' prints.
 *
 * nvcc compiles printf(fmt, ...) in device code to a call of the external
 * function vprintf(fmt, args): fmt the generic address of the format string (a
 * module .global constant), args the generic address of a buffer in the
 * thread's local memory that holds the arguments packed one after another,
 * each at a multiple of its own size -- 4 bytes for char, short and int
 * (promoted), 8 for long long, pointers and double (float promoted).  CUDA
 * formats on the host, reading the buffer as the format string says; so does
 * this: each conversion takes the next argument of the size its type has, and
 * the host's snprintf formats it.  The result is the number of arguments the
 * format consumed (-1 for a NULL format), as CUDA's printf returns.
 *
 * Contract: emu_printf formats one thread's call into a line of text that the
 * caller writes whole; nothing is written on a fault (an address outside
 * memory, an unterminated string, %n).
 */
#include "core_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { STR_MAX = 1 << 20 };   /* the longest format or %s string read */

typedef struct {
  cta *c;
  warp *w;
  uint32_t lane;
  char *why;
  size_t whycap;
  uint64_t bad;      /* the address that failed */
  char *buf;         /* the formatted text */
  size_t n, cap;
} pf;

/* Reads 'size' bytes at generic address addr (aligned by the caller); 0, or -1 with pf->why. */
static int rd(pf *p, uint64_t addr, uint32_t size, void *out) {
  const uint8_t *m = emu_locate(p->c, p->w, p->lane, ISA_SP_GENERIC, addr, size, 0, p->why, p->whycap);
  if (!m) { p->bad = addr; return -1; }
  memcpy(out, m, size);
  return 0;
}

/* A NUL-terminated string at generic address addr, into a malloc'd buffer; NULL with pf->why. */
static char *rd_str(pf *p, uint64_t addr, const char *what) {
  size_t cap = 64, n = 0;
  char *s = malloc(cap);
  if (!s) { snprintf(p->why, p->whycap, "out of host memory"); return NULL; }
  for (;;) {
    uint8_t ch;
    if (rd(p, addr + n, 1, &ch)) {
      char inner[200];
      snprintf(inner, sizeof inner, "%s", p->why);
      snprintf(p->why, p->whycap, "printf: the %s at 0x%llx runs out of memory before its end: %s", what, (unsigned long long)addr, inner);
      free(s);
      return NULL;
    }
    if (n + 1 >= cap) {
      if (cap >= STR_MAX) { snprintf(p->why, p->whycap, "printf: the %s at 0x%llx is longer than %d bytes", what, (unsigned long long)addr, STR_MAX); p->bad = addr; free(s); return NULL; }
      char *t = realloc(s, cap * 2);
      if (!t) { free(s); snprintf(p->why, p->whycap, "out of host memory"); return NULL; }
      s = t;
      cap *= 2;
    }
    s[n++] = (char)ch;
    if (!ch) return s;
  }
}

static int put(pf *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int put(pf *p, const char *fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(p->buf + p->n, p->cap - p->n, fmt, ap);
    va_end(ap);
    if (k < 0) { snprintf(p->why, p->whycap, "printf: a conversion the host cannot format"); return -1; }
    if ((size_t)k < p->cap - p->n) { p->n += (size_t)k; return 0; }
    size_t cap = p->cap * 2 > p->n + (size_t)k + 1 ? p->cap * 2 : p->n + (size_t)k + 1;
    char *b = realloc(p->buf, cap);
    if (!b) { snprintf(p->why, p->whycap, "out of host memory"); return -1; }
    p->buf = b;
    p->cap = cap;
  }
}

/* The next argument of 'size' bytes (at a multiple of its size). */
static int arg(pf *p, uint64_t args, uint64_t *off, uint32_t size, uint64_t *v) {
  *off = (*off + size - 1) / size * size;
  uint8_t b[8] = { 0 };
  if (rd(p, args + *off, size, b)) {
    char inner[200];
    snprintf(inner, sizeof inner, "%s", p->why);
    snprintf(p->why, p->whycap, "printf: its argument buffer at 0x%llx ends before the format's arguments: %s", (unsigned long long)args, inner);
    return -1;
  }
  *off += size;
  uint64_t x = 0;
  for (uint32_t i = 0; i < size; i++) x |= (uint64_t)b[i] << (8 * i);
  *v = x;
  return 0;
}

int emu_printf(cta *c, warp *w, uint32_t lane, uint64_t fmt, uint64_t args, char **text, size_t *len,
               char *why, size_t whycap, uint64_t *bad) {
  *text = NULL;
  *len = 0;
  if (!fmt) return -1;
  pf p = { c, w, lane, why, whycap, 0, NULL, 0, 256 };
  p.buf = malloc(p.cap);
  char *f = p.buf ? rd_str(&p, fmt, "format string") : NULL;
  if (!f) { if (!p.buf) snprintf(why, whycap, "out of host memory"); free(p.buf); *bad = p.bad; return -2; }
  p.buf[0] = 0;
  uint64_t off = 0;
  int nargs = 0, bad_spec = 0;
  for (const char *s = f; *s && !bad_spec;) {
    if (*s != '%') {   /* the literal text up to the next conversion */
      const char *e = strchr(s, '%');
      size_t k = e ? (size_t)(e - s) : strlen(s);
      if (put(&p, "%.*s", (int)k, s)) { bad_spec = 1; break; }
      s += k;
      continue;
    }
    /* %[flags][width][.precision][length]conversion */
    const char *start = s++;
    char spec[64];
    size_t sn = 0;
    spec[sn++] = '%';
    while (*s && strchr("-+ #0", *s) && sn < 40) spec[sn++] = *s++;
    int star_w = 0, star_p = 0;
    if (*s == '*') { star_w = 1; spec[sn++] = *s++; }
    else while (*s >= '0' && *s <= '9' && sn < 48) spec[sn++] = *s++;
    if (*s == '.') {
      spec[sn++] = *s++;
      if (*s == '*') { star_p = 1; spec[sn++] = *s++; }
      else while (*s >= '0' && *s <= '9' && sn < 56) spec[sn++] = *s++;
    }
    int lng = 0, half = 0;   /* lng: 8-byte integer; half: h (1) or hh (2) */
    if (s[0] == 'h' && s[1] == 'h') { half = 2; s += 2; }
    else if (*s == 'h') { half = 1; s++; }
    else if (s[0] == 'l' && s[1] == 'l') { lng = 1; s += 2; }
    else if (*s == 'l' || *s == 'j' || *s == 'z' || *s == 't' || *s == 'q') { lng = 1; s++; }
    else if (*s == 'L') s++;   /* long double: CUDA passes a double */
    char conv = *s;
    if (!conv) { if (put(&p, "%s", start)) bad_spec = 1; break; }   /* a lone '%' at the end: as the host prints it */
    s++;
    if (conv == '%') { if (put(&p, "%%")) bad_spec = 1; continue; }
    if (!strchr("diouxXcsfFeEgGaAp", conv)) {
      if (conv == 'n') { snprintf(why, whycap, "printf: %%n is not supported (CUDA's printf does not write through it either)"); *bad = fmt; free(f); free(p.buf); return -2; }
      if (put(&p, "%.*s", (int)(s - start), start)) bad_spec = 1;   /* an unknown conversion is printed as written */
      continue;
    }
    uint64_t wv = 0, pv = 0, v = 0;
    if (star_w) { if (arg(&p, args, &off, 4, &wv)) goto fail; nargs++; }
    if (star_p) { if (arg(&p, args, &off, 4, &pv)) goto fail; nargs++; }
    int is_int = strchr("diouxXc", conv) != NULL, is_flt = strchr("fFeEgGaA", conv) != NULL;
    uint32_t size = is_int ? (lng ? 8 : 4) : 8;
    if (arg(&p, args, &off, size, &v)) goto fail;
    nargs++;
    int r = 0;
    if (is_int) {
      spec[sn++] = 'l'; spec[sn++] = 'l'; spec[sn++] = conv == 'c' ? 'd' : conv; spec[sn] = 0;
      int sgn = conv == 'd' || conv == 'i';
      long long sv = lng ? (long long)(int64_t)v : (long long)(int32_t)(uint32_t)v;
      unsigned long long uv = lng ? (unsigned long long)v : (unsigned long long)(uint32_t)v;
      if (half == 1) { sv = (short)sv; uv = (unsigned short)uv; }
      if (half == 2) { sv = (signed char)sv; uv = (unsigned char)uv; }
      if (conv == 'c') {   /* one character: the format as written, with the promoted int as a char */
        spec[sn - 3] = 'c'; spec[sn - 2] = 0;
        if (star_w && star_p) r = put(&p, spec, (int)(int32_t)wv, (int)(int32_t)pv, (int)(unsigned char)uv);
        else if (star_w || star_p) r = put(&p, spec, (int)(int32_t)(star_w ? wv : pv), (int)(unsigned char)uv);
        else r = put(&p, spec, (int)(unsigned char)uv);
      } else if (star_w && star_p) r = sgn ? put(&p, spec, (int)(int32_t)wv, (int)(int32_t)pv, sv) : put(&p, spec, (int)(int32_t)wv, (int)(int32_t)pv, uv);
      else if (star_w || star_p) r = sgn ? put(&p, spec, (int)(int32_t)(star_w ? wv : pv), sv) : put(&p, spec, (int)(int32_t)(star_w ? wv : pv), uv);
      else r = sgn ? put(&p, spec, sv) : put(&p, spec, uv);
    } else if (is_flt) {
      spec[sn++] = conv; spec[sn] = 0;
      double d;
      memcpy(&d, &v, 8);
      if (star_w && star_p) r = put(&p, spec, (int)(int32_t)wv, (int)(int32_t)pv, d);
      else if (star_w || star_p) r = put(&p, spec, (int)(int32_t)(star_w ? wv : pv), d);
      else r = put(&p, spec, d);
    } else if (conv == 's') {
      spec[sn++] = 's'; spec[sn] = 0;
      char *str = v ? rd_str(&p, v, "string of a %s") : NULL;
      if (v && !str) goto fail;
      const char *sp = str ? str : "(null)";
      if (star_w && star_p) r = put(&p, spec, (int)(int32_t)wv, (int)(int32_t)pv, sp);
      else if (star_w || star_p) r = put(&p, spec, (int)(int32_t)(star_w ? wv : pv), sp);
      else r = put(&p, spec, sp);
      free(str);
    } else {   /* %p: the address as the host prints a pointer */
      spec[sn++] = 'p'; spec[sn] = 0;
      void *ptr = (void *)(uintptr_t)v;
      if (star_w) r = put(&p, spec, (int)(int32_t)wv, ptr);
      else r = put(&p, spec, ptr);
    }
    if (r) bad_spec = 1;
  }
  free(f);
  if (bad_spec) { *bad = fmt; free(p.buf); return -2; }
  *text = p.buf;
  *len = p.n;
  return nargs;
fail:
  free(f);
  free(p.buf);
  *bad = p.bad;
  return -2;
}

/* ---- the launch's output ---- */

int emu_print_keep(aw_device *d, uint64_t block, uint32_t thread, const char *text, size_t len) {
  if (d->nprints == d->cap_prints) {
    uint32_t cap = d->cap_prints ? 2 * d->cap_prints : 64;
    struct emu_print *r = realloc(d->prints, cap * sizeof *r);
    if (!r) return -1;
    d->prints = r;
    d->cap_prints = cap;
  }
  if (d->print_len + len > d->print_cap) {
    size_t cap = d->print_cap ? 2 * d->print_cap : 4096;
    while (cap < d->print_len + len) cap *= 2;
    char *t = realloc(d->print_text, cap);
    if (!t) return -1;
    d->print_text = t;
    d->print_cap = cap;
  }
  memcpy(d->print_text + d->print_len, text, len);
  d->prints[d->nprints] = (struct emu_print){ block, thread, d->nprints, d->print_len, len };
  d->nprints++;
  d->print_len += len;
  return 0;
}

static int by_thread(const void *a, const void *b) {
  const struct emu_print *x = a, *y = b;
  if (x->cta != y->cta) return x->cta < y->cta ? -1 : 1;
  if (x->thread != y->thread) return x->thread < y->thread ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void emu_print_flush(aw_device *d) {
  if (!d->nprints) return;
  qsort(d->prints, d->nprints, sizeof *d->prints, by_thread);
  FILE *out = d->printf_out ? d->printf_out : stdout;
  for (uint32_t i = 0; i < d->nprints; i++) fwrite(d->print_text + d->prints[i].off, 1, d->prints[i].len, out);
  fflush(out);
  d->nprints = 0;
  d->print_len = 0;
}
