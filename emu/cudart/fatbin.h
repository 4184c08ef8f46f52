/* emu/cudart/fatbin.h -- the PTX texts inside an nvcc fat binary.
 *
 * Owns: reading the container nvcc embeds in a host program (the
 * __fatBinC_Wrapper_t that __cudaRegisterFatBinary receives, the fat binary
 * it points to, and the entries in it) and undoing the compression nvcc
 * applies to an entry (LZ4 blocks with -compress-mode=speed; Zstandard
 * frames with the default, size and balance modes, decoded by the system's
 * libzstd.so.1, opened when first needed).
 * Promises: a malformed container gives a message, never a read past the
 * bytes the container says it has.  Layout (all little-endian; facts read
 * off nvcc 13's output, documented in emu/cudart/README.md):
 *   wrapper  u32 magic 0x466243b1, u32 version, u64 pointer to the fat binary, u64
 *   fatbin   u32 magic 0xba55ed50, u16 version, u16 header bytes, u64 bytes of entries
 *   entry    u16 kind (1 PTX, 2 ELF cubin), u16 version, u32 header bytes,
 *            u64 payload bytes (padded), u32 compressed bytes, u32 -,
 *            u16 PTX minor, u16 PTX major, u32 sm (75 = sm_75), u32 -, u32 -,
 *            u64 flags (0x2000 LZ4, 0x8000 Zstandard), u64 -, u64 uncompressed bytes
 */
#ifndef AWEMU_FATBIN_H
#define AWEMU_FATBIN_H

#include <stddef.h>
#include <stdint.h>

#define FB_WRAPPER_MAGIC 0x466243b1u
#define FB_MAGIC         0xba55ed50u

typedef struct {
  char *text;           /* the PTX, NUL-terminated (malloc'd; the caller frees) */
  size_t len;
  uint32_t sm;          /* its target: 75 for sm_75 */
  uint32_t ptx_major, ptx_minor;
} fb_ptx;

typedef struct {
  uint32_t entries, ptx, elf;   /* what the container holds */
  uint32_t elf_sm[16];          /* the cubins' targets (the first 16), for messages */
} fb_summary;

/* The PTX entries of the fat binary at 'fatbin' (its header first), at most
 * 'max' of them, into out; *n how many; *sum what else is there.  0, or -1
 * with a message in err (a bad container, an entry that does not
 * decompress, no libzstd.so.1 for a Zstandard entry). */
int fb_read(const void *fatbin, fb_ptx *out, uint32_t max, uint32_t *n, fb_summary *sum, char *err, size_t cap);
/* The fat binary a wrapper points to, or NULL (err says why). */
const void *fb_unwrap(const void *wrapper, char *err, size_t cap);
/* LZ4 block format: decodes src into exactly dst_len bytes.  0, or -1 when
 * src is not such a block of that size. */
int fb_lz4(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_len);

#endif
