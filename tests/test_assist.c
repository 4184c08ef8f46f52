/* tests/test_assist.c -- the assist warp controller's mechanisms against figures derived by hand.
 *
 * Every kernel here is one PTX text with its subroutines ('pc' triggers), run
 * under caba-gtx480 (design base: 'pc' triggers work in every design) with
 * the settings named, and, where values are checked, in functional mode too.
 * The expected cycles are derived in the comments from the config
 * (emu/timing/presets/caba-gtx480.cfg, emu/timing/config.def) and the
 * instruction table (isa/opcodes.def: mov, add, mul latency 4, initiation
 * interval 1; 2 ALU pipelines and 2 schedulers per SM; %clock64 reads the
 * cycle an instruction issues), never from a previous run.
 *
 *   preempt     a high-priority subroutine runs before its parent's next instruction;
 *               live-ins copied in (MOVE instructions), live-outs copied back
 *   awkill      a subroutine that ends with awkill copies nothing back
 *   low         a low-priority one issues only in cycles its scheduler leaves idle:
 *               the parent's timing does not change
 *   partition   the 2-entry low-priority partition of the assist warp buffer holds
 *               the third and fourth instances until the first two finish
 *   throttle    an SM whose ALU pipelines are saturated deploys no low-priority
 *               assist warp (awc_alu_fraction), and does when the threshold is 1
 *   kill        when throttling starts, the controller kills the low-priority assist
 *               warps that have not issued (awc_kill), and with awc_kill off they run
 *   miss        a 'miss' subroutine (a next-line prefetcher) turns every other miss of
 *               a pointer chase into an MSHR merge; its prefetches are timed accesses
 *   predict     design caba: stores of blocks that do not compress stop triggering
 *               compression assist warps (the compressibility predictor); a kernel
 *               that reads and writes incompressible data starts none at all
 *   state       design caba: a block a kernel wrote uncompressed stays so for later
 *               launches, of any module, until the host writes it
 *   partial     design caba: a partial store to a compressed block is merged (CABA 5.2):
 *               the block comes back, an assist warp decompresses it, it goes back whole
 *   memo        a 'skip' subroutine (memoization): hit lanes get the stored value and skip
 *               the region, the others run it and meet them after it; the table is the
 *               CTA's shared memory
 *   keep        kept registers stay with their parent warp from one run to the next
 *   drain       a CTA keeps its shared memory (and SM slot) until its low-priority
 *               assist warps have ended
 *   link        the packet link's packets and bits for a run of reads
 *   stride      subroutines/prefetch/stride.s: a confirmed stride prefetches the derived
 *               lines (useful, redundant, useless counted), an unconfirmed one ends with
 *               awkill and prefetches nothing
 *   errors      bindings that cannot work are errors at load
 */
#include "check.h"
#include "../emu/awemu.h"
#include "../emu/timing/timing.h"
#include "../subroutines/codec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEAD ".version 7.0\n.target sm_70\n.address_size 64\n"

typedef struct {
  int ok;
  tm_stats st;       /* timing mode: the launch's */
  aw_stats fst;      /* the functional core's counts of the launch */
  uint64_t out[64];  /* the first words of the output buffer */
  char err[1024];
} result;

/* Runs 'kernel' of 'text' with one .u64 parameter (a zeroed 64 KiB buffer)
 * on 'grid' CTAs of 'block' threads: functional mode when timed is 0, else
 * caba-gtx480 with the KEY=VALUE settings of sets (NULL-terminated). */
static char *slurp(const char *path, size_t *n);

/* run() with the subroutines of file 'subr' (NULL: none) added to the device. */
static result run_subr(int timed, const char *text, const char *kernel, unsigned grid, unsigned block, const char *const *sets, const char *subr) {
  result r;
  memset(&r, 0, sizeof r);
  aw_device *d = aw_device_new();
  if (subr) {
    size_t n = 0;
    char *t = slurp(subr, &n);
    int bad = !t || !d || aw_add_subroutines(d, subr, t, n);
    free(t);
    if (bad) { snprintf(r.err, sizeof r.err, "cannot add the subroutines of %s", subr); aw_device_free(d); return r; }
  }
  tm_config cfg;
  tm_config_defaults(&cfg);
  if (!d || tm_config_load(&cfg, "caba-gtx480", r.err, sizeof r.err)) { aw_device_free(d); return r; }
  for (int i = 0; sets && sets[i]; i++)
    if (tm_config_set_pair(&cfg, sets[i], "test", r.err, sizeof r.err)) { aw_device_free(d); return r; }
  if (tm_config_check(&cfg, r.err, sizeof r.err) || (timed && aw_set_timing(d, &cfg))) { aw_device_free(d); return r; }
  aw_module *m = aw_module_load_text(d, "assist.ptx", text, strlen(text), r.err, sizeof r.err);
  if (!m) { aw_device_free(d); return r; }
  uint64_t buf = aw_malloc(d, 65536);
  uint8_t zero[4096] = { 0 }, params[8];
  for (int i = 0; i < 16; i++) aw_memcpy_htod(d, buf + 4096u * (unsigned)i, zero, sizeof zero);
  memcpy(params, &buf, 8);
  aw_fault f;
  aw_dim3 gd = { grid, 1, 1 }, bd = { block, 1, 1 };
  if (aw_launch(d, m, aw_kernel_find(m, kernel), gd, bd, 0, params, sizeof params, &f) != AW_OK) {
    aw_fault_format(&f, r.err, sizeof r.err);
    aw_device_free(d);
    return r;
  }
  aw_memcpy_dtoh(d, r.out, buf, sizeof r.out);
  r.fst = aw_get_stats(d);
  if (timed) {
    const tm_stats *l;
    aw_timing_launches(d, &l, NULL, NULL);
    r.st = l[0];
  }
  r.ok = 1;
  aw_device_free(d);
  return r;
}

static result run(int timed, const char *text, const char *kernel, unsigned grid, unsigned block, const char *const *sets) {
  return run_subr(timed, text, kernel, grid, block, sets, NULL);
}

/* ---- preempt, awkill, low ---- */

/* One warp: out[0] (per thread 16 bytes) = %r2 after the label, out[1] =
 * t1 - t0, the cycles between the %clock64 before the label and the one at it.
 * Issue (one scheduler, every instruction independent): mov %r1 at cycle 0
 * (ready at 4), ld.param at 1, mov %r2 at 2, t0 at 3; the warp reaches L at
 * cycle 4. */
#define PK HEAD \
  ".visible .entry pk(.param .u64 out)\n{\n" \
  "  .reg .b32 %r<4>;\n  .reg .b64 %rd<8>;\n" \
  "  mov.u32 %r1, %tid.x;\n  ld.param.u64 %rd1, [out];\n  mov.u32 %r2, 7;\n  mov.u64 %rd4, %clock64;\n" \
  "L:\n  mov.u64 %rd5, %clock64;\n  sub.s64 %rd6, %rd5, %rd4;\n" \
  "  mul.wide.u32 %rd2, %r1, 16;\n  add.u64 %rd3, %rd1, %rd2;\n  st.global.u32 [%rd3], %r2;\n  st.global.u64 [%rd3+8], %rd6;\n" \
  "  ret;\n}\n"
#define SQ(prio, end) \
  ".subroutine sq\n.priority " prio "\n.trigger pc pk, L (%r1, %r2)\n.livein %a\n.liveout %b\n{\n" \
  "  .reg .u32 %a, %b;\n  mul.lo.u32 %b, %a, %a;\n  " end ";\n}\n"
/* the same without live-outs (a low-priority subroutine may have none): eight independent movs */
#define SQ_LOW \
  ".subroutine sql\n.priority low\n.trigger pc pk, L (%r1)\n.livein %a\n{\n" \
  "  .reg .u32 %a, %b<8>;\n  mov.u32 %b0, %a;\n  mov.u32 %b1, %a;\n  mov.u32 %b2, %a;\n  mov.u32 %b3, %a;\n" \
  "  mov.u32 %b4, %a;\n  mov.u32 %b5, %a;\n  mov.u32 %b6, %a;\n  mov.u32 %b7, %a;\n  exit;\n}\n"

static void preempt(void) {
  static const char plain[] = PK, high[] = PK SQ("high", "exit");
  result a = run(1, plain, "pk", 1, 32, NULL), b = run(1, high, "pk", 1, 32, NULL), f = run(0, high, "pk", 1, 32, NULL);
  /* without a subroutine the mov at L issues at 4: t1 - t0 = 1 */
  CHECK(a.ok && a.out[1] == 1, "no subroutine: the parent's mov at L issues the cycle after t0 (%llu, derived 1) %s",
        (unsigned long long)a.out[1], a.err);
  /* high priority: triggered at 4 (its live-in %r1 ready at 4); the MOVE of
   * %a issues at 5 (ready at 9), the mul at 9, exit at 10; at 11 the
   * controller finds it finished and the parent may issue from 12: t1 - t0 =
   * 12 - 3 = 9.  Its instructions: MOVE, mul, exit = 3, one MOVE. */
  CHECK(b.ok && b.out[1] == 9 && b.st.assist_triggered == 1 && b.st.assist_insns == 3 && b.st.assist_moves == 1 &&
        b.st.aw_started[TM_AW_PC] == 1 && b.st.aw_insns[TM_AW_PC] == 3,
        "high priority pre-empts the parent: t1 - t0 = %llu (derived 9); %llu started, %llu instructions, %llu moves (derived 1, 3, 1) %s",
        (unsigned long long)b.out[1], (unsigned long long)b.st.assist_triggered, (unsigned long long)b.st.assist_insns,
        (unsigned long long)b.st.assist_moves, b.err);
  /* live-in %r1 = tid, live-out %b = tid * tid into %r2 (7 before), in both modes */
  int vals = b.ok && f.ok;
  for (int t = 0; t < 4 && vals; t++) vals = (uint32_t)b.out[2 * t] == (uint32_t)(t * t) && (uint32_t)f.out[2 * t] == (uint32_t)(t * t);
  CHECK(vals, "live-in copied in and live-out copied back: %%r2 of threads 0..3 = %u %u %u %u (timing), %u %u %u %u (functional); derived tid * tid",
        (uint32_t)b.out[0], (uint32_t)b.out[2], (uint32_t)b.out[4], (uint32_t)b.out[6], (uint32_t)f.out[0], (uint32_t)f.out[2],
        (uint32_t)f.out[4], (uint32_t)f.out[6]);
  /* occupancy: the subroutine's register (one live at a time: %a, then %b) counts with the parent's */
  CHECK(b.st.assist_regs_per_thread == 1 && b.st.regs_per_thread == a.st.regs_per_thread + 1,
        "the assist warp's registers join the parent's: %u per thread, %u of them the subroutine's (without it: %u)",
        b.st.regs_per_thread, b.st.assist_regs_per_thread, a.st.regs_per_thread);
}

