/* tests/test_timing_mem.c -- the timing model's memory parts on their own: events, caches, DRAM.
 *
 *   events  the queue gives (time, posting order)
 *   cache   hits, misses, MSHR merging and its limits, sectors, LRU victims,
 *           write-back victims, allocate on fill, invalidation
 *   dram    a read's latency tRCD + tCL + bursts; back-to-back row hits
 *           limited by the bus; a row conflict's PRE/ACT timing; FR-FCFS vs
 *           FCFS order; write-to-read turnaround; the bandwidth scale; a full
 *           queue refuses and calls back when it has room
 *   link    the packet link: a header per packet, transfers that find it busy
 *           joining the packet on it up to its payload limit, exact times
 * Every expected time is derived by hand from the caba-gtx480 values written
 * next to it (DRAM clock 924 MHz: a period of 1e9 / 924 = 1082251 fs).
 */
#include "check.h"
#include "../emu/timing/cache.h"
#include "../emu/timing/dram.h"
#include "../emu/timing/link.h"

#include <string.h>

/* ---- events ---- */

static int order[16], norder;
static void record(void *obj, void *arg, tm_time now) { (void)obj; (void)now; order[norder++] = (int)(intptr_t)arg; }

static void events(void) {
  tm_events q;
  tm_events_init(&q);
  tm_events_post(&q, 50, record, NULL, (void *)1);
  tm_events_post(&q, 10, record, NULL, (void *)2);
  tm_events_post(&q, 50, record, NULL, (void *)3);
  tm_events_post(&q, 10, record, NULL, (void *)4);
  tm_events_post(&q, 30, record, NULL, (void *)5);
  norder = 0;
  while (q.n) { tm_event e = tm_events_pop(&q); e.fn(e.obj, e.arg, e.time); }
  CHECK(norder == 5 && order[0] == 2 && order[1] == 4 && order[2] == 5 && order[3] == 1 && order[4] == 3,
        "events: by time, then by posting order (2 4 5 1 3)");
  /* many events: a heap, popped sorted */
  int sorted = 1;
  for (int i = 0; i < 1000; i++) tm_events_post(&q, (i * 7919) % 1000, record, NULL, NULL);
  tm_time last = -1;
  while (q.n) { tm_event e = tm_events_pop(&q); if (e.time < last) sorted = 0; last = e.time; }
  CHECK(sorted, "events: 1000 events come out in time order");
  /* posts and pops interleaved, times near (the wheel), far (beyond its
   * horizon), equal and already past, against a list searched by hand for
   * the least (time, posting number) */
  enum { MAXP = 4096 };
  static struct { tm_time t; uint64_t k; } pend[MAXP];
  uint32_t np = 0, bad = 0, pops = 0;
  uint64_t posted = 0, x = 7;
  tm_time now = 0;
  for (int step = 0; step < 200000; step++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    int post = np == 0 || (np < MAXP && (x >> 60) < 9);
    if (post) {
      uint64_t r = x >> 20;
      tm_time dt = (r & 3) == 0 ? (tm_time)(r % 8000000000ull)       /* far: up to 8 us ahead (the wheel's horizon is ~2.1 us) */
                 : (r & 3) == 1 ? 0                                    /* now */
                 : (r & 3) == 2 ? -(tm_time)(r % 1000)                 /* a little in the past */
                 : (tm_time)(r % 300000);                              /* near */
      tm_time t = now + dt < 0 ? 0 : now + dt;
      pend[np].t = t; pend[np].k = posted++;
      np++;
      tm_events_post(&q, t, record, NULL, (void *)(intptr_t)(posted - 1));
    } else {
      uint32_t m = 0;
      for (uint32_t i = 1; i < np; i++) if (pend[i].t < pend[m].t || (pend[i].t == pend[m].t && pend[i].k < pend[m].k)) m = i;
      if (tm_events_next(&q) != pend[m].t) bad++;
      tm_event e = tm_events_pop(&q);
      if (e.time != pend[m].t || (uint64_t)(intptr_t)e.arg != pend[m].k) bad++;
      if (e.time > now) now = e.time;
      pend[m] = pend[--np];
      pops++;
    }
  }
  CHECK(!bad && q.n == np, "events: %u pops among 200000 posts and pops (near, far, past, equal times) in (time, posting) order, %u wrong", pops, bad);
  tm_events_clear(&q);
  CHECK(q.n == 0 && tm_events_next(&q) == INT64_MAX, "events: a cleared queue is empty");
  tm_events_post(&q, 5, record, NULL, (void *)9);
  CHECK(q.n == 1 && tm_events_next(&q) == 5 && tm_events_pop(&q).time == 5, "events: a cleared queue takes events again");
  /* one event at a time: a wheel empty but for it, found in any of its words, the last ones
   * just short of its horizon (in the cursor's own word, below the cursor: wrapped around) */
  bad = 0;
  now = 5;
  for (int i = 0; i < 300; i++) {
    tm_time dt = i < 290 ? (tm_time)i * 7400001 + 999 : (tm_time)(TM_WHEEL - 1 - (i - 290)) << TM_WHEEL_SHIFT;
    tm_events_post(&q, now + dt, record, NULL, NULL);
    if (tm_events_next(&q) != now + dt) bad++;
    tm_event e = tm_events_pop(&q);
    if (e.time != now + dt || q.n) bad++;
    now = e.time;
  }
  CHECK(!bad, "events: 300 lone events up to the wheel's horizon each come out at their time, %u wrong", bad);
  tm_events_free(&q);
  tm_clock c = tm_clock_mhz(924);
  CHECK(c.period == 1082251, "924 MHz is a period of 1082251 fs");
  CHECK(tm_edge_at_or_after(c, 1) == 1082251 && tm_edge_at_or_after(c, 1082251) == 1082251 && tm_cycle_of(c, 2164501) == 1,
        "clock edges");
}

