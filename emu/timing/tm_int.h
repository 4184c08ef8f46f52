/* emu/timing/tm_int.h -- the timing model's private structures: GPU, SMs, warps, partitions.
 *
 * The model decides WHEN; the functional core (emu/core/core.h) decides WHAT.
 * Time is in femtoseconds (event.h); each part runs on its own clock: SMs on
 * the core clock, the crossbar on the interconnect clock, L2 slices on the
 * L2 clock, DRAM channels on the DRAM clock.
 *
 * One core cycle of an SM: its LD/ST unit moves one access of the memory
 * instruction at its head into L1 or shared memory, then each scheduler
 * issues at most one instruction from its warps.  An instruction issues when
 * its warp is ready (not at a barrier, not finished), its registers are
 * ready (scoreboard: RAW and WAW), and a pipeline of its unit is free; it is
 * executed at issue by the functional core.  When no scheduler can issue and
 * nothing changes before a known time, the SM sleeps until then (or until a
 * memory reply wakes it), and the skipped cycles are counted in the category
 * the first of them had: nothing changes while it sleeps.
 *
 * Under design caba a scheduler first tries its high-priority assist warps
 * (the SM's controller, awc.h), then its warps, then, in a cycle left idle, its low-priority
 * assist warps; an SM with assist warps at work sleeps only until one of
 * them can issue.  Compressed memory (compress.h) changes how many bytes and
 * bursts requests carry, never a value.
 */
#ifndef AWEMU_TM_INT_H
#define AWEMU_TM_INT_H

#include "../core/core.h"
#include "cache.h"
#include "compress.h"
#include "dram.h"
#include "link.h"
#include "timing.h"
#include "timeline.h"
#include "tm_launch.h"

#define TM_NEVER INT64_MAX
#define TM_PREDICT 64         /* entries of an SM's compressibility predictor */

struct tm_gpu;
struct tm_sm;

/* Registers an instruction reads and writes (frame-relative slots), by pc. */
/* What an instruction waits for besides its registers: this thread's cp.async groups. */
enum { TM_WAIT_NONE, TM_WAIT_COMMIT, TM_WAIT_GROUP, TM_WAIT_ALL };
#define TM_CP_GROUPS 8        /* cp.async groups a warp keeps in flight; a ninth commit waits for the oldest */

typedef struct {
  uint8_t ndst, nsrc;
  uint8_t unit;               /* U_* after f64 arithmetic moves to U_DP */
  uint8_t latency, interval;  /* core cycles, latency_scale applied */
  uint8_t wait;               /* TM_WAIT_*: commit_group, wait_group (wait_n), wait_all and cp.async.mbarrier.arrive */
  uint8_t wait_n;             /* wait_group's N, at most TM_CP_GROUPS - 1 (more waits for nothing more) */
  const uint32_t *dst, *src;  /* register slots written and read: all of them (a wmma.mma reads 24), in
                                 the GPU's reg_slots */
} tm_regs;

/* A memory instruction in flight with destinations: its registers become
 * ready when its last request is back. */
/* What an assist warp keeps of the warp that started it (a store's warp may
 * finish while the store waits for an entry). */
typedef struct { uint32_t sched, slot, wid; warp *w; cta *c; } tm_parent;

typedef struct tm_load {
  struct tm_warp *tw;         /* the warp whose registers wait (NULL: an assist warp's, aw) */
  struct tm_assist *aw;
  uint32_t outstanding;       /* requests not yet back */
  uint32_t pc;
  int64_t issued;             /* core cycle */
  int64_t ready;              /* latest completion so far (core cycle) */
  int global;                 /* counts in the load-latency statistics */
  uint8_t cp_group;           /* cp.async: 1 + its group's slot in the warp's cp_out; 0: not one */
  int merge;                  /* design caba, CABA 5.2: the retrieval of the compressed block at 'addr' a partial store
                                 wrote to (tw and aw NULL): a decompression assist warp for 'parent' takes it */
  uint64_t addr;
  tm_parent parent;
  int detached;               /* an assist warp's prefetch (tw and aw NULL): nobody waits for it */
  int direct;                 /* awc_direct_load: it read a compressed line: its registers wait for a Direct Load's add */
  struct tm_load *next_free;
} tm_load;