static void awkill(void) {
  static const char text[] = PK SQ("high", "awkill");
  result t = run(1, text, "pk", 1, 32, NULL), f = run(0, text, "pk", 1, 32, NULL);
  /* awkill ends it as exit would (a control instruction at 10): the same 9
   * cycles, and %r2 keeps its 7 */
  CHECK(t.ok && f.ok && (uint32_t)t.out[2] == 7 && (uint32_t)f.out[2] == 7 && t.out[1] == 9,
        "awkill copies nothing back: %%r2 of thread 1 = %u (timing), %u (functional), derived 7; t1 - t0 = %llu (derived 9) %s%s",
        (uint32_t)t.out[2], (uint32_t)f.out[2], (unsigned long long)t.out[1], t.err, f.err);
}

static void low(void) {
  static const char plain[] = PK, lowtext[] = PK SQ_LOW;
  result a = run(1, plain, "pk", 1, 32, NULL), b = run(1, lowtext, "pk", 1, 32, NULL);
  /* low priority: triggered at 4, the parent issues its mov at L at 4 all the
   * same (t1 - t0 = 1); the assist warp's MOVE, 8 movs and exit (10) issue in
   * cycles the parent leaves idle, so the parent's issue cycles are the same */
  CHECK(b.ok && b.out[1] == 1 && b.st.assist_insns == 10 && b.st.issue[TM_ISSUE_ACTIVE] == a.st.issue[TM_ISSUE_ACTIVE] &&
        b.st.issue[TM_ISSUE_ASSIST] == 10,
        "low priority takes only idle issue slots: t1 - t0 = %llu (derived 1), %llu assist instructions in %llu assist slots (derived 10, 10), "
        "parent issue slots %llu (without it %llu) %s",
        (unsigned long long)b.out[1], (unsigned long long)b.st.assist_insns, (unsigned long long)b.st.issue[TM_ISSUE_ASSIST],
        (unsigned long long)b.st.issue[TM_ISSUE_ACTIVE], (unsigned long long)a.st.issue[TM_ISSUE_ACTIVE], b.err);
}

/* ---- partition ---- */

/* Eight warps (one CTA of 256 threads) reach L at once, each starting a
 * low-priority chain: mov, then 8 adds each on the one before (latency 4),
 * then exit: the mov at c, the adds at c + 4, ..., c + 32, exit at c + 33,
 * seen finished at c + 34: an instance takes 34 cycles from its first issue.
 * The warps go 4 to each scheduler, so each scheduler has 4 instances.  With
 * 4 low-priority entries all 4 chains interleave: done within 34 + 4 (their
 * first movs in the scheduler's idle cycles after the warps are done) + the
 * warps' own ~10 cycles: under 60 cycles in all.  With the default 2, the
 * third and fourth wait in the table until the first two finish: at least
 * 2 x 34 = 68 cycles. */
static const char part_text[] = HEAD
  ".visible .entry pk(.param .u64 out)\n{\n  .reg .b32 %r<2>;\n  mov.u32 %r1, %tid.x;\nL:\n  ret;\n}\n"
  ".subroutine chain\n.priority low\n.trigger pc pk, L\n{\n  .reg .u32 %x;\n  mov.u32 %x, 1;\n"
  "  add.u32 %x, %x, 1;\n  add.u32 %x, %x, 1;\n  add.u32 %x, %x, 1;\n  add.u32 %x, %x, 1;\n"
  "  add.u32 %x, %x, 1;\n  add.u32 %x, %x, 1;\n  add.u32 %x, %x, 1;\n  add.u32 %x, %x, 1;\n  exit;\n}\n";

static void partition(void) {
  static const char *const four[] = { "awb_low_entries=4", NULL };
  result a = run(1, part_text, "pk", 1, 256, four), b = run(1, part_text, "pk", 1, 256, NULL);
  CHECK(a.ok && b.ok && a.st.assist_triggered == 8 && b.st.assist_triggered == 8 && a.st.cycles < 60 && b.st.cycles >= 68,
        "the 2-entry low-priority partition holds further instances: 8 chains of 34 cycles, 4 per scheduler: %llu cycles with 4 entries "
        "(derived under 60), %llu with 2 (derived at least 68) %s%s",
        (unsigned long long)a.st.cycles, (unsigned long long)b.st.cycles, a.err, b.err);
}

/* ---- throttle, kill ---- */

/* 90 CTAs of 256 threads under LRR: 6 CTAs, 48 warps per SM, 24 per
 * scheduler; 64 assist warp table entries, so every warp of an SM can have
 * one.  Each warp runs 200 iterations of a loop of 16 adds (four
 * accumulators), setp and bra: with 24 warps a scheduler always has an
 * instruction ready, so both schedulers issue every cycle, and all but the
 * bra and the final ret take one of the 2 ALU pipelines (interval 1).  Under
 * LRR the 24 warps of a scheduler issue the same instruction in turn, so a
 * 256-cycle window holds at most one round of 24 bra and, at the end, one of
 * 24 ret: the pipelines are busy at least (256 - 48) / 256 = 81% of every
 * window, above the awc_alu_fraction of 0.75 the test sets.  Under LRR the warps advance together and leave the loop within a
 * few cycles of one another, each then reaching L once.  With L after the
 * loop (throttle), every warp reaches it while the last window was
 * saturated; with L before it (kill), every warp reaches it in the first
 * cycles, before any window has closed. */
#define SAT(before, after) HEAD \
  ".visible .entry pk(.param .u64 out)\n{\n  .reg .pred %p;\n  .reg .b32 %r<8>;\n" \
  "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, 0;\n  mov.u32 %r3, 0;\n  mov.u32 %r4, 0;\n  mov.u32 %r5, 0;\n" \
  before \
  "LOOP:\n  add.u32 %r2, %r2, 1;\n  add.u32 %r3, %r3, 3;\n  add.u32 %r4, %r4, 5;\n  add.u32 %r5, %r5, 7;\n" \
  "  add.u32 %r3, %r3, 3;\n  add.u32 %r4, %r4, 5;\n  add.u32 %r5, %r5, 7;\n  add.u32 %r3, %r3, 3;\n" \
  "  add.u32 %r4, %r4, 5;\n  add.u32 %r5, %r5, 7;\n  add.u32 %r3, %r3, 3;\n  add.u32 %r4, %r4, 5;\n" \
  "  add.u32 %r5, %r5, 7;\n  add.u32 %r3, %r3, 3;\n  add.u32 %r4, %r4, 5;\n  add.u32 %r5, %r5, 7;\n" \
  "  setp.lt.u32 %p, %r2, 200;\n  @%p bra LOOP;\n" \
  after \
  "  ret;\n}\n" \
  ".subroutine note\n.priority low\n.trigger pc pk, L (%r1)\n.livein %a\n{\n  .reg .u32 %a, %b;\n  add.u32 %b, %a, 1;\n  exit;\n}\n"

static void throttle(void) {
  static const char text[] = SAT("", "L:\n");
  static const char *const alu[] = { "sched_policy=lrr", "awc_busy_fraction=1", "awc_alu_fraction=0.75", "awt_entries=64", NULL };
  static const char *const never[] = { "sched_policy=lrr", "awc_busy_fraction=1", "awc_alu_fraction=1", "awt_entries=64", NULL };
  result a = run(1, text, "pk", 90, 256, alu), b = run(1, text, "pk", 90, 256, never);
  /* 90 x 8 = 720 warps reach L; with the issue-rate test off (1), the ALU test alone throttles them all */
  CHECK(a.ok && a.st.assist_throttled == 720 && a.st.assist_triggered == 0,
        "throttling holds deployment while the ALU is saturated: %llu of 720 not deployed, %llu started (derived 720, 0) %s",
        (unsigned long long)a.st.assist_throttled, (unsigned long long)a.st.assist_triggered, a.err);
  CHECK(b.ok && b.st.assist_throttled == 0 && b.st.assist_triggered == 720 && b.st.assist_insns == 720 * 3,
        "with awc_alu_fraction = 1 nothing is throttled: %llu started, %llu instructions (derived 720, 720 x 3: MOVE, add, exit) %s",
        (unsigned long long)b.st.assist_triggered, (unsigned long long)b.st.assist_insns, b.err);
}

