/* emu/timing/gpu.c -- a launch in timing mode: CTA dispatch, the cycle loop, the crossbar and
 * the memory partitions (L2 slices and DRAM channels).
 *
 * The loop: at core cycle n, every event due by n's clock edge runs (replies,
 * crossbar arrivals, L2 slices, DRAM ticks, each on its own clock), then
 * every awake SM simulates cycle n, in SM order.  When every SM sleeps the
 * loop jumps to the next wake-up or event: idle stretches cost nothing.
 *
 * The crossbar, each direction: a packet of F flits leaves its input port
 * when both that port and its output port are free, holds both for
 * F / icnt_flits_per_cycle interconnect cycles, and arrives icnt_latency
 * cycles after its last flit left.
 * An L2 slice takes one request per L2 cycle; a hit replies after l2_latency
 * L2 cycles; a miss asks DRAM for the missing sectors, in ceil(bytes / MAG)
 * bursts; writes allocate without fetching (write-back), a dirty victim is
 * written to DRAM; atomics are done at L2.  A store counts as done when the
 * L2 slice has it (no acknowledgement travels back).
 */
#include "awc.h"
#include "tm_launch.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- pools ---- */

static int grow_pool(tm_gpu *g, size_t elem, size_t n, void **first) {
  if (g->nblocks == g->capblocks) {
    uint32_t cap = g->capblocks ? g->capblocks * 2 : 16;
    void **b = realloc(g->blocks, cap * sizeof *b);
    if (!b) return -1;
    g->blocks = b;
    g->capblocks = cap;
  }
  void *p = calloc(n, elem);
  if (!p) return -1;
  g->blocks[g->nblocks++] = p;
  *first = p;
  return 0;
}

tm_req *tm_req_new(tm_gpu *g) {
  if (!g->free_reqs) {
    void *p;
    if (grow_pool(g, sizeof(tm_req), 1024, &p)) return NULL;
    tm_req *r = p;
    for (int i = 0; i < 1024; i++) { r[i].next = g->free_reqs; g->free_reqs = &r[i]; }
  }
  static const tm_req zero;   /* (copied: a few wide stores, where memset of this size is a string instruction) */
  tm_req *r = g->free_reqs;
  g->free_reqs = r->next;
  *r = zero;
  g->outstanding++;
  return r;
}

void tm_req_free(tm_gpu *g, tm_req *r) {
  r->next = g->free_reqs;
  g->free_reqs = r;
  g->outstanding--;
}

tm_load *tm_load_new(tm_gpu *g) {
  if (!g->free_loads) {
    void *p;
    if (grow_pool(g, sizeof(tm_load), 256, &p)) return NULL;
    tm_load *l = p;
    for (int i = 0; i < 256; i++) { l[i].next_free = g->free_loads; g->free_loads = &l[i]; }
  }
  static const tm_load zero;   /* (as in tm_req_new) */
  tm_load *l = g->free_loads;
  g->free_loads = l->next_free;
  *l = zero;
  return l;
}

void tm_load_free(tm_gpu *g, tm_load *l) {
  l->next_free = g->free_loads;
  g->free_loads = l;
}

void tm_fail(tm_gpu *g, const char *what) {
  if (!g->failed) {
    memset(g->fault, 0, sizeof *g->fault);
    snprintf(g->fault->kernel, sizeof g->fault->kernel, "%s", isa_str(&g->m->img, g->m->img.funcs[g->m->kernels[g->kernel]].name));
    snprintf(g->fault->what, sizeof g->fault->what, "timing model: %s", what);
    g->fault->placeless = 1;
  }
  g->failed = 1;
}

/* ---- the crossbar ---- */

static uint32_t flits(const tm_gpu *g, uint32_t bytes) {
  uint32_t fb = (uint32_t)g->cfg->icnt_flit_bytes;
  return (bytes + fb - 1) / fb;
}

/* When a packet of 'bytes' from port src to port dst, ready at t, arrives.
 * Each input sends its packets one after another and each output takes them
 * one after another, icnt_flits_per_cycle flits a cycle; a packet waiting for
 * a busy output waits in its input's queue for that output (virtual output
 * queues, as iSLIP-style crossbars have), so it does not hold up the input's
 * packets to other outputs (a single FIFO per input would: head-of-line
 * blocking, which capped irregular kernels at half the DRAM bandwidth). */
static tm_time xbar_send(tm_gpu *g, tm_xbar *x, uint32_t src, uint32_t dst, uint32_t bytes, tm_time t) {
  tm_time start = tm_edge_at_or_after(g->icnt, t);
  int64_t f = flits(g, bytes), fpc = g->cfg->icnt_flits_per_cycle;
  tm_time busy = tm_cycles(g->icnt, (f + fpc - 1) / fpc);
  if (x->in_free[src] > start) start = x->in_free[src];
  x->in_free[src] = start + busy;
  if (x->out_free[dst] > start) start = x->out_free[dst];
  x->out_free[dst] = start + busy;
  return start + busy + tm_cycles(g->icnt, g->cfg->icnt_latency);
}

static void slice_arrive(void *obj, void *arg, tm_time now);
static void sm_arrive(void *obj, void *arg, tm_time now);

tm_time tm_up_room(const tm_gpu *g, uint32_t sm) {
  /* the port is booked until in_free; the buffer holds icnt_buffer_flits of that (up_margin) */
  return g->up.in_free[sm] - g->up_margin;
}

void tm_send_up(tm_gpu *g, tm_req *r, tm_time t) {
  tm_place p;
  tm_map(g->cfg, r->addr, &p);
  r->part = p.part;
  r->slice = p.slice;
  r->bank = p.bank;
  r->row = p.row;
  uint32_t bytes = (uint32_t)g->cfg->request_header_bytes + (r->kind == REQ_WR || r->kind == REQ_ATOM || r->kind == REQ_PLAIN ? r->bytes : 0);
  tm_time at = xbar_send(g, &g->up, r->sm, r->slice, bytes, t);
  if (tm_events_post(&g->ev, at, slice_arrive, g, r)) tm_fail(g, "out of host memory for an event");
}

static uint32_t stored(tm_gpu *g, uint64_t line_addr, uint32_t sectors, uint32_t *bursts, int *packed, int64_t *decompress);
static uint32_t l2_sectors(const tm_gpu *g, const tm_slice *sl, uint64_t addr, uint32_t up);

static void send_down(tm_gpu *g, tm_req *r, tm_time t) {
  uint32_t data = r->kind == REQ_WR ? 0 : r->bytes;
  tm_time extra = 0;
  r->plain = 0;
  if (r->kind == REQ_RD && g->z.design.decompress == TM_BY_ASSIST && !g->cfg->l2_compressed && cache_plain(&g->slices[r->slice].c, r->addr)) {
    r->plain = 1;   /* an uncompressed L2's copy: it crosses whole, and no assist warp decompresses it */
    g->st->l2_plain_reads++;
  } else if (r->kind == REQ_RD && g->z.design.l2) {
    /* L2 keeps the blocks compressed: they cross compressed, and (hw) are decompressed at the L1 fill */
    const tm_slice *sl = &g->slices[r->slice];
    uint32_t line = sl->c.line_bytes, bursts;
    int packed;
    int64_t dc;
    uint32_t bytes = stored(g, r->addr / line * line, l2_sectors(g, sl, r->addr, r->up_sectors), &bursts, &packed, &dc);
    if (bytes < data) data = bytes;
    if (packed && g->z.design.decompress == TM_BY_L1) extra = tm_cycles(g->core, dc);
  }
  uint32_t bytes = (uint32_t)g->cfg->request_header_bytes + data;
  tm_time at = xbar_send(g, &g->down, r->slice, r->sm, bytes, t) + extra;
  if (tm_events_post(&g->ev, at, sm_arrive, g, r)) tm_fail(g, "out of host memory for an event");
}

static void sm_arrive(void *obj, void *arg, tm_time now) {
  tm_gpu *g = obj;
  tm_req *r = arg;
  tm_sm_reply(g, &g->sms[r->sm], r, now);
}

/* ---- memory partitions ---- */

/* The L2 sectors of the L1 sectors 'up' of the line at addr. */
static uint32_t l2_sectors(const tm_gpu *g, const tm_slice *sl, uint64_t addr, uint32_t up) {
  if (!up) return cache_sectors(&sl->c, addr, (uint32_t)g->cfg->l2_line_bytes);
  uint32_t l1s = (uint32_t)g->cfg->l1_sector_bytes, m = 0;
  for (uint32_t u = up, i; u && (i = (uint32_t)__builtin_ctz(u), 1); u &= u - 1) m |= cache_sectors(&sl->c, addr + i * l1s, l1s);
  return m;
}

static uint8_t bursts_of(const tm_gpu *g, uint32_t bytes) {
  uint32_t mag = (uint32_t)g->cfg->dram_mag;   /* (a power of two: tm_config_check) */
  uint32_t b = (bytes + mag - 1) >> __builtin_ctz(mag);
  return (uint8_t)(b ? b : 1);
}

/* ---- design caba: what the kernels wrote (the device keeps it: tmdev.c) ---- */

/* Design caba: a write r reached L2 with the block at addr: a plain store leaves it uncompressed
 * (RAW) until a compression of it reaches L2; a packed store (awc_compress free) stores its form. */
static void block_written(tm_gpu *g, const tm_req *r, uint64_t addr) {
  if (g->z.design.compress != TM_BY_ASSIST) return;
  if (tm_device_block_set(g->d, addr, g->z.unit, r->packed ? TM_BLOCK_PACKED : TM_BLOCK_RAW, r->packed ? r->enc : 0, r->packed ? r->bytes : g->z.unit))
    tm_fail(g, "out of host memory");
}

