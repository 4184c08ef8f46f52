/* emu/core/check.c -- the checks an access of global memory goes through when they are on:
 * memcheck (aw_set_memcheck: an access outside every allocation, reported or stopped at, as
 * compute-sanitizer does) and the debugger's watchpoints (a store into a watched range).
 * space.c calls them only past one compare each: memcheck off, or a store away from
 * [watch_lo, watch_hi), costs nothing more.
 */
#include "core_int.h"

/* Lane 'lane' of w accesses [addr, addr + size) of mapped global memory
 * outside every allocation.  Stop mode: 1, with the fault's text in why.
 * Report mode: writes where and what (compute-sanitizer's facts: the
 * access, the thread, the nearest allocation and the distance) and 0. */
int emu_memcheck_hit(cta *c, warp *w, uint32_t lane, uint64_t addr, uint32_t size, int is_store, char *why, size_t whycap) {
  aw_device *d = c->d;
  char what[200];
  uint64_t dist = 0;
  int before = 0;
  const emu_alloc *a = emu_nearest_alloc(d, addr, &dist, &before);
  int n = snprintf(what, sizeof what, "memcheck: %u-byte global %s outside every allocation", size, is_store == 2 ? "atomic" : is_store ? "store" : "load");
  if (a && !before && addr < a->addr + a->size)
    snprintf(what + n, sizeof what - (size_t)n, ", running past the end of the %llu-byte allocation at 0x%llx", (unsigned long long)a->size, (unsigned long long)a->addr);
  else if (a)
    snprintf(what + n, sizeof what - (size_t)n, ", %llu bytes %s the %llu-byte allocation at 0x%llx", (unsigned long long)dist,
             before ? "before" : "past the end of", (unsigned long long)a->size, (unsigned long long)a->addr);
  if (d->memcheck == AW_MEMCHECK_STOP) {   /* (resolve asks twice, the second time for the text) */
    if (why) { snprintf(why, whycap, "%s", what); d->memcheck_errors++; }
    return 1;
  }
  d->memcheck_errors++;
  if (d->memcheck_errors <= EMU_MEMCHECK_LINES) {
    aw_fault f;
    emu_where(c, w, w->sp ? w->stack[w->sp - 1].pc : 0, lane, &f);
    snprintf(f.what, sizeof f.what, "%s", what + 10);
    f.has_address = 1;
    f.address = addr;
    char line[1024];
    aw_fault_format(&f, line, sizeof line);
    fprintf(d->memcheck_out ? d->memcheck_out : stderr, "memcheck: %s\n", line + 9);   /* "fault in " dropped: it goes on */
  }
  return 0;
}

void emu_watch_store(cta *c, warp *w, uint32_t lane, uint64_t addr, uint32_t size) {
  aw_device *d = c->d;
  for (uint32_t k = 0; k < d->nwatch; k++) {
    if (addr >= d->whi[k] || addr + size <= d->wlo[k]) continue;
    d->watch_hit = 1;
    d->wlast[k].written = 1;
    d->wlast[k].lane = lane; d->wlast[k].warp = w ? w->id : 0; d->wlast[k].cta = c->cta; d->wlast[k].by = c;
    d->wlast[k].pc = w && w->sp ? w->stack[w->sp - 1].pc : 0;
  }
}
