/* emu/front/script_data.c -- a run script's values and a buffer's contents: element types,
 * values parsed and printed, data files read word by word, and the commands fill, dump and
 * expect (see script_int.h).
 */
#include "script_int.h"
#include "../core/core.h"   /* emu_half_round, emu_bits_f64: f16/bf16 and float arguments */

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- element types and values ---- */

static const struct { const char *name; int type; } types[] = {
  { "u8", ISA_T_U8 }, { "s8", ISA_T_S8 }, { "u16", ISA_T_U16 }, { "s16", ISA_T_S16 }, { "u32", ISA_T_U32 },
  { "s32", ISA_T_S32 }, { "u64", ISA_T_U64 }, { "s64", ISA_T_S64 }, { "f32", ISA_T_F32 }, { "f64", ISA_T_F64 },
  { "b8", ISA_T_U8 }, { "b16", ISA_T_U16 }, { "b32", ISA_T_U32 }, { "b64", ISA_T_U64 },
};

int scr_type_named(const char *n) {
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) if (!strcmp(types[i].name, n)) return types[i].type;
  return 0;
}
unsigned scr_type_bytes(int t) { unsigned b = isa_type_bits(t); return b < 8 ? 1 : b / 8; }
int scr_is_float(int t) { return t == ISA_T_F32 || t == ISA_T_F64; }
static int is_signed(int t) { return isa_type_kind(t) == TK_SGN; }

/* The range of an integer type: [*lo, *hi] with lo as a magnitude (it is 0 or negative). */
static void int_range(int t, uint64_t *neg_lo, uint64_t *hi) {
  unsigned w = scr_type_bytes(t) * 8;
  if (is_signed(t)) { *neg_lo = 1ull << (w - 1); *hi = (1ull << (w - 1)) - 1; }
  else { *neg_lo = 0; *hi = w >= 64 ? ~0ull : (1ull << w) - 1; }
}

/* What a type holds, for messages: "0 to 255", "-128 to 127", "finite values up to 3.40282347e+38 in magnitude". */
static void describe_range(char *buf, size_t cap, int t) {
  if (t == ISA_T_F32) { snprintf(buf, cap, "finite values at most %.9g in magnitude", (double)FLT_MAX); return; }
  if (t == ISA_T_F64) { snprintf(buf, cap, "finite values at most %.17g in magnitude", DBL_MAX); return; }
  uint64_t nlo, hi;
  int_range(t, &nlo, &hi);
  if (nlo) snprintf(buf, cap, "-%llu to %llu", (unsigned long long)nlo, (unsigned long long)hi);
  else snprintf(buf, cap, "0 to %llu", (unsigned long long)hi);
}

/* An unsigned integer: decimal digits, or 0x and hexadecimal digits; nothing else.
 * 0 on success, -1 when it is not such a number, -2 when it is beyond 2^64-1. */
int scr_parse_u64(const char *t, uint64_t *v) {
  int base = 10;
  if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) { base = 16; t += 2; if (!isxdigit((unsigned char)t[0])) return -1; }
  else if (!isdigit((unsigned char)t[0])) return -1;
  char *end;
  errno = 0;
  unsigned long long x = strtoull(t, &end, base);
  if (*end) return -1;
  if (errno == ERANGE) return -2;
  *v = x;
  return 0;
}

/* Parses a number for element type t into its bits (the low bytes of the
 * type's width).  0 on success; -1 with the reason in msg ("'256' is out of
 * range for u8 (0 to 255)") otherwise. */
