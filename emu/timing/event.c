/* emu/timing/event.c -- the event queue: a timing wheel with a heap for the far future (see event.h).
 *
 * An event at time t belongs to bucket number t >> TM_WHEEL_SHIFT.  Those
 * within TM_WHEEL buckets of the cursor sit in their bucket's list, kept
 * sorted by (time, seq); later ones wait in the heap.  The next event is the
 * earlier of the first non-empty bucket's head and the heap's top, so the
 * order is exactly (time, seq) whatever the sizes.
 */
#include "event.h"

#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

void tm_events_init(tm_events *q) {
  memset(q, 0, sizeof *q);
  q->free = NONE;
  q->min = INT64_MAX;
  q->min_node = NONE;
}

void tm_events_free(tm_events *q) {
  free(q->pool);
  free(q->head);
  free(q->tail);
  free(q->far);
  tm_events_init(q);
}

void tm_events_clear(tm_events *q) {
  q->n = 0;
  q->seq = 0;
  q->now = 0;
  q->min = INT64_MAX;
  q->min_node = NONE;
  q->cursor = 0;
  q->nfar = 0;
  /* (an empty bucket's head is NONE already: only the occupied ones are emptied) */
  for (uint32_t w = 0; w < TM_WHEEL / 64; w++)
    for (uint64_t m = q->occupied[w]; m; m &= m - 1) q->head[w * 64 + (uint32_t)__builtin_ctzll(m)] = NONE;
  memset(q->occupied, 0, sizeof q->occupied);
  memset(q->summary, 0, sizeof q->summary);
  q->free = NONE;
  for (uint32_t i = q->cap; i > 0; i--) { q->pool[i - 1].next = q->free; q->free = i - 1; }
}

