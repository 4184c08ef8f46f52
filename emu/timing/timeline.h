/* emu/timing/timeline.h -- the timeline trace (timeline.c): Chrome Trace Event JSON, for Perfetto.
 *
 * tm_timeline_open makes the device write one from its next timing launch on
 * into f (the caller owns f and closes it after tm_timeline_close, which ends
 * the JSON); the model calls the others only when d->timeline is set.
 */
#ifndef AWEMU_TIMELINE_H
#define AWEMU_TIMELINE_H

#include <stdint.h>
#include <stdio.h>

#include "../core/core.h"

struct aw_device;
struct tm_gpu;
struct tm_sm;
struct tm_warp;

int tm_timeline_open(struct aw_device *d, FILE *f);     /* 0, or -1 out of memory */
void tm_timeline_close(struct aw_device *d);
/* a launch of 'kernel' starts; it ran 'cycles' */
void tm_timeline_launch(struct tm_gpu *g, const char *kernel);
void tm_timeline_end(struct tm_gpu *g, int64_t cycles);
/* warp tw issued instruction 'in' with lanes 'active' at cycle n */
void tm_timeline_insn(struct tm_gpu *g, const struct tm_sm *s, const struct tm_warp *tw, const emu_insn *in, uint32_t active, int64_t n);
/* assist warp table entry 'entry' of s: an instruction ('what', instant 0) or an event (instant 1) of subroutine subr */
void tm_timeline_assist(struct tm_gpu *g, const struct tm_sm *s, uint32_t entry, const char *what, const char *subr, int64_t n, int instant);
/* on warp slot 'slot''s track: a trigger */
void tm_timeline_trigger(struct tm_gpu *g, const struct tm_sm *s, uint32_t slot, const char *what, int64_t n);
/* L1 of s filled 'line' (assisted: it came compressed, and an assist warp decompresses it) */
void tm_timeline_fill(struct tm_gpu *g, const struct tm_sm *s, uint64_t line, int assisted, int64_t n);

#endif
