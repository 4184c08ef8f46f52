/* emu/timing/timeline.c -- the timeline trace: Chrome Trace Event JSON of what the SMs issued.
 *
 * Owns: the events of aw_timing_timeline's file.  One process per SM; in it
 * one track per warp slot (its parent warps' instructions), one per assist
 * warp table entry (the assist warps' instructions, their start and exit),
 * and one for L1 (fills of lines, compressed or not).  Timestamps are core
 * cycles, written as microseconds (1 us on the viewer's axis = 1 cycle), each
 * launch after the cycles of the launches before it.  Observes only: the
 * model's decisions never depend on whether a timeline is written.
 * Limit: TL_MAX_EVENTS events.  Past it the rest are counted, not written: standard error
 * says so when it happens, and at the close one last event (at the end of the launches so
 * far, global, so a viewer shows it over every track) and standard error give the count.
 */
#include "awc.h"
#include "timeline.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TL_MAX_EVENTS 5000000ull
#define TL_ASSIST_TID 10000   /* assist warp table entry e: track 10000 + e */
#define TL_L1_TID 20000

struct tm_timeline {
  FILE *f;
  uint64_t events;
  uint64_t left_out;          /* events past TL_MAX_EVENTS, not written */
  int64_t base;               /* the cycles of the launches before this one */
  uint8_t *named;             /* per SM x (slots + entries + 1): the track's name is written */
  uint32_t nsm, per_sm;
};

int tm_timeline_open(aw_device *d, FILE *f) {
  tm_timeline_close(d);
  if (!f) return 0;
  tm_timeline *t = calloc(1, sizeof *t);
  if (!t) return -1;
  tm_device_attach(d);
  t->f = f;
  fprintf(f, "{\"displayTimeUnit\": \"ns\", \"otherData\": {\"awemu\": \"timestamps are core cycles (1 us on the axis = 1 cycle)\"},\n\"traceEvents\": [\n"
             "{\"name\": \"process_sort_index\", \"ph\": \"M\", \"pid\": 0, \"args\": {\"sort_index\": 0}}");
  d->timeline = t;
  return 0;
}

int aw_timing_timeline(aw_device *d, FILE *f) {
  if (!f) { tm_timeline_close(d); return 0; }
  return tm_timeline_open(d, f);
}

void tm_timeline_close(aw_device *d) {
  tm_timeline *t = d->timeline;
  if (!t) return;
  if (t->left_out) {
    fprintf(t->f, ",\n{\"name\": \"timeline truncated: the first %llu events are written, %llu more were left out\", \"ph\": \"i\", \"s\": \"g\", "
                  "\"ts\": %" PRId64 ", \"pid\": 0, \"tid\": 0}", TL_MAX_EVENTS, (unsigned long long)t->left_out, t->base);
    fprintf(stderr, "awemu: the timeline (--trace-timeline) holds the first %llu events only: %llu more were left out\n", TL_MAX_EVENTS,
            (unsigned long long)t->left_out);
  }
  fprintf(t->f, "\n]}\n");
  free(t->named);
  free(t);
  d->timeline = NULL;
}

/* One event: the line's opening; the caller writes the rest and the closing brace. */
static int begin(tm_timeline *t) {
  if (t->events == TL_MAX_EVENTS) {
    if (!t->left_out++)
      fprintf(stderr, "awemu: the timeline (--trace-timeline) is full: it holds at most %llu events, the rest of the run is left out of it\n",
              TL_MAX_EVENTS);
    return 0;
  }
  t->events++;
  fputs(",\n", t->f);
  return 1;
}

/* Names SM sm's track tid (once per launch). */
static void name_track(tm_gpu *g, tm_timeline *t, uint32_t sm, uint32_t tid, uint32_t index) {
  const tm_sm *s = &g->sms[sm];
  uint32_t per = s->nslots + tm_awc_entries(s->awc) + 1;
  if (!t->named || t->nsm != g->nsm || t->per_sm != per) {
    free(t->named);
    t->named = calloc((size_t)g->nsm * per, 1);
    t->nsm = g->nsm;
    t->per_sm = per;
    if (!t->named) return;
    for (uint32_t i = 0; i < g->nsm; i++)
      fprintf(t->f, ",\n{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": %u, \"args\": {\"name\": \"SM %u\"}}", i, i);
  }
  uint8_t *n = &t->named[(size_t)sm * per + index];
  if (*n) return;
  *n = 1;
  if (tid >= TL_L1_TID) fprintf(t->f, ",\n{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": %u, \"tid\": %u, \"args\": {\"name\": \"L1\"}}", sm, tid);
  else if (tid >= TL_ASSIST_TID)
    fprintf(t->f, ",\n{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": %u, \"tid\": %u, \"args\": {\"name\": \"assist warp table entry %u\"}}", sm, tid, tid - TL_ASSIST_TID);
  else fprintf(t->f, ",\n{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": %u, \"tid\": %u, \"args\": {\"name\": \"warp slot %u\"}}", sm, tid, tid);
}