int scr_parse_value(const char *text, int t, uint64_t *bits, char *msg, size_t cap) {
  char range[96];
  describe_range(range, sizeof range, t);
  const char *tn = isa_type_name(t);
  if (scr_is_float(t)) {
    unsigned digits = t == ISA_T_F32 ? 8 : 16;
    if (text[0] == '0' && (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' || text[1] == 'D') && isxdigit((unsigned char)text[2])) {
      /* 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX: the bits, as in PTX */
      size_t n = strlen(text + 2);
      uint64_t v = 0;
      int ok = n <= digits && (text[1] == 'f' || text[1] == 'F') == (t == ISA_T_F32);
      for (size_t i = 0; ok && i < n; i++) {
        int c = (unsigned char)text[2 + i];
        if (!isxdigit(c)) ok = 0;
        else v = v << 4 | (uint64_t)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
      }
      if (!ok) { snprintf(msg, cap, "'%s' is not a %s value (bits are written 0%c and at most %u hexadecimal digits)", text, tn, t == ISA_T_F32 ? 'f' : 'd', digits); return -1; }
      *bits = v;
      return 0;
    }
    char *end;
    errno = 0;
    if (t == ISA_T_F32) {
      float v = strtof(text, &end);
      if (end == text || *end || isspace((unsigned char)text[0])) { snprintf(msg, cap, "'%s' is not a %s value", text, tn); return -1; }
      if (errno == ERANGE && isinf(v)) { snprintf(msg, cap, "'%s' is out of range for f32 (%s; write inf for infinity)", text, range); return -1; }
      *bits = emu_f32_bits(v);
    } else {
      double v = strtod(text, &end);
      if (end == text || *end || isspace((unsigned char)text[0])) { snprintf(msg, cap, "'%s' is not a %s value", text, tn); return -1; }
      if (errno == ERANGE && isinf(v)) { snprintf(msg, cap, "'%s' is out of range for f64 (%s; write inf for infinity)", text, range); return -1; }
      *bits = emu_f64_bits(v);
    }
    return 0;
  }
  int neg = text[0] == '-';
  uint64_t mag, nlo, hi;
  int r = scr_parse_u64(text + neg, &mag);
  if (r == -1) { snprintf(msg, cap, "'%s' is not a %s value (an integer: decimal or 0x hexadecimal)", text, tn); return -1; }
  int_range(t, &nlo, &hi);
  if (r == -2 || (neg && mag > nlo) || (!neg && mag > hi)) {
    if (neg && !nlo && mag) snprintf(msg, cap, "'%s' is negative; %s holds %s", text, tn, range);
    else snprintf(msg, cap, "'%s' is out of range for %s (%s)", text, tn, range);
    return -1;
  }
  unsigned w = scr_type_bytes(t) * 8;
  uint64_t v = neg ? 0 - mag : mag;
  *bits = w >= 64 ? v : v & ((1ull << w) - 1);
  return 0;
}

/* A signed 64-bit value of an integer element's bits. */
static int64_t as_int(uint64_t bits, int t) {
  unsigned w = scr_type_bytes(t) * 8;
  if (w >= 64) return (int64_t)bits;
  uint64_t m = 1ull << (w - 1), v = bits & ((m << 1) - 1);
  return (int64_t)((v ^ m) - m);
}

static double as_double(uint64_t bits, int t) {
  if (t == ISA_T_F32) return emu_bits_f32((uint32_t)bits);
  if (t == ISA_T_F64) return emu_bits_f64(bits);
  if (is_signed(t)) return (double)as_int(bits, t);
  return (double)bits;
}

void scr_format_value(char *buf, size_t cap, uint64_t bits, int t) {
  if (t == ISA_T_F32) snprintf(buf, cap, "%.9g", emu_bits_f32((uint32_t)bits));
  else if (t == ISA_T_F64) snprintf(buf, cap, "%.17g", emu_bits_f64(bits));
  else if (is_signed(t)) snprintf(buf, cap, "%lld", (long long)as_int(bits, t));
  else snprintf(buf, cap, "%llu", (unsigned long long)bits);
}

uint64_t scr_get_elem(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes && i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}
void scr_put_elem(uint8_t *p, uint64_t v, unsigned bytes) { for (unsigned i = 0; i < bytes && i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }

/* ---- files ---- */

/* Opens a file to read; NULL with a message ("PATH: is a directory",
 * "PATH: cannot read: REASON") otherwise.  *st gets its status. */
FILE *scr_open_input(aw_session *s, const char *where, const char *path, struct stat *st) {
  FILE *f = fopen(path, "rb");
  if (!f) { scr_error(s, where, "%s: cannot read: %s", path, strerror(errno)); return NULL; }
  if (fstat(fileno(f), st) != 0) { scr_error(s, where, "%s: cannot read: %s", path, strerror(errno)); fclose(f); return NULL; }
  if (S_ISDIR(st->st_mode)) { scr_error(s, where, "%s: is a directory", path); fclose(f); return NULL; }
  return f;
}

/* Reads whitespace- (or comma-) separated words of a text file one at a time. */
typedef struct {
  FILE *f;
  uint64_t line, tokline;   /* the line being read; the line of the last word */
  char tok[128];
} words;

static int is_sep(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == '\v' || c == '\f'; }

/* 1: a word is in w->tok; 0: the end of the file; -1: a read scr_error; -2: a word too long to be a number. */
static int next_word(words *w) {
  int c;
  while ((c = getc(w->f)) != EOF && is_sep(c)) if (c == '\n') w->line++;
  if (c == EOF) return ferror(w->f) ? -1 : 0;
  w->tokline = w->line;
  size_t n = 0;
  for (; c != EOF && !is_sep(c); c = getc(w->f)) {
    if (n + 1 >= sizeof w->tok) return -2;
    w->tok[n++] = c ? (char)c : '?';   /* a NUL byte makes the word no number */
  }
  w->tok[n] = 0;
  if (c == '\n') w->line++;
  return 1;
}

/* Reads the next value of a text file for type t.  1: *bits holds it; 0: the
 * file has ended; -1: an scr_error, reported. */
static int next_value(aw_session *s, const char *where, const char *path, words *w, int t, uint64_t *bits) {
  int r = next_word(w);
  if (r == 0) return 0;
  if (r == -1) return scr_error(s, where, "%s: cannot read: %s", path, strerror(errno));
  if (r == -2) return scr_error(s, where, "%s:%llu: a word of more than %zu characters is no number", path, (unsigned long long)w->tokline, sizeof w->tok - 2);
  char msg[320];
  if (scr_parse_value(w->tok, t, bits, msg, sizeof msg)) return scr_error(s, where, "%s:%llu: %s", path, (unsigned long long)w->tokline, msg);
  return 1;
}

/* ---- fill ---- */

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* What fill const, ramp and random compute for element i (called in order). */
typedef struct {
  enum { GEN_CONST, GEN_RAMP, GEN_RANDOM } kind;
  uint64_t value;               /* const: the bits */
  uint64_t cur, step;           /* ramp of integers: this element's value and the step, mod 2^64 */
  double start, fstep;          /* ramp of floats */
  uint64_t state;               /* random: splitmix64's state */
  uint64_t lo, span;            /* random integers: LO and HI - LO + 1, mod 2^64 (span 0: all 2^64 values) */
  double flo, fhi;              /* random floats */
} generator;

static uint64_t float_bits(double v, int t) { return t == ISA_T_F32 ? emu_f32_bits((float)v) : emu_f64_bits(v); }

static uint64_t generate(generator *g, int t, uint64_t i) {
  if (g->kind == GEN_CONST) return g->value;
  if (g->kind == GEN_RAMP) {
    if (scr_is_float(t)) return float_bits(g->start + (double)i * g->fstep, t);
    uint64_t v = g->cur;
    g->cur += g->step;
    return v;
  }
  uint64_t z = splitmix64(&g->state);
  if (!scr_is_float(t)) return g->lo + (g->span ? z % g->span : z);
  double u = (double)(z >> 11) * 0x1p-53, d = g->fhi - g->flo, v;
  /* HI - LO beyond the largest double (LO -1e308, HI 1e308): the same point, weighted */
  v = isinf(d) ? g->flo * (1 - u) + g->fhi * u : g->flo + d * u;
  if (v < g->flo) v = g->flo;
  if (v > g->fhi) v = g->fhi;
  return float_bits(v, t);
}

__extension__ typedef __int128 wide_int;   /* a ramp's end: |START| < 2^64 plus (2^32-1) * |STEP| < 2^96 */

static void format_wide(char *buf, size_t cap, wide_int v) {
  char tmp[48];
  size_t n = 0;
  int neg = v < 0;
  unsigned __int128 m = neg ? (unsigned __int128)0 - (unsigned __int128)v : (unsigned __int128)v;
  do { tmp[n++] = (char)('0' + (int)(m % 10)); m /= 10; } while (m);
  size_t k = 0;
  if (neg && k + 1 < cap) buf[k++] = '-';
  while (n && k + 1 < cap) buf[k++] = tmp[--n];
  buf[k] = 0;
}

/* An integer of any sign with magnitude below 2^64: 0, or -1 (not an integer) / -2 (too large). */
static int parse_wide(const char *t, wide_int *v) {
  int neg = t[0] == '-';
  uint64_t m;
  int r = scr_parse_u64(t + neg, &m);
  if (r) return r;
  *v = neg ? -(wide_int)m : (wide_int)m;
  return 0;
}

/* 1 when the double d rounds to an infinite float: |d| at or past the midpoint
 * between FLT_MAX and 2^128 (tested without the conversion, which is undefined
 * behaviour out of range). */
static int beyond_f32(double d) { return isfinite(d) && fabs(d) >= 0x1.ffffffp127; }

/* A finite or infinite double in the range of t (f32 or f64): 0, or -1 with a message. */
static int parse_double(const char *text, int t, double *v, char *msg, size_t cap) {
  char *end;
  errno = 0;
  double d = strtod(text, &end);
  char range[96];
  describe_range(range, sizeof range, t);
  if (end == text || *end || isspace((unsigned char)text[0])) { snprintf(msg, cap, "'%s' is not a number", text); return -1; }
  if ((errno == ERANGE && isinf(d)) || (t == ISA_T_F32 && beyond_f32(d))) {
    snprintf(msg, cap, "'%s' is out of range for %s (%s)", text, isa_type_name(t), range);
    return -1;
  }
  *v = d;
  return 0;
}

/* Sets up the generator of 'fill NAME ramp START STEP'; checks that every element fits. */
static int setup_ramp(aw_session *s, const char *where, const buffer *b, char **argv, generator *g) {
  int t = b->type;
  const char *tn = isa_type_name(t);
  char msg[320], range[96];
  describe_range(range, sizeof range, t);
  g->kind = GEN_RAMP;
  if (scr_is_float(t)) {
    if (parse_double(argv[3], t, &g->start, msg, sizeof msg)) return scr_error(s, where, "ramp START: %s", msg);
    if (parse_double(argv[4], ISA_T_F64, &g->fstep, msg, sizeof msg)) return scr_error(s, where, "ramp STEP: %s", msg);
    if (!isfinite(g->start) || !isfinite(g->fstep)) return scr_error(s, where, "ramp START and STEP must be finite ('%s', '%s')", argv[3], argv[4]);
    double last = g->start + (double)(b->count - 1) * g->fstep;
    if (!isfinite(last) || (t == ISA_T_F32 && beyond_f32(last)))
      return scr_error(s, where, "ramp reaches %.17g at element %llu, more than %s holds (%s)", last, (unsigned long long)(b->count - 1), tn, range);
    return 0;
  }
  wide_int start = 0, step = 0;
  int r = parse_wide(argv[3], &start);
  if (r == -1) return scr_error(s, where, "ramp START '%s' is not an integer (decimal or 0x hexadecimal)", argv[3]);
  uint64_t nlo, hi;
  int_range(t, &nlo, &hi);
  if (r == -2 || start < -(wide_int)nlo || start > (wide_int)hi) return scr_error(s, where, "ramp START '%s' is out of range for %s (%s)", argv[3], tn, range);
  r = parse_wide(argv[4], &step);
  if (r == -1) return scr_error(s, where, "ramp STEP '%s' is not an integer (decimal or 0x hexadecimal)", argv[4]);
  if (r == -2) return scr_error(s, where, "ramp STEP '%s' is too large: at most 2^64-1 in magnitude", argv[4]);
  wide_int last = start + (wide_int)(b->count - 1) * step;
  if (last < -(wide_int)nlo || last > (wide_int)hi) {
    char l[48];
    format_wide(l, sizeof l, last);
    if (last > (wide_int)hi) return scr_error(s, where, "ramp reaches %s at element %llu, more than %s holds (at most %llu)", l, (unsigned long long)(b->count - 1), tn, (unsigned long long)hi);
    return scr_error(s, where, "ramp reaches %s at element %llu, less than %s holds (at least %s%llu)", l, (unsigned long long)(b->count - 1), tn, nlo ? "-" : "", (unsigned long long)nlo);
  }
  g->cur = (uint64_t)start;
  g->step = (uint64_t)step;
  return 0;
}

/* Sets up the generator of 'fill NAME random SEED LO HI'. */
static int setup_random(aw_session *s, const char *where, const buffer *b, char **argv, generator *g) {
  int t = b->type;
  char msg[320];
  g->kind = GEN_RANDOM;
  if (scr_parse_u64(argv[3], &g->state)) return scr_error(s, where, "random SEED '%s' is not an integer from 0 to 2^64-1 (decimal or 0x hexadecimal)", argv[3]);
  if (scr_is_float(t)) {
    if (parse_double(argv[4], t, &g->flo, msg, sizeof msg)) return scr_error(s, where, "random LO: %s", msg);
    if (parse_double(argv[5], t, &g->fhi, msg, sizeof msg)) return scr_error(s, where, "random HI: %s", msg);
    if (!isfinite(g->flo)) return scr_error(s, where, "random LO '%s' is not finite", argv[4]);
    if (!isfinite(g->fhi)) return scr_error(s, where, "random HI '%s' is not finite", argv[5]);
    if (g->flo > g->fhi) return scr_error(s, where, "random LO %s is more than HI %s", argv[4], argv[5]);
    return 0;
  }
  uint64_t lo, hi;
  if (scr_parse_value(argv[4], t, &lo, msg, sizeof msg)) return scr_error(s, where, "random LO: %s", msg);
  if (scr_parse_value(argv[5], t, &hi, msg, sizeof msg)) return scr_error(s, where, "random HI: %s", msg);
  int less = is_signed(t) ? as_int(hi, t) < as_int(lo, t) : hi < lo;
  if (less) return scr_error(s, where, "random LO %s is more than HI %s", argv[4], argv[5]);
  /* in 2^64 arithmetic: sign-extended LO plus z mod (HI - LO + 1) is exact for every type */
  uint64_t l = is_signed(t) ? (uint64_t)as_int(lo, t) : lo, h = is_signed(t) ? (uint64_t)as_int(hi, t) : hi;
  g->lo = l;
  g->span = h - l + 1;
  return 0;
}

/* Writes generated elements to the whole buffer, a chunk at a time. */
static int fill_generated(aw_session *s, const char *where, const buffer *b, generator *g) {
  unsigned eb = scr_type_bytes(b->type);
  uint8_t *chunk = scr_chunk_alloc(s, where, b);
  if (!chunk) return -1;
  int rc = 0;
  for (uint64_t base = 0; base < b->count && !rc; base += CHUNK_ELEMS) {
    uint64_t n = b->count - base < CHUNK_ELEMS ? b->count - base : CHUNK_ELEMS;
    for (uint64_t i = 0; i < n; i++) scr_put_elem(chunk + i * eb, generate(g, b->type, base + i), eb);
    if (aw_memcpy_htod(s->dev, b->addr + base * eb, chunk, (size_t)(n * eb)) != AW_OK) rc = scr_error(s, where, "cannot write buffer '%s'", b->name);
  }
  free(chunk);
  return rc;
}

static int fill_file(aw_session *s, const char *where, const buffer *b, const char *path) {
  uint64_t size = b->count * scr_type_bytes(b->type);
  struct stat st;
  FILE *f = scr_open_input(s, where, path, &st);
  if (!f) return -1;
  unsigned eb = scr_type_bytes(b->type);
  if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > size) {
    fclose(f);
    return scr_error(s, where, "%s has %llu bytes; buffer '%s' holds %llu", path, (unsigned long long)st.st_size, b->name, (unsigned long long)size);
  }
  if (S_ISREG(st.st_mode) && (uint64_t)st.st_size % eb) {
    fclose(f);
    return scr_error(s, where, "%s has %llu bytes, not a whole number of %s elements (%u bytes each)", path, (unsigned long long)st.st_size, isa_type_name(b->type), eb);
  }
  size_t cap = 1u << 20;
  uint8_t *chunk = malloc(cap);
  if (!chunk) { fclose(f); return scr_error(s, where, "out of memory"); }
  uint64_t at = 0;
  int rc = 0;
  for (;;) {
    size_t k = fread(chunk, 1, cap, f);
    if (!k) break;
    if (k > size - at) { rc = scr_error(s, where, "%s has more than %llu bytes; buffer '%s' holds %llu", path, (unsigned long long)size, b->name, (unsigned long long)size); break; }
    if (aw_memcpy_htod(s->dev, b->addr + at, chunk, k) != AW_OK) { rc = scr_error(s, where, "cannot write buffer '%s'", b->name); break; }
    at += k;
  }
  if (!rc && ferror(f)) rc = scr_error(s, where, "%s: cannot read: %s", path, strerror(errno));
  if (!rc && at % eb) rc = scr_error(s, where, "%s has %llu bytes, not a whole number of %s elements (%u bytes each)", path, (unsigned long long)at, isa_type_name(b->type), eb);
  free(chunk);
  fclose(f);
  return rc;
}

static int fill_text(aw_session *s, const char *where, const buffer *b, const char *path) {
  unsigned eb = scr_type_bytes(b->type);
  struct stat st;
  FILE *f = scr_open_input(s, where, path, &st);
  if (!f) return -1;
  uint8_t *chunk = scr_chunk_alloc(s, where, b);
  if (!chunk) { fclose(f); return -1; }
  words w = { f, 1, 1, { 0 } };
  uint64_t at = 0, n = 0;
  int rc = 0;
  for (;;) {
    uint64_t bits;
    int r = next_value(s, where, path, &w, b->type, &bits);
    if (r < 0) { rc = -1; break; }
    if (r && at + n == b->count) { rc = scr_error(s, where, "%s has more than %llu values; buffer '%s' holds %llu", path, (unsigned long long)b->count, b->name, (unsigned long long)b->count); break; }
    if (r) scr_put_elem(chunk + (n++) * eb, bits, eb);
    if (n == CHUNK_ELEMS || (!r && n)) {
      if (aw_memcpy_htod(s->dev, b->addr + at * eb, chunk, (size_t)(n * eb)) != AW_OK) { rc = scr_error(s, where, "cannot write buffer '%s'", b->name); break; }
      at += n;
      n = 0;
    }
    if (!r) break;
  }
  free(chunk);
  fclose(f);
  return rc;
}

int scr_cmd_fill(aw_session *s, char **argv, int argc, const char *where) {
  const char *usage = "usage: fill NAME const V | ramp START STEP | random SEED LO HI | hex DIGITS | file PATH | text PATH";
  if (argc < 3) return scr_error(s, where, "%s", usage);
  buffer *b = scr_find_buffer(s, argv[1]);
  if (!b) return scr_error(s, where, "no buffer named '%s'", argv[1]);
  unsigned eb = scr_type_bytes(b->type);
  const char *how = argv[2];
  generator g;
  memset(&g, 0, sizeof g);
  char msg[320];
  if (!strcmp(how, "const") && argc == 4) {
    g.kind = GEN_CONST;
    if (scr_parse_value(argv[3], b->type, &g.value, msg, sizeof msg)) return scr_error(s, where, "%s", msg);
    return fill_generated(s, where, b, &g);
  }
  if (!strcmp(how, "ramp") && argc == 5) return setup_ramp(s, where, b, argv, &g) ? -1 : fill_generated(s, where, b, &g);
  if (!strcmp(how, "random") && argc == 6) return setup_random(s, where, b, argv, &g) ? -1 : fill_generated(s, where, b, &g);
  if (!strcmp(how, "hex") && argc == 4) {
    size_t hl = strlen(argv[3]);
    uint64_t size = b->count * eb;
    if (hl % 2) return scr_error(s, where, "hex string of %zu digits: an odd number (two digits make a byte)", hl);
    if (hl / 2 > size) return scr_error(s, where, "hex string of %zu digits (%zu bytes) does not fit buffer '%s' (%llu bytes)", hl, hl / 2, b->name, (unsigned long long)size);
    uint8_t *bytes = malloc(hl / 2 + 1);
    if (!bytes) return scr_error(s, where, "out of memory");
    for (size_t i = 0; i < hl / 2; i++) {
      int hi = (unsigned char)argv[3][2 * i], lo = (unsigned char)argv[3][2 * i + 1];
      if (!isxdigit(hi) || !isxdigit(lo)) { free(bytes); return scr_error(s, where, "'%c%c' (digits %zu and %zu) is not hexadecimal", hi, lo, 2 * i + 1, 2 * i + 2); }
      bytes[i] = (uint8_t)((isdigit(hi) ? hi - '0' : tolower(hi) - 'a' + 10) << 4 | (isdigit(lo) ? lo - '0' : tolower(lo) - 'a' + 10));
    }
    int rc = hl && aw_memcpy_htod(s->dev, b->addr, bytes, hl / 2) != AW_OK ? scr_error(s, where, "cannot write buffer '%s'", b->name) : 0;
    free(bytes);
    return rc;
  }
  if (!strcmp(how, "file") && argc == 4) return fill_file(s, where, b, argv[3]);
  if (!strcmp(how, "text") && argc == 4) return fill_text(s, where, b, argv[3]);
  return scr_error(s, where, "%s", usage);
}

/* ---- dump ---- */

int scr_cmd_dump(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3 && !(argc == 4 && !strcmp(argv[3], "text"))) return scr_error(s, where, "usage: dump NAME PATH [text]");
  buffer *b = scr_find_buffer(s, argv[1]);
  if (!b) return scr_error(s, where, "no buffer named '%s'", argv[1]);
  unsigned eb = scr_type_bytes(b->type);
  uint8_t *chunk = scr_chunk_alloc(s, where, b);
  if (!chunk) return -1;
  isa_outfile o;
  char err[4200];
  if (scr_open_output(s, &o, argv[2], argc == 3, where)) { free(chunk); return -1; }
  int rc = 0;
  for (uint64_t base = 0; base < b->count && !rc; base += CHUNK_ELEMS) {
    uint64_t n = b->count - base < CHUNK_ELEMS ? b->count - base : CHUNK_ELEMS;
    if (aw_memcpy_dtoh(s->dev, chunk, b->addr + base * eb, (size_t)(n * eb)) != AW_OK) { rc = scr_error(s, where, "cannot read buffer '%s'", b->name); break; }
    if (argc == 4) {
      char v[64];
      for (uint64_t i = 0; i < n; i++) { scr_format_value(v, sizeof v, scr_get_elem(chunk + i * eb, eb), b->type); fprintf(o.f, "%s\n", v); }
    } else fwrite(chunk, eb, (size_t)n, o.f);
    if (ferror(o.f)) rc = scr_error(s, where, "%s: cannot write: %s", argv[2], strerror(errno));
  }
  free(chunk);
  if (rc) { isa_out_abort(&o); return rc; }
  if (isa_out_commit(&o, err, sizeof err)) return scr_error(s, where, "%s", err);
  return 0;
}

