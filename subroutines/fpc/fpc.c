/* subroutines/fpc/fpc.c -- Frequent Pattern Compression with CABA's adaptation (codec "fpc").
 *
 * Owns the reference (golden) model of the "fpc" format that
 * subroutines/fpc/FORMAT.md defines bit by bit.  FPC (Alameldeen & Wood) codes
 * each 32-bit word with a 3-bit prefix naming one of eight frequent patterns;
 * CABA (Vijaykumar et al., ISCA 2015, sec. 5.1.4) makes it decompressible by
 * the 32 lanes of an assist warp at once:
 *   - the line is cut into segments of FPC_SEG_WORDS words and every word of
 *     a segment uses the segment's one pattern: the smallest pattern that all
 *     its words fit (FPC's zero run becomes the all-zero segment);
 *   - all prefixes sit at the head of the payload, then the segments' data,
 *     so a lane finds its word's bits from the prefixes alone.
 * Promises: decompress(compress(line)) == line for every line of 32, 64 or
 * 128 bytes under every MAG (the MAG changes nothing in this format); a
 * compressed payload is strictly smaller than the line, otherwise the line is
 * stored as it is (encoding 0); decompression reads at most meta->size payload
 * bytes and rejects any payload that compress could not have produced in
 * length or header padding.
 */
#include "../codec.h"

#include <string.h>

enum {
  FPC_SEG_WORDS = 4,            /* words per segment: 16 bytes */
  FPC_PREFIX_BITS = 3,
};

/* The eight FPC patterns; the value is the 3-bit prefix. */
enum fpc_pattern {
  FPC_ZERO,                     /* every word 0: no data (FPC's zero run) */
  FPC_SE4,                      /* 4-bit value sign-extended to 32 bits */
  FPC_SE8,                      /* 8-bit value sign-extended */
  FPC_SE16,                     /* 16-bit value sign-extended */
  FPC_PAD16,                    /* low halfword 0: the high halfword is stored */
  FPC_BYTES2,                   /* each halfword a sign-extended byte: both bytes stored */
  FPC_REPEAT,                   /* the same byte four times: the byte is stored */
  FPC_RAW,                      /* uncompressed word */
};

/* data bits per word of each pattern */
static const unsigned fpc_field_bits[8] = { 0, 4, 8, 16, 16, 16, 8, 32 };
/* the order in which a segment's pattern is chosen: smallest field first,
 * the lower prefix first among equal fields */
static const uint8_t fpc_choice_order[8] = {
  FPC_ZERO, FPC_SE4, FPC_SE8, FPC_REPEAT, FPC_SE16, FPC_PAD16, FPC_BYTES2, FPC_RAW
};

static const char *const fpc_encoding_names[] = { "uncompressed", "fpc" };

static inline uint32_t load_u32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void store_u32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

/* true when v, read as a two's-complement number, fits 'bits' bits signed */
static inline int fits_signed(uint32_t v, unsigned bits) {
  uint32_t half = 1u << (bits - 1);
  return v + half < 2 * half;
}

/* true when the 16-bit halfword h is the sign extension of its low byte */
static inline int halfword_fits_byte(uint32_t h) { return ((h + 0x80u) & 0xffffu) < 0x100u; }

/* sign-extends the low 'bits' bits of f */
static inline uint32_t sign_extend(uint32_t f, unsigned bits) {
  uint32_t sign = 1u << (bits - 1);
  return (f ^ sign) - sign;
}

/* the set of patterns (bit p for prefix p) that word w fits */
static unsigned fpc_fit_mask(uint32_t w) {
  unsigned m = 1u << FPC_RAW;
  if (w == 0) m |= 1u << FPC_ZERO;
  if (fits_signed(w, 4)) m |= 1u << FPC_SE4;
  if (fits_signed(w, 8)) m |= 1u << FPC_SE8;
  if (fits_signed(w, 16)) m |= 1u << FPC_SE16;
  if ((w & 0xffffu) == 0) m |= 1u << FPC_PAD16;
  if (halfword_fits_byte(w & 0xffffu) && halfword_fits_byte(w >> 16)) m |= 1u << FPC_BYTES2;
  if (w == (w & 0xffu) * 0x01010101u) m |= 1u << FPC_REPEAT;
  return m;
}

static uint32_t fpc_field(unsigned pattern, uint32_t w) {
  switch (pattern) {
  case FPC_SE4: return w & 0xfu;
  case FPC_SE8: case FPC_REPEAT: return w & 0xffu;
  case FPC_SE16: return w & 0xffffu;
  case FPC_PAD16: return w >> 16;
  case FPC_BYTES2: return (w & 0xffu) | ((w >> 16) & 0xffu) << 8;
  case FPC_RAW: return w;
  default: return 0;
  }
}

static uint32_t fpc_word(unsigned pattern, uint32_t f) {
  switch (pattern) {
  case FPC_SE4: return sign_extend(f, 4);
  case FPC_SE8: return sign_extend(f, 8);
  case FPC_SE16: return sign_extend(f, 16);
  case FPC_PAD16: return f << 16;
  case FPC_BYTES2: return (sign_extend(f & 0xffu, 8) & 0xffffu) | sign_extend(f >> 8, 8) << 16;
  case FPC_REPEAT: return f * 0x01010101u;
  case FPC_RAW: return f;
  default: return 0;
  }
}

