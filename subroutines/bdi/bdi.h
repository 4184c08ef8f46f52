/* subroutines/bdi/bdi.h -- Base-Delta-Immediate compression (Pekhimenko et al., PACT 2012).
 *
 * Owns: the reference BDI codec (codec_bdi, name "bdi") and its encoding
 * numbers.  The format, bit by bit, is in subroutines/bdi/FORMAT.md; this
 * header and that document must agree.
 * Promises: compress picks the smallest encoding that represents the line
 * exactly (ties go to the lower encoding number) and is deterministic;
 * decompress rebuilds the line bit for bit, rejects a payload whose size
 * does not match its encoding, and never reads past meta->size bytes.
 * The payload does not carry the encoding: it lives in codec_meta.encoding,
 * as the paper keeps it in the tag.  MAG does not change the payload.
 */
#ifndef AWEMU_BDI_H
#define AWEMU_BDI_H

#include "../codec.h"

enum bdi_encoding {
  BDI_UNCOMPRESSED = 0, /* payload = the line */
  BDI_ZEROS,            /* every byte zero; empty payload */
  BDI_REPEATED,         /* one 8-byte value repeated; payload = that value */
  BDI_B8D1,             /* 8-byte base, 1-byte deltas */
  BDI_B8D2,             /* 8-byte base, 2-byte deltas */
  BDI_B8D4,             /* 8-byte base, 4-byte deltas */
  BDI_B4D1,             /* 4-byte base, 1-byte deltas */
  BDI_B4D2,             /* 4-byte base, 2-byte deltas */
  BDI_B2D1,             /* 2-byte base, 1-byte deltas */
  BDI_NENCODINGS
};

extern const codec codec_bdi;

/* Payload bytes of 'encoding' for a line of line_bytes (32, 64 or 128);
 * -1 for an unknown encoding or line size. */
int bdi_payload_size(unsigned encoding, unsigned line_bytes);

#endif
