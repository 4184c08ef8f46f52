/* emu/timing/dram.c -- one DRAM channel with FCFS or FR-FCFS scheduling (see dram.h). */
#include "dram.h"

#include <stdlib.h>
#include <string.h>

void tm_map(const tm_config *c, uint64_t addr, tm_place *p) {
  /* the interleave, line and row sizes and the bank count are powers of two
   * (tm_config_check): shifts and masks; the channel and slice counts need not be */
  uint32_t il_shift = (uint32_t)__builtin_ctzll((uint64_t)c->addr_interleave_bytes);
  uint64_t chunk = addr >> il_shift;
  uint64_t nmem = (uint64_t)c->n_mem;
  p->part = (uint32_t)(chunk % nmem);
  uint64_t local = chunk / nmem << il_shift | (addr & (((uint64_t)1 << il_shift) - 1));   /* the address within the channel */
  uint64_t line = (uint64_t)tm_mem_line(c);
  uint64_t slices = (uint64_t)c->l2_slices_per_mem;
  p->slice = p->part * (uint32_t)slices + (uint32_t)(slices > 1 ? (local >> __builtin_ctzll(line)) % slices : 0);
  uint32_t row_shift = (uint32_t)__builtin_ctzll((uint64_t)c->dram_row_bytes);
  uint64_t nb = (uint64_t)c->dram_banks;
  uint32_t bits = (uint32_t)__builtin_ctzll(nb);
  p->row = (int64_t)(local >> row_shift >> bits);
  /* the bank: consecutive rows' worth of bytes go to consecutive banks, XORed
   * with all the row bits folded (permutation interleaving, Zhang et al.,
   * MICRO 2000), so arrays a multiple of the bank span apart (a copy's source
   * and destination) do not fight over the same banks */
  uint64_t fold = 0;
  for (uint64_t r = (uint64_t)p->row; r && bits; r >>= bits) fold ^= r;
  p->bank = (uint32_t)(((local >> row_shift) ^ fold) & (nb - 1));
}

int dram_init(tm_dram *d, int id, const tm_config *c, tm_events *ev,
              void (*done)(void *, tm_req *, tm_time), void (*room)(void *, tm_dram *, tm_time), void *ctx) {
  memset(d, 0, sizeof *d);
  d->id = id;
  d->clk = tm_clock_mhz(c->dram_clock_mhz);
  d->frfcfs = c->dram_scheduler == TM_DRAM_FRFCFS;
  d->nbanks = (uint32_t)c->dram_banks;
  d->qcap = (uint32_t)c->dram_queue;
  d->drain_high = d->qcap * 3 / 4 ? d->qcap * 3 / 4 : 1;   /* (a queue of 1: a write drains at once) */
  d->drain_low = d->qcap / 4;
  d->tCL = c->tCL; d->tWL = c->tWL; d->tRCD = c->tRCD; d->tRP = c->tRP; d->tRAS = c->tRAS;
  d->tRC = c->tRC; d->tRRD = c->tRRD; d->tCCD = c->tCCD; d->tWR = c->tWR; d->tCDLR = c->tCDLR;
  /* one burst: MAG bytes at bus_bytes x data_rate x scale bytes per command cycle */
  double cycles = (double)c->dram_mag / ((double)c->dram_bus_bytes * (double)c->dram_data_rate * c->dram_bandwidth_scale);
  d->burst_time = (tm_time)(cycles * (double)d->clk.period + 0.5);
  d->ev = ev;
  d->done = done;
  d->room = room;
  d->done_ctx = ctx;
  d->banks = calloc(d->nbanks, sizeof *d->banks);
  d->slots = malloc((size_t)d->nbanks * 2 * d->qcap * sizeof *d->slots);
  d->nwords = (d->nbanks + 63) / 64;
  for (int k = 0; k < 2; k++) {
    d->queued[k] = calloc(d->nwords, sizeof(uint64_t));
    d->hitting[k] = calloc(d->nwords, sizeof(uint64_t));
  }
  d->open = calloc(d->nwords, sizeof(uint64_t));
  if (!d->banks || !d->slots || !d->queued[0] || !d->queued[1] || !d->hitting[0] || !d->hitting[1] || !d->open) { dram_free(d); return -1; }
  for (uint32_t b = 0; b < d->nbanks; b++) {
    d->banks[b].row = -1;
    for (int k = 0; k < 2; k++) d->banks[b].q[k] = d->slots + ((size_t)b * 2 + (size_t)k) * d->qcap;
  }
  return 0;
}

