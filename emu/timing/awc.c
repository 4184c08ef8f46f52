/* emu/timing/awc.c -- the Assist Warp Controller of an SM (awc.h): its assist warp table.
 *
 * A line that arrives at L1 compressed triggers the module's 'decompress ENC'
 * subroutine for its encoding (the Assist Warp Store: the image's trigger
 * table).  The instance takes an entry of the SM's assist warp table
 * (awt_entries; when none is free the line waits in order), gets the line's
 * payload in .lin (as the reference codec compressed it) and its metadata in
 * .lmeta, and runs on the functional core as one warp.  Its instructions are
 * issued by the scheduler of the parent warp (the warp of the first load
 * waiting for the line): a high-priority subroutine's before that
 * scheduler's warps, a low-priority one only in cycles they leave idle; the
 * scoreboard (its own registers) and the pipelines treat them as any
 * instruction, and line-buffer accesses take the LD/ST unit for a cycle and
 * return after l1_latency.  When it exits, its .lout must hold the line's
 * bytes, else the launch faults naming the subroutine, the line and the first
 * differing byte; then the loads waiting for the line complete.
 *
 * A store that writes a whole block waits for the module's 'compress' subroutine
 * in the SM's pending lines (awc_store_lines, and the shared memory no CTA
 * holds; CABA 5.2.2): under awc_store send (the default) its copy waits and
 * the store goes out uncompressed at once, under hold the store itself waits.
 * The pending lines are a cache: a new block takes the place of the oldest
 * when they are full (under hold that one's store goes out uncompressed).  A
 * low-priority compression starts, newest block first (the one whose line is
 * likeliest still in L2), while at least half the table is free and no line
 * waits for decompression: .lin holds the block as the store left it; its
 * payload, any encoding whose decompression gives the block back (awc_verify),
 * replaces the line in L2 if the line is unchanged there (send) or goes out
 * with the store (hold).  Nothing waits for it at the launch's end.
 */
#include "awc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TM_PREDICT_RETRY 32   /* a store predicted incompressible still tries once in this many */
#define TM_PREDICT_MERGE 0    /* the predictor's slot that a merged line's compression counts in (its store's pc is not kept) */

tm_awc *tm_awc_new(tm_gpu *g, tm_sm *s) {
  tm_awc *ctl = calloc(1, sizeof *ctl);
  if (!ctl) return NULL;
  ctl->g = g;
  ctl->s = s;
  ctl->nawt = (uint32_t)g->cfg->awt_entries;
  ctl->awt = calloc(ctl->nawt, sizeof *ctl->awt);
  ctl->awt_live = calloc(2 * (size_t)s->nsched, sizeof *ctl->awt_live);
  ctl->awt_next = calloc(2 * (size_t)s->nsched, sizeof *ctl->awt_next);
  ctl->awt_order = calloc(2 * (size_t)s->nsched * 64, 1);
  ctl->awt_n = calloc(2 * (size_t)s->nsched, 1);
  if (!ctl->awt || !ctl->awt_live || !ctl->awt_next || !ctl->awt_order || !ctl->awt_n) { tm_awc_free(ctl); return NULL; }
  for (uint32_t i = 0; i < ctl->nawt; i++) {
    tm_assist *a = &ctl->awt[i];
    a->c = emu_assist_new(g->d, g->m, NULL);
    a->reg_ready = calloc(g->max_slots ? g->max_slots : 1, sizeof *a->reg_ready);
    if (!a->c || !a->reg_ready) { tm_awc_free(ctl); return NULL; }
  }
  tm_awc_reset(ctl);
  return ctl;
}

void tm_awc_free(tm_awc *ctl) {
  if (!ctl) return;
  if (ctl->awt)
    for (uint32_t i = 0; i < ctl->nawt; i++) { emu_cta_free(ctl->awt[i].c); free(ctl->awt[i].reg_ready); }
  free(ctl->awt);
  free(ctl->awq);
  free(ctl->awt_live);
  free(ctl->awt_next);
  free(ctl->awt_order);
  free(ctl->awt_n);
  free(ctl->asq);
  free(ctl->dlq);
  free(ctl->merging);
  free(ctl);
}

void tm_awc_reset(tm_awc *ctl) {
  uint32_t nsched = ctl->s->nsched;
  for (uint32_t i = 0; i < ctl->nawt; i++) ctl->awt[i].live = 0;
  memset(ctl->awt_live, 0, 2 * (size_t)nsched * sizeof *ctl->awt_live);
  memset(ctl->awt_next, 0, 2 * (size_t)nsched * sizeof *ctl->awt_next);
  memset(ctl->awt_n, 0, 2 * (size_t)nsched);
  ctl->nlive = 0;
  ctl->ndl = 0;
  ctl->nawq = ctl->awq_head = 0;
  ctl->nasq = ctl->asq_head = 0;
  ctl->nmerging = 0;
  ctl->window_from = 0;
  ctl->window_used = 0;
  ctl->window_alu = 0;
  ctl->busy = 0;
  memset(ctl->predict, 1, sizeof ctl->predict);   /* weakly compressible: the first store of each pc tries */
  ctl->fill_hint = 1;
  memset(ctl->skipped, 0, sizeof ctl->skipped);
  memset(ctl->trying, 0, sizeof ctl->trying);
  memset(ctl->lastenc, 0, sizeof ctl->lastenc);
}

/* Register slot's value of assist warp a is ready at cycle t (TM_NEVER: a load's, in flight). */
static inline void aw_ready(tm_assist *a, uint32_t slot, int64_t t) {
  a->reg_ready[slot] = t;
  if (slot >= a->ready_hi) a->ready_hi = slot + 1;
  if (t != TM_NEVER && t > a->all_ready) a->all_ready = t;
}

/* The first entry of the table not live, or NULL. */
static tm_assist *free_entry(tm_awc *ctl) {
  for (uint32_t i = 0; i < ctl->nawt; i++) if (!ctl->awt[i].live) return &ctl->awt[i];
  return NULL;
}

/* The store r goes on to L2, as 'meta' compressed it when its encoding is not 0, else as it is. */
static void send_store(tm_gpu *g, tm_req *r, const codec_meta *meta, int64_t n) {
  if (meta->encoding) { r->bytes = meta->size ? meta->size : 1; r->packed = 1; r->enc = (uint8_t)meta->encoding; }
  tm_send_up(g, r, tm_cycles(g->core, n));
}

/* An uncompressed L2 (l2_compressed off): the line an assist warp has just
 * decompressed goes back to its L2 slice whole, which keeps that copy and
 * answers later reads with it (CABA 7.6).  0, or -1 out of memory. */
static int send_plain(tm_awc *ctl, uint64_t addr, tm_time t) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  tm_req *r = tm_req_new(g);
  if (!r) { tm_fail(g, "out of host memory for a line sent back to L2"); return -1; }
  r->kind = REQ_PLAIN;
  r->addr = addr;
  r->bytes = g->z.unit;
  r->sm = (uint16_t)s->id;
  r->born = t;
  tm_send_up(g, r, t);
  return 0;
}