/* Design caba: a compression assist warp's payload r reached its L2 slice at t.  It replaces the
 * line's stored form when the line is still there with the block's sector dirty (the store's data
 * not yet written back: the write-back takes the compressed form) and holds the bytes it
 * compressed (no store has written the block since).  Else it is too late, or stale, and the
 * block stays as it is. */
static void pack_arrive(tm_gpu *g, tm_slice *sl, tm_req *r) {
  tm_pack *p = r->owner;
  uint8_t now[CODEC_MAX_PAYLOAD];
  uint32_t sectors = l2_sectors(g, sl, r->addr, r->up_sectors);
  if (!cache_dirty_sectors(&sl->c, r->addr, sectors) || tm_cmem_page_raw(g, r->addr)) g->st->pack_late++;
  else if (!tm_block_read(&g->z, g->d, r->addr, now) || memcmp(now, p->block, g->z.unit)) g->st->pack_stale++;
  else {
    g->st->pack_applied++;
    if (tm_device_block_set(g->d, r->addr, g->z.unit, TM_BLOCK_PACKED, p->meta.encoding, p->meta.size)) tm_fail(g, "out of host memory");
  }
  free(p);
  tm_req_free(g, r);
}

/* The sectors 'sectors' of the line at line_addr as the design stores them:
 * their bytes; *bursts, the DRAM bursts they take (each block whole bursts of
 * its own); *packed, whether any is compressed; *decompress (when not NULL),
 * the hardware's cycles to decompress the slowest.  Base: as they are. */
static uint32_t stored(tm_gpu *g, uint64_t line_addr, uint32_t sectors, uint32_t *bursts, int *packed, int64_t *decompress) {
  uint32_t unit = g->z.unit, mag = g->z.mag, bytes = 0, b = 0;
  *packed = 0;
  if (decompress) *decompress = 0;
  for (uint32_t m = sectors, i; m && (i = (uint32_t)__builtin_ctz(m), 1); m &= m - 1) {
    uint64_t a = line_addr + (uint64_t)i * unit;
    int64_t dc = 0;
    uint32_t n;
    if (!g->z.design.dram) n = unit;
    else if (g->z.design.compress == TM_BY_ASSIST) { codec_meta f; n = tm_cmem_form(g, a, &f) ? unit : f.size; }   /* (a fault is in g->failed) */
    else n = tm_block_bytes(&g->z, g->d, a, &dc);
    if (decompress && dc > *decompress) *decompress = dc;
    if (n < unit) *packed = 1;
    bytes += n;
    b += codec_bursts(n, mag);
  }
  *bursts = b ? b : 1;
  return bytes;
}

/* ---- metadata (designs hw-mem and hw) ---- */

static void dram_enqueue(tm_gpu *g, tm_req *r, tm_time t);

/* A read of metadata line md_addr of partition part from DRAM; 'waiter' (or
 * NULL) goes on to DRAM when it is back. */
static void md_fetch(tm_gpu *g, uint32_t part, uint64_t md_addr, tm_req *waiter, tm_time t) {
  tm_req *m = tm_req_new(g);
  if (!m) { tm_fail(g, "out of host memory for a metadata read"); return; }
  tm_place p;
  tm_map(g->cfg, md_addr, &p);
  m->kind = REQ_MD;
  m->addr = md_addr;
  m->bytes = 128;
  m->bursts = bursts_of(g, 128);
  m->owner = waiter;
  m->part = part; m->slice = UINT32_MAX; m->bank = p.bank; m->row = p.row;
  g->st->md_reads++;
  dram_enqueue(g, m, t);
}

/* Data read r needs its blocks' metadata first: from the metadata cache, or
 * (a miss) from DRAM; r reaches the DRAM queue at t, or when the metadata does. */
static void md_then_read(tm_gpu *g, tm_req *r, tm_time t) {
  tm_part *p = &g->parts[r->part];
  uint64_t md = tm_md_line(g->cfg, r->addr, r->part);
  uint32_t fetch;
  g->st->md_accesses++;
  /* in the metadata cache r stands for one sector (its 'sectors' say so while
   * it waits there); its own sectors wait in up_sectors, unused by a DRAM read */
  uint32_t own = r->sectors;
  int res = cache_read(&p->md, md, 1, r, &fetch);
  if (res == CACHE_HIT || res == CACHE_STALL) r->sectors = own;
  else r->up_sectors = own;
  if (res == CACHE_HIT) { g->st->md_hits++; dram_enqueue(g, r, t); }
  else if (res == CACHE_STALL) md_fetch(g, r->part, md, r, t);   /* no MSHR: a read of its own */
  else if (res == CACHE_MISS && fetch) md_fetch(g, r->part, md, NULL, t);
  /* CACHE_MERGED: r waits for the read already on its way */
}

static void md_victim(tm_gpu *g, uint32_t part, const tm_victim *v, tm_time t);

/* A write-back changes its blocks' metadata: the line is written in the
 * metadata cache (allocated without reading it: the controller knows the new
 * sizes), and a dirty line it evicts goes to DRAM. */
static void md_write(tm_gpu *g, uint32_t part, uint64_t addr, tm_time t) {
  tm_part *p = &g->parts[part];
  tm_victim v;
  g->st->md_accesses++;
  if (cache_probe(&p->md, tm_md_line(g->cfg, addr, part), 1)) g->st->md_hits++;
  if (cache_write_back(&p->md, tm_md_line(g->cfg, addr, part), 1, &v)) md_victim(g, part, &v, t);
}

/* A dirty metadata line left the metadata cache: it is written to DRAM. */
static void md_victim(tm_gpu *g, uint32_t part, const tm_victim *v, tm_time t) {
  tm_req *w = tm_req_new(g);
  if (!w) { tm_fail(g, "out of host memory for a metadata write-back"); return; }
  tm_place pl;
  tm_map(g->cfg, v->addr, &pl);
  w->kind = REQ_WB;
  w->addr = v->addr;
  w->bytes = 128;
  w->bursts = bursts_of(g, 128);
  w->part = part; w->slice = UINT32_MAX; w->bank = pl.bank; w->row = pl.row;
  g->st->md_writes++;
  dram_enqueue(g, w, t);
}

/* Whether an access to the line at addr goes through the metadata: designs with metadata, but when
 * assist warps compress not a page the initial setup found incompressible (its attribute says its
 * blocks are stored as they are; CABA 6, footnote 3: metadata lookups overlap address translation). */
static int needs_md(tm_gpu *g, uint64_t addr) { return g->z.design.md && !(g->z.design.compress == TM_BY_ASSIST && tm_cmem_page_raw(g, addr)); }

/* Queues r at its partition's DRAM controller, or, when its queue is full,
 * in the partition's waiting list of its kind (reads, writes), oldest first. */
static void dram_at(void *obj, void *arg, tm_time now);
/* mem_link packet: the bits data request r's blocks take on the link: each
 * block's tag and stored bytes (the design's: compressed or not); r->sectors
 * are its L2 sectors (a write-back's dirty ones), the blocks of compression. */
static uint64_t link_bits(tm_gpu *g, const tm_req *r) {
  if (!r->sectors) return (uint64_t)r->bytes * 8;   /* (a metadata line: no blocks, no tags) */
  uint32_t line = (uint32_t)g->cfg->l2_line_bytes, bursts;
  int packed;
  uint32_t bytes = stored(g, r->addr / line * line, r->sectors, &bursts, &packed, NULL);
  return (uint64_t)bytes * 8 + (uint64_t)g->cfg->link_tag_bits * (uint64_t)emu_popc32(r->sectors);
}

static void dram_enqueue(tm_gpu *g, tm_req *r, tm_time t) {
  if (t > g->ev.now) {   /* it gets there later (after the L2's latency; a write-back behind a fill) */
    if (tm_events_post(&g->ev, t, dram_at, g, r)) tm_fail(g, "out of host memory for an event");
    return;
  }
  tm_part *p = &g->parts[r->part];
  if (g->cfg->mem_link == TM_LINK_PACKET && !r->linked && (r->kind == REQ_WR || r->kind == REQ_WB)) {   /* write data crosses the link first */
    r->linked = 1;
    tm_time at = link_send(&p->link[1], link_bits(g, r), t);
    if (tm_events_post(&g->ev, at, dram_at, g, r)) tm_fail(g, "out of host memory for an event");
    return;
  }
  int k = tm_req_reads(r) ? 0 : 1;
  if (!p->wait[k] && dram_accepts(&p->dram, r)) { dram_push(&p->dram, r, t); return; }
  r->next = NULL;
  if (p->wait_tail[k]) p->wait_tail[k]->next = r; else p->wait[k] = r;
  p->wait_tail[k] = r;
  p->dram.refused = 1;
}

static void dram_room(void *ctx, tm_dram *d, tm_time t) {
  tm_gpu *g = ctx;
  tm_part *p = &g->parts[d->id];
  for (int k = 0; k < 2; k++)
    while (p->wait[k] && dram_accepts(d, p->wait[k])) {
      tm_req *r = p->wait[k];
      p->wait[k] = r->next;
      if (!p->wait[k]) p->wait_tail[k] = NULL;
      dram_push(d, r, t);
    }
  if (p->wait[0] || p->wait[1]) d->refused = 1;
}

static void writeback(tm_gpu *g, const tm_req *like, const tm_slice *sl, const tm_victim *v, tm_time t);

