/* subroutines/bdi/bdi.c -- the reference Base-Delta-Immediate codec ("bdi").
 *
 * BDI as the PACT 2012 paper defines it: a line is zeros, one 8-byte value
 * repeated, or n elements of B bytes (B = 8, 4, 2) that each lie within
 * k-byte reach (k = 1, 2, 4; k < B) of one of two bases: an implicit zero
 * and one explicit base, the first element out of the zero base's reach.
 * A bit per element says which base it uses.  The smallest encoding that
 * fits wins; the format is in FORMAT.md beside this file.
 *
 * Hot path: the zero and repeated checks are one pass of 64-bit ORs; each
 * base+delta encoding is one loop specialised for its base size (the
 * helpers are force-inlined with constant B and k), stopping at the first
 * element that fits neither base.  Encodings are tried in ascending size,
 * so the first that fits is the answer and the rest are never looked at.
 */
#include "bdi.h"

#include <string.h>

static const char *const bdi_names[BDI_NENCODINGS] = {
  "uncompressed", "zeros", "repeated", "b8d1", "b8d2", "b8d4", "b4d1", "b4d2", "b2d1",
};

/* base and delta bytes of the base+delta encodings (0 for the others) */
static const uint8_t bdi_base_bytes[BDI_NENCODINGS] = {
  [BDI_B8D1] = 8, [BDI_B8D2] = 8, [BDI_B8D4] = 8, [BDI_B4D1] = 4, [BDI_B4D2] = 4, [BDI_B2D1] = 2,
};
static const uint8_t bdi_delta_bytes[BDI_NENCODINGS] = {
  [BDI_B8D1] = 1, [BDI_B8D2] = 2, [BDI_B8D4] = 4, [BDI_B4D1] = 1, [BDI_B4D2] = 2, [BDI_B2D1] = 1,
};

/* The base+delta encodings in the order compress tries them: ascending
 * payload size (base + n*k + ceil(n/8)), ties to the lower encoding number.
 * Sizes per line size (FORMAT.md has the table):
 *   32 B:  b8d1 13, b4d1 13, b8d2 17, b2d1 20, b4d2 21, b8d4 25
 *   64 B:  b8d1 17, b4d1 22, b8d2 25, b4d2 38, b2d1 38, b8d4 41
 *   128 B: b8d1 26, b4d1 40, b8d2 42, b4d2 72, b8d4 74, b2d1 74
 * tests/test_bdi.c checks the chosen encoding against an exhaustive search. */
static const uint8_t bdi_try_order[3][6] = {
  { BDI_B8D1, BDI_B4D1, BDI_B8D2, BDI_B2D1, BDI_B4D2, BDI_B8D4 },
  { BDI_B8D1, BDI_B4D1, BDI_B8D2, BDI_B4D2, BDI_B2D1, BDI_B8D4 },
  { BDI_B8D1, BDI_B4D1, BDI_B8D2, BDI_B4D2, BDI_B8D4, BDI_B2D1 },
};

#define BDI_INLINE static inline __attribute__((always_inline))

/* ---- little-endian loads and stores (the line's and the payload's byte order) ---- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define BDI_LE16(x) __builtin_bswap16(x)
#define BDI_LE32(x) __builtin_bswap32(x)
#define BDI_LE64(x) __builtin_bswap64(x)
#else
#define BDI_LE16(x) (x)
#define BDI_LE32(x) (x)
#define BDI_LE64(x) (x)
#endif

BDI_INLINE uint64_t ld_le(const uint8_t *p, unsigned bytes) {
  switch (bytes) {
  case 1: return p[0];
  case 2: { uint16_t v; memcpy(&v, p, 2); return BDI_LE16(v); }
  case 4: { uint32_t v; memcpy(&v, p, 4); return BDI_LE32(v); }
  default: { uint64_t v; memcpy(&v, p, 8); return BDI_LE64(v); }
  }
}

/* stores the low 'bytes' bytes of v */
BDI_INLINE void st_le(uint8_t *p, uint64_t v, unsigned bytes) {
  switch (bytes) {
  case 1: p[0] = (uint8_t)v; break;
  case 2: { uint16_t x = BDI_LE16((uint16_t)v); memcpy(p, &x, 2); break; }
  case 4: { uint32_t x = BDI_LE32((uint32_t)v); memcpy(p, &x, 4); break; }
  default: { uint64_t x = BDI_LE64(v); memcpy(p, &x, 8); break; }
  }
}