/* CABA 5.2.2: the block at addr, merged with a partial store, goes back to L2 whole and
 * uncompressed at t (counted in partial_merges); the SM's merge of it ends when it gets there
 * (gpu.c: tm_awc_merged).  0, or -1 out of memory. */
static int merge_back(tm_awc *ctl, uint64_t addr, tm_time t) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  tm_req *w = tm_req_new(g);
  if (!w) { tm_fail(g, "out of host memory for a merged line"); return -1; }
  w->kind = REQ_WR;
  w->addr = addr;
  w->up_sectors = cache_block_sectors(&s->l1, addr, g->z.unit);
  w->bytes = g->z.unit;
  w->sm = (uint16_t)s->id;
  w->owner = NULL;
  w->born = t;
  w->merged = 1;
  for (uint32_t i = 0; i < ctl->nmerging; i++)
    if (ctl->merging[i].addr == addr) ctl->merging[i].sent = 1;
  g->st->partial_merges++;
  tm_send_up(g, w, t);
  return 0;
}

int tm_awc_partial(tm_awc *ctl, uint64_t b) {
  for (uint32_t i = 0; i < ctl->nmerging; i++)
    if (ctl->merging[i].addr == b) {
      if (ctl->merging[i].sent) return TM_MERGE_NO;
      ctl->g->st->partial_joins++;
      return TM_MERGE_JOIN;
    }
  if (ctl->nmerging == ctl->capmerging) {
    uint32_t cap = ctl->capmerging ? 2 * ctl->capmerging : 16;
    struct tm_merging *m = realloc(ctl->merging, cap * sizeof *m);
    if (!m) { tm_fail(ctl->g, "out of host memory for a partial store's merge"); return -1; }
    ctl->merging = m;
    ctl->capmerging = cap;
  }
  ctl->merging[ctl->nmerging].addr = b;
  ctl->merging[ctl->nmerging++].sent = 0;
  return TM_MERGE_NEW;
}

void tm_awc_merged(tm_awc *ctl, uint64_t b) {
  for (uint32_t i = 0; i < ctl->nmerging; i++)
    if (ctl->merging[i].addr == b) { ctl->merging[i] = ctl->merging[--ctl->nmerging]; return; }
}

/* A compression assist warp's payload for the block at addr (block: its bytes as compressed,
 * meta: its form) leaves the SM for L2 at t, to replace the line a store left there uncompressed
 * (gpu.c: it does when the line is still there, dirty, holding those bytes).  0, or -1 out of memory. */
static int send_pack(tm_awc *ctl, uint64_t addr, const uint8_t *block, const codec_meta *meta, tm_time t) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  tm_req *w = tm_req_new(g);
  tm_pack *p = w ? malloc(sizeof *p) : NULL;
  if (!p) { if (w) tm_req_free(g, w); tm_fail(g, "out of host memory for a compressed line"); return -1; }
  memcpy(p->block, block, g->z.unit);
  p->meta = *meta;
  w->kind = REQ_WR;
  w->update = 1;
  w->packed = 1;
  w->addr = addr;
  w->up_sectors = cache_block_sectors(&s->l1, addr, g->z.unit);
  w->bytes = meta->size ? meta->size : 1;
  w->sm = (uint16_t)s->id;
  w->owner = p;
  w->born = t;
  tm_send_up(g, w, t);
  return 0;
}

static const char *subr_name(const tm_gpu *g, uint32_t sr) { return isa_str(&g->m->img, g->m->img.funcs[g->m->img.subrs[sr].func].name); }

/* Entry a becomes live for scheduler 'sched' on subroutine sr (the line set up). */
static tm_parent parent_of(const tm_warp *tw) {
  tm_parent p = { tw->sched, tw->slot, tw->w->id, tw->w, tw->tc->c };
  return p;
}

/* The warp a decompression of the line that 'waiters' wait for works for: the first waiting
 * load's warp.  0 when none is a warp's (never: tm_sm_reply completes assist warps' own loads
 * apart, and only warps' loads wait for a decompression). */
static int waiters_parent(const tm_req *waiters, tm_parent *p) {
  for (const tm_req *w = waiters; w; w = w->next) {
    const tm_load *l = w->owner;
    if (l && l->tw) { *p = parent_of(l->tw); return 1; }
  }
  return 0;
}

/* A compression may take an entry: half the table stays for decompressions (so a table of one
 * entry never takes one). */
static int store_may_start(const tm_awc *ctl) { return 2 * (ctl->nlive + 1) <= ctl->nawt; }

static void go(tm_awc *ctl, tm_assist *a, uint32_t sr, tm_parent parent, uint64_t addr, int64_t n) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  uint32_t sched = parent.sched;
  a->from = parent;
  a->parent = parent.w;
  a->pcta = parent.c;
  a->pserial = parent.c ? parent.c->serial : 0;
  if (emu_assist_keep_load(a->c, parent.w, sr)) tm_fail(g, "out of host memory for kept registers");
  a->pwid = parent.wid;
  emu_assist_parent(a->c, parent.c, parent.wid);   /* (named in its faults) */
  tm_sm_place(g, s, a->c);
  a->live = 1;
  a->addr = addr;
  a->subr = sr;
  a->sched = sched;
  a->low = g->m->img.subrs[sr].priority == ISA_PRIO_LOW;
  a->kind = a->compress ? TM_AW_COMPRESS : a->bind ? TM_AW_PC : a->miss ? TM_AW_MISS : TM_AW_DECOMPRESS;
  g->st->aw_started[a->kind]++;
  memset(a->reg_ready, 0, a->ready_hi * sizeof *a->reg_ready);
  a->ready_hi = 0;
  a->all_ready = 0;
  a->next_issue = n;
  a->next = NULL;
  a->insns = 0;
  a->pending = 0;
  ctl->nlive++;
  g->live_assists++;
  if (a->compress) g->live_compress++;
  uint32_t q = 2 * a->sched + (uint32_t)a->low;
  ctl->awt_live[q] |= 1ull << (a - ctl->awt);
  ctl->awt_order[q * 64 + ctl->awt_n[q]++] = (uint8_t)(a - ctl->awt);   /* the youngest */
  if (ctl->awt_next[q] > n) ctl->awt_next[q] = n;
  g->st->assist_triggered++;
  if (g->d->timeline) {
    char what[160];
    snprintf(what, sizeof what, "start %s (%s)", subr_name(g, sr), a->compress ? "compress" : a->bind ? "pc trigger" : a->miss ? "miss trigger" : "decompress");
    tm_timeline_assist(g, s, (uint32_t)(a - ctl->awt), what, subr_name(g, sr), n, 1);
    snprintf(what, sizeof what, "trigger %s", subr_name(g, sr));
    tm_timeline_trigger(g, s, parent.slot, what, n);
  }
}

static void set_meta(aw_line *l, uint32_t enc, uint32_t size, uint32_t line, uint32_t mag, uint64_t addr) {
  uint32_t v[4] = { enc, size, line, mag };
  for (int i = 0; i < 4; i++) for (int b = 0; b < 4; b++) l->meta[4 * i + b] = (uint8_t)(v[i] >> (8 * b));
  for (int b = 0; b < 8; b++) l->meta[16 + b] = (uint8_t)(addr >> (8 * b));
}

