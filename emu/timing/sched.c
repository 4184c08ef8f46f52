/* emu/timing/sched.c -- warp scheduling policies: the order a scheduler tries its warps in.
 *
 * Each scheduler of an SM owns the warps whose slot % schedulers is its
 * index, kept oldest first (the order their CTAs were dispatched).  Every
 * cycle it tries them in the policy's order and issues the first that can:
 *   lrr        loose round robin: starting after the warp it issued last
 *   gto        greedy then oldest: the warp it issued last, then the oldest
 *   two-level  the active set, at most sched_active_warps of the oldest warps
 *              with no load in flight, in round-robin order (Narasiman et
 *              al., MICRO 2011); warps with loads in flight wait outside it
 */
#include "tm_int.h"

uint32_t tm_sched_order(const tm_gpu *g, const tm_sm *s, uint32_t k, uint32_t *order) {
  const uint32_t *list = &s->list[(size_t)k * s->nslots];
  uint32_t n = s->nlist[k], last = s->last[k], out = 0;
  switch (g->cfg->sched_policy) {
  case TM_SCHED_GTO: {
    int greedy = last != UINT32_MAX && s->warps[last].state == TW_READY && s->warps[last].sched == k;
    if (greedy) order[out++] = last;
    for (uint32_t i = 0; i < n; i++) if (!greedy || list[i] != last) order[out++] = list[i];
    return out;
  }
  case TM_SCHED_TWO_LEVEL: {
    uint32_t active[1024], na = 0, cap = (uint32_t)g->cfg->sched_active_warps;
    for (uint32_t i = 0; i < n && na < cap && na < 1024; i++)
      if (!s->warps[list[i]].pending) active[na++] = list[i];
    uint32_t start = 0;
    for (uint32_t i = 0; i < na; i++) if (active[i] == last) { start = i + 1; break; }
    for (uint32_t i = 0; i < na; i++) order[out++] = active[(start + i) % na];
    return out;
  }
  default: {   /* TM_SCHED_LRR */
    uint32_t start = 0;
    for (uint32_t i = 0; i < n; i++) if (list[i] == last) { start = i + 1; break; }
    for (uint32_t i = 0; i < n; i++) order[out++] = list[(start + i) % n];
    return out;
  }
  }
}