static inline int before(const tm_event_node *a, const tm_event_node *b) {
  return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static int grow(tm_events *q) {
  if (!q->head) {
    q->head = malloc(TM_WHEEL * sizeof *q->head);
    q->tail = malloc(TM_WHEEL * sizeof *q->tail);
    if (!q->head || !q->tail) { free(q->head); free(q->tail); q->head = q->tail = NULL; return -1; }
    for (uint32_t b = 0; b < TM_WHEEL; b++) q->head[b] = NONE;
  }
  uint32_t cap = q->cap ? q->cap * 2 : 1024;
  tm_event_node *p = realloc(q->pool, cap * sizeof *p);
  if (!p) return -1;
  q->pool = p;
  for (uint32_t i = cap; i > q->cap; i--) { p[i - 1].next = q->free; q->free = i - 1; }
  q->cap = cap;
  return 0;
}

/* ---- the far heap ---- */

static int far_push(tm_events *q, uint32_t x) {
  if (q->nfar == q->capfar) {
    uint32_t cap = q->capfar ? q->capfar * 2 : 256;
    uint32_t *h = realloc(q->far, cap * sizeof *h);
    if (!h) return -1;
    q->far = h;
    q->capfar = cap;
  }
  uint32_t i = q->nfar++;
  while (i) {
    uint32_t p = (i - 1) / 2;
    if (!before(&q->pool[x], &q->pool[q->far[p]])) break;
    q->far[i] = q->far[p];
    i = p;
  }
  q->far[i] = x;
  return 0;
}

static void far_pop(tm_events *q) {
  uint32_t last = q->far[--q->nfar], i = 0, n = q->nfar;
  for (;;) {
    uint32_t l = 2 * i + 1, m = l;
    if (l >= n) break;
    if (l + 1 < n && before(&q->pool[q->far[l + 1]], &q->pool[q->far[l]])) m = l + 1;
    if (!before(&q->pool[q->far[m]], &q->pool[last])) break;
    q->far[i] = q->far[m];
    i = m;
  }
  if (n) q->far[i] = last;
}

/* ---- the wheel ---- */

/* The first non-empty bucket at or after the cursor's (circularly), as a
 * bucket number, or -1 when the wheel is empty: the rest of the cursor's
 * word of 'occupied', else the first word after it (circularly) that
 * 'summary' marks, which is the cursor's own word again (its bits below the
 * cursor) only when every other word is empty. */
static int64_t first_bucket(const tm_events *q) {
  enum { WORDS = TM_WHEEL / 64, SWORDS = TM_WHEEL / 4096 };
  uint32_t start = (uint32_t)(q->cursor & (TM_WHEEL - 1)), w0 = start / 64;
  uint64_t bits = q->occupied[w0] & (~0ull << (start & 63));
  uint32_t b = UINT32_MAX;
  if (bits) b = w0 * 64 + (uint32_t)__builtin_ctzll(bits);
  else {
    uint32_t from = (w0 + 1) % WORDS;   /* the word scan starts here, and ends at w0 */
    for (uint32_t k = 0; k <= SWORDS && b == UINT32_MAX; k++) {
      uint32_t sw = (from / 64 + k) % SWORDS;
      uint64_t sb = q->summary[sw];
      if (k == 0) sb &= ~0ull << (from & 63);
      else if (k == SWORDS) sb &= (from & 63) ? ~(~0ull << (from & 63)) : 0;
      if (!sb) continue;
      uint32_t w = sw * 64 + (uint32_t)__builtin_ctzll(sb);
      b = w * 64 + (uint32_t)__builtin_ctzll(q->occupied[w]);   /* (w0's bits at or above start are clear) */
    }
    if (b == UINT32_MAX) return -1;
  }
  return q->cursor + (int64_t)((b - start) & (TM_WHEEL - 1));
}

/* The node to pop next (its bucket number in *bucket, -1 for the heap), or NONE. */
static uint32_t next_node(const tm_events *q, int64_t *bucket) {
  int64_t b = first_bucket(q);
  uint32_t x = b >= 0 ? q->head[b & (TM_WHEEL - 1)] : NONE;
  *bucket = b;
  if (q->nfar && (x == NONE || before(&q->pool[q->far[0]], &q->pool[x]))) { *bucket = -1; return q->far[0]; }
  return x;
}

static void refresh_min(tm_events *q) {
  uint32_t x = next_node(q, &q->min_bucket);
  q->min_node = x;
  q->min = x == NONE ? INT64_MAX : q->pool[x].time;
}

int tm_events_post(tm_events *q, tm_time time, tm_event_fn fn, void *obj, void *arg) {
  if (q->free == NONE && grow(q)) return -1;
  uint32_t x = q->free;
  tm_event_node *e = &q->pool[x];
  q->free = e->next;
  e->time = time;
  e->seq = q->seq++;
  e->fn = fn;
  e->obj = obj;
  e->arg = arg;
  int64_t b = time >> TM_WHEEL_SHIFT;
  if (b < q->cursor) b = q->cursor;   /* (a time already past: the earliest bucket) */
  if (b >= q->cursor + TM_WHEEL) {
    if (far_push(q, x)) { e->next = q->free; q->free = x; return -1; }
  } else {
    uint32_t i = (uint32_t)(b & (TM_WHEEL - 1));
    if (q->head[i] == NONE) {   /* events mostly come in time order: the end of the list first */
      e->next = NONE;
      q->head[i] = q->tail[i] = x;
      q->occupied[i / 64] |= 1ull << (i & 63);
      q->summary[i / 4096] |= 1ull << (i / 64 & 63);
    } else if (!before(e, &q->pool[q->tail[i]])) {
      e->next = NONE;
      q->pool[q->tail[i]].next = x;
      q->tail[i] = x;
    } else {   /* before the last: somewhere in the list, never at its end */
      uint32_t *link = &q->head[i];
      while (!before(e, &q->pool[*link])) link = &q->pool[*link].next;
      e->next = *link;
      *link = x;
    }
  }
  q->n++;
  /* the latest posted, it pops before the others only when it is earlier than all of them */
  if (time < q->min) {
    q->min = time;
    q->min_node = x;
    q->min_bucket = b >= q->cursor + TM_WHEEL ? -1 : b;
  }
  return 0;
}

tm_event tm_events_pop(tm_events *q) {
  int64_t b = q->min_bucket;
  uint32_t x = q->min_node;   /* (found when it became the earliest) */
  tm_event_node *e = &q->pool[x];
  if (b < 0) {
    far_pop(q);
    int64_t fb = e->time >> TM_WHEEL_SHIFT;
    if (fb > q->cursor) q->cursor = fb;   /* every wheel event is later */
  } else {
    uint32_t i = (uint32_t)(b & (TM_WHEEL - 1));
    q->head[i] = e->next;
    if (q->head[i] == NONE && !(q->occupied[i / 64] &= ~(1ull << (i & 63)))) q->summary[i / 4096] &= ~(1ull << (i / 64 & 63));
    q->cursor = b;
  }
  tm_event out = { e->time, e->seq, e->fn, e->obj, e->arg };
  e->next = q->free;
  q->free = x;
  q->n--;
  q->now = out.time;
  uint32_t h = b >= 0 ? q->head[b & (TM_WHEEL - 1)] : NONE;
  if (h != NONE) {   /* the bucket's next is the wheel's earliest (the buckets before it are empty) */
    q->min = q->pool[h].time;
    q->min_node = h;
    if (q->nfar && before(&q->pool[q->far[0]], &q->pool[h])) {
      q->min = q->pool[q->far[0]].time;
      q->min_node = q->far[0];
      q->min_bucket = -1;
    }
  } else refresh_min(q);
  return out;
}