/* Completes the loads in the list 'waiters' at cycle n. */
static void release(tm_awc *ctl, tm_req *waiters, int64_t n, tm_time t) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  for (tm_req *w = waiters, *next; w; w = next) {
    next = w->next;
    tm_load *l = w->owner;
    tm_req_free(g, w);
    if (n > l->ready) l->ready = n;
    if (--l->outstanding == 0) tm_load_complete(g, s, l, t);
  }
}

/* Starts entry a on the line at addr for 'waiters', the line (a->want) and its
 * payload (a->in) compressed into them already, with 'meta'.  0, or -1 on a failure. */
static int begin(tm_awc *ctl, tm_assist *a, uint64_t addr, tm_req *waiters, const tm_parent *merge, int64_t n, codec_meta meta) {
  tm_gpu *g = ctl->g;
  int sr = tm_codec_subr(g, 1, (int)meta.encoding);
  if (sr < 0) {
    char why[200];
    snprintf(why, sizeof why, "design caba: a line at 0x%llx arrived with encoding %u, and the module has no 'decompress %u' subroutine "
             "(assemble the kernel with the subroutines of its algorithm, e.g. subroutines/bdi/bdi.s)", (unsigned long long)addr, meta.encoding, meta.encoding);
    tm_fail(g, why);
    return -1;
  }
  memset(&a->line, 0, sizeof a->line);
  a->line.in = a->in;
  a->line.in_bytes = codec_line_buffer(a->in, a->in, meta.size, g->z.unit);
  memset(a->out, 0, sizeof a->out);
  a->line.out = a->out;
  a->line.out_bytes = g->z.unit;
  set_meta(&a->line, meta.encoding, meta.size, g->z.unit, g->z.mag, addr);
  tm_parent p;
  if (merge) p = *merge;
  else if (!waiters_parent(waiters, &p)) { tm_fail(g, "design caba: a line to decompress that no warp waits for (an internal error)"); return -1; }
  if (emu_assist_start(a->c, g->m->img.subrs[sr].func, &a->line, g->fault, NULL)) { g->failed = 1; return -1; }   /* (codecs: shared memory of their own) */
  a->waiters = waiters;
  a->miss = 0;
  a->merge = merge != NULL;
  a->compress = 0;
  a->bind = NULL;
  a->ptw = NULL;
  a->moves = 0;
  go(ctl, a, sr, p, addr, n);
  return 0;
}

/* Starts entry a on the line at addr for 'waiters' (the line as the functional memory holds it now:
 * its payload as the module's compression stores it).  0, or -1 on a failure. */
static int start(tm_awc *ctl, tm_assist *a, uint64_t addr, tm_req *waiters, const tm_parent *merge, int64_t n) {
  tm_gpu *g = ctl->g;
  codec_meta meta;
  if (tm_cmem_payload(g, addr, a->want, a->in, &meta)) return -1;
  if (!meta.encoding && tm_codec_subr(g, 1, 0) < 0) {   /* its bytes changed since it moved and no longer compress, and the module
                                                          * has no 'decompress 0': nothing to decompress */
    if (merge) return merge_back(ctl, addr, tm_cycles(g->core, n));
    release(ctl, waiters, n, tm_cycles(g->core, n));
    return 0;
  }
  return begin(ctl, a, addr, waiters, merge, n, meta);
}

/* Starts entry a on the compression of pending block w with subroutine sr at cycle n.  0, or -1 on a failure. */
static int start_store(tm_awc *ctl, tm_assist *a, int sr, const tm_store_wait *w, int64_t n) {
  tm_gpu *g = ctl->g;
  memcpy(a->in, w->block, g->z.unit);   /* .lin: the block as the store left it (its copy) */
  memset(a->out, 0, sizeof a->out);
  tm_cmem_line(g, &a->line, a->in, g->z.unit, a->out, CODEC_MAX_PAYLOAD, 0, 0, w->addr);
  a->line.lastenc = ctl->lastenc[w->pc % TM_PREDICT];   /* (.lastenc: the encoding this store's last block took) */
  if (emu_assist_start(a->c, g->m->img.subrs[sr].func, &a->line, g->fault, NULL)) { g->failed = 1; return -1; }   /* (codecs: shared memory of their own) */
  a->waiters = NULL;
  a->miss = 0;
  a->merge = 0;
  a->compress = 1;
  a->held = w->held;
  a->store_pc = w->pc;
  if (ctl->trying[w->pc % TM_PREDICT] < UINT8_MAX) ctl->trying[w->pc % TM_PREDICT]++;
  a->bind = NULL;
  a->ptw = NULL;
  a->moves = 0;
  go(ctl, a, (uint32_t)sr, w->p, w->addr, n);
  return 0;
}

/* How many blocks may wait for compression in SM s now: the dedicated L1 lines, and (awc_store_shared)
 * the lines' worth of shared memory no resident CTA holds. */