/* ---- the base+delta check, packing and unpacking ----
 *
 * Arithmetic is on uint64_t; for B < 8 only the low 8B bits count.  An
 * element x (a B-byte value) is within k-byte reach of base b when
 * d = (x - b) mod 2^(8B) is the sign extension of its low k bytes, i.e.
 * when d + 2^(8k-1), taken mod 2^(8B), is below 2^(8k): the bits 'out'
 * below are then clear. */

BDI_INLINE uint64_t bd_out_bits(unsigned B, unsigned k) {
  uint64_t below_b = B == 8 ? ~0ull : (1ull << (8 * B)) - 1;
  return below_b & ~((1ull << (8 * k)) - 1);
}

/* Does the line fit base size B with k-byte deltas?  On success *base is
 * the explicit base (0 when every element is within reach of zero). */
BDI_INLINE int bd_fits(const uint8_t *line, unsigned n, unsigned B, unsigned k, uint64_t *base) {
  const uint64_t half = 1ull << (8 * k - 1), out = bd_out_bits(B, k);
  unsigned i = 0;
  while (i < n && !((ld_le(line + B * i, B) + half) & out)) i++;
  if (i == n) { *base = 0; return 1; }
  const uint64_t b = ld_le(line + B * i, B);
  for (i++; i < n; i++) {
    uint64_t x = ld_le(line + B * i, B);
    if (((x + half) & out) && ((x - b + half) & out)) return 0;
  }
  *base = b;
  return 1;
}

/* Writes base | deltas | mask (FORMAT.md); returns the payload size. */
BDI_INLINE unsigned bd_pack(const uint8_t *line, unsigned n, unsigned B, unsigned k, uint64_t base, uint8_t *out_p) {
  const uint64_t half = 1ull << (8 * k - 1), out = bd_out_bits(B, k);
  uint8_t *deltas = out_p + B, *mask = deltas + n * k;
  uint64_t bits = 0;  /* n <= 64 */
  st_le(out_p, base, B);
  for (unsigned i = 0; i < n; i++) {
    uint64_t x = ld_le(line + B * i, B);
    uint64_t use_base = ((x + half) & out) != 0;  /* out of zero's reach: it is within the base's */
    bits |= use_base << i;
    st_le(deltas + k * i, x - (base & (0 - use_base)), k);
  }
  st_le(mask, bits, (n + 7) / 8);  /* n is 4, 8, 16, 32 or 64: 1, 1, 2, 4 or 8 bytes */
  return B + n * k + (n + 7) / 8;
}

/* Rebuilds the line from base | deltas | mask; -1 when the mask's padding bits are not zero. */
BDI_INLINE int bd_unpack(const uint8_t *p, unsigned n, unsigned B, unsigned k, uint8_t *line) {
  const uint64_t sign = 1ull << (8 * k - 1);
  const uint64_t base = ld_le(p, B);
  const uint8_t *deltas = p + B, *mask = deltas + n * k;
  uint64_t bits = ld_le(mask, (n + 7) / 8);
  if (n < 64 && (bits >> n)) return -1;
  for (unsigned i = 0; i < n; i++) {
    uint64_t d = ld_le(deltas + k * i, k);
    d = (d ^ sign) - sign;  /* sign-extend the k-byte delta */
    st_le(line + B * i, d + (base & (0 - ((bits >> i) & 1))), B);
  }
  return 0;
}

/* ---- the codec ---- */

static int line_index(unsigned line_bytes) {
  return line_bytes == 32 ? 0 : line_bytes == 64 ? 1 : line_bytes == 128 ? 2 : -1;
}

static int mag_ok(unsigned mag) { return mag == 16 || mag == 32 || mag == 64; }

