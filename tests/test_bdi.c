/* tests/test_bdi.c -- the BDI and MAG-aware BDI reference codecs.
 *
 *   known answers  hand-written lines with the encoding and the exact payload
 *                  bytes worked out by hand from subroutines/bdi/FORMAT.md and
 *                  subroutines/magbdi/FORMAT.md (not from running the code),
 *                  malformed payloads, unsupported sizes
 *   bulk           for both codecs, every line size (32, 64, 128) and every
 *                  MAG (16, 32, 64): 1,000,000 generated lines each (zeros,
 *                  repeated values, narrow integers, pointers, small-range
 *                  floats, random bytes, delta boundaries), each compressed,
 *                  compared with a slow independent encoder written from the
 *                  format documents (same encoding, same size, same bytes),
 *                  and decompressed from a payload that ends at a guard page,
 *                  so reading past meta.size bytes faults
 *   boundaries     for every delta width, lines whose one boundary delta is
 *                  2^(w-1)-1 or -2^(w-1) (fits) and 2^(w-1) or -2^(w-1)-1 (does
 *                  not), from the explicit base and from zero, with bases
 *                  placed where differences wrap around: both sides must occur
 *   real data      the 5000 32-byte blocks of tests/data/mpc-rtl/blocks.txt:
 *                  round trip and compression ratios (raw / payload, and
 *                  raw / MAG-rounded bursts)
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "../subroutines/bdi/bdi.h"
#include "check.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

extern const codec codec_bdi, codec_magbdi;

#define BULK_LINES 1000000

/* ---- a payload that ends where a PROT_NONE page begins ---- */

static uint8_t *guard_end;
static const char *guard_what = "";

static void on_segv(int sig) {
  (void)sig;
  static const char msg[] = "FAIL decompress read past the end of the payload (guard page hit): ";
  ssize_t r = write(1, msg, sizeof msg - 1);
  r = write(1, guard_what, strlen(guard_what));
  r = write(1, "\n", 1);
  (void)r;
  _exit(1);
}

static int guard_init(void) {
  long page = sysconf(_SC_PAGESIZE);
  uint8_t *m = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED || mprotect(m + page, (size_t)page, PROT_NONE)) return -1;
  guard_end = m + page;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_segv;
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);
  return 0;
}

/* decompresses from a copy of the payload placed flush against the guard page */
static int decompress_guarded(const codec *c, const uint8_t *payload, const codec_meta *m, unsigned lb, unsigned mag, uint8_t *line) {
  if (m->size > CODEC_MAX_PAYLOAD) return -2;
  uint8_t *p = guard_end - m->size;
  memcpy(p, payload, m->size);
  return c->decompress(p, m, lb, mag, line);
}

/* ---- random numbers: splitmix64, a fixed sequence per combination ---- */

static uint64_t rng_state;
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }

/* ---- element access, byte by byte (little-endian) ---- */

static uint64_t get_elem(const uint8_t *line, unsigned i, unsigned B) {
  uint64_t v = 0;
  for (unsigned b = 0; b < B; b++) v |= (uint64_t)line[i * B + b] << (8 * b);
  return v;
}
static void set_elem(uint8_t *line, unsigned i, unsigned B, uint64_t v) {
  for (unsigned b = 0; b < B; b++) line[i * B + b] = (uint8_t)(v >> (8 * b));
}
/* the low 'bits' bits of x, sign-extended to 64 bits */
static uint64_t sext(uint64_t x, unsigned bits) {
  if (bits >= 64) return x;
  uint64_t m = (1ull << bits) - 1;
  x &= m;
  return (x >> (bits - 1)) ? x | ~m : x;
}
/* is the B-byte difference d within 'bits' bits of two's complement reach? */
static int reach(uint64_t d, unsigned B, unsigned bits) { return sext(d, bits) == sext(d, 8 * B); }

/* ---- the slow encoders, written from the FORMAT.md files ---- */

static const struct { unsigned B, k; } bdi_shapes[9] = {
  [BDI_B8D1] = { 8, 1 }, [BDI_B8D2] = { 8, 2 }, [BDI_B8D4] = { 8, 4 },
  [BDI_B4D1] = { 4, 1 }, [BDI_B4D2] = { 4, 2 }, [BDI_B2D1] = { 2, 1 },
};

/* Does the line fit B-byte elements at 'bits'-bit deltas from zero or from
 * the first element out of zero's reach?  Shared by both codecs' models. */
