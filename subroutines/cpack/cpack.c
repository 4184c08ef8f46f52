/* subroutines/cpack/cpack.c -- C-Pack, as CABA adapts it ("cpack") and as published ("cpack-classic").
 *
 * Owns the reference (golden) models of the two formats that
 * subroutines/cpack/FORMAT.md defines bit by bit.
 *
 * "cpack" is C-Pack (Chen et al., TVLSI 2010) with CABA's changes
 * (Vijaykumar et al., ISCA 2015, sec. 5.1.4) so that the 32 lanes of an
 * assist warp can decompress a line at once: four patterns only (zero word,
 * zero-extended low byte, full dictionary match, match but for the low byte),
 * at most four dictionary values, per-word codes at the head of the payload,
 * the dictionary after them, and one fixed compressed size for every word of
 * a line (a 4-bit code, plus one byte when any word of the line needs one),
 * so every lane computes where its word's fields are without looking at the
 * other words.
 *
 * "cpack-classic" is the published algorithm for comparison: a 16-entry FIFO
 * dictionary emptied at the start of each line, the six variable-length codes,
 * bit-packed most significant bit first.
 *
 * Promises (both): decompress(compress(line)) == line for every line of 32,
 * 64 or 128 bytes under every MAG (the MAG changes nothing in these formats);
 * a compressed payload is strictly smaller than the line, otherwise the line
 * is stored as it is (encoding 0); decompression reads at most meta->size
 * payload bytes and rejects a payload whose length or structure compress
 * could not have produced.
 */
#include "../codec.h"

#include <string.h>

static inline uint32_t load_u32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void store_u32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

static int cpack_supported(unsigned line_bytes, unsigned mag) {
  return (line_bytes == 32 || line_bytes == 64 || line_bytes == 128) && (mag == 16 || mag == 32 || mag == 64);
}

/* ---- cpack: CABA's C-Pack ---------------------------------------------- */

enum {
  CP_DICT_MAX = 4,
  CP_ENC_CODES = 1,             /* codes and dictionary: 4 bits a word */
  CP_ENC_CODES_BYTES = 2,       /* codes, dictionary and a byte for every word: 12 bits a word */
};

/* the 2-bit pattern in bits 0-1 of a word's code; bits 2-3 hold the dictionary index */
enum cp_pattern {
  CP_ZZZZ,                      /* the word is 0 */
  CP_ZZZX,                      /* only the low byte is nonzero: the byte */
  CP_MMMM,                      /* equal to a dictionary value */
  CP_MMMX,                      /* equal to a dictionary value but for the low byte: the byte */
};

static const char *const cp_encoding_names[] = { "uncompressed", "codes", "codes+bytes" };

static int cp_compress(const uint8_t *line, unsigned line_bytes, unsigned mag, uint8_t *payload, codec_meta *meta) {
  if (!cpack_supported(line_bytes, mag)) return -1;
  const unsigned n = line_bytes / 4;
  uint32_t dict[CP_DICT_MAX];
  uint8_t code[CODEC_MAX_LINE / 4], low[CODEC_MAX_LINE / 4];
  unsigned ndict = 0, need_bytes = 0;
  for (unsigned i = 0; i < n; i++) {
    uint32_t w = load_u32(line + 4 * i);
    low[i] = 0;
    if (w == 0) { code[i] = CP_ZZZZ; continue; }
    if (w <= 0xffu) { code[i] = CP_ZZZX; low[i] = (uint8_t)w; need_bytes = 1; continue; }
    /* the dictionary's values differ in their upper 24 bits, so at most one matches */
    unsigned k = 0;
    while (k < ndict && (dict[k] ^ w) > 0xffu) k++;
    if (k == ndict) {
      if (ndict == CP_DICT_MAX) { codec_store_raw(line, line_bytes, payload, meta); return 0; }
      dict[ndict++] = w;
    }
    if (dict[k] == w) code[i] = (uint8_t)(CP_MMMM | k << 2);
    else { code[i] = (uint8_t)(CP_MMMX | k << 2); low[i] = (uint8_t)w; need_bytes = 1; }
  }
  unsigned size = n / 2 + 4 * ndict + (need_bytes ? n : 0);
  if (size >= line_bytes) { codec_store_raw(line, line_bytes, payload, meta); return 0; }
  for (unsigned i = 0; i < n; i += 2) payload[i / 2] = (uint8_t)(code[i] | code[i + 1] << 4);
  for (unsigned k = 0; k < ndict; k++) store_u32(payload + n / 2 + 4 * k, dict[k]);
  if (need_bytes) memcpy(payload + n / 2 + 4 * ndict, low, n);
  meta->encoding = need_bytes ? CP_ENC_CODES_BYTES : CP_ENC_CODES;
  meta->size = size;
  return 0;
}