uint32_t tm_stored_bytes(tm_gpu *g, uint64_t line_addr, uint32_t sectors, int64_t *decompress) {
  uint32_t bursts;
  int packed;
  return stored(g, line_addr, sectors, &bursts, &packed, decompress);
}

/* A compressed L2 (l2_tags > 1): the bytes its valid sectors take as the design stores them. */
static uint32_t l2_line_bytes(void *ctx, uint64_t line_addr, uint32_t valid) { return tm_stored_bytes(ctx, line_addr, valid, NULL); }

int tm_block_compressed(tm_gpu *g, uint64_t addr) {
  codec_meta f;
  return g->z.design.compress == TM_BY_ASSIST && !tm_cmem_form(g, addr, &f) && f.encoding;
}

/* The dirty lines an L2 operation evicted: v when hv, and a compressed L2's others. */
static void l2_victims(tm_gpu *g, const tm_req *like, tm_slice *sl, const tm_victim *v, int hv, tm_time t) {
  if (hv) writeback(g, like, sl, v, t);
  for (uint32_t i = 0; i < sl->c.nextra; i++) writeback(g, like, sl, &sl->c.extra[i], t);
  sl->c.nextra = 0;
}

static void writeback(tm_gpu *g, const tm_req *like, const tm_slice *sl, const tm_victim *v, tm_time t) {
  tm_req *w = tm_req_new(g);
  if (!w) { tm_fail(g, "out of host memory for a write-back"); return; }
  w->kind = REQ_WB;
  w->addr = v->addr;
  uint32_t bursts;
  int packed;
  w->bytes = stored(g, v->addr, v->dirty, &bursts, &packed, NULL);
  w->bursts = (uint8_t)bursts;
  w->sectors = v->dirty;
  g->st->dram_raw_bursts += bursts_of(g, (uint32_t)emu_popc32(v->dirty) * sl->c.sector_bytes);
  tm_place p;
  tm_map(g->cfg, v->addr, &p);
  w->part = p.part; w->slice = like->slice; w->bank = p.bank; w->row = p.row;
  if (needs_md(g, v->addr)) md_write(g, p.part, v->addr, t);
  /* compressed on its way out (hw-mem, hw) */
  if (g->z.design.compress == TM_BY_MC) t += tm_cycles(g->core, g->z.compress_cycles);
  dram_enqueue(g, w, t);
}

static void dram_at(void *obj, void *arg, tm_time now) { dram_enqueue(obj, arg, now); }

static void slice_process(tm_gpu *g, tm_req *r, tm_time t);

static void slice_retry(tm_gpu *g, tm_slice *sl, tm_time t) {
  tm_req *list = sl->retry;
  sl->retry = sl->retry_tail = NULL;
  for (tm_req *r = list, *next; r; r = next) { next = r->next; slice_process(g, r, t); }
}

static void fill(tm_gpu *g, tm_req *r, tm_time t);
static void fill_at(void *obj, void *arg, tm_time now) { fill(obj, arg, now); }

/* Read d (its line, part, bank, row and sectors set) goes to DRAM at t: its
 * bursts as the design stores the blocks, after their metadata (hw-mem, hw). */
static void read_from_dram(tm_gpu *g, tm_req *d, tm_time t) {
  uint32_t bursts, sb = g->slices[d->slice].c.sector_bytes;
  int packed;
  stored(g, d->addr, d->sectors, &bursts, &packed, NULL);
  d->bytes = (uint32_t)emu_popc32(d->sectors) * sb;
  d->bursts = (uint8_t)bursts;
  d->packed = (uint8_t)packed;
  g->st->dram_raw_bursts += bursts_of(g, d->bytes);
  if (needs_md(g, d->addr)) md_then_read(g, d, t);
  else dram_enqueue(g, d, t);
}

/* DRAM finished a request of partition d->id at t. */
static void dram_done(void *ctx, tm_req *r, tm_time t);
static void dram_done_at(void *obj, void *arg, tm_time now) { dram_done(obj, arg, now); }

static void dram_done(void *ctx, tm_req *r, tm_time t) {
  tm_gpu *g = ctx;
  if (r->kind == REQ_WB) { tm_req_free(g, r); return; }
  if (r->kind == REQ_MD) {   /* metadata: into the metadata cache; the reads that waited go on to DRAM */
    tm_part *p = &g->parts[r->part];
    tm_victim v;
    int hv = 0;
    tm_req *waiting = r->owner ? NULL : cache_fill(&p->md, r->addr, 1, &v, &hv);
    if (hv) md_victim(g, r->part, &v, t);
    if (r->owner) dram_enqueue(g, r->owner, t);
    for (tm_req *w = waiting, *next; w; w = next) { next = w->next; w->sectors = w->up_sectors; w->up_sectors = 0; dram_enqueue(g, w, t); }
    tm_req_free(g, r);
    return;
  }
  if (g->cfg->mem_link == TM_LINK_PACKET && !r->linked) {   /* read data crosses the link to the GPU */
    r->linked = 1;
    tm_time at = link_send(&g->parts[r->part].link[0], link_bits(g, r), t);
    if (tm_events_post(&g->ev, at, dram_done_at, g, r)) tm_fail(g, "out of host memory for an event");
    return;
  }
  if (r->packed && g->z.design.decompress == TM_BY_MC && g->z.decompress_cycles) {   /* decompressed at the controller */
    if (tm_events_post(&g->ev, t + tm_cycles(g->core, g->z.decompress_cycles), fill_at, g, r)) tm_fail(g, "out of host memory for an event");
    return;
  }
  fill(g, r, t);
}

/* Data of read r arrives at its L2 slice at t. */
static void fill(tm_gpu *g, tm_req *r, tm_time t) {
  tm_slice *sl = &g->slices[r->slice];
  tm_victim v;
  int hv;
  tm_req *done = cache_fill(&sl->c, r->addr, r->sectors, &v, &hv);
  l2_victims(g, r, sl, &v, hv, t);
  tm_req_free(g, r);
  tm_time out = t + g->l2clk.period;
  for (tm_req *w = done, *next; w; w = next) {
    next = w->next;
    if (w->kind == REQ_ATOM) { tm_victim v2; l2_victims(g, w, sl, &v2, cache_write_back(&sl->c, w->addr, w->sectors, &v2), t); }
    send_down(g, w, out);
  }
  slice_retry(g, sl, t);
}

static void slice_process(tm_gpu *g, tm_req *r, tm_time t) {
  tm_slice *sl = &g->slices[r->slice];
  if (r->kind == REQ_PLAIN) {
    /* an SM's uncompressed copy of a line it decompressed (l2_compressed off): L2
     * keeps it so while the line is there and clean (a dirty line holds what a store
     * wrote since: the copy may be older) */
    if (!cache_dirty(&sl->c, r->addr) && cache_set_plain(&sl->c, r->addr, 1)) g->st->l2_plain_lines++;
    tm_req_free(g, r);
    return;
  }
  uint32_t sectors = l2_sectors(g, sl, r->addr, r->up_sectors);
  if (r->partial) {   /* design caba, CABA 5.2: the block turns out compressed: the store is merged at its SM, whose whole line comes back */
    tm_req_free(g, r);
    return;
  }
  if (r->update) { pack_arrive(g, sl, r); return; }
  if (r->kind == REQ_WR || r->kind == REQ_ATOM)
    for (uint32_t i = 0; i < 32; i++)
      if (sectors >> i & 1) block_written(g, r, r->addr / sl->c.line_bytes * sl->c.line_bytes + (uint64_t)i * sl->c.sector_bytes);
  if (r->kind == REQ_WR) {
    if (r->merged) tm_awc_merged(g->sms[r->sm].awc, r->addr);   /* (design caba: its SM's merge is over) */
    tm_victim v;
    l2_victims(g, r, sl, &v, cache_write_back(&sl->c, r->addr, sectors, &v), t);
    cache_set_plain(&sl->c, r->addr, 0);   /* (l2_compressed off: it holds what the store sent, as DRAM will) */
    tm_req_free(g, r);
    return;
  }
  uint32_t fetch;
  int res = cache_read(&sl->c, r->addr, sectors, r, &fetch);
  if (res == CACHE_STALL) {
    r->next = NULL;
    if (sl->retry_tail) sl->retry_tail->next = r; else sl->retry = r;
    sl->retry_tail = r;
    return;
  }
  if (res == CACHE_HIT) {
    if (r->kind == REQ_ATOM) { tm_victim v; l2_victims(g, r, sl, &v, cache_write_back(&sl->c, r->addr, sectors, &v), t); }
    send_down(g, r, t + tm_cycles(g->l2clk, g->cfg->l2_latency));
    return;
  }
  if (fetch) {
    tm_req *d = tm_req_new(g);
    if (!d) { tm_fail(g, "out of host memory for a DRAM request"); return; }
    d->kind = REQ_RD;
    d->addr = r->addr / sl->c.line_bytes * sl->c.line_bytes;
    d->sectors = fetch;
    d->part = r->part; d->slice = r->slice; d->bank = r->bank; d->row = r->row;
    read_from_dram(g, d, t + tm_cycles(g->l2clk, g->cfg->l2_latency));
  }
}

static void slice_at(void *obj, void *arg, tm_time now) { slice_process(obj, arg, now); }