static int model_fits(const uint8_t *line, unsigned lb, unsigned B, unsigned bits, uint64_t *base) {
  int have = 0;
  uint64_t b = 0;
  for (unsigned i = 0; i < lb / B; i++) {
    uint64_t v = get_elem(line, i, B);
    if (reach(v, B, bits)) continue;
    if (!have) { have = 1; b = v; continue; }
    if (!reach(v - b, B, bits)) return 0;
  }
  *base = b;
  return 1;
}

static void model_bdi(const uint8_t *line, unsigned lb, uint8_t *out, codec_meta *m) {
  int zero = 1, same = 1;
  for (unsigned i = 0; i < lb; i++) zero &= line[i] == 0;
  for (unsigned i = 0; i < lb; i++) same &= line[i] == line[i % 8];
  if (zero) { m->encoding = 1; m->size = 0; return; }
  if (same) { m->encoding = 2; m->size = 8; memcpy(out, line, 8); return; }
  unsigned best = 0, best_size = lb;
  for (unsigned e = 3; e <= 8; e++) {
    unsigned B = bdi_shapes[e].B, n = lb / B, size = B + n * bdi_shapes[e].k + (n + 7) / 8;
    uint64_t base;
    if (size < best_size && model_fits(line, lb, B, 8 * bdi_shapes[e].k, &base)) { best = e; best_size = size; }
  }
  m->encoding = best;
  m->size = best_size;
  if (!best) { memcpy(out, line, lb); return; }
  unsigned B = bdi_shapes[best].B, k = bdi_shapes[best].k, n = lb / B;
  uint64_t base;
  model_fits(line, lb, B, 8 * k, &base);
  set_elem(out, 0, B, base);                       /* base */
  memset(out + B + n * k, 0, (n + 7) / 8);
  for (unsigned i = 0; i < n; i++) {
    uint64_t v = get_elem(line, i, B);
    int use_base = !reach(v, B, 8 * k);
    set_elem(out + B, i, k, use_base ? v - base : v); /* deltas */
    if (use_base) out[B + n * k + i / 8] |= (uint8_t)(1u << (i % 8)); /* mask */
  }
}

/* MAG-aware BDI delta widths, worked out by hand from
 * w = floor((8*k*MAG - 32 - n) / n) (FORMAT.md has the table); 0 = no such k */