/* ---- expect ---- */

/* kind: 0 exact, 1 abs, 2 rel, 3 ulp; x the number; n the largest integer at most x (2^64 - 1
 * when x is more), exact where the text is an integer: an integer distance d (integers' abs,
 * floats' ulp) is within the tolerance when d <= n, nothing rounded */
typedef struct { int kind; double x; uint64_t n; } tolerance;

/* The largest integer at most x (x >= 0, not NaN), 2^64 - 1 for x >= 2^64. */
static uint64_t floor_u64(double x) { return x >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)x; }

static int parse_tol(const char *t, tolerance *tol) {
  const char *eq = strchr(t, '=');
  if (!eq) return -1;
  char *end;
  errno = 0;
  double v = strtod(eq + 1, &end);
  if (end == eq + 1 || *end || isnan(v) || v < 0 || isspace((unsigned char)eq[1])) return -1;
  size_t n = (size_t)(eq - t);
  if (n == 3 && !strncmp(t, "abs", 3)) tol->kind = 1;
  else if (n == 3 && !strncmp(t, "rel", 3)) tol->kind = 2;
  else if (n == 3 && !strncmp(t, "ulp", 3)) tol->kind = 3;
  else return -1;
  tol->x = v;
  if (scr_parse_u64(eq + 1, &tol->n)) tol->n = floor_u64(v);   /* ulp=9007199254740993 is not 2^53 */
  return 0;
}

