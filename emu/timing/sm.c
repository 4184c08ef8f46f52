/* emu/timing/sm.c -- one SM: warp slots, scoreboard, schedulers, pipelines, LD/ST unit and L1.
 *
 * See tm_int.h for what one cycle does.  The stall category of a scheduler's
 * cycle in which nothing issued (CABA Fig. 2): memory stall when some warp's
 * next instruction was ready but the LD/ST unit was busy; compute stall when
 * it was ready but every pipeline of its unit (ALU, SFU, DP) was busy; data
 * dependence when warps had instructions but waited on the scoreboard (a
 * register still being computed or loaded; or a nanosleep); idle when no warp had an
 * instruction (no warps, all finished or at a barrier).
 */
#include "awc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LOCAL_TM_BASE 0x00007c0000000000ull   /* where local memory lives in the timing model's address space */

static void set_bit(uint64_t *map, uint32_t i, int on) {
  if (on) map[i >> 6] |= 1ull << (i & 63);
  else map[i >> 6] &= ~(1ull << (i & 63));
}
/* Scheduler k's bitmap in a per-scheduler array of them. */
static uint64_t *of(const tm_sm *s, uint64_t *maps, uint32_t k) { return maps + (size_t)k * s->words; }

/* Warp tw's state, next_issue or wait_load changed: updates what the
 * schedulers look at (a finite try_at waits in 'soon' until its scheduler
 * looks, and moves to 'cand' when it has come). */
static void changed(tm_sm *s, const tm_warp *tw) {
  int ready = tw->state == TW_READY;
  int64_t at = ready && !tw->wait_load ? tw->next_issue : TM_NEVER;
  s->try_at[tw->slot] = at;
  uint32_t p = s->pos[tw->slot], k = tw->sched;
  s->sched[k].quiet_until = 0;   /* its scheduler looks again */
  if (p == UINT32_MAX) return;   /* in no list (an empty slot) */
  int now = at <= s->cycle + 1;   /* (most often: it issued and may issue again next cycle) */
  set_bit(of(s, s->cand, k), p, at != TM_NEVER && now);
  set_bit(of(s, s->soon, k), p, at != TM_NEVER && !now);
  if (at != TM_NEVER && !now && at < s->sched[k].soon_min) s->sched[k].soon_min = at;
  set_bit(of(s, s->waiting, k), p, ready);
  if (!ready) set_bit(of(s, s->ldst_wait, k), p, 0);
}

/* Takes place p out of a bitmap: the places above it move down by one. */
static void drop_place(uint64_t *m, uint32_t words, uint32_t p) {
  uint32_t w = p >> 6;
  uint64_t low = (1ull << (p & 63)) - 1;
  m[w] = (m[w] & low) | ((m[w] >> 1) & ~low);
  for (; w + 1 < words; w++) {
    m[w] |= (m[w + 1] & 1) << 63;
    m[w + 1] >>= 1;
  }
}

static uint32_t l1_line_bytes(void *ctx, uint64_t line_addr, uint32_t valid);
/* Design caba with CABA 7.6's Direct Load. */
static int direct_load(const tm_gpu *g) { return g->z.design.decompress == TM_BY_ASSIST && g->cfg->awc_direct_load; }

int tm_sm_init(tm_gpu *g, tm_sm *s, int id) {
  const tm_config *c = g->cfg;
  memset(s, 0, sizeof *s);
  s->id = id;
  s->g = g;
  s->nslots = (uint32_t)c->sm_max_warps;
  s->nsched = (uint32_t)c->sm_schedulers;
  s->warps = calloc(s->nslots, sizeof *s->warps);
  s->try_at = malloc(s->nslots * sizeof *s->try_at);
  s->pos = malloc(s->nslots * sizeof *s->pos);
  s->words = (s->nslots + 63) / 64;
  size_t maps = (size_t)s->nsched * s->words;
  /* the bitmaps in one block (cand owns it), which a cycle reads together */
  s->cand = calloc(4 * maps + 2 * s->words, sizeof(uint64_t));
  if (s->cand) {
    s->soon = s->cand + maps;
    s->waiting = s->soon + maps;
    s->ldst_wait = s->waiting + maps;
    s->considered = s->ldst_wait + maps;
    s->cands = s->considered + s->words;
  }
  s->ctas = calloc((size_t)c->sm_max_ctas, sizeof *s->ctas);
  s->list = malloc((size_t)s->nsched * s->nslots * sizeof *s->list);
  s->nlist = calloc(s->nsched, sizeof *s->nlist);
  s->acc_cap = 64;
  s->acc = malloc(s->acc_cap * sizeof *s->acc);
  if (!s->warps || !s->try_at || !s->pos || !s->cand || !s->ctas || !s->list || !s->nlist || !s->acc) return -1;
  for (uint32_t k = 0; k < s->nsched; k++) { s->sched[k].last = UINT32_MAX; s->sched[k].soon_min = TM_NEVER; }
  s->scanning = UINT32_MAX;
  s->ldst_cycle = -1;
  for (uint32_t i = 0; i < s->nslots; i++) {
    tm_warp *tw = &s->warps[i];
    tw->slot = i;
    tw->sched = i % s->nsched;
    s->pos[i] = UINT32_MAX;
    changed(s, tw);   /* (its reg_ready comes with its first warp) */
  }
  s->units[U_ALU] = s->units[U_MUL] = (uint32_t)c->alu_units;
  s->units[U_SFU] = (uint32_t)c->sfu_units;
  s->units[U_TENSOR] = (uint32_t)c->tensor_units;
  s->units[U_DP] = (uint32_t)c->dp_units;
  s->units[U_LDST] = (uint32_t)c->ldst_units;
  s->units[U_CTRL] = s->units[U_SYNC] = 1;
  for (int u = 0; u < U_COUNT; u++) {
    s->unit_free[u] = calloc(s->units[u], sizeof(int64_t));
    if (!s->unit_free[u]) return -1;
  }
  /* ALU and MUL share the ALU pipelines */
  free(s->unit_free[U_MUL]);
  s->unit_free[U_MUL] = s->unit_free[U_ALU];
  if ((tm_design_assist(tm_design_of(c)) || g->m->pc_trig || g->m->has_miss) && !(s->awc = tm_awc_new(g, s))) return -1;
  s->has_l1 = c->l1_bytes > 0;
  if (s->has_l1 && cache_init(&s->l1, (uint64_t)c->l1_bytes, (uint32_t)c->l1_ways, (uint32_t)c->l1_line_bytes,
                              (uint32_t)c->l1_sector_bytes, (uint32_t)c->l1_mshrs, (uint32_t)c->l1_mshr_merge)) return -1;
  if (s->has_l1 && c->l1_tags > 1 && cache_set_compressed(&s->l1, (uint32_t)c->l1_tags, l1_line_bytes, s)) return -1;
  return 0;
}

/* The compression blocks (L2 sectors) that L1 sectors 'valid' of a line cover. */
static uint32_t l1_blocks(const tm_gpu *g, const tm_sm *s, uint32_t valid) {
  uint32_t unit = g->z.unit, sb = s->l1.sector_bytes, blocks = 0;
  for (uint32_t i = 0; i < 32; i++)
    if (valid >> i & 1)
      for (uint32_t b = i * sb / unit; b <= ((i + 1) * sb - 1) / unit; b++) blocks |= 1u << b;
  return blocks;
}

/* A compressed L1 (l1_tags > 1): the bytes its valid sectors' blocks take as the design stores them. */
static uint32_t l1_line_bytes(void *ctx, uint64_t line_addr, uint32_t valid) {
  tm_sm *s = ctx;
  return tm_stored_bytes(s->g, line_addr, l1_blocks(s->g, s, valid), NULL);
}