void dram_reset(tm_dram *d) {
  for (uint32_t b = 0; b < d->nbanks; b++) {
    tm_bank *k = &d->banks[b];
    tm_dq *q0 = k->q[0], *q1 = k->q[1];
    memset(k, 0, sizeof *k);
    k->row = -1;
    k->q[0] = q0;
    k->q[1] = q1;
  }
  d->nq = d->nreads = d->nwrites = 0;
  for (int c = 0; c < 2; c++) {
    memset(d->queued[c], 0, d->nwords * sizeof(uint64_t));
    memset(d->hitting[c], 0, d->nwords * sizeof(uint64_t));
  }
  memset(d->open, 0, d->nwords * sizeof(uint64_t));
  d->seq = 0;
  d->next_act_any = d->next_col_any = d->next_rd = 0;
  d->bus_free = 0;
  d->ticking = 0;
  d->tick_at = 0;
  d->refused = 0;
  d->draining = 0;
  memset(&d->st, 0, sizeof d->st);
}

void dram_free(tm_dram *d) {
  free(d->banks);
  free(d->slots);
  d->banks = NULL;
  d->slots = NULL;
  for (int c = 0; c < 2; c++) {
    free(d->queued[c]);
    free(d->hitting[c]);
    d->queued[c] = d->hitting[c] = NULL;
  }
  free(d->open);
  d->open = NULL;
}

static void tick(void *obj, void *arg, tm_time now);
static int is_read(const tm_req *r) { return tm_req_reads(r); }
static int class_of(const tm_req *r) { return tm_req_reads(r) ? 0 : 1; }

/* Makes sure the channel ticks at the first DRAM edge at or after t (an
 * earlier tick already due stands; a later one is superseded: a tick that
 * finds itself not the one due returns at once). */
static void wake(tm_dram *d, tm_time t) {
  tm_time e = tm_edge_at_or_after(d->clk, t);
  if (d->ticking && d->tick_at <= e) return;
  d->ticking = 1;
  d->tick_at = e;
  tm_events_post(d->ev, e, tick, d, NULL);
}

/* Bank i's bits in the bitmaps, after its queues or hit counts changed. */
static void set_bit(uint64_t *map, uint32_t i, int on) {
  if (on) map[i >> 6] |= 1ull << (i & 63);
  else map[i >> 6] &= ~(1ull << (i & 63));
}
static void update_bits(tm_dram *d, uint32_t i) {
  const tm_bank *b = &d->banks[i];
  for (int c = 0; c < 2; c++) {
    set_bit(d->queued[c], i, b->nq[c] > 0);
    set_bit(d->hitting[c], i, b->hits[c] > 0);
  }
}
/* Iterates 'i' over the set bits of a bitmap expression EXPR(w) (w: the word index), lowest first. */
#define FOR_BANKS(d, i, EXPR)                                                   \
  for (uint32_t w_ = 0; w_ < (d)->nwords; w_++)                                \
    for (uint64_t m_ = (EXPR(w_)), i = 0; m_ && (i = w_ * 64 + (uint32_t)__builtin_ctzll(m_), 1); m_ &= m_ - 1)
/* the bitmaps FOR_BANKS walks, for the class c in scope */
#define QUEUED(w) d->queued[c][w]
#define HITTING(w) d->hitting[c][w]
#define MISSING(w) (d->queued[c][w] & ~d->hitting[c][w])
#define MISSING_OPEN(w) (MISSING(w) & d->open[w])
#define MISSING_CLOSED(w) (MISSING(w) & ~d->open[w])

