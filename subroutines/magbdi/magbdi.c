/* subroutines/magbdi/magbdi.c -- the reference MAG-aware BDI codec ("magbdi").
 *
 * MAG-aware BDI (Lal, Renz, Hartmer, Juurlink, IPDPS 2022) sizes BDI's
 * deltas so that a compressed line fills a whole number k of memory access
 * granules (MAG bytes each) and nothing is wasted in the last burst.  A line
 * is n = line_bytes/4 words of 4 bytes; every word is within w-bit reach of
 * the implicit zero base or of one explicit 4-byte base (the first word out
 * of zero's reach at that width); a 1-bit mask per word says which.  For
 * each k with k*MAG < line_bytes the delta width is
 *     w(k) = floor((8*k*MAG - header) / n),  header = 32 (base) + n (mask),
 * the encoding number living in codec_meta.encoding (as BDI keeps it in the
 * tag), which reproduces the paper's 6/14/22 bits for 128-byte lines and a
 * 32-byte MAG.  The smallest k that fits wins; an all-zero line has its own
 * encoding with an empty payload.  The format is in FORMAT.md beside this
 * file.
 *
 * Owns: codec_magbdi and its format.  Promises: the payload of encoding k
 * is exactly k*MAG bytes, padding bits zero; compress is deterministic;
 * decompress rebuilds the line bit for bit, rejects a payload that does not
 * match its encoding or has stray padding bits, and never reads past
 * meta->size bytes.
 */
#include "../codec.h"

#include <string.h>

enum {
  MAGBDI_UNCOMPRESSED = 0,  /* payload = the line */
  MAGBDI_ZEROS,             /* every byte zero; empty payload */
  MAGBDI_K1,                /* MAGBDI_K1 + k - 1: base + mask + deltas in k granules */
  MAGBDI_KMAX = MAGBDI_K1 + 6,
  MAGBDI_NENCODINGS
};

static const char *const magbdi_names[MAGBDI_NENCODINGS] = {
  "uncompressed", "zeros", "k1", "k2", "k3", "k4", "k5", "k6", "k7",
};

static int sizes_ok(unsigned line_bytes, unsigned mag) {
  return (line_bytes == 32 || line_bytes == 64 || line_bytes == 128) && (mag == 16 || mag == 32 || mag == 64);
}

/* Delta width in bits when the line is packed into k granules; 0 when k
 * granules are not smaller than the line (or leave no room for deltas). */
static unsigned magbdi_width(unsigned line_bytes, unsigned mag, unsigned k) {
  const unsigned n = line_bytes / 4, header = 32 + n;
  if (k == 0 || k * mag >= line_bytes || 8 * k * mag <= header) return 0;
  unsigned w = (8 * k * mag - header) / n;
  return w > 32 ? 32 : w;
}

/* The fewest bits whose sign extension gives x back (1 for 0 and -1). */
static inline unsigned signed_width(uint32_t x) {
  uint32_t y = x ^ (0u - (x >> 31));  /* x, or ~x when negative */
  return y ? 33u - (unsigned)__builtin_clz(y) : 1u;
}