void tm_sm_reset(tm_sm *s) {
  tm_gpu *g = s->g;
  for (uint32_t i = 0; i < s->nslots; i++) {
    tm_warp *tw = &s->warps[i];
    tw->state = TW_EMPTY;
    tw->w = NULL;
    tw->tc = NULL;
    tw->pending = 0;
    tw->cp_seq = 0;
    memset(tw->cp_out, 0, sizeof tw->cp_out);
    changed(s, tw);
  }
  for (int64_t i = 0; i < g->cfg->sm_max_ctas; i++) {   /* the CTA objects stay, to be bound to the next launch */
    cta *c = s->ctas[i].c;
    memset(&s->ctas[i], 0, sizeof s->ctas[i]);
    s->ctas[i].c = c;
  }
  s->threads = s->nwarps = s->nctas = s->regs = s->shared = 0;
  for (int u = 0; u < U_COUNT; u++) if (u != U_MUL) memset(s->unit_free[u], 0, s->units[u] * sizeof(int64_t));
  memset(s->sched, 0, sizeof s->sched);
  for (uint32_t k = 0; k < s->nsched; k++) { s->sched[k].last = UINT32_MAX; s->nlist[k] = 0; s->sched[k].soon_min = TM_NEVER; }
  size_t maps = (size_t)s->nsched * s->words * sizeof(uint64_t);
  memset(s->cand, 0, maps);
  s->considered_all = 0;
  memset(s->soon, 0, maps);
  memset(s->waiting, 0, maps);
  memset(s->ldst_wait, 0, maps);
  for (uint32_t i = 0; i < s->nslots; i++) s->pos[i] = UINT32_MAX;
  s->nacc = s->acc_head = 0;
  s->acc_load = NULL;
  s->ldst_busy_until = 0;
  s->ldst_cycle = -1;
  s->ldst_retry = 0;
  s->l1_stalled = 0;
  if (s->has_l1) cache_reset(&s->l1);
  if (s->awc) tm_awc_reset(s->awc);
  s->alu_busy = 0;
  s->last_issue = 0;
  s->cycle = 0;
  s->wake = 0;
  s->asleep = 0;
  memset(s->issue, 0, sizeof s->issue);
  s->resident_warp_cycles = 0;
}

void tm_sm_free(tm_sm *s) {
  tm_awc_free(s->awc);
  if (s->warps) for (uint32_t i = 0; i < s->nslots; i++) free(s->warps[i].reg_ready);
  free(s->warps);
  free(s->try_at);
  free(s->pos);
  free(s->cand);   /* (and the other bitmaps) */
  if (s->ctas && s->g) for (int64_t i = 0; i < s->g->cfg->sm_max_ctas; i++) if (s->ctas[i].c) emu_cta_free(s->ctas[i].c);
  free(s->ctas);
  free(s->list);
  free(s->nlist);
  free(s->acc);
  if (s->unit_free[U_MUL] == s->unit_free[U_ALU]) s->unit_free[U_MUL] = NULL;
  for (int u = 0; u < U_COUNT; u++) free(s->unit_free[u]);
  if (s->has_l1) cache_free(&s->l1);
  memset(s, 0, sizeof *s);
}

/* ---- CTAs ---- */

int tm_sm_start_cta(tm_gpu *g, tm_sm *s, tm_cta *tc, aw_dim3 id) {
  s->poked = 1;
  if (tc->c && tc->launch != g->launch) {   /* made for an earlier launch of the module */
    if (emu_cta_rebind(tc->c, g->kernel, g->grid, g->block, g->dyn_shared, g->params, g->param_bytes, g->fault)) {
      emu_cta_free(tc->c);
      tc->c = NULL;
    }
  }
  tc->launch = g->launch;
  if (!tc->c) {
    tc->c = emu_cta_new(g->d, g->m, g->kernel, g->grid, g->block, g->dyn_shared, g->params, g->param_bytes, g->fault);
    if (!tc->c) { tm_fail(g, "out of host memory for a CTA"); return -1; }
  }
  if (emu_cta_start(tc->c, id) != 0) { g->failed = 1; return -1; }
  tm_sm_place(g, s, tc->c);
  /* the CTA's warps take the lowest free slots */
  uint32_t need = tc->c->nwarps, got = 0;
  tc->nwarps = need;
  tc->done_warps = 0;
  tc->live = 1;
  for (uint32_t i = 0; i < s->nslots && got < need; i++) {
    tm_warp *tw = &s->warps[i];
    if (tw->state != TW_EMPTY) continue;
    if (!got) tc->first_slot = i;
    tw->w = &tc->c->warps[got++];
    tw->tc = tc;
    tw->state = TW_READY;
    tw->next_issue = s->cycle;
    tw->in = NULL;
    tw->wait_load = 0;
    tw->sleep_until = 0;
    tw->pending = 0;
    tw->cp_seq = 0;
    memset(tw->cp_out, 0, sizeof tw->cp_out);
    changed(s, tw);
    tw->func = g->m->kernels[g->kernel];
    if (!tw->reg_ready && !(tw->reg_ready = malloc((g->max_slots ? g->max_slots : 1) * sizeof *tw->reg_ready))) {
      tm_fail(g, "out of host memory for a warp's scoreboard");
      return -1;
    }
    memset(tw->reg_ready, 0, g->max_slots * sizeof *tw->reg_ready);
    tw->all_ready = 0;
    /* joins its scheduler's list at the end: the youngest */
    s->pos[i] = s->nlist[tw->sched]++;
    s->list[(size_t)tw->sched * s->nslots + s->pos[i]] = i;
    changed(s, tw);
  }
  s->nwarps += need;
  s->threads += g->cta_threads;
  s->nctas++;
  s->regs += g->cta_regs;
  s->shared += g->cta_shared;
  return 0;
}

/* A warp leaves its slot (its CTA finished). */
static void free_slot(tm_sm *s, tm_warp *tw) {
  uint32_t k = tw->sched, p = s->pos[tw->slot];
  uint32_t *list = &s->list[(size_t)k * s->nslots];
  uint32_t n = s->nlist[k];
  memmove(&list[p], &list[p + 1], (n - p - 1) * sizeof *list);
  for (uint32_t q = p; q + 1 < n; q++) s->pos[list[q]] = q;
  s->nlist[k]--;
  drop_place(of(s, s->cand, k), s->words, p);
  drop_place(of(s, s->soon, k), s->words, p);
  drop_place(of(s, s->waiting, k), s->words, p);
  drop_place(of(s, s->ldst_wait, k), s->words, p);
  if (k == s->scanning) {   /* the scheduler looking at its warps now goes on with the others */
    drop_place(s->considered, s->words, p);
    s->considered_all = 0;
    drop_place(s->cands, s->words, p);
  }
  s->pos[tw->slot] = UINT32_MAX;
  if (s->sched[k].last == tw->slot) s->sched[k].last = UINT32_MAX;
  tw->state = TW_EMPTY;
  tw->w = NULL;
  tw->tc = NULL;
  changed(s, tw);
}

static void retire_cta(tm_gpu *g, tm_sm *s, tm_cta *tc, tm_time t);

/* Warp tw has finished and has nothing in flight: counts it, and retires its
 * CTA when it was the last, unless assist warps its triggers started still
 * run (they use its shared memory): then the CTA keeps its resources until
 * the last of them ends (tm_sm_assist_ended). */
static void warp_finished(tm_gpu *g, tm_sm *s, tm_warp *tw, tm_time t) {
  tm_cta *tc = tw->tc;
  if (++tc->done_warps < tc->nwarps) return;
  if (s->awc && tm_awc_of_cta(s->awc, tc->c, tc->c->serial)) { tc->draining = 1; return; }
  retire_cta(g, s, tc, t);
}