static uint32_t store_room(const tm_awc *ctl) {
  const tm_gpu *g = ctl->g;
  const tm_sm *s = ctl->s;
  uint64_t n = (uint64_t)g->cfg->awc_store_lines;
  if (g->cfg->awc_store_shared && (uint64_t)g->cfg->sm_shared_bytes > s->shared) n += ((uint64_t)g->cfg->sm_shared_bytes - s->shared) / g->z.unit;
  return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* The pending block i places after the oldest. */
static tm_store_wait *pending(const tm_awc *ctl, uint32_t i) { return &ctl->asq[(ctl->asq_head + i) % ctl->capasq]; }

/* Compression assist warps take the newest pending blocks while the table has room for them (half
 * of it stays for decompressions, which the loads wait for, and none starts while a line waits
 * for an entry) and, for a low-priority subroutine, while the SM is not busy.  0, or -1 on a failure. */
static int pump(tm_awc *ctl, int64_t n) {
  tm_gpu *g = ctl->g;
  if (!ctl->nasq || ctl->nawq) return 0;
  int sr = tm_codec_subr(g, 0, -1);
  if (sr < 0 || (g->m->img.subrs[sr].priority == ISA_PRIO_LOW && ctl->busy)) return 0;
  tm_assist *a;
  while (ctl->nasq && store_may_start(ctl) && (a = free_entry(ctl))) {
    tm_store_wait w = *pending(ctl, --ctl->nasq);   /* the newest: under send its line is likeliest still in L2 */
    if (start_store(ctl, a, sr, &w, n)) return -1;
  }
  return 0;
}

static int enqueue(tm_awc *ctl, tm_parent parent, uint32_t pc, uint64_t b, int predict, tm_req *r, int64_t n);

int tm_awc_store(tm_awc *ctl, tm_parent parent, uint32_t pc, uint64_t addr, tm_req *r, int64_t n) {
  tm_gpu *g = ctl->g;
  if (g->z.design.compress != TM_BY_ASSIST) return 0;
  uint64_t b = addr / g->z.unit * g->z.unit;
  if (tm_cmem_page_raw(g, b)) { g->st->assist_predicted++; return 0; }   /* a page the setup found incompressible: not compressed */
  if (g->cfg->awc_compress == TM_AWC_COMPRESS_FREE) {   /* the what-if: the subroutine's payload, now, for nothing */
    uint8_t block[CODEC_MAX_PAYLOAD], payload[CODEC_MAX_PAYLOAD];
    codec_meta meta;
    if (tm_cmem_compress(g, b, block, payload, &meta)) return 1;
    send_store(g, r, &meta, n);
    return 1;
  }
  /* awc_store send: the store goes out now, uncompressed (CABA 5.2.2: "issue a store to the lower
   * levels of the memory hierarchy, while buffering a copy in L1"); the copy of its block waits for
   * a low-priority compression assist warp, whose payload then replaces the line in L2 before L2
   * writes it back.  hold: the store waits for it (5.2.2's pending stores). */
  int sr = tm_codec_subr(g, 0, -1);
  if (sr < 0) {
    tm_fail(g, "design caba: a store wrote a whole line, and the module has no 'compress' subroutine "
               "(assemble the kernel with the subroutines of its algorithm, e.g. subroutines/bdi/bdi.s)");
    return 1;
  }
  int held = enqueue(ctl, parent, pc, b, 1, g->cfg->awc_store == TM_AWC_STORE_HOLD ? r : NULL, n);
  return held || g->failed;
}

/* The store a pending block holds (awc_store hold) goes out as it is. */
static void release_held(tm_gpu *g, tm_req **held, int64_t n) {
  if (*held) tm_send_up(g, *held, tm_cycles(g->core, n));
  *held = NULL;
}

/* Block b (its bytes as they are now) waits for compression, holding store r (NULL: none); 'predict':
 * the predictor may decide it is not worth it.  Returns 1 when it holds r, else 0 (a failure is in
 * g->failed). */
static int enqueue(tm_awc *ctl, tm_parent parent, uint32_t pc, uint64_t b, int predict, tm_req *r, int64_t n) {
  tm_gpu *g = ctl->g;
  /* the block waits already (a store wrote it again): its copy is the newest */
  for (uint32_t i = 0; i < ctl->nasq; i++) {
    tm_store_wait *w = pending(ctl, i);
    if (w->addr != b) continue;
    if (!tm_block_read(&g->z, g->d, b, w->block)) memset(w->block, 0, g->z.unit);
    w->pc = pc; w->p = parent;
    if (!r) return 0;
    if (w->held) tm_req_free(g, w->held);   /* (the newer store wrote the whole block again: the older one need not go) */
    w->held = r;
    return 1;
  }
  /* the predictor: a store whose blocks have not compressed lately is not compressed (every
   * TM_PREDICT_RETRY-th one tries again, to notice a change) */
  uint32_t p = pc % TM_PREDICT;
  if (g->cfg->awc_predict && predict) {
    if (!ctl->predict[p]) {
      if (++ctl->skipped[p] < TM_PREDICT_RETRY) { g->st->assist_predicted++; return 0; }
      ctl->skipped[p] = 0;
    } else if (ctl->predict[p] == 1 && ctl->trying[p]) { g->st->assist_predicted++; return 0; }   /* unsure: one block at a time */
    /* the data the SM reads does not compress: a store pc not known to compress does not try */
    if (!ctl->fill_hint && ctl->predict[p] < 2) { g->st->assist_predicted++; return 0; }
  }
  /* a table of one entry, which compression never takes (half stays for decompression), or no
   * pending line: none */
  uint32_t room = store_room(ctl);
  if (ctl->nawt < 2 || !room) { g->st->assist_overflow++; return 0; }
  while (ctl->nasq >= room) {   /* full: the oldest leaves, as a full set evicts its least recently used line */
    release_held(g, &pending(ctl, 0)->held, n);
    ctl->asq_head = (ctl->asq_head + 1) % ctl->capasq;
    ctl->nasq--;
    g->st->pack_evicted++;
  }
  if (ctl->nasq == ctl->capasq) {   /* the queue grows (it holds store_room at most) */
    uint32_t cap = ctl->capasq ? 2 * ctl->capasq : 16;
    tm_store_wait *q = malloc(cap * sizeof *q);
    if (!q) { tm_fail(g, "out of host memory for a pending store"); return 0; }
    for (uint32_t i = 0; i < ctl->nasq; i++) q[i] = *pending(ctl, i);
    free(ctl->asq);
    ctl->asq = q;
    ctl->capasq = cap;
    ctl->asq_head = 0;
  }
  tm_store_wait *w = &ctl->asq[(ctl->asq_head + ctl->nasq++) % ctl->capasq];
  w->addr = b; w->pc = pc; w->p = parent; w->held = r;
  if (!tm_block_read(&g->z, g->d, b, w->block)) memset(w->block, 0, g->z.unit);
  g->st->assist_store_waits++;
  pump(ctl, n);   /* (a failure is in g->failed) */
  return r != NULL;
}

uint32_t tm_awc_of_cta(const tm_awc *ctl, const cta *c, uint64_t serial) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < ctl->nawt; i++) {
    const tm_assist *a = &ctl->awt[i];
    n += a->live && (a->bind || a->miss) && a->pcta == c && a->pserial == serial;
  }
  return n;
}

/* 1 when subroutine sr has kept registers and an instance of it for parent
 * warp w is live: its kept registers are in use (one run at a time). */
static int keep_busy(const tm_awc *ctl, uint32_t sr, const warp *w) {   /* (pc triggers) */
  const tm_gpu *g = ctl->g;
  if (!g->m->img.subrs[sr].nkeep) return 0;
  for (uint32_t i = 0; i < ctl->nawt; i++)
    if (ctl->awt[i].live && ctl->awt[i].subr == sr && ctl->awt[i].parent == w) return 1;
  return 0;
}

int tm_awc_pc(tm_awc *ctl, tm_warp *tw, const emu_pc_bind *b, int64_t n, int64_t *wait) {
  tm_gpu *g = ctl->g;
  int low = g->m->img.subrs[b->subr].priority == ISA_PRIO_LOW;
  int64_t t = 0;   /* the live-ins must hold their values: the MOVEs read them */
  for (uint32_t i = 0; i < b->nin; i++) if (tw->reg_ready[b->parent_in[i]] > t) t = tw->reg_ready[b->parent_in[i]];
  if (t > n) { *wait = t; return 0; }
  if (low && ctl->busy) { g->st->assist_throttled++; return 1; }
  tm_assist *a = keep_busy(ctl, b->subr, tw->w) ? NULL : free_entry(ctl);
  if (!a) {   /* a full table (or its kept registers busy): a low-priority one is dropped, a high-priority one waits */
    if (low) { g->st->assist_overflow++; return 1; }
    *wait = n + 1;
    return 0;
  }
  memset(&a->line, 0, sizeof a->line);   /* no line: empty buffers */
  if (emu_assist_start(a->c, g->m->img.subrs[b->subr].func, &a->line, g->fault, tw->tc->c)) { g->failed = 1; return -1; }
  emu_assist_livein(a->c, tw->w, b);
  a->waiters = NULL;
  a->compress = 0;
  a->miss = 0;
  a->merge = 0;
  a->bind = b;
  a->ptw = low ? NULL : tw;
  a->moves = b->nin;
  go(ctl, a, b->subr, parent_of(tw), 0, n);
  return low ? 1 : 2;
}

