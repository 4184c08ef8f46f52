/* emu/timing/tmdev.c -- a device in timing mode: its config and the statistics of its launches. */
#include "tm_launch.h"
#include "../core/emu_int.h"
#include "timeline.h"

#include <stdlib.h>
#include <string.h>

struct tm_device {
  tm_stats *launches;
  char **kernels;
  tm_config *cfgs;            /* the config each ran under */
  uint32_t n, cap;
  tm_stats total;
  int sm_mixed;               /* launches ran on different numbers of SMs: the totals have no per-SM breakdown */
  int cfg_mixed;              /* launches ran under different configs: the totals have no one config */
  /* design caba: each block's stored form (cmem.c), kept from launch to launch: per block a
   * state, BLOCK_RAW (a kernel's store wrote it uncompressed and nothing has compressed it
   * since) or BLOCK_PACKED (its encoding and payload size known: a compression assist warp's
   * result reached L2, or the initial setup compressed the host's copy), with the encoding
   * and size, in pages of 2^PAGE_SHIFT bytes of the device's address space (an
   * open-addressing table of them by page number).  A block with state 0 holds what the
   * host copied there and has not been looked at; a host write sets its blocks back to 0. */
  struct block_page **pages;
  uint32_t npages, cappages;
  struct block_page *last;    /* the page looked up last (accesses come in runs) */
  uint32_t unit;              /* the blocks' size */
  uint64_t algorithm;         /* the compression subroutines the forms are of (cmem.c's hash of their code) */
};

#define PAGE_SHIFT 20         /* 1 MiB of device memory a page: 3 x 8 KiB of states for 128-byte blocks */
#define HINT_SHIFT 12         /* the pages of the incompressible hint: 4 KiB */
struct block_page {
  uint64_t number;            /* address >> PAGE_SHIFT */
  uint8_t hint[1u << (PAGE_SHIFT - HINT_SHIFT)];   /* per 4 KiB page: 0 (not looked at), TM_PAGE_PACKED or TM_PAGE_RAW */
  uint8_t *enc, *size;        /* per block (state TM_BLOCK_PACKED): encoding, payload bytes (0..255) */
  uint8_t state[];            /* per block: 0, TM_BLOCK_RAW or TM_BLOCK_PACKED */
};

static uint64_t page_hash(uint64_t a) { a ^= a >> 33; a *= 0xff51afd7ed558ccdull; a ^= a >> 33; return a; }

/* The page holding addr, or NULL. */
static struct block_page *find_page(const struct tm_device *t, uint64_t addr) {
  uint64_t number = addr >> PAGE_SHIFT;
  if (t->last && t->last->number == number) return t->last;
  if (!t->cappages) return NULL;
  for (uint64_t i = page_hash(number) & (t->cappages - 1);; i = (i + 1) & (t->cappages - 1)) {
    if (!t->pages[i]) return NULL;
    if (t->pages[i]->number == number) return t->pages[i];
  }
}

static uint32_t block_index(const struct tm_device *t, uint64_t addr) {
  return (uint32_t)((addr & ((1ull << PAGE_SHIFT) - 1)) / t->unit);
}

static void drop_pages(struct tm_device *t) {
  for (uint32_t i = 0; i < t->cappages; i++) free(t->pages[i]);
  free(t->pages);
  t->pages = NULL;
  t->npages = t->cappages = 0;
  t->last = NULL;
}

int tm_device_block_get(const aw_device *d, uint64_t addr, uint32_t unit, uint32_t *enc, uint32_t *size) {
  struct tm_device *t = d->tmd;
  if (!t || !t->npages || t->unit != unit) return 0;
  struct block_page *pg = find_page(t, addr);
  if (!pg) return 0;
  t->last = pg;
  uint32_t i = block_index(t, addr);
  if (pg->state[i] == TM_BLOCK_PACKED) { *enc = pg->enc[i]; *size = pg->size[i]; }
  return pg->state[i];
}