enum { TW_EMPTY, TW_READY, TW_BARRIER, TW_DONE, TW_ASSIST };   /* assist: waits for the high-priority assist warp it started */

typedef struct tm_warp {
  /* what a scheduler's look at the warp reads, first */
  const emu_insn *in;         /* its next instruction (emu_next), NULL: not looked up since it last issued */
  uint32_t pending;           /* memory instructions with destinations in flight */
  int state;
  int64_t all_ready;          /* max over reg_ready of finite values */
  int64_t *reg_ready;         /* per slot: the core cycle its value is ready; TM_NEVER: a load in flight */
  warp *w;
  struct tm_cta *tc;
  int64_t next_issue;         /* not before this cycle: one instruction per cycle, or its operands are not ready before */
  int wait_load;              /* its next instruction waits for a load: not tried again until one of its loads is back */
  int64_t sleep_until;        /* a nanosleep suspends it until this cycle (two-level: outside the active set meanwhile) */
  uint32_t slot, sched;
  uint32_t cp_seq;            /* cp.async groups committed; the open group's number */
  uint16_t cp_out[TM_CP_GROUPS];   /* cp.async instructions in flight, by group number modulo TM_CP_GROUPS */
  uint32_t func;              /* the function reg_ready belongs to */
} tm_warp;

typedef struct tm_cta {
  cta *c;                     /* the functional CTA (reused by the CTAs of this slot, and by later launches) */
  uint64_t launch;            /* the launch c is bound to (tm_gpu.launch) */
  int live;
  uint32_t first_slot, nwarps, done_warps;
  uint32_t regs, shared;      /* resources it holds */
  int draining;               /* its warps are done, its 'pc' and 'miss' assist warps are not: it keeps its resources (their shared memory is its) */
} tm_cta;

/* One access the LD/ST unit still has to make for the instruction at its head. */
typedef struct {
  uint64_t addr;              /* line-aligned (global) or bank-cycle index (shared) */
  uint32_t bytes;             /* bytes of the line the lanes touch */
  uint32_t sectors;           /* L1 sectors touched */
  uint64_t cover[2];          /* the bytes of its first 128 the lanes touch (a store that writes a whole block: design caba) */
  uint8_t kind;               /* REQ_RD, REQ_WR, REQ_ATOM */
  uint8_t local;              /* local memory (its own L1 write policy) */
} tm_access;

/* Register slot's value of assist warp a is ready at cycle t (TM_NEVER: a load's, in flight). */
/* An instruction's latency or initiation interval of 'cycles' at latency_scale 1, scaled by c's
 * latency_scale and rounded to the nearest cycle: at least 1. */
static inline int64_t tm_scaled_cycles(const tm_config *c, int cycles) {
  int64_t k = (int64_t)(cycles * c->latency_scale + 0.5);
  return k < 1 ? 1 : k;
}

/* One scheduler of an SM: what each of its cycles reads, together (32 bytes:
 * two schedulers to a cache line). */
typedef struct {
  /* a scan that found no warp to issue holds until quiet_until (the earliest
   * cycle one of its warps could become issuable by itself), unless one of
   * its warps changes (changed) or the LD/ST unit frees or fills (quiet_ldst:
   * ldst_free then); until then its cycles are in the categories quiet_mem,
   * quiet_comp and quiet_data say */
  int64_t quiet_until;
  int64_t soon_min;           /* no try_at in its 'soon' bitmap is earlier */
  uint32_t last;              /* the warp slot it issued last (LRR, GTO), UINT32_MAX none */
  uint8_t quiet_ldst, quiet_mem, quiet_comp, quiet_data;
  uint8_t sleep_class;        /* the category of the cycles it sleeps through */
} tm_sched_state;