void tm_sm_assist_ended(tm_gpu *g, tm_sm *s, const cta *c, uint64_t serial, tm_time t) {
  for (uint32_t i = 0; i < (uint32_t)g->cfg->sm_max_ctas; i++) {
    tm_cta *tc = &s->ctas[i];
    if (!tc->live || !tc->draining || tc->c != c || c->serial != serial) continue;
    if (!tm_awc_of_cta(s->awc, c, serial)) retire_cta(g, s, tc, t);
    return;
  }
}

static void retire_cta(tm_gpu *g, tm_sm *s, tm_cta *tc, tm_time t) {
  tc->draining = 0;
  for (uint32_t i = 0; i < s->nslots; i++) if (s->warps[i].tc == tc) free_slot(s, &s->warps[i]);
  tc->live = 0;
  s->nwarps -= tc->nwarps;
  s->threads -= g->cta_threads;
  s->nctas--;
  s->regs -= g->cta_regs;
  s->shared -= g->cta_shared;
  tm_cta_done(g, s, tc, t);
}

/* ---- the scoreboard ---- */

/* Whether warp tw's cp.async groups let the instruction r waits for go
 * (PTX ISA, "cp.async.wait_group"): wait_group N, when at most its N newest
 * committed groups are in flight; wait_all (and cp.async.mbarrier.arrive,
 * which the model holds until the copies it follows have landed), when none
 * is, the open one included; commit_group, when the group slot it opens is
 * free.  The groups are the warp's: lanes that commit or wait apart (after a
 * divergent branch) are taken as one. */
static int groups_ready(const tm_warp *tw, const tm_regs *r) {
  uint32_t q = tw->cp_seq;
  switch (r->wait) {
  case TM_WAIT_COMMIT: return tw->cp_out[(q + 1) % TM_CP_GROUPS] == 0;
  case TM_WAIT_GROUP:
    for (uint32_t i = r->wait_n + 1u; i < TM_CP_GROUPS; i++) if (tw->cp_out[(q - i) % TM_CP_GROUPS]) return 0;
    return 1;
  default:
    for (uint32_t i = 0; i < TM_CP_GROUPS; i++) if (tw->cp_out[i]) return 0;
    return 1;
  }
}

/* Asks the host's caches for what warp tw's next look and issue read: its
 * functional state, and the registers r names (when not NULL) with their
 * scoreboard entries.  A hint for speed, nothing more: hundreds of warps take
 * turns cycle by cycle, and without it most of what a warp's instruction
 * touches has left the caches since its last one. */
static void warm(const tm_warp *tw, const tm_regs *r) {
  if (!r) { emu_prefetch(tw->w, NULL, 0, NULL, 0); return; }
  emu_prefetch(tw->w, r->src, r->nsrc, r->dst, r->ndst);
  for (uint32_t i = 0; i < r->nsrc; i++) __builtin_prefetch(&tw->reg_ready[r->src[i]], 0);
  for (uint32_t i = 0; i < r->ndst; i++) __builtin_prefetch(&tw->reg_ready[r->dst[i]], 1);
}

static void set_ready(tm_warp *tw, const tm_regs *r, int64_t cycle) {
  for (uint32_t i = 0; i < r->ndst; i++) tw->reg_ready[r->dst[i]] = cycle;
  if (cycle != TM_NEVER && cycle > tw->all_ready) tw->all_ready = cycle;
}

/* A load's last request is back (or it needed none): its registers are ready at l->ready. */
void tm_load_complete(tm_gpu *g, tm_sm *s, tm_load *l, tm_time t) {
  if (l->detached) { tm_load_free(g, l); return; }
  if (l->aw || l->merge || l->direct) {   /* the controller's: an assist warp's, a partial store's block, a Direct Load's */
    int64_t ready = l->ready;
    tm_awc_load_done(s->awc, l);
    tm_sm_wake(g, s, ready);
    return;
  }
  tm_warp *tw = l->tw;
  set_ready(tw, &g->regs[l->pc], l->ready);
  if (l->global) {
    g->st->loads++;
    g->st->load_latency += (uint64_t)(l->ready - l->issued);
  }
  if (l->cp_group) tw->cp_out[l->cp_group - 1]--;
  tw->pending--;
  tw->wait_load = 0;
  changed(s, tw);
  warm(tw, tw->in ? &g->regs[tw->in - g->m->code] : NULL);   /* it may issue soon */
  tm_load_free(g, l);
  if (!tw->pending && tw->state == TW_DONE) warp_finished(g, s, tw, t);
}

void tm_sm_resume(tm_sm *s, tm_warp *tw, const emu_pc_bind *b, const int64_t *out_ready, int64_t n) {
  if (out_ready)
    for (uint32_t i = 0; i < b->nout; i++) {
      tw->reg_ready[b->parent_out[i]] = out_ready[i];
      if (out_ready[i] > tw->all_ready) tw->all_ready = out_ready[i];
    }
  tw->state = TW_READY;
  tw->next_issue = n + 1;
  tw->in = NULL;   /* a 'skip' may have moved it */
  changed(s, tw);
}

void tm_sm_describe(const tm_gpu *g, const tm_sm *s, const tm_warp *tw, char *buf, size_t cap) {
  int64_t n = g->cycle;
  if (tw->state == TW_BARRIER) { snprintf(buf, cap, "at a barrier"); return; }
  if (tw->state == TW_ASSIST) { snprintf(buf, cap, "waits for its assist warp"); return; }
  if (tw->state == TW_DONE) { snprintf(buf, cap, tw->pending ? "finished, loads in flight" : "finished"); return; }
  const warp *w = tw->w;
  if (!w->sp) { snprintf(buf, cap, "finished"); return; }
  uint32_t pc = w->stack[w->sp - 1].pc;
  if (pc >= g->m->ncode) { snprintf(buf, cap, "ready"); return; }
  if (tw->sleep_until > n) { snprintf(buf, cap, "asleep (nanosleep) until cycle %lld", (long long)tw->sleep_until); return; }
  const tm_regs *r = &g->regs[pc];
  for (uint32_t i = 0; i < r->nsrc + r->ndst; i++) {
    uint32_t slot = i < r->nsrc ? r->src[i] : r->dst[i - r->nsrc];
    int64_t t = tw->reg_ready[slot];
    if (t != TM_NEVER && t <= n) continue;
    char name[80];
    if (emu_reg_name(g->m, g->m->code[pc].func, slot, name, sizeof name)) snprintf(name, sizeof name, "register slot %u", slot);
    if (t == TM_NEVER) snprintf(buf, cap, "waits for a load (%s)", name);
    else snprintf(buf, cap, "waits for %s until cycle %lld", name, (long long)t);
    return;
  }
  if (r->unit == U_LDST && (s->acc_head < s->nacc || s->ldst_busy_until > n)) { snprintf(buf, cap, "ready; the LD/ST unit is busy"); return; }
  snprintf(buf, cap, "ready");
}

/* ---- the LD/ST unit ---- */

static int add_access(tm_sm *s, uint64_t addr, uint32_t bytes, uint32_t sectors, int kind, int local) {
  if (s->nacc == s->acc_cap) {
    tm_access *a = realloc(s->acc, 2 * s->acc_cap * sizeof *a);
    if (!a) return -1;
    s->acc = a;
    s->acc_cap *= 2;
  }
  tm_access *a = &s->acc[s->nacc++];
  a->addr = addr; a->bytes = bytes; a->sectors = sectors; a->kind = (uint8_t)kind; a->local = (uint8_t)local;
  a->cover[0] = a->cover[1] = 0;
  return 0;
}