static int cp_decompress(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, unsigned mag, uint8_t *line) {
  if (!cpack_supported(line_bytes, mag)) return -1;
  const unsigned n = line_bytes / 4;
  if (meta->encoding == 0) return codec_load_raw(payload, meta, line_bytes, line);
  if (meta->encoding != CP_ENC_CODES && meta->encoding != CP_ENC_CODES_BYTES) return -1;
  const unsigned bytes = meta->encoding == CP_ENC_CODES_BYTES ? n : 0;
  /* the size gives the dictionary's length */
  if (meta->size < n / 2 + bytes || meta->size >= line_bytes || (meta->size - n / 2 - bytes) % 4) return -1;
  const unsigned ndict = (meta->size - n / 2 - bytes) / 4;
  if (ndict > CP_DICT_MAX) return -1;
  const uint8_t *dict = payload + n / 2, *low = dict + 4 * ndict;
  for (unsigned i = 0; i < n; i++) {
    unsigned c = payload[i / 2] >> (4 * (i & 1)) & 0xfu, pattern = c & 3u, k = c >> 2;
    uint32_t w;
    int has_byte = pattern == CP_ZZZX || pattern == CP_MMMX;
    if (has_byte ? !bytes : bytes && low[i]) return -1;     /* unused bytes are 0 */
    if (pattern == CP_ZZZZ || pattern == CP_ZZZX) {
      if (k) return -1;
      w = pattern == CP_ZZZX ? low[i] : 0;
    } else {
      if (k >= ndict) return -1;
      w = load_u32(dict + 4 * k);
      if (pattern == CP_MMMX) w = (w & ~0xffu) | low[i];
    }
    store_u32(line + 4 * i, w);
  }
  return 0;
}

const codec codec_cpack = {
  .name = "cpack",
  .encodings = cp_encoding_names,
  .nencodings = 3,
  .compress = cp_compress,
  .decompress = cp_decompress,
};

/* ---- cpack-classic: C-Pack as published -------------------------------- */

enum { CC_DICT = 16, CC_INDEX_BITS = 4 };

/* the six codes, each with its code bits and what follows them */
enum cc_pattern { CC_ZZZZ, CC_XXXX, CC_MMMM, CC_MMXX, CC_ZZZX, CC_MMMX };
static const struct {
  uint8_t code, code_bits, has_index, literal_bits, allocates;
} cc_patterns[] = {
  [CC_ZZZZ] = { 0x0, 2, 0, 0, 0 },    /* 00 */
  [CC_XXXX] = { 0x1, 2, 0, 32, 1 },   /* 01 + word */
  [CC_MMMM] = { 0x2, 2, 1, 0, 0 },    /* 10 + index */
  [CC_MMXX] = { 0xc, 4, 1, 16, 1 },   /* 1100 + index + low halfword */
  [CC_ZZZX] = { 0xd, 4, 0, 8, 0 },    /* 1101 + low byte */
  [CC_MMMX] = { 0xe, 4, 1, 8, 1 },    /* 1110 + index + low byte */
};

static const char *const cc_encoding_names[] = { "uncompressed", "cpack" };

/* MSB-first bit stream: stream bit k is bit 7-k%8 of byte k/8; a field's most
 * significant bit comes first.  The buffer must start zeroed. */
typedef struct {
  uint8_t *buf;
  unsigned pos;
} cc_writer;

static void cc_put(cc_writer *w, uint32_t v, unsigned n) {
  while (n) {
    unsigned room = 8 - (w->pos & 7), k = room < n ? room : n;
    uint32_t part = v >> (n - k) & ((1u << k) - 1);
    w->buf[w->pos >> 3] |= (uint8_t)(part << (room - k));
    w->pos += k;
    n -= k;
  }
}

/* a bounded reader: fails instead of reading past 'bits' */
typedef struct {
  const uint8_t *buf;
  unsigned pos, bits;
  int bad;
} cc_reader;

static uint32_t cc_get(cc_reader *r, unsigned n) {
  if (r->bad || n > r->bits - r->pos) { r->bad = 1; return 0; }
  uint32_t v = 0;
  while (n) {
    unsigned room = 8 - (r->pos & 7), k = room < n ? room : n;
    v = v << k | (uint32_t)(r->buf[r->pos >> 3] >> (room - k) & ((1u << k) - 1));
    r->pos += k;
    n -= k;
  }
  return v;
}

/* the dictionary: a FIFO of CC_DICT slots filled in order 0, 1, ..., then
 * overwritten oldest first (slot = allocations % CC_DICT) */
typedef struct {
  uint32_t slot[CC_DICT];
  unsigned count;               /* allocations so far */
} cc_dict;

