/* emu/timing/dram.c -- one DRAM channel with FCFS or FR-FCFS scheduling (see dram.h). */
#include "dram.h"

#include <stdlib.h>
#include <string.h>

void tm_map(const tm_config *c, uint64_t addr, tm_place *p) {
  uint64_t il = (uint64_t)c->addr_interleave_bytes;
  uint64_t chunk = addr / il;
  uint64_t nmem = (uint64_t)c->n_mem;
  p->part = (uint32_t)(chunk % nmem);
  uint64_t local = chunk / nmem * il + addr % il;       /* the address within the channel */
  uint64_t line = (uint64_t)(c->l2_bytes ? c->l2_line_bytes : c->l1_line_bytes);
  p->slice = p->part * (uint32_t)c->l2_slices_per_mem + (uint32_t)(local / line % (uint64_t)c->l2_slices_per_mem);
  uint64_t rowb = (uint64_t)c->dram_row_bytes;
  uint64_t nb = (uint64_t)c->dram_banks;
  p->row = (int64_t)(local / rowb / nb);
  /* the bank: consecutive rows' worth of bytes go to consecutive banks, XORed
   * with all the row bits folded (permutation interleaving, Zhang et al.,
   * MICRO 2000), so arrays a multiple of the bank span apart (a copy's source
   * and destination) do not fight over the same banks */
  uint64_t fold = 0, bits = 0;
  while ((1ull << bits) < nb) bits++;
  for (uint64_t r = (uint64_t)p->row; r && bits; r >>= bits) fold ^= r;
  p->bank = (uint32_t)((local / rowb ^ fold) % nb);
}

int dram_init(tm_dram *d, int id, const tm_config *c, tm_events *ev,
              void (*done)(void *, tm_req *, tm_time), void (*room)(void *, tm_dram *, tm_time), void *ctx) {
  memset(d, 0, sizeof *d);
  d->id = id;
  d->clk = tm_clock_mhz(c->dram_clock_mhz);
  d->frfcfs = c->dram_scheduler == TM_DRAM_FRFCFS;
  d->nbanks = (uint32_t)c->dram_banks;
  d->qcap = (uint32_t)c->dram_queue;
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
  d->queue = calloc(2 * (size_t)d->qcap, sizeof *d->queue);
  if (!d->banks || !d->queue) { dram_free(d); return -1; }
  for (uint32_t b = 0; b < d->nbanks; b++) d->banks[b].row = -1;
  return 0;
}

void dram_reset(tm_dram *d) {
  memset(d->banks, 0, d->nbanks * sizeof *d->banks);
  for (uint32_t b = 0; b < d->nbanks; b++) d->banks[b].row = -1;
  d->nq = d->nreads = d->nwrites = 0;
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
  free(d->queue);
  d->banks = NULL;
  d->queue = NULL;
}

static void tick(void *obj, void *arg, tm_time now);
static int is_read(const tm_req *r) { return r->kind == REQ_RD; }

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

int dram_push(tm_dram *d, tm_req *r, tm_time t) {
  if (!dram_accepts(d, r)) { d->refused = 1; return -1; }
  r->arrived = t;
  d->queue[d->nq++] = r;
  if (is_read(r)) d->nreads++; else d->nwrites++;
  wake(d, t);
  return 0;
}