static void slice_arrive(void *obj, void *arg, tm_time now) {
  tm_gpu *g = obj;
  tm_req *r = arg;
  tm_slice *sl = &g->slices[r->slice];
  tm_time start = tm_edge_at_or_after(g->l2clk, now);
  if (sl->free_at > start) start = sl->free_at;
  sl->free_at = start + g->l2clk.period;
  if (start == now) slice_process(g, r, now);
  else if (tm_events_post(&g->ev, start, slice_at, g, r)) tm_fail(g, "out of host memory for an event");
}

/* ---- CTAs ---- */

static aw_dim3 cta_id(const tm_gpu *g, uint64_t k) {
  aw_dim3 id;
  id.x = (uint32_t)(k % g->grid.x);
  id.y = (uint32_t)(k / g->grid.x % g->grid.y);
  id.z = (uint32_t)(k / ((uint64_t)g->grid.x * g->grid.y));
  return id;
}

/* Starts the next CTA of the grid on SM s if one is left and fits. */
static int dispatch(tm_gpu *g, tm_sm *s) {
  if (g->next_cta >= g->total_ctas || s->nctas >= g->ctas_per_sm) return 0;
  tm_cta *tc = NULL;
  for (int64_t i = 0; i < g->cfg->sm_max_ctas; i++) if (!s->ctas[i].live) { tc = &s->ctas[i]; break; }
  if (!tc) return 0;
  if (tm_sm_start_cta(g, s, tc, cta_id(g, g->next_cta)) != 0) return -1;
  g->next_cta++;
  g->live_ctas++;   /* (emu_cta_start counted it in the device's statistics) */
  return 1;
}

void tm_cta_done(tm_gpu *g, tm_sm *s, tm_cta *tc, tm_time t) {
  (void)tc;
  (void)t;
  g->live_ctas--;
  if (dispatch(g, s) < 0) g->failed = 1;
}

/* ---- registers and occupancy ---- */

static int build_regs(tm_gpu *g) {
  const aw_module *m = g->m;
  const tm_config *c = g->cfg;
  g->regs = calloc(m->ncode ? m->ncode : 1, sizeof *g->regs);
  if (!g->regs) return -1;
  size_t total = 0;
  for (uint32_t pc = 0; pc < m->ncode; pc++) {
    uint32_t nd, ns;
    total += emu_insn_regs(m, &m->code[pc], NULL, &nd, NULL, &ns);
  }
  g->reg_slots = malloc((total ? total : 1) * sizeof *g->reg_slots);
  if (!g->reg_slots) return -1;
  uint32_t *next = g->reg_slots;
  for (uint32_t f = 0; f < m->img.nfuncs; f++) if (m->funcs[f].nslots > g->max_slots) g->max_slots = m->funcs[f].nslots;
  for (uint32_t pc = 0; pc < m->ncode; pc++) {
    const emu_insn *in = &m->code[pc];
    tm_regs *r = &g->regs[pc];
    const isa_op_info *op = &isa_ops[in->op];
    uint32_t nd, ns;
    emu_insn_regs(m, in, NULL, &nd, NULL, &ns);
    emu_insn_regs(m, in, next, &nd, next + nd, &ns);
    r->dst = next; r->src = next + nd;
    r->ndst = (uint8_t)nd; r->nsrc = (uint8_t)ns;
    next += nd + ns;
    int unit = op->unit;
    int lat = op->latency, ii = op->interval;
    if ((unit == U_ALU || unit == U_MUL) && in->t0 == ISA_T_F64) {
      /* f64 arithmetic on the DP unit: GPGPU-Sim's GTX480 ptx_opcode_latency_dp 8, initiation 8 */
      unit = U_DP; lat = 8; ii = 8;
    }
    int64_t L = tm_scaled_cycles(c, lat), I = tm_scaled_cycles(c, ii);
    r->unit = (uint8_t)unit;
    r->latency = (uint8_t)(L > 255 ? 255 : L);
    r->interval = (uint8_t)(I > 255 ? 255 : I);
    switch (in->op) {
    case ISA_OP_CPCOMMIT: r->wait = TM_WAIT_COMMIT; break;
    case ISA_OP_CPWAIT:
      r->wait = TM_WAIT_GROUP;
      r->wait_n = (uint8_t)(in->o[0].imm < TM_CP_GROUPS - 1 ? in->o[0].imm : TM_CP_GROUPS - 1);
      break;
    case ISA_OP_CPWAITALL: case ISA_OP_CPMBAR: r->wait = TM_WAIT_ALL; break;
    default: break;
    }
  }
  return 0;
}

/* Weight of slot s of function ef in 32-bit registers (predicates live in their own file). */
static uint32_t slot_weight(const emu_func *ef, uint32_t s) {
  int t = ef->slot_type[s];
  if (t == ISA_T_PRED) return 0;
  if (t == ISA_T_B128) return 4;
  return t == ISA_T_B64 || t == ISA_T_U64 || t == ISA_T_S64 || t == ISA_T_F64 ? 2 : 1;
}

/* The most 32-bit registers live at once in function f: PTX's virtual
 * registers are many more than the hardware registers ptxas allocates, so
 * the register file a thread needs is estimated by liveness (a backward
 * dataflow over the function's instructions), not by counting declarations.
 * 0 when out of memory. */
static uint32_t live_regs(const tm_gpu *g, uint32_t f) {
  const aw_module *m = g->m;
  const emu_func *ef = &m->funcs[f];
  uint32_t n = ef->ninsn, words = (ef->nslots + 63) / 64;
  if (!n || !words) return 1;
  uint64_t *in = calloc((size_t)n * words, sizeof *in), *out = calloc(words, sizeof *out);
  if (!in || !out) { free(in); free(out); return 0; }
  uint32_t best = 0;
  for (int changed = 1, pass = 0; changed && pass < 1000; pass++) {
    changed = 0;
    for (uint32_t i = n; i-- > 0;) {
      uint32_t pc = ef->first_pc + i;
      const emu_insn *insn = &m->code[pc];
      const tm_regs *r = &g->regs[pc];
      memset(out, 0, words * sizeof *out);
      int op = insn->op, fall = 1;
      if ((op == ISA_OP_BRA || op == ISA_OP_EXIT || op == ISA_OP_RET || op == ISA_OP_TRAP) && !insn->guard) fall = 0;
      if (fall && i + 1 < n) for (uint32_t w = 0; w < words; w++) out[w] |= in[(size_t)(i + 1) * words + w];
      if (op == ISA_OP_BRA && insn->target >= ef->first_pc && insn->target - ef->first_pc < n)
        for (uint32_t w = 0; w < words; w++) out[w] |= in[(size_t)(insn->target - ef->first_pc) * words + w];
      /* live before = (live after - defined) + used; a guarded definition may not happen */
      uint32_t weight = 0;
      for (uint32_t k = 0; k < r->ndst; k++) if (r->dst[k] < ef->nslots) out[r->dst[k] / 64] |= 1ull << (r->dst[k] % 64);
      for (uint32_t s = 0; s < ef->nslots; s++) if (out[s / 64] >> (s % 64) & 1) weight += slot_weight(ef, s);
      if (weight > best) best = weight;
      if (!insn->guard) for (uint32_t k = 0; k < r->ndst; k++) if (r->dst[k] < ef->nslots) out[r->dst[k] / 64] &= ~(1ull << (r->dst[k] % 64));
      for (uint32_t k = 0; k < r->nsrc; k++) if (r->src[k] < ef->nslots) out[r->src[k] / 64] |= 1ull << (r->src[k] % 64);
      uint64_t *cur = &in[(size_t)i * words];
      for (uint32_t w = 0; w < words; w++) if (cur[w] != out[w]) { cur[w] = out[w]; changed = 1; }
    }
  }
  free(in);
  free(out);
  return best;
}

/* Registers per thread of the kernel: the kernel_regs key, else the most
 * registers live at once in the kernel or any function of the module (calls
 * keep the caller's registers too; that is left out), at most its .maxnreg. */
static uint32_t kernel_regs(const tm_gpu *g) {
  if (g->cfg->kernel_regs) return (uint32_t)g->cfg->kernel_regs;
  uint32_t f = g->m->kernels[g->kernel];
  uint32_t n = live_regs(g, f);
  for (uint32_t k = 0; k < g->m->img.nfuncs; k++)
    if (g->m->img.funcs[k].kind == ISA_FN_FUNC && g->m->funcs[k].ninsn) { uint32_t c = live_regs(g, k); if (c > n) n = c; }
  uint32_t maxn = g->m->img.funcs[f].maxnreg;
  if (maxn && n > maxn) n = maxn;
  return n ? n : 1;
}

/* Whether the launch's kernel, or a function it calls, has an instruction that reads (F_LOAD) or
 * writes (F_STORE) global memory: 'want' (a global or generic ld, st; atomics are not cached in L1
 * and move no whole block). */
static int kernel_accesses(const tm_gpu *g, uint32_t want) {
  const aw_module *m = g->m;
  uint32_t nf = m->img.nfuncs, nt = 0, *todo = calloc(nf ? nf : 1, sizeof *todo);
  uint8_t *reach = calloc(nf ? nf : 1, 1);
  int found = !todo || !reach;   /* (out of memory: take it that it does) */
  if (!found) { todo[nt++] = m->kernels[g->kernel]; reach[m->kernels[g->kernel]] = 1; }
  while (nt && !found) {
    const emu_func *ef = &m->funcs[todo[--nt]];
    for (uint32_t pc = ef->first_pc; pc < ef->first_pc + ef->ninsn && !found; pc++) {
      const emu_insn *in = &m->code[pc];
      uint32_t fl = isa_ops[in->op].flags;
      if (in->op == ISA_OP_CALL && in->target < nf && !reach[in->target]) { reach[in->target] = 1; todo[nt++] = in->target; }
      found = (fl & want) && !(fl & F_ATOMIC) && (in->space == ISA_SP_GLOBAL || in->space == ISA_SP_GENERIC);
    }
  }
  free(todo);
  free(reach);
  return found;
}