/* ---- caches ---- */

static void caches(void) {
  tm_cache c;
  /* 4 sets x 2 ways x 128-byte lines of 4 32-byte sectors; 2 MSHRs of up to 2 requests */
  CHECK(cache_init(&c, 1024, 2, 128, 32, 2, 2) == 0 && c.sets == 4, "cache of 4 sets");
  tm_req r[8];
  memset(r, 0, sizeof r);
  uint32_t fetch;
  CHECK(cache_sectors(&c, 0x1000 + 40, 8) == 0x2 && cache_sectors(&c, 0x1000 + 60, 8) == 0x6 && cache_sectors(&c, 0x1000, 128) == 0xf,
        "sectors touched: bytes 40-47 -> sector 1; 60-67 -> 1,2; whole line -> all");
  CHECK(cache_read(&c, 0x1000, 0x1, &r[0], &fetch) == CACHE_MISS && fetch == 0x1, "first read misses, fetches its sector");
  CHECK(cache_read(&c, 0x1000, 0x3, &r[1], &fetch) == CACHE_MERGED && fetch == 0x2, "second read merges, fetches the sector not yet asked for");
  CHECK(cache_read(&c, 0x1000, 0x1, &r[2], &fetch) == CACHE_STALL, "third read of the line: the MSHR holds 2 requests at most");
  CHECK(cache_read(&c, 0x2080, 0xf, &r[3], &fetch) == CACHE_MISS && fetch == 0xf, "another line (line 65, set 1): second MSHR");
  CHECK(cache_read(&c, 0x3000, 0xf, &r[4], &fetch) == CACHE_STALL && cache_mshrs_used(&c) == 2, "no MSHR left: stall");
  tm_victim v;
  int hv;
  tm_req *done = cache_fill(&c, 0x1000, 0x1, &v, &hv);
  CHECK(done == &r[0] && !done->next && !hv, "sector 0 arrives: only the first read completes");
  done = cache_fill(&c, 0x1000, 0x2, &v, &hv);
  CHECK(done == &r[1] && cache_mshrs_used(&c) == 1, "sector 1 arrives: the second completes, the MSHR is freed");
  CHECK(cache_read(&c, 0x1000, 0x3, &r[5], &fetch) == CACHE_HIT, "then the line hits for sectors 0-1");
  CHECK(cache_read(&c, 0x1000, 0x4, &r[5], &fetch) == CACHE_MISS && fetch == 0x4, "sector 2 of a present line: a sector miss");
  cache_fill(&c, 0x1000, 0x4, &v, &hv);
  cache_fill(&c, 0x2080, 0xf, &v, &hv);
  /* set of 0x1000 (line 32 -> set 0): lines 32 and, below, 36 and 40 (all set 0) */
  CHECK(cache_write_back(&c, 0x1200, 0x1, &v) == 0, "write-allocate line 36 in set 0 (an empty way)");
  CHECK(cache_read(&c, 0x1000, 0x1, &r[6], &fetch) == CACHE_HIT, "line 32 used again: line 36 is now the LRU way");
  CHECK(cache_write_back(&c, 0x1400, 0x3, &v) == 1 && v.addr == 0x1200 && v.dirty == 0x1,
        "writing line 40 evicts dirty line 36: its sector 0 is written back");
  CHECK(!cache_probe(&c, 0x1200, 0x1) && cache_probe(&c, 0x1400, 0x3) && cache_probe(&c, 0x1000, 0x7), "victim gone, new line and old line present");
  cache_invalidate(&c, 0x1000);
  CHECK(!cache_probe(&c, 0x1000, 0x1) && c.st.invalidations == 1, "invalidate drops the line");
  cache_write_through(&c, 0x3000, 0x1);
  CHECK(!cache_probe(&c, 0x3000, 0x1), "write-through does not allocate");
  /* counters: reads 0x1000 x2 + 0x2080 (misses 3: two lines, one sector miss), 1 merge, 2 stalls not counted as accesses */
  CHECK(c.st.misses == 3 && c.st.merges == 1 && c.st.hits == 2 && c.st.stalls == 2 && c.st.accesses == 6,
        "counters: 6 accesses = 2 hits + 3 misses + 1 merge; 2 stalls (%llu %llu %llu %llu %llu)",
        (unsigned long long)c.st.accesses, (unsigned long long)c.st.hits, (unsigned long long)c.st.misses,
        (unsigned long long)c.st.merges, (unsigned long long)c.st.stalls);
  cache_free(&c);

  /* MSHR index under churn: 64 entries, lines allocated and freed in a scrambled order */
  CHECK(cache_init(&c, 1 << 16, 4, 128, 128, 64, 4) == 0, "cache with 64 MSHRs");
  static tm_req many[64];
  int ok = 1;
  for (int round = 0; round < 50; round++) {
    for (int i = 0; i < 64; i++) {
      uint64_t a = (uint64_t)((i * 37 + round * 1009) % 4096) * 128;
      if (cache_read(&c, a, 1, &many[i], &fetch) != CACHE_MISS) ok = 0;
    }
    for (int i = 0; i < 64; i++) {
      int k = (i * 29) % 64;
      uint64_t a = (uint64_t)((k * 37 + round * 1009) % 4096) * 128;
      tm_req *d = cache_fill(&c, a, 1, &v, &hv);
      if (d != &many[k]) ok = 0;
      cache_invalidate(&c, a);
    }
    if (cache_mshrs_used(&c) != 0) ok = 0;
  }
  CHECK(ok, "3200 misses and fills through the MSHR index, each fill finds its request");
  cache_free(&c);
  /* A waiter takes what is valid when it comes and what the fills bring, even when
   * its line is evicted in between (allocate on fill): one set of 2 ways of 128-byte
   * lines of 4 sectors; lines 0x0 (A), 0x100 (B), 0x200 (C), 0x300 (D) all map to it. */
  CHECK(cache_init(&c, 256, 2, 128, 32, 4, 4) == 0 && c.sets == 1, "one set of 2 ways");
  memset(r, 0, sizeof r);
  CHECK(cache_read(&c, 0x0, 0x1, &r[0], &fetch) == CACHE_MISS && cache_fill(&c, 0x0, 0x1, &v, &hv) == &r[0], "A: sector 0 in");
  CHECK(cache_read(&c, 0x0, 0x3, &r[1], &fetch) == CACHE_MISS && fetch == 0x2, "A: sectors 0-1 read: 0 is there, 1 is fetched");
  CHECK(cache_read(&c, 0x100, 0x1, &r[2], &fetch) == CACHE_MISS && cache_fill(&c, 0x100, 0x1, &v, &hv) == &r[2] &&
        cache_read(&c, 0x200, 0x1, &r[3], &fetch) == CACHE_MISS && cache_fill(&c, 0x200, 0x1, &v, &hv) == &r[3] &&
        !cache_probe(&c, 0x0, 0x1), "B and C come in: A (the LRU way) leaves, sector 0 with it");
  done = cache_fill(&c, 0x0, 0x2, &v, &hv);
  CHECK(done == &r[1] && cache_mshrs_used(&c) == 0 && cache_probe(&c, 0x0, 0x2) && !cache_probe(&c, 0x0, 0x1),
        "sector 1 arrives: the read that took sector 0 before A left completes (it asks for nothing again)");
  CHECK(cache_read(&c, 0x300, 0xf, &r[4], &fetch) == CACHE_MISS && fetch == 0xf, "D: all four sectors fetched");
  CHECK(cache_fill(&c, 0x300, 0x3, &v, &hv) == NULL && cache_mshrs_used(&c) == 1, "D: sectors 0-1 arrive: the read waits for 2-3");
  CHECK(cache_read(&c, 0x100, 0x2, &r[5], &fetch) == CACHE_MISS && cache_fill(&c, 0x100, 0x2, &v, &hv) == &r[5] &&
        cache_read(&c, 0x200, 0x2, &r[6], &fetch) == CACHE_MISS && cache_fill(&c, 0x200, 0x2, &v, &hv) == &r[6] &&
        !cache_probe(&c, 0x300, 0x1), "B and C again: D leaves with sectors 0-1");
  done = cache_fill(&c, 0x300, 0xc, &v, &hv);
  CHECK(done == &r[4] && !done->next && cache_mshrs_used(&c) == 0, "D: sectors 2-3 arrive: the read has had all four, the MSHR is free");
  cache_free(&c);
}