/* A new page for addr (the table has room for it).  NULL: out of memory. */
static struct block_page *new_page(struct tm_device *t, uint64_t addr) {
  if (2 * (t->npages + 1) > t->cappages) {   /* the table grows: the pages move to their new places */
    uint32_t cap = t->cappages ? 2 * t->cappages : 64;
    struct block_page **tab = calloc(cap, sizeof *tab);
    if (!tab) return NULL;
    for (uint32_t k = 0; k < t->cappages; k++) {
      if (!t->pages[k]) continue;
      uint64_t i = page_hash(t->pages[k]->number) & (cap - 1);
      while (tab[i]) i = (i + 1) & (cap - 1);
      tab[i] = t->pages[k];
    }
    free(t->pages);
    t->pages = tab;
    t->cappages = cap;
  }
  size_t n = (size_t)((1ull << PAGE_SHIFT) / t->unit);
  struct block_page *pg = calloc(1, sizeof *pg + 3 * n);   /* state, then enc and size */
  if (!pg) return NULL;
  pg->enc = pg->state + n;
  pg->size = pg->enc + n;
  pg->number = addr >> PAGE_SHIFT;
  uint64_t i = page_hash(pg->number) & (t->cappages - 1);
  while (t->pages[i]) i = (i + 1) & (t->cappages - 1);
  t->pages[i] = pg;
  t->npages++;
  return pg;
}

int tm_device_block_set(aw_device *d, uint64_t addr, uint32_t unit, int state, uint32_t enc, uint32_t size) {
  tm_device_attach(d);
  if (!d->tmd && !(d->tmd = calloc(1, sizeof *d->tmd))) return -1;
  struct tm_device *t = d->tmd;
  if (t->unit != unit) { drop_pages(t); t->unit = unit; }   /* (a config's block size; another config drops them anyway) */
  struct block_page *pg = find_page(t, addr);
  if (!pg && !(pg = new_page(t, addr))) return -1;
  t->last = pg;
  uint32_t i = block_index(t, addr);
  pg->state[i] = (uint8_t)state;
  pg->enc[i] = (uint8_t)enc;
  pg->size[i] = (uint8_t)(size > 255 ? 255 : size);
  return 0;
}

int tm_device_page_hint(const aw_device *d, uint64_t addr, uint32_t unit) {
  struct tm_device *t = d->tmd;
  if (!t || !t->npages || t->unit != unit) return 0;
  struct block_page *pg = find_page(t, addr);
  if (!pg) return 0;
  t->last = pg;
  return pg->hint[(addr & ((1ull << PAGE_SHIFT) - 1)) >> HINT_SHIFT];
}

int tm_device_page_hint_set(aw_device *d, uint64_t addr, uint32_t unit, int hint) {
  tm_device_attach(d);
  if (!d->tmd && !(d->tmd = calloc(1, sizeof *d->tmd))) return -1;
  struct tm_device *t = d->tmd;
  if (t->unit != unit) { drop_pages(t); t->unit = unit; }
  struct block_page *pg = find_page(t, addr);
  if (!pg && !(pg = new_page(t, addr))) return -1;
  t->last = pg;
  pg->hint[(addr & ((1ull << PAGE_SHIFT) - 1)) >> HINT_SHIFT] = (uint8_t)hint;
  return 0;
}

void tm_device_block_algorithm(aw_device *d, uint64_t algorithm) {
  struct tm_device *t = d->tmd;
  if (t && t->algorithm != algorithm) { drop_pages(t); t->algorithm = algorithm; }
}

void tm_device_host_wrote(aw_device *d, uint64_t addr, uint64_t n) {
  struct tm_device *t = d->tmd;
  if (!t || !t->npages || !n) return;
  uint64_t lo = addr / t->unit * t->unit, hi = addr + n;   /* every block that overlaps the range */
  for (uint64_t a = lo; a < hi;) {
    uint64_t page_end = ((a >> PAGE_SHIFT) + 1) << PAGE_SHIFT, e = hi < page_end ? hi : page_end;
    struct block_page *pg = find_page(t, a);
    if (pg) {
      uint32_t first = block_index(t, a), last = block_index(t, e - 1);
      memset(&pg->state[first], 0, last - first + 1);
      uint64_t h0 = (a & ((1ull << PAGE_SHIFT) - 1)) >> HINT_SHIFT, h1 = ((e - 1) & ((1ull << PAGE_SHIFT) - 1)) >> HINT_SHIFT;
      memset(&pg->hint[h0], 0, (size_t)(h1 - h0 + 1));   /* the setup looks at these pages again */
    }
    a = page_end;
  }
}

