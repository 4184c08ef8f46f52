/* emu/core/memory.c -- device global memory: allocations in a sparse 64-bit space.
 *
 * Laid out as the CUDA allocator does: allocations packed one after another
 * (each rounded up to 256 bytes, then a 256-byte gap) into pages of EMU_PAGE
 * bytes that stay mapped.  Every allocation is its own host buffer, holding
 * its slot (its bytes and the gap after them); the rest of the last page is
 * the tail buffer.  An address is found by binary search over the
 * allocations (kept sorted by address).  Host memory mapped for the device
 * at its own address (aw_map_host: managed and mapped pinned memory) is an
 * allocation too, far above the packed ones.  A kernel's access
 * inside a mapped page reads and writes there, as on a GPU; one outside every
 * mapped page faults.  Mapped, once anything is allocated: the pages of the
 * allocations, the rest of the last one's page (the tail buffer) and the page
 * below the first (the head buffer: on a GPU the CUDA runtime's own
 * allocations lie below a program's first, so a read a little below it runs,
 * as Rodinia's srad_v2 does).  Memcheck (check.c) reports the accesses that
 * miss every allocation.
 */
#include "emu_int.h"

#include <stdlib.h>
#include <string.h>

/* A new entry in the sorted allocation list, for an allocation at addr: NULL when out of memory. */
static emu_alloc *new_alloc(aw_device *d, uint64_t addr) {
  if (d->nallocs == d->cap_allocs) {
    uint32_t cap = d->cap_allocs ? d->cap_allocs * 2 : 16;
    emu_alloc *a = realloc(d->allocs, cap * sizeof *a);
    if (!a) return NULL;
    d->allocs = a;
    d->cap_allocs = cap;
  }
  uint32_t i = d->nallocs;
  while (i && d->allocs[i - 1].addr > addr) i--;   /* mapped host memory lies above the packed allocations */
  memmove(&d->allocs[i + 1], &d->allocs[i], (d->nallocs - i) * sizeof *d->allocs);
  d->nallocs++;
  memset(&d->allocs[i], 0, sizeof d->allocs[i]);
  d->allocs[i].addr = addr;
  return &d->allocs[i];
}

uint64_t aw_malloc(aw_device *d, uint64_t bytes) {
  if (!bytes || bytes > (1ull << 36)) return 0;
  uint64_t slot = (bytes + 255) / 256 * 256 + 256;
  uint8_t *data = calloc(1, slot);
  if (!data) return 0;
  emu_alloc *a = new_alloc(d, d->next_addr);
  if (!a) { free(data); return 0; }
  a->size = bytes;
  a->slot = slot;
  a->data = data;
  d->next_addr += slot;
  uint64_t base = (d->next_addr - 1) / EMU_PAGE * EMU_PAGE;   /* the page the tail is in */
  if (base != d->tail_base) {
    d->tail_base = base;
    if (d->tail) memset(d->tail, 0, EMU_PAGE);   /* a page not mapped before: nothing stored there yet */
  }
  return a->addr;
}

uint64_t aw_map_host(aw_device *d, void *host, uint64_t bytes) {
  uint64_t addr = (uint64_t)(uintptr_t)host, slot = (bytes + 255) / 256 * 256 + 256;
  if (!bytes || bytes > (1ull << 36) || addr < d->next_addr + EMU_PAGE || addr + slot > GENERIC_LOCAL_BASE) return 0;
  for (uint32_t i = 0; i < d->nallocs; i++)   /* it must not overlap another */
    if (addr < d->allocs[i].addr + d->allocs[i].slot && d->allocs[i].addr < addr + slot) return 0;
  emu_alloc *a = new_alloc(d, addr);
  if (!a) return 0;
  a->size = bytes;
  a->slot = slot;
  a->data = host;
  a->borrowed = 1;
  return addr;
}

/* The allocation whose slot starts at or below addr, or NULL. */
static emu_alloc *slot_below(const aw_device *d, uint64_t addr) {
  uint32_t lo = 0, hi = d->nallocs;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (d->allocs[mid].addr <= addr) lo = mid + 1; else hi = mid;
  }
  return lo ? &d->allocs[lo - 1] : NULL;
}

