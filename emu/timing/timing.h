/* emu/timing/timing.h -- the cycle-level timing mode: its statistics and how a device enters it.
 *
 * Owns: the timing statistics of launches (cycles in core clock cycles, the
 * issue-cycle breakdown of CABA's Fig. 2, caches, DRAM, occupancy) and their
 * text and JSON forms; the counters are the rows of counters.def.
 * Promises: timing never changes what a kernel computes (the functional core
 * decides every value); the same inputs give the same cycles.
 */
#ifndef AWEMU_TIMING_H
#define AWEMU_TIMING_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"

/* The issue-cycle categories of CABA Fig. 2, counted per scheduler per cycle. */
enum { TM_ISSUE_ACTIVE, TM_STALL_COMPUTE, TM_STALL_MEMORY, TM_STALL_DATA, TM_STALL_IDLE, TM_ISSUE_ASSIST, TM_NISSUE };
/* what started an assist warp: a compressed line's fill (or a partial store's merge), a whole-block store, a 'pc' trigger, an L1 miss */
enum { TM_AW_DECOMPRESS, TM_AW_COMPRESS, TM_AW_PC, TM_AW_MISS, TM_AW_DIRECT, TM_NAW };   /* direct: a Direct Load's add (awc_direct_load) */
extern const char *const tm_aw_names[TM_NAW];   /* assist: an assist warp's instruction issued */
extern const char *const tm_issue_names[TM_NISSUE];

/* The text lines the counters are written in (counters.def's line column), in no particular order:
 * TX_NONE not in the text, TX_HAND written by hand (stats.c), the others generated from the rows. */
enum { TX_NONE, TX_HAND, TX_CACHES, TX_LOADS, TX_SHARED, TX_MD, TX_PLAIN, TX_ASSIST, TX_STORES, TX_SKIPS, TX_PREFETCH, TX_NLINES };
/* counters.def's json column: a counter written by hand in the JSON; one not in it */
#define J_HAND ""
#define J_NONE NULL

/* The counters, one row each of counters.def: TM_C_cycles ... */
enum {
#define COUNTER(field, type, dim, total, unit, group, json, line, place, text, doc) TM_C_##field,
#include "counters.def"
#undef COUNTER
  TM_NCOUNTERS
};
/* A row of counters.def, as the printers and tests read it. */
typedef struct {
  const char *field, *type;        /* the tm_stats member and its C type ("uint64_t", "double") */
  size_t offset, size;             /* where it is in tm_stats, its bytes (n x the type's for a [n] counter) */
  int last;                        /* a total holds the last launch's (else the sum) */
  const char *unit, *group, *json; /* json: J_HAND, J_NONE or the name in group ("" the top level) */
  int line, place;                 /* TX_*, and its place in a generated line (from 1) */
  const char *text, *doc;          /* a generated line's printf format (one %llu), else NULL */
} tm_counter;
extern const tm_counter tm_counters[TM_NCOUNTERS];

typedef struct {
  /* the counters (counters.def) */
#define COUNTER(field, type, dim, total, unit, group, json, line, place, text, doc) type field dim;
#include "counters.def"
#undef COUNTER
  /* occupancy of the last launch's kernel (the CUDA occupancy formula) */
  uint32_t ctas_per_sm, warps_per_cta, regs_per_thread, max_warps_per_sm;
  uint32_t assist_regs_per_thread;       /* of regs_per_thread: the assist warps' slots beyond the parent's */
  char assist_regs_by[64];               /* the subroutine that needs them (the most registers live at once) */
  uint32_t assist_shared_per_cta;        /* shared memory bytes per CTA for the assist warps' .shared variables (CABA 4.2.2) */
  const char *occupancy_limit;           /* what limits ctas_per_sm: "warps", "threads", "CTAs", "registers", "shared memory" */
  uint32_t grid_ctas_per_sm;             /* the most CTAs the grid puts on an SM at once (its CTAs over the SMs, rounded up;
                                           at most ctas_per_sm) */
  double regs_unallocated;               /* fraction of an SM's registers no resident CTA holds, with grid_ctas_per_sm CTAs */
  uint32_t n_sm, n_mem;
  uint64_t *sm_issue;                    /* per SM, TM_NISSUE counts each (n_sm x TM_NISSUE; owned by the device) */
} tm_stats;

/* ---- a device in timing mode ---- */
struct aw_device;
/* Later launches of d run on the cycle-level model of *cfg (copied; it must
 * have passed tm_config_check).  NULL: functional mode again.  0, or -1 when
 * out of memory. */