/* 1 when this launch can start subroutine s: its kernel's 'pc' triggers, 'miss' triggers (a
 * kernel that loads), and under design caba decompression (a kernel that reads or writes
 * global memory: a partial store's block is decompressed too) and compression (a kernel that
 * stores, with compression the assist warps' work, not awc_compress=free's).  Only these take
 * registers (CABA 4.2.2: "for each helper thread subroutine that is enabled"). */
static int subr_used(const tm_gpu *g, uint32_t s) {
  const aw_module *m = g->m;
  const isa_subr *sr = &m->img.subrs[s];
  uint32_t kf = m->kernels[g->kernel];
  for (uint32_t t = 0; t < sr->ntrigger; t++) {
    uint32_t ev = m->img.triggers[sr->first_trigger + t].event;
    if (ev == ISA_TRIG_PC) for (uint32_t b = 0; b < m->npc_binds; b++) if (m->pc_binds[b].subr == s && m->pc_binds[b].kernel == kf) return 1;
    if (ev == ISA_TRIG_MISS && kernel_accesses(g, F_LOAD)) return 1;
    if (ev == ISA_TRIG_DECOMPRESS && g->z.design.decompress == TM_BY_ASSIST && kernel_accesses(g, F_LOAD | F_STORE)) return 1;
    if (ev == ISA_TRIG_COMPRESS && g->z.design.compress == TM_BY_ASSIST && g->cfg->awc_compress != TM_AWC_COMPRESS_FREE && kernel_accesses(g, F_STORE)) return 1;
  }
  return 0;
}

/* The registers per thread the assist warps this launch can start need beyond
 * the parent's (CABA 4.2: they are allocated with the parent's): the most any
 * one of them needs, the subroutines of its kernel's 'pc' triggers and, under
 * design caba, the compression and decompression ones. */
static uint32_t assist_regs(const tm_gpu *g, char *by, size_t cap) {
  const aw_module *m = g->m;
  by[0] = 0;
  if (g->cfg->assist_regs >= 0 && (m->npc_binds || m->has_miss || tm_design_assist(&g->z.design))) {
    snprintf(by, cap, "the assist_regs key");
    return (uint32_t)g->cfg->assist_regs;
  }
  uint32_t n = 0;
  for (uint32_t s = 0; s < m->img.nsubrs; s++) {
    const isa_subr *sr = &m->img.subrs[s];
    if (!subr_used(g, s)) continue;
    uint32_t r = live_regs(g, sr->func);
    if (r > n) { n = r; snprintf(by, cap, "%s", isa_str(&m->img, m->img.funcs[sr->func].name)); }
  }
  return n;
}

/* The static shared memory a CTA of the kernel really uses: the module's
 * .shared variables that the kernel or a function it calls refers to (nvcc
 * puts every kernel's __shared__ arrays at module scope, and the functional
 * core gives each CTA all of them; the hardware gives each kernel its own). */
static uint64_t kernel_shared(const tm_gpu *g, int assist) {
  const aw_module *m = g->m;
  uint32_t nf = m->img.nfuncs, nv = m->img.nvars;
  uint8_t *reach = calloc(nf ? nf : 1, 1), *used = calloc(nv ? nv : 1, 1);
  uint32_t *todo = calloc(nf ? nf : 1, sizeof *todo);
  if (!reach || !used || !todo) { free(reach); free(used); free(todo); return m->shared_static; }
  uint32_t nt = 0;
  todo[nt++] = m->kernels[g->kernel];
  reach[m->kernels[g->kernel]] = 1;
  /* with assist: the subroutines this launch can start, whose .shared
   * variables are allocated with the parent's block (CABA 4.2.2) */
  for (uint32_t s = 0; assist && s < m->img.nsubrs; s++) {
    uint32_t f = m->img.subrs[s].func;
    if (subr_used(g, s) && !reach[f]) { reach[f] = 1; todo[nt++] = f; }
  }
  while (nt) {
    uint32_t f = todo[--nt];
    const emu_func *ef = &m->funcs[f];
    for (uint32_t pc = ef->first_pc; pc < ef->first_pc + ef->ninsn; pc++) {
      const emu_insn *in = &m->code[pc];
      if (in->op == ISA_OP_CALL && in->target < nf && !reach[in->target]) { reach[in->target] = 1; todo[nt++] = in->target; }
      for (uint32_t i = 0; i < in->nopnd; i++) {
        const emu_opnd *o = &in->o[i];
        if ((o->kind == OK_ADDR && o->base == AB_VAR) || (o->kind == OK_SYM && o->base == ISA_SYM_VAR))
          if (o->reg < nv) used[o->reg] = 1;
      }
    }
  }
  uint64_t bytes = 0;
  for (uint32_t v = 0; v < nv; v++) {
    const isa_var *iv = &m->img.vars[v];
    if (!used[v] || iv->space != ISA_SP_SHARED || (iv->flags & ISA_VAR_UNSIZED)) continue;
    uint64_t al = isa_var_align(iv);
    bytes = (bytes + al - 1) / al * al + isa_var_bytes(iv);
  }
  free(reach); free(used); free(todo);
  return bytes;
}

static uint64_t round_up(uint64_t v, uint64_t unit) { return unit ? (v + unit - 1) / unit * unit : v; }

/* The CUDA occupancy formula: CTAs per SM, limited by each resource. */
static void occupancy(tm_gpu *g) {
  const tm_config *c = g->cfg;
  uint32_t threads = g->block.x * g->block.y * g->block.z;
  g->cta_threads = threads;
  g->cta_warps = (threads + WARP - 1) / WARP;
  uint32_t arpt = assist_regs(g, g->st->assist_regs_by, sizeof g->st->assist_regs_by), rpt = kernel_regs(g) + arpt;
  g->cta_regs = (uint32_t)(round_up((uint64_t)rpt * WARP, (uint64_t)c->sm_reg_alloc_unit) * g->cta_warps);
  uint64_t own = kernel_shared(g, 0), with = kernel_shared(g, 1);
  g->cta_shared = (uint32_t)round_up(with + g->dyn_shared, (uint64_t)c->sm_shared_alloc_unit);
  g->st->assist_shared_per_cta = (uint32_t)(with - own);
  uint64_t lim = (uint64_t)c->sm_max_ctas;
  g->limit = "CTAs";
  uint64_t by;
  by = (uint64_t)c->sm_max_warps / g->cta_warps;
  if (by < lim) { lim = by; g->limit = "warps"; }
  by = (uint64_t)c->sm_max_threads / ((uint64_t)g->cta_warps * WARP);
  if (by < lim) { lim = by; g->limit = "threads"; }
  by = g->cta_regs ? (uint64_t)c->sm_registers / g->cta_regs : lim;
  if (by < lim) { lim = by; g->limit = "registers"; }
  by = g->cta_shared ? (uint64_t)c->sm_shared_bytes / g->cta_shared : lim;
  if (by < lim) { lim = by; g->limit = "shared memory"; }
  g->ctas_per_sm = (uint32_t)lim;
  g->st->ctas_per_sm = (uint32_t)lim;
  g->st->warps_per_cta = g->cta_warps;
  g->st->regs_per_thread = rpt;
  g->st->assist_regs_per_thread = arpt;
  g->st->max_warps_per_sm = (uint32_t)c->sm_max_warps;
  g->st->occupancy_limit = g->limit;
}

/* ---- the launch ---- */

static void free_gpu(tm_gpu *g) {
  if (g->sms) for (uint32_t i = 0; i < g->nsm; i++) tm_sm_free(&g->sms[i]);
  free(g->sms);
  if (g->slices) for (uint32_t i = 0; i < g->nslices; i++) cache_free(&g->slices[i].c);
  free(g->slices);
  if (g->parts) for (uint32_t i = 0; i < g->nparts; i++) { dram_free(&g->parts[i].dram); if (g->parts[i].has_md) cache_free(&g->parts[i].md); }
  free(g->parts);
  free(g->up.in_free); free(g->up.out_free); free(g->down.in_free); free(g->down.out_free);
  for (uint32_t i = 0; i < g->nblocks; i++) free(g->blocks[i]);
  free(g->blocks);
  emu_cta_free(g->fr);
  free(g->regs);
  free(g->reg_slots);
  tm_events_free(&g->ev);
}

/* ---- the host memory a model takes (tm_config_check's pre-check) ----
 * What build, tm_sm_init, tm_awc_new, cache_init, cache_set_compressed and dram_init
 * allocate, by the config's keys: every array they size from a key is here.  Kept next to
 * build so that the two change together (tests/test_config.c's host-memory test builds
 * models of each key at its largest and holds the allocations against this). */

/* One cache's arrays as cache_init (and cache_set_compressed, for tags > 1: both sets of
 * line records live at once while it swaps them) makes them: lines, then MSHRs. */
static void cache_bytes(double bytes, double ways, double line, double tags, double mshrs, double *lines, double *mshr) {
  double sets = floor(bytes / (ways * line)), n = sets * ways > 0 ? sets * ways : 1;
  *lines = n * (double)(sizeof(tm_cache_line) + sizeof(uint64_t));
  if (tags > 1) *lines += n * tags * (double)(sizeof(tm_cache_line) + sizeof(uint64_t)) + ways * tags * (double)sizeof(tm_victim);
  double tsize = 16;
  while (tsize < 2 * mshrs) tsize *= 2;
  *mshr = mshrs * (double)(sizeof(tm_mshr) + sizeof(int32_t)) + tsize * (double)sizeof(int32_t);
}

