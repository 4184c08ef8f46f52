/* emu/timing/dram.h -- one DRAM channel: controller queue, banks with row buffers, the data bus.
 *
 * Owns: the channel's request queue, each bank's open row and timing
 * constraints, the data bus, and the channel's counters.  Commands issue on
 * DRAM clock edges under the configured timing (tRCD, tRP, tRAS, tRC, tRRD,
 * tCCD, tCL, tWL, tWR, tCDLR); the scheduler is FCFS or FR-FCFS (row hits
 * first, then the oldest request); per cycle at most one row command (ACT or
 * PRE) and one column command (RD or WR).  Data moves in bursts of the memory
 * access granularity: a request's 'bursts' (set by whoever made it) times
 * MAG bytes, at dram_bus_bytes x dram_data_rate bytes per command cycle,
 * scaled by dram_bandwidth_scale.  Reads and writes have queues of their
 * own (dram_queue entries each), so reads never wait behind a flood of
 * write-backs; FR-FCFS serves reads and drains writes in batches.
 * Promises: requests complete (the 'done' callback, at the end of their data
 * on the bus) in an order the scheduler decides, deterministically; a full
 * queue refuses (dram_accepts), it never drops.
 */
#ifndef AWEMU_TM_DRAM_H
#define AWEMU_TM_DRAM_H

#include "config.h"
#include "event.h"
#include "mem.h"

/* A queued request, with what the scheduler looks at (so it need not touch the request). */
typedef struct tm_dq {
  int64_t row;
  uint64_t seq;              /* its age: smaller is older */
  struct tm_req *r;
} tm_dq;

typedef struct {
  int64_t row;               /* open row, -1: precharged */
  int64_t next_act, next_pre, next_col;   /* earliest DRAM cycle for each command */
  int fresh;                 /* activated and not read or written yet: the next column command is the row miss's */
  struct tm_dq *q[2];        /* its queued reads [0] and writes [1], oldest first (dram_queue entries each) */
  uint32_t nq[2];
  uint32_t hits[2];          /* how many of them are to the open row */
} tm_bank;

typedef struct {
  uint64_t reads, writes, bursts, activates, precharges;
  uint64_t row_hits;         /* column commands to a row that an earlier column command used */
  tm_time bus_busy;          /* femtoseconds the data bus carried data */
  tm_time queue_time;        /* summed time requests waited in the queue */
} tm_dram_stats;

typedef struct tm_dram {
  int id;
  tm_clock clk;
  int frfcfs;
  uint32_t nbanks, qcap;
  int64_t tCL, tWL, tRCD, tRP, tRAS, tRC, tRRD, tCCD, tWR, tCDLR;
  tm_time burst_time;        /* one MAG burst on the bus, femtoseconds */
  tm_bank *banks;            /* each with its own queue of requests */
  tm_dq *slots;              /* the banks' queues: nbanks x 2 x qcap */
  uint32_t nwords;           /* 64-bit words of each bank bitmap */
  uint64_t *queued[2];       /* bitmaps: the banks with reads [0], writes [1] queued */
  uint64_t *hitting[2];      /* bitmaps: the banks with reads, writes to their open row */
  uint64_t *open;            /* bitmap: the banks with a row open */
  uint32_t nq;               /* reads and writes queued */
  uint32_t nreads, nwrites;
  uint64_t seq;              /* arrival order: a request's age is its 'seq' */
  int64_t next_act_any, next_col_any, next_rd;   /* channel-wide constraints, DRAM cycles */
  tm_time bus_free;          /* the data bus is free from here on */
  int ticking;               /* a tick event is pending, at tick_at */
  tm_time tick_at;
  tm_events *ev;
  /* called when a request's data has moved (reads: the data is back; writes: written) */
  void (*done)(void *ctx, tm_req *r, tm_time t);
  void *done_ctx;
  /* called when the queue has room again after refusing */
  void (*room)(void *ctx, struct tm_dram *d, tm_time t);
  int refused;
  int draining;              /* FR-FCFS: serving the batch of queued writes */
  uint32_t drain_high, drain_low;   /* from dram_queue: queued writes that start a batch, and end it while reads wait */
  tm_dram_stats st;
} tm_dram;

/* Where an address lives: memory partition, L2 slice (global index), bank and
 * row in that partition's channel. */
typedef struct { uint32_t part, slice, bank; int64_t row; } tm_place;
void tm_map(const tm_config *c, uint64_t addr, tm_place *p);

int dram_init(tm_dram *d, int id, const tm_config *c, tm_events *ev,
              void (*done)(void *, tm_req *, tm_time), void (*room)(void *, tm_dram *, tm_time), void *ctx);
void dram_free(tm_dram *d);
/* Back to the state dram_init left: banks precharged, queues empty, counters zero. */
void dram_reset(tm_dram *d);
/* 1 when the queue for r's kind (reads; writes) has room for one more. */
static inline int dram_accepts(const tm_dram *d, const tm_req *r) {
  return (tm_req_reads(r) ? d->nreads : d->nwrites) < d->qcap;
}
/* Queues r (its bank and row from tm_map, its kind REQ_RD or REQ_WB/REQ_WR, its
 * bursts) at time t, the time it reaches the controller (now: the caller
 * delays it by whatever lies before, such as the L2's latency).  The caller checked dram_accepts; if it did not, the
 * request is refused: returns -1 and sets 'refused' so 'room' is called later. */
int dram_push(tm_dram *d, tm_req *r, tm_time t);

#endif
