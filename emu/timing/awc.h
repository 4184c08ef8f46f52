/* emu/timing/awc.h -- the Assist Warp Controller (CABA 4.3): one per SM, the SM's assist warps.
 *
 * The controller owns its SM's Assist Warp Table (awt_entries entries, each one assist warp
 * running a subroutine on the functional core), the lines that wait for an entry, the blocks
 * that wait for compression, Direct Load's adds, the compressibility predictor and the
 * throttle.  The SM (sm.c) raises it; it never looks at the SM's warps but through the warp
 * a trigger names.
 *
 * Who calls what, when:
 *   gpu.c    tm_awc_new when it builds an SM that needs one (design caba, or a module with
 *            'pc' or 'miss' triggers: s->awc, NULL otherwise), tm_awc_reset between launches,
 *            tm_awc_free; tm_awc_launch_over when the kernel's work is done but compression;
 *            tm_awc_describe and tm_awc_find for the debugger.
 *   sm.c     the triggers, as they happen in the SM's cycle:
 *              tm_awc_fill   a line arrived at L1 with loads waiting for it (design caba)
 *              tm_awc_store  a store wrote a whole block (the LD/ST unit, design caba)
 *              tm_awc_miss   a warp's load missed in L1 (a module with a 'miss' subroutine)
 *              tm_awc_pc     a warp is about to issue the instruction at a 'pc' trigger's label
 *            and the calls its loop makes:
 *              tm_awc_cycle      first thing in each of the SM's cycles (the throttle's window)
 *              tm_awc_wants      whether scheduler k has assist work of a priority this cycle
 *              tm_awc_issue      the issue choice: one assist-warp instruction of scheduler k
 *              tm_awc_load_done  a load the controller waits for is back (an assist warp's own,
 *                                a partial store's block, a Direct Load's)
 *              tm_awc_wake       the first cycle one of its assist warps may issue (the SM's sleep)
 *              tm_awc_of_cta     the live assist warps a CTA's triggers started (its retirement)
 *
 * What the controller calls back in its SM (sm.c, declared in tm_int.h), and nothing else:
 *   tm_sm_alu_take     an ALU pipeline for a live-in MOVE or a Direct Load's add
 *   tm_sm_ldst_take    the LD/ST unit takes an assist warp's global memory instruction
 *   tm_sm_resume       a warp whose high-priority assist warp exited goes on, with its live-outs
 *   tm_sm_assist_ended an assist warp of a draining CTA ended: the CTA may retire
 *   tm_load_complete   a warp's load that waited for a decompressed line completes
 * What it may touch of the SM otherwise: it reads the SM's configuration, its issue counts and
 * ALU use (the throttle), its L1's MSHRs (the prefetcher's throttle), the shared memory in use
 * (the store queue's room); its assist warps' instructions meet the scoreboard check and
 * pipeline selection the SM's warps meet (tm_issue_check in tm_int.h) and book the pipeline
 * as theirs do (tm_pipe_book); a line-buffer access books the LD/ST unit (ldst_busy_until).
 * The memory system it reaches through gpu.c (tm_send_up, the request and load pools) and
 * cmem.c (the blocks' compressed forms), the functional core through its assist interface
 * (emu_assist_*, emu_step_assist).
 */
#ifndef AWEMU_AWC_H
#define AWEMU_AWC_H

#include "tm_int.h"

/* An assist warp (design caba): one entry of an SM's assist warp table.  It
 * runs a decompression subroutine on a line that arrived compressed, issued
 * by its parent warp's scheduler (high priority: before the parent warps;
 * low: only in a cycle they leave idle); the loads that wait for the line
 * complete when it exits, its output checked against the line's bytes. */