static void kill(void) {
  static const char text[] = SAT("L:\n", "");
  static const char *const on[] = { "sched_policy=lrr", "awt_entries=64", NULL };
  static const char *const off[] = { "sched_policy=lrr", "awt_entries=64", "awc_kill=off", NULL };
  result a = run(1, text, "pk", 90, 256, on), b = run(1, text, "pk", 90, 256, off);
  /* every warp starts one in its first cycles (the SM not yet known busy);
   * the schedulers are never idle, so none issues before the first window
   * closes saturated at cycle 256: all 720 are killed, nothing issued */
  CHECK(a.ok && a.st.assist_triggered == 720 && a.st.assist_killed == 720 && a.st.assist_insns == 0,
        "when throttling starts the controller kills the waiting low-priority assist warps: %llu started, %llu found the table full, %llu killed, "
        "%llu instructions (derived 720, 0, 720, 0) %s",
        (unsigned long long)a.st.assist_triggered, (unsigned long long)a.st.assist_overflow, (unsigned long long)a.st.assist_killed,
        (unsigned long long)a.st.assist_insns, a.err);
  CHECK(b.ok && b.st.assist_killed == 0 && b.st.assist_triggered == 720 && b.st.assist_insns == 720 * 3,
        "with awc_kill off they wait and run once the SM has idle slots: %llu started, %llu killed, %llu instructions (derived 720, 0, 720 x 3) %s",
        (unsigned long long)b.st.assist_triggered, (unsigned long long)b.st.assist_killed, (unsigned long long)b.st.assist_insns, b.err);
}

/* ---- the compressibility predictor ---- */

/* 15 CTAs of 1024 threads: one per SM (1536 threads at most), 32 warps.  A
 * loop of two iterations stores, from one st instruction, a hash of the
 * thread's index and the iteration (x * 2654435761, xor-shifted) to
 * out[k * 15360 + gtid]: each warp writes two whole 128-byte blocks of
 * values BDI cannot compress (checked below with the reference codec), 64
 * whole-block stores per SM from one pc.  Design caba with bdi.s, throttling
 * off (thresholds 1): the predictor's counter for the pc starts at 1 (unsure),
 * so the SM's first store tries (bdi_compress_128 runs) and the stores that come
 * while it works wait for its verdict, uncompressed; the block does not
 * compress, so the counter drops to 0, and from then on one store in 32
 * tries again (and fails).  Of an SM's 64 stores at most 1 + 63 / 32 = 2
 * try, at least 1; every other one is predicted incompressible (none finds
 * the table full: one attempt at a time): 15 to 30 assist warps in all, and
 * assist warps plus predicted stores = 960. */
static const char predict_text[] = HEAD
  ".visible .entry pk(.param .u64 out)\n{\n  .reg .pred %p;\n  .reg .b32 %r<10>;\n  .reg .b64 %rd<6>;\n"
  "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %ctaid.x;\n  mad.lo.u32 %r3, %r2, 1024, %r1;\n"
  "  mov.u32 %r4, 0;\nLOOP:\n  mad.lo.u32 %r5, %r4, 15360, %r3;\n  add.u32 %r6, %r5, 12345;\n  mul.lo.u32 %r6, %r6, -1640531535;\n"
  "  shr.u32 %r7, %r6, 15;\n  xor.b32 %r6, %r6, %r7;\n  mul.wide.u32 %rd2, %r5, 4;\n  add.u64 %rd3, %rd1, %rd2;\n"
  "  st.global.u32 [%rd3], %r6;\n  add.u32 %r4, %r4, 1;\n  setp.lt.u32 %p, %r4, 2;\n  @%p bra LOOP;\n  ret;\n}\n";

/* The whole of a file, NUL-terminated (NULL when unreadable). */
static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *b = malloc(1 << 20);
  *n = b ? fread(b, 1, (1 << 20) - 1, f) : 0;
  fclose(f);
  if (b) b[*n] = 0;
  return b;
}

static void predictor(void) {
  size_t bdi_len = 0;
  char *bdi_text = slurp("subroutines/bdi/bdi.s", &bdi_len);
  aw_device *d = aw_device_new();
  tm_config cfg;
  char err[1024] = "";
  tm_config_defaults(&cfg);
  static const char *const sets[] = { "design=caba", "awc_busy_fraction=1", "awc_alu_fraction=1", NULL };
  int ok = d && bdi_text && !aw_add_subroutines(d, "subroutines/bdi/bdi.s", bdi_text, bdi_len) && !tm_config_load(&cfg, "caba-gtx480", err, sizeof err);
  for (int i = 0; ok && sets[i]; i++) ok = !tm_config_set_pair(&cfg, sets[i], "test", err, sizeof err);
  for (int pass = 0; pass < 2 && ok; pass++) {
    if (pass) ok = !tm_config_set_pair(&cfg, "awc_predict=off", "test", err, sizeof err);
    ok = ok && !tm_config_check(&cfg, err, sizeof err) && !aw_set_timing(d, &cfg);
    aw_module *m = ok ? aw_module_load_text(d, "predict.ptx", predict_text, strlen(predict_text), err, sizeof err) : NULL;
    if (!m) { ok = 0; break; }
    uint64_t buf = aw_malloc(d, 2 * 15360 * 4);
    uint8_t params[8];
    memcpy(params, &buf, 8);
    aw_fault f;
    aw_dim3 gd = { 15, 1, 1 }, bd = { 1024, 1, 1 };
    if (aw_launch(d, m, aw_kernel_find(m, "pk"), gd, bd, 0, params, sizeof params, &f) != AW_OK) { aw_fault_format(&f, err, sizeof err); ok = 0; break; }
    const tm_stats *l;
    uint32_t n = aw_timing_launches(d, &l, NULL, NULL);
    tm_stats st = l[n - 1];
    if (!pass) {
      /* the precondition: no block of the output compresses under BDI */
      static uint8_t out[2 * 15360 * 4];
      aw_memcpy_dtoh(d, out, buf, sizeof out);
      const codec *bdi = codec_find("bdi");
      int compressible = 0;
      for (size_t b = 0; b < sizeof out; b += 128) {
        uint8_t payload[CODEC_MAX_PAYLOAD];
        codec_meta cm;
        if (bdi->compress(out + b, 128, 32, payload, &cm) == 0 && cm.encoding) compressible++;
      }
      CHECK(!compressible && st.assist_triggered >= 15 && st.assist_triggered <= 30 && st.assist_triggered + st.assist_predicted == 960 &&
            !st.assist_overflow,
            "the predictor: %d of 960 blocks compress (0 by construction); %llu compression assist warps (derived 15 to 30), %llu stores predicted "
            "incompressible, %llu found the table full (derived: the rest of 960, 0)",
            compressible, (unsigned long long)st.assist_triggered, (unsigned long long)st.assist_predicted, (unsigned long long)st.assist_overflow);
    } else
      CHECK(st.assist_predicted == 0 && st.assist_triggered > 30,
            "with awc_predict off every whole-block store with a free entry tries: %llu assist warps (more than 30), none predicted", (unsigned long long)st.assist_triggered);
  }
  if (!ok) CHECK(0, "the predictor test ran: %s", err);
  aw_device_free(d);
  free(bdi_text);
}

/* A copy of 15 x 1024 words, one CTA per SM: out[gtid] = in[gtid]. */
static const char copy_text[] = HEAD
  ".visible .entry cp(.param .u64 out, .param .u64 in)\n{\n  .reg .b32 %r<6>;\n  .reg .b64 %rd<8>;\n"
  "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd4, [in];\n  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %ctaid.x;\n"
  "  mad.lo.u32 %r3, %r2, 1024, %r1;\n  mul.wide.u32 %rd2, %r3, 4;\n  add.u64 %rd5, %rd4, %rd2;\n  ld.global.u32 %r4, [%rd5];\n"
  "  add.u64 %rd3, %rd1, %rd2;\n  st.global.u32 [%rd3], %r4;\n  ret;\n}\n";

/* Runs cp (of its own module when fresh) on the device: out, in as given; the launch's stats in *st. */
static int copy_run(aw_device *d, int fresh, aw_module **m, uint64_t out, uint64_t in, tm_stats *st, char *err, size_t cap) {
  if (fresh || !*m) *m = aw_module_load_text(d, "copy.ptx", copy_text, strlen(copy_text), err, cap);
  if (!*m) return -1;
  uint8_t params[16];
  memcpy(params, &out, 8);
  memcpy(params + 8, &in, 8);
  aw_fault f;
  aw_dim3 gd = { 15, 1, 1 }, bd = { 1024, 1, 1 };
  if (aw_launch(d, *m, aw_kernel_find(*m, "cp"), gd, bd, 0, params, sizeof params, &f) != AW_OK) { aw_fault_format(&f, err, cap); return -1; }
  const tm_stats *l;
  uint32_t n = aw_timing_launches(d, &l, NULL, NULL);
  *st = l[n - 1];
  return 0;
}

/* The device of the predictor and state tests: caba-gtx480, design caba, BDI's subroutines, throttling off, and sets. */
static aw_device *caba_device(const char *extra, char **text, char *err, size_t cap) {
  size_t len = 0;
  *text = slurp("subroutines/bdi/bdi.s", &len);
  aw_device *d = aw_device_new();
  tm_config cfg;
  tm_config_defaults(&cfg);
  static const char *const sets[] = { "design=caba", "awc_busy_fraction=1", "awc_alu_fraction=1", NULL };
  int ok = d && *text && !aw_add_subroutines(d, "subroutines/bdi/bdi.s", *text, len) && !tm_config_load(&cfg, "caba-gtx480", err, cap);
  for (int i = 0; ok && sets[i]; i++) ok = !tm_config_set_pair(&cfg, sets[i], "test", err, cap);
  if (ok && extra) ok = !tm_config_set_pair(&cfg, extra, "test", err, cap);
  ok = ok && !tm_config_check(&cfg, err, cap) && !aw_set_timing(d, &cfg);
  if (!ok) { aw_device_free(d); free(*text); *text = NULL; return NULL; }
  return d;
}

