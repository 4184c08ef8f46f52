/* emu/timing/event.h -- the timing model's clock: time, clock domains, and a queue of events.
 *
 * Owns: simulated time (femtoseconds since the launch began, so every clock
 * domain's edges are whole numbers: 1400 MHz is a period of 714286 fs, off by
 * 3e-7), and a min-heap of pending events.
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
/* The first edge at or after t. */
static inline tm_time tm_edge_at_or_after(tm_clock c, tm_time t) { return (t + c.period - 1) / c.period * c.period; }
static inline tm_time tm_cycles(tm_clock c, int64_t n) { return n * c.period; }

typedef void (*tm_event_fn)(void *obj, void *arg, tm_time now);

typedef struct {
  tm_time time;
  uint64_t seq;
  tm_event_fn fn;
  void *obj, *arg;
} tm_event;

typedef struct {
  tm_event *heap;
  uint32_t n, cap;
  uint64_t seq;
  tm_time now;                        /* the time of the event popped last */
} tm_events;

void tm_events_init(tm_events *q);
void tm_events_free(tm_events *q);
/* Posts fn(obj, arg, time) to run at 'time'.  0 on success, -1 out of memory. */
int tm_events_post(tm_events *q, tm_time time, tm_event_fn fn, void *obj, void *arg);
/* The earliest pending time, or INT64_MAX when none. */
static inline tm_time tm_events_next(const tm_events *q) { return q->n ? q->heap[0].time : INT64_MAX; }
/* Removes and returns the earliest event (the queue must not be empty). */
tm_event tm_events_pop(tm_events *q);

#endif