typedef struct tm_assist {
  /* what the schedulers look at, first (in the entry's first cache line) */
  int64_t next_issue;         /* not before: one instruction a cycle, or its operands are not ready before */
  const emu_insn *next;       /* its next instruction (emu_next), NULL: not looked up since it last issued */
  const tm_regs *r;           /* next's registers and unit (set with next) */
  int64_t *reg_ready;         /* its scoreboard (max_slots) */
  uint32_t ready_hi;          /* reg_ready is zero from this slot up (a start zeroes only what a run wrote: max_slots
                               * is the module's largest function's, thousands of slots beside CUB's kernels) */
  int64_t all_ready;          /* the latest finite cycle in reg_ready (with no load pending, every register is ready by then) */
  uint32_t moves;             /* live-in MOVE instructions still to issue */
  uint32_t pending;           /* its global memory instructions in flight (it exits when they are back) */
  uint32_t sched;             /* its parent warp's scheduler */
  int low;                    /* low priority */
  int live;
  uint32_t subr;              /* the module's subroutine (img.subrs index) */
  cta *c;                     /* its runner (emu_assist_new), reused by the entry */
  tm_parent from;             /* what started it (its parent warp as it was then) */
  warp *parent;               /* its parent warp (the debugger's view; compression: the storing warp, which may finish first) */
  const cta *pcta;            /* and the parent's CTA runner, and the warp's id, when it started */
  uint32_t pwid;
  uint64_t pserial;           /* the parent CTA's serial when it started (kept registers go back only to that CTA's warp) */
  int kind;                   /* what started it: TM_AW_... */
  uint64_t addr;              /* the line */
  uint64_t insns;
  tm_req *waiters;            /* decompression: what the line's fill released, linked by next */
  int compress;               /* compression of a pending store's block (its copy in 'in') */
  tm_req *held;               /* awc_store hold: the store the compression holds back (NULL: none) */
  const emu_pc_bind *bind;    /* a 'pc' trigger's: its live-ins and live-outs (NULL: a line's) */
  struct tm_warp *ptw;        /* a 'pc' trigger's parent warp (high priority: waits in TW_ASSIST) */
  int miss;                   /* a 'miss' trigger's (a prefetcher): nothing to check or complete */
  int again, again_hit;       /* a 'miss' subroutine with kept registers: a trigger of its warp came while it ran, and waits */
  uint64_t again_addr;
  tm_parent again_parent;
  int merge;                  /* decompression for a partial store (CABA 5.2): at exit the whole line goes back to L2 */
  uint32_t store_pc;          /* compression: the store's pc (the predictor learns from the outcome) */
  aw_line line;
  uint8_t in[CODEC_MAX_PAYLOAD], out[CODEC_MAX_PAYLOAD], want[CODEC_MAX_PAYLOAD];   /* decompression: in = the payload, want = the line;
                                                                                      compression: in = the block, out = the payload */
} tm_assist;

/* A line that arrived compressed while the table was full: it waits. */
typedef struct { uint64_t addr; tm_req *waiters; int merge; tm_parent parent; } tm_assist_wait;

/* A block a store wrote whole, waiting to be compressed by a low-priority compression assist warp
 * in a few dedicated L1 lines or in shared memory no CTA holds (CABA 5.2.2): a copy of it, its
 * store gone out uncompressed (awc_store send), or the store itself (hold). */
typedef struct { uint64_t addr; uint32_t pc; tm_parent p; tm_req *held; uint8_t block[CODEC_MAX_LINE]; } tm_store_wait;   /* held: awc_store hold's store (NULL: it went out) */