int aw_set_timing(aw_device *d, const tm_config *cfg) {
  if (!cfg) { free(d->timing); d->timing = NULL; return 0; }
  tm_device_attach(d);
  tm_config *copy = malloc(sizeof *copy);
  if (!copy) return -1;
  *copy = *cfg;
  /* design caba's record of the blocks kernels wrote stays while it means the same: the same
   * design, compression and block size (a 'set' of another key, awc_window or the DRAM
   * bandwidth, dropped it, and the next launch read every block as the host's compressed copy) */
  const tm_config *old = d->timing;
  if (d->tmd && (!old || old->design != cfg->design || old->compression != cfg->compression ||
                 tm_mem_sector(old) != tm_mem_sector(cfg)))
    drop_pages(d->tmd);
  free(d->timing);
  d->timing = copy;
  return 0;
}

const tm_config *aw_timing_config(const aw_device *d) { return d->timing; }

const tm_config *aw_timing_last_config(const aw_device *d) { return d->tmd && d->tmd->n ? &d->tmd->cfgs[d->tmd->n - 1] : NULL; }

const tm_config *aw_timing_launch_config(const aw_device *d, uint32_t i) { return d->tmd && i < d->tmd->n ? &d->tmd->cfgs[i] : NULL; }

const tm_config *aw_timing_total_config(const aw_device *d) {
  return d->tmd && d->tmd->n && !d->tmd->cfg_mixed ? &d->tmd->cfgs[0] : NULL;
}

tm_stats *tm_device_begin(aw_device *d, const char *kernel) {
  tm_device_attach(d);
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
    tm_config *c = realloc(t->cfgs, cap * sizeof *c);
    if (!c) return NULL;
    t->cfgs = c;
    t->cap = cap;
  }
  if (d->timing) t->cfgs[t->n] = *d->timing;
  else tm_config_defaults(&t->cfgs[t->n]);   /* (a launch is timed only under a config) */
  if (t->n && !tm_config_same(&t->cfgs[t->n], &t->cfgs[0])) t->cfg_mixed = 1;
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
  /* the totals' per-SM breakdown, while every launch ran on the same number of
   * SMs (after a config with another n_sm, SM i is not the same SM: none) */
  if (t->total.sm_issue && t->total.n_sm != l->n_sm) {
    free(t->total.sm_issue);
    t->total.sm_issue = NULL;
    t->sm_mixed = 1;
  }
  if (l->sm_issue && !t->sm_mixed) {
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
    drop_pages(t);
    free(t->kernels);
    free(t->launches);
    free(t->cfgs);
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

/* A launch on the model (d->timing set): its statistics a new entry of the device's, added into
 * the totals at its end (the core's aw_launch calls it through d->timing_ops). */
static int device_launch(aw_device *d, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block, uint32_t dyn_shared,
                         const void *params, size_t param_bytes, aw_fault *f) {
  tm_stats *ts = tm_device_begin(d, isa_str(&m->img, m->img.funcs[m->kernels[kernel]].name));
  int rc = !ts || tm_launch(d, d->timing, ts, m, kernel, grid, block, dyn_shared, params, param_bytes, f) != AW_OK;
  if (!ts) snprintf(f->what, sizeof f->what, "out of host memory for the timing statistics");
  tm_device_end(d);
  return rc;
}

static const emu_timing_ops device_ops = { device_launch, tm_device_host_wrote, tm_device_free };

void tm_device_attach(aw_device *d) { d->timing_ops = &device_ops; }