/* LSB-first bit stream: stream bit k is bit k%8 of byte k/8; a field's bit j
 * is stream bit pos+j.  put_bits ORs into a zeroed buffer. */
static void put_bits(uint8_t *buf, unsigned pos, uint32_t v, unsigned n) {
  while (n) {
    unsigned sh = pos & 7, k = 8 - sh < n ? 8 - sh : n;
    buf[pos >> 3] |= (uint8_t)((v & ((1u << k) - 1)) << sh);
    v >>= k;
    pos += k;
    n -= k;
  }
}

static uint32_t get_bits(const uint8_t *buf, unsigned pos, unsigned n) {
  uint32_t v = 0;
  for (unsigned got = 0; got < n;) {
    unsigned sh = pos & 7, k = 8 - sh < n - got ? 8 - sh : n - got;
    v |= (uint32_t)(buf[pos >> 3] >> sh & ((1u << k) - 1)) << got;
    pos += k;
    got += k;
  }
  return v;
}

static int fpc_supported(unsigned line_bytes, unsigned mag) {
  return (line_bytes == 32 || line_bytes == 64 || line_bytes == 128) && (mag == 16 || mag == 32 || mag == 64);
}

static unsigned fpc_header_bytes(unsigned nseg) { return (nseg * FPC_PREFIX_BITS + 7) / 8; }

static int fpc_compress(const uint8_t *line, unsigned line_bytes, unsigned mag, uint8_t *payload, codec_meta *meta) {
  if (!fpc_supported(line_bytes, mag)) return -1;
  const unsigned nseg = line_bytes / 4 / FPC_SEG_WORDS;
  uint8_t pattern[CODEC_MAX_LINE / 4 / FPC_SEG_WORDS];
  unsigned bits = fpc_header_bytes(nseg) * 8;
  for (unsigned s = 0; s < nseg; s++) {
    unsigned fit = ~0u;
    for (unsigned j = 0; j < FPC_SEG_WORDS; j++) fit &= fpc_fit_mask(load_u32(line + 4 * (s * FPC_SEG_WORDS + j)));
    unsigned k = 0;
    while (!(fit >> fpc_choice_order[k] & 1u)) k++;
    pattern[s] = fpc_choice_order[k];
    bits += FPC_SEG_WORDS * fpc_field_bits[pattern[s]];
  }
  unsigned size = (bits + 7) / 8;
  if (size >= line_bytes) { codec_store_raw(line, line_bytes, payload, meta); return 0; }
  memset(payload, 0, size);
  unsigned pos = fpc_header_bytes(nseg) * 8;
  for (unsigned s = 0; s < nseg; s++) {
    put_bits(payload, s * FPC_PREFIX_BITS, pattern[s], FPC_PREFIX_BITS);
    unsigned fb = fpc_field_bits[pattern[s]];
    for (unsigned j = 0; j < FPC_SEG_WORDS; j++, pos += fb)
      put_bits(payload, pos, fpc_field(pattern[s], load_u32(line + 4 * (s * FPC_SEG_WORDS + j))), fb);
  }
  meta->encoding = 1;
  meta->size = size;
  return 0;
}

static int fpc_decompress(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, unsigned mag, uint8_t *line) {
  if (!fpc_supported(line_bytes, mag)) return -1;
  if (meta->encoding == 0) return codec_load_raw(payload, meta, line_bytes, line);
  if (meta->encoding != 1) return -1;
  const unsigned nseg = line_bytes / 4 / FPC_SEG_WORDS;
  const unsigned hdr = fpc_header_bytes(nseg);
  if (meta->size < hdr) return -1;
  /* the header alone gives the length: check it before touching any data */
  unsigned bits = hdr * 8;
  for (unsigned s = 0; s < nseg; s++) bits += FPC_SEG_WORDS * fpc_field_bits[get_bits(payload, s * FPC_PREFIX_BITS, FPC_PREFIX_BITS)];
  unsigned used = nseg * FPC_PREFIX_BITS;
  if (get_bits(payload, used, hdr * 8 - used) != 0) return -1;   /* header padding is zero */
  if ((bits + 7) / 8 != meta->size || meta->size >= line_bytes) return -1;
  unsigned pos = hdr * 8;
  for (unsigned s = 0; s < nseg; s++) {
    unsigned p = get_bits(payload, s * FPC_PREFIX_BITS, FPC_PREFIX_BITS);
    unsigned fb = fpc_field_bits[p];
    for (unsigned j = 0; j < FPC_SEG_WORDS; j++, pos += fb)
      store_u32(line + 4 * (s * FPC_SEG_WORDS + j), fpc_word(p, get_bits(payload, pos, fb)));
  }
  return 0;
}

const codec codec_fpc = {
  .name = "fpc",
  .encodings = fpc_encoding_names,
  .nencodings = 2,
  .compress = fpc_compress,
  .decompress = fpc_decompress,
};