static int64_t ordered(uint64_t bits, int t) {   /* floats as integers that order like the values */
  if (t == ISA_T_F32) { int32_t i = (int32_t)(uint32_t)bits; return i < 0 ? (int64_t)INT32_MIN - i : i; }
  int64_t i = (int64_t)bits;
  return i < 0 ? INT64_MIN - i : i;
}

/* |a - b| of two int64_t, exact: up to 2^64 - 1 (INT64_MIN to INT64_MAX), which int64_t does not hold */
static uint64_t distance_s64(int64_t a, int64_t b) { return a >= b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a; }

/* |got - want| of two integer elements, exact (a double holds integers only up to 2^53). */
static uint64_t int_distance(uint64_t got, uint64_t want, int t) {
  if (is_signed(t)) return distance_s64(as_int(got, t), as_int(want, t));
  return got >= want ? got - want : want - got;
}

/* |want| of an integer element, exact (|INT64_MIN| is 2^63). */
static uint64_t int_magnitude(uint64_t want, int t) {
  if (!is_signed(t)) return want;
  int64_t w = as_int(want, t);
  return w < 0 ? 0 - (uint64_t)w : (uint64_t)w;
}

/* |g - w| <= X (abs) or X * |w| (rel) for floats, in doubles: each side rounds at most half a
 * unit in its own last place, as X did when it was read.  Where a side overflows to inf, both
 * are halved (-DBL_MAX and DBL_MAX are 2 * DBL_MAX apart: more than rel=1.5 allows, though as
 * doubles both sides are inf); that takes |g| and |w| of at least 2^970, or |w| > 1 for the
 * bound, whose halves are exact. */