/* Sets bits [b, e) (clipped to 128) of a line's byte map. */
static inline void cover_bytes(uint64_t cover[2], uint64_t b, uint64_t e) {
  if (e > 128) e = 128;
  for (uint64_t w = 0; w < 2; w++) {
    uint64_t lo = b > 64 * w ? b : 64 * w, hi = e < 64 * w + 64 ? e : 64 * w + 64;
    if (lo < hi) cover[w] |= (hi - lo == 64 ? ~0ull : ((1ull << (hi - lo)) - 1)) << (lo - 64 * w);
  }
}

/* Coalesces the global and local lanes of a memory instruction into one
 * access per line touched, in the order of the lanes that first touch each. */
static inline __attribute__((always_inline)) int coalesce(tm_gpu *g, tm_sm *s, tm_warp *tw, const emu_issue *is, int kind) {
  const tm_config *c = g->cfg;
  uint64_t lb = (uint64_t)c->coalesce_bytes;
  int cover = kind == REQ_WR && g->z.design.compress == TM_BY_ASSIST;   /* whole_block asks, of the stores assist warps may compress only */
  s->nacc = s->acc_head = 0;
  if (is->active == 0xffffffffu && is->spaces == 1u << ISA_SP_GLOBAL && is->bytes && (!s->has_l1 || lb <= s->l1.line_bytes)) {
    /* the common case: every lane, global, each lane's bytes right after the
     * previous lane's: the lines of one range, each with the bytes it holds */
    uint64_t a0 = is->addr[0], step = is->bytes;
    uint64_t off = 0, want = a0;   /* (no early exit and no multiply: the loop vectorizes) */
    for (int l = 0; l < WARP; l++, want += step) off |= is->addr[l] ^ want;
    if (!off) {
      uint64_t end = a0 + WARP * step;
      for (uint64_t line = a0 & ~(lb - 1); line < end; line += lb) {
        uint64_t lo = line > a0 ? line : a0, hi = line + lb < end ? line + lb : end;
        if (add_access(s, line, (uint32_t)(hi - lo), s->has_l1 ? cache_sectors(&s->l1, lo, (uint32_t)(hi - lo)) : 1, kind, 0)) return -1;
        if (cover) cover_bytes(s->acc[s->nacc - 1].cover, lo - line, hi - line);
      }
      return 0;
    }
  }
  for (uint32_t m = is->active; m; m &= m - 1) {   /* the active lanes, lowest first */
    int l = __builtin_ctz(m);
    uint64_t a = is->addr[l];
    if (is->space[l] == ISA_SP_LOCAL) {
      /* local memory interleaved by words across the grid's threads, as CUDA lays it out */
      uint64_t tid = (uint64_t)tw->w->id * WARP + (uint64_t)l;
      uint64_t cta_lin = ((uint64_t)tw->tc->c->cta.z * g->grid.y + tw->tc->c->cta.y) * g->grid.x + tw->tc->c->cta.x;
      uint64_t gtid = cta_lin * g->cta_warps * WARP + tid;
      uint64_t nth = g->total_ctas * g->cta_warps * WARP;
      a = LOCAL_TM_BASE + ((a >> 2) * nth + gtid) * 4 + (a & 3);
    } else if (is->space[l] != ISA_SP_GLOBAL) continue;
    uint64_t line = a & ~(lb - 1);   /* (a power of two: tm_config_check) */
    uint32_t sectors = s->has_l1 ? cache_sectors(&s->l1, a, is->bytes) : 1;
    uint32_t k;
    for (k = 0; k < s->nacc; k++) if (s->acc[k].addr == line) break;
    if (k == s->nacc) { if (add_access(s, line, 0, 0, kind, is->space[l] == ISA_SP_LOCAL)) return -1; }
    s->acc[k].bytes += is->bytes;
    s->acc[k].sectors |= sectors;
    if (cover) cover_bytes(s->acc[k].cover, a - line, a - line + is->bytes);
  }
  for (uint32_t k = 0; k < s->nacc; k++) if (s->acc[k].bytes > lb) s->acc[k].bytes = (uint32_t)lb;
  return 0;
}

/* Shared memory: the cycles a warp's access takes, the most distinct words
 * any one bank must deliver (lanes reading the same word share it). */
static uint32_t bank_conflicts(const tm_config *c, const emu_issue *is) {
  uint32_t banks = (uint32_t)c->smem_banks, bw = (uint32_t)c->smem_bank_bytes;
  uint64_t words[WARP * 4];
  uint32_t nw = 0;
  for (int l = 0; l < WARP; l++) {
    if (!(is->active >> l & 1) || (is->space[l] != ISA_SP_SHARED && is->space[l] != ISA_SP_SHARED_CTA)) continue;
    uint32_t n = (is->bytes + bw - 1) / bw;
    for (uint32_t k = 0; k < n && k < 4; k++) {
      uint64_t wd = is->addr[l] / bw + k;
      uint32_t j;
      for (j = 0; j < nw; j++) if (words[j] == wd) break;
      if (j == nw) words[nw++] = wd;
    }
  }
  uint32_t per_bank[1024], worst = 0;
  memset(per_bank, 0, (banks < 1024 ? banks : 1024) * sizeof *per_bank);   /* (the banks the index below reaches) */
  for (uint32_t j = 0; j < nw; j++) {
    uint32_t b = (uint32_t)(words[j] % banks) % 1024;
    if (++per_bank[b] > worst) worst = per_bank[b];
  }
  return worst;
}

/* Whether access a writes every byte of its block (design caba: only such a store can be compressed). */
static int whole_block(const tm_gpu *g, const tm_access *a) {
  uint32_t unit = g->z.unit;
  if (g->z.design.compress != TM_BY_ASSIST || unit > 128 || a->addr % unit) return 0;
  /* bytes 0 .. unit - 1 of the cover bitmap (two 64-bit words) all set */
  uint64_t lo = unit >= 64 ? ~0ull : (1ull << unit) - 1, hi = unit > 64 ? (unit == 128 ? ~0ull : (1ull << (unit - 64)) - 1) : 0;
  return (a->cover[0] & lo) == lo && (a->cover[1] & hi) == hi;
}

/* CABA 5.2: the compressed block holding addr, which a partial store of the
 * warp issuing now wrote to, comes back to the SM (as a read that bypasses L1,
 * compressed: a decompression assist warp takes it).  0, or -1 out of memory. */
static int retrieve(tm_gpu *g, tm_sm *s, uint64_t addr, tm_time t) {
  tm_load *l = tm_load_new(g);
  tm_req *r = l ? tm_req_new(g) : NULL;
  if (!r) return -1;
  l->merge = 1;
  l->addr = addr / g->z.unit * g->z.unit;
  l->parent = s->acc_parent;
  l->outstanding = 1;
  l->issued = tm_cycle_of(g->core, t);
  r->kind = REQ_RD;
  r->addr = l->addr;
  r->up_sectors = cache_block_sectors(&s->l1, l->addr, g->z.unit);
  r->bytes = g->z.unit;
  r->sm = (uint16_t)s->id;
  r->owner = l;
  r->born = t;
  tm_send_up(g, r, t);
  return 0;
}

/* A dirty line left L1 (write-back local memory): its dirty sectors go to L2.  0, or -1 out of memory. */
static int write_victim(tm_gpu *g, tm_sm *s, const tm_victim *v, tm_time t) {
  tm_req *w = tm_req_new(g);
  if (!w) return -1;
  w->kind = REQ_WR;
  w->addr = v->addr;
  w->up_sectors = v->dirty;
  w->bytes = (uint32_t)emu_popc32(v->dirty) * s->l1.sector_bytes;
  w->sm = (uint16_t)s->id;
  w->owner = NULL;
  w->born = t;
  tm_send_up(g, w, t);
  return 0;
}

