/* emu/memory.c -- device global memory: allocations in a sparse 64-bit space.
 *
 * Every allocation is its own host buffer; an address is found by binary
 * search over the allocations (kept sorted, since addresses only grow).
 * Accesses outside every allocation are faults, not silent reads.
 */
#include "emu_int.h"

#include <stdlib.h>
#include <string.h>

uint64_t aw_malloc(aw_device *d, uint64_t bytes) {
  if (!bytes || bytes > (1ull << 36)) return 0;
  if (d->nallocs == d->cap_allocs) {
    uint32_t cap = d->cap_allocs ? d->cap_allocs * 2 : 16;
    emu_alloc *a = realloc(d->allocs, cap * sizeof *a);
    if (!a) return 0;
    d->allocs = a;
    d->cap_allocs = cap;
  }
  uint8_t *data = calloc(1, bytes);
  if (!data) return 0;
  emu_alloc *a = &d->allocs[d->nallocs++];
  a->addr = d->next_addr;
  a->size = bytes;
  a->data = data;
  /* a gap after each allocation, so running off its end faults */
  d->next_addr += (bytes + 255) / 256 * 256 + 256;
  return a->addr;
}

emu_alloc *emu_find_alloc(aw_device *d, uint64_t addr, uint64_t size) {
  if (d->alloc_hint < d->nallocs) {   /* most accesses go where the last one went */
    emu_alloc *a = &d->allocs[d->alloc_hint];
    if (addr >= a->addr && addr - a->addr < a->size && size <= a->size - (addr - a->addr)) return a;
  }
  uint32_t lo = 0, hi = d->nallocs;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (d->allocs[mid].addr <= addr) lo = mid + 1; else hi = mid;
  }
  if (!lo) return NULL;
  emu_alloc *a = &d->allocs[lo - 1];
  if (addr - a->addr >= a->size || size > a->size - (addr - a->addr)) return NULL;
  d->alloc_hint = lo - 1;
  return a;
}

aw_status aw_free(aw_device *d, uint64_t addr) {
  for (uint32_t i = 0; i < d->nallocs; i++) {
    if (d->allocs[i].addr != addr) continue;
    tm_device_host_wrote(d, addr, d->allocs[i].size);   /* a later allocation there starts afresh */
    free(d->allocs[i].data);
    memmove(&d->allocs[i], &d->allocs[i + 1], (d->nallocs - i - 1) * sizeof *d->allocs);
    d->nallocs--;
    return AW_OK;
  }
  return AW_ERR_MEMORY;
}

aw_status aw_memcpy_htod(aw_device *d, uint64_t dst, const void *src, size_t n) {
  if (!n) return AW_OK;
  emu_alloc *a = emu_find_alloc(d, dst, n);
  if (!a) return AW_ERR_MEMORY;
  tm_device_host_wrote(d, dst, n);
  memcpy(a->data + (dst - a->addr), src, n);
  return AW_OK;
}

aw_status aw_memcpy_dtoh(aw_device *d, void *dst, uint64_t src, size_t n) {
  if (!n) return AW_OK;
  emu_alloc *a = emu_find_alloc(d, src, n);
  if (!a) return AW_ERR_MEMORY;
  memcpy(dst, a->data + (src - a->addr), n);
  return AW_OK;
}

aw_status aw_memset(aw_device *d, uint64_t dst, int value, size_t n) {
  if (!n) return AW_OK;
  emu_alloc *a = emu_find_alloc(d, dst, n);
  if (!a) return AW_ERR_MEMORY;
  tm_device_host_wrote(d, dst, n);
  memset(a->data + (dst - a->addr), value, n);
  return AW_OK;
}

aw_stats aw_get_stats(const aw_device *d) { return d->stats; }
aw_stats aw_get_total_stats(const aw_device *d) { return d->total; }