static inline uint32_t ld32_le(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* ---- bit streams: bit j of the payload is bit j%8 of byte j/8; fields go least significant bit first ---- */

typedef struct { uint8_t *p; uint64_t acc; unsigned nacc; } bit_writer;

static inline void put_bits(bit_writer *bw, uint32_t v, unsigned nbits) {
  if (nbits < 32) v &= (1u << nbits) - 1;
  bw->acc |= (uint64_t)v << bw->nacc;
  bw->nacc += nbits;
  while (bw->nacc >= 8) { *bw->p++ = (uint8_t)bw->acc; bw->acc >>= 8; bw->nacc -= 8; }
}

static inline void flush_bits(bit_writer *bw) {
  if (bw->nacc) *bw->p++ = (uint8_t)bw->acc;
  bw->acc = 0;
  bw->nacc = 0;
}

/* Reads whole bytes only as far as the bits asked for reach. */
typedef struct { const uint8_t *p; uint64_t acc; unsigned nacc; } bit_reader;

static inline uint32_t get_bits(bit_reader *br, unsigned nbits) {
  while (br->nacc < nbits) { br->acc |= (uint64_t)*br->p++ << br->nacc; br->nacc += 8; }
  uint32_t v = (uint32_t)(nbits < 32 ? br->acc & ((1ull << nbits) - 1) : br->acc & 0xffffffffu);
  br->acc >>= nbits;
  br->nacc -= nbits;
  return v;
}

/* ---- the codec ---- */

static int magbdi_compress(const uint8_t *line, unsigned line_bytes, unsigned mag, uint8_t *payload, codec_meta *meta) {
  if (!sizes_ok(line_bytes, mag)) return -1;
  const unsigned n = line_bytes / 4;
  uint32_t word[CODEC_MAX_LINE / 4], any = 0;
  uint8_t zwidth[CODEC_MAX_LINE / 4];  /* each word's width from the zero base */
  for (unsigned i = 0; i < n; i++) {
    word[i] = ld32_le(line + 4 * i);
    any |= word[i];
    zwidth[i] = (uint8_t)signed_width(word[i]);
  }
  if (!any) { meta->encoding = MAGBDI_ZEROS; meta->size = 0; return 0; }

  for (unsigned k = 1; k * mag < line_bytes; k++) {
    const unsigned w = magbdi_width(line_bytes, mag, k);
    if (!w) continue;
    unsigned first = 0;
    while (first < n && zwidth[first] <= w) first++;
    const uint32_t base = first < n ? word[first] : 0;
    unsigned j = first + 1;
    while (j < n && (zwidth[j] <= w || signed_width(word[j] - base) <= w)) j++;
    if (j < n) continue;

    /* fits: base | mask | deltas, zero padding to k granules */
    uint32_t mask = 0;
    for (unsigned i = first; i < n; i++) if (zwidth[i] > w) mask |= 1u << i;
    memset(payload, 0, k * mag);
    bit_writer bw = { payload, 0, 0 };
    put_bits(&bw, base, 32);
    put_bits(&bw, mask, n);
    for (unsigned i = 0; i < n; i++) put_bits(&bw, word[i] - ((mask >> i) & 1 ? base : 0), w);
    flush_bits(&bw);
    meta->encoding = MAGBDI_K1 + k - 1;
    meta->size = k * mag;
    return 0;
  }
  codec_store_raw(line, line_bytes, payload, meta);   /* MAGBDI_UNCOMPRESSED */
  return 0;
}

static int magbdi_decompress(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, unsigned mag, uint8_t *line) {
  if (!sizes_ok(line_bytes, mag)) return -1;
  const unsigned n = line_bytes / 4;
  if (meta->encoding == MAGBDI_UNCOMPRESSED) return codec_load_raw(payload, meta, line_bytes, line);
  if (meta->encoding == MAGBDI_ZEROS) {
    if (meta->size != 0) return -1;
    memset(line, 0, line_bytes);
    return 0;
  }
  if (meta->encoding < MAGBDI_K1 || meta->encoding > MAGBDI_KMAX) return -1;
  const unsigned k = meta->encoding - MAGBDI_K1 + 1, w = magbdi_width(line_bytes, mag, k);
  if (!w || meta->size != k * mag) return -1;

  bit_reader br = { payload, 0, 0 };
  const uint32_t base = get_bits(&br, 32);
  const uint32_t mask = get_bits(&br, n);
  const uint32_t sign = 1u << (w - 1);
  for (unsigned i = 0; i < n; i++) {
    uint32_t d = get_bits(&br, w);
    if (w < 32) d = (d ^ sign) - sign;  /* sign-extend the w-bit delta */
    uint32_t x = d + ((mask >> i) & 1 ? base : 0);
    line[4 * i] = (uint8_t)x;
    line[4 * i + 1] = (uint8_t)(x >> 8);
    line[4 * i + 2] = (uint8_t)(x >> 16);
    line[4 * i + 3] = (uint8_t)(x >> 24);
  }
  /* padding: the rest of the last byte read, then whole bytes, must be zero */
  if (br.acc) return -1;
  for (const uint8_t *p = br.p; p < payload + meta->size; p++) if (*p) return -1;
  return 0;
}

const codec codec_magbdi = {
  .name = "magbdi",
  .encodings = magbdi_names,
  .nencodings = MAGBDI_NENCODINGS,
  .compress = magbdi_compress,
  .decompress = magbdi_decompress,
};