/* The dirty lines an L1 operation evicted: v when hv, and a compressed L1's
 * others (cache.h: extra).  0, or -1 out of memory. */
static int l1_victims(tm_gpu *g, tm_sm *s, const tm_victim *v, int hv, tm_time t) {
  if (hv && write_victim(g, s, v, t)) return -1;
  for (uint32_t i = 0; i < s->l1.nextra; i++) if (write_victim(g, s, &s->l1.extra[i], t)) return -1;
  s->l1.nextra = 0;
  return 0;
}

/* Moves the access at the head of the LD/ST unit into L1 (or past it).
 * Returns 1 if it went, 0 if it must wait (no MSHR), -1 on a fault. */
static int ldst_access(tm_gpu *g, tm_sm *s, int64_t n) {
  tm_access *a = &s->acc[s->acc_head];
  tm_load *l = s->acc_load;
  tm_time t = tm_cycles(g->core, n);
  /* anything this access sends must fit in the injection buffer */
  tm_time room = tm_up_room(g, (uint32_t)s->id);
  if (room > t) {
    int64_t c = tm_cycle_at_or_after(g->core, room);
    s->ldst_retry = c > n ? c : n + 1;
    return 0;
  }
  const emu_insn *ain = &g->m->code[s->acc_pc];
  int pf = ain->op == ISA_OP_PREFETCH;   /* prefetch.global.L2: past L1 (its reply fills no L1 line) */
  if (a->kind == REQ_RD && s->has_l1 && !(pf && (ain->flags & FL_L2))) {
    if (s->l1_stalled && cache_still_stalled(&s->l1, s->l1_stall_gen)) { s->ldst_retry = TM_NEVER; return 0; }   /* (nothing in L1 changed) */
    tm_req *r = tm_req_new(g);
    if (!r) return -1;
    r->pf = (uint8_t)pf;
    uint32_t fetch;
    int res = cache_read(&s->l1, a->addr, a->sectors, r, &fetch);
    if (res == CACHE_STALL) { tm_req_free(g, r); s->ldst_retry = TM_NEVER; s->l1_stalled = 1; s->l1_stall_gen = s->l1.gen; return 0; }
    s->l1_stalled = 0;
    /* a 'miss' trigger (a prefetcher) hears of misses, and of the first demand read of a line a prefetch brought */
    if ((res == CACHE_MISS || s->l1.pf_hit) && s->acc_warp && g->m->has_miss && tm_awc_miss(s->awc, s->acc_parent, a->addr, res != CACHE_MISS, n)) return -1;
    if (res == CACHE_HIT) {
      tm_req_free(g, r);
      int64_t ready = n + g->cfg->l1_latency;
      if (s->l1.tags > 1 && g->z.design.decompress == TM_BY_L1) {   /* a compressed L1: design hw decompresses on every hit */
        int64_t dc;
        tm_stored_bytes(g, a->addr / s->l1.line_bytes * s->l1.line_bytes, l1_blocks(g, s, a->sectors), &dc);
        ready += dc;
      }
      if (ready > l->ready) l->ready = ready;
      if (direct_load(g) && l->tw && tm_block_compressed(g, a->addr)) l->direct = 1;   /* a compressed line in L1 */
      if (--l->outstanding == 0) tm_load_complete(g, s, l, t);
      return 1;
    }
    r->owner = l;               /* waits in the L1 MSHR */
    r->sm = (uint16_t)s->id;
    if (fetch) {
      tm_req *f = tm_req_new(g);
      if (!f) return -1;
      f->kind = REQ_RD;
      f->addr = a->addr;
      f->up_sectors = fetch;
      f->bytes = (uint32_t)emu_popc32(fetch) * s->l1.sector_bytes;
      f->sm = (uint16_t)s->id;
      f->owner = NULL;           /* a fill for the L1 */
      f->born = t;
      tm_send_up(g, f, t);
    }
    return 1;
  }
  /* stores: local ones may stay in L1 (write-back); else loads and atomics
   * without an L1 go to L2 themselves, and stores write through */
  if (s->has_l1 && a->kind != REQ_RD) {
    int64_t policy = a->local ? g->cfg->l1_local_write_policy : g->cfg->l1_write_policy;
    if (a->kind == REQ_WR && policy == TM_L1_WRITE_BACK) {
      tm_victim v;
      if (l1_victims(g, s, &v, cache_write_back(&s->l1, a->addr, a->sectors, &v), t)) return -1;
      return 1;
    }
    if (policy == TM_L1_WRITE_EVICT || a->kind == REQ_ATOM) cache_invalidate(&s->l1, a->addr);
    else {
      cache_write_through(&s->l1, a->addr, a->sectors);
      if (l1_victims(g, s, NULL, 0, t)) return -1;   /* (a compressed L1 may have made room) */
    }
  }
  tm_req *r = tm_req_new(g);
  if (!r) return -1;
  r->kind = a->kind;
  r->addr = a->addr;
  r->up_sectors = a->sectors;
  r->bytes = a->kind == REQ_RD ? (uint32_t)g->cfg->coalesce_bytes : a->bytes;
  r->sm = (uint16_t)s->id;
  r->owner = a->kind == REQ_WR ? NULL : l;
  r->born = t;
  /* design caba: a store of a whole block is compressed by an assist warp first */
  if (a->kind == REQ_WR && !a->local && s->acc_warp && whole_block(g, a) && tm_awc_store(s->awc, s->acc_parent, s->acc_pc, a->addr, r, n)) return g->failed ? -1 : 1;
  /* design caba, CABA 5.2: a partial store to a compressed block goes on optimistically; the
   * block turns out compressed, so it is retrieved and decompressed here by an assist warp and
   * goes back whole (design hw would merge at L2 with its own (de)compressor: not modelled).  A
   * partial store to a block the SM is merging already goes back with it (tm_awc_partial). */
  int merge = a->kind == REQ_WR && !a->local && s->acc_warp && g->z.design.decompress == TM_BY_ASSIST && !whole_block(g, a) && tm_block_compressed(g, a->addr)
              ? tm_awc_partial(s->awc, a->addr / g->z.unit * g->z.unit) : TM_MERGE_NO;
  if (merge < 0) return -1;
  r->partial = merge != TM_MERGE_NO;
  tm_send_up(g, r, t);
  if (merge == TM_MERGE_NEW && retrieve(g, s, a->addr, t) < 0) return -1;
  return 1;
}

/* ---- replies ---- */

void tm_sm_reply(tm_gpu *g, tm_sm *s, tm_req *r, tm_time t) {
  int64_t cycle = tm_cycle_at_or_after(g->core, t);
  if (r->owner || !s->has_l1) {
    /* the reply of an access that bypassed L1 (atomics, no L1) */
    tm_load *l = r->owner;
    tm_req_free(g, r);
    if (l) {
      if (cycle > l->ready) l->ready = cycle;
      if (--l->outstanding == 0) tm_load_complete(g, s, l, t);
    }
    tm_sm_wake(g, s, cycle);
    return;
  }
  tm_victim v;
  int hv;
  uint64_t line = r->addr;
  tm_req *done = cache_fill(&s->l1, r->addr, r->up_sectors, &v, &hv);
  if (l1_victims(g, s, &v, hv, t)) tm_fail(g, "out of host memory for a write-back");
  /* design caba: assist warps' own loads (a prefetcher's, a 'pc' subroutine's) take the line
   * as it comes: a decompression assist warp for them would wait for an entry of the table
   * they hold, and they could hold them all */
  tm_req *own = NULL, **ot = &own, **dt = &done;
  if (g->z.design.decompress == TM_BY_ASSIST) {
    for (tm_req *w = done, *next; w; w = next) {
      next = w->next;
      const tm_load *l = w->owner;
      if (l->tw) { *dt = w; dt = &w->next; }
      else { *ot = w; ot = &w->next; }
    }
    *dt = NULL;
    *ot = NULL;
  }
  int assisted = 0;
  if (done && !r->plain && direct_load(g)) {   /* Direct Load: the line stays compressed in L1; each load of it waits for an add */
    if (tm_block_compressed(g, line)) for (tm_req *w = done; w; w = w->next) ((tm_load *)w->owner)->direct = 1;
  } else assisted = done && !r->plain && s->awc && tm_awc_fill(s->awc, line, done, cycle);   /* (plain: an uncompressed L2's copy) */
  if (assisted) done = NULL;   /* compressed: an assist warp completes them */
  if (g->d->timeline) tm_timeline_fill(g, s, line, assisted, cycle);
  tm_req_free(g, r);
  for (int k = 0; k < 2; k++)
    for (tm_req *w = k ? own : done, *next; w; w = next) {
      next = w->next;
      tm_load *l = w->owner;
      tm_req_free(g, w);
      if (cycle > l->ready) l->ready = cycle;
      if (--l->outstanding == 0) tm_load_complete(g, s, l, t);
    }
  tm_sm_wake(g, s, cycle);
}