static unsigned mag_width(unsigned lb, unsigned mag, unsigned k) {
  static const struct { unsigned lb, mag, w[7]; } t[] = {
    { 32, 16, { 11 } },
    { 64, 16, { 5, 13, 21 } }, { 64, 32, { 13 } },
    { 128, 16, { 2, 6, 10, 14, 18, 22, 26 } }, { 128, 32, { 6, 14, 22 } }, { 128, 64, { 14 } },
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (t[i].lb == lb && t[i].mag == mag) return k >= 1 && k <= 7 ? t[i].w[k - 1] : 0;
  return 0;
}

static void put_bit(uint8_t *out, unsigned pos, unsigned bit) { if (bit) out[pos / 8] |= (uint8_t)(1u << (pos % 8)); }

static void model_magbdi(const uint8_t *line, unsigned lb, unsigned mag, uint8_t *out, codec_meta *m) {
  int zero = 1;
  for (unsigned i = 0; i < lb; i++) zero &= line[i] == 0;
  if (zero) { m->encoding = 1; m->size = 0; return; }
  const unsigned n = lb / 4;
  for (unsigned k = 1; k <= 7; k++) {
    unsigned w = mag_width(lb, mag, k);
    uint64_t base;
    if (!w || !model_fits(line, lb, 4, w, &base)) continue;
    m->encoding = 1 + k;
    m->size = k * mag;
    memset(out, 0, m->size);
    unsigned pos = 0;
    for (unsigned b = 0; b < 32; b++) put_bit(out, pos++, (unsigned)(base >> b) & 1);
    for (unsigned i = 0; i < n; i++) put_bit(out, pos++, !reach(get_elem(line, i, 4), 4, w));
    for (unsigned i = 0; i < n; i++) {
      uint64_t v = get_elem(line, i, 4), d = reach(v, 4, w) ? v : v - base;
      for (unsigned b = 0; b < w; b++) put_bit(out, pos++, (unsigned)(d >> b) & 1);
    }
    return;
  }
  m->encoding = 0;
  m->size = lb;
  memcpy(out, line, lb);
}

/* ---- line generators ---- */

enum { G_ZEROS, G_REPEAT, G_NARROW, G_POINTER, G_FLOAT, G_RANDOM, G_EDGE, G_KINDS };

typedef struct { unsigned B, bits; } shape;  /* element bytes, delta bits */

/* A value of 'bits' bits of two's complement, sign-extended (or zero-extended) to 64. */
static uint64_t narrow(unsigned bits, int is_signed) {
  uint64_t v = rnd();
  if (bits >= 64) return v;
  v &= (1ull << bits) - 1;
  return is_signed ? sext(v, bits) : v;
}

/* The boundary value types of an edge line: 0..3 just fit, 4..7 just do not. */
enum { E_BASE_MIN, E_BASE_MAX, E_ZERO_MIN, E_ZERO_MAX, E_BASE_OVER, E_BASE_UNDER, E_ZERO_OVER, E_ZERO_UNDER, E_TYPES };

/* An edge line for shape s: element p0 is an explicit base far from zero
 * (sometimes just below or above the signed wrap point, so base + delta
 * wraps), earlier elements are within reach of zero, later ones of either
 * base, and element j holds one boundary value of type *type. */
static void gen_edge(uint8_t *line, unsigned lb, shape s, unsigned *type) {
  const unsigned n = lb / s.B, top = 8 * s.B;
  const uint64_t half = 1ull << (s.bits - 1);
  uint64_t base = narrow(top, 0);
  switch (below(4)) {  /* top two bits 01 or 10: |base| >= 2^(top-2) > 4*half */
  case 0: base = (base & ((1ull << (top - 2)) - 1)) | 1ull << (top - 2); break;
  case 1: base = (base & ((1ull << (top - 2)) - 1)) | 1ull << (top - 1); break;
  case 2: base = (1ull << (top - 1)) - 1 - (rnd() & (half - 1)); break;  /* just below the signed wrap */
  default: base = (1ull << (top - 1)) + (rnd() & (half - 1)); break;     /* just above it */
  }
  const unsigned p0 = below(n - 1), j = p0 + 1 + below(n - 1 - p0);
  for (unsigned i = 0; i < n; i++) {
    uint64_t d = narrow(s.bits, 1);  /* within reach */
    set_elem(line, i, s.B, i == p0 ? base : i < p0 || below(3) == 0 ? d : base + d);
  }
  *type = below(E_TYPES);
  static const int64_t off[E_TYPES][2] = {  /* value = (from base ? base : 0) + off*half + adj */
    [E_BASE_MIN] = { -1, 0 }, [E_BASE_MAX] = { 1, -1 }, [E_ZERO_MIN] = { -1, 0 }, [E_ZERO_MAX] = { 1, -1 },
    [E_BASE_OVER] = { 1, 0 }, [E_BASE_UNDER] = { -1, -1 }, [E_ZERO_OVER] = { 1, 0 }, [E_ZERO_UNDER] = { -1, -1 },
  };
  int from_base = *type == E_BASE_MIN || *type == E_BASE_MAX || *type == E_BASE_OVER || *type == E_BASE_UNDER;
  uint64_t v = (from_base ? base : 0) + (uint64_t)off[*type][0] * half + (uint64_t)off[*type][1];
  set_elem(line, j, s.B, v);
}

static void gen_line(uint8_t *line, unsigned lb, unsigned kind, const shape *shapes, unsigned nshapes,
                     unsigned *edge_shape, unsigned *edge_type) {
  switch (kind) {
  case G_ZEROS:
    memset(line, 0, lb);
    break;
  case G_REPEAT: {  /* a 1-, 2-, 4- or 8-byte pattern; sometimes one byte changed */
    unsigned P = 1u << below(4);
    uint64_t pat = rnd();
    for (unsigned i = 0; i < lb; i++) line[i] = (uint8_t)(pat >> (8 * (i % P)));
    if (below(4) == 0) line[below(lb)] ^= (uint8_t)(1u << below(8));
    break;
  }
  case G_NARROW: {  /* integers of a few significant bits in 1..8-byte elements */
    unsigned B = 1u << below(4), bits = 1 + below(8 * B);
    int is_signed = (int)below(2);
    for (unsigned i = 0; i < lb / B; i++) set_elem(line, i, B, narrow(below(8) ? bits : 1 + below(8 * B), is_signed));
    break;
  }
  case G_POINTER: {  /* a base address plus small offsets, some NULLs; 8- or 4-byte pointers */
    unsigned B = below(3) ? 8 : 4, spread = below(8 * B - 8);
    uint64_t base = B == 8 ? (rnd() & 0x00007ffffffffff8ull) : (rnd() & 0xfffffff8u);
    for (unsigned i = 0; i < lb / B; i++) {
      uint64_t v = below(8) == 0 ? 0 : base + (below(2) ? (uint64_t)i * 8 * (1 + below(4)) : narrow(spread + 1, 1));
      set_elem(line, i, B, v);
    }
    break;
  }
  case G_FLOAT: {  /* floats or doubles near one value: relative spread 2^-8 .. 2^-24 */
    int dbl = below(3) == 0;
    double c = (double)(1 + below(1000)) * (below(2) ? 1.0 : -1.0) / (double)(1u << below(20));
    double eps = 1.0 / (double)(1u << (8 + below(17)));
    for (unsigned i = 0; i < lb / (dbl ? 8 : 4); i++) {
      double x = below(10) == 0 ? 0.0 : c * (1.0 + eps * ((double)(rnd() >> 11) / 9007199254740992.0 - 0.5));
      if (dbl) { uint64_t u; memcpy(&u, &x, 8); set_elem(line, i, 8, u); }
      else { float f = (float)x; uint32_t u; memcpy(&u, &f, 4); set_elem(line, i, 4, u); }
    }
    break;
  }
  case G_RANDOM:
    for (unsigned i = 0; i < lb; i += 8) set_elem(line + i, 0, 8, rnd());
    break;
  default:
    *edge_shape = below(nshapes);
    gen_edge(line, lb, shapes[*edge_shape], edge_type);
    break;
  }
}

/* ---- bulk round trips ---- */

typedef struct { unsigned lb, mag; } config;

static void bulk(const codec *c, int is_mag, unsigned lb, unsigned mag) {
  shape shapes[8];
  unsigned nshapes = 0;
  if (is_mag)
    for (unsigned k = 1; mag_width(lb, mag, k); k++) shapes[nshapes++] = (shape){ 4, mag_width(lb, mag, k) };
  if (!nshapes)  /* BDI, or a MAG-aware configuration without delta encodings: BDI's shapes */
    for (unsigned e = 3; e <= 8; e++) shapes[nshapes++] = (shape){ bdi_shapes[e].B, 8 * bdi_shapes[e].k };

  rng_state = 0x5eed0000ull + lb * 1000u + mag * 10u + (unsigned)is_mag;
  unsigned hits[8][E_TYPES][2];
  memset(hits, 0, sizeof hits);
  unsigned long enc_count[16] = { 0 };
  unsigned long fails = 0, model_diff = 0, edge_wrong = 0;
  char what[160];
  snprintf(what, sizeof what, "%s, %u-byte lines, MAG %u", c->name, lb, mag);
  guard_what = what;
  for (unsigned long t = 0; t < BULK_LINES; t++) {
    uint8_t line[CODEC_MAX_LINE], back[CODEC_MAX_LINE], payload[CODEC_MAX_PAYLOAD], expect[CODEC_MAX_PAYLOAD];
    unsigned kind = (unsigned)(t % G_KINDS), es = 0, et = 0;
    gen_line(line, lb, kind, shapes, nshapes, &es, &et);
    codec_meta m, em;
    int rc = c->compress(line, lb, mag, payload, &m);
    if (is_mag) model_magbdi(line, lb, mag, expect, &em); else model_bdi(line, lb, expect, &em);
    if (rc || m.encoding != em.encoding || m.size != em.size || memcmp(payload, expect, m.size)) {
      if (model_diff++ < 5) {
        printf("FAIL %s: line %lu (kind %u) compresses to encoding %u size %u, the format says %u size %u; line:", what, t, kind,
               m.encoding, m.size, em.encoding, em.size);
        for (unsigned i = 0; i < lb; i++) printf(" %02x", line[i]);
        printf("\n");
        check_failed++;
      }
      continue;
    }
    if (m.encoding < 16) enc_count[m.encoding]++;
    memset(back, 0xa5, sizeof back);
    if (decompress_guarded(c, payload, &m, lb, mag, back) || memcmp(back, line, lb)) {
      if (fails++ < 5) { printf("FAIL %s: line %lu (kind %u, encoding %u) does not round-trip\n", what, t, kind, m.encoding); check_failed++; }
    }
    if (kind == G_EDGE) {
      uint64_t base;
      int fits = model_fits(line, lb, shapes[es].B, shapes[es].bits, &base);
      hits[es][et][fits]++;
      if (fits != (et < E_BASE_OVER) && edge_wrong++ < 5) {
        printf("FAIL %s: boundary line %lu of type %u %s\n", what, t, et, fits ? "fits" : "does not fit");
        check_failed++;
      }
    }
  }
  CHECK(!fails && !model_diff, "%s: %d lines compress as the format says and round-trip (payload flush against a guard page)",
        what, BULK_LINES);
  char hist[256];
  size_t at = 0;
  for (unsigned e = 0; e < c->nencodings && e < 16; e++)
    if (enc_count[e]) at += (size_t)snprintf(hist + at, sizeof hist - at, " %s %lu", c->encodings[e], enc_count[e]);
  CHECK(enc_count[0] && enc_count[1], "%s: encodings used:%s", what, hist);
  int both = 1;
  for (unsigned s = 0; s < nshapes; s++)
    for (unsigned ty = 0; ty < E_TYPES; ty++) both &= hits[s][ty][ty < E_BASE_OVER] > 0;
  CHECK(both && !edge_wrong, "%s: boundary deltas 2^(w-1)-1 and -2^(w-1) fit, 2^(w-1) and -2^(w-1)-1 do not, "
        "from the base and from zero, for every width (%u widths, %d line(s) where it went otherwise)", what, nshapes, (int)edge_wrong);
}

/* ---- known answers ---- */

static void known(const codec *c, const char *what, unsigned lb, unsigned mag, const uint8_t *line,
                  unsigned enc, unsigned size, const uint8_t *payload) {
  uint8_t out[CODEC_MAX_PAYLOAD], back[CODEC_MAX_LINE];
  codec_meta m = { 99, 99 };
  int rc = c->compress(line, lb, mag, out, &m);
  int same = rc == 0 && m.encoding == enc && m.size == size && (!payload || !memcmp(out, payload, size));
  CHECK(same, "%s %s: encoding %s (%u), %u payload bytes%s (got %u, %u)", c->name, what, c->encodings[enc], enc, size,
        payload ? " as worked out by hand" : "", m.encoding, m.size);
  if (!same && rc == 0) {
    printf("     got:     ");
    for (unsigned i = 0; i < m.size; i++) printf(" %02x", out[i]);
    printf("\n");
  }
  guard_what = what;
  CHECK(rc == 0 && decompress_guarded(c, out, &m, lb, mag, back) == 0 && !memcmp(back, line, lb), "%s %s: round trip", c->name, what);
}

static void rejects(const codec *c, const char *what, unsigned lb, unsigned mag, const uint8_t *payload, unsigned enc, unsigned size) {
  uint8_t back[CODEC_MAX_LINE];
  codec_meta m = { enc, size };
  guard_what = what;
  CHECK(decompress_guarded(c, payload, &m, lb, mag, back) == -1, "%s: %s is rejected", c->name, what);
}

static void known_bdi(void) {
  const codec *c = &codec_bdi;
  uint8_t zero[128] = { 0 };
  known(c, "32-byte zero line", 32, 32, zero, BDI_ZEROS, 0, NULL);
  known(c, "128-byte zero line", 128, 32, zero, BDI_ZEROS, 0, NULL);

  static const uint8_t rep[32] = {
    0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01, 0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01,
    0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01, 0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01 };
  static const uint8_t rep_p[8] = { 0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01 };
  known(c, "0x0123456789abcdef repeated", 32, 32, rep, BDI_REPEATED, 8, rep_p);

  /* FORMAT.md example: base 0x00007f0012345678, one element near zero */
  static const uint8_t b8d1[32] = {
    0x78, 0x56, 0x34, 0x12, 0x00, 0x7f, 0x00, 0x00, 0x80, 0x56, 0x34, 0x12, 0x00, 0x7f, 0x00, 0x00,
    0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x56, 0x34, 0x12, 0x00, 0x7f, 0x00, 0x00 };
  static const uint8_t b8d1_p[13] = { 0x78, 0x56, 0x34, 0x12, 0x00, 0x7f, 0x00, 0x00, 0x00, 0x08, 0x05, 0x88, 0x0b };
  known(c, "B8D1 with both bases", 32, 32, b8d1, BDI_B8D1, 13, b8d1_p);
  uint8_t bad[14] = { 0 };
  memcpy(bad, b8d1_p, 13);
  rejects(c, "a B8D1 payload one byte short", 32, 32, bad, BDI_B8D1, 12);
  rejects(c, "a B8D1 payload one byte long", 32, 32, bad, BDI_B8D1, 14);
  bad[12] = 0x1b;
  rejects(c, "a B8D1 mask with a padding bit set", 32, 32, bad, BDI_B8D1, 13);
  rejects(c, "encoding 9", 32, 32, b8d1_p, 9, 13);
  rejects(c, "an uncompressed payload of 31 bytes", 32, 32, b8d1, BDI_UNCOMPRESSED, 31);
  rejects(c, "a zero line with a 1-byte payload", 32, 32, b8d1, BDI_ZEROS, 1);

  /* deltas at the boundary, across the signed wrap point: +0x20, +127, -128 */
  static const uint8_t wrap[32] = {
    0xf0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80,
    0x6f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x70, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f };
  static const uint8_t wrap_p[13] = { 0xf0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x00, 0x20, 0x7f, 0x80, 0x0f };
  known(c, "B8D1 deltas +127 and -128 across the wrap", 32, 32, wrap, BDI_B8D1, 13, wrap_p);
  /* the same with +128: B8D1 and B4D1 fail, B8D2 fits */
  uint8_t over[32];
  memcpy(over, wrap, 32);
  over[16] = 0x70;
  static const uint8_t over_p[17] = { 0xf0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
                                      0x00, 0x00, 0x20, 0x00, 0x80, 0x00, 0x80, 0xff, 0x0f };
  known(c, "delta +128 needs B8D2", 32, 32, over, BDI_B8D2, 17, over_p);

  /* words 100..107: B8D1 fails, B4D1 fits with every word near zero (base 0, mask 0) */
  static const uint8_t b4d1[32] = {
    0x64, 0, 0, 0, 0x65, 0, 0, 0, 0x66, 0, 0, 0, 0x67, 0, 0, 0, 0x68, 0, 0, 0, 0x69, 0, 0, 0, 0x6a, 0, 0, 0, 0x6b, 0, 0, 0 };
  static const uint8_t b4d1_p[13] = { 0, 0, 0, 0, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x00 };
  known(c, "words 100..107", 32, 32, b4d1, BDI_B4D1, 13, b4d1_p);

  /* halfwords 0x1234 + 8i: only B2D1 fits */
  uint8_t b2d1[32];
  for (unsigned i = 0; i < 16; i++) set_elem(b2d1, i, 2, 0x1234 + 8 * i);
  static const uint8_t b2d1_p[20] = { 0x34, 0x12, 0x00, 0x08, 0x10, 0x18, 0x20, 0x28, 0x30, 0x38,
                                      0x40, 0x48, 0x50, 0x58, 0x60, 0x68, 0x70, 0x78, 0xff, 0xff };
  known(c, "halfwords 0x1234 + 8i", 32, 32, b2d1, BDI_B2D1, 20, b2d1_p);

  /* 128 bytes: even words 0x40000000 + i, odd words i */
  uint8_t l128[128];
  for (unsigned i = 0; i < 32; i++) set_elem(l128, i, 4, (i % 2 ? 0 : 0x40000000u) + i);
  static const uint8_t l128_p[40] = {
    0x00, 0x00, 0x00, 0x40, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x55, 0x55, 0x55, 0x55 };
  known(c, "128 bytes, two bases interleaved", 128, 32, l128, BDI_B4D1, 40, l128_p);

  uint8_t inc[32];
  for (unsigned i = 0; i < 32; i++) inc[i] = (uint8_t)i;
  known(c, "bytes 0..31", 32, 32, inc, BDI_UNCOMPRESSED, 32, inc);

  static const struct { unsigned lb, sizes[9]; } sz[] = {
    { 32, { 32, 0, 8, 13, 17, 25, 13, 21, 20 } },
    { 64, { 64, 0, 8, 17, 25, 41, 22, 38, 38 } },
    { 128, { 128, 0, 8, 26, 42, 74, 40, 72, 74 } },
  };
  int ok = 1;
  for (unsigned l = 0; l < 3; l++)
    for (unsigned e = 0; e < 9; e++) ok &= bdi_payload_size(e, sz[l].lb) == (int)sz[l].sizes[e];
  CHECK(ok && bdi_payload_size(9, 32) == -1 && bdi_payload_size(3, 48) == -1, "bdi payload sizes match the table in FORMAT.md");
}

static void known_magbdi(void) {
  const codec *c = &codec_magbdi;
  uint8_t zero[128] = { 0 };
  known(c, "128-byte zero line", 128, 32, zero, 1, 0, NULL);

  /* words 0..31, 6-bit deltas from zero */
  uint8_t l[128];
  for (unsigned i = 0; i < 32; i++) set_elem(l, i, 4, i);
  static const uint8_t ramp_p[32] = {
    0, 0, 0, 0, 0, 0, 0, 0,
    0x40, 0x20, 0x0c, 0x44, 0x61, 0x1c, 0x48, 0xa2, 0x2c, 0x4c, 0xe3, 0x3c,
    0x50, 0x24, 0x4d, 0x54, 0x65, 0x5d, 0x58, 0xa6, 0x6d, 0x5c, 0xe7, 0x7d };
  known(c, "words 0..31 (128 B, MAG 32)", 128, 32, l, 2, 32, ramp_p);

  /* even words 1.0f, odd words -1 */
  for (unsigned i = 0; i < 32; i++) set_elem(l, i, 4, i % 2 ? 0xffffffffu : 0x3f800000u);
  uint8_t alt_p[32] = { 0x00, 0x00, 0x80, 0x3f, 0x55, 0x55, 0x55, 0x55 };
  for (unsigned g = 0; g < 8; g++) { alt_p[8 + 3 * g] = 0xc0; alt_p[9 + 3 * g] = 0x0f; alt_p[10 + 3 * g] = 0xfc; }
  known(c, "1.0f and -1 alternating (128 B, MAG 32)", 128, 32, l, 2, 32, alt_p);

  /* 0x1000 and 0x1100 alternating: 256 apart, so 14-bit deltas from zero (k = 2) */
  for (unsigned i = 0; i < 32; i++) set_elem(l, i, 4, i % 2 ? 0x1100 : 0x1000);
  uint8_t k2_p[64] = { 0 };
  for (unsigned g = 0; g < 8; g++) {
    static const uint8_t grp[7] = { 0x00, 0x10, 0x40, 0x04, 0x00, 0x01, 0x44 };
    memcpy(k2_p + 8 + 7 * g, grp, 7);
  }
  known(c, "0x1000 and 0x1100 alternating (128 B, MAG 32)", 128, 32, l, 3, 64, k2_p);

  /* 6-bit boundaries: base 0x7fffffff, deltas +31 (across the wrap) and -32, words 31 and -32 from zero */
  memset(l, 0, sizeof l);
  set_elem(l, 0, 4, 0x7fffffffu);
  set_elem(l, 1, 4, 0x8000001eu);
  set_elem(l, 2, 4, 0x7fffffdfu);
  set_elem(l, 3, 4, 31);
  set_elem(l, 4, 4, 0xffffffe0u);
  uint8_t edge_p[32] = { 0xff, 0xff, 0xff, 0x7f, 0x07, 0x00, 0x00, 0x00, 0xc0, 0x07, 0x7e, 0x20 };
  known(c, "deltas +31 and -32 from base and zero (128 B, MAG 32)", 128, 32, l, 2, 32, edge_p);
  set_elem(l, 1, 4, 0x8000001fu);  /* +32 from the base: 6 bits no longer reach, 14 do */
  uint8_t edge2_p[64] = { 0xff, 0xff, 0xff, 0x7f, 0x07, 0x00, 0x00, 0x00,
                          0x00, 0x00, 0x08, 0x00, 0xfe, 0x7f, 0x00, 0xe0, 0x3f };
  known(c, "delta +32 needs 14 bits (128 B, MAG 32)", 128, 32, l, 3, 64, edge2_p);

  /* 32-byte lines: words 1..8 fit 11 bits at MAG 16; MAG 32 has no delta encoding */
  for (unsigned i = 0; i < 8; i++) set_elem(l, i, 4, i + 1);
  static const uint8_t w11_p[16] = { 0, 0, 0, 0, 0, 0x01, 0x10, 0xc0, 0x00, 0x08, 0x50, 0x00, 0x03, 0x1c, 0x00, 0x01 };
  known(c, "words 1..8 (32 B, MAG 16)", 32, 16, l, 2, 16, w11_p);
  known(c, "words 1..8 (32 B, MAG 32)", 32, 32, l, 0, 32, l);

  rejects(c, "k = 4 for 128-byte lines at MAG 32 (not smaller than the line)", 128, 32, zero, 5, 128);
  rejects(c, "a k = 1 payload of 31 bytes", 128, 32, ramp_p, 2, 31);
  rejects(c, "encoding 9", 128, 16, zero, 9, 16);

  /* the widths: the formula against the table worked out by hand */
  int ok = 1;
  for (unsigned lb = 32; lb <= 128; lb *= 2)
    for (unsigned mag = 16; mag <= 64; mag *= 2)
      for (unsigned k = 1; k <= 7; k++) {
        unsigned n = lb / 4, w = k * mag < lb ? (8 * k * mag - 32 - n) / n : 0;
        ok &= w == mag_width(lb, mag, k);
      }
  CHECK(ok, "magbdi widths: 128 B at MAG 32 gives 6/14/22 bits, MAG 16 2..26 (seven), MAG 64 14; 64 B 5/13/21, 13; 32 B 11");
}

static void unsupported(const codec *c) {
  uint8_t line[CODEC_MAX_LINE] = { 0 }, out[CODEC_MAX_PAYLOAD];
  codec_meta m;
  CHECK(c->compress(line, 48, 32, out, &m) == -1 && c->compress(line, 128, 8, out, &m) == -1 &&
        c->compress(line, 256, 32, out, &m) == -1 && c->compress(line, 32, 128, out, &m) == -1,
        "%s: line sizes other than 32/64/128 and MAGs other than 16/32/64 are refused", c->name);
  m = (codec_meta){ 0, 48 };
  CHECK(c->decompress(line, &m, 48, 32, out) == -1 && c->decompress(line, &m, 64, 24, out) == -1,
        "%s: decompress refuses them too", c->name);
}

/* ---- the real blocks ---- */

static void real_blocks(void) {
  const char *path = "tests/data/mpc-rtl/blocks.txt";
  FILE *f = fopen(path, "r");
  if (!f) { CHECK(0, "%s is missing: the real-data checks did not run", path); return; }
  static uint8_t blocks[5000][32];
  unsigned nb = 0;
  char buf[256];
  while (nb < 5000 && fgets(buf, sizeof buf, f)) {
    int ok = 1;
    for (unsigned i = 0; i < 32 && ok; i++) {
      unsigned v;
      ok = sscanf(buf + 2 * i, "%2x", &v) == 1;
      blocks[nb][i] = (uint8_t)v;
    }
    if (ok && strlen(buf) >= 64) nb++;
  }
  fclose(f);
  CHECK(nb == 5000, "%s: %u blocks read", path, nb);
  const codec *cs[2] = { &codec_bdi, &codec_magbdi };
  for (unsigned ci = 0; ci < 2; ci++)
    for (unsigned lb = 32; lb <= 128; lb *= 2)
      for (unsigned mag = 16; mag <= 64 && mag <= lb; mag *= 2) {
        /* 64- and 128-byte "lines" are consecutive blocks side by side: the blocks were sampled
         * independently, so these lines are not real memory; the 32-byte figures are the real ones */
        unsigned long raw = 0, pay = 0, burst = 0, bad = 0;
        const unsigned per = lb / 32;
        unsigned long enc[16] = { 0 };
        for (unsigned b = 0; b + per <= nb; b += per) {
          uint8_t line[128], out[CODEC_MAX_PAYLOAD], back[128];
          codec_meta m;
          memcpy(line, blocks[b], lb);
          guard_what = "real blocks";
          if (cs[ci]->compress(line, lb, mag, out, &m) || decompress_guarded(cs[ci], out, &m, lb, mag, back) || memcmp(back, line, lb)) bad++;
          raw += lb;
          pay += m.size;
          burst += codec_bursts(m.size, mag) * mag;
          if (m.encoding < 16) enc[m.encoding]++;
        }
        char hist[256];
        size_t at = 0;
        for (unsigned e = 0; e < cs[ci]->nencodings; e++)
          if (enc[e]) at += (size_t)snprintf(hist + at, sizeof hist - at, " %s %lu", cs[ci]->encodings[e], enc[e]);
        CHECK(!bad, "real blocks, %s, %u-byte lines%s, MAG %u: %lu lines round-trip; ratio %.3f (raw/payload), "
              "effective %.3f (raw/bursts*MAG);%s", cs[ci]->name, lb, per > 1 ? " (blocks side by side)" : "", mag,
              raw / lb, pay ? (double)raw / (double)pay : 0.0, (double)raw / (double)burst, hist);
      }
}

int main(void) {
  if (guard_init()) { CHECK(0, "guard page: mmap/mprotect failed"); return 1; }
  known_bdi();
  known_magbdi();
  unsupported(&codec_bdi);
  unsupported(&codec_magbdi);
  real_blocks();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (unsigned lb = 32; lb <= 128; lb *= 2)
    for (unsigned mag = 16; mag <= 64; mag *= 2) {
      bulk(&codec_bdi, 0, lb, mag);
      bulk(&codec_magbdi, 1, lb, mag);
    }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("bulk: 18 x %d lines in %.1f s\n", BULK_LINES, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
  printf("%s\n", check_failed ? "test_bdi: failures" : "test_bdi: ok");
  return check_failed ? 1 : 0;
}
