/* emu/timing/compress.c -- compressed memory (see compress.h). */
#include "compress.h"
#include "../core/emu_int.h"

#include <string.h>

#define LOCAL_TM_BASE 0x00007c0000000000ull   /* sm.c's local memory: not in the device memory */
#define MD_BASE 0x0000100000000000ull         /* the metadata regions, far above any allocation */

/* the hardware's latencies, by codec (its name in the registry, subroutines/codecs.c): CABA
 * section 6 (BDI), Alameldeen and Wood 2004 (FPC, decompression), the MPC paper (C-Pack
 * decompression; MPC 3 to compress, 4 to decompress); compression of FPC and C-Pack taken as
 * long as their decompression (off the read path) */
static const struct { const char *codec; int64_t decompress, compress; } hw_latency[] = {
  { "bdi", 1, 5 }, { "magbdi", 1, 5 }, { "fpc", 5, 5 }, { "cpack", 9, 9 }, { "mpc", 4, 3 },
};
/* best and cost try these four; cost breaks ties in this order: the fastest decompression first */
static const char *const tried[4] = { "bdi", "magbdi", "fpc", "cpack" };

int tm_codec_latency(const codec *k, int64_t *decompress, int64_t *compress) {
  for (size_t i = 0; k && i < sizeof hw_latency / sizeof *hw_latency; i++)
    if (!strcmp(hw_latency[i].codec, k->name)) {
      *decompress = hw_latency[i].decompress;
      *compress = hw_latency[i].compress;
      return 0;
    }
  return -1;
}

const codec *tm_compress_codec(const tm_config *c, int i) {
  char word[32];
  if (c->compression == TM_COMP_BEST || c->compression == TM_COMP_COST) return i >= 0 && i < 4 ? codec_find(tried[i]) : NULL;
  tm_config_value(c, TM_KEY_compression, word, sizeof word);   /* (the other choices are the registry's names) */
  return i == 0 ? codec_find(word) : NULL;
}

void tm_compress_init(tm_compressor *z, const tm_config *c) {
  memset(z, 0, sizeof *z);
  z->design = *tm_design_of(c);
  z->unit = (uint32_t)tm_mem_sector(c);
  z->mag = (uint32_t)c->dram_mag;
  z->cost = c->compression == TM_COMP_COST;
  /* the codecs the algorithm tries, and the latencies of hardware that (de)compresses with
   * them: best and cost take the slowest of their four */
  int64_t slow_dec = 0, slow_comp = 0;
  for (const codec *k; z->ncodecs < 4 && (k = tm_compress_codec(c, z->ncodecs)); z->ncodecs++) {
    int64_t dec = 0, comp = 0;
    tm_codec_latency(k, &dec, &comp);
    z->codecs[z->ncodecs] = k;
    z->decomp[z->ncodecs] = c->decompress_cycles >= 0 ? c->decompress_cycles : dec;
    if (dec > slow_dec) slow_dec = dec;
    if (comp > slow_comp) slow_comp = comp;
  }
  z->compress_cycles = c->compress_cycles >= 0 ? c->compress_cycles : slow_comp;
  z->decompress_cycles = c->decompress_cycles >= 0 ? c->decompress_cycles : slow_dec;
}

int tm_block_read(const tm_compressor *z, struct aw_device *d, uint64_t addr, uint8_t *block) {
  emu_alloc *a = addr >= LOCAL_TM_BASE ? NULL : emu_find_alloc(d, addr, 1);
  if (!a) return 0;
  uint64_t off = addr - a->addr, have = a->size - off < z->unit ? a->size - off : z->unit;
  memcpy(block, a->data + off, (size_t)have);
  memset(block + have, 0, z->unit - (size_t)have);   /* past the allocation's end: nothing there */
  return 1;
}

void tm_block_compress(const tm_compressor *z, struct aw_device *d, uint64_t addr, uint8_t *block, uint8_t *payload, codec_meta *meta) {
  if (!tm_block_read(z, d, addr, block)) memset(block, 0, z->unit);
  else if (z->codecs[0]->compress(block, z->unit, z->mag, payload, meta) == 0 && meta->encoding) return;
  codec_store_raw(block, z->unit, payload, meta);
}

uint32_t tm_block_bytes(const tm_compressor *z, struct aw_device *d, uint64_t addr, int64_t *decompress) {
  uint8_t block[CODEC_MAX_LINE], payload[CODEC_MAX_PAYLOAD];
  if (decompress) *decompress = 0;
  if (!tm_block_read(z, d, addr, block)) return z->unit;
  uint32_t best = z->unit, best_bursts = codec_bursts(z->unit, z->mag);
  for (int i = 0; i < z->ncodecs; i++) {
    codec_meta m;
    if (z->codecs[i]->compress(block, z->unit, z->mag, payload, &m) != 0 || m.encoding == 0) continue;
    uint32_t b = codec_bursts(m.size, z->mag);
    /* best: the fewest bytes; cost: the fewest bursts, the first (fastest) of equals */
    if (z->cost ? b < best_bursts : m.size < best) {
      best = m.size;
      best_bursts = b;
      if (decompress) *decompress = z->decomp[i];
    }
  }
  if (decompress && best < z->unit && !z->cost) *decompress = z->decompress_cycles;
  return best;
}

uint64_t tm_md_line(const tm_config *c, uint64_t addr, uint32_t part) {
  uint64_t il = (uint64_t)c->addr_interleave_bytes, nmem = (uint64_t)c->n_mem;
  uint64_t unit = (uint64_t)tm_mem_sector(c);
  uint64_t local = addr / il / nmem * il + addr % il;          /* the address within the partition (tm_map's) */
  uint64_t md = local / unit * (uint64_t)c->md_bits_per_block / 8 / 128 * 128;   /* its metadata line, within the partition */
  /* back to an address that tm_map places in the same partition (the region
   * starts at a multiple of il x n_mem) */
  uint64_t first = (MD_BASE / il + nmem - 1) / nmem * nmem;
  return (first + md / il * nmem + part) * il + md % il;
}
