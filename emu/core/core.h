/* emu/core/core.h -- the steppable functional core: one warp instruction per call.
 *
 * Owns nothing new: it is the interface through which a driver runs the
 * functional executor (emu/core/).  The functional driver (aw_launch without a
 * timing config) runs one CTA at a time to completion; the timing driver
 * (emu/timing/) keeps many CTAs resident, asks for each warp's next
 * instruction, decides when it issues, and then executes it with emu_step.
 * Values are decided here only: the timing side reads what a step reports and
 * never changes what is computed.
 *
 * Contract: emu_cta_new, then for each CTA id emu_cta_start, emu_next /
 * emu_step on its warps (and emu_barrier_release when warps wait), then the
 * next emu_cta_start or emu_cta_free.  A step that faults records the fault
 * in the aw_fault given to emu_cta_new (kernel, CTA, warp, lane, pc, line).
 */
#ifndef AWEMU_CORE_H
#define AWEMU_CORE_H

#include "exec_int.h"

/* What one step did: the timing side's only view of an instruction. */
typedef struct emu_issue {
  const emu_insn *insn;
  uint32_t pc;                /* its index in the module's code */
  uint32_t mask;              /* the lanes of the warp's current stack entry */
  uint32_t active;            /* those that executed it (the guard applied) */
  /* memory instructions (ld, st, atom, red, prefetch): where each active lane went */
  uint8_t is_mem;
  uint8_t bytes;              /* bytes each lane moved (vectors: all elements) */
  uint8_t space[WARP];        /* ISA_SP_* per lane, generic addresses resolved */
  uint32_t spaces;            /* the spaces some active lane went to: bit ISA_SP_* */
  uint64_t addr[WARP];        /* per lane: the address within that space (global: the device address) */
  uint32_t sleep_ns;          /* a nanosleep with an active lane: the longest of their durations, at most 1 ms (set by it alone) */
} emu_issue;

enum {
  EMU_STEP_OK,                /* executed; the warp goes on */
  EMU_STEP_WAIT,              /* executed a barrier: the warp waits (emu_barrier_release) */
  EMU_STEP_DONE,              /* the warp has finished: nothing was executed */
  EMU_STEP_FAULT,             /* faulted: the launch ends */
  EMU_STEP_SPIN               /* executed a wait that failed (mbarrier.test_wait, try_wait): the warp
                                 spins until another arrives; a functional driver lets the others run */
};

/* A CTA runner for a launch of kernel 'kernel' (checked by the caller). */
cta *emu_cta_new(aw_device *d, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block, uint32_t dyn_shared,
                 const void *params, size_t param_bytes, aw_fault *f);
/* Binds c (made by emu_cta_new for the same module) to another launch, keeping
 * the memory it grew.  0, or -1 when out of memory (c is as before). */
int emu_cta_rebind(cta *c, int kernel, aw_dim3 grid, aw_dim3 block, uint32_t dyn_shared,
                   const void *params, size_t param_bytes, aw_fault *f);
/* Starts CTA 'id' in c: fresh warps, zeroed shared memory.  0, or -1 with a fault. */
int emu_cta_start(cta *c, aw_dim3 id);
void emu_cta_free(cta *c);
/* For a driver that places CTAs on SMs (the timing model): what CTA c's %smid, %nsmid and
 * %globaltimer (ns_per_clock nanoseconds per %clock tick) read from now. */
static inline void emu_cta_place(cta *c, uint32_t smid, uint32_t nsmid, double ns_per_clock) {
  c->smid = smid;
  c->nsmid = nsmid;
  c->ns_per_clock = ns_per_clock;
}

/* An assist-warp runner of module m: one warp of 32 lanes that runs a
 * subroutine on a line (.lin, .lout, .lmeta), stepped like a CTA's warps
 * (c->warps[0]).  emu_assist_start (re)starts it on subroutine function
 * 'func' and 'line' (kept by the caller until it finishes), its faults going
 * to f; 0, or -1 with a fault.  It carries out what the assist-warp controller
 * gives the warp at its start (isa/ISA.md, "The controller's hardware"):
 * .active's lanes, the .lanes and .lanemask registers (the latter from
 * line->in) and the .lastenc register (line->lastenc, which the caller sets);
 * the live-ins and kept registers loaded after it are other registers, so
 * they change none of these.  Free with emu_cta_free. */
cta *emu_assist_new(aw_device *d, aw_module *m, aw_fault *f);
/* parent: the CTA whose shared memory the assist warp's .shared variables are
 * (CABA 4.2.2: allocated with the parent's block); NULL: its own, zeroed. */