static int start_miss(tm_awc *ctl, tm_assist *a, int sr, tm_parent parent, uint64_t addr, int pf_hit, int64_t n);

int tm_awc_miss(tm_awc *ctl, tm_parent parent, uint64_t addr, int pf_hit, int64_t n) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  int sr = emu_subroutine_on(g->m, ISA_TRIG_MISS);
  if (sr < 0) return 0;
  int low = g->m->img.subrs[sr].priority == ISA_PRIO_LOW;
  /* a prefetcher only while the memory pipeline has room: not with most L1 MSHRs in use */
  if (low && (ctl->busy || (s->has_l1 && (double)cache_mshrs_used(&s->l1) > g->cfg->awc_mshr_fraction * (double)s->l1.mshrs))) {
    g->st->assist_throttled++;
    g->st->pf_throttled++;
    return 0;
  }
  if (g->m->img.subrs[sr].nkeep)   /* its warp's run of it is live: the trigger waits for it to end (one, the latest) */
    for (uint32_t i = 0; i < ctl->nawt; i++) {
      tm_assist *b = &ctl->awt[i];
      if (!b->live || b->subr != (uint32_t)sr || b->parent != parent.w) continue;
      if (b->again) { g->st->assist_overflow++; g->st->pf_throttled++; }   /* the one waiting is dropped */
      b->again = 1; b->again_addr = addr; b->again_hit = pf_hit != 0; b->again_parent = parent;
      return 0;
    }
  tm_assist *a = free_entry(ctl);
  if (!a) { g->st->assist_overflow++; g->st->pf_throttled++; return 0; }   /* (a miss does not wait for an entry) */
  return start_miss(ctl, a, sr, parent, addr, pf_hit, n);
}

/* Starts entry a on 'miss' subroutine sr for the line at addr.  0, or -1 on a failure. */
static int start_miss(tm_awc *ctl, tm_assist *a, int sr, tm_parent parent, uint64_t addr, int pf_hit, int64_t n) {
  tm_gpu *g = ctl->g;
  a->again = 0;
  memset(&a->line, 0, sizeof a->line);   /* .lmeta: the line's size and address; no payload */
  set_meta(&a->line, 0, 0, (uint32_t)g->cfg->l1_line_bytes, g->z.mag ? g->z.mag : (uint32_t)g->cfg->dram_mag, addr);
  a->line.meta[24] = (uint8_t)(pf_hit != 0);   /* byte 24: 1 = the first read of a prefetched line, 0 = a miss */
  if (emu_assist_start(a->c, g->m->img.subrs[sr].func, &a->line, g->fault, parent.c)) { g->failed = 1; return -1; }
  a->miss = 1;
  a->merge = 0;
  a->waiters = NULL;
  a->compress = 0;
  a->bind = NULL;
  a->ptw = NULL;
  a->moves = 0;
  go(ctl, a, (uint32_t)sr, parent, addr, n);
  return 0;
}

static int merge_block(tm_awc *ctl, tm_parent parent, uint64_t addr, int64_t n);
static void direct_wait(tm_awc *ctl, tm_load *l);

void tm_awc_load_done(tm_awc *ctl, tm_load *l) {
  tm_gpu *g = ctl->g;
  if (l->merge) {   /* a partial store's block is back: a decompression assist warp takes it */
    if (merge_block(ctl, l->parent, l->addr, l->ready) < 0) g->failed = 1;
    tm_load_free(g, l);
    return;
  }
  if (l->direct) { direct_wait(ctl, l); return; }
  tm_assist *a = l->aw;
  const tm_regs *r = &g->regs[l->pc];
  for (uint32_t j = 0; j < r->ndst; j++) aw_ready(a, r->dst[j], l->ready);
  a->pending--;
  if (a->next_issue > l->ready) a->next_issue = l->ready;
  int64_t *next = &ctl->awt_next[2 * a->sched + (uint32_t)a->low];
  if (*next > a->next_issue) *next = a->next_issue;
  tm_load_free(g, l);
}

/* Takes entry a out of the table and the buffer. */
static void retire(tm_awc *ctl, tm_assist *a) {
  tm_gpu *g = ctl->g;
  a->live = 0;
  ctl->nlive--;
  g->live_assists--;
  if (a->compress) g->live_compress--;
  uint32_t q = 2 * a->sched + (uint32_t)a->low, i = 0;
  ctl->awt_live[q] &= ~(1ull << (a - ctl->awt));
  uint8_t *order = &ctl->awt_order[q * 64];
  while (order[i] != (uint8_t)(a - ctl->awt)) i++;
  memmove(&order[i], &order[i + 1], (size_t)(ctl->awt_n[q] - i - 1));
  ctl->awt_n[q]--;
  /* the ones behind it (beyond the low-priority partition) are looked at from the next cycle */
  if (ctl->awt_next[q] > g->cycle + 1) ctl->awt_next[q] = g->cycle + 1;
}

void tm_awc_launch_over(tm_awc *ctl, int64_t n) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  g->st->pack_dropped += ctl->nasq;
  for (uint32_t i = 0; i < ctl->nasq; i++) release_held(g, &pending(ctl, i)->held, n);   /* (hold: the stores go out as they are) */
  ctl->nasq = ctl->asq_head = 0;
  for (uint32_t i = 0; i < ctl->nawt; i++) {
    tm_assist *a = &ctl->awt[i];
    if (!a->live || !a->compress) continue;
    retire(ctl, a);
    g->st->pack_killed++;
    release_held(g, &a->held, n);
    if (ctl->trying[a->store_pc % TM_PREDICT]) ctl->trying[a->store_pc % TM_PREDICT]--;
    if (g->d->timeline) tm_timeline_assist(g, s, i, "killed (the launch is over)", subr_name(g, a->subr), n, 1);
  }
}

/* The controller kills s's low-priority 'pc' assist warps that have not
 * issued yet (throttling has started): their entries are flushed. */
static void kill_waiting(tm_awc *ctl) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  for (uint32_t i = 0; i < ctl->nawt; i++) {
    tm_assist *a = &ctl->awt[i];
    if (!a->live || !a->low || !(a->bind || a->miss) || a->insns || (a->bind && a->moves < a->bind->nin)) continue;
    retire(ctl, a);
    g->st->assist_killed++;
    if (a->again) { a->again = 0; g->st->assist_overflow++; g->st->pf_throttled++; }   /* (the trigger that waited for it goes too) */
    if (g->d->timeline) tm_timeline_assist(g, s, i, "killed by the controller", subr_name(g, a->subr), g->cycle, 1);
    if (a->pcta) tm_sm_assist_ended(g, s, a->pcta, a->pserial, tm_cycles(g->core, g->cycle));
  }
}

/* A decompression for the line at addr (its waiting loads, or a partial
 * store's merge): an entry now, or a place in the queue for one. */
