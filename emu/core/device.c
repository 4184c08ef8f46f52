/* emu/core/device.c -- a device's lifecycle and settings: creation, the limits of
 * its launches (instructions, wall-clock time, call frames), interrupts, the
 * trace, and freeing everything it owns (memory, modules, and through d->timing_ops what
 * the timing model keeps in it).
 * Memory (memory.c), modules (load.c) and launches (run.c, step.c) are the
 * other parts of the device.
 */
#include "emu_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

aw_device *aw_device_new(void) {
  aw_device *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->next_addr = GLOBAL_BASE;
  d->insn_limit = 1000000000ull;
  d->resident_ctas = 1;
  aw_set_limit_hints(d, "set limit N or awemu run --insn-limit N raises it", "--timeout raises it");
  aw_set_frame_limit(d, 0, 0);
  return d;
}

void aw_set_limit_hints(aw_device *d, const char *insn, const char *time) {
  if (insn) snprintf(d->insn_hint, sizeof d->insn_hint, "%s", insn);
  if (time) snprintf(d->time_hint, sizeof d->time_hint, "%s", time);
}

void aw_device_free(aw_device *d) {
  if (!d) return;
  for (uint32_t i = 0; i < d->nmodules; i++) emu_module_free(d->modules[i]);
  free(d->modules);
  for (uint32_t i = 0; i < d->nallocs; i++) { if (!d->allocs[i].borrowed) free(d->allocs[i].data); free(d->allocs[i].host_pages); }
  free(d->allocs);
  free(d->tail);
  free(d->head);
  if (d->timing_ops) d->timing_ops->free(d);   /* what the timing model keeps in d */
  free(d->prints);
  free(d->print_text);
  for (uint32_t i = 0; i < d->nextra; i++) { free(d->extra_name[i]); free(d->extra_text[i]); }
  free(d->extra_name);
  free(d->extra_text);
  free(d->extra_len);
  free(d->record_dir);
  free(d->textures);
  free(d->texture_handles);
  free(d);
}

int aw_add_subroutines(aw_device *d, const char *name, const char *text, size_t len) {
  if (len >= 4 && !memcmp(text, ISA_IMAGE_MAGIC, 4)) return -2;   /* an image: it is source that is assembled with each module */
  for (uint32_t i = 0; i < d->nextra; i++)   /* the same file again (--subroutines and the script's 'subroutines'): once is enough */
    if (d->extra_len[i] == len && !memcmp(d->extra_text[i], text, len)) return 0;
  char **nn = realloc(d->extra_name, (d->nextra + 1) * sizeof *nn);
  if (nn) d->extra_name = nn;
  char **tt = realloc(d->extra_text, (d->nextra + 1) * sizeof *tt);
  if (tt) d->extra_text = tt;
  size_t *ll = realloc(d->extra_len, (d->nextra + 1) * sizeof *ll);
  if (ll) d->extra_len = ll;
  char *n = strdup(name), *t = malloc(len + 1);
  if (!nn || !tt || !ll || !n || !t) { free(n); free(t); return -1; }
  memcpy(t, text, len);
  t[len] = 0;
  d->extra_name[d->nextra] = n;
  d->extra_text[d->nextra] = t;
  d->extra_len[d->nextra] = len;
  d->nextra++;
  return 0;
}

void aw_set_insn_limit(aw_device *d, uint64_t limit) { d->insn_limit = limit; }
void aw_set_resident_ctas(aw_device *d, uint32_t n) { d->resident_ctas = n ? n : UINT32_MAX; }
void aw_set_time_limit(aw_device *d, double seconds) { d->time_limit = seconds > 0 ? seconds : 0; }
void aw_set_memcheck(aw_device *d, int mode, FILE *out) { d->memcheck = mode; d->memcheck_out = out; }
uint64_t aw_memcheck_errors(const aw_device *d) { return d->memcheck_errors; }
void aw_interrupt(aw_device *d) { d->interrupted = 1; d->check_at = 0; }
void aw_set_frame_limit(aw_device *d, uint32_t calls, uint32_t bytes_per_thread) {
  d->max_calls = calls ? calls : AW_DEFAULT_MAX_CALLS;
  d->max_frame_bytes = !bytes_per_thread ? AW_DEFAULT_FRAME_BYTES : bytes_per_thread > AW_MAX_FRAME_BYTES ? AW_MAX_FRAME_BYTES : bytes_per_thread;
}
void aw_set_trace(aw_device *d, FILE *f) { d->trace = f; }
void aw_set_printf(aw_device *d, FILE *f) { d->printf_out = f; }