typedef struct tm_sm {
  /* what every cycle reads, first (tm_sm_cycle, scan, issue, changed) */
  int64_t cycle;              /* the next cycle to simulate */
  int64_t wake;               /* asleep until this cycle (TM_NEVER: until a reply) */
  int asleep;
  int poked;                  /* a CTA started on it during its cycle (an assist warp's end let a draining CTA go): look again next cycle */
  uint32_t nsched;
  uint32_t nacc, acc_head;    /* the LD/ST unit: accesses of the memory instruction at its head (acc), one per cycle */
  uint32_t words;
  int considered_all;         /* considered holds every place (lrr, gto): tm_sched_begin has nothing to do */
  uint32_t scanning;          /* the scheduler whose candidates cands holds (UINT32_MAX: none) */
  uint32_t nwarps;            /* resources in use: warps (threads, CTAs, registers, shared memory below) */
  int64_t ldst_busy_until;    /* shared memory conflicts, constant accesses */
  int64_t ldst_cycle;         /* the last cycle the unit moved an access (one per cycle) */
  int64_t ldst_retry;         /* blocked: the cycle it may try again (TM_NEVER: when a reply comes) */
  int l1_stalled;             /* the access at the head stalled in L1 (no MSHR, or its line's MSHR full) when L1's gen was l1_stall_gen */
  uint64_t l1_stall_gen;
  int64_t last_issue;         /* the last cycle it issued, or had no assist warp (the watchdog's) */
  uint64_t resident_warp_cycles;
  uint64_t alu_busy;          /* ALU pipeline cycles booked (issue x interval): the controller's throttle reads it */
  struct tm_awc *awc;         /* its assist warp controller (awc.h; NULL: none) */
  uint64_t issue[TM_NISSUE];
  tm_warp *warps;             /* sm_max_warps slots */
  /* What the schedulers look at first, kept by every change of a warp's
   * state, next_issue or wait_load (sm.c: changed).  Per slot: try_at, the
   * first cycle its warp may issue (TM_NEVER: not before one of its loads is
   * back, or not at all), and pos, its place in its scheduler's list
   * (UINT32_MAX: none).  Per scheduler, bitmaps over the places in its list
   * (so the lowest bit is the oldest warp), 'words' 64-bit words each: */
  int64_t *try_at;
  uint32_t *pos;
  uint64_t *cand;             /* try_at is finite and has come, or comes next cycle (checked when tried) */
  uint64_t *soon;             /* try_at is a later cycle: it joins cand when it has come */
  uint64_t *waiting;          /* a warp that is ready but for its operands (a cycle it waits is a data-dependence stall) */
  uint64_t *ldst_wait;        /* its next instruction is a memory one whose operands are ready: only the LD/ST unit holds it */
  uint64_t *considered;       /* scratch ('words'): the places a scheduler considers this cycle (two-level: its active set) */
  uint64_t *cands;            /* scratch ('words'): this cycle's candidates */
  uint32_t *list;             /* per scheduler (nslots apart): its resident warps' slots, oldest first */
  uint32_t *nlist;
  int64_t *unit_free[U_COUNT];                     /* per pipeline: the first cycle it accepts */
  uint32_t units[U_COUNT];
  tm_sched_state sched[64];   /* per scheduler (sm_schedulers at most 64) */

  int id;
  struct tm_gpu *g;
  uint32_t nslots;
  tm_cta *ctas;               /* sm_max_ctas slots */
  uint32_t threads, nctas, regs, shared;   /* resources in use (and nwarps above) */
  /* the rest of the LD/ST unit */
  tm_access *acc;
  uint32_t acc_cap;
  tm_load *acc_load;          /* the load record of that instruction (NULL: no destinations) */
  const tm_warp *acc_warp;    /* the warp that issued it (NULL: an assist warp; its slot may be empty by now: only compare) */
  tm_parent acc_parent;       /* that warp as it was when it issued */
  uint32_t acc_pc;            /* and its pc */
  tm_cache l1;
  int has_l1;
} tm_sm;