void tm_sm_wake(tm_gpu *g, tm_sm *s, int64_t cycle) {
  (void)g;
  if (s->asleep && cycle < s->wake) s->wake = cycle < s->cycle ? s->cycle : cycle;
}

/* ---- issue ---- */

/* The functional core released barriers of CTA tc: the warps it released (a CTA's barriers
 * complete one by one) may issue from cycle 'from'. */
static void release(tm_sm *s, const tm_cta *tc, int64_t from) {
  for (uint32_t i = tc->first_slot; i < s->nslots; i++) {
    tm_warp *tw = &s->warps[i];
    if (tw->tc == tc && tw->state == TW_BARRIER && tw->w->state != W_BARRIER) {
      tw->state = TW_READY;
      tw->next_issue = from;
      changed(s, tw);
    }
  }
}

/* Executes the instruction of warp tw at cycle n on the functional core and
 * books its pipeline, scoreboard and memory accesses.  0, or -1 on a fault. */
static int issue(tm_gpu *g, tm_sm *s, tm_warp *tw, const emu_insn *in, const tm_regs *r, int64_t pipe_slot, int64_t n) {
  emu_issue *is = &g->issue;
  uint32_t flags = isa_ops[in->op].flags;
  int st = emu_step_at(tw->tc->c, tw->w, is, (uint64_t)n);   /* (%clock reads the cycle of issue) */
  if (st == EMU_STEP_FAULT) { g->failed = 1; return -1; }
  if (st == EMU_STEP_SPIN && emu_spin_watch(tw->tc->c, tw->w)) { g->failed = 1; return -1; }   /* a failed mbarrier wait: a deadlock? */
  {   /* the instruction after it, most often the next it issues (from n + 1 at the earliest, after the other
       * SMs' cycles): the host's caches fetch its registers meanwhile (in its function, the frame the same) */
    uint32_t npc = (uint32_t)(in - g->m->code) + 1;
    warm(tw, npc < g->m->ncode && g->m->code[npc].func == in->func && !(flags & (F_CALL | F_RET)) ? &g->regs[npc] : NULL);
  }
  if (g->d->timeline) tm_timeline_insn(g, s, tw, in, is->active, n);
  tw->in = NULL;
  set_bit(of(s, s->ldst_wait, tw->sched), s->pos[tw->slot], 0);
  g->st->warp_insns++;
  g->st->thread_insns += (uint64_t)emu_popc32(is->active);
  tw->next_issue = n + 1;
  /* changed(s, tw) for a warp that was a candidate (ready, no load awaited) and
   * stays one from the next cycle: of its bits only try_at moves */
  s->try_at[tw->slot] = n + 1;
  s->sched[tw->sched].quiet_until = 0;
  tm_pipe_book(s, r, pipe_slot, n);
  if (in->op == ISA_OP_NANOSLEEP && is->active && is->sleep_ns) {   /* suspended for the lanes' longest duration (PTX ISA: within [0, 2t]: t) */
    int64_t cycles = (int64_t)ceil((double)is->sleep_ns * g->cfg->core_clock_mhz / 1000.0);
    tw->next_issue = tw->sleep_until = n + (cycles > 1 ? cycles : 1);
    changed(s, tw);
  }
  if (flags & (F_CALL | F_RET)) {   /* a new frame: its registers are all there */
    for (uint32_t i = 0; i < g->max_slots; i++) tw->reg_ready[i] = 0;
    tw->all_ready = n + r->latency;
    return 0;
  }
  if (st == EMU_STEP_WAIT) {
    tw->state = TW_BARRIER;
    changed(s, tw);
    int rel = emu_barrier_release(tw->tc->c);
    if (rel < 0) { g->failed = 1; return -1; }
    if (rel > 0) release(s, tw->tc, n + 1);
    return 0;
  }
  if (flags & F_BARRIER) {   /* bar.arrive: its arrival may be the last a barrier waited for */
    int rel = emu_barrier_release(tw->tc->c);
    if (rel < 0) { g->failed = 1; return -1; }
    if (rel > 0) release(s, tw->tc, n + 1);
  }
  if (r->wait == TM_WAIT_COMMIT || r->wait == TM_WAIT_ALL) tw->cp_seq += in->op != ISA_OP_CPMBAR;   /* a new open group */
  if (!is->is_mem) {
    set_ready(tw, r, n + r->latency);
    return 0;
  }
  /* memory: where did the lanes go? */
  uint32_t sps = is->spaces;
  int global = (sps & (1u << ISA_SP_GLOBAL | 1u << ISA_SP_LOCAL)) != 0;
  int shared = (sps & (1u << ISA_SP_SHARED | 1u << ISA_SP_SHARED_CTA)) != 0;
  int cons = (sps & ~(1u << ISA_SP_GLOBAL | 1u << ISA_SP_LOCAL | 1u << ISA_SP_SHARED | 1u << ISA_SP_SHARED_CTA)) != 0;
  int64_t ready = n + r->latency;
  if (shared) {
    uint32_t k = bank_conflicts(g->cfg, is);
    g->st->smem_accesses++;
    g->st->smem_conflict_cycles += k - 1;
    s->ldst_busy_until = n + k;
    ready = n + g->cfg->smem_latency + k - 1;
  }
  if (cons) {
    if (s->ldst_busy_until < n + 1) s->ldst_busy_until = n + 1;
    if (n + g->cfg->const_latency > ready) ready = n + g->cfg->const_latency;
  }
  int kind = (flags & F_ATOMIC) ? REQ_ATOM : (flags & F_STORE) ? REQ_WR : REQ_RD;
  int has_dst = r->ndst > 0;
  if (!global) {
    set_ready(tw, r, has_dst ? ready : n + 1);
    return 0;
  }
  if (in->op == ISA_OP_PREFETCH || in->op == ISA_OP_PREFETCHU) kind = REQ_RD;
  if (coalesce(g, s, tw, is, kind)) { tm_fail(g, "out of host memory coalescing an access"); return -1; }
  s->acc_load = NULL;
  s->acc_warp = tw;
  s->acc_parent.sched = tw->sched; s->acc_parent.slot = tw->slot; s->acc_parent.wid = tw->w->id;
  s->acc_parent.w = tw->w; s->acc_parent.c = tw->tc->c;
  s->acc_pc = (uint32_t)(in - g->m->code);
  if (!s->nacc) { set_ready(tw, r, has_dst ? ready : n + 1); return 0; }
  /* a load's (or atom's) registers wait for its replies; red and prefetch
   * have none, but their replies still count as the warp's traffic in flight */
  int waits = kind != REQ_WR && has_dst;
  int cp = in->op == ISA_OP_CPASYNC;   /* no register waits; its group does */
  if (waits || cp || kind == REQ_ATOM || in->op == ISA_OP_PREFETCH || in->op == ISA_OP_PREFETCHU) {
    tm_load *l = tm_load_new(g);
    if (!l) { tm_fail(g, "out of host memory"); return -1; }
    l->tw = tw;
    l->pc = (uint32_t)(in - g->m->code);
    l->issued = n;
    l->ready = ready;
    l->outstanding = s->nacc;
    l->global = waits || cp;
    if (cp) {
      l->cp_group = (uint8_t)(tw->cp_seq % TM_CP_GROUPS + 1);
      tw->cp_out[tw->cp_seq % TM_CP_GROUPS]++;
    }
    tw->pending++;
    if (waits) set_ready(tw, r, TM_NEVER);
    s->acc_load = l;
  }
  return 0;
}