/* ---- DRAM ---- */

static tm_time done_at[16];
static int done_order[16], ndone, rooms;
/* ---- a compressed cache (CABA 7.5: 2 tags per way) ---- */

static uint32_t line_size[32];   /* stored bytes of line n (address n * 128) */
static uint32_t size_of(void *ctx, uint64_t line_addr, uint32_t valid) { (void)ctx; (void)valid; return line_size[line_addr / 128]; }

/* One set of 2 ways of 128-byte lines with 2 tags per way: up to 4 lines
 * while their sizes fit in 256 bytes.  The LRU clock below counts fills and
 * writes (each one a use). */
static void compressed_cache(void) {
  tm_cache c;
  CHECK(cache_init(&c, 256, 2, 128, 128, 4, 4) == 0 && cache_set_compressed(&c, 2, size_of, NULL) == 0 && c.sets == 1 && c.slots == 4,
        "compressed cache: 1 set, 2 ways, 2 tags per way: 4 lines");
  tm_victim v;
  int hv;
  for (int n = 1; n <= 14; n++) line_size[n] = 40;
  /* lines 1-4 of 40 bytes (uses 1-4): 160 of 256 bytes, 4 tags: all stay */
  for (int n = 1; n <= 4; n++) cache_fill(&c, (uint64_t)n * 128, 1, &v, &hv);
  CHECK(cache_probe(&c, 128, 1) && cache_probe(&c, 512, 1) && c.st.evictions == 0, "four 40-byte lines share the two ways");
  /* line 5 (use 5): no tag left: the LRU line, 1 (clean), goes */
  cache_fill(&c, 5 * 128, 1, &v, &hv);
  CHECK(!hv && !cache_probe(&c, 128, 1) && cache_probe(&c, 5 * 128, 1) && c.st.evictions == 1, "a fifth line takes the LRU line's tag (line 1, clean)");
  /* write line 6, 128 bytes (use 6): tag of line 2 (LRU); 3 + 4 + 5 + 6 = 40 + 40 + 40 + 128 = 248 fit */
  line_size[6] = 128;
  CHECK(cache_write_back(&c, 6 * 128, 1, &v) == 0 && !cache_probe(&c, 256, 1) && cache_probe(&c, 3 * 128, 1), "a 128-byte line fits beside three 40-byte ones (248 bytes)");
  /* line 5 rewritten, now 128 bytes (use 7): 40 + 40 + 128 + 128 = 336 > 256: line 3 (LRU, clean, 296 left), then
   * line 4 (clean, 256 left) go; line 6 (dirty) stays */
  line_size[5] = 128;
  CHECK(cache_write_back(&c, 5 * 128, 1, &v) == 0 && c.nextra == 0 && !cache_probe(&c, 3 * 128, 1) && !cache_probe(&c, 4 * 128, 1) &&
        cache_probe(&c, 6 * 128, 1) && c.st.evictions == 4, "a line that grows evicts the LRU others until the set fits (lines 3 and 4: 256 bytes)");
  /* line 7 of 40 bytes written (use 8): 5 (128) + 6 (128) + 7 (40) = 296 > 256 evicts line 6 (dirty: the victim) */
  CHECK(cache_write_back(&c, 7 * 128, 1, &v) == 1 && v.addr == 6 * 128 && v.dirty == 1 && c.nextra == 0, "line 7 evicts dirty line 6, handed back");
  /* line 5 rewritten at 72 bytes (use 9), lines 8 and 9 of 72 written (uses 10, 11): 40 + 72 + 72 + 72 = 256, all dirty */
  line_size[5] = line_size[8] = line_size[9] = 72;
  CHECK(cache_write_back(&c, 5 * 128, 1, &v) == 0 && cache_write_back(&c, 8 * 128, 1, &v) == 0 && cache_write_back(&c, 9 * 128, 1, &v) == 0 &&
        c.st.evictions == 5, "lines of 40, 72, 72 and 72 bytes fill the set exactly");
  /* line 10 of 128 bytes arrives (use 12): no tag: line 7 (LRU, dirty) goes; 72 x 3 + 128 = 344 > 256: line 5 (dirty),
   * 272 > 256: line 8 (dirty), 200: three dirty victims from one fill, the first in v, two in extra */
  line_size[10] = 128;
  cache_fill(&c, 10 * 128, 1, &v, &hv);
  CHECK(hv && v.addr == 7 * 128 && c.nextra == 2 && c.extra[0].addr == 5 * 128 && c.extra[1].addr == 8 * 128 &&
        cache_probe(&c, 9 * 128, 1) && cache_probe(&c, 10 * 128, 1) && c.st.writebacks == 4 && c.st.evictions == 8,
        "a 128-byte line evicts three dirty lines in one fill: 7 (the victim), 5 and 8 (extra) (nextra %u, writebacks %llu)",
        c.nextra, (unsigned long long)c.st.writebacks);
  cache_free(&c);
}