static void cc_allocate(cc_dict *d, uint32_t w) { d->slot[d->count++ % CC_DICT] = w; }

/* the cheapest code for w (the patterns in order of their size in bits) and
 * the lowest dictionary slot that gives it */
static enum cc_pattern cc_choose(const cc_dict *d, uint32_t w, unsigned *index) {
  if (w == 0) return CC_ZZZZ;
  unsigned valid = d->count < CC_DICT ? d->count : CC_DICT;
  for (unsigned k = 0; k < valid; k++) if (d->slot[k] == w) { *index = k; return CC_MMMM; }
  if (w <= 0xffu) return CC_ZZZX;
  for (unsigned k = 0; k < valid; k++) if ((d->slot[k] ^ w) <= 0xffu) { *index = k; return CC_MMMX; }
  for (unsigned k = 0; k < valid; k++) if ((d->slot[k] ^ w) <= 0xffffu) { *index = k; return CC_MMXX; }
  return CC_XXXX;
}

static int cc_compress(const uint8_t *line, unsigned line_bytes, unsigned mag, uint8_t *payload, codec_meta *meta) {
  if (!cpack_supported(line_bytes, mag)) return -1;
  const unsigned n = line_bytes / 4;
  uint8_t buf[CODEC_MAX_PAYLOAD];   /* 32 words of 34 bits: 136 bytes at most */
  memset(buf, 0, sizeof buf);
  cc_writer wr = { buf, 0 };
  cc_dict d = { { 0 }, 0 };
  for (unsigned i = 0; i < n; i++) {
    uint32_t w = load_u32(line + 4 * i);
    unsigned index = 0;
    enum cc_pattern p = cc_choose(&d, w, &index);
    cc_put(&wr, cc_patterns[p].code, cc_patterns[p].code_bits);
    if (cc_patterns[p].has_index) cc_put(&wr, index, CC_INDEX_BITS);
    unsigned lb = cc_patterns[p].literal_bits;
    if (lb) cc_put(&wr, lb == 32 ? w : w & ((1u << lb) - 1), lb);
    if (cc_patterns[p].allocates) cc_allocate(&d, w);
  }
  unsigned size = (wr.pos + 7) / 8;
  if (size >= line_bytes) { codec_store_raw(line, line_bytes, payload, meta); return 0; }
  memcpy(payload, buf, size);
  meta->encoding = 1;
  meta->size = size;
  return 0;
}

static int cc_decompress(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, unsigned mag, uint8_t *line) {
  if (!cpack_supported(line_bytes, mag)) return -1;
  const unsigned n = line_bytes / 4;
  if (meta->encoding == 0) return codec_load_raw(payload, meta, line_bytes, line);
  if (meta->encoding != 1 || meta->size >= line_bytes) return -1;
  cc_reader r = { payload, 0, meta->size * 8, 0 };
  cc_dict d = { { 0 }, 0 };
  for (unsigned i = 0; i < n; i++) {
    enum cc_pattern p;
    switch (cc_get(&r, 2)) {
    case 0: p = CC_ZZZZ; break;
    case 1: p = CC_XXXX; break;
    case 2: p = CC_MMMM; break;
    default:
      switch (cc_get(&r, 2)) {
      case 0: p = CC_MMXX; break;
      case 1: p = CC_ZZZX; break;
      case 2: p = CC_MMMX; break;
      default: return -1;       /* 1111 is no code */
      }
    }
    uint32_t base = 0;
    if (cc_patterns[p].has_index) {
      unsigned k = cc_get(&r, CC_INDEX_BITS);
      if (k >= d.count) return -1;   /* an empty slot */
      base = d.slot[k];
    }
    unsigned lb = cc_patterns[p].literal_bits;
    uint32_t lit = lb ? cc_get(&r, lb) : 0;
    if (r.bad) return -1;
    uint32_t w;
    switch (p) {
    case CC_MMMM: w = base; break;
    case CC_MMXX: w = (base & 0xffff0000u) | lit; break;
    case CC_MMMX: w = (base & 0xffffff00u) | lit; break;
    default: w = lit; break;  /* ZZZZ, ZZZX, XXXX */
    }
    store_u32(line + 4 * i, w);
    if (cc_patterns[p].allocates) cc_allocate(&d, w);
  }
  /* the stream fills the payload but for zero padding in its last byte */
  if ((r.pos + 7) / 8 != meta->size) return -1;
  if (r.pos & 7 && payload[meta->size - 1] & ((1u << (8 - (r.pos & 7))) - 1)) return -1;
  return 0;
}

const codec codec_cpack_classic = {
  .name = "cpack-classic",
  .encodings = cc_encoding_names,
  .nencodings = 2,
  .compress = cc_compress,
  .decompress = cc_decompress,
};