static void decompress(tm_awc *ctl, uint64_t addr, tm_req *waiters, const tm_parent *merge, int64_t n) {
  tm_gpu *g = ctl->g;
  tm_assist *a = free_entry(ctl);
  if (a) { start(ctl, a, addr, waiters, merge, n); return; }
  if (ctl->awq_head + ctl->nawq == ctl->capawq && ctl->awq_head) {   /* room at the front: move down */
    memmove(&ctl->awq[0], &ctl->awq[ctl->awq_head], ctl->nawq * sizeof *ctl->awq);
    ctl->awq_head = 0;
  }
  if (ctl->nawq == ctl->capawq) {   /* the table is full: the line waits */
    uint32_t cap = ctl->capawq ? 2 * ctl->capawq : 16;
    tm_assist_wait *q = realloc(ctl->awq, cap * sizeof *q);
    if (!q) { tm_fail(g, "out of host memory"); return; }
    ctl->awq = q;
    ctl->capawq = cap;
  }
  tm_assist_wait *w = &ctl->awq[ctl->awq_head + ctl->nawq];
  w->addr = addr;
  w->waiters = waiters;
  w->merge = merge != NULL;
  if (merge) w->parent = *merge;
  ctl->nawq++;
}

int tm_awc_fill(tm_awc *ctl, uint64_t addr, tm_req *waiters, int64_t n) {
  tm_gpu *g = ctl->g;
  if (g->z.design.decompress != TM_BY_ASSIST || !waiters) return 0;
  /* its stored form: compressed, an assist warp decompresses it */
  codec_meta form;
  if (tm_cmem_form(g, addr, &form)) return 0;   /* (the fault is in g->failed) */
  if (!form.encoding) {   /* incompressible data: the predictor hears of it (a block a kernel wrote uncompressed says nothing) */
    uint32_t enc, size;
    if (tm_device_block_get(g->d, addr / g->z.unit * g->z.unit, g->z.unit, &enc, &size) == TM_BLOCK_PACKED && ctl->fill_hint) ctl->fill_hint--;
    return 0;
  }
  if (ctl->fill_hint < 3) ctl->fill_hint++;
  tm_assist *a = free_entry(ctl);
  if (a) start(ctl, a, addr, waiters, NULL, n);   /* (a failure is in g->failed) */
  else decompress(ctl, addr, waiters, NULL, n);
  return 1;
}

/* Design caba, CABA 5.2: the compressed block at addr that a partial store of 'parent' wrote to
 * has come back to the SM: a decompression assist warp takes it (or it waits for an entry), and
 * at its exit the whole line goes back to L2, uncompressed.  0, or -1 on a fault. */
static int merge_block(tm_awc *ctl, tm_parent parent, uint64_t addr, int64_t n) {
  tm_gpu *g = ctl->g;
  decompress(ctl, addr, NULL, &parent, n);
  return g->failed ? -1 : 0;
}

/* Entry a's warp has finished at cycle n: checks its output, completes the
 * loads (or sends the store on, or lets the parent go on with its live-outs),
 * and gives the entry to the first waiting line. */
static int finish(tm_awc *ctl, tm_assist *a, int64_t n) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  char why[300];
  int killed = a->c->warps[0].killed;
  codec_meta packed = { 0, 0 };   /* compression: what it made */
  if (a->miss) {
    /* a prefetcher's: nothing to check, nobody waits */
  } else if (a->bind) {   /* a 'pc' trigger's: the live-outs go back (not after awkill) */
    if (a->bind->skipif && !killed) {
      uint32_t hit = emu_assist_skips(a->c, a->bind);
      g->st->skip_hits += (uint64_t)emu_popc32(hit);
      g->st->skip_misses += (uint64_t)emu_popc32(a->c->warps[0].start_mask & ~hit);
    }
    if (a->ptw) {   /* each live-out is copied when its value is ready, at the exit at the earliest */
      int64_t ready[EMU_MAX_LIVE];
      for (uint32_t i = 0; i < a->bind->nout; i++) ready[i] = a->reg_ready[a->bind->sub_out[i]] > n + 1 ? a->reg_ready[a->bind->sub_out[i]] : n + 1;
      int lo = emu_assist_liveout(a->c, a->ptw->tc->c, a->ptw->w, a->bind);
      if (lo < 0) { g->failed = 1; return -1; }
      tm_sm_resume(s, a->ptw, a->bind, lo ? NULL : ready, n);
    }
  } else if (a->compress) {   /* compression: any encoding its round trip gives back (awkill: the block stays as it went) */
    tm_cmem_result(g, &a->line, &packed);
    if (killed) packed.encoding = 0;
    if (packed.encoding && tm_cmem_made(g, a->addr, a->in, a->out, &packed, (int)a->subr)) return -1;
  } else {
    if (killed) {
      snprintf(why, sizeof why, "assist warp %s decompressing the line at 0x%llx ended with awkill: the loads (or the partial store) waiting for the line need it",
               subr_name(g, a->subr), (unsigned long long)a->addr);
      tm_fail(g, why);
      return -1;
    }
    if (memcmp(a->out, a->want, g->z.unit)) {   /* the first byte that differs */
      uint32_t i = 0;
      while (a->out[i] == a->want[i]) i++;
      snprintf(why, sizeof why, "assist warp %s decompressing the line at 0x%llx: byte %u of its .lout is 0x%02x, the line's is 0x%02x",
               subr_name(g, a->subr), (unsigned long long)a->addr, i, a->out[i], a->want[i]);
      tm_fail(g, why);
      return -1;
    }
  }
  if (killed) g->st->assist_awkill++;
  if (a->pcta && a->pcta->serial == a->pserial) emu_assist_keep_save(a->c, a->parent, a->subr);   /* (its parent's CTA may have ended) */
  retire(ctl, a);
  int chained = a->miss && a->again;   /* (a waiting trigger of the same warp takes the entry at once) */
  if ((a->bind || a->miss) && !chained && a->pcta) tm_sm_assist_ended(g, s, a->pcta, a->pserial, tm_cycles(g->core, n));
  if (g->d->timeline) tm_timeline_assist(g, s, (uint32_t)(a - ctl->awt), killed ? "killed (awkill)" : "exit", subr_name(g, a->subr), n, 1);
  if (a->compress) {   /* the predictor learns whether the store's blocks compress */
    uint32_t p = a->store_pc % TM_PREDICT;
    if (ctl->trying[p]) ctl->trying[p]--;
    if (!killed) ctl->lastenc[p] = (uint8_t)packed.encoding;
    if (!killed && packed.encoding && ctl->predict[p] < 3) ctl->predict[p]++;
    else if (!killed && !packed.encoding && ctl->predict[p]) ctl->predict[p]--;
  }
  if (a->compress) {   /* the payload goes to L2, to replace the line the store left there uncompressed */
    if (!packed.encoding) g->st->pack_raw++;
    if (a->held) {   /* awc_store hold: the store goes out now, with the payload when it compressed */
      if (packed.encoding) { send_store(g, a->held, &packed, n); a->held = NULL; g->st->pack_applied++; }
      else release_held(g, &a->held, n);
    } else if (packed.encoding && send_pack(ctl, a->addr, a->in, &packed, tm_cycles(g->core, n)) < 0) return -1;
  } else if (a->merge) {   /* CABA 5.2: the line, merged with the partial store, goes back whole and uncompressed, and is compressed again */
    if (merge_back(ctl, a->addr, tm_cycles(g->core, n)) < 0) return -1;
    enqueue(ctl, a->from, TM_PREDICT_MERGE, a->addr / g->z.unit * g->z.unit, 0, NULL, n);
    if (g->failed) return -1;
  } else if (!a->bind && !a->miss) {
    release(ctl, a->waiters, n, tm_cycles(g->core, n));
    if (!g->cfg->l2_compressed && send_plain(ctl, a->addr, tm_cycles(g->core, n)) < 0) return -1;
  }
  if (a->miss && a->again) {   /* the trigger that waited for this run: its warp's next one */
    if (a->pcta->serial == a->pserial && start_miss(ctl, a, (int)a->subr, a->again_parent, a->again_addr, a->again_hit, n + 1)) return -1;
    if (a->live) return 0;
  }
  if (ctl->nawq) {
    tm_assist_wait w = ctl->awq[ctl->awq_head++];
    if (!--ctl->nawq) ctl->awq_head = 0;
    if (start(ctl, a, w.addr, w.waiters, w.merge ? &w.parent : NULL, n + 1)) return -1;
  } else if (pump(ctl, n + 1)) return -1;   /* pending blocks' turn */
  return 0;
}

