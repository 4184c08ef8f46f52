/* emu/timing/compress.c -- compressed memory (see compress.h). */
#include "compress.h"
#include "../emu_int.h"

#include <string.h>

#define LOCAL_TM_BASE 0x00007c0000000000ull   /* sm.c's local memory: not in the device memory */
#define MD_BASE 0x0000100000000000ull         /* the metadata regions, far above any allocation */

extern const codec codec_bdi, codec_fpc, codec_cpack, codec_magbdi;

void tm_compress_init(tm_compressor *z, const tm_config *c) {
  memset(z, 0, sizeof *z);
  z->design = c->design;
  z->unit = (uint32_t)(c->l2_bytes ? c->l2_sector_bytes : c->l1_sector_bytes);
  z->mag = (uint32_t)c->dram_mag;
  static const codec *const all[4] = { &codec_bdi, &codec_fpc, &codec_cpack, &codec_magbdi };
  if (c->compression == TM_COMP_BEST) {
    for (int i = 0; i < 4; i++) z->codecs[z->ncodecs++] = all[i];
  } else z->codecs[z->ncodecs++] = all[c->compression];
  /* the hardware's latencies: CABA section 6 (BDI), Alameldeen and Wood 2004
   * (FPC, decompression), the MPC paper (C-Pack, decompression); compression
   * of FPC and C-Pack taken as long as their decompression (off the read path) */
  static const int64_t dflt_decomp[] = { 1, 5, 9, 1, 9 }, dflt_comp[] = { 5, 5, 9, 5, 9 };
  z->compress_cycles = c->compress_cycles >= 0 ? c->compress_cycles : dflt_comp[c->compression];
  z->decompress_cycles = c->decompress_cycles >= 0 ? c->decompress_cycles : dflt_decomp[c->compression];
}

/* The block's bytes: 0 when it is not device memory (local memory, outside every allocation). */
static int read_block(const tm_compressor *z, struct aw_device *d, uint64_t addr, uint8_t *block) {
  emu_alloc *a = addr >= LOCAL_TM_BASE ? NULL : emu_find_alloc(d, addr, 1);
  if (!a) return 0;
  uint64_t off = addr - a->addr, have = a->size - off < z->unit ? a->size - off : z->unit;
  memcpy(block, a->data + off, (size_t)have);
  memset(block + have, 0, z->unit - (size_t)have);   /* past the allocation's end: nothing there */
  return 1;
}

void tm_block_compress(const tm_compressor *z, struct aw_device *d, uint64_t addr, uint8_t *block, uint8_t *payload, codec_meta *meta) {
  if (!read_block(z, d, addr, block)) memset(block, 0, z->unit);
  else if (z->codecs[0]->compress(block, z->unit, z->mag, payload, meta) == 0 && meta->encoding) return;
  codec_store_raw(block, z->unit, payload, meta);
}

uint32_t tm_block_bytes(const tm_compressor *z, struct aw_device *d, uint64_t addr) {
  uint8_t block[CODEC_MAX_LINE], payload[CODEC_MAX_PAYLOAD];
  if (!read_block(z, d, addr, block)) return z->unit;
  uint32_t best = z->unit;
  for (int i = 0; i < z->ncodecs; i++) {
    codec_meta m;
    if (z->codecs[i]->compress(block, z->unit, z->mag, payload, &m) == 0 && m.encoding != 0 && m.size < best) best = m.size;
  }
  return best;
}

uint64_t tm_md_line(const tm_config *c, uint64_t addr, uint32_t part) {
  uint64_t il = (uint64_t)c->addr_interleave_bytes, nmem = (uint64_t)c->n_mem;
  uint64_t unit = (uint64_t)(c->l2_bytes ? c->l2_sector_bytes : c->l1_sector_bytes);
  uint64_t local = addr / il / nmem * il + addr % il;          /* the address within the partition (tm_map's) */
  uint64_t md = local / unit * (uint64_t)c->md_bits_per_block / 8 / 128 * 128;   /* its metadata line, within the partition */
  /* back to an address that tm_map places in the same partition (the region
   * starts at a multiple of il x n_mem) */
  uint64_t first = (MD_BASE / il + nmem - 1) / nmem * nmem;
  return (first + md / il * nmem + part) * il + md % il;
}
