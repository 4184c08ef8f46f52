/* emu/core/step.h -- one warp instruction: the step, inlined into its two callers, the
 * functional driver's loop (run.c) and emu_step (step.c), which the timing model calls.
 *
 * The step pops what the warp is done with, checks the debugger's hook, applies the guard,
 * counts the instruction, checks the launch's limits, executes the SIMT stack's own control
 * flow (bra, exit, ret, call, and an assist warp's awmask and awkill) and sends every other
 * instruction to its family (emu_exec, from opcodes.def's FAMILY column).
 */
#ifndef AWEMU_STEP_H
#define AWEMU_STEP_H

#include "lanes.h"

/* Executes warp w's next instruction: EMU_STEP_OK, EMU_STEP_WAIT (it executed
 * a barrier), EMU_STEP_DONE (it has finished; nothing executed) or
 * EMU_STEP_FAULT.  'out', when not NULL, is told what the instruction did
 * (emu_step); the functional driver passes NULL and the compiler drops the
 * reporting. */
static int step_on(cta *c, warp *w, emu_issue *out);
static inline __attribute__((always_inline)) int step(cta *c, warp *w, emu_issue *out) {
  aw_device *d = c->d;
  if (emu_settle(c, w)) return EMU_STEP_DONE;
  simt_entry *e = &w->stack[w->sp - 1];
  uint32_t pc = e->pc;
  const emu_func *cur = &c->m->funcs[w->frames[w->nframes - 1].func];
  if (pc - cur->first_pc >= cur->ninsn) {
    if (emu_autoend(c, w)) return step_on(c, w, out);   /* an .autoend subroutine's lanes ended there; the rest go on */
    emu_fault(c, w, cur->ninsn ? cur->first_pc + cur->ninsn - 1 : cur->first_pc, EMU_ANYLANE, 0, 0, "control ran past the end of the function");
    return EMU_STEP_FAULT;
  }
  if (d->hook && d->hook(d->hook_ctx, EMU_EV_INSN, c, w, pc)) {
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "killed by the debugger");
    return EMU_STEP_FAULT;
  }
  const emu_insn *in = &c->m->code[pc];
  uint32_t active = e->mask;
  if (in->guard) {
    const uint64_t *g = &w->frames[w->nframes - 1].regs[(size_t)in->guard_reg * WARP];
    active &= pred_mask(g, in->guard == 2);
  }
  if (out) {
    out->insn = in; out->pc = pc; out->mask = e->mask; out->active = active; out->is_mem = 0;
  }
  if (d->trace) emu_trace(c, w, pc, e->mask, active);
  d->stats.warp_insns++;
  d->stats.thread_insns += (uint64_t)emu_popc32(active);
  w->clock++;
  if (d->stats.warp_insns >= d->check_at && emu_limits_reached(c, w, pc)) {
    d->stats.warp_insns--;   /* it did not execute: the limit's count is what ran (the timing model's agrees) */
    d->stats.thread_insns -= (uint64_t)emu_popc32(active);
    return EMU_STEP_FAULT;
  }
  switch (in->op) {
  /* bra: pc = a */
  case ISA_OP_BRA: {
    d->stats.branches++;
    uint32_t taken = active, nt = e->mask & ~active;
    if (!nt) { e->pc = in->target; return EMU_STEP_OK; }
    if (!taken) { e->pc = pc + 1; return EMU_STEP_OK; }
    d->stats.divergent_branches++;
    uint32_t r = in->rpc;
    if (r == e->rpc) { e->pc = pc + 1; e->mask = nt; }
    else { e->pc = r; if (emu_push(c, w, pc, pc + 1, r, nt, 0)) return EMU_STEP_FAULT; }
    if (emu_push(c, w, pc, in->target, r, taken, 0)) return EMU_STEP_FAULT;
    return EMU_STEP_OK;
  }
  /* exit: end the thread (in a subroutine: end the assist warp, copying live-outs) */
  case ISA_OP_EXIT:
    w->alive &= ~active;
    emu_lanes_leave(w, active, 1);
    if (!active) e->pc = pc + 1;
    else if (e->mask) e->pc = pc + 1;
    return EMU_STEP_OK;
  /* ret: return from a function */
  case ISA_OP_RET:
    if (w->nframes == 1) { w->alive &= ~active; emu_lanes_leave(w, active, 1); }
    else emu_lanes_leave(w, active, 0);
    e = &w->stack[w->sp - 1];
    if (e->mask) e->pc = pc + 1;
    return EMU_STEP_OK;
  case ISA_OP_AWMASK:
    if (!c->line) break;
    if (active) {
      const uint64_t *v = emu_src(c, w, &in->o[0], c->scratch[0]);
      e->mask = (uint32_t)v[__builtin_ctz(active)] & w->alive;
    }
    e->pc = pc + 1;
    return EMU_STEP_OK;
  case ISA_OP_AWKILL:
    if (!c->line) break;
    if (active) { w->alive = 0; w->killed = 1; for (uint32_t i = 0; i < w->sp; i++) w->stack[i].mask = 0; }
    else e->pc = pc + 1;
    return EMU_STEP_OK;
  /* call: call a function, passing .param variables */
  case ISA_OP_CALL:
    if (!active) { e->pc = pc + 1; return EMU_STEP_OK; }
    return emu_exec_call(c, w, pc, in, active) < 0 ? EMU_STEP_FAULT : EMU_STEP_OK;
  default:
    break;
  }
  if (!active) { e->pc = pc + 1; return EMU_STEP_OK; }
  int r = emu_exec[in->op](c, w, pc, in, active);   /* the instruction's family (opcodes.def) */
  if (r < 0) return EMU_STEP_FAULT;
  e = &w->stack[w->sp - 1];
  e->pc = pc + 1;
  return r == 2 ? EMU_STEP_WAIT : r == 3 ? EMU_STEP_SPIN : EMU_STEP_OK;
}

/* step, after an .autoend subroutine's lanes ended at its end without an
 * instruction: the warp's next instruction, from the lanes left (off the
 * interpreter's fast path). */
static __attribute__((noinline)) int step_on(cta *c, warp *w, emu_issue *out) { return step(c, w, out); }

#endif