int emu_assist_start(cta *c, uint32_t func, aw_line *line, aw_fault *f, cta *parent);
/* The warp an assist warp started by emu_assist_start works for (warp 'wid' of block
 * 'parent', of the same module), named in its faults. */
void emu_assist_parent(cta *c, const cta *parent, uint32_t wid);
/* An assist warp that runs longer is a fault (a loop that never ends). */
#define EMU_ASSIST_MAX_INSNS 100000
/* A 'pc' trigger's subroutine, started in assist runner ac, takes its parent
 * warp pw's active mask (ANDed with the subroutine's .active) and the live-ins
 * of binding b. */
void emu_assist_livein(cta *ac, const warp *pw, const emu_pc_bind *b);
/* At its end: copies its live-outs into the parent's registers (its lanes
 * only; with .skipif, the lanes that skip, which then go on at the skip
 * label), unless it ended with awkill; returns 0, 1 when it was killed, -1
 * when a skip found no host memory (a fault of parent warp pw of CTA pc). */
int emu_assist_liveout(const cta *ac, cta *pc, warp *pw, const emu_pc_bind *b);
/* The lanes a finished 'pc ... skip' subroutine sends to its skip label (its
 * .skipif predicate in its parent's lanes; 0 after awkill): they get the
 * live-outs (emu_assist_liveout), the others run the region. */
uint32_t emu_assist_skips(const cta *ac, const emu_pc_bind *b);
/* Subroutine sr's kept registers (.keep), which stay with its parent warp pw
 * from one run to the next (zero at the warp's start): loaded into runner ac
 * at the start, saved back at exit or awkill.  No-ops for a subroutine
 * without .keep; -1 (out of host memory) from load only. */
int emu_assist_keep_load(cta *ac, warp *pw, uint32_t sr);
void emu_assist_keep_save(const cta *ac, warp *pw, uint32_t sr);

/* For a driver that may go long without executing an instruction (the timing
 * model between instructions): what stops the launch now (an interrupt, the
 * time limit), or NULL. */
const char *emu_time_limits(aw_device *d);

/* The instruction warp w issues next, or NULL when it has finished (its state
 * becomes W_DONE) or when control ran past its function's end (its state is
 * not W_DONE: emu_step records that fault).  Pops reconverged stack entries,
 * which changes nothing that any instruction can observe; lanes of an
 * .autoend subroutine that reached its end end there (as at 'exit', taking no
 * instruction), and when none is left it returns NULL with W_DONE. */
const emu_insn *emu_next(cta *c, warp *w);
/* Asks the host's caches for what warp w's next emu_next and emu_step read
 * first (its state, the top of its stack and its frame) and for the register
 * slots src[0..nsrc) and dst[0..ndst) of its current frame, which an
 * instruction will soon read and write.  A hint: it changes nothing. */
void emu_prefetch(const warp *w, const uint32_t *src, uint32_t nsrc, const uint32_t *dst, uint32_t ndst);
/* Executes warp w's next instruction and describes it in *out (when not NULL). */
int emu_step(cta *c, warp *w, emu_issue *out);
/* For a driver that keeps time (the timing model): emu_step at 'cycle', what %clock reads
 * then; the warp has then left the instruction whose 'pc' trigger it set off (emu_fire).
 * emu_step_assist: an assist warp's step, which counts in none of the device's statistics
 * (its instructions are not the launch's; the driver counts them). */
int emu_step_at(cta *c, warp *w, emu_issue *out, uint64_t cycle);
int emu_step_assist(cta *c, warp *w, emu_issue *out, uint64_t cycle);
/* 'pc' triggers, for a driver that starts their subroutines itself: whether warp w, arriving
 * at pc, has set off the trigger there already (it runs the instruction there next, without
 * setting it off again: emu_fire says it has, the next step clears it). */
static inline int emu_fired(const warp *w, uint32_t pc) { return w->fired == pc + 1; }
static inline void emu_fire(warp *w, uint32_t pc) { w->fired = pc + 1; }
/* When every warp of c that has not finished waits at a barrier: releases
 * them (1), or, when they wait at different barriers, records a deadlock
 * fault (-1).  0 when some live warp does not wait. */
int emu_barrier_release(cta *c);
/* For a driver that steps warps one at a time: warp w's step returned
 * EMU_STEP_SPIN.  When every warp of c that is not finished or at a barrier
 * has spun in each of as many rounds as the functional driver allows, with
 * no mbarrier object of c changing since, c is deadlocked: records the same
 * fault as the functional driver (-1).  Else 0. */
int emu_spin_watch(cta *c, warp *w);
/* Whether warp w's last mbarrier wait failed (as emu_spin_watch was told) and
 * no mbarrier object of c has changed since: it spins, waiting for another warp. */
int emu_spinning(const cta *c, const warp *w);

#endif