double tm_model_host_bytes(const tm_config *c, double part[TM_HOST_NPARTS]) {
  double p[TM_HOST_NPARTS] = { 0 }, lines, mshrs;
  double nsm = (double)c->n_sm, nslots = (double)c->sm_max_warps, nsched = (double)c->sm_schedulers, words = ceil(nslots / 64);
  /* an SM: its warp slots (tm_warp, try_at, pos), scheduler bitmaps and lists, CTA slots, the
   * LD/ST unit's first access array, pipelines; the crossbar's times of its ports */
  p[TM_HOST_SMS] = nsm * ((double)sizeof(tm_sm) + nslots * (double)(sizeof(tm_warp) + sizeof(int64_t) + sizeof(uint32_t)) +
                          (4 * nsched * words + 2 * words) * 8 + (double)c->sm_max_ctas * (double)sizeof(tm_cta) +
                          nsched * nslots * (double)sizeof(uint32_t) + nsched * (double)sizeof(uint32_t) + 64 * (double)sizeof(tm_access) +
                          8 * (double)(2 * c->alu_units + c->sfu_units + c->tensor_units + c->dp_units + c->ldst_units + 2) +
                          2 * (double)sizeof(tm_time));
  if (c->l1_bytes) {
    cache_bytes((double)c->l1_bytes, (double)c->l1_ways, (double)c->l1_line_bytes, (double)c->l1_tags, (double)c->l1_mshrs, &lines, &mshrs);
    p[TM_HOST_L1] = nsm * (lines + mshrs);
  }
  /* the assist warp table (design caba, or a module with 'pc' or 'miss' triggers): its
   * entries and their runners (emu_assist_new; their registers are the module's, counted at
   * the launch), the per-scheduler queues, the stores waiting for an entry */
  p[TM_HOST_ASSIST] = nsm * ((double)sizeof(tm_awc) + (double)c->awt_entries * (double)(sizeof(tm_assist) + sizeof(cta) + 1) + 2 * nsched * (8 + 8 + 64 + 1) +
                             (double)(c->awc_store_lines + 1) * (double)sizeof(tm_store_wait));
  /* the L2 slices: with no L2 (l2_bytes = 0) they still merge reads in their MSHRs */
  double nslices = (double)c->n_mem * (double)c->l2_slices_per_mem;
  cache_bytes((double)c->l2_bytes / nslices, (double)c->l2_ways, (double)tm_mem_line(c), (double)c->l2_tags, (double)c->l2_mshrs, &lines, &mshrs);
  p[TM_HOST_L2_LINES] = nslices * (lines + (double)sizeof(tm_slice) + 2 * (double)sizeof(tm_time));
  p[TM_HOST_L2_MSHRS] = nslices * mshrs;
  /* a memory partition: its DRAM channel's banks, their queues (dram_queue reads and as many
   * writes per bank: any bank may hold them all) and bitmaps */
  double banks = (double)c->dram_banks;
  p[TM_HOST_DRAM] = (double)c->n_mem * ((double)sizeof(tm_part) + banks * (double)sizeof(tm_bank) +
                                        banks * 2 * (double)c->dram_queue * (double)sizeof(tm_dq) + 5 * ceil(banks / 64) * 8);
  if (tm_design_of(c)->md) {
    cache_bytes((double)c->md_cache_bytes, (double)c->md_cache_ways, 128, 1, 32, &lines, &mshrs);
    p[TM_HOST_MD] = (double)c->n_mem * (lines + mshrs);
  }
  double sum = 0;
  for (int i = 0; i < TM_HOST_NPARTS; i++) { sum += p[i]; if (part) part[i] = p[i]; }
  return sum;
}

static void appendf(char *buf, size_t cap, size_t *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The host memory this launch adds to the model's for its resident warps (their registers:
 * the functional core's values, 32 lanes of 8 bytes a slot, and the scoreboard's ready times)
 * and CTAs (runners and shared memory), and for the assist warps' scoreboards: refused, with
 * the keys that size it, when it would pass three quarters of what the host has.  0 or -1. */
static int launch_fits(tm_gpu *g, char *why, size_t cap) {
  const tm_config *c = g->cfg;
  double limit = tm_host_limit(NULL, 0);
  if (limit <= 0) return 0;
  double ctas = (double)g->ctas_per_sm * (double)g->nsm, gib = 1024.0 * 1024 * 1024;
  if ((double)g->total_ctas < ctas) ctas = (double)g->total_ctas;
  double slot = (double)g->max_slots * (double)(WARP * sizeof(uint64_t) + sizeof(int64_t));
  double warps = ctas * g->cta_warps * ((double)sizeof(warp) + slot);
  double shared = ctas * ((double)sizeof(cta) + (double)g->cta_shared);
  double assist = g->sms[0].awc ? (double)g->nsm * (double)c->awt_entries * slot : 0;
  double model = tm_model_host_bytes(c, NULL);
  if (model + warps + shared + assist <= 0.75 * limit) return 0;
  /* the key that sets the CTAs per SM (occupancy's limit), or the grid */
  const char *key = !strcmp(g->limit, "CTAs") ? "sm_max_ctas" : !strcmp(g->limit, "warps") ? "sm_max_warps" :
                    !strcmp(g->limit, "threads") ? "sm_max_threads" : !strcmp(g->limit, "registers") ? "sm_registers" : "sm_shared_bytes";
  char host[96];
  tm_host_limit(host, sizeof host);
  size_t n = 0;
  appendf(why, cap, &n, "the launch would take %.1f GiB of host memory (%.0f CTAs of %u warps at once: n_sm = %lld, and %s per SM; %u register slots a thread), "
           "more than three quarters of %s", (model + warps + shared + assist) / gib, ctas, g->cta_warps, (long long)c->n_sm,
           (double)g->total_ctas < (double)g->ctas_per_sm * (double)g->nsm ? "the grid" : key, g->max_slots, host);
  return -1;
}

static int build(tm_gpu *g) {
  const tm_config *c = g->cfg;
  g->core = tm_clock_mhz(c->core_clock_mhz);
  g->icnt = tm_clock_mhz(c->icnt_clock_mhz);
  g->watchdog = tm_watchdog_cycles(c, NULL, 0);
  g->up_margin = tm_cycles(g->icnt, (c->icnt_buffer_flits + c->icnt_flits_per_cycle - 1) / c->icnt_flits_per_cycle);
  g->l2clk = tm_clock_mhz(c->l2_clock_mhz);
  tm_events_init(&g->ev);
  if (build_regs(g)) return -1;
  g->nsm = (uint32_t)c->n_sm;
  g->nparts = (uint32_t)c->n_mem;
  g->nslices = (uint32_t)(c->n_mem * c->l2_slices_per_mem);
  g->sms = calloc(g->nsm, sizeof *g->sms);
  g->slices = calloc(g->nslices, sizeof *g->slices);
  g->parts = calloc(g->nparts, sizeof *g->parts);
  g->up.in_free = calloc(g->nsm, sizeof(tm_time));
  g->up.out_free = calloc(g->nslices, sizeof(tm_time));
  g->down.in_free = calloc(g->nslices, sizeof(tm_time));
  g->down.out_free = calloc(g->nsm, sizeof(tm_time));
  if (!g->sms || !g->slices || !g->parts || !g->up.in_free || !g->up.out_free || !g->down.in_free || !g->down.out_free) return -1;
  for (uint32_t i = 0; i < g->nsm; i++) if (tm_sm_init(g, &g->sms[i], (int)i)) return -1;
  uint64_t slice_bytes = (uint64_t)c->l2_bytes / g->nslices;
  /* no L2 (l2_bytes = 0): the slices pass L1's lines and sectors straight down (tm_map and the
   * compressor take L1's then, and the L2 keys mean nothing: tm_config_check does not check them) */
  uint32_t sline = (uint32_t)tm_mem_line(c), ssector = (uint32_t)tm_mem_sector(c);
  for (uint32_t i = 0; i < g->nslices; i++) {
    tm_cache *sc = &g->slices[i].c;
    if (cache_init(sc, slice_bytes, (uint32_t)c->l2_ways, sline, ssector, (uint32_t)c->l2_mshrs, 64) ||
        (c->l2_tags > 1 && cache_set_compressed(sc, (uint32_t)c->l2_tags, l2_line_bytes, g))) return -1;
    cache_set_slice(sc, (uint32_t)(c->addr_interleave_bytes / sline), (uint32_t)c->n_mem, (uint32_t)c->l2_slices_per_mem);
  }
  for (uint32_t i = 0; i < g->nparts; i++) if (dram_init(&g->parts[i].dram, (int)i, c, &g->ev, dram_done, dram_room, g)) return -1;
  double link_bps = (double)c->dram_bus_bytes * (double)c->dram_data_rate * c->dram_clock_mhz * 1e6 * c->link_bandwidth_scale;
  for (uint32_t i = 0; i < g->nparts; i++)
    for (int k = 0; k < 2; k++) link_init(&g->parts[i].link[k], link_bps, (uint32_t)c->link_packet_bytes, (uint32_t)c->link_header_bytes);
  tm_compress_init(&g->z, c);
  if (g->z.design.md)
    for (uint32_t i = 0; i < g->nparts; i++) {
      if (cache_init(&g->parts[i].md, (uint64_t)c->md_cache_bytes, (uint32_t)c->md_cache_ways, 128, 128, 32, 256)) return -1;
      g->parts[i].has_md = 1;
    }
  return 0;
}

