/* emu/timing/tmdev.c -- a device in timing mode: its config and the statistics of its launches. */
#include "tm_launch.h"
#include "../emu_int.h"
#include "timeline.h"

#include <stdlib.h>
#include <string.h>

struct tm_device {
  tm_stats *launches;
  char **kernels;
  uint32_t n, cap;
  tm_stats total;
};

int aw_set_timing(aw_device *d, const tm_config *cfg) {
  if (!cfg) { free(d->timing); d->timing = NULL; return 0; }
  tm_config *copy = malloc(sizeof *copy);
  if (!copy) return -1;
  *copy = *cfg;
  free(d->timing);
  d->timing = copy;
  return 0;
}

const tm_config *aw_timing_config(const aw_device *d) { return d->timing; }

tm_stats *tm_device_begin(aw_device *d, const char *kernel) {
  if (!d->tmd && !(d->tmd = calloc(1, sizeof *d->tmd))) return NULL;
  struct tm_device *t = d->tmd;
  if (t->n == t->cap) {
    uint32_t cap = t->cap ? t->cap * 2 : 8;
    tm_stats *l = realloc(t->launches, cap * sizeof *l);
    if (!l) return NULL;
    t->launches = l;
    char **k = realloc(t->kernels, cap * sizeof *k);
    if (!k) return NULL;
    t->kernels = k;
    t->cap = cap;
  }
  size_t len = strlen(kernel) + 1;
  char *name = malloc(len);
  if (!name) return NULL;
  memcpy(name, kernel, len);
  t->kernels[t->n] = name;
  memset(&t->launches[t->n], 0, sizeof *t->launches);
  return &t->launches[t->n++];
}

void tm_device_end(aw_device *d) {
  struct tm_device *t = d->tmd;
  if (!t || !t->n) return;
  const tm_stats *l = &t->launches[t->n - 1];
  /* the totals' per-SM breakdown, for launches on the same number of SMs */
  if (l->sm_issue && (!t->total.sm_issue || t->total.n_sm == l->n_sm)) {
    if (!t->total.sm_issue) t->total.sm_issue = calloc((size_t)l->n_sm * TM_NISSUE, sizeof *t->total.sm_issue);
    if (t->total.sm_issue) for (size_t i = 0; i < (size_t)l->n_sm * TM_NISSUE; i++) t->total.sm_issue[i] += l->sm_issue[i];
  }
  uint64_t *keep = t->total.sm_issue;
  tm_stats_add(&t->total, l);
  t->total.sm_issue = keep;
}

void tm_device_free(aw_device *d) {
  tm_timeline_close(d);
  struct tm_device *t = d->tmd;
  if (t) {
    for (uint32_t i = 0; i < t->n; i++) { free(t->kernels[i]); free(t->launches[i].sm_issue); }
    free(t->total.sm_issue);
    free(t->kernels);
    free(t->launches);
    free(t);
  }
  d->tmd = NULL;
  tm_gpu_release(d->tm_gpu);
  d->tm_gpu = NULL;
  free(d->timing);
  d->timing = NULL;
}

uint32_t aw_timing_launches(const aw_device *d, const tm_stats **launches, const char *const **kernels, const tm_stats **total) {
  static const tm_stats none;
  const struct tm_device *t = d->tmd;
  if (launches) *launches = t ? t->launches : NULL;
  if (kernels) *kernels = t ? (const char *const *)t->kernels : NULL;
  if (total) *total = t ? &t->total : &none;
  return t ? t->n : 0;
}
