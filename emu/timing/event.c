/* emu/timing/event.c -- a binary min-heap of events ordered by (time, seq) (see event.h). */
#include "event.h"

#include <stdlib.h>
#include <string.h>

void tm_events_init(tm_events *q) { memset(q, 0, sizeof *q); }

void tm_events_free(tm_events *q) {
  free(q->heap);
  memset(q, 0, sizeof *q);
}

static int before(const tm_event *a, const tm_event *b) {
  return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

int tm_events_post(tm_events *q, tm_time time, tm_event_fn fn, void *obj, void *arg) {
  if (q->n == q->cap) {
    uint32_t cap = q->cap ? q->cap * 2 : 256;
    tm_event *h = realloc(q->heap, cap * sizeof *h);
    if (!h) return -1;
    q->heap = h;
    q->cap = cap;
  }
  tm_event e = { time, q->seq++, fn, obj, arg };
  uint32_t i = q->n++;
  while (i) {
    uint32_t p = (i - 1) / 2;
    if (!before(&e, &q->heap[p])) break;
    q->heap[i] = q->heap[p];
    i = p;
  }
  q->heap[i] = e;
  return 0;
}

tm_event tm_events_pop(tm_events *q) {
  tm_event top = q->heap[0];
  q->now = top.time;
  tm_event last = q->heap[--q->n];
  uint32_t i = 0;
  for (;;) {
    uint32_t l = 2 * i + 1, r = l + 1, m = i;
    const tm_event *best = &last;
    if (l < q->n && before(&q->heap[l], best)) { m = l; best = &q->heap[l]; }
    if (r < q->n && before(&q->heap[r], best)) { m = r; }
    if (m == i) break;
    q->heap[i] = q->heap[m];
    i = m;
  }
  if (q->n) q->heap[i] = last;
  return top;
}