static int float_within(double g, double w, const tolerance *tol) {
  double d = fabs(g - w), bound = tol->kind == 1 ? tol->x : tol->x * fabs(w);
  if ((isinf(d) || isinf(bound)) && isfinite(g) && isfinite(w) && isfinite(tol->x)) {
    d = fabs(g * 0.5 - w * 0.5);
    bound = tol->kind == 1 ? tol->x * 0.5 : tol->x * fabs(w * 0.5);
  }
  return d <= bound;
}

static int matches(uint64_t got, uint64_t want, int t, const tolerance *tol) {
  if (got == want) return 1;
  if (!tol->kind) return 0;
  if (!scr_is_float(t)) {   /* integers: the distance exactly, in 64 bits; ulp is for floats */
    uint64_t d = int_distance(got, want, t), m = int_magnitude(want, t);
    if (tol->kind == 1) return d <= tol->n;
    if (tol->kind == 2) return m && d <= floor_u64(tol->x * (double)m);   /* want 0: only 0 is within X * 0 */
    return 0;
  }
  double g = as_double(got, t), w = as_double(want, t);
  if (g != g || w != w) return (g != g) && (w != w);
  if (tol->kind != 3) return float_within(g, w, tol);
  /* ulp: the exact distance of the ordered integers (f64's are 2^64 - 2^53 apart at most) */
  return distance_s64(ordered(got, t), ordered(want, t)) <= tol->n;
}