static void collect(tm_gpu *g, int64_t cycles) {
  tm_stats *st = g->st;
  if (!st->sm_issue) st->sm_issue = calloc((size_t)g->nsm * TM_NISSUE, sizeof *st->sm_issue);   /* freed with the device */
  st->launches = 1;
  st->cycles = (uint64_t)cycles;
  st->seconds = (double)cycles / (g->cfg->core_clock_mhz * 1e6);
  st->n_sm = g->nsm;
  st->n_mem = g->nparts;
  for (uint32_t i = 0; i < g->nsm; i++) {
    tm_sm *s = &g->sms[i];
    for (int k = 0; k < TM_NISSUE; k++) { st->issue[k] += s->issue[k]; if (st->sm_issue) st->sm_issue[i * TM_NISSUE + k] = s->issue[k]; }
    st->resident_warp_cycles += s->resident_warp_cycles;
    if (s->has_l1) {
      cache_pf_unused(&s->l1);
      st->l1_accesses += s->l1.st.accesses; st->l1_hits += s->l1.st.hits; st->l1_misses += s->l1.st.misses;
      st->l1_merges += s->l1.st.merges; st->l1_stalls += s->l1.st.stalls;
      st->pf_issued += s->l1.st.pf_issued; st->pf_useful += s->l1.st.pf_useful; st->pf_late += s->l1.st.pf_late;
      st->pf_useless += s->l1.st.pf_useless; st->pf_redundant += s->l1.st.pf_redundant;
    }
  }
  for (uint32_t i = 0; i < g->nslices; i++) {
    tm_cache *c = &g->slices[i].c;
    st->l2_accesses += c->st.accesses; st->l2_hits += c->st.hits; st->l2_misses += c->st.misses; st->l2_merges += c->st.merges;
    st->l2_writes += c->st.writes; st->l2_write_hits += c->st.write_hits; st->l2_writebacks += c->st.writebacks;
    st->l2_dirty_end += cache_dirty_lines(c);
  }
  for (uint32_t i = 0; i < g->nparts; i++) {
    tm_dram_stats *d = &g->parts[i].dram.st;
    st->dram_reads += d->reads; st->dram_writes += d->writes; st->dram_bursts += d->bursts;
    st->dram_row_hits += d->row_hits; st->dram_activates += d->activates;
    st->dram_busy_seconds += (double)d->bus_busy * 1e-15;
    for (int k = 0; k < 2; k++) {
      const tm_link *l = &g->parts[i].link[k];
      st->link_bits[k] += l->bits;
      st->link_packets[k] += l->packets;
      st->link_busy_seconds[k] += (double)l->busy * 1e-15;
    }
  }
  /* the derived figures' denominators, as they add up over launches (timing.h) */
  st->dram_bytes = st->dram_bursts * (uint64_t)g->cfg->dram_mag;
  st->channel_seconds = st->seconds * st->n_mem;
  st->warp_slot_cycles = (double)st->cycles * st->n_sm * st->max_warps_per_sm;
  uint64_t grid = (g->total_ctas + g->nsm - 1) / g->nsm;   /* (CTAs go round robin over the SMs) */
  st->grid_ctas_per_sm = (uint32_t)(grid < g->ctas_per_sm ? grid : g->ctas_per_sm);
  st->regs_unallocated = 1.0 - (double)st->grid_ctas_per_sm * g->cta_regs / (double)g->cfg->sm_registers;
}

int64_t aw_timing_cycle(const aw_device *d) {
  const tm_gpu *g = d->tm_running;
  return g ? g->cycle : -1;
}

int aw_timing_warp_state(const aw_device *d, const void *wp, char *buf, size_t cap) {
  const tm_gpu *g = d->tm_running;
  if (!g) return -1;
  for (uint32_t i = 0; i < g->nsm; i++) {
    const tm_sm *s = &g->sms[i];
    for (uint32_t k = 0; k < s->nslots; k++) {
      const tm_warp *tw = &s->warps[k];
      if (tw->state == TW_EMPTY || tw->w != wp) continue;
      tm_sm_describe(g, s, tw, buf, cap);
      return (int)i;
    }
  }
  return -1;
}

const void *aw_timing_cta(const aw_device *d, uint32_t i, uint32_t *sm) {
  const tm_gpu *g = d->tm_running;
  if (!g) return NULL;
  for (uint32_t k = 0; k < g->nsm; k++) {
    const tm_sm *s = &g->sms[k];
    for (uint32_t j = 0; j < (uint32_t)g->cfg->sm_max_ctas; j++) {
      const tm_cta *tc = &s->ctas[j];
      if (!tc->live || tc->launch != g->launch) continue;
      if (i) { i--; continue; }
      *sm = k;
      return tc->c;
    }
  }
  return NULL;
}

uint32_t aw_timing_sms(const aw_device *d) { return d->tm_running ? ((const tm_gpu *)d->tm_running)->nsm : 0; }

int aw_timing_assist(const aw_device *d, const void *wp, int i, char *buf, size_t cap) {
  const tm_gpu *g = d->tm_running;
  if (!g) return 0;
  for (uint32_t k = 0; k < g->nsm; k++) {
    const tm_sm *s = &g->sms[k];
    if (s->awc && tm_awc_describe(s->awc, wp, i, buf, cap)) return 1;
  }
  return 0;
}

int aw_timing_assist_of(const aw_device *d, const void *c, char *buf, size_t cap, const void **parent_cta,
                        const void **parent_warp, uint32_t *parent_id) {
  const tm_gpu *g = d->tm_running;
  if (!g) return -1;
  for (uint32_t k = 0; k < g->nsm; k++) {
    const tm_sm *s = &g->sms[k];
    if (s->awc && tm_awc_find(s->awc, c, buf, cap, parent_cta, parent_warp, parent_id)) return (int)k;
  }
  return -1;
}

/* Back to the state build left for a new launch: no CTAs, nothing in flight,
 * idle DRAM (its rows closed), empty L1s; the L2 and the metadata caches keep
 * their lines, clean and dirty, as a GPU's do from kernel to kernel (and
 * GPGPU-Sim's): what a launch wrote and left there reaches DRAM when a later
 * one evicts it. */
static void reset(tm_gpu *g) {
  tm_events_clear(&g->ev);
  g->now = 0;
  g->cycle = 0;
  g->failed = 0;
  g->next_cta = 0;
  g->live_ctas = 0;
  g->outstanding = 0;
  g->live_assists = g->live_compress = 0;
  g->drained = 0;
  for (uint32_t i = 0; i < g->nsm; i++) tm_sm_reset(&g->sms[i]);
  for (uint32_t i = 0; i < g->nslices; i++) {
    cache_keep_lines(&g->slices[i].c);
    g->slices[i].free_at = 0;
    g->slices[i].retry = g->slices[i].retry_tail = NULL;
  }
  for (uint32_t i = 0; i < g->nparts; i++) {
    dram_reset(&g->parts[i].dram);
    link_reset(&g->parts[i].link[0]);
    link_reset(&g->parts[i].link[1]);
    if (g->parts[i].has_md) cache_keep_lines(&g->parts[i].md);
    g->parts[i].wait[0] = g->parts[i].wait[1] = NULL;
    g->parts[i].wait_tail[0] = g->parts[i].wait_tail[1] = NULL;
  }
  memset(g->up.in_free, 0, g->nsm * sizeof(tm_time));
  memset(g->up.out_free, 0, g->nslices * sizeof(tm_time));
  memset(g->down.in_free, 0, g->nslices * sizeof(tm_time));
  memset(g->down.out_free, 0, g->nsm * sizeof(tm_time));
}

/* The same GPU for a launch of another module: the SMs and the per-instruction
 * tables are the module's, made anew; the memory side (L2, DRAM) stays. */
static int swap_module(tm_gpu *g, aw_module *m) {
  for (uint32_t i = 0; i < g->nsm; i++) tm_sm_free(&g->sms[i]);
  free(g->regs);
  free(g->reg_slots);
  g->regs = NULL;
  g->reg_slots = NULL;
  g->max_slots = 0;
  g->m = m;
  if (build_regs(g)) return -1;
  for (uint32_t i = 0; i < g->nsm; i++) if (tm_sm_init(g, &g->sms[i], (int)i)) return -1;
  return 0;
}

void tm_gpu_release(void *p) {
  tm_gpu *g = p;
  if (!g) return;
  free_gpu(g);
  free(g);
}

/* The device's GPU model for a launch of m under cfg: the last launch's,
 * reset, when it was built for the same config and module (most scripts
 * launch several kernels of one module); else a new one.  NULL: out of memory. */
static tm_gpu *gpu_for(aw_device *d, const tm_config *cfg, aw_module *m) {
  tm_gpu *g = d->tm_gpu;
  if (g && tm_config_same(&g->config, cfg)) {
    if (g->m != m && swap_module(g, m)) { tm_gpu_release(g); d->tm_gpu = NULL; return NULL; }
    reset(g);
    return g;
  }
  tm_gpu_release(g);
  d->tm_gpu = NULL;
  g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->config = *cfg;
  g->cfg = &g->config;
  g->d = d;
  g->m = m;
  if (build(g)) { tm_gpu_release(g); return NULL; }
  d->tm_gpu = g;
  return g;
}