/* The hash of predict_text's kernel for word k: values BDI cannot compress. */
static uint32_t hash_word(uint32_t k) { uint32_t v = (k + 12345u) * 2654435761u; return v ^ (v >> 15); }

/* A copy of incompressible words (the host's: the L1 fills say they did not
 * compress): every warp's store comes after its own load's fill, which
 * brings the SM's fill counter from 1 to 0 before any store, so no store pc
 * tries (its counter is 1, below 2): none of the 480 whole-block stores (32
 * per SM) starts a compression assist warp, and no load a decompression one
 * (no block is compressed). */
static void predict_reads(void) {
  char err[1024] = "", *text = NULL;
  aw_device *d = caba_device(NULL, &text, err, sizeof err);
  aw_module *m = NULL;
  tm_stats st;
  uint64_t in = d ? aw_malloc(d, 15360 * 4) : 0, out = d ? aw_malloc(d, 15360 * 4) : 0;
  static uint32_t words[15360];
  for (uint32_t k = 0; k < 15360; k++) words[k] = hash_word(k);
  if (d) aw_memcpy_htod(d, in, words, sizeof words);
  if (!d || copy_run(d, 0, &m, out, in, &st, err, sizeof err)) CHECK(0, "the incompressible copy ran: %s", err);
  else
    CHECK(st.assist_triggered == 0 && st.assist_predicted == 480,
          "a kernel that reads and writes incompressible data starts no assist warp: %llu (derived 0); %llu stores predicted incompressible (derived 480)",
          (unsigned long long)st.assist_triggered, (unsigned long long)st.assist_predicted);
  aw_device_free(d);
  free(text);
}

/* Block state across launches.  The copy above, of compressible words (all
 * 7: every block 'repeated'), with awc_store_lines = 0 and one table entry
 * (awt_entries = 1; a store takes an entry only while half the table is
 * free, never with one entry): all 480 stores of 'out' go out uncompressed.
 * Copying 'out' back (a second module, so a second GPU model): its 480
 * blocks are read as written, uncompressed: no decompression assist warp
 * (a model that forgot them would take them for the host's, compressed, and
 * decompress each).  After the host writes 'out' again, the third copy
 * reads its blocks compressed: 480 decompressions. */
static void block_state(void) {
  char err[1024] = "", *text = NULL;
  aw_device *d = caba_device("awc_store_lines=0", &text, err, sizeof err);
  tm_config cfg;
  if (d) { cfg = *aw_timing_config(d); d = tm_config_set_pair(&cfg, "awt_entries=1", "test", err, sizeof err) || aw_set_timing(d, &cfg) ? (aw_device_free(d), NULL) : d; }
  aw_module *m = NULL;
  tm_stats a, b, c;
  uint64_t in = d ? aw_malloc(d, 15360 * 4) : 0, out = d ? aw_malloc(d, 15360 * 4) : 0, back = d ? aw_malloc(d, 15360 * 4) : 0;
  static uint32_t words[15360];
  for (uint32_t k = 0; k < 15360; k++) words[k] = 7;
  if (d) aw_memcpy_htod(d, in, words, sizeof words);
  if (!d || copy_run(d, 0, &m, out, in, &a, err, sizeof err) || copy_run(d, 1, &m, back, out, &b, err, sizeof err) ||
      aw_memcpy_htod(d, out, words, sizeof words) != AW_OK || copy_run(d, 1, &m, back, out, &c, err, sizeof err))
    CHECK(0, "the state test ran: %s", err);
  else
    CHECK(a.assist_triggered == 480 && a.assist_overflow == 480 && b.assist_triggered == 0 && c.assist_triggered == 480,
          "block state across launches: the first copy decompresses its 480 blocks and stores 480 uncompressed (%llu, %llu); "
          "a copy of them by another module decompresses none (%llu, derived 0); after the host writes them, 480 (%llu)",
          (unsigned long long)a.assist_triggered, (unsigned long long)a.assist_overflow, (unsigned long long)b.assist_triggered,
          (unsigned long long)c.assist_triggered);
  aw_device_free(d);
  free(text);
}

/* ---- miss: a next-line prefetcher ---- */

/* tests/timing/micro's pointer chase over 4096 lines 128 bytes apart (one
 * thread; each step's load depends on the one before), 1024 timed steps, none
 * of them in L1 or L2 before.  The module gets a low-priority 'miss'
 * subroutine: on each L1 miss of a warp's load, it prefetches the next line
 * (ld.lmeta, add, prefetch, exit: 4 instructions, in the cycles the waiting
 * warp leaves idle).  Step 0 misses and starts it; the prefetch of line 1 is
 * on its way long before step 0's line is back, so step 1 joins its MSHR: a
 * late prefetch, and the first demand read of a prefetched line, which starts
 * the prefetcher again (the 'miss' trigger hears of those too), and so on:
 * every step starts one assist warp: 1024, 4096 instructions; 1024 + 1024
 * L1 accesses (the prefetches are accesses of their own).  Step i + 1 issues
 * when line i arrives, which left a little after step i - 1 issued, and the
 * prefetch of line i + 1 leaves a little after step i issued: in every other
 * step the two race (which comes first depends on a few cycles of the
 * prefetcher's own latency), so each step after the first either joins its
 * line's prefetch in flight (late) or misses itself, and then the prefetch
 * joins the step's MSHR (redundant): late + redundant = 1023 = the MSHR
 * merges, issued + redundant = 1024, misses = 1 + issued + redundant (the
 * steps that missed and the prefetches that did), none useful in time, the
 * last prefetch (line 1024) useless.  Two steps take one miss latency plus
 * the little the prefetch lags: under 3/4 of the time without it. */
static const char prefetcher[] =
  ".subroutine next_line\n.priority low\n.trigger miss\n{\n  .reg .b64 %a;\n  ld.lmeta.u64 %a, [16];\n"
  "  add.u64 %a, %a, 128;\n  prefetch.global.L1 [%a];\n  exit;\n}\n";

/* the same prefetcher bringing the next line into L2 only */
static const char prefetcher_l2[] =
  ".subroutine next_line\n.priority low\n.trigger miss\n{\n  .reg .b64 %a;\n  ld.lmeta.u64 %a, [16];\n"
  "  add.u64 %a, %a, 128;\n  prefetch.global.L2 [%a];\n  exit;\n}\n";

static int chase_run_with(const char *pf, tm_stats *st, uint64_t *cycles, char *err, size_t cap);
static int chase_run(int with, tm_stats *st, uint64_t *cycles, char *err, size_t cap) { return chase_run_with(with ? prefetcher : NULL, st, cycles, err, cap); }

static int chase_run_with(const char *pf, tm_stats *st, uint64_t *cycles, char *err, size_t cap) {
  aw_device *d = aw_device_new();
  tm_config cfg;
  tm_config_defaults(&cfg);
  int ok = d && !tm_config_load(&cfg, "caba-gtx480", err, cap) && !tm_config_check(&cfg, err, cap) && !aw_set_timing(d, &cfg) &&
           (!pf || !aw_add_subroutines(d, "prefetcher.s", pf, strlen(pf)));
  aw_module *m = ok ? aw_module_load_file(d, "tests/timing/micro/micro.ptx", err, cap) : NULL;
  if (m) {
    uint64_t base = aw_malloc(d, 4096 * 128), out = aw_malloc(d, 16);
    uint64_t a1[3] = { base, 4096, 16 }, a2[4] = { base, 0, 1024, out };
    for (int k = 0; k < 2 && ok; k++) {
      /* the chain is written in functional mode, so that the chase finds none of its lines in L1
       * or L2 (a timed chase_init would leave the 512 KiB it wrote in the 768 KiB L2, which keeps
       * its lines from launch to launch) */
      ok = !aw_set_timing(d, k ? &cfg : NULL);
      int kern = aw_kernel_find(m, k ? "chase" : "chase_init");
      uint32_t count, sizes[8], offs[8];
      uint8_t params[64] = { 0 };
      ok = kern >= 0 && !aw_kernel_params(m, kern, &count, sizes, offs, 8);
      for (uint32_t i = 0; ok && i < count; i++) memcpy(params + offs[i], k ? &a2[i] : &a1[i], sizes[i]);
      aw_fault f;
      aw_dim3 one = { 1, 1, 1 };
      if (ok && aw_launch(d, m, kern, one, one, 0, params, sizeof params, &f) != AW_OK) { aw_fault_format(&f, err, cap); ok = 0; }
    }
    const tm_stats *l;
    uint32_t n = aw_timing_launches(d, &l, NULL, NULL);
    if (ok && n == 1) { *st = l[0]; aw_memcpy_dtoh(d, cycles, out, 8); }
  } else ok = 0;
  aw_device_free(d);
  return ok;
}