int aw_set_timing(struct aw_device *d, const tm_config *cfg);
/* The config of a device in timing mode, else NULL. */
const tm_config *aw_timing_config(const struct aw_device *d);
/* The config the device's last timed launch ran under, or NULL when none ran. */
const tm_config *aw_timing_last_config(const struct aw_device *d);
/* The timing statistics of d's launches in timing mode (oldest first) and their
 * kernels' names; returns how many.  *total: all of them added up. */
uint32_t aw_timing_launches(const struct aw_device *d, const tm_stats **launches, const char *const **kernels, const tm_stats **total);
/* The config launch i (of aw_timing_launches') ran under. */
const tm_config *aw_timing_launch_config(const struct aw_device *d, uint32_t i);
/* The config every timed launch ran under, or NULL when they ran under
 * different ones (a script's 'set' or 'config' between them) or none ran:
 * the totals' figures then are those no one config defines. */
const tm_config *aw_timing_total_config(const struct aw_device *d);

/* From the next timing launch on, writes the timeline trace (Chrome Trace
 * Event JSON, for Perfetto: per SM and warp what the warps and their assist
 * warps issued and when, assist warps' starts and exits, L1 fills) into f;
 * NULL ends the JSON (the caller closes f).  0, or -1 out of memory. */
int aw_timing_timeline(struct aw_device *d, FILE *f);

/* While a launch of d runs in timing mode (the debugger stopped in it): the
 * current core cycle, else -1. */
int64_t aw_timing_cycle(const struct aw_device *d);
/* ... and what warp w (a struct emu_warp *) is doing in its SM's scheduler:
 * writes e.g. "issuing", "ready", "waits for a load", "waits for %r3 until
 * cycle 1234", "at a barrier", "finished"; returns its SM, or -1 when w is
 * not resident. */
int aw_timing_warp_state(const struct aw_device *d, const void *w, char *buf, size_t cap);
/* ... and the i-th (from 0) of its resident CTAs (a struct emu_cta *; those
 * whose warps have all finished while their assist warps work count too), in
 * the order of the SMs and of their slots in each, with its SM in *sm; NULL
 * when there are i or fewer. */
const void *aw_timing_cta(const struct aw_device *d, uint32_t i, uint32_t *sm);
/* The number of SMs of the running launch's model (0 when none runs). */
uint32_t aw_timing_sms(const struct aw_device *d);
/* The i-th (from 0) live assist warp whose parent is warp w, e.g.
 * "bdi_dec_repeated, high priority, decompressing the line at 0x200000000, pc 3,
 * 2 instructions so far"; 1, or 0 when there is none. */
int aw_timing_assist(const struct aw_device *d, const void *w, int i, char *buf, size_t cap);
/* When c (a struct emu_cta *) runs an assist warp of the launch: describes it
 * as aw_timing_assist does, sets *parent_cta and *parent_warp (the CTA and
 * warp that started it, as they were then; the warp id in *parent_id;
 * *parent_cta NULL when that block has finished since) and returns its SM;
 * else -1. */
int aw_timing_assist_of(const struct aw_device *d, const void *c, char *buf, size_t cap, const void **parent_cta,
                        const void **parent_warp, uint32_t *parent_id);

/* Figures derived from the counters. */
double tm_ipc(const tm_stats *s);
double tm_dram_utilization(const tm_stats *s);      /* fraction of DRAM time the data bus was busy */
double tm_link_utilization(const tm_stats *s, int dir); /* mem_link packet: fraction of the links' time busy, dir 0 to the GPU, 1 to memory */
double tm_dram_bytes_per_cycle(const tm_stats *s);
double tm_occupancy(const tm_stats *s);              /* achieved: resident warps / max, averaged over cycles */
double tm_compression_ratio(const tm_stats *s);      /* the bursts the DRAM traffic would take uncompressed over those it took */

/* Writes the statistics as text, c being the config they ran under (NULL:
 * totals of launches under different configs, without the figures only one
 * config defines: its clock, MAG and peak bandwidth, its design); or as one
 * JSON object: the totals at its top level ("design" and "compression" of c,
 * "mixed" when c is NULL) and a "launches" list with the same figures per
 * launch. */
void tm_stats_print(const tm_stats *s, const tm_config *c, FILE *f);
void tm_stats_json(const tm_stats *total, const tm_stats *launches, const char *const *kernels, uint32_t n, const tm_config *c, FILE *f);
/* Adds launch a's counters into total t. */
void tm_stats_add(tm_stats *t, const tm_stats *a);

#endif