/* The comparison of an expect: counts and prints the first mismatches. */
/* For integers the largest absolute scr_error is max_int, exact; for floats max_abs. */
typedef struct { uint64_t bad, checked, inexact; double max_abs, max_rel; uint64_t max_int, at_abs, at_rel; } verdict;

static void compare_elem(aw_session *s, const char *where, const buffer *b, const tolerance *tol, verdict *v, uint64_t i, uint64_t got, uint64_t want) {
  v->checked++;
  if (got != want && tol->kind && !scr_is_float(b->type)) {   /* within or beyond a tolerance: the scr_error is measured */
    uint64_t e = int_distance(got, want, b->type), m = int_magnitude(want, b->type);
    double r = m ? (double)e / (double)m : INFINITY;
    v->inexact++;
    if (e > v->max_int) { v->max_int = e; v->at_abs = i; }
    if (r > v->max_rel) { v->max_rel = r; v->at_rel = i; }
  } else if (got != want && tol->kind) {
    double g = as_double(got, b->type), w = as_double(want, b->type), e = fabs(g - w), r = w != 0 ? e / fabs(w) : e != 0 ? INFINITY : 0;
    if (g == g && w == w) {
      v->inexact++;
      if (e > v->max_abs) { v->max_abs = e; v->at_abs = i; }
      if (r > v->max_rel) { v->max_rel = r; v->at_rel = i; }
    }
  }
  if (matches(got, want, b->type, tol)) return;
  if (v->bad < 10) {
    char g[64], wv[64];
    scr_format_value(g, sizeof g, got, b->type);
    scr_format_value(wv, sizeof wv, want, b->type);
    if (!v->bad) fprintf(s->err, "%s%serror: buffer '%s' differs from what is expected:\n", where, *where ? ": " : "", b->name);
    fprintf(s->err, "  [%llu] got %s (0x%llx), want %s (0x%llx)\n", (unsigned long long)i, g, (unsigned long long)got, wv, (unsigned long long)want);
  }
  v->bad++;
}