static void miss(void) {
  char err[1024] = "";
  tm_stats a, b;
  uint64_t ca = 0, cb = 0;
  int ok = chase_run(0, &a, &ca, err, sizeof err) && chase_run(1, &b, &cb, err, sizeof err);
  CHECK(ok && a.l1_merges == 0 && a.assist_triggered == 0 && b.assist_triggered == 1024 && b.assist_insns == 4096 && b.l1_merges == 1023 &&
        b.l1_accesses == 2048 && 4 * cb < 3 * ca,
        "a 'miss' prefetcher: %llu assist warps, %llu instructions, %llu MSHR merges, %llu L1 accesses, %llu misses (derived 1024, 4096, 1023, 2048, -); "
        "%llu cycles for 1024 steps, %llu without it (derived: under 3/4) %s",
        (unsigned long long)b.assist_triggered, (unsigned long long)b.assist_insns, (unsigned long long)b.l1_merges,
        (unsigned long long)b.l1_accesses, (unsigned long long)b.l1_misses, (unsigned long long)cb, (unsigned long long)ca, err);
  CHECK(ok && b.pf_issued + b.pf_redundant == 1024 && b.pf_late + b.pf_redundant == 1023 && b.l1_misses == 1 + b.pf_issued + b.pf_redundant &&
        b.pf_useful == 0 && b.pf_useless == 1 && !a.pf_issued,
        "prefetch statistics: %llu issued, %llu late, %llu useful, %llu useless, %llu redundant (derived: issued + redundant = 1024, "
        "late + redundant = 1023, useful 0, useless 1); without the prefetcher %llu",
        (unsigned long long)b.pf_issued, (unsigned long long)b.pf_late, (unsigned long long)b.pf_useful, (unsigned long long)b.pf_useless,
        (unsigned long long)b.pf_redundant, (unsigned long long)a.pf_issued);
  tm_stats c;
  uint64_t cc = 0;
  ok = chase_run_with(prefetcher_l2, &c, &cc, err, sizeof err);
  /* prefetch.global.L2: the request passes L1 (no L1 access, no L1 prefetch), so every step
   * misses L1 and starts the prefetcher (1024), and every step after the first finds its line
   * in L2 or on its way there (hits + merges = 1023); the chase is faster than without */
  CHECK(ok && c.l1_accesses == 1024 && c.l1_misses == 1024 && c.pf_issued == 0 && c.assist_triggered == 1024 &&
        c.l2_hits + c.l2_merges == 1023 && cc < ca,
        "a prefetcher into L2: %llu L1 accesses, %llu misses, %llu L1 prefetches, %llu assist warps, %llu L2 hits + %llu merges "
        "(derived 1024, 1024, 0, 1024, 1023 together); %llu cycles, %llu without %s",
        (unsigned long long)c.l1_accesses, (unsigned long long)c.l1_misses, (unsigned long long)c.pf_issued, (unsigned long long)c.assist_triggered,
        (unsigned long long)c.l2_hits, (unsigned long long)c.l2_merges, (unsigned long long)cc, (unsigned long long)ca, err);
}

/* ---- skip: memoization ---- */

/* One warp, two iterations.  x = tid & 3 (iteration 0) and tid & M1 (1);
 * the region M..E computes f(x) = (x * 0x9e3779b1 + 7)^2 + x in 4
 * instructions; E stores %r2 to out[2 tid + it].  'look' (at M, high
 * priority) finds x in a shared table of 8 (tag x + 1, value) entries: hit
 * lanes get the value and skip to E.  'ins' (at E) enters x with
 * f(x) ^ 0x40000000 where x is not there yet: so a value that came from the
 * table is told apart from a computed one.  Iteration 0: all 32 lanes miss and
 * compute.  M1 = 3: iteration 1 hits in every lane (32 hits, 32 misses in
 * all), out[2t + 1] = f(t & 3) ^ 0x40000000, and the warp runs 4 instructions
 * fewer than without the subroutines.  M1 = 7: lanes with tid & 7 < 4 hit
 * (16), the others compute f(4..7) and meet them at E (48 misses). */
#define MEMO_TEXT(M1) HEAD \
  ".shared .align 4 .b32 memo_tab[16];\n" \
  ".visible .entry mk(.param .u64 out)\n{\n  .reg .pred %p<3>;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<4>;\n" \
  "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n  mov.u32 %r5, 0;\n" \
  "LOOP:\n  setp.eq.u32 %p1, %r5, 0;\n  selp.b32 %r6, 3, " M1 ", %p1;\n  and.b32 %r3, %r1, %r6;\n" \
  "M:\n  mul.lo.u32 %r2, %r3, 0x9e3779b1;\n  add.u32 %r2, %r2, 7;\n  mul.lo.u32 %r2, %r2, %r2;\n  add.u32 %r2, %r2, %r3;\n" \
  "E:\n  shl.b32 %r7, %r1, 1;\n  add.u32 %r7, %r7, %r5;\n  mul.wide.u32 %rd2, %r7, 4;\n  add.u64 %rd3, %rd1, %rd2;\n" \
  "  st.global.u32 [%rd3], %r2;\n  add.u32 %r5, %r5, 1;\n  setp.lt.u32 %p2, %r5, 2;\n  @%p2 bra LOOP;\n  ret;\n}\n"
#define MEMO_SUBRS \
  ".subroutine look\n.priority high\n.trigger pc mk, M (%r3, %r2) skip E\n.livein %x\n.liveout %y\n.skipif %hit\n{\n" \
  "  .reg .u32 %x, %y, %t, %k;\n  .reg .u64 %a, %o;\n  .reg .pred %hit;\n" \
  "  mov.u64 %a, memo_tab;\n  mul.wide.u32 %o, %x, 8;\n  add.u64 %a, %a, %o;\n  ld.shared.u32 %t, [%a];\n" \
  "  add.u32 %k, %x, 1;\n  setp.eq.u32 %hit, %t, %k;\n  ld.shared.u32 %y, [%a+4];\n  exit;\n}\n" \
  ".subroutine ins\n.priority high\n.trigger pc mk, E (%r3, %r2)\n.livein %x, %y\n{\n" \
  "  .reg .u32 %x, %y, %t, %k;\n  .reg .u64 %a, %o;\n  .reg .pred %new;\n" \
  "  mov.u64 %a, memo_tab;\n  mul.wide.u32 %o, %x, 8;\n  add.u64 %a, %a, %o;\n  ld.shared.u32 %t, [%a];\n" \
  "  add.u32 %k, %x, 1;\n  setp.ne.u32 %new, %t, %k;\n  @%new st.shared.u32 [%a], %k;\n" \
  "  xor.b32 %y, %y, 0x40000000;\n  @%new st.shared.u32 [%a+4], %y;\n  exit;\n}\n"

static uint32_t memo_f(uint32_t x) { uint32_t v = x * 0x9e3779b1u + 7u; return v * v + x; }

static void memo_case(const char *what, const char *plain_text, const char *memo_text, uint32_t m1, uint64_t hits, uint64_t misses, int saved) {
  for (int timed = 0; timed < 2; timed++) {
    result a = run(timed, plain_text, "mk", 1, 32, NULL), b = run(timed, memo_text, "mk", 1, 32, NULL);
    int right = a.ok && b.ok;
    uint32_t bad = 0, got = 0, want = 0;
    for (uint32_t t = 0; right && t < 32; t++)
      for (uint32_t it = 0; it < 2; it++) {
        uint32_t x = t & (it ? m1 : 3), w = memo_f(x);
        if (it && x < 4) w ^= 0x40000000u;   /* from the table */
        uint32_t v = (uint32_t)(b.out[t] >> (32 * it)), plain = (uint32_t)(a.out[t] >> (32 * it));
        if (v != w || plain != memo_f(x)) { right = 0; bad = 2 * t + it; got = v; want = w; }
      }
    uint64_t hit = timed ? b.st.skip_hits : b.fst.skip_hits, miss = timed ? b.st.skip_misses : b.fst.skip_misses;
    uint64_t wa = timed ? a.st.warp_insns : a.fst.warp_insns, wb = timed ? b.st.warp_insns : b.fst.warp_insns;
    CHECK(right && hit == hits && miss == misses && wa - wb == (uint64_t)saved,
          "memoization, %s (%s): values %s (out[%u] = 0x%08x, derived 0x%08x); %llu lanes hit, %llu missed (derived %llu, %llu); "
          "the warp ran %lld instructions fewer than without the subroutines (derived %d) %s%s",
          what, timed ? "timing" : "functional", right ? "right" : "wrong", bad, got, want, (unsigned long long)hit, (unsigned long long)miss,
          (unsigned long long)hits, (unsigned long long)misses, (long long)(wa - wb), saved, a.err, b.err);
  }
}

static void memo(void) {
  static const char plain3[] = MEMO_TEXT("3"), memo3[] = MEMO_TEXT("3") MEMO_SUBRS;
  static const char plain7[] = MEMO_TEXT("7"), memo7[] = MEMO_TEXT("7") MEMO_SUBRS;
  memo_case("every lane hits in iteration 1", plain3, memo3, 3, 32, 32, 4);
  memo_case("half the lanes hit in iteration 1", plain7, memo7, 7, 16, 48, 0);
  /* the table is the CTA's shared memory: 64 bytes more per CTA */
  result b = run(1, memo3, "mk", 1, 32, NULL);
  CHECK(b.ok && b.st.assist_shared_per_cta == 64, "the memo table's 64 bytes count in the CTA's shared memory: %u %s",
        b.st.assist_shared_per_cta, b.err);
}

/* ---- keep: registers that stay with the parent warp ---- */

/* 40 threads (warps of 32 and 8), three iterations; at L the subroutine adds
 * 1 to its kept %n and hands back %n * 100 + laneid, which the warp stores
 * at out[3 tid + it]: each warp counts 1, 2, 3 on its own (kept registers
 * start at zero for each warp). */
static const char keep_text[] = HEAD
  ".visible .entry kk(.param .u64 out)\n{\n  .reg .pred %p;\n  .reg .b32 %r<6>;\n  .reg .b64 %rd<4>;\n"
  "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n  mov.u32 %r5, 0;\n  mov.u32 %r2, 0;\n"
  "LOOP:\n  mov.u32 %r4, %r5;\nL:\n  mad.lo.u32 %r3, %r1, 3, %r4;\n  mul.wide.u32 %rd2, %r3, 4;\n  add.u64 %rd3, %rd1, %rd2;\n"
  "  st.global.u32 [%rd3], %r2;\n  add.u32 %r5, %r5, 1;\n  setp.lt.u32 %p, %r5, 3;\n  @%p bra LOOP;\n  ret;\n}\n"
  ".subroutine cnt\n.priority high\n.trigger pc kk, L (%r2)\n.liveout %o\n.keep %n\n{\n  .reg .u32 %n, %o, %l;\n"
  "  add.u32 %n, %n, 1;\n  mov.u32 %l, %laneid;\n  mad.lo.u32 %o, %n, 100, %l;\n  exit;\n}\n";

