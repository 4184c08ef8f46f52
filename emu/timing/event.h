/* emu/timing/event.h -- the timing model's clock: time, clock domains, and a queue of events.
 *
 * Owns: simulated time (femtoseconds since the launch began, so every clock
 * domain's edges are whole numbers: 1400 MHz is a period of 714286 fs, off by
 * 3e-7), and a priority queue of pending events.
 * Promises: events come out in the order of (time, the order they were
 * posted): one global order, so the same run gives the same cycles.
 */
#ifndef AWEMU_TM_EVENT_H
#define AWEMU_TM_EVENT_H

#include <stdint.h>

typedef int64_t tm_time;              /* femtoseconds */

typedef struct {
  tm_time period;                     /* femtoseconds per cycle */
} tm_clock;

static inline tm_clock tm_clock_mhz(double mhz) {
  tm_clock c;
  c.period = (tm_time)(1e9 / mhz + 0.5);
  return c;
}
/* The cycle a time falls in (edges at 0, period, 2 period, ...): the last edge at or before t. */
static inline int64_t tm_cycle_of(tm_clock c, tm_time t) { return t / c.period; }
/* The cycle of the first edge at or after t. */
static inline int64_t tm_cycle_at_or_after(tm_clock c, tm_time t) { return (t + c.period - 1) / c.period; }
/* The first edge at or after t. */
static inline tm_time tm_edge_at_or_after(tm_clock c, tm_time t) { return tm_cycle_at_or_after(c, t) * c.period; }
static inline tm_time tm_cycles(tm_clock c, int64_t n) { return n * c.period; }

typedef void (*tm_event_fn)(void *obj, void *arg, tm_time now);

typedef struct {
  tm_time time;
  uint64_t seq;
  tm_event_fn fn;
  void *obj, *arg;
} tm_event;

/* The queue: a timing wheel of TM_WHEEL buckets of 2^TM_WHEEL_SHIFT fs
 * (each a list sorted by (time, seq)) for the next ~2.1 us, and a binary heap
 * for events further ahead; events live in a pool and are named by index.
 * (The horizon covers a loaded memory system's replies: at ~270 ns, a fifth
 * of bfs's events went through the heap, a sixth of its host time.) */
#define TM_WHEEL 32768
#define TM_WHEEL_SHIFT 16
typedef struct {
  tm_time time;
  uint64_t seq;
  tm_event_fn fn;
  void *obj, *arg;
  uint32_t next;                      /* the next in its bucket, or in the free list */
} tm_event_node;

typedef struct {
  tm_event_node *pool;
  uint32_t cap, free;                 /* free: the first free node (UINT32_MAX: none) */
  uint32_t *head;                     /* per bucket: its first node (UINT32_MAX: empty) */
  uint32_t *tail;                     /* per bucket: its last node (meaningful while head is not empty) */
  uint64_t occupied[TM_WHEEL / 64];   /* buckets that are not empty */
  uint64_t summary[TM_WHEEL / 4096];  /* words of occupied that are not zero */
  int64_t cursor;                     /* the bucket number (time >> shift) no pending wheel event is before */
  uint32_t *far, nfar, capfar;        /* min-heap of nodes beyond the wheel */
  uint32_t n;                         /* events pending */
  uint64_t seq;
  tm_time now;                        /* the time of the event popped last */
  tm_time min;                        /* the earliest pending time (INT64_MAX: none) */
  uint32_t min_node;                  /* the event that pops next (NONE: none) */
  int64_t min_bucket;                 /* and its bucket number (-1: the far heap's top) */
} tm_events;

void tm_events_init(tm_events *q);
void tm_events_free(tm_events *q);
/* Empties the queue and starts time and the posting order from 0 again. */
void tm_events_clear(tm_events *q);
/* Posts fn(obj, arg, time) to run at 'time'.  0 on success, -1 out of memory. */
int tm_events_post(tm_events *q, tm_time time, tm_event_fn fn, void *obj, void *arg);
/* The earliest pending time, or INT64_MAX when none. */
static inline tm_time tm_events_next(const tm_events *q) { return q->min; }
/* Removes and returns the earliest event (the queue must not be empty). */
tm_event tm_events_pop(tm_events *q);

#endif