void tm_timeline_launch(tm_gpu *g, const char *kernel) {
  tm_timeline *t = g->d->timeline;
  if (t->named) memset(t->named, 0, (size_t)t->nsm * t->per_sm);
  if (!begin(t)) return;
  fprintf(t->f, "{\"name\": \"launch %s\", \"ph\": \"i\", \"s\": \"g\", \"ts\": %" PRId64 ", \"pid\": 0, \"tid\": 0, "
                "\"args\": {\"grid\": \"%u,%u,%u\", \"block\": \"%u,%u,%u\"}}",
          kernel, t->base, g->grid.x, g->grid.y, g->grid.z, g->block.x, g->block.y, g->block.z);
}

void tm_timeline_end(tm_gpu *g, int64_t cycles) {
  tm_timeline *t = g->d->timeline;
  t->base += cycles;
}

void tm_timeline_insn(tm_gpu *g, const tm_sm *s, const tm_warp *tw, const emu_insn *in, uint32_t active, int64_t n) {
  tm_timeline *t = g->d->timeline;
  name_track(g, t, (uint32_t)s->id, tw->slot, tw->slot);
  if (!begin(t)) return;
  const cta *c = tw->tc->c;
  uint32_t pc = (uint32_t)(in - g->m->code);
  fprintf(t->f, "{\"name\": \"%s\", \"ph\": \"X\", \"ts\": %" PRId64 ", \"dur\": 1, \"pid\": %d, \"tid\": %u, "
                "\"args\": {\"pc\": %u, \"warp\": %u, \"cta\": \"%u,%u,%u\", \"active\": \"%08x\"}}",
          isa_ops[in->op].name, t->base + n, s->id, tw->slot, pc - g->m->funcs[in->func].first_pc, tw->w->id, c->cta.x, c->cta.y, c->cta.z, active);
}

void tm_timeline_assist(tm_gpu *g, const tm_sm *s, uint32_t entry, const char *what, const char *subr, int64_t n, int instant) {
  tm_timeline *t = g->d->timeline;
  uint32_t tid = TL_ASSIST_TID + entry;
  name_track(g, t, (uint32_t)s->id, tid, s->nslots + entry);
  if (!begin(t)) return;
  if (instant)
    fprintf(t->f, "{\"name\": \"%s\", \"ph\": \"i\", \"s\": \"t\", \"ts\": %" PRId64 ", \"pid\": %d, \"tid\": %u, \"args\": {\"subroutine\": \"%s\"}}",
            what, t->base + n, s->id, tid, subr);
  else
    fprintf(t->f, "{\"name\": \"%s\", \"ph\": \"X\", \"ts\": %" PRId64 ", \"dur\": 1, \"pid\": %d, \"tid\": %u, \"args\": {\"subroutine\": \"%s\"}}",
            what, t->base + n, s->id, tid, subr);
}

void tm_timeline_trigger(tm_gpu *g, const tm_sm *s, uint32_t slot, const char *what, int64_t n) {
  tm_timeline *t = g->d->timeline;
  name_track(g, t, (uint32_t)s->id, slot, slot);
  if (!begin(t)) return;
  fprintf(t->f, "{\"name\": \"%s\", \"ph\": \"i\", \"s\": \"t\", \"ts\": %" PRId64 ", \"pid\": %d, \"tid\": %u}", what, t->base + n, s->id, slot);
}

void tm_timeline_fill(tm_gpu *g, const tm_sm *s, uint64_t line, int assisted, int64_t n) {
  tm_timeline *t = g->d->timeline;
  name_track(g, t, (uint32_t)s->id, TL_L1_TID, s->nslots + tm_awc_entries(s->awc));
  if (!begin(t)) return;
  fprintf(t->f, "{\"name\": \"%s\", \"ph\": \"i\", \"s\": \"t\", \"ts\": %" PRId64 ", \"pid\": %d, \"tid\": %u, \"args\": {\"line\": \"0x%llx\"}}",
          assisted ? "fill (compressed: an assist warp decompresses it)" : "fill", t->base + n, s->id, TL_L1_TID, (unsigned long long)line);
}