static void remove_at(tm_dram *d, uint32_t i) {
  if (is_read(d->queue[i])) d->nreads--; else d->nwrites--;
  memmove(&d->queue[i], &d->queue[i + 1], (d->nq - i - 1) * sizeof *d->queue);
  d->nq--;
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
static void issue_column(tm_dram *d, uint32_t qi, int64_t n) {
  tm_req *r = d->queue[qi];
  tm_bank *b = &d->banks[r->bank];
  uint32_t bursts = r->bursts ? r->bursts : 1;
  tm_time start = tm_cycles(d->clk, n + (is_read(r) ? d->tCL : d->tWL));
  tm_time end = start + (tm_time)bursts * d->burst_time;
  d->bus_free = end;
  d->st.bus_busy += end - start;
  d->st.bursts += bursts;
  d->st.queue_time += tm_cycles(d->clk, n) - r->arrived;
  d->next_col_any = n + d->tCCD;
  /* bursts longer than tCCD keep the column bus busy as long as their data */
  b->next_col = n + d->tCCD;
  int64_t end_cycle = (end + d->clk.period - 1) / d->clk.period;
  if (is_read(r)) d->st.reads++;
  else {
    d->st.writes++;
    if (b->next_pre < end_cycle + d->tWR) b->next_pre = end_cycle + d->tWR;
    d->next_rd = end_cycle + d->tCDLR;
  }
  remove_at(d, qi);
  d->done(d->done_ctx, r, end);
}

/* Issues an ACT or PRE for r's bank at cycle n if the timing allows; 1 if one was issued. */
static int row_command(tm_dram *d, const tm_req *r, int64_t n) {
  tm_bank *b = &d->banks[r->bank];
  if (b->row == r->row) return 0;
  if (b->row >= 0) {
    if (n < b->next_pre) return 0;
    b->row = -1;
    if (b->next_act < n + d->tRP) b->next_act = n + d->tRP;
    d->st.precharges++;
    return 1;
  }
  if (n < b->next_act || n < d->next_act_any) return 0;
  b->row = r->row;
  b->next_col = n + d->tRCD;
  b->next_pre = n + d->tRAS;
  b->next_act = n + d->tRC;
  d->next_act_any = n + d->tRRD;
  d->st.activates++;
  b->fresh = 1;
  return 1;
}

/* May r be served now?  It must have arrived; under FR-FCFS reads and
 * writes take turns in batches (see tick). */
#define TM_CYCLE_ANY INT64_MAX   /* eligible() at any time: arrival not considered */
static int eligible(const tm_dram *d, const tm_req *r, int64_t n) {
  if (n != TM_CYCLE_ANY && r->arrived > tm_cycles(d->clk, n)) return 0;
  return !d->frfcfs || d->draining == !is_read(r);
}

/* FR-FCFS: writes wait while reads are served, then drain in a batch: from
 * three quarters of their queue down to a quarter (or while no read waits),
 * so the bus turns around between reading and writing rarely. */
static void update_mode(tm_dram *d) {
  if (!d->frfcfs) return;
  uint32_t writes = d->nwrites, reads = d->nreads;
  if (!d->draining && (writes >= d->qcap * 3 / 4 || (!reads && writes))) d->draining = 1;
  else if (d->draining && (!writes || (reads && writes <= d->qcap / 4))) d->draining = 0;
}

/* FR-FCFS: marks the banks whose open row an eligible request hits (such a
 * bank is not precharged while the hit waits). */
static void mark_hits(tm_dram *d, int64_t n) {
  if (!d->frfcfs) return;
  for (uint32_t b = 0; b < d->nbanks; b++) d->banks[b].hit_waiting = 0;
  for (uint32_t i = 0; i < d->nq; i++) {
    const tm_req *r = d->queue[i];
    if (d->banks[r->bank].row == r->row && eligible(d, r, n)) d->banks[r->bank].hit_waiting = 1;
  }
}

/* The first cycle after n at which the scheduler could issue a command for
 * some request, by the same rules as tick: the channel sleeps until then
 * (a new request wakes it earlier). */
static int64_t next_chance(tm_dram *d, int64_t n) {
  update_mode(d);
  mark_hits(d, n);   /* hits that arrived: one still on its way may not hold its bank open yet */
  int64_t best = INT64_MAX;
  /* the data bus: a column command at cycle k puts data on it at k + tCL (tWL) */
  int64_t bus = (d->bus_free + d->clk.period - 1) / d->clk.period;
  for (uint32_t i = 0; i < d->nq; i++) {
    const tm_req *r = d->queue[i];
    const tm_bank *b = &d->banks[r->bank];
    if (d->frfcfs && d->draining == is_read(r)) continue;
    int64_t t;
    if (b->row == r->row) {
      t = b->next_col > d->next_col_any ? b->next_col : d->next_col_any;
      if (is_read(r) && d->next_rd > t) t = d->next_rd;
      int64_t lat = is_read(r) ? d->tCL : d->tWL;
      if (bus - lat > t) t = bus - lat;
    } else if (d->frfcfs && b->hit_waiting) continue;   /* its bank serves hits first */
    else if (b->row >= 0) t = b->next_pre;
    else t = b->next_act > d->next_act_any ? b->next_act : d->next_act_any;
    int64_t here = (r->arrived + d->clk.period - 1) / d->clk.period;
    if (here > t) t = here;
    if (t < best) best = t;
    if (!d->frfcfs) break;
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
  /* one column command: FR-FCFS takes the oldest eligible row hit; FCFS only the oldest request.
   * None can issue while the column bus or the data bus is taken (the common
   * case when the bus is the bottleneck): then the queue is not searched. */
  int64_t lat = d->tCL > d->tWL ? d->tCL : d->tWL;   /* the later data can start, the sooner a command may go */
  uint32_t limit = d->frfcfs ? d->nq : (d->nq ? 1 : 0);
  if (n < d->next_col_any || tm_cycles(d->clk, n + lat) < d->bus_free) limit = 0;
  for (uint32_t i = 0; i < limit; i++)
    if (eligible(d, d->queue[i], n) && column_ready(d, d->queue[i], n)) {
      tm_bank *b = &d->banks[d->queue[i]->bank];
      if (b->fresh) b->fresh = 0;
      else d->st.row_hits++;
      issue_column(d, i, n);
      break;
    }
  /* one row command: for the oldest eligible request whose bank has no
   * eligible row hit waiting (FR-FCFS keeps a row open while it has hits) */
  mark_hits(d, n);
  for (uint32_t i = 0; i < d->nq; i++) {
    const tm_req *r = d->queue[i];
    const tm_bank *b = &d->banks[r->bank];
    if (!eligible(d, r, n)) { if (!d->frfcfs) break; continue; }
    if (b->row == r->row) { if (!d->frfcfs) break; continue; }
    if (d->frfcfs && b->hit_waiting) continue;
    if (row_command(d, r, n)) break;
    if (!d->frfcfs) break;
  }
  if (d->refused && (d->nreads < d->qcap || d->nwrites < d->qcap)) {
    d->refused = 0;
    if (d->room) d->room(d->done_ctx, d, now);
  }
  if (d->nq) wake(d, tm_cycles(d->clk, next_chance(d, n)));
}