int scr_cmd_expect(aw_session *s, char **argv, int argc, const char *where) {
  const char *usage = "usage: expect NAME file PATH [TOL] | text PATH [TOL] | value V [TOL] | at INDEX V [TOL]  (TOL: abs=X, rel=X or ulp=N)";
  if (argc < 4) return scr_error(s, where, "%s", usage);
  buffer *b = scr_find_buffer(s, argv[1]);
  if (!b) return scr_error(s, where, "no buffer named '%s'", argv[1]);
  const char *how = argv[2];
  int nargs = !strcmp(how, "at") ? 2 : 1;
  tolerance tol = { 0, 0, 0 };
  if (argc == 3 + nargs + 1) { if (parse_tol(argv[3 + nargs], &tol)) return scr_error(s, where, "bad tolerance '%s' (abs=X, rel=X or ulp=N; X a number >= 0)", argv[3 + nargs]); }
  else if (argc != 3 + nargs) return scr_error(s, where, "%s", usage);
  unsigned eb = scr_type_bytes(b->type);
  char msg[320];
  verdict v = { 0, 0, 0, 0, 0, 0, 0, 0 };
  if (!strcmp(how, "at")) {
    uint64_t idx, want, got = 0;
    if (scr_parse_u64(argv[3], &idx)) return scr_error(s, where, "INDEX '%s' is not an index (decimal or 0x hexadecimal)", argv[3]);
    if (idx >= b->count) return scr_error(s, where, "index '%s' is outside buffer '%s' (%llu elements: 0 to %llu)", argv[3], b->name, (unsigned long long)b->count, (unsigned long long)(b->count - 1));
    if (scr_parse_value(argv[4], b->type, &want, msg, sizeof msg)) return scr_error(s, where, "%s", msg);
    uint8_t e[8];
    if (aw_memcpy_dtoh(s->dev, e, b->addr + idx * eb, eb) != AW_OK) return scr_error(s, where, "cannot read buffer '%s'", b->name);
    got = scr_get_elem(e, eb);
    compare_elem(s, where, b, &tol, &v, idx, got, want);
  } else {
    int kind = !strcmp(how, "file") ? 1 : !strcmp(how, "text") ? 2 : !strcmp(how, "value") ? 3 : 0;
    if (!kind) return scr_error(s, where, "%s", usage);
    uint64_t value = 0;
    if (kind == 3 && scr_parse_value(argv[3], b->type, &value, msg, sizeof msg)) return scr_error(s, where, "%s", msg);
    FILE *f = NULL;
    struct stat st;
    uint64_t size = b->count * eb;
    if (kind != 3) {
      if (!(f = scr_open_input(s, where, argv[3], &st))) return -1;
      if (kind == 1 && S_ISREG(st.st_mode) && (uint64_t)st.st_size != size) {
        fclose(f);
        return scr_error(s, where, "%s has %llu bytes; buffer '%s' has %llu", argv[3], (unsigned long long)st.st_size, b->name, (unsigned long long)size);
      }
    }
    uint8_t *got = scr_chunk_alloc(s, where, b), *raw = kind == 1 ? scr_chunk_alloc(s, where, b) : NULL;
    if (!got || (kind == 1 && !raw)) { free(got); free(raw); if (f) fclose(f); return -1; }
    words w = { f, 1, 1, { 0 } };
    int rc = 0;
    for (uint64_t base = 0; base < b->count && !rc; base += CHUNK_ELEMS) {
      uint64_t n = b->count - base < CHUNK_ELEMS ? b->count - base : CHUNK_ELEMS;
      if (aw_memcpy_dtoh(s->dev, got, b->addr + base * eb, (size_t)(n * eb)) != AW_OK) { rc = scr_error(s, where, "cannot read buffer '%s'", b->name); break; }
      if (kind == 1) {
        size_t k = fread(raw, 1, (size_t)(n * eb), f);
        if (k != n * eb) {
          if (ferror(f)) rc = scr_error(s, where, "%s: cannot read: %s", argv[3], strerror(errno));
          else rc = scr_error(s, where, "%s has %llu bytes; buffer '%s' has %llu", argv[3], (unsigned long long)(base * eb + k), b->name, (unsigned long long)size);
          break;
        }
      }
      for (uint64_t i = 0; i < n && !rc; i++) {
        uint64_t want = value;
        if (kind == 1) want = scr_get_elem(raw + i * eb, eb);
        else if (kind == 2) {
          int r = next_value(s, where, argv[3], &w, b->type, &want);
          if (r < 0) { rc = -1; break; }
          if (!r) { rc = scr_error(s, where, "%s has %llu values; buffer '%s' has %llu", argv[3], (unsigned long long)(base + i), b->name, (unsigned long long)b->count); break; }
        }
        compare_elem(s, where, b, &tol, &v, base + i, scr_get_elem(got + i * eb, eb), want);
      }
    }
    if (!rc && kind == 1 && getc(f) != EOF) rc = scr_error(s, where, "%s has more than %llu bytes; buffer '%s' has %llu", argv[3], (unsigned long long)size, b->name, (unsigned long long)size);
    if (!rc && kind == 2) {
      uint64_t extra;
      int r = next_value(s, where, argv[3], &w, b->type, &extra);
      if (r < 0) rc = -1;
      else if (r) rc = scr_error(s, where, "%s has more than %llu values; buffer '%s' has %llu", argv[3], (unsigned long long)b->count, b->name, (unsigned long long)b->count);
    }
    free(got);
    free(raw);
    if (f) fclose(f);
    if (rc) return rc;
  }
  if (v.inexact) {   /* an expect with a tolerance says how close it came */
    char e[32];
    if (scr_is_float(b->type)) snprintf(e, sizeof e, "%.9g", v.max_abs);
    else snprintf(e, sizeof e, "%llu", (unsigned long long)v.max_int);
    fprintf(v.bad ? s->err : s->out, "%s%sexpect %s: %llu of %llu elements not bit-exact; largest error %s absolute (element %llu), %.9g relative (element %llu)\n",
            where, *where ? ": " : "", b->name, (unsigned long long)v.inexact, (unsigned long long)v.checked, e, (unsigned long long)v.at_abs,
            v.max_rel, (unsigned long long)v.at_rel);
  }
  if (v.bad) { fprintf(s->err, "  %llu of %llu elements differ\n", (unsigned long long)v.bad, (unsigned long long)v.checked); return -1; }
  return 0;
}