int bdi_payload_size(unsigned encoding, unsigned line_bytes) {
  if (line_index(line_bytes) < 0 || encoding >= BDI_NENCODINGS) return -1;
  if (encoding == BDI_UNCOMPRESSED) return (int)line_bytes;
  if (encoding == BDI_ZEROS) return 0;
  if (encoding == BDI_REPEATED) return 8;
  unsigned B = bdi_base_bytes[encoding], n = line_bytes / B;
  return (int)(B + n * bdi_delta_bytes[encoding] + (n + 7) / 8);
}

static int bdi_compress(const uint8_t *line, unsigned line_bytes, unsigned mag, uint8_t *payload, codec_meta *meta) {
  const int li = line_index(line_bytes);
  if (li < 0 || !mag_ok(mag)) return -1;
  const unsigned n8 = line_bytes / 8, n4 = line_bytes / 4, n2 = line_bytes / 2;

  const uint64_t first = ld_le(line, 8);
  uint64_t any = first, differ = 0;
  for (unsigned i = 1; i < n8; i++) {
    uint64_t x = ld_le(line + 8 * i, 8);
    any |= x;
    differ |= x ^ first;
  }
  if (!any) { meta->encoding = BDI_ZEROS; meta->size = 0; return 0; }
  if (!differ) { st_le(payload, first, 8); meta->encoding = BDI_REPEATED; meta->size = 8; return 0; }

  for (unsigned t = 0; t < 6; t++) {
    const unsigned enc = bdi_try_order[li][t];
    uint64_t base;
    unsigned size;
    switch (enc) {
    case BDI_B8D1: if (!bd_fits(line, n8, 8, 1, &base)) continue; size = bd_pack(line, n8, 8, 1, base, payload); break;
    case BDI_B8D2: if (!bd_fits(line, n8, 8, 2, &base)) continue; size = bd_pack(line, n8, 8, 2, base, payload); break;
    case BDI_B8D4: if (!bd_fits(line, n8, 8, 4, &base)) continue; size = bd_pack(line, n8, 8, 4, base, payload); break;
    case BDI_B4D1: if (!bd_fits(line, n4, 4, 1, &base)) continue; size = bd_pack(line, n4, 4, 1, base, payload); break;
    case BDI_B4D2: if (!bd_fits(line, n4, 4, 2, &base)) continue; size = bd_pack(line, n4, 4, 2, base, payload); break;
    default:       if (!bd_fits(line, n2, 2, 1, &base)) continue; size = bd_pack(line, n2, 2, 1, base, payload); break;
    }
    meta->encoding = enc;
    meta->size = size;
    return 0;
  }
  codec_store_raw(line, line_bytes, payload, meta);   /* BDI_UNCOMPRESSED */
  return 0;
}

static int bdi_decompress(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, unsigned mag, uint8_t *line) {
  if (line_index(line_bytes) < 0 || !mag_ok(mag)) return -1;
  const int size = bdi_payload_size(meta->encoding, line_bytes);
  if (size < 0 || meta->size != (uint32_t)size) return -1;
  const unsigned n8 = line_bytes / 8, n4 = line_bytes / 4, n2 = line_bytes / 2;
  switch (meta->encoding) {
  case BDI_UNCOMPRESSED: memcpy(line, payload, line_bytes); return 0;
  case BDI_ZEROS: memset(line, 0, line_bytes); return 0;
  case BDI_REPEATED:
    for (unsigned i = 0; i < n8; i++) memcpy(line + 8 * i, payload, 8);
    return 0;
  case BDI_B8D1: return bd_unpack(payload, n8, 8, 1, line);
  case BDI_B8D2: return bd_unpack(payload, n8, 8, 2, line);
  case BDI_B8D4: return bd_unpack(payload, n8, 8, 4, line);
  case BDI_B4D1: return bd_unpack(payload, n4, 4, 1, line);
  case BDI_B4D2: return bd_unpack(payload, n4, 4, 2, line);
  default:       return bd_unpack(payload, n2, 2, 1, line);
  }
}

const codec codec_bdi = {
  .name = "bdi",
  .encodings = bdi_names,
  .nencodings = BDI_NENCODINGS,
  .compress = bdi_compress,
  .decompress = bdi_decompress,
};