static void keep(void) {
  for (int timed = 0; timed < 2; timed++) {
    result r = run(timed, keep_text, "kk", 1, 40, NULL);
    int right = r.ok;
    uint32_t bad = 0;
    for (uint32_t t = 0; right && t < 40; t++)
      for (uint32_t it = 0; it < 3; it++) {
        uint32_t i = 3 * t + it, v = (uint32_t)(r.out[i / 2] >> (32 * (i & 1)));
        if (v != (it + 1) * 100 + t % 32) { right = 0; bad = i; }
      }
    CHECK(right, "kept registers (%s): each warp's count goes 1, 2, 3 (first wrong: out[%u]) %s", timed ? "timing" : "functional", bad, r.err);
  }
}

/* ---- the stride prefetcher of subroutines/prefetch/stride.s ---- */

/* One thread loads 8 words, each after the one before has come back and 24
 * dependent adds (96 cycles) have used it, at A_i = out + S_i: S_i = 1024 i
 * (stride) or 1024 i (i + 1) / 2 (strides 1024, 2048, ...: none repeats).
 * Stride: the misses at A0 and A1 leave no confirmed stride (the first is
 * measured from 0, the second differs from it): 2 assist warps end with
 * awkill (12 instructions each); A2 confirms 1024 and prefetches A3..A6 (a
 * miss: lanes 0-3); A3 is then an L1 hit on a prefetched line, which starts
 * the prefetcher again: lane 3 alone prefetches A7, the line not asked for
 * yet, and so on to A7's A11.  Derived: 3 misses of the thread's loads; 8
 * assist warps; 6 confirmed (17 instructions each): 126 instructions;
 * prefetches: 9, all missed and went below (A3..A11), none redundant; useful
 * A3..A7 (5), late 0, useless A8..A11 (4: never read).  No stride: 8 misses,
 * 8 assist warps all ending with awkill, 96 instructions, no prefetch. */
#define STRIDE_TEXT(STEP) HEAD \
  ".visible .entry sp(.param .u64 out)\n{\n  .reg .pred %p;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<8>;\n" \
  "  ld.param.u64 %rd4, [out];\n  mov.u32 %r5, 0;\n  mov.u32 %r7, 0;\n" \
  "LOOP:\n  ld.global.u32 %r2, [%rd4];\n" \
  "  add.u32 %r3, %r2, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n" \
  "  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n" \
  "  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n" \
  "  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n  add.u32 %r3, %r3, 1;\n" \
  "  and.b32 %r4, %r3, 0;\n  cvt.u64.u32 %rd5, %r4;\n  add.u64 %rd4, %rd4, %rd5;\n" \
  STEP "  add.u32 %r5, %r5, 1;\n  setp.lt.u32 %p, %r5, 8;\n  @%p bra LOOP;\n  ret;\n}\n"

static void stride(void) {
  static const char strided[] = STRIDE_TEXT("  add.u64 %rd4, %rd4, 1024;\n");
  static const char uneven[] = STRIDE_TEXT("  add.u32 %r7, %r7, 1024;\n  cvt.u64.u32 %rd6, %r7;\n  add.u64 %rd4, %rd4, %rd6;\n");
  result a = run_subr(1, strided, "sp", 1, 1, NULL, "subroutines/prefetch/stride.s");
  CHECK(a.ok && a.st.l1_misses - a.st.pf_issued == 3 && a.st.assist_triggered == 8 && a.st.assist_awkill == 2 && a.st.assist_insns == 126 &&
        a.st.aw_started[TM_AW_MISS] == 8 && a.st.aw_insns[TM_AW_MISS] == 126 &&
        a.st.pf_issued == 9 && a.st.pf_redundant == 0 && a.st.pf_useful == 5 && a.st.pf_late == 0 && a.st.pf_useless == 4,
        "a confirmed stride: %llu demand misses, %llu assist warps, %llu ended with awkill, %llu instructions (derived 3, 8, 2, 126); prefetches "
        "%llu issued, %llu redundant, %llu useful, %llu late, %llu useless (derived 9, 0, 5, 0, 4) %s",
        (unsigned long long)(a.st.l1_misses - a.st.pf_issued), (unsigned long long)a.st.assist_triggered, (unsigned long long)a.st.assist_awkill,
        (unsigned long long)a.st.assist_insns, (unsigned long long)a.st.pf_issued, (unsigned long long)a.st.pf_redundant,
        (unsigned long long)a.st.pf_useful, (unsigned long long)a.st.pf_late, (unsigned long long)a.st.pf_useless, a.err);
  result b = run_subr(1, uneven, "sp", 1, 1, NULL, "subroutines/prefetch/stride.s");
  CHECK(b.ok && b.st.l1_misses == 8 && b.st.assist_triggered == 8 && b.st.assist_awkill == 8 && b.st.assist_insns == 96 &&
        b.st.pf_issued == 0 && b.st.pf_redundant == 0,
        "no stride confirmed: %llu misses, %llu assist warps, all %llu ended with awkill, %llu instructions, %llu prefetches (derived 8, 8, 8, 96, 0) %s",
        (unsigned long long)b.st.l1_misses, (unsigned long long)b.st.assist_triggered, (unsigned long long)b.st.assist_awkill,
        (unsigned long long)b.st.assist_insns, (unsigned long long)(b.st.pf_issued + b.st.pf_redundant), b.err);
}

/* ---- a CTA keeps its shared memory while its assist warps run ---- */

/* One CTA of one warp per SM (sm_max_ctas = 1), 60 CTAs on 15 SMs: each SM
 * runs 4 one after another in the same slot.  A CTA first spins (a chain of
 * 64 dependent adds, 4 cycles each: 256 cycles), then stores its shared flag
 * to out[ctaid] and reaches L, where a low-priority subroutine starts that
 * spins longer (100 dependent adds: 400 cycles) and then sets the CTA's flag
 * (its .shared variable is the CTA's), while the warp returns at once.  The
 * flag starts at zero with each CTA, and only the CTA's own subroutine, which
 * starts after the CTA has read it, sets it: every out[i] is 0.  (Were the
 * slot given to the next CTA as soon as its warp returned, the subroutine
 * would set the next CTA's flag during its spin, and it would store 1.) */
static const char drain_text[] = HEAD
  ".shared .align 4 .u32 drain_flag;\n"
  ".visible .entry dk(.param .u64 out)\n{\n  .reg .pred %p;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<4>;\n"
  "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, 0;\n  mov.u32 %r2, 0;\n"
  "SPIN:\n  add.u32 %r1, %r1, 1;\n  add.u32 %r2, %r2, 1;\n  setp.lt.u32 %p, %r2, 32;\n  @%p bra SPIN;\n"
  "  ld.shared.u32 %r3, [drain_flag];\n  mov.u32 %r4, %ctaid.x;\n  mul.wide.u32 %rd2, %r4, 4;\n  add.u64 %rd3, %rd1, %rd2;\n"
  "  st.global.u32 [%rd3], %r3;\nL:\n  ret;\n}\n"
  ".subroutine late\n.priority low\n.trigger pc dk, L\n{\n  .reg .pred %q;\n  .reg .u32 %a, %i;\n  .reg .u64 %f;\n"
  "  mov.u32 %a, 0;\n  mov.u32 %i, 0;\nAGAIN:\n  add.u32 %a, %a, 1;\n  add.u32 %i, %i, 1;\n  setp.lt.u32 %q, %i, 100;\n  @%q bra AGAIN;\n"
  "  mov.u64 %f, drain_flag;\n  st.shared.u32 [%f], 1;\n  exit;\n}\n";

static void drain(void) {
  static const char *const sets[] = { "sm_max_ctas=1", NULL };
  result r = run(1, drain_text, "dk", 60, 32, sets), f = run(0, drain_text, "dk", 60, 32, sets);
  int zero = r.ok && f.ok;
  uint32_t bad = 0;
  for (uint32_t i = 0; zero && i < 60; i++) if ((uint32_t)(r.out[i / 2] >> (32 * (i & 1))) || (uint32_t)(f.out[i / 2] >> (32 * (i & 1)))) { zero = 0; bad = i; }
  CHECK(zero && r.st.assist_triggered == 60,
        "a CTA keeps its shared memory until its low-priority assist warp ends: every CTA read its flag as 0 (first not: %u), %llu assist warps (derived 60) %s%s",
        bad, (unsigned long long)r.st.assist_triggered, r.err, f.err);
}

/* ---- the packet link (mem_link packet) ---- */

/* STRIDE_TEXT's thread loads 8 words 1024 bytes apart, each after the one
 * before is back: 8 DRAM reads of one L2 sector, the block of compression
 * (128 bytes in caba-gtx480), each crossing an idle link as a packet of its
 * own: an 8-byte header, a 9-bit tag and 128 bytes: 64 + 9 + 1024 = 1097
 * bits; 8 packets, 8776 bits to the GPU, nothing to memory (no write leaves L2).
 * The link (link_bandwidth_scale 1) runs at the partition's DRAM peak, so a
 * read waits its DRAM time and then its link time: slower than with bursts. */
