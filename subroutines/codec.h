/* subroutines/codec.h -- the interface every reference codec implements.
 *
 * A codec compresses one cache line of line_bytes bytes (32, 64 or 128) into
 * a payload plus metadata, and decompresses it back.  The metadata is what a
 * cache keeps beside a compressed line: the encoding (0 = stored
 * uncompressed) and the payload size in bytes.  The memory access
 * granularity (MAG: 16, 32 or 64 bytes) matters to codecs that aim at it
 * (MAG-aware BDI) and to the effective size: bursts = ceil(size / MAG).
 *
 * The reference codecs are the golden model: the assist-warp subroutines in
 * assembly must produce the same payload and metadata byte for byte.
 * Each codec documents its format bit by bit in subroutines/<name>/FORMAT.md.
 */
#ifndef AWEMU_CODEC_H
#define AWEMU_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CODEC_MAX_LINE 128
#define CODEC_MAX_PAYLOAD 256   /* room for a payload that grew past the line */

typedef struct {
  uint32_t encoding;            /* 0: uncompressed (payload = the line); codec-specific otherwise */
  uint32_t size;                /* payload bytes */
} codec_meta;

typedef struct {
  const char *name;             /* "bdi", "fpc", "cpack", "cpack-classic", "magbdi", ... */
  const char *const *encodings; /* names of encodings 0..nencodings-1 */
  uint32_t nencodings;
  /* Compresses 'line' (line_bytes bytes) for memory access granularity 'mag';
   * writes the payload (at most CODEC_MAX_PAYLOAD bytes) and the metadata.
   * Returns 0, or -1 when line_bytes or mag is not supported. */
  int (*compress)(const uint8_t *line, unsigned line_bytes, unsigned mag, uint8_t *payload, codec_meta *meta);
  /* Rebuilds the line from payload and metadata.  Returns 0, or -1 when the
   * payload is malformed (never reads past meta->size bytes of payload). */
  int (*decompress)(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, unsigned mag, uint8_t *line);
} codec;

/* Every codec, NULL-terminated (subroutines/codecs.c). */
extern const codec *const codecs[];
const codec *codec_find(const char *name);
/* The form every codec falls back to: encoding 0, the line as it is. */
static inline void codec_store_raw(const uint8_t *line, unsigned line_bytes, uint8_t *payload, codec_meta *meta) {
  memcpy(payload, line, line_bytes);
  meta->encoding = 0;
  meta->size = line_bytes;
}
/* Its inverse; -1 when the size is not the line's. */
static inline int codec_load_raw(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, uint8_t *line) {
  if (meta->size != line_bytes) return -1;
  memcpy(line, payload, line_bytes);
  return 0;
}

/* What a decompression subroutine reads as .lin (the line buffer, which holds
 * a whole line): the payload's 'size' bytes, then zeros up to the line size,
 * so a subroutine may load a word that runs past the payload's end (a mask
 * of 2 bytes read as one 4-byte word).  buf holds CODEC_MAX_PAYLOAD bytes and
 * may be the payload itself; returns the bytes it now holds, at least 1. */
static inline uint32_t codec_line_buffer(uint8_t *buf, const uint8_t *payload, unsigned size, unsigned line_bytes) {
  unsigned n = size > line_bytes ? size : line_bytes;
  if (size && buf != payload) memcpy(buf, payload, size);
  memset(buf + size, 0, n - size);
  return n ? n : 1;
}

/* bursts of MAG bytes needed for a payload of 'size' bytes (at least 1) */
static inline unsigned codec_bursts(unsigned size, unsigned mag) { return size ? (size + mag - 1) / mag : 1; }

#endif