/* The crossbar, one direction: per input, when it has sent its packets so far;
 * per output, when it has taken them (gpu.c: xbar_send). */
typedef struct {
  tm_time *in_free, *out_free;
  uint32_t nin, nout;
} tm_xbar;

typedef struct {
  tm_cache c;
  tm_time free_at;            /* the slice takes one request per L2 cycle */
  tm_req *retry, *retry_tail; /* requests that found no MSHR: tried again after a fill */
} tm_slice;

typedef struct {
  tm_dram dram;
  tm_req *wait[2], *wait_tail[2];   /* reads, writes for a full DRAM queue, oldest first */
  tm_cache md;                      /* the metadata cache (designs hw-mem and hw) */
  int has_md;
  tm_link link[2];                  /* mem_link packet: [0] memory to GPU (read data), [1] GPU to memory (write data) */
} tm_part;

typedef struct tm_gpu {
  const tm_config *cfg;       /* = &config */
  tm_config config;           /* the config it was built for (its own copy: it outlives launches) */
  aw_device *d;
  aw_module *m;
  int kernel;
  aw_dim3 grid, block;
  uint32_t dyn_shared;
  const void *params;
  size_t param_bytes;
  aw_fault *fault;
  int failed;

  tm_clock core, icnt, l2clk;
  int64_t watchdog;           /* cycles an SM with live assist warps may go without issuing before it is a model error (tm_watchdog_cycles) */
  tm_time up_margin;          /* the time an SM's injection buffer of icnt_buffer_flits takes to drain (tm_up_room) */
  tm_events ev;
  tm_time now;
  int64_t cycle;              /* the core cycle being simulated */
  uint64_t launch;            /* launches this model has run, this one included */

  tm_regs *regs;              /* per pc of the module */
  uint32_t *reg_slots;        /* their registers, every pc's in one array */
  uint32_t max_slots;
  tm_sm *sms;
  uint32_t nsm;
  tm_slice *slices;
  uint32_t nslices;
  tm_part *parts;
  uint32_t nparts;
  tm_xbar up, down;           /* SM -> partitions, partitions -> SMs */

  /* CTA dispatch */
  uint64_t next_cta, total_ctas;
  uint32_t cta_regs, cta_shared, cta_warps, cta_threads;
  uint32_t ctas_per_sm;
  const char *limit;
  uint32_t live_ctas;

  /* pools */
  tm_req *free_reqs;
  tm_load *free_loads;
  void **blocks;              /* allocations of the pools, freed at the end */
  uint32_t nblocks, capblocks;
  uint64_t outstanding;       /* requests in the memory system (the launch ends when 0 and no CTA is live) */
  uint32_t live_assists;      /* assist warps in the SMs' tables (the launch waits for them too) */
  uint32_t live_compress;     /* of them, compressions (the launch does not wait for them: tm_awc_launch_over) */
  int drained;                /* the kernel's work is done but for compression, which tm_awc_launch_over has ended */

  tm_stats *st;
  emu_issue issue;            /* scratch for emu_step */
  tm_compressor z;            /* compressed memory (compress.h) */
  /* the codec subroutines of this launch's module for blocks of z.unit
   * (emu_subroutine_for, looked up once per launch): [0] compress, [1 + e]
   * decompress encoding e < TM_SUBR_ENCS; TM_SUBR_UNKNOWN: not looked up yet */
#define TM_SUBR_ENCS 64
#define TM_SUBR_UNKNOWN (-2)
  int32_t codec_subr[1 + TM_SUBR_ENCS];
  cta *fr;                    /* design caba: the functional runner of untimed subroutine runs (cmem.c), made for module fr_m */
  const aw_module *fr_m;
} tm_gpu;

