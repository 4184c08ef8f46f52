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
  /* design caba: the blocks the kernels wrote, kept from launch to launch
   * until the host writes them: a map from block address (a multiple of the
   * block size: its low 2 bits are free) to BLOCK_RAW, written uncompressed,
   * or BLOCK_PACKED, compressed by a compression assist warp; open
   * addressing (0: empty).  Blocks not in it are as the host's last copy
   * left them: compressed. */
  uint64_t *raw;
  uint32_t nraw, capraw;
  uint32_t unit;              /* the blocks' size */
};

enum { BLOCK_RAW = 1, BLOCK_PACKED = 2 };

static uint64_t raw_hash(uint64_t a) { a ^= a >> 33; a *= 0xff51afd7ed558ccdull; a ^= a >> 33; return a; }

int tm_device_block_raw(const aw_device *d, uint64_t addr) {
  const struct tm_device *t = d->tmd;
  if (!t || !t->capraw) return 0;
  for (uint64_t i = raw_hash(addr) & (t->capraw - 1);; i = (i + 1) & (t->capraw - 1)) {
    if (!t->raw[i]) return 0;
    if ((t->raw[i] & ~3ull) == addr) return (t->raw[i] & 3) == BLOCK_RAW;
  }
}

/* Puts key into a table of cap (a power of two) slots with room for it. */
static void raw_put(uint64_t *tab, uint32_t cap, uint64_t key) {
  uint64_t i = raw_hash(key & ~3ull) & (cap - 1);
  while (tab[i]) i = (i + 1) & (cap - 1);
  tab[i] = key;
}

/* The table rebuilt with cap slots, without the blocks in [lo, hi).  -1: out of memory. */
static int raw_rebuild(struct tm_device *t, uint32_t cap, uint64_t lo, uint64_t hi) {
  uint64_t *tab = calloc(cap, sizeof *tab);
  if (!tab) return -1;
  uint32_t n = 0;
  for (uint32_t k = 0; k < t->capraw; k++) {
    uint64_t a = t->raw[k] & ~3ull;
    if (t->raw[k] && (a < lo || a >= hi)) { raw_put(tab, cap, t->raw[k]); n++; }
  }
  free(t->raw);
  t->raw = tab;
  t->capraw = cap;
  t->nraw = n;
  return 0;
}

int tm_device_block_written(aw_device *d, uint64_t addr, uint32_t unit, int raw) {
  struct tm_device *t = d->tmd;
  if (!t) return 0;
  t->unit = unit;
  uint64_t key = addr | (raw ? BLOCK_RAW : BLOCK_PACKED);
  if (t->capraw)
    for (uint64_t i = raw_hash(addr) & (t->capraw - 1); t->raw[i]; i = (i + 1) & (t->capraw - 1))
      if ((t->raw[i] & ~3ull) == addr) { t->raw[i] = key; return 0; }
  if (2 * (t->nraw + 1) > t->capraw && raw_rebuild(t, t->capraw ? 2 * t->capraw : 1024, 0, 0)) return -1;
  raw_put(t->raw, t->capraw, key);
  t->nraw++;
  return 0;
}

int tm_device_host_wrote(aw_device *d, uint64_t addr, uint64_t n) {
  struct tm_device *t = d->tmd;
  if (!t || !t->nraw || !n) return 0;
  uint64_t lo = addr / t->unit * t->unit, hi = addr + n;   /* every block that overlaps the range */
  return raw_rebuild(t, t->capraw, lo, hi);   /* (out of memory: the table stays as it was) */
}

int aw_set_timing(aw_device *d, const tm_config *cfg) {
  if (!cfg) { free(d->timing); d->timing = NULL; return 0; }
  tm_config *copy = malloc(sizeof *copy);
  if (!copy) return -1;
  *copy = *cfg;
  free(d->timing);
  d->timing = copy;
  if (d->tmd) { free(d->tmd->raw); d->tmd->raw = NULL; d->tmd->nraw = d->tmd->capraw = 0; }   /* another config: other blocks */
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
    free(t->raw);
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