static void on_done(void *ctx, tm_req *r, tm_time t) { (void)ctx; done_at[r->tag] = t; if (ndone < 16) done_order[ndone] = (int)r->tag; ndone++; }
static void on_room(void *ctx, tm_dram *d, tm_time t) { (void)ctx; (void)d; (void)t; rooms++; }

static void run(tm_events *q) {
  while (q->n) { tm_event e = tm_events_pop(q); e.fn(e.obj, e.arg, e.time); }
}

/* A request with tag, kind, bank, row and 4 bursts (a 128-byte line at MAG 32). */
static tm_req mk(uint32_t tag, int kind, uint32_t bank, int64_t row) {
  tm_req r;
  memset(&r, 0, sizeof r);
  r.tag = tag; r.kind = (uint8_t)kind; r.bank = bank; r.row = row; r.bursts = 4;
  return r;
}

static void drams(void) {
  tm_config cfg;
  char err[256];
  tm_config_defaults(&cfg);
  tm_config_load(&cfg, "caba-gtx480", err, sizeof err);
  const tm_time P = 1082251;   /* one DRAM cycle */
  tm_events q;
  tm_dram d;
  tm_events_init(&q);

  /* one read to a closed bank at time 0: ACT at cycle 0, RD at tRCD = 12, data
   * from 12 + tCL = 24 for 4 bursts of 32 bytes, each 32 / (8 x 4) = 1 cycle:
   * done at cycle 28 */
  dram_init(&d, 0, &cfg, &q, on_done, on_room, NULL);
  CHECK(d.burst_time == P, "a 32-byte burst takes one DRAM cycle (8-byte bus, 4 transfers per cycle)");
  tm_req a = mk(0, REQ_RD, 3, 7);
  ndone = 0;
  dram_push(&d, &a, 0);
  run(&q);
  CHECK(ndone == 1 && done_at[0] == 28 * P, "read to a closed bank: tRCD 12 + tCL 12 + 4 bursts = 28 cycles (%lld)", (long long)(done_at[0] / P));
  CHECK(d.st.activates == 1 && d.st.reads == 1 && d.st.bursts == 4 && d.st.row_hits == 0 && d.st.bus_busy == 4 * P, "counters of one read");

  /* then two more reads of the open row at cycle 40: RD at 40 (data 52-56),
   * RD at 42 by tCCD would put data at 54 while the bus is busy until 56, so
   * it waits until cycle 44 (data 56-60): done at 56 and 60, two row hits */
  tm_req b = mk(1, REQ_RD, 3, 7), c = mk(2, REQ_RD, 3, 7);
  dram_push(&d, &b, 40 * P);
  dram_push(&d, &c, 40 * P);
  run(&q);
  CHECK(done_at[1] == 56 * P && done_at[2] == 60 * P, "row hits back to back, limited by the bus: done at 56 and 60 (%lld %lld)",
        (long long)(done_at[1] / P), (long long)(done_at[2] / P));
  CHECK(d.st.row_hits == 2 && d.st.activates == 1, "two row hits, no new activation");

  /* a row conflict in the same bank at cycle 100: PRE at 100 (tRAS long past),
   * ACT at 100 + tRP = 112, RD at 112 + tRCD = 124, data 136-140 */
  tm_req e = mk(3, REQ_RD, 3, 9);
  dram_push(&d, &e, 100 * P);
  run(&q);
  CHECK(done_at[3] == 140 * P && d.st.precharges == 1, "row conflict: PRE, tRP, ACT, tRCD, tCL, 4 bursts: done at 140 (%lld)", (long long)(done_at[3] / P));
  dram_free(&d);

  /* tRAS and tRC: a conflict right after an activation.  ACT row 1 at 0, RD at 12
   * (done 28); row 2 of the same bank: PRE waits for tRAS = 28, ACT for
   * max(28 + tRP, tRC) = 40, RD at 52, data 64-68 */
  dram_init(&d, 0, &cfg, &q, on_done, on_room, NULL);
  tm_req f = mk(4, REQ_RD, 0, 1), g = mk(5, REQ_RD, 0, 2);
  dram_push(&d, &f, 0);
  dram_push(&d, &g, 0);
  run(&q);
  CHECK(done_at[4] == 28 * P && done_at[5] == 68 * P, "conflict after an ACT obeys tRAS and tRC: done at 28 and 68 (%lld %lld)",
        (long long)(done_at[4] / P), (long long)(done_at[5] / P));
  dram_free(&d);

  /* FR-FCFS serves a younger row hit before an older row miss; FCFS does not.
   * Queue at time 0: A row 1, B row 2, C row 1 (all bank 0). */
  for (int fr = 0; fr <= 1; fr++) {
    tm_config c2 = cfg;
    c2.dram_scheduler = fr ? TM_DRAM_FRFCFS : TM_DRAM_FCFS;
    dram_init(&d, 0, &c2, &q, on_done, on_room, NULL);
    tm_req A = mk(6, REQ_RD, 0, 1), B = mk(7, REQ_RD, 0, 2), C = mk(8, REQ_RD, 0, 1);
    ndone = 0;
    dram_push(&d, &A, 0);
    dram_push(&d, &B, 0);
    dram_push(&d, &C, 0);
    run(&q);
    if (fr) CHECK(ndone == 3 && done_order[0] == 6 && done_order[1] == 8 && done_order[2] == 7, "FR-FCFS: A, C (row hit), B");
    else CHECK(ndone == 3 && done_order[0] == 6 && done_order[1] == 7 && done_order[2] == 8, "FCFS: A, B, C");
    dram_free(&d);
  }

  /* write then read of the open row, in arrival order (FCFS; FR-FCFS would
   * serve the read first and batch writes): WR at 12 (after the ACT at 0 and
   * tRCD), data 12 + tWL 4 = 16 to 20; the read waits tCDLR = 5 after the
   * write data: RD at 25, data 37-41 */
  tm_config fcfs = cfg;
  fcfs.dram_scheduler = TM_DRAM_FCFS;
  dram_init(&d, 0, &fcfs, &q, on_done, on_room, NULL);
  tm_req w = mk(9, REQ_WB, 0, 1), rd = mk(10, REQ_RD, 0, 1);
  dram_push(&d, &w, 0);
  dram_push(&d, &rd, 0);
  run(&q);
  CHECK(done_at[9] == 20 * P && done_at[10] == 41 * P, "write-to-read turnaround tCDLR: done at 20 and 41 (%lld %lld)",
        (long long)(done_at[9] / P), (long long)(done_at[10] / P));
  dram_free(&d);

  /* FR-FCFS serves reads before writes: the same two requests, the read at
   * 12 (data 24-28), the write when the bus is free again: WR at 24 (data
   * 28-32) */
  dram_init(&d, 0, &cfg, &q, on_done, on_room, NULL);
  tm_req w2 = mk(9, REQ_WB, 0, 1), rd2 = mk(10, REQ_RD, 0, 1);
  dram_push(&d, &w2, 0);
  dram_push(&d, &rd2, 0);
  run(&q);
  CHECK(done_at[10] == 28 * P && done_at[9] == 32 * P, "FR-FCFS: the read first (done at 28), then the write (32) (%lld %lld)",
        (long long)(done_at[10] / P), (long long)(done_at[9] / P));
  dram_free(&d);

  /* half the bandwidth: each burst 2 cycles: 12 + 12 + 8 = 32 */
  tm_config half = cfg;
  half.dram_bandwidth_scale = 0.5;
  dram_init(&d, 0, &half, &q, on_done, on_room, NULL);
  tm_req h = mk(11, REQ_RD, 0, 1);
  dram_push(&d, &h, 0);
  run(&q);
  CHECK(done_at[11] == 32 * P, "at 0.5x bandwidth a 4-burst read takes 8 bus cycles: done at 32 (%lld)", (long long)(done_at[11] / P));
  dram_free(&d);

  /* a full queue refuses and calls back when it drains */
  tm_config small = cfg;
  small.dram_queue = 2;
  dram_init(&d, 0, &small, &q, on_done, on_room, NULL);
  tm_req x1 = mk(12, REQ_RD, 0, 1), x2 = mk(13, REQ_RD, 1, 1), x3 = mk(14, REQ_RD, 2, 1);
  rooms = 0;
  int r1 = dram_push(&d, &x1, 0), r2 = dram_push(&d, &x2, 0), r3 = dram_push(&d, &x3, 0);
  run(&q);
  CHECK(r1 == 0 && r2 == 0 && r3 == -1 && rooms == 1, "a queue of 2 refuses the third request and calls back once");
  dram_free(&d);

  /* a queue of one request per class (the smallest dram_queue): a read and a
   * write at 0 are taken, a second read is refused.  The write drains first
   * (one write fills its queue): ACT at 0, WR at tRCD 12, data 12 + tWL 4 = 16
   * to 20; the read's RD waits for tCDLR 5 after it: 25, data 37 to 41.  The
   * refused read, pushed again when the first is done (41), hits the open row:
   * RD at 41, data 53 to 57.  (An earlier version drained writes for ever.) */
  tm_config one = cfg;
  one.dram_queue = 1;
  dram_init(&d, 0, &one, &q, on_done, on_room, NULL);
  tm_req o1 = mk(6, REQ_RD, 0, 1), o2 = mk(7, REQ_WR, 0, 1), o3 = mk(8, REQ_RD, 0, 1);
  int p1 = dram_push(&d, &o1, 0), p2 = dram_push(&d, &o2, 0), p3 = dram_push(&d, &o3, 0);
  run(&q);
  int p4 = dram_push(&d, &o3, done_at[6]);
  run(&q);
  CHECK(p1 == 0 && p2 == 0 && p3 == -1 && p4 == 0 && done_at[7] == 20 * P && done_at[6] == 41 * P && done_at[8] == 57 * P,
        "a queue of one request per class: write done at 20, read at 41, the refused read at 57 (%lld, %lld, %lld)",
        (long long)(done_at[7] / P), (long long)(done_at[6] / P), (long long)(done_at[8] / P));
  dram_free(&d);

  /* streaming: 64 reads of one row, all queued at 0: the bus is busy 4 cycles
   * per read from the first data at 24 on: the last done at 24 + 64 x 4 = 280 */
  dram_init(&d, 0, &cfg, &q, on_done, on_room, NULL);
  d.qcap = 64;
  static tm_req s[64];
  for (int i = 0; i < 64; i++) { s[i] = mk(15, REQ_RD, 0, 1); dram_push(&d, &s[i], 0); }
  run(&q);
  CHECK(done_at[15] == 280 * P && d.st.bus_busy == 256 * P, "64 row hits stream at the bus's full rate: last at 280 (%lld)", (long long)(done_at[15] / P));
  dram_free(&d);

  tm_events_free(&q);

  /* address mapping (caba-gtx480: 256-byte interleave over 6 partitions, 2 slices,
   * 16 banks of 2048-byte rows): 0x000 -> partition 0; 0x100 -> 1; 0x600 -> 0 again,
   * at channel offset 0x100 -> slice 0 (line 2 of the channel, 2 % 2 = 0);
   * 0x680 -> channel offset 0x180 -> slice 1; channel offset 2048 -> bank 1,
   * row 0; channel offset 32768 -> row 1, bank (16 XOR 1) mod 16 = 1 (the
   * row's bits folded into the bank) */
  tm_place p;
  tm_map(&cfg, 0x000, &p); int ok0 = p.part == 0 && p.slice == 0 && p.bank == 0 && p.row == 0;
  tm_map(&cfg, 0x100, &p); int ok1 = p.part == 1 && p.slice == 2;
  tm_map(&cfg, 0x680, &p); int ok2 = p.part == 0 && p.slice == 1;
  tm_map(&cfg, 6 * 2048, &p); int ok3 = p.part == 0 && p.bank == 1 && p.row == 0;
  tm_map(&cfg, 6 * 2048 * 16, &p); int ok4 = p.part == 0 && p.bank == 1 && p.row == 1;
  CHECK(ok0 && ok1 && ok2 && ok3 && ok4, "address mapping: partitions, slices, banks, rows");
}