int dram_push(tm_dram *d, tm_req *r, tm_time t) {
  if (!dram_accepts(d, r)) { d->refused = 1; return -1; }
  tm_bank *b = &d->banks[r->bank];
  int c = class_of(r);
  r->arrived = t;
  r->seq = d->seq++;
  tm_dq *e = &b->q[c][b->nq[c]++];
  e->row = r->row;
  e->seq = r->seq;
  e->r = r;
  if (r->row == b->row) b->hits[c]++;
  update_bits(d, r->bank);
  d->nq++;
  if (c == 0) d->nreads++; else d->nwrites++;
  wake(d, t);
  return 0;
}

/* Takes r out of its bank's queue. */
static void unlink_req(tm_dram *d, tm_req *r) {
  tm_bank *b = &d->banks[r->bank];
  int c = class_of(r);
  uint32_t i = 0;
  while (b->q[c][i].r != r) i++;
  memmove(&b->q[c][i], &b->q[c][i + 1], (b->nq[c] - i - 1) * sizeof *b->q[c]);
  b->nq[c]--;
  if (r->row == b->row) b->hits[c]--;
  update_bits(d, r->bank);
  d->nq--;
  if (c == 0) d->nreads--; else d->nwrites--;
}

/* The bank's row changed: counts its requests to the new open row. */
static void count_hits(tm_bank *b) {
  for (int c = 0; c < 2; c++) {
    b->hits[c] = 0;
    if (b->row >= 0) for (uint32_t i = 0; i < b->nq[c]; i++) b->hits[c] += b->q[c][i].row == b->row;
  }
}

/* The oldest of the bank's requests of class c to its open row (hits[c] > 0). */
static const tm_dq *oldest_hit(const tm_bank *b, int c) {
  const tm_dq *q = b->q[c];
  while (q->row != b->row) q++;
  return q;
}

/* The oldest request in the channel (FCFS serves only it), or NULL. */
static tm_req *oldest(const tm_dram *d) {
  const tm_dq *best = NULL;
  for (int c = 0; c < 2; c++) {
    FOR_BANKS(d, i, QUEUED) {
      const tm_dq *q = &d->banks[i].q[c][0];
      if (!best || q->seq < best->seq) best = q;
    }
  }
  return best ? best->r : NULL;
}

/* Can request r's column command issue at DRAM cycle n?  Its row must be open. */
static int column_ready(const tm_dram *d, const tm_req *r, int64_t n) {
  const tm_bank *b = &d->banks[r->bank];
  if (r->arrived > tm_cycles(d->clk, n)) return 0;   /* not here yet */
  if (b->row != r->row || n < b->next_col || n < d->next_col_any) return 0;
  if (is_read(r) && n < d->next_rd) return 0;
  tm_time data = tm_cycles(d->clk, n + (is_read(r) ? d->tCL : d->tWL));
  return data >= d->bus_free;
}

/* Issues r's column command at cycle n: its data occupies the bus after tCL (tWL). */
static void issue_column(tm_dram *d, tm_req *r, int64_t n) {
  tm_bank *b = &d->banks[r->bank];
  uint32_t bursts = r->bursts ? r->bursts : 1;
  tm_time start = tm_cycles(d->clk, n + (is_read(r) ? d->tCL : d->tWL));
  tm_time end = start + (tm_time)bursts * d->burst_time;
  if (b->fresh) b->fresh = 0;
  else d->st.row_hits++;
  d->bus_free = end;
  d->st.bus_busy += end - start;
  d->st.bursts += bursts;
  d->st.queue_time += tm_cycles(d->clk, n) - r->arrived;
  d->next_col_any = n + d->tCCD;
  /* bursts longer than tCCD keep the column bus busy as long as their data */
  b->next_col = n + d->tCCD;
  int64_t end_cycle = tm_cycle_at_or_after(d->clk, end);
  if (is_read(r)) d->st.reads++;
  else {
    d->st.writes++;
    if (b->next_pre < end_cycle + d->tWR) b->next_pre = end_cycle + d->tWR;
    d->next_rd = end_cycle + d->tCDLR;
  }
  unlink_req(d, r);
  d->done(d->done_ctx, r, end);
}

