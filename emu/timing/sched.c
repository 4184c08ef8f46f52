/* emu/timing/sched.c -- warp scheduling policies: the order a scheduler tries its warps in.
 *
 * Each scheduler of an SM owns the warps whose slot % schedulers is its
 * index, kept oldest first (the order their CTAs were dispatched).  Every
 * cycle it tries them in the policy's order and issues the first that can:
 *   lrr        loose round robin: starting after the warp it issued last
 *   gto        greedy then oldest: the warp it issued last, then the oldest
 *   two-level  the active set, at most sched_active_warps of the oldest warps
 *              with no load in flight, in round-robin order (Narasiman et
 *              al., MICRO 2011); warps with loads in flight wait outside it,
 *              as do finished warps, warps at a barrier and sleeping warps
 *              (nanosleep); warps spinning at an mbarrier wait get in only
 *              where no other warp can
 */
#include "tm_int.h"

#include <string.h>

static int has(const uint64_t *map, uint32_t i) { return (int)(map[i >> 6] >> (i & 63) & 1); }

void tm_sched_begin(const tm_gpu *g, tm_sm *s, uint32_t k) {
  uint32_t nw = s->words, n = s->nlist[k];
  if (g->cfg->sched_policy != TM_SCHED_TWO_LEVEL) {   /* all (the bitmaps have no bits past the list's end) */
    for (uint32_t w = 0; w < nw; w++) s->considered[w] = ~0ull;
    s->considered_all = 1;
    return;
  }
  /* two-level: the oldest sched_active_warps of its warps that can go on: no load in flight,
   * not finished (their slots stay until the CTA ends), not at a barrier (the warps it waits
   * for may be younger), not waiting for an assist warp, not asleep (a warp that polls a
   * barrier and backs off with nanosleep lets the warp the barrier waits for in).  Warps
   * spinning at an mbarrier wait (it failed, and no mbarrier object of their CTA changed
   * since) come after the others: the warp they wait for may be younger, and a spin is no
   * long-latency operation that would take them out */
  const uint32_t *list = &s->list[(size_t)k * s->nslots];
  uint32_t na = 0, cap = (uint32_t)g->cfg->sched_active_warps;
  int spinners = 0;   /* the first pass passed over some: the second takes them, oldest first, while there is room */
  memset(s->considered, 0, nw * sizeof *s->considered);
  for (int spin = 0; spin <= spinners && na < cap; spin++)
    for (uint32_t i = 0; i < n && na < cap; i++) {
      const tm_warp *tw = &s->warps[list[i]];
      if (tw->state != TW_READY || tw->pending || tw->sleep_until > s->cycle) continue;
      if (emu_spinning(tw->tc->c, tw->w) != spin) { spinners |= !spin; continue; }
      s->considered[i >> 6] |= 1ull << (i & 63);
      na++;
    }
}

/* The lowest set place at or above 'from' in m, or UINT32_MAX. */
static uint32_t first_from(const uint64_t *m, uint32_t words, uint32_t from) {
  for (uint32_t w = from >> 6; w < words; w++) {
    uint64_t x = m[w];
    if (w == from >> 6) x &= ~0ull << (from & 63);
    if (x) return w * 64 + (uint32_t)__builtin_ctzll(x);
  }
  return UINT32_MAX;
}

int tm_sched_next(const tm_gpu *g, const tm_sm *s, uint32_t k, uint64_t *cands, uint32_t *slot) {
  uint32_t last = s->sched[k].last, lp = last != UINT32_MAX ? s->pos[last] : UINT32_MAX, p;
  if (g->cfg->sched_policy == TM_SCHED_GTO) {
    /* greedy: the warp it issued last, then the oldest */
    p = lp != UINT32_MAX && has(cands, lp) ? lp : first_from(cands, s->words, 0);
  } else {
    /* round robin: the next after the warp it issued last (if that one is
     * still considered: two-level's may have left the active set), wrapping */
    p = UINT32_MAX;
    if (lp != UINT32_MAX && has(s->considered, lp)) p = first_from(cands, s->words, lp + 1);
    if (p == UINT32_MAX) p = first_from(cands, s->words, 0);
  }
  if (p == UINT32_MAX) return 0;
  cands[p >> 6] &= ~(1ull << (p & 63));
  *slot = s->list[(size_t)k * s->nslots + p];
  return 1;
}