/* ---- the packet link ---- */

/* caba-gtx480's partition peak: 8 bytes x 4 transfers x 924 MHz = 29.568e9 B/s,
 * so a bit takes 1e15 / (29.568e9 x 8) = 1e6 / 236.544 = 4227.5433 fs.  Packets of at most 4096
 * bytes (32768 bits) after 8-byte (64-bit) headers; a transfer of a 128-byte
 * block and its 9-bit tag: 1033 bits. */
static void links(void) {
  tm_link l;
  link_init(&l, 8.0 * 4 * 924e6, 4096, 8);
  /* idle: a packet of its own: (64 + 1033) x 4227.5433 = 4637615.0 -> 4637615 fs after t = 1000 */
  tm_time a = link_send(&l, 1033, 1000);
  CHECK(a == 1000 + 4637615 && l.packets == 1 && l.bits == 1097, "link: an idle link sends a header and the block: done at %lld fs (derived 4638615)", (long long)a);
  /* while it is busy the next joins the packet: 1033 x 4227.5433 = 4367052.2 -> 4367052 fs more, no header */
  tm_time b = link_send(&l, 1033, 2000);
  CHECK(b == a + 4367052 && l.packets == 1 && l.bits == 2130, "link: a transfer that finds it busy joins its packet: done at %lld fs (derived %lld)",
        (long long)b, (long long)(a + 4367052));
  /* after it has gone idle: a new packet, a header again */
  tm_time c = link_send(&l, 1033, b + 1);
  CHECK(c == b + 1 + 4637615 && l.packets == 2, "link: idle again: a new packet with its header, done at %lld fs (derived %lld)", (long long)c, (long long)(b + 1 + 4637615));
  /* 32768 bits of payload at most: 31 back-to-back transfers of 1033 bits fill 32023 bits; the 32nd
   * (33056) starts a packet of its own: 2 packets, 32 x 1033 + 2 x 64 bits */
  link_reset(&l);
  for (int i = 0; i < 32; i++) link_send(&l, 1033, 0);
  CHECK(l.packets == 2 && l.bits == 32 * 1033 + 2 * 64, "link: a packet carries at most 4096 bytes: %llu packets, %llu bits (derived 2, %d)",
        (unsigned long long)l.packets, (unsigned long long)l.bits, 32 * 1033 + 2 * 64);
}

int main(void) {
  events();
  caches();
  compressed_cache();
  drams();
  links();
  return check_failed ? 1 : 0;
}