typedef struct tm_awc {
  /* what the SM's cycle reads, first */
  uint32_t nlive;             /* live entries */
  uint32_t ndl;               /* awc_direct_load: loads whose add waits (in dlq) */
  int64_t *awt_next;          /* per scheduler and priority (2 x nsched): none of its assist warps issues before this cycle */
  int64_t window_from;        /* throttling: the issue slots used since this cycle (window_used) */
  tm_assist *awt;             /* the assist warp table */
  uint32_t nawt;
  struct tm_gpu *g;
  struct tm_sm *s;            /* its SM */
  uint64_t *awt_live;         /* per scheduler and priority (2 x nsched): bitmap of its live entries (awt_entries <= 64) */
  uint8_t *awt_order;         /* per scheduler and priority (64 apart): its live entries, oldest first */
  uint8_t *awt_n;
  tm_load **dlq;              /* awc_direct_load: the loads whose add waits, oldest first */
  uint32_t dlq_cap;
  tm_assist_wait *awq;        /* lines waiting for an entry: awq[awq_head .. awq_head + nawq), oldest first */
  uint32_t nawq, capawq, awq_head;
  tm_store_wait *asq;         /* blocks waiting to be compressed: asq[(asq_head + i) % capasq], i < nasq, oldest first */
  uint32_t nasq, capasq, asq_head;
  uint64_t window_used;       /* throttling: the issue slots used since window_from, and the ALU pipeline cycles (SM's alu_busy then); */
  uint64_t window_alu;
  int busy;                   /* whether the last window's rate was above awc_busy_fraction (or awc_alu_fraction) */
  /* the compressibility predictor: per store pc (mod TM_PREDICT), a 2-bit
   * counter of how its blocks compressed (0: skip compression; 1: try one
   * block at a time), the stores it let go uncompressed since it last tried,
   * and its attempts at work */
  uint8_t predict[TM_PREDICT];
  uint8_t skipped[TM_PREDICT];
  uint8_t trying[TM_PREDICT];   /* its compression assist warps at work (a weak counter waits for their verdict) */
  uint8_t lastenc[TM_PREDICT];  /* the encoding its last compression ended with (a '.lastenc' register's value) */
  /* what the SM reads: a 2-bit counter of its L1 fills, up for a block that
   * arrives compressed, down for one that the algorithm found incompressible
   * (a block the kernels wrote uncompressed says nothing); at 0, a store pc
   * not known to compress (counter below 2) does not try */
  uint8_t fill_hint;
  /* CABA 5.2.2's partial stores: the blocks this SM is merging, from their retrieval until the
   * merged line reaches L2 (sent: it is on its way) */
  struct tm_merging { uint64_t addr; int sent; } *merging;
  uint32_t nmerging, capmerging;
} tm_awc;

/* The controller of SM s (its table of awt_entries entries, each with a runner), or NULL out
 * of host memory; tm_awc_reset: back to as it was made, keeping its memory. */
tm_awc *tm_awc_new(struct tm_gpu *g, struct tm_sm *s);
void tm_awc_free(tm_awc *ctl);
void tm_awc_reset(tm_awc *ctl);

/* ---- triggers ---- */
/* The line at addr arrived at L1 at cycle n and released 'waiters': when it
 * arrived compressed, an assist warp decompresses it and completes them
 * (returns 1); else 0 (the caller completes them). */
int tm_awc_fill(tm_awc *ctl, uint64_t addr, tm_req *waiters, int64_t n);
/* Store r (at pc) of warp 'parent' writes the whole block at addr at cycle n: when the
 * controller takes it (compressed by an assist warp now, design caba's what-if, or its block
 * waits for a low-priority compression), returns 1 and sends r on itself; else 0: it goes
 * out uncompressed (the caller sends it). */
int tm_awc_store(tm_awc *ctl, tm_parent parent, uint32_t pc, uint64_t addr, tm_req *r, int64_t n);

/* Design caba, CABA 5.2.2: a partial store of this SM wrote to the compressed block b.
 * TM_MERGE_NEW: the SM is not merging b, and now is (the caller retrieves it); TM_MERGE_JOIN: it
 * is, and the store's bytes go back with the merged line (the copy the paper buffers in L1);
 * TM_MERGE_NO: the merged line is on its way to L2, ahead of the store, which finds it
 * uncompressed (a plain store).  -1: out of host memory (in g->failed). */
enum { TM_MERGE_NO, TM_MERGE_NEW, TM_MERGE_JOIN };
int tm_awc_partial(tm_awc *ctl, uint64_t b);
/* The merged line of block b reached L2 (gpu.c): the SM's merge of it is over. */
void tm_awc_merged(tm_awc *ctl, uint64_t b);
/* Warp 'parent''s load missed in L1 on the line at addr at cycle n (pf_hit: it was the first
 * read of a line a prefetch brought): the module's 'miss' subroutine, if any, starts (a
 * low-priority one when the SM is not busy and an entry is free).  0, or -1 on a fault. */