uint8_t *emu_mapped(aw_device *d, uint64_t addr, uint64_t size) {
  emu_alloc *a = slot_below(d, addr);
  if (a && addr - a->addr < a->slot && size <= a->slot - (addr - a->addr)) return a->data + (addr - a->addr);
  /* the page below the first allocation's: mapped, nothing allocated there */
  if (d->nallocs && addr >= GLOBAL_BASE - EMU_PAGE && addr < GLOBAL_BASE && size <= GLOBAL_BASE - addr) {
    if (!d->head && !(d->head = calloc(1, EMU_PAGE))) return NULL;
    return d->head + (addr - (GLOBAL_BASE - EMU_PAGE));
  }
  /* the rest of the last allocation's page: mapped, nothing allocated there yet */
  if (!d->nallocs || addr < d->next_addr || addr >= d->tail_base + EMU_PAGE || size > d->tail_base + EMU_PAGE - addr) return NULL;
  if (!d->tail && !(d->tail = calloc(1, EMU_PAGE))) return NULL;
  return d->tail + (addr - d->tail_base);
}

const emu_alloc *emu_nearest_alloc(const aw_device *d, uint64_t addr, uint64_t *dist, int *before) {
  const emu_alloc *a = slot_below(d, addr), *b = a ? a + 1 : d->nallocs ? &d->allocs[0] : NULL;
  if (b && b >= d->allocs + d->nallocs) b = NULL;
  uint64_t da = a ? addr - (a->addr + a->size) : UINT64_MAX, db = b ? b->addr - addr : UINT64_MAX;
  if (a && addr < a->addr + a->size) da = 0;   /* inside (the caller asked about a range that runs past it) */
  if (!a && !b) return NULL;
  *before = db < da;
  *dist = db < da ? db : da;
  return db < da ? b : a;
}

emu_alloc *emu_find_alloc(aw_device *d, uint64_t addr, uint64_t size) {
  if (d->alloc_hint < d->nallocs) {   /* most accesses go where the last one went */
    emu_alloc *a = &d->allocs[d->alloc_hint];
    if (addr >= a->addr && addr - a->addr < a->size && size <= a->size - (addr - a->addr)) return a;
  }
  emu_alloc *a = slot_below(d, addr);
  if (!a || addr - a->addr >= a->size || size > a->size - (addr - a->addr)) return NULL;
  d->alloc_hint = (uint32_t)(a - d->allocs);
  return a;
}

/* Marks the pages of allocation a that [dst, dst + n) touches as written by the host.  (Out of
 * memory for the bitmap: they stay unmarked, which only means their data is taken as uncompressed.) */
static void host_wrote(emu_alloc *a, uint64_t dst, uint64_t n) {
  if (!a->host_pages && !(a->host_pages = calloc((size_t)((a->slot + EMU_HOST_PAGE - 1) / EMU_HOST_PAGE + 7) / 8, 1))) return;
  for (uint64_t p = (dst - a->addr) / EMU_HOST_PAGE; p <= (dst + n - 1 - a->addr) / EMU_HOST_PAGE; p++) a->host_pages[p / 8] |= (uint8_t)(1u << (p % 8));
}

int emu_host_written(aw_device *d, uint64_t addr) {
  emu_alloc *a = slot_below(d, addr);
  if (!a || addr - a->addr >= a->slot) return 0;
  if (a->borrowed) return 1;
  uint64_t p = (addr - a->addr) / EMU_HOST_PAGE;
  return a->host_pages && (a->host_pages[p / 8] >> (p % 8) & 1);
}

aw_status aw_free(aw_device *d, uint64_t addr) {
  for (uint32_t i = 0; i < d->nallocs; i++) {
    if (d->allocs[i].addr != addr) continue;
    if (d->timing_ops) d->timing_ops->host_wrote(d, addr, d->allocs[i].size);   /* a later allocation there starts afresh */
    if (!d->allocs[i].borrowed) free(d->allocs[i].data);
    free(d->allocs[i].host_pages);
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
  if (d->timing_ops) d->timing_ops->host_wrote(d, dst, n);
  host_wrote(a, dst, n);
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
  if (d->timing_ops) d->timing_ops->host_wrote(d, dst, n);
  host_wrote(a, dst, n);
  memset(a->data + (dst - a->addr), value, n);
  return AW_OK;
}

aw_stats aw_get_stats(const aw_device *d) { return d->stats; }
aw_stats aw_get_total_stats(const aw_device *d) { return d->total; }