/* ---- Direct Load (CABA 7.6, awc_direct_load) ---- */

/* Warp load l read a line that is compressed in L1: its registers wait for the add that puts
 * the bases to the deltas (direct_add). */
static void direct_wait(tm_awc *ctl, tm_load *l) {
  if (ctl->ndl == ctl->dlq_cap) {
    uint32_t cap = ctl->dlq_cap ? 2 * ctl->dlq_cap : 64;
    tm_load **q = realloc(ctl->dlq, cap * sizeof *q);
    if (!q) { tm_fail(ctl->g, "out of host memory for a Direct Load"); return; }
    ctl->dlq = q;
    ctl->dlq_cap = cap;
  }
  ctl->dlq[ctl->ndl++] = l;
}

/* The oldest load of scheduler k's warps whose compressed lines' deltas have come issues its
 * add, one assist-warp instruction in an ALU pipeline, if one is free at cycle n; its
 * registers are ready after the add's latency.  1 when it issued. */
static int direct_add(tm_awc *ctl, uint32_t k, int64_t n) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  uint32_t i = 0;
  while (i < ctl->ndl && (ctl->dlq[i]->tw->sched != k || ctl->dlq[i]->ready > n)) i++;
  if (i == ctl->ndl) return 0;
  int64_t ready = tm_sm_alu_take(g, s, ISA_OP_ADD, n);
  if (ready < 0) return 0;
  tm_load *l = ctl->dlq[i];
  memmove(&ctl->dlq[i], &ctl->dlq[i + 1], (ctl->ndl - i - 1) * sizeof *ctl->dlq);
  ctl->ndl--;
  g->st->assist_triggered++;
  g->st->assist_insns++;
  g->st->aw_started[TM_AW_DIRECT]++;
  g->st->aw_insns[TM_AW_DIRECT]++;
  l->direct = 0;
  l->ready = ready;
  tm_load_complete(g, s, l, tm_cycles(g->core, n));
  return 1;
}

/* ---- issue ---- */

int tm_awc_issue(tm_awc *ctl, uint32_t k, int low, int64_t n, int *ldst_free) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  if (!low && ctl->ndl && direct_add(ctl, k, n)) return 1;   /* a Direct Load's add: high priority, first */
  if (!ctl->nlive) return 0;
  int64_t *next = &ctl->awt_next[2 * k + (uint32_t)low], soonest = INT64_MAX;
  if (*next > n) return 0;
  tm_assist *best = NULL;
  int retired = 0, no_pipe = 0;
  int64_t pipe = -1;
  uint32_t q = 2 * k + (uint32_t)low;
  /* the oldest that can issue, in the order as it was when the look began
   * (one that finishes on the way changes the table's: the rest of it is
   * copied first) */
  uint8_t copy[64];
  const uint8_t *order = &ctl->awt_order[q * 64];
  uint32_t no = ctl->awt_n[q];
  if (low && ctl->busy) { *next = n + 1; return 0; }   /* throttled: low-priority work is held back */
  if (low && no > (uint32_t)g->cfg->awb_low_entries) no = (uint32_t)g->cfg->awb_low_entries;   /* the buffer's low-priority partition; the rest wait in the table */
  for (uint32_t i = 0; i < no && !best; i++) {
    tm_assist *a = &ctl->awt[order[i]];
    if (a->next_issue > n) { if (a->next_issue < soonest) soonest = a->next_issue; continue; }
    if (a->moves) { best = a; break; }   /* a live-in MOVE: its source was ready when it was triggered */
    if (!a->next && (a->next = emu_next(a->c, &a->c->warps[0]))) a->r = &g->regs[a->next - g->m->code];
    if (!a->next) {
      if (a->c->warps[0].state != W_DONE) {   /* control ran past the subroutine's end: the step records the fault */
        if (emu_step(a->c, &a->c->warps[0], &g->issue) != EMU_STEP_FAULT) tm_fail(g, "an assist warp past its subroutine's end did not fault (an internal error)");
        g->failed = 1;
        return -1;
      }
      if (a->pending) { a->next_issue = TM_NEVER; continue; }   /* it exits when its memory instructions are back */
      retired = 1;
      if (order != copy) { memcpy(copy + i + 1, order + i + 1, no - i - 1); order = copy; }
      if (finish(ctl, a, n)) return -1;
      if (a->live && a->next_issue < soonest) soonest = a->next_issue;   /* the entry took a waiting line */
      continue;
    }
    /* the scoreboard and the pipelines, as a warp's instruction meets them */
    int64_t at = TM_NEVER;
    int hold = tm_issue_check(s, a->reg_ready, a->all_ready, a->pending, a->r, 0, *ldst_free, n, &pipe, &at);
    if (hold == TM_HOLD_DATA) { a->next_issue = at; if (at < soonest) soonest = at; continue; }
    if (hold == TM_HOLD_MEM) { soonest = n; continue; }
    best = a;   /* the oldest ready (with every pipeline of its unit busy, none issues this cycle) */
    no_pipe = hold == TM_HOLD_COMP;
  }
  *next = best ? n : soonest;   /* (with one issuing, the rest were not all looked at) */
  if (retired && *next > n + 1) *next = n + 1;   /* one left: those behind it in the partition come in */
  if (!best) return 0;
  tm_assist *a = best;
  if (a->moves) {   /* a MOVE of a live-in: an ALU pipeline for a cycle */
    int64_t ready = tm_sm_alu_take(g, s, ISA_OP_MOV, n);   /* (a mov's latency and initiation interval) */
    if (ready < 0) { *next = n + 1; return 0; }
    aw_ready(a, a->bind->sub_in[a->bind->nin - a->moves], ready);
    a->moves--;
    g->st->assist_insns++;
    g->st->aw_insns[a->kind]++;
    g->st->assist_moves++;
    if (g->d->timeline) tm_timeline_assist(g, s, (uint32_t)(a - ctl->awt), "mov (live-in)", subr_name(g, a->subr), n, 0);
    a->next_issue = n + 1;
    *next = n;
    return 1;
  }
  if (no_pipe) return 0;
  warp *w = &a->c->warps[0];
  const tm_regs *r = a->r;
  /* executed on the functional core; its counts are not the launch's */
  emu_issue *is = r->unit == U_LDST ? &g->issue : NULL;
  uint32_t w_pc = (uint32_t)(a->next - g->m->code);
  int st = emu_step_assist(a->c, w, is, (uint64_t)n);
  a->next = NULL;
  if (st == EMU_STEP_FAULT) { g->failed = 1; return -1; }
  int global = 0;
  if (is && is->is_mem && (is->spaces & (1u << ISA_SP_GLOBAL | 1u << ISA_SP_LOCAL)))
    for (int l = 0; l < WARP; l++) {
      if (!(is->active >> l & 1)) continue;
      if (is->space[l] == ISA_SP_GLOBAL) global = 1;
      if (is->space[l] == ISA_SP_LOCAL) {
        char why[300];
        snprintf(why, sizeof why, "assist warp %s accessed local memory at 0x%llx (pc %u): the timing model does not time assist warps' local memory (functional mode runs it)",
                 subr_name(g, a->subr), (unsigned long long)is->addr[l], (uint32_t)(is->pc - g->m->funcs[g->m->img.subrs[a->subr].func].first_pc));
        tm_fail(g, why);
        return -1;
      }
    }
  if (++a->insns > EMU_ASSIST_MAX_INSNS) {
    char why[200];
    snprintf(why, sizeof why, "assist warp %s ran more than %d instructions on the line at 0x%llx",
             subr_name(g, a->subr), EMU_ASSIST_MAX_INSNS, (unsigned long long)a->addr);
    tm_fail(g, why);
    return -1;
  }
  g->st->assist_insns++;
  g->st->aw_insns[a->kind]++;
  if (g->d->timeline) tm_timeline_assist(g, s, (uint32_t)(a - ctl->awt), isa_ops[g->m->code[w_pc].op].name, subr_name(g, a->subr), n, 0);
  a->next_issue = n + 1;
  *next = n;   /* the others may issue next cycle, and so may it */
  tm_pipe_book(s, r, pipe, n);
  int64_t ready = n + r->latency;
  if (global) {   /* global memory: through the LD/ST unit and the caches, as a warp's */
    *ldst_free = 0;
    tm_load *l;
    if (tm_sm_ldst_take(g, s, &g->m->code[w_pc], is, n, &l) < 0) return -1;
    for (uint32_t j = 0; j < r->ndst; j++) aw_ready(a, r->dst[j], ready);
    if (!l) return 1;   /* (a store, as a warp's, leaves and is not waited for) */
    uint32_t op = g->m->code[w_pc].op;
    if (op == ISA_OP_PREFETCH || op == ISA_OP_PREFETCHU) { l->detached = 1; return 1; }   /* no register waits: the assist warp goes on, and may end, at once */
    l->aw = a;
    a->pending++;
    for (uint32_t j = 0; j < r->ndst; j++) aw_ready(a, r->dst[j], TM_NEVER);
    return 1;
  }
  if (r->unit == U_LDST) {   /* the line buffer (or its own shared memory): the LD/ST unit for a cycle, the value after an L1 hit's latency */
    *ldst_free = 0;
    if (s->ldst_busy_until < n + 1) s->ldst_busy_until = n + 1;
    ready = n + (g->cfg->awb_line_latency >= 0 ? g->cfg->awb_line_latency : g->cfg->l1_latency);
  }
  for (uint32_t j = 0; j < r->ndst; j++) aw_ready(a, r->dst[j], ready);
  return 1;
}