static void packet_link(void) {
  static const char text[] = STRIDE_TEXT("  add.u64 %rd4, %rd4, 1024;\n");
  static const char *const sets[] = { "mem_link=packet", NULL };
  result a = run(1, text, "sp", 1, 1, NULL), b = run(1, text, "sp", 1, 1, sets);
  CHECK(a.ok && b.ok && a.st.link_packets[0] == 0 && b.st.link_packets[0] == 8 && b.st.link_bits[0] == 8776 && b.st.link_packets[1] == 0 &&
        b.st.cycles > a.st.cycles,
        "packet link: %llu packets, %llu bits to the GPU (derived 8, 8776), %llu to memory (0); %llu cycles, %llu with bursts (derived: more) %s%s",
        (unsigned long long)b.st.link_packets[0], (unsigned long long)b.st.link_bits[0], (unsigned long long)b.st.link_packets[1],
        (unsigned long long)b.st.cycles, (unsigned long long)a.st.cycles, a.err, b.err);
}

/* ---- errors at load ---- */

static void load_error(const char *text, const char *want, const char *what) {
  aw_device *d = aw_device_new();
  char err[1024] = "";
  aw_module *m = aw_module_load_text(d, "bad.ptx", text, strlen(text), err, sizeof err);
  CHECK(!m && strstr(err, want), "%s: load fails with \"%s\" (got \"%s\")", what, want, err);
  aw_device_free(d);
}

static void errors(void) {
  load_error(PK ".subroutine s\n.priority high\n.trigger pc pk, L (%r1)\n.livein %a\n.liveout %b\n{\n  .reg .u32 %a, %b;\n  exit;\n}\n",
             "names 1 parent registers; the subroutine has 1 live-ins and 1 live-outs, so it needs 2", "too few bound registers");
  load_error(PK ".subroutine s\n.priority high\n.trigger pc pk, L (%r9)\n.livein %a\n{\n  .reg .u32 %a;\n  exit;\n}\n",
             "kernel 'pk' has no register %r9", "a bound register the kernel does not have");
  load_error(PK ".subroutine s\n.priority high\n.trigger pc pk, L (%rd1)\n.livein %a\n{\n  .reg .u32 %a;\n  exit;\n}\n",
             "%rd1 is 64 bits wide, the live-in it is bound to 32", "a register of another width");
  load_error(PK ".subroutine s\n.priority low\n.trigger pc pk, L (%r1, %r2)\n.livein %a\n.liveout %b\n{\n  .reg .u32 %a, %b;\n  exit;\n}\n",
             "a low-priority subroutine has live-outs", "live-outs of a low-priority subroutine");
  load_error(MEMO_TEXT("3") ".subroutine s\n.priority high\n.trigger pc mk, M (%r3, %r2) skip LOOP\n.livein %x\n.liveout %y\n.skipif %h\n{\n"
             "  .reg .u32 %x, %y;\n  .reg .pred %h;\n  exit;\n}\n",
             "skips to LOOP, which not every path from the trigger's point reaches", "a skip label the region does not lead to");
  load_error(MEMO_TEXT("3") ".subroutine s\n.priority low\n.trigger pc mk, M (%r3) skip E\n.livein %x\n.skipif %h\n{\n"
             "  .reg .u32 %x;\n  .reg .pred %h;\n  exit;\n}\n",
             "a low-priority subroutine skips lanes", "skip in a low-priority subroutine");
  load_error(MEMO_TEXT("3") ".subroutine s\n.priority high\n.trigger pc mk, M\n.skipif %h\n{\n  .reg .pred %h;\n  exit;\n}\n",
             ".skipif needs every trigger to be a 'pc' trigger with 'skip LABEL'", ".skipif without skip");
  /* the region M..E writes %r2, which E's store reads: without it among the live-outs, lanes that skip would store an old %r2 */
  load_error(MEMO_TEXT("3") ".subroutine s\n.priority high\n.trigger pc mk, M (%r3) skip E\n.livein %x\n.skipif %h\n{\n"
             "  .reg .u32 %x;\n  .reg .pred %h;\n  exit;\n}\n",
             "the region may write %r2, which the kernel may read after E, and it is not one of the trigger's live-outs", "a region's result that is not a live-out");
  load_error(MEMO_TEXT("3") ".subroutine s\n.priority high\n.trigger pc mk, E+40\n{\n  exit;\n}\n",
             "'E+40' is past the end of kernel 'mk'", "a label offset past the kernel's end");
}

/* Partial stores (CABA 5.2.2).  One warp; lane i stores word 0 of line i of a
 * zeroed 4 KiB buffer (the host's: 32 blocks compressed, encoding zeros),
 * then word 2 of the same line: 32 partial stores to compressed blocks, each
 * retrieved and decompressed by one assist warp (bdi_dec_zeros) and written
 * back whole.  The second store to each line issues a few cycles after the
 * first, while its line is still on its round trip to L2 and back (hundreds
 * of cycles: caba-gtx480's L2 hit latency alone is over 100), so it joins
 * that merge (its bytes go back with the merged line: the copy the paper
 * buffers in L1) instead of retrieving the line again (the code before did:
 * 64 merges; a naive transpose retrieved each line about 21 times).  Each
 * merged line is compressed again by a compression assist warp: 32 merges,
 * 32 joins, 32 decompressions, 32 compressions (the launch's one warp leaves
 * the SM idle: none is held back), each payload replacing its line in L2
 * (the merge wrote it there, dirty; nothing writes it since).  The warp then
 * spins 20000 times round a 3-instruction loop (at least 60000 cycles), long
 * past the compressions' few hundred cycles each: none is still at work when
 * the launch's work is done (it would be killed then, its block left
 * uncompressed: CABA 4.2.3).  A second launch (another module, the same
 * subroutines) reads word 0 of each line: 32 lines arrive compressed, 32
 * decompressions; then stores word 1 of each: 32 partial stores to compressed
 * blocks, 32 more merges (no join: one store a line), 32 more decompressions,
 * 32 more compressions.  Both kernels' results are the functional core's. */
#define PARTIAL_SPIN "  mov.u32 %r3, 0;\nSPIN:\n  add.u32 %r3, %r3, 1;\n  setp.lt.u32 %p1, %r3, 20000;\n  @%p1 bra SPIN;\n"
static const char partial_text[] = HEAD
  ".visible .entry ps(.param .u64 out)\n{\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n  .reg .pred %p<2>;\n"
  "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n  mul.wide.u32 %rd2, %r1, 128;\n  add.u64 %rd3, %rd1, %rd2;\n"
  "  add.u32 %r2, %r1, 1;\n  st.global.u32 [%rd3], %r2;\n  st.global.u32 [%rd3+8], %r2;\n" PARTIAL_SPIN "  ret;\n}\n"
  ".visible .entry rs(.param .u64 out)\n{\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n  .reg .pred %p<2>;\n"
  "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n  mul.wide.u32 %rd2, %r1, 128;\n  add.u64 %rd3, %rd1, %rd2;\n"
  "  ld.global.u32 %r2, [%rd3];\n  add.u32 %r3, %r2, 100;\n  st.global.u32 [%rd3+4], %r3;\n" PARTIAL_SPIN "  ret;\n}\n";

static void partial_in(const char *design) {
  char err[1024] = "", *text = NULL;
  aw_device *d = caba_device(design, &text, err, sizeof err);
  uint64_t buf = d ? aw_malloc(d, 4096) : 0;
  static uint8_t zero[4096];
  tm_stats a, b;
  int ok = d && aw_memcpy_htod(d, buf, zero, sizeof zero) == AW_OK;
  aw_module *m1 = ok ? aw_module_load_text(d, "ps.ptx", partial_text, strlen(partial_text), err, sizeof err) : NULL;
  aw_module *m2 = m1 ? aw_module_load_text(d, "rs.ptx", partial_text, strlen(partial_text), err, sizeof err) : NULL;
  uint8_t params[8];
  memcpy(params, &buf, 8);
  aw_fault f;
  memset(&f, 0, sizeof f);
  aw_dim3 one = { 1, 1, 1 }, bd = { 32, 1, 1 };
  const tm_stats *l;
  ok = m2 && aw_launch(d, m1, aw_kernel_find(m1, "ps"), one, bd, 0, params, sizeof params, &f) == AW_OK;
  if (ok) { aw_timing_launches(d, &l, NULL, NULL); a = l[0]; }
  ok = ok && aw_launch(d, m2, aw_kernel_find(m2, "rs"), one, bd, 0, params, sizeof params, &f) == AW_OK;
  if (ok) { aw_timing_launches(d, &l, NULL, NULL); b = l[1]; }
  uint32_t words[1024];
  int right = ok && aw_memcpy_dtoh(d, words, buf, sizeof words) == AW_OK;
  for (uint32_t i = 0; right && i < 32; i++)
    right = words[32 * i] == i + 1 && words[32 * i + 1] == i + 101 && words[32 * i + 2] == i + 1 && words[32 * i + 3] == 0;
  if (!ok) { if (!err[0]) aw_fault_format(&f, err, sizeof err); CHECK(0, "the partial-store test ran (%s): %s", design, err); }
  else
    CHECK(right && a.partial_merges == 32 && a.partial_joins == 32 && a.aw_started[TM_AW_DECOMPRESS] == 32 && a.aw_started[TM_AW_COMPRESS] == 32 &&
          a.pack_applied == 32 && a.pack_killed == 0 && b.aw_started[TM_AW_DECOMPRESS] == 64 && b.partial_merges == 32 && b.partial_joins == 0 &&
          b.aw_started[TM_AW_COMPRESS] == 32 && b.pack_applied == 32 && b.pack_killed == 0,
          "two partial stores to each of 32 compressed blocks: %llu merged, %llu joined a merge, %llu decompressions, %llu compressions, "
          "%llu applied in L2, %llu killed (derived 32 each, 0 killed); read back and written again by another module: %llu decompressions, "
          "%llu merges, %llu joins, %llu compressions, %llu applied, %llu killed (derived 64, 32, 0, 32, 32, 0); values right: %d",
          (unsigned long long)a.partial_merges, (unsigned long long)a.partial_joins, (unsigned long long)a.aw_started[TM_AW_DECOMPRESS],
          (unsigned long long)a.aw_started[TM_AW_COMPRESS], (unsigned long long)a.pack_applied, (unsigned long long)a.pack_killed,
          (unsigned long long)b.aw_started[TM_AW_DECOMPRESS], (unsigned long long)b.partial_merges, (unsigned long long)b.partial_joins,
          (unsigned long long)b.aw_started[TM_AW_COMPRESS], (unsigned long long)b.pack_applied, (unsigned long long)b.pack_killed, right);
  aw_device_free(d);
  free(text);
}