int tm_awc_miss(tm_awc *ctl, tm_parent parent, uint64_t addr, int pf_hit, int64_t n);
/* Warp tw is about to issue the instruction at the label of 'pc' trigger b at cycle n: starts
 * its subroutine.  Returns 2 when it started a high-priority one (the warp waits for it: the
 * caller puts it in TW_ASSIST; tm_sm_resume lets it go), 1 when the warp goes on (a
 * low-priority one started, or was not deployed), 0 when the warp must wait until *wait (a
 * live-in still being computed; TM_NEVER: until one of its loads is back; no free entry: the
 * next cycle), -1 on a fault. */
int tm_awc_pc(tm_awc *ctl, tm_warp *tw, const emu_pc_bind *b, int64_t n, int64_t *wait);

/* ---- the SM's loop ---- */
void tm_awc_watch(tm_awc *ctl, int64_t n);
/* The SM's cycle n begins: the throttle closes its measuring window when it is over. */
static inline void tm_awc_cycle(tm_awc *ctl, int64_t n) {
  if (n - ctl->window_from >= ctl->g->cfg->awc_window) tm_awc_watch(ctl, n);
}
/* Whether scheduler k has assist work of priority 'low' that may issue at cycle n (a Direct
 * Load's add counts as high priority). */
static inline int tm_awc_wants(const tm_awc *ctl, uint32_t k, int low, int64_t n) {
  if (low) return ctl->awt_next[2 * k + 1] <= n;   /* (the SM asks only while some are live) */
  return ctl->ndl || (ctl->nlive && ctl->awt_next[2 * k] <= n);
}
/* Issues one instruction of scheduler k's assist work of priority 'low' at cycle n if one can
 * (high: a Direct Load's add first, then its assist warps, oldest first): 1, 0, or -1 on a
 * fault.  *ldst_free: whether the LD/ST unit is free this cycle (cleared when it takes it). */
int tm_awc_issue(tm_awc *ctl, uint32_t k, int low, int64_t n, int *ldst_free);
/* A load the controller waits for is back (its last request, at l->ready): an assist warp's
 * own (l->aw), the block a partial store wrote to (l->merge: a decompression takes it), or a
 * Direct Load's (l->direct: its add waits).  Owns l from now. */
void tm_awc_load_done(tm_awc *ctl, tm_load *l);
/* The first cycle after n at which its assist work may issue (TM_NEVER: none). */
int64_t tm_awc_wake(const tm_awc *ctl, int64_t n);
/* Live entries (the watchdog's and the SM's sleep: an SM with assist warps at work is not idle). */
static inline uint32_t tm_awc_nlive(const tm_awc *ctl) { return ctl ? ctl->nlive : 0; }
/* Entries of the table (the timeline's tracks). */
static inline uint32_t tm_awc_entries(const tm_awc *ctl) { return ctl ? ctl->nawt : 0; }
/* The live 'pc' and 'miss' assist warps of CTA runner c (serial 'serial'). */
uint32_t tm_awc_of_cta(const tm_awc *ctl, const cta *c, uint64_t serial);

/* ---- gpu.c ---- */
/* The launch's work is done but for compression (no CTA left, no other assist warp live), at SM
 * cycle n: the blocks still waiting for compression are dropped and the compression assist warps
 * at work killed (their stores went out uncompressed already, CABA 5.2.2; a low-priority assist warp
 * may never run or complete, 4.2.3); the launch ends when what is in flight has arrived. */
void tm_awc_launch_over(tm_awc *ctl, int64_t n);
/* The debugger's view: the i-th live assist warp whose parent is w, described in buf: 1, or 0
 * when none. */
int tm_awc_describe(const tm_awc *ctl, const warp *w, int i, char *buf, size_t cap);
/* The live assist warp whose runner is c: described in buf, with its parent's CTA runner (NULL:
 * it runs another block now), warp and warp id: 1, or 0 when none is. */
int tm_awc_find(const tm_awc *ctl, const void *c, char *buf, size_t cap, const void **parent_cta, const void **parent_warp,
                uint32_t *parent_id);

#endif