/* gpu.c */
tm_req *tm_req_new(tm_gpu *g);
void tm_req_free(tm_gpu *g, tm_req *r);
tm_load *tm_load_new(tm_gpu *g);
void tm_load_free(tm_gpu *g, tm_load *l);
void tm_fail(tm_gpu *g, const char *what);
/* Sends r from SM r->sm towards its partition at time t (the request leaves at the next free slot). */
void tm_send_up(tm_gpu *g, tm_req *r, tm_time t);
/* The time from which SM sm's injection buffer has room again (<= t: room now). */
tm_time tm_up_room(const tm_gpu *g, uint32_t sm);
/* A CTA slot's warps are all finished: frees its resources and dispatches more. */
void tm_cta_done(tm_gpu *g, tm_sm *s, tm_cta *tc, tm_time t);

/* ---- what every instruction meets at issue, a warp's and an assist warp's alike ----
 * tm_issue_check: whether an instruction with registers r can issue in SM s at cycle n.
 * The scoreboard (RAW and WAW) first: reg_ready holds the cycle each register's value is
 * ready (TM_NEVER: a load's, in flight), all_ready the latest finite one, pending the loads in
 * flight (with none, every register is ready by all_ready); 'whole': the instruction switches
 * frames (a call or return) and waits for every register.  Then its unit: the LD/ST unit
 * (ldst_free: not taken this cycle), or the first free pipeline of its unit (CTRL and SYNC
 * have none to take).  TM_GO: it issues, in pipeline *pipe (-1: none); TM_HOLD_DATA: an
 * operand is not ready before *at (TM_NEVER: not before a load is back); TM_HOLD_MEM: the
 * LD/ST unit is taken; TM_HOLD_COMP: every pipeline is busy until *at.
 * tm_pipe_free: the first pipeline of unit u free at cycle n, or -1 (*at: when one frees).
 * tm_pipe_book: an instruction with registers r issued at cycle n in pipeline 'pipe' (-1:
 * none): the pipeline is busy for its initiation interval. */
enum { TM_GO, TM_HOLD_DATA, TM_HOLD_MEM, TM_HOLD_COMP };
static inline int64_t tm_pipe_free(const tm_sm *s, int u, int64_t n, int64_t *at) {
  const int64_t *fr = s->unit_free[u];
  int64_t soonest = TM_NEVER;
  for (uint32_t p = 0; p < s->units[u]; p++) {
    if (fr[p] <= n) return p;
    if (fr[p] < soonest) soonest = fr[p];
  }
  *at = soonest;
  return -1;
}
static inline __attribute__((always_inline)) int tm_issue_check(const tm_sm *s, const int64_t *reg_ready, int64_t all_ready, uint32_t pending,
                                                               const tm_regs *r, int whole, int ldst_free, int64_t n, int64_t *pipe, int64_t *at) {
  int64_t t = 0;
  /* no load in flight: every register's value is there by all_ready (the latest of them); a
   * call or return, which switches frames, waits for all of them */
  if (!pending && (all_ready <= n || whole)) t = all_ready;
  else if (whole) t = TM_NEVER;
  else {
    for (uint32_t i = 0; i < r->nsrc; i++) if (reg_ready[r->src[i]] > t) t = reg_ready[r->src[i]];
    for (uint32_t i = 0; i < r->ndst; i++) if (reg_ready[r->dst[i]] > t) t = reg_ready[r->dst[i]];
  }
  if (t > n) { *at = t; return TM_HOLD_DATA; }
  *pipe = -1;
  if (r->unit == U_LDST) return ldst_free ? TM_GO : TM_HOLD_MEM;
  if (r->unit == U_CTRL || r->unit == U_SYNC) return TM_GO;
  *pipe = tm_pipe_free(s, r->unit, n, at);
  return *pipe < 0 ? TM_HOLD_COMP : TM_GO;
}
static inline void tm_pipe_book(tm_sm *s, const tm_regs *r, int64_t pipe, int64_t n) {
  if (pipe >= 0) s->unit_free[r->unit][pipe] = n + r->interval;
  if (r->unit == U_ALU || r->unit == U_MUL) s->alu_busy += r->interval;
}