int tm_occupancy_of(aw_device *d, const tm_config *cfg, aw_module *m, int kernel, uint32_t threads, uint32_t dyn_shared,
                    uint32_t *ctas, uint32_t *regs, uint32_t *shared) {
  tm_gpu *g = gpu_for(d, cfg, m);
  if (!g) return -1;
  tm_stats st;
  memset(&st, 0, sizeof st);
  g->kernel = kernel; g->block = (aw_dim3){ threads, 1, 1 }; g->dyn_shared = dyn_shared; g->st = &st;
  occupancy(g);
  *ctas = g->ctas_per_sm;
  *regs = st.regs_per_thread;
  *shared = (uint32_t)kernel_shared(g, 1);
  g->st = NULL;
  return 0;
}

/* Appends to buf (cap bytes, *n used so far): what does not fit is cut. */
static void appendf(char *buf, size_t cap, size_t *n, const char *fmt, ...) {
  if (*n >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf + *n, cap - *n, fmt, ap);
  va_end(ap);
  if (k > 0) *n = *n + (size_t)k < cap ? *n + (size_t)k : cap - 1;
}

aw_status tm_launch(aw_device *d, const tm_config *cfg, tm_stats *st, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block,
                    uint32_t dyn_shared, const void *params, size_t param_bytes, aw_fault *f) {
  tm_gpu *g = gpu_for(d, cfg, m);
  if (!g) {
    memset(f, 0, sizeof *f);
    snprintf(f->kernel, sizeof f->kernel, "%s", isa_str(&m->img, m->img.funcs[m->kernels[kernel]].name));
    snprintf(f->what, sizeof f->what, "out of host memory building the GPU model");
    f->placeless = 1;   /* (no block or warp has run) */
    return AW_ERR_MEMORY;
  }
  g->kernel = kernel; g->grid = grid; g->block = block; g->dyn_shared = dyn_shared;
  g->params = params; g->param_bytes = param_bytes; g->fault = f; g->st = st;
  g->total_ctas = (uint64_t)grid.x * grid.y * grid.z;
  g->launch++;
  for (uint32_t i = 0; i < 1 + TM_SUBR_ENCS; i++) g->codec_subr[i] = TM_SUBR_UNKNOWN;
  /* design caba: the record of the blocks' forms is of the module's compression subroutines */
  if (tm_design_of(cfg)->compress == TM_BY_ASSIST) tm_device_block_algorithm(d, tm_cmem_algorithm(g));
  occupancy(g);
  if (!g->ctas_per_sm) {
    /* each limit it passes, with the key that sets it and where that came from */
    char why[sizeof f->what];
    size_t n = 0;
    appendf(why, sizeof why, &n, "a CTA of %u threads (%u warps) needs %u registers and %u bytes of shared memory; it fits no SM:",
            g->cta_threads, g->cta_warps, g->cta_regs, g->cta_shared);
    if (g->cta_regs > cfg->sm_registers) {
      if (cfg->kernel_regs) appendf(why, sizeof why, &n, " kernel_regs = %lld (%s) gives", (long long)cfg->kernel_regs, cfg->origin[TM_KEY_kernel_regs]);
      appendf(why, sizeof why, &n, " more registers than sm_registers = %lld (%s);", (long long)cfg->sm_registers, cfg->origin[TM_KEY_sm_registers]);
    }
    if (g->cta_shared > cfg->sm_shared_bytes)
      appendf(why, sizeof why, &n, " more shared memory than sm_shared_bytes = %lld (%s);", (long long)cfg->sm_shared_bytes, cfg->origin[TM_KEY_sm_shared_bytes]);
    if ((uint64_t)g->cta_warps * WARP > (uint64_t)cfg->sm_max_threads)
      appendf(why, sizeof why, &n, " more threads than sm_max_threads = %lld (%s);", (long long)cfg->sm_max_threads, cfg->origin[TM_KEY_sm_max_threads]);
    if (g->cta_warps > cfg->sm_max_warps)
      appendf(why, sizeof why, &n, " more warps than sm_max_warps = %lld (%s);", (long long)cfg->sm_max_warps, cfg->origin[TM_KEY_sm_max_warps]);
    if (n && why[n - 1] == ';') why[n - 1] = 0;
    memset(f, 0, sizeof *f);
    snprintf(f->kernel, sizeof f->kernel, "%s", isa_str(&m->img, m->img.funcs[m->kernels[kernel]].name));
    snprintf(f->what, sizeof f->what, "%s", why);
    f->placeless = 1;
    collect(g, 0);   /* its figures: no cycles on its SMs (the totals keep their per-SM breakdown), every register unallocated */
    return AW_ERR_ARG;
  }
  char why[sizeof f->what];
  if (launch_fits(g, why, sizeof why)) {   /* (the resident warps' registers: more than the host has) */
    memset(f, 0, sizeof *f);
    snprintf(f->kernel, sizeof f->kernel, "%s", isa_str(&m->img, m->img.funcs[m->kernels[kernel]].name));
    snprintf(f->what, sizeof f->what, "%s", why);
    f->placeless = 1;
    collect(g, 0);
    return AW_ERR_MEMORY;
  }
  /* the first wave: CTAs go round robin over the SMs */
  int more = 1;
  while (more && !g->failed) {
    more = 0;
    for (uint32_t i = 0; i < g->nsm && !g->failed; i++) {
      int r = dispatch(g, &g->sms[i]);
      if (r < 0) g->failed = 1;
      if (r > 0) more = 1;
    }
  }
  int64_t n = 0;
  uint32_t steps = 0;   /* loop turns since the last look at the clock and the interrupt flag */
  d->tm_running = g;
  if (d->timeline) tm_timeline_launch(g, isa_str(&m->img, m->img.funcs[m->kernels[kernel]].name));
  while (!g->failed) {
    g->cycle = n;
    if (++steps == 65536) {   /* an interrupt or the time limit stops a launch even where no instruction runs */
      steps = 0;
      const char *stop = emu_time_limits(d);
      if (stop) { tm_fail(g, stop); break; }
    }
    tm_time edge = tm_cycles(g->core, n);
    while (g->ev.n && tm_events_next(&g->ev) <= edge && !g->failed) {
      tm_event e = tm_events_pop(&g->ev);
      g->now = e.time;
      e.fn(e.obj, e.arg, e.time);
    }
    int64_t next = TM_NEVER;
    for (uint32_t i = 0; i < g->nsm && !g->failed; i++) {
      tm_sm *s = &g->sms[i];
      if (s->asleep) {
        if (s->wake > n) { if (s->wake < next) next = s->wake; continue; }
        int64_t skipped = n - s->cycle;
        for (uint32_t k = 0; k < s->nsched; k++) s->issue[s->sched[k].sleep_class] += (uint64_t)skipped;
        s->resident_warp_cycles += (uint64_t)skipped * s->nwarps;
        s->cycle = n;
        s->asleep = 0;
      }
      if (s->cycle > n) continue;
      if (!s->nwarps && s->acc_head >= s->nacc && !tm_awc_nlive(s->awc)) {   /* an empty SM: idle until a CTA comes (compression assist warps outlive their warps) */
        for (uint32_t k = 0; k < s->nsched; k++) s->sched[k].sleep_class = TM_STALL_IDLE;
        s->asleep = 1;
        s->wake = TM_NEVER;
        continue;
      }
      if (tm_sm_cycle(g, s) < 0) break;
      if (!s->asleep) next = n + 1;
      else if (s->wake < next) next = s->wake;
    }
    if (g->failed) break;
    if (!g->drained && !g->live_ctas && g->next_cta >= g->total_ctas && g->live_assists == g->live_compress &&
        g->cfg->awc_launch_end == TM_AWC_END_KILL) {
      /* the kernel's work is done but for compression, which the launch does not wait for */
      g->drained = 1;
      for (uint32_t i = 0; i < g->nsm; i++) if (g->sms[i].awc) tm_awc_launch_over(g->sms[i].awc, n);
    }
    if (!g->live_ctas && g->next_cta >= g->total_ctas && !g->outstanding && !g->ev.n && !g->live_assists) break;
    if (g->ev.n) {
      int64_t ev_cycle = tm_cycle_at_or_after(g->core, tm_events_next(&g->ev));
      if (ev_cycle < next) next = ev_cycle;
    }
    if (next == TM_NEVER) {
      tm_fail(g, "no warp can ever issue again and nothing is in flight (an internal error)");
      break;
    }
    n = next > n ? next : n + 1;
  }
  /* the cycles run: up to the last SM cycle or event */
  int64_t end = n;
  for (uint32_t i = 0; i < g->nsm; i++) {
    tm_sm *s = &g->sms[i];
    if (s->cycle > end) end = s->cycle;
  }
  for (uint32_t i = 0; i < g->nsm; i++) {   /* idle cycles of SMs that stopped early */
    tm_sm *s = &g->sms[i];
    if (s->cycle < end) {
      for (uint32_t k = 0; k < s->nsched; k++) s->issue[s->asleep ? s->sched[k].sleep_class : TM_STALL_IDLE] += (uint64_t)(end - s->cycle);
      s->resident_warp_cycles += (uint64_t)(end - s->cycle) * s->nwarps;
    }
  }
  if (!g->drained)   /* (awc_launch_end wait: the blocks no compression took, as the SMs went idle) */
    for (uint32_t i = 0; i < g->nsm; i++) if (g->sms[i].awc) tm_awc_launch_over(g->sms[i].awc, end);
  d->tm_running = NULL;
  if (d->timeline) tm_timeline_end(g, end);
  collect(g, end);
  return g->failed ? AW_FAULT : AW_OK;
}