int tm_sm_ldst_take(tm_gpu *g, tm_sm *s, const emu_insn *in, const emu_issue *is, int64_t n, tm_load **load) {
  const tm_regs *r = &g->regs[in - g->m->code];
  uint32_t flags = isa_ops[in->op].flags;
  int kind = (flags & F_ATOMIC) ? REQ_ATOM : (flags & F_STORE) ? REQ_WR : REQ_RD;
  if (in->op == ISA_OP_PREFETCH || in->op == ISA_OP_PREFETCHU) kind = REQ_RD;
  *load = NULL;
  if (coalesce(g, s, NULL, is, kind)) { tm_fail(g, "out of host memory coalescing an access"); return -1; }
  s->acc_load = NULL;
  s->acc_warp = NULL;   /* (no compression of an assist warp's stores, no 'miss' trigger for its loads) */
  s->acc_pc = (uint32_t)(in - g->m->code);
  /* a store, as a warp's, leaves and is not waited for: nothing comes back (tm_sm_reply) */
  if (!s->nacc || kind == REQ_WR) return 0;
  tm_load *l = tm_load_new(g);
  if (!l) { tm_fail(g, "out of host memory"); return -1; }
  l->pc = s->acc_pc;
  l->issued = n;
  l->ready = n + r->latency;
  l->outstanding = s->nacc;
  l->global = 0;   /* (the load-latency statistics are the warps') */
  s->acc_load = l;
  *load = l;
  return 0;
}

/* ---- one cycle ---- */

/* The LD/ST unit moves the access at its head, at most one per cycle.
 * Returns 1 when it moved, 0 when there was none or it must wait for an
 * MSHR (*blocked set), -1 on a failure. */
static int ldst_step(tm_gpu *g, tm_sm *s, int64_t n, int *blocked) {
  if (s->acc_head >= s->nacc || n < s->ldst_busy_until || s->ldst_cycle == n) return 0;
  int r = ldst_access(g, s, n);
  if (r < 0) { tm_fail(g, "out of host memory for a request"); return -1; }
  if (!r) { *blocked = 1; return 0; }
  s->ldst_cycle = n;
  if (++s->acc_head == s->nacc) { s->nacc = s->acc_head = 0; s->acc_load = NULL; }
  return 1;
}

/* Scheduler k's candidates this cycle (in s->cands): its considered warps
 * whose try_at has come, less those only the LD/ST unit holds when it is
 * busy (a memory stall); ready warps waiting for a later try_at make it a
 * data-dependence stall. */
static void candidates(tm_sm *s, uint32_t k, int ldst_free, int *mem, int *data) {
  const uint64_t *cand = of(s, s->cand, k), *waiting = of(s, s->waiting, k), *ldst = of(s, s->ldst_wait, k);
  for (uint32_t w = 0; w < s->words; w++) {
    uint64_t c = cand[w] & s->considered[w];
    if (waiting[w] & s->considered[w] & ~cand[w]) *data = 1;
    if (!ldst_free && (c & ldst[w])) { *mem = 1; c &= ~ldst[w]; }
    s->cands[w] = c;
  }
}

/* Scheduler k's look at its warps in cycle n: issues the first that can go
 * (1), or finds none (0; *mem, *comp, *data: what held them), -1 on a
 * failure.  *wake: lowered to the earliest cycle one of them could issue by
 * itself.  A look that finds none makes the scheduler quiet until then
 * (quiet_until), so that the cycles between cost nothing. */
static int scan(tm_gpu *g, tm_sm *s, uint32_t k, int64_t n, int *ldst_free, int *ldst_blocked, int *mem, int *comp, int *data, int64_t *wake) {
  int64_t kwake = TM_NEVER;   /* this scheduler's part of wake */
  int special = 0;            /* it met a warp whose path decides for itself when to look again */
  int issued = 0;
  if (!s->considered_all) tm_sched_begin(g, s, k);
  const uint32_t *list = &s->list[(size_t)k * s->nslots];
  uint64_t *cand = of(s, s->cand, k), *soon = of(s, s->soon, k), *cands = s->cands;
  if (n >= s->sched[k].soon_min) {   /* warps whose try_at has come join the candidates */
    int64_t later = TM_NEVER;
    for (uint32_t w = 0; w < s->words; w++)
      for (uint64_t m = soon[w]; m; m &= m - 1) {
        uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(m);
        int64_t at = s->try_at[list[p]];
        if (at <= n) { cand[w] |= 1ull << (p & 63); soon[w] &= ~(1ull << (p & 63)); }
        else if (at < later) later = at;
      }
    s->sched[k].soon_min = later;
  }
  if (s->sched[k].soon_min < kwake) kwake = s->sched[k].soon_min;
  candidates(s, k, *ldst_free, mem, data);
  s->scanning = k;
  uint32_t slot;
  while (!issued && tm_sched_next(g, s, k, cands, &slot)) {
    int64_t at = s->try_at[slot];
    if (at > n) { *data = 1; if (at < kwake) kwake = at; continue; }   /* next cycle */
    tm_warp *tw = &s->warps[slot];
    const emu_insn *in = tw->in ? tw->in : (tw->in = emu_next(tw->tc->c, tw->w));
    if (!in && tw->w->state != W_DONE) {   /* control ran past its function's end: the step records the fault */
      if (emu_step(tw->tc->c, tw->w, &g->issue) != EMU_STEP_FAULT) tm_fail(g, "a warp past its function's end did not fault (an internal error)");
      g->failed = 1;
      s->scanning = UINT32_MAX;
      return -1;
    }
    if (!in) {
      tw->state = TW_DONE;
      changed(s, tw);
      int rel = emu_barrier_release(tw->tc->c);   /* the others may have been waiting for this one */
      if (rel < 0) { g->failed = 1; s->scanning = UINT32_MAX; return -1; }
      if (rel > 0) release(s, tw->tc, n + 1);   /* the warps it held may issue from the next cycle, as after a bar */
      if (!tw->pending) warp_finished(g, s, tw, tm_cycles(g->core, n));   /* the places may change (free_slot) */
      kwake = n + 1;
      special = 1;
      continue;
    }
    uint32_t pc = (uint32_t)(in - g->m->code);
    if (g->m->pc_trig && g->m->pc_trig[pc] >= 0 && !emu_fired(tw->w, pc) && g->m->pc_binds[g->m->pc_trig[pc]].kernel == tw->func) {
      /* it has reached a 'pc' trigger's label: the subroutine starts first */
      special = 1;
      int64_t wait;
      int t = tm_awc_pc(s->awc, tw, &g->m->pc_binds[g->m->pc_trig[pc]], n, &wait);
      if (t < 0) { s->scanning = UINT32_MAX; return -1; }
      if (t == 0) {   /* it waits for a live-in, or for an entry */
        if (wait == TM_NEVER) tw->wait_load = 1;
        else tw->next_issue = wait;
        *data = 1;
        if (tw->next_issue < kwake && tw->next_issue > n) kwake = tw->next_issue;
        changed(s, tw);
        continue;
      }
      emu_fire(tw->w, pc);
      if (t == 2) { tw->state = TW_ASSIST; changed(s, tw); kwake = n + 1; continue; }
    }
    const tm_regs *r = &g->regs[pc];
    uint32_t flags = isa_ops[in->op].flags;
    int64_t pipe = -1, until = TM_NEVER;
    int hold = r->wait && !groups_ready(tw, r) ? TM_HOLD_DATA
             : tm_issue_check(s, tw->reg_ready, tw->all_ready, tw->pending, r, (flags & (F_CALL | F_RET)) != 0, *ldst_free, n, &pipe, &until);
    if (hold == TM_HOLD_DATA) {   /* nothing it waits for changes before 'until' (or before one of its loads is back) */
      *data = 1;
      if (until == TM_NEVER) tw->wait_load = 1;
      else { tw->next_issue = until; if (until < kwake) kwake = until; }
      changed(s, tw);
      continue;
    }
    if (hold == TM_HOLD_MEM) { *mem = 1; set_bit(of(s, s->ldst_wait, k), s->pos[slot], 1); continue; }
    if (hold == TM_HOLD_COMP) { *comp = 1; if (until < kwake) kwake = until; continue; }
    if (issue(g, s, tw, in, r, pipe, n) < 0) { s->scanning = UINT32_MAX; return -1; }
    issued = 1;
    s->sched[k].last = tw->slot;
    if (r->unit == U_LDST) {
      *ldst_free = 0;
      /* its first access goes to L1 in the cycle it issues, if the port is free */
      if (ldst_step(g, s, n, ldst_blocked) < 0) { s->scanning = UINT32_MAX; return -1; }
    }
  }
  s->scanning = UINT32_MAX;
  if (kwake < *wake) *wake = kwake;
  if (!issued && !special && kwake > n + 1) {
    s->sched[k].quiet_until = kwake;
    s->sched[k].quiet_ldst = (uint8_t)*ldst_free;
    s->sched[k].quiet_mem = (uint8_t)*mem; s->sched[k].quiet_comp = (uint8_t)*comp; s->sched[k].quiet_data = (uint8_t)*data;
  }
  return issued;
}