/* sm.c */
int tm_sm_init(tm_gpu *g, tm_sm *s, int id);
void tm_sm_free(tm_sm *s);
/* Back to the state tm_sm_init left (the last launch's CTAs freed), keeping its memory. */
void tm_sm_reset(tm_sm *s);
/* Simulates SM s for its cycle s->cycle; returns 0, or -1 on a fault. */
int tm_sm_cycle(tm_gpu *g, tm_sm *s);
/* A reply for SM s arrived at time t: fill L1, complete loads, wake the SM. */
void tm_sm_reply(tm_gpu *g, tm_sm *s, tm_req *r, tm_time t);
/* Wakes a sleeping SM at core cycle 'cycle' (no earlier than its next cycle). */
void tm_sm_wake(tm_gpu *g, tm_sm *s, int64_t cycle);
/* What warp tw is doing in SM s's scheduler, for the debugger (see timing.h). */
void tm_sm_describe(const tm_gpu *g, const tm_sm *s, const tm_warp *tw, char *buf, size_t cap);
/* Places a CTA's warps into slot tc of SM s. */
int tm_sm_start_cta(tm_gpu *g, tm_sm *s, tm_cta *tc, aw_dim3 id);
/* CTA c (a kernel's, or an assist warp's) runs on SM s from now: what its %smid, %nsmid and
 * %globaltimer read. */
static inline void tm_sm_place(const tm_gpu *g, const tm_sm *s, cta *c) {
  emu_cta_place(c, (uint32_t)s->id, g->nsm, 1000.0 / g->cfg->core_clock_mhz);
}
/* What the assist warp controller (awc.h) calls back in its SM:
 * tm_sm_alu_take: an ALU pipeline of s free at cycle n takes one instruction of opcode op (an
 * assist warp's MOVE of a live-in, a Direct Load's add) for its initiation interval: the cycle
 * its result is ready, or -1 when every ALU pipeline is busy.
 * tm_sm_ldst_take: an assist warp issued global memory instruction 'in' at cycle n (the
 * functional core's report in is): its accesses go to the LD/ST unit (free: the caller
 * checked) like a warp's; *load: the record of what comes back (its outstanding requests; the
 * caller says who waits for it), NULL when nothing does (a store's).  0, or -1 on a failure.
 * tm_sm_resume: warp tw's high-priority assist warp has exited at cycle n: it may issue again
 * from n + 1; its live-out registers (binding b) are ready at out_ready[i] (NULL: killed,
 * nothing copied back).
 * tm_sm_assist_ended: an assist warp whose parent CTA runner was c (serial 'serial') has
 * ended: when that CTA was draining and none of its assist warps is left, it retires.
 * tm_load_complete: a load's last request is back (a warp's: its registers are ready). */
int64_t tm_sm_alu_take(tm_gpu *g, tm_sm *s, int op, int64_t n);
int tm_sm_ldst_take(tm_gpu *g, tm_sm *s, const emu_insn *in, const emu_issue *is, int64_t n, tm_load **load);
void tm_sm_resume(tm_sm *s, tm_warp *tw, const emu_pc_bind *b, const int64_t *out_ready, int64_t n);
void tm_sm_assist_ended(tm_gpu *g, tm_sm *s, const cta *c, uint64_t serial, tm_time t);
void tm_load_complete(tm_gpu *g, tm_sm *s, tm_load *l, tm_time t);
/* What a compression assist warp's payload carries to L2 (the update's request's owner, gpu.c). */
typedef struct { uint8_t block[CODEC_MAX_LINE]; codec_meta meta; } tm_pack;