int64_t tm_awc_wake(const tm_awc *ctl, int64_t n) {
  if (ctl->ndl) return n + 1;   /* Direct Load adds wait (for their data, or an ALU pipeline) */
  int64_t w = INT64_MAX;
  for (uint32_t i = 0; i < ctl->nawt; i++)
    if (ctl->awt[i].live && ctl->awt[i].next_issue < w) w = ctl->awt[i].next_issue;
  return w <= n + 1 ? n + 1 : w;
}

int tm_awc_describe(const tm_awc *ctl, const warp *w, int i, char *buf, size_t cap) {
  const tm_gpu *g = ctl->g;
  for (uint32_t e = 0; e < ctl->nawt; e++) {
    const tm_assist *a = &ctl->awt[e];
    if (!a->live || a->parent != w || i--) continue;
    const warp *aw = &a->c->warps[0];
    uint32_t pc = aw->sp ? aw->stack[aw->sp - 1].pc : 0, first = g->m->funcs[g->m->img.subrs[a->subr].func].first_pc;
    char what[96];
    if (a->bind) snprintf(what, sizeof what, "started at its parent's pc %u", (uint32_t)(a->bind->pc - g->m->funcs[a->bind->kernel].first_pc));
    else if (a->miss) snprintf(what, sizeof what, "started by %s 0x%llx", a->line.meta[24] ? "the first read of the prefetched line at" : "a miss at",
                               (unsigned long long)a->addr);
    else snprintf(what, sizeof what, "%s the line at 0x%llx", a->compress ? "compressing" : "decompressing", (unsigned long long)a->addr);
    snprintf(buf, cap, "%s, %s priority, %s, pc %u, %llu instructions so far%s", subr_name(g, a->subr),
             a->low ? "low" : "high", what, pc >= first ? pc - first : pc, (unsigned long long)a->insns,
             a->next_issue > g->cycle ? "; waits for its operands" : "");
    return 1;
  }
  return 0;
}

int tm_awc_find(const tm_awc *ctl, const void *c, char *buf, size_t cap, const void **parent_cta, const void **parent_warp,
                uint32_t *parent_id) {
  for (uint32_t e = 0; e < ctl->nawt; e++) {
    const tm_assist *a = &ctl->awt[e];
    if (!a->live || a->c != c) continue;
    *parent_cta = a->pcta && a->pcta->serial == a->pserial ? a->pcta : NULL;   /* (its runner may run another block now) */
    *parent_warp = a->parent;
    *parent_id = a->pwid;
    int i = 0;   /* its place among its parent's: tm_awc_describe counts them */
    for (uint32_t f = 0; f < e; f++) i += ctl->awt[f].live && ctl->awt[f].parent == a->parent;
    tm_awc_describe(ctl, a->parent, i, buf, cap);
    return 1;
  }
  return 0;
}

void tm_awc_watch(tm_awc *ctl, int64_t n) {
  tm_gpu *g = ctl->g;
  tm_sm *s = ctl->s;
  int64_t span = n - ctl->window_from;
  if (span < g->cfg->awc_window) return;
  uint64_t used = s->issue[TM_ISSUE_ACTIVE] + s->issue[TM_ISSUE_ASSIST];
  int was = ctl->busy;
  ctl->busy = (double)(used - ctl->window_used) > g->cfg->awc_busy_fraction * (double)span * (double)s->nsched ||
            (double)(s->alu_busy - ctl->window_alu) > g->cfg->awc_alu_fraction * (double)span * (double)s->units[U_ALU];
  ctl->window_from = n;
  ctl->window_used = used;
  ctl->window_alu = s->alu_busy;
  if (ctl->busy && !was && g->cfg->awc_kill) kill_waiting(ctl);
  if (!ctl->busy && was) pump(ctl, n);   /* (a failure is in g->failed) */
}