/* The first DRAM cycle at or after n at which bank b could take the row
 * command (PRE, or ACT for 'row') that serving a request to 'row' needs. */
static int64_t row_time(const tm_dram *d, const tm_bank *b) {
  if (b->row >= 0) return b->next_pre;
  return b->next_act > d->next_act_any ? b->next_act : d->next_act_any;
}

/* Issues the PRE or ACT that request r needs at cycle n (row_time allows it). */
static void row_command(tm_dram *d, const tm_req *r, int64_t n) {
  tm_bank *b = &d->banks[r->bank];
  if (b->row >= 0) {
    b->row = -1;
    b->hits[0] = b->hits[1] = 0;
    set_bit(d->open, r->bank, 0);
    update_bits(d, r->bank);
    if (b->next_act < n + d->tRP) b->next_act = n + d->tRP;
    d->st.precharges++;
    return;
  }
  b->row = r->row;
  set_bit(d->open, r->bank, 1);
  b->next_col = n + d->tRCD;
  b->next_pre = n + d->tRAS;
  b->next_act = n + d->tRC;
  d->next_act_any = n + d->tRRD;
  d->st.activates++;
  b->fresh = 1;
  count_hits(b);
  update_bits(d, r->bank);
}

/* FR-FCFS: writes wait while reads are served, then drain in a batch: from
 * three quarters of their queue down to a quarter (or while no read waits),
 * so the bus turns around between reading and writing rarely. */
static void update_mode(tm_dram *d) {
  if (!d->frfcfs) return;
  uint32_t writes = d->nwrites, reads = d->nreads;
  if (!d->draining && (writes >= d->drain_high || (!reads && writes))) d->draining = 1;
  else if (d->draining && (!writes || (reads && writes <= d->drain_low))) d->draining = 0;
}

/* The column command the scheduler picks at cycle n, or NULL: FR-FCFS takes
 * the oldest request (of the class it serves: reads, or writes while
 * draining) to an open row whose bank can take it; FCFS only the oldest
 * request of all. */
static tm_req *pick_column(tm_dram *d, int64_t n) {
  tm_req *best = NULL;
  if (!d->frfcfs) best = oldest(d);
  else {
    int c = d->draining;
    const tm_dq *oldest_q = NULL;
    FOR_BANKS(d, i, HITTING) {
      const tm_bank *b = &d->banks[i];
      if (n < b->next_col) continue;
      const tm_dq *q = oldest_hit(b, c);
      if (!oldest_q || q->seq < oldest_q->seq) oldest_q = q;
    }
    if (oldest_q) best = oldest_q->r;
  }
  return best && column_ready(d, best, n) ? best : NULL;
}

/* The request whose row command the scheduler issues at cycle n, or NULL:
 * the oldest (of the class served) whose bank can take the command and has
 * no request of that class to its open row (FR-FCFS keeps a row open while
 * it has hits).  A bank's oldest such request stands for all of its own:
 * the command's timing depends on the bank, not on which request. */
static tm_req *pick_row(tm_dram *d, int64_t n) {
  if (!d->frfcfs) {
    tm_req *r = oldest(d);
    return r && d->banks[r->bank].row != r->row && n >= row_time(d, &d->banks[r->bank]) ? r : NULL;
  }
  int c = d->draining;
  const tm_dq *best = NULL;
  /* row_time by hand: a bank with a row open waits for its precharge, a closed one for its
   * activate and the channel's (so none can before next_act_any) */
  FOR_BANKS(d, i, MISSING_OPEN) {
    const tm_bank *b = &d->banks[i];
    if (n < b->next_pre) continue;
    if (!best || b->q[c][0].seq < best->seq) best = &b->q[c][0];
  }
  if (n >= d->next_act_any)
    FOR_BANKS(d, i, MISSING_CLOSED) {
      const tm_bank *b = &d->banks[i];
      if (n < b->next_act) continue;
      if (!best || b->q[c][0].seq < best->seq) best = &b->q[c][0];
    }
  return best ? best->r : NULL;
}

/* The first DRAM cycle at which bank b could take a column command of
 * class c (0 reads, 1 writes), the data bus being free from cycle 'bus'. */
