/* emu/timing/compress.h -- compressed memory: how many bytes a block takes, and where its metadata lives.
 *
 * Values stay in the functional memory; compression decides only how many
 * bytes the model moves and keeps.  A block is one L2 sector (the line when
 * L2 has no sectors), compressed on its own by the design's algorithm, one of
 * the reference codecs of subroutines/ (or the smallest of four: 'best'; the
 * one that saves the most bursts: 'cost').
 * Its size is computed from the device memory's contents when the model
 * moves it (so a store changes the size of the block the next time it
 * moves).  Local memory, and bytes outside every allocation, count as
 * incompressible (the stored form: the block as it is).
 *
 * The metadata of the blocks in DRAM (md_bits_per_block each) lives in a
 * region of each memory partition of its own, read and written in 128-byte
 * lines through a metadata cache at the controller.
 */
#ifndef AWEMU_TM_COMPRESS_H
#define AWEMU_TM_COMPRESS_H

#include "config.h"
#include "../../subroutines/codec.h"

struct aw_device;

typedef struct {
  tm_design design;           /* the config's design (designs.def): what the model reads of it */
  const codec *codecs[4];
  int64_t decomp[4];          /* each one's decompression latency (cost: the block's codec's) */
  int ncodecs;
  int cost;                   /* compression = cost: the fewest bursts, not the fewest bytes */
  uint32_t unit;              /* block bytes */
  uint32_t mag;
  int64_t compress_cycles, decompress_cycles;
} tm_compressor;

/* The i-th (from 0) codec of the registry (subroutines/codecs.c) c's algorithm tries: the
 * 'compression' key's codec, or best's and cost's four; NULL past the last. */
const codec *tm_compress_codec(const tm_config *c, int i);
/* The hardware's latencies of codec k (core cycles): 0, or -1 when it has none. */
int tm_codec_latency(const codec *k, int64_t *decompress, int64_t *compress);
/* Sets z up for config c (tm_config_check passed). */
void tm_compress_init(tm_compressor *z, const tm_config *c);
/* The stored bytes of the block at addr (unit-aligned): the smallest
 * payload the algorithm finds (cost: the payload of the codec that takes the
 * fewest bursts), or unit when it does not compress (cost: when no codec
 * saves a burst); *decompress (when not NULL): the hardware's cycles to
 * decompress it (0 uncompressed). */
uint32_t tm_block_bytes(const tm_compressor *z, struct aw_device *d, uint64_t addr, int64_t *decompress);
/* The same for one algorithm, with everything: the block's bytes (unit of
 * them) in 'block', the payload and its metadata (encoding 0: uncompressed). */
void tm_block_compress(const tm_compressor *z, struct aw_device *d, uint64_t addr, uint8_t *block, uint8_t *payload, codec_meta *meta);

/* The block's bytes (unit of them, zeros past its allocation's end) into 'block': 1, or 0 when
 * it is not device memory (local memory, outside every allocation: block is untouched). */
int tm_block_read(const tm_compressor *z, struct aw_device *d, uint64_t addr, uint8_t *block);

/* The metadata line (an address in partition 'part', as tm_map maps it) of the
 * block at data address addr of that partition. */
uint64_t tm_md_line(const tm_config *c, uint64_t addr, uint32_t part);

#endif