static void partial(void) { partial_in("design=caba"); }

/* A made-up algorithm, written only as subroutines (CABA 5.1.3: a new algorithm is new assist-warp
 * code): a 128-byte line of zeros becomes encoding 1 of 0 bytes; any other line stays as it is
 * (encoding 0: the compressor copies it to .lout).  No C codec knows it.  Its decompressor for
 * encoding 1, zero_dec, writes 4 zero bytes a lane: mov, shl, st.lout, exit, 4 warp instructions. */
static const char madeup_text[] =
  ".subroutine zero_compress\n.priority low\n.trigger compress line 128\n{\n"
  "  .reg .b32 %a, %w;\n  .reg .pred %z;\n"
  "  mov.u32 %a, %laneid;\n  shl.b32 %a, %a, 2;\n  ld.lin.u32 %w, [%a];\n  setp.eq.u32 %z, %w, 0;\n  awand.pred %z, %z;\n  @%z bra ZERO;\n"
  "  st.lout.u32 [%a], %w;\n  st.lmeta.u32 [0], 0;\n  st.lmeta.u32 [4], 128;\n  exit;\n"
  "ZERO:\n  st.lmeta.u32 [0], 1;\n  st.lmeta.u32 [4], 0;\n  exit;\n}\n"
  ".subroutine zero_dec\n.priority high\n.trigger decompress 1 line 128\n{\n"
  "  .reg .b32 %a;\n  mov.u32 %a, %laneid;\n  shl.b32 %a, %a, 2;\n  st.lout.u32 [%a], 0;\n  exit;\n}\n";

/* Thread i loads word 0 of line i of 'in' (and keeps it: no store, so DRAM sees the loads alone). */
static const char probe_text[] = HEAD
  ".visible .entry probe(.param .u64 in)\n{\n  .reg .b32 %r<5>;\n  .reg .b64 %rd<5>;\n"
  "  ld.param.u64 %rd1, [in];\n  mov.u32 %r1, %ctaid.x;\n  mov.u32 %r2, %ntid.x;\n  mov.u32 %r3, %tid.x;\n  mad.lo.u32 %r1, %r1, %r2, %r3;\n"
  "  mul.wide.u32 %rd2, %r1, 128;\n  add.u64 %rd3, %rd1, %rd2;\n  ld.global.u32 %r4, [%rd3];\n  ret;\n}\n";

/* The probe over 16384 lines (2 MiB), even lines zero and odd lines an LCG's words, under 'sets'
 * (NULL-ended KEY=VALUE pairs) with subroutines 'subr' (none when NULL); its statistics, or the
 * fault's text in err. */
static int probe_run(const char *const *sets, const char *subr, tm_stats *st, char *err, size_t cap) {
  enum { LINES = 16384 };
  static uint32_t words[LINES * 32];
  uint32_t x = 12345;
  for (uint32_t i = 0; i < LINES * 32; i++) { x = x * 1664525u + 1013904223u; words[i] = (i / 32) % 2 ? x | 1 : 0; }
  err[0] = 0;
  aw_device *d = aw_device_new();
  tm_config cfg;
  tm_config_defaults(&cfg);
  int ok = d && (!subr || !aw_add_subroutines(d, "madeup.s", subr, strlen(subr))) && !tm_config_load(&cfg, "caba-gtx480", err, cap);
  for (int i = 0; ok && sets[i]; i++) ok = !tm_config_set_pair(&cfg, sets[i], "test", err, cap);
  ok = ok && !tm_config_check(&cfg, err, cap) && !aw_set_timing(d, &cfg);
  uint64_t in = ok ? aw_malloc(d, sizeof words) : 0;
  ok = ok && in && aw_memcpy_htod(d, in, words, sizeof words) == AW_OK;
  aw_module *m = ok ? aw_module_load_text(d, "probe.ptx", probe_text, strlen(probe_text), err, cap) : NULL;
  uint8_t params[8];
  memcpy(params, &in, 8);
  aw_fault f;
  memset(&f, 0, sizeof f);
  aw_dim3 gd = { LINES / 256, 1, 1 }, bd = { 256, 1, 1 };
  ok = m && aw_launch(d, m, aw_kernel_find(m, "probe"), gd, bd, 0, params, sizeof params, &f) == AW_OK;
  if (ok) { const tm_stats *l; aw_timing_launches(d, &l, NULL, NULL); *st = l[0]; }
  else if (m) aw_fault_format(&f, err, cap);
  else if (!err[0]) snprintf(err, cap, "setup failed");
  aw_device_free(d);
  return ok;
}

/* Each of the 16384 lines is read from DRAM once (the probe touches each once, and each line's
 * fill covers it).  Under caba with the made-up subroutines the host's copy is stored as
 * zero_compress leaves it: 8192 zero lines of 0 bytes, 1 burst each (a payload takes one burst at
 * least), and 8192 others of 128 bytes, 4 bursts of 32 (MAG): 8192 + 32768 = 40960 bursts of data,
 * beside the metadata cache's lines (128 bytes: 4 bursts each).  The 8192 zero lines arrive at L1
 * compressed, each decompressed by one zero_dec assist warp of 4 instructions; the others need
 * none.  Ideal-BDI (no metadata, no assist warp) finds the same sizes on this data with the reference
 * codec (zeros: encoding 1, 0 bytes; the LCG's odd words fit no base and delta): 40960 bursts. */
static void madeup(void) {
  static const char *const caba_sets[] = { "design=caba", NULL }, *const ideal_sets[] = { "design=ideal", "compression=bdi", NULL };
  char err[1024];
  tm_stats c, i;
  memset(&c, 0, sizeof c);
  memset(&i, 0, sizeof i);
  int okc = probe_run(caba_sets, madeup_text, &c, err, sizeof err);
  CHECK(okc && c.dram_reads - c.md_reads == 16384 && c.dram_writes == c.md_writes && c.dram_bursts == 40960 + 4 * (c.md_reads + c.md_writes) &&
        c.aw_started[TM_AW_DECOMPRESS] == 8192 && c.aw_insns[TM_AW_DECOMPRESS] == 8192 * 4 && c.assist_triggered == 8192,
        "a made-up algorithm (zero lines to 0 bytes, the rest as they are) in subroutines alone, under caba: %llu data lines read (16384), "
        "%llu DRAM bursts = 40960 + 4 x %llu metadata lines; %llu decompressions of %llu instructions (8192, 8192 x 4), %llu assist warps%s%s",
        (unsigned long long)(c.dram_reads - c.md_reads), (unsigned long long)c.dram_bursts, (unsigned long long)(c.md_reads + c.md_writes),
        (unsigned long long)c.aw_started[TM_AW_DECOMPRESS], (unsigned long long)c.aw_insns[TM_AW_DECOMPRESS],
        (unsigned long long)c.assist_triggered, okc ? "" : ": ", okc ? "" : err);
  int oki = probe_run(ideal_sets, NULL, &i, err, sizeof err);
  CHECK(oki && i.dram_bursts == 40960 && i.dram_reads == 16384, "ideal-BDI on the same data: %llu bursts (40960), %llu lines read%s%s",
        (unsigned long long)i.dram_bursts, (unsigned long long)i.dram_reads, oki ? "" : ": ", oki ? "" : err);
  /* a wrong decompressor (zero_dec writing ones) is caught when the host's data is first stored:
   * the round trip of the first zero line names both subroutines and the byte */
  char bad[sizeof madeup_text];
  strcpy(bad, madeup_text);
  char *at = strstr(bad, "st.lout.u32 [%a], 0;");
  if (at) at[18] = '1';
  tm_stats w;
  int okw = at && probe_run(caba_sets, bad, &w, err, sizeof err);
  CHECK(at && !okw && strstr(err, "zero_compress") && strstr(err, "zero_dec") && strstr(err, "byte 0"),
        "a made-up decompressor with one wrong instruction is caught and named: %s", err);
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : NULL;
  if (!only || !strcmp(only, "preempt")) preempt();
  if (!only || !strcmp(only, "awkill")) awkill();
  if (!only || !strcmp(only, "low")) low();
  if (!only || !strcmp(only, "partition")) partition();
  if (!only || !strcmp(only, "throttle")) throttle();
  if (!only || !strcmp(only, "kill")) kill();
  if (!only || !strcmp(only, "predict")) { predictor(); predict_reads(); }
  if (!only || !strcmp(only, "state")) block_state();
  if (!only || !strcmp(only, "partial")) partial();
  if (!only || !strcmp(only, "miss")) miss();
  if (!only || !strcmp(only, "memo")) memo();
  if (!only || !strcmp(only, "keep")) keep();
  if (!only || !strcmp(only, "stride")) stride();
  if (!only || !strcmp(only, "link")) packet_link();
  if (!only || !strcmp(only, "drain")) drain();
  if (!only || !strcmp(only, "errors")) errors();
  if (!only || !strcmp(only, "madeup")) madeup();
  return check_failed ? 1 : 0;
}