/* gpu.c: the bytes the design stores the blocks of 'sectors' (L2 sectors) of the line at
 * line_addr in; *decompress (when not NULL): the hardware's cycles to decompress the slowest (0
 * when none is compressed). */
uint32_t tm_stored_bytes(tm_gpu *g, uint64_t line_addr, uint32_t sectors, int64_t *decompress);
/* Design caba: whether the block holding addr is stored compressed (cmem.c). */
int tm_block_compressed(tm_gpu *g, uint64_t addr);

/* cmem.c: design caba's compressed memory, each block as the module's subroutines store it.
 * tm_cmem_form: the block at addr's stored form (encoding 0: uncompressed, size the block's),
 * from the record or, for the host's copy, by the initial setup's compression; 0, or -1 on a
 * fault.  tm_cmem_compress: the module's compression subroutine run untimed on the block as it
 * is now: its bytes, the payload and its form, checked (tm_cmem_made).  tm_cmem_payload: the
 * same (the payload a decompression assist warp starts from: the block's bytes now).
 * tm_cmem_made: a compression (by subroutine 'compressor') of block into payload, meta, is
 * valid: the round trip through the module's decompression subroutine (awc_verify) and, with
 * awc_reference, the reference codec's result; -1 with the fault recorded.
 * tm_cmem_line: a line buffer for a subroutine; tm_cmem_result: the form a compression left in
 * it.  tm_cmem_algorithm: a hash of the module's compression subroutines (the record is theirs). */
int tm_cmem_form(tm_gpu *g, uint64_t addr, codec_meta *form);
int tm_cmem_compress(tm_gpu *g, uint64_t addr, uint8_t *block, uint8_t *payload, codec_meta *meta);
int tm_cmem_payload(tm_gpu *g, uint64_t addr, uint8_t *block, uint8_t *payload, codec_meta *meta);
int tm_cmem_made(tm_gpu *g, uint64_t addr, const uint8_t *block, const uint8_t *payload, const codec_meta *meta, int compressor);
int tm_cmem_check(tm_gpu *g, uint64_t addr, const uint8_t *block, const uint8_t *payload, const codec_meta *meta, int compressor);
void tm_cmem_line(tm_gpu *g, aw_line *l, const uint8_t *in, uint32_t in_bytes, uint8_t *out, uint32_t out_bytes,
                  uint32_t enc, uint32_t size, uint64_t addr);
void tm_cmem_result(const tm_gpu *g, const aw_line *l, codec_meta *meta);
uint64_t tm_cmem_algorithm(const tm_gpu *g);
/* The subroutine (an index into the image's subrs) that compresses (decompress 0) or
 * decompresses blocks of encoding enc of this launch's module, or -1: emu_subroutine_for,
 * remembered for the launch. */
int tm_codec_subr(tm_gpu *g, int decompress, int enc);
/* Design caba: whether the 4 KiB page holding addr holds no block that compresses, as the initial
 * setup found it (looked at when first asked after the host wrote it): its blocks are stored as
 * they are, and it needs no metadata lookup and no compression (the page's attribute says so). */
int tm_cmem_page_raw(tm_gpu *g, uint64_t addr);

/* sched.c: which warp a scheduler tries next.
 * tm_sched_begin: the places in scheduler k's list it considers this cycle
 * (a bitmap in s->considered): all, or (two-level) its active set; callers
 * skip it while s->considered_all says the bitmap already holds all.
 * tm_sched_next: the first of the places in 'cands' (a bitmap over the
 * places, which it clears as it returns them) in the policy's order; 0 when
 * none is left. */
void tm_sched_begin(const tm_gpu *g, tm_sm *s, uint32_t k);
int tm_sched_next(const tm_gpu *g, const tm_sm *s, uint32_t k, uint64_t *cands, uint32_t *slot);

#endif
