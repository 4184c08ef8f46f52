/* emu/cudart/fatbin.c -- the PTX texts inside an nvcc fat binary (fatbin.h). */
#include "fatbin.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint16_t u16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t u64(const uint8_t *p) { return u32(p) | (uint64_t)u32(p + 4) << 32; }

enum { KIND_PTX = 1, KIND_ELF = 2 };
enum { FLAG_LZ4 = 0x2000, FLAG_ZSTD = 0x8000 };
#define ENTRY_MIN 0x40       /* the bytes of an entry header this reader uses */

const void *fb_unwrap(const void *wrapper, char *err, size_t cap) {
  const uint8_t *w = wrapper;
  if (u32(w) != FB_WRAPPER_MAGIC) {
    snprintf(err, cap, "the registered fat binary has no wrapper (magic 0x%08x, not 0x%08x)", u32(w), FB_WRAPPER_MAGIC);
    return NULL;
  }
  const void *fb;
  memcpy(&fb, w + 8, sizeof fb);
  if (!fb || u32(fb) != FB_MAGIC) {
    snprintf(err, cap, "the fat binary's header is not one (magic 0x%08x, not 0x%08x)", fb ? u32(fb) : 0, FB_MAGIC);
    return NULL;
  }
  return fb;
}

int fb_lz4(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_len) {
  const uint8_t *ip = src, *end = src + src_len;
  uint8_t *op = dst, *oend = dst + dst_len;
  while (ip < end) {
    uint32_t token = *ip++;
    size_t lit = token >> 4;
    if (lit == 15) {
      uint8_t b;
      do { if (ip >= end) return -1; b = *ip++; lit += b; } while (b == 255);
    }
    if (lit > (size_t)(end - ip) || lit > (size_t)(oend - op)) return -1;
    memcpy(op, ip, lit);
    op += lit; ip += lit;
    if (ip == end) break;               /* the last sequence is literals only */
    if (end - ip < 2) return -1;
    size_t off = u16(ip);
    ip += 2;
    if (!off || off > (size_t)(op - dst)) return -1;
    size_t ml = token & 15;
    if (ml == 15) {
      uint8_t b;
      do { if (ip >= end) return -1; b = *ip++; ml += b; } while (b == 255);
    }
    ml += 4;
    if (ml > (size_t)(oend - op)) return -1;
    for (size_t i = 0; i < ml; i++, op++) *op = op[-(ptrdiff_t)off];   /* may overlap: byte by byte */
  }
  return op == oend ? 0 : -1;
}

/* Zstandard, by the system's library (Debian's libzstd1, which dpkg itself needs). */
typedef size_t (*zstd_fn)(void *, size_t, const void *, size_t);
typedef unsigned (*zstd_err_fn)(size_t);
static int zstd(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_len, char *err, size_t cap) {
  static zstd_fn decompress;
  static zstd_err_fn is_error;
  if (!decompress) {
    void *h = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
    void *f = h ? dlsym(h, "ZSTD_decompress") : NULL, *e = h ? dlsym(h, "ZSTD_isError") : NULL;
    if (!f || !e) {
      snprintf(err, cap, "the PTX is Zstandard-compressed and libzstd.so.1 cannot be opened (%s): install libzstd1, or build with nvcc -compress-mode=none (or =speed)",
               h ? "no ZSTD_decompress" : dlerror());
      return -1;
    }
    memcpy(&decompress, &f, sizeof f);
    memcpy(&is_error, &e, sizeof e);
  }
  size_t r = decompress(dst, dst_len, src, src_len);
  if (is_error(r) || r != dst_len) { snprintf(err, cap, "a Zstandard-compressed PTX entry does not decompress to its %zu bytes", dst_len); return -1; }
  return 0;
}

/* Entry e's PTX text into *p.  0, or -1 with err. */
static int entry_ptx(const uint8_t *e, uint32_t hb, uint64_t pb, fb_ptx *p, char *err, size_t cap) {
  const uint8_t *pay = e + hb;
  uint64_t flags = u64(e + 0x28), csize = u32(e + 0x10), usize = u64(e + 0x38);
  p->sm = u32(e + 0x1c);
  p->ptx_minor = u16(e + 0x18);
  p->ptx_major = u16(e + 0x1a);
  size_t len;
  if (flags & (FLAG_LZ4 | FLAG_ZSTD)) {
    if (!csize || csize > pb || !usize || usize > (1ull << 32)) { snprintf(err, cap, "a compressed PTX entry (sm_%u) has bad sizes", p->sm); return -1; }
    len = (size_t)usize;
  } else len = strnlen((const char *)pay, (size_t)pb);
  p->text = malloc(len + 1);
  if (!p->text) { snprintf(err, cap, "out of memory"); return -1; }
  if (flags & FLAG_ZSTD) {
    if (zstd(pay, (size_t)csize, (uint8_t *)p->text, len, err, cap)) { free(p->text); return -1; }
  } else if (flags & FLAG_LZ4) {
    if (fb_lz4(pay, (size_t)csize, (uint8_t *)p->text, len)) {
      snprintf(err, cap, "an LZ4-compressed PTX entry (sm_%u) does not decompress to its %zu bytes", p->sm, len);
      free(p->text);
      return -1;
    }
  } else memcpy(p->text, pay, len);
  p->text[len] = 0;
  p->len = strnlen(p->text, len);   /* nvcc counts the terminating NUL in the uncompressed size */
  return 0;
}

int fb_read(const void *fatbin, fb_ptx *out, uint32_t max, uint32_t *n, fb_summary *sum, char *err, size_t cap) {
  const uint8_t *f = fatbin;
  memset(sum, 0, sizeof *sum);
  *n = 0;
  if (u32(f) != FB_MAGIC) { snprintf(err, cap, "not a fat binary (magic 0x%08x, not 0x%08x)", u32(f), FB_MAGIC); return -1; }
  uint32_t hb = u16(f + 6);
  uint64_t total = u64(f + 8);
  if (hb < 16 || total > (1ull << 34)) { snprintf(err, cap, "the fat binary's header is malformed (%u header bytes, %llu bytes)", hb, (unsigned long long)total); return -1; }
  const uint8_t *e = f + hb, *end = e + total;
  while (end - e >= ENTRY_MIN) {
    uint32_t eh = u32(e + 4);
    uint64_t pb = u64(e + 8);
    if (eh < ENTRY_MIN || eh > (uint64_t)(end - e) || pb > (uint64_t)(end - e) - eh) {
      snprintf(err, cap, "entry %u of the fat binary is malformed (header %u bytes, payload %llu)", sum->entries, eh, (unsigned long long)pb);
      goto fail;
    }
    uint16_t kind = u16(e);
    sum->entries++;
    if (kind == KIND_ELF && sum->elf < 16) sum->elf_sm[sum->elf] = u32(e + 0x1c);
    if (kind == KIND_ELF) sum->elf++;
    if (kind == KIND_PTX) {
      sum->ptx++;
      if (*n < max) {
        if (entry_ptx(e, eh, pb, &out[*n], err, cap)) goto fail;
        (*n)++;
      }
    }
    e += eh + pb;
  }
  return 0;
fail:
  for (uint32_t i = 0; i < *n; i++) free(out[i].text);
  *n = 0;
  return -1;
}