/* An ALU pipeline for the controller's MOVEs and adds (tm_int.h). */
int64_t tm_sm_alu_take(tm_gpu *g, tm_sm *s, int op, int64_t n) {
  int64_t at, p = tm_pipe_free(s, U_ALU, n, &at);
  if (p < 0) return -1;
  int64_t ii = tm_scaled_cycles(g->cfg, isa_ops[op].interval);
  s->unit_free[U_ALU][p] = n + ii;
  s->alu_busy += (uint64_t)ii;
  return n + tm_scaled_cycles(g->cfg, isa_ops[op].latency);
}

int tm_sm_cycle(tm_gpu *g, tm_sm *s) {
  int64_t n = s->cycle;
  if (s->awc) tm_awc_cycle(s->awc, n);   /* (the throttle's window) */
  int ldst_blocked = 0;     /* the LD/ST unit could not move (no MSHR): a reply will wake it */
  if (ldst_step(g, s, n, &ldst_blocked) < 0) return -1;
  int ldst_free = s->acc_head >= s->nacc && n >= s->ldst_busy_until;
  int issued_any = 0;
  int64_t wake = TM_NEVER;  /* the earliest cycle something can change by itself */
  /* what each scheduler did this cycle: a TM_ISSUE_* or TM_STALL_* category (-1: not decided yet) */
  int cls[64];
  for (uint32_t k = 0; k < s->nsched; k++) {
    cls[k] = -1;
    if (s->awc && tm_awc_wants(s->awc, k, 0, n)) {   /* high-priority assist work goes before the scheduler's warps */
      int ar = tm_awc_issue(s->awc, k, 0, n, &ldst_free);
      if (ar < 0) return -1;
      if (ar) { cls[k] = TM_ISSUE_ASSIST; issued_any = 1; continue; }
    }
    int mem = 0, comp = 0, data = 0;
    int stat = 0;
    if (n < s->sched[k].quiet_until && ldst_free == s->sched[k].quiet_ldst) {
      /* nothing of its warps has changed since a scan found none to issue: this cycle it would find the same */
      mem = s->sched[k].quiet_mem; comp = s->sched[k].quiet_comp; data = s->sched[k].quiet_data;
      if (s->sched[k].quiet_until < wake) wake = s->sched[k].quiet_until;
    } else if ((stat = scan(g, s, k, n, &ldst_free, &ldst_blocked, &mem, &comp, &data, &wake)) < 0) return -1;
    if (stat > 0) { cls[k] = TM_ISSUE_ACTIVE; issued_any = 1; continue; }
    cls[k] = mem ? TM_STALL_MEMORY : comp ? TM_STALL_COMPUTE : data ? TM_STALL_DATA : TM_STALL_IDLE;
  }
  /* Low-priority assist warps only in what every scheduler left idle (CABA 4.3, 4.4: "scheduled only
   * during idle cycles"): the issue slot of a scheduler that issued nothing, and the LD/ST unit when no
   * warp of any scheduler took it this cycle (a second pass, after all of them looked). */
  if (tm_awc_nlive(s->awc))
    for (uint32_t k = 0; k < s->nsched; k++) {
      if (cls[k] == TM_ISSUE_ACTIVE || cls[k] == TM_ISSUE_ASSIST || !tm_awc_wants(s->awc, k, 1, n)) continue;
      int assist = tm_awc_issue(s->awc, k, 1, n, &ldst_free);
      if (assist < 0) return -1;
      if (assist) { cls[k] = TM_ISSUE_ASSIST; issued_any = 1; }
    }
  for (uint32_t k = 0; k < s->nsched; k++) {
    /* this cycle's category, and that of the cycles it sleeps through if it sleeps now (read only while asleep) */
    s->sched[k].sleep_class = (uint8_t)cls[k];
    s->issue[cls[k]]++;
  }
  s->resident_warp_cycles += s->nwarps;
  s->cycle = n + 1;
  if (s->acc_head < s->nacc && !ldst_blocked) wake = n + 1;
  if (ldst_blocked && s->ldst_retry < wake) wake = s->ldst_retry;   /* the injection buffer drains by then */
  if (s->acc_head >= s->nacc && s->ldst_busy_until > n && s->ldst_busy_until < wake) wake = s->ldst_busy_until;
  if (s->poked) { s->poked = 0; if (wake > n + 1) wake = n + 1; }
  if (issued_any || !tm_awc_nlive(s->awc)) s->last_issue = n;
  else if (n - s->last_issue > g->watchdog) {   /* a model error must not spin for ever */
    char why[200], msg[300];
    tm_watchdog_cycles(g->cfg, why, sizeof why);
    snprintf(msg, sizeof msg, "an internal error: assist warps are live in an SM that issued nothing for %s", why);
    tm_fail(g, msg);
    return -1;
  }
  if (issued_any || wake <= n + 1) return 0;
  if (s->awc) {   /* assist work (looked at only here: the scan over the table is the SM's to sleep or not) */
    int64_t aw = tm_awc_wake(s->awc, n);
    if (aw < wake) wake = aw;
    if (wake <= n + 1) return 0;
  }
  /* nothing can happen before 'wake' (or before a reply, when it is TM_NEVER):
   * sleep, counting the skipped cycles in this cycle's categories */
  s->asleep = 1;
  s->wake = wake;
  return 0;
}