static int64_t column_time(const tm_dram *d, const tm_bank *b, int c, int64_t bus) {
  int64_t t = b->next_col > d->next_col_any ? b->next_col : d->next_col_any;
  if (c == 0 && d->next_rd > t) t = d->next_rd;
  int64_t lat = c == 0 ? d->tCL : d->tWL;
  return bus - lat > t ? bus - lat : t;
}

/* The first cycle after n at which the scheduler could issue a command for
 * some request, by the same rules as tick: the channel sleeps until then
 * (a new request wakes it earlier). */
static int64_t next_chance(tm_dram *d, int64_t n) {
  update_mode(d);
  /* the data bus: a column command at cycle k puts data on it at k + tCL (tWL) */
  int64_t bus = tm_cycle_at_or_after(d->clk, d->bus_free);
  int64_t best = INT64_MAX;
  if (!d->frfcfs) {   /* only the oldest request counts */
    const tm_req *r = oldest(d);
    if (r) {
      const tm_bank *b = &d->banks[r->bank];
      best = b->row == r->row ? column_time(d, b, class_of(r), bus) : row_time(d, b);
    }
  } else {
    int c = d->draining;
    /* column_time and row_time over the banks with requests of class c, as
     * three minima: a bank with hits waits for its next column command (and
     * the channel's), one with none for its precharge (a row open) or its
     * activate (and the channel's); each loop stops where the answer is
     * known: a hit whose bank is ready by 'col' makes the hits' part col, and
     * a part at or before n + 1 makes the answer n + 1 (it is never less) */
    int64_t col = d->next_col_any, lat = c == 0 ? d->tCL : d->tWL;
    if (c == 0 && d->next_rd > col) col = d->next_rd;
    if (bus - lat > col) col = bus - lat;
    int64_t floor = n + 1, hit = INT64_MAX, pre = INT64_MAX, act = INT64_MAX;
    FOR_BANKS(d, i, HITTING) {
      if (d->banks[i].next_col < hit) hit = d->banks[i].next_col;
      if (hit <= col) break;
    }
    if (hit != INT64_MAX) best = hit > col ? hit : col;
    if (best <= floor) return floor;
    FOR_BANKS(d, i, MISSING_OPEN) {
      if (d->banks[i].next_pre < pre) pre = d->banks[i].next_pre;
      if (pre <= floor) return floor;
    }
    if (pre < best) best = pre;
    int64_t act_floor = d->next_act_any > floor ? d->next_act_any : floor;   /* (an ACT waits for the channel's tRRD too) */
    FOR_BANKS(d, i, MISSING_CLOSED) {
      if (d->banks[i].next_act < act) act = d->banks[i].next_act;
      if (act <= act_floor) break;
    }
    if (act != INT64_MAX && act < d->next_act_any) act = d->next_act_any;
    if (act < best) best = act;
  }
  return best > n + 1 ? best : n + 1;
}

static void tick(void *obj, void *arg, tm_time now) {
  (void)arg;
  tm_dram *d = obj;
  if (!d->ticking || now != d->tick_at) return;   /* superseded by an earlier tick */
  d->ticking = 0;
  int64_t n = tm_cycle_of(d->clk, now);
  update_mode(d);
  /* one column command, unless the column bus or the data bus is taken (the
   * common case when the bus is the bottleneck) */
  int64_t lat = d->tCL > d->tWL ? d->tCL : d->tWL;   /* the later data can start, the sooner a command may go */
  if (d->nq && n >= d->next_col_any && tm_cycles(d->clk, n + lat) >= d->bus_free) {
    tm_req *r = pick_column(d, n);
    if (r) issue_column(d, r, n);
  }
  /* one row command */
  if (d->nq) {
    tm_req *r = pick_row(d, n);
    if (r) row_command(d, r, n);
  }
  if (d->refused && (d->nreads < d->qcap || d->nwrites < d->qcap)) {
    d->refused = 0;
    if (d->room) d->room(d->done_ctx, d, now);
  }
  if (d->nq) wake(d, tm_cycles(d->clk, next_chance(d, n)));
}
