/* emu/timing/timing.h -- the cycle-level timing mode: its statistics and how a device enters it.
 *
 * Owns: the timing statistics of launches (cycles in core clock cycles, the
 * issue-cycle breakdown of CABA's Fig. 2, caches, DRAM, occupancy) and their
 * text and JSON forms.
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

typedef struct {
  uint64_t launches;
  uint64_t cycles;                       /* core clock cycles */
  uint64_t warp_insns, thread_insns;
  uint64_t issue[TM_NISSUE];             /* scheduler-cycles in each category, all SMs */
  uint64_t l1_accesses, l1_hits, l1_misses, l1_merges, l1_stalls;
  uint64_t l2_accesses, l2_hits, l2_misses, l2_merges;   /* reads (loads, atomics, fills for L1): hits + misses + merges = accesses */
  uint64_t l2_writes, l2_write_hits, l2_writebacks;   /* stores and atomics' updates, those to a line L2 held; dirty lines it evicted */
  uint64_t l2_dirty_end;                 /* dirty lines L2 held when the launch ended (a later launch may write them back);
                                           in a total: the last launch's */
  uint64_t dram_reads, dram_writes, dram_bursts, dram_row_hits, dram_activates;
  uint64_t dram_raw_bursts;              /* the bursts the same data would take uncompressed (no metadata) */
  uint64_t md_accesses, md_hits, md_reads, md_writes;   /* metadata cache lookups and hits; its DRAM reads and write-backs */
  uint64_t l2_plain_lines, l2_plain_reads;   /* l2_compressed off: lines SMs sent back uncompressed that L2 kept so; L2 reads answered with such a copy */
  uint64_t assist_triggered, assist_insns;   /* assist warps started; their warp instructions (not in warp_insns) */
  uint64_t aw_started[TM_NAW], aw_insns[TM_NAW];   /* the same by what started them (TM_AW_...) */
  uint64_t assist_throttled, assist_overflow;   /* low-priority work not deployed: the SM was busy; the table had no room
                                           (a whole-line store then goes out uncompressed) */
  uint64_t assist_moves;                 /* live-in copies, issued as MOVE instructions (in assist_insns) */
  uint64_t assist_killed;                /* instances the controller killed (flushed) before they issued */
  uint64_t assist_awkill;                /* instances that ended themselves with awkill */
  uint64_t assist_predicted;             /* whole-block stores sent uncompressed because the predictor expected no gain */
  uint64_t assist_store_waits;           /* blocks stores wrote whole that waited for a compression assist warp */
  uint64_t pack_applied, pack_late, pack_stale;   /* compressions that reached L2 and replaced the line the store left there; that found
                                           it written back already (or gone); that found it written again since */
  uint64_t pack_raw;                     /* compressions that found their block incompressible (encoding 0: nothing to send) */
  uint64_t pack_dropped, pack_killed;    /* at the launch's end (its work done): blocks still waiting for compression, dropped;
                                           compressions at work, killed */
  uint64_t partial_merges;               /* design caba: partial stores to compressed blocks, retrieved, decompressed and written back whole (CABA 5.2) */
  uint64_t skip_hits, skip_misses;       /* lanes of 'pc ... skip' subroutines that skipped the region (memoization hits) and that ran it (misses) */
  uint64_t pf_issued;                    /* L1 prefetches (prefetch.global.L1 lines) that missed and went below */
  uint64_t pf_useful, pf_late;           /* prefetched lines a demand load hit before eviction; demand loads that found the prefetch still in flight */
  uint64_t pf_useless, pf_redundant;     /* prefetched lines evicted (or left at the end) unused; prefetches of lines already in L1 or in flight */
  uint64_t pf_throttled;                 /* 'miss' triggers not deployed (the SM or its L1 MSHRs busy, or the table full) */
  double dram_busy_seconds;              /* data-bus busy time, summed over channels */
  uint64_t link_bits[2], link_packets[2];   /* mem_link packet: bits sent (headers included) and packets, [0] to the GPU, [1] to memory */
  double link_busy_seconds[2];           /* their links' busy time, summed over partitions */
  double seconds;                        /* simulated time (cycles / core clock) */
  /* what the derived figures divide by, summed over launches (so totals over
   * launches under different configs stay right): DRAM bytes moved (bursts x
   * MAG), channel time (seconds x channels), warp-slot cycles (cycles x SMs x
   * warps an SM holds) */
  uint64_t dram_bytes;
  double channel_seconds, warp_slot_cycles;
  uint64_t loads, load_latency;          /* global/local load instructions and their summed latency (cycles) */
  uint64_t smem_accesses, smem_conflict_cycles;
  uint64_t resident_warp_cycles;         /* resident warps summed over SMs and cycles */
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
