/* emu/core/step.c -- the step's parts off its fast path and the steppable core's entries
 * (core.h): the family of each opcode, the control family, the trace, the launch's limits
 * (instructions, wall-clock time, interrupts), an .autoend subroutine's end, and
 * emu_next, emu_step, emu_prefetch for a driver that steps warps one at a time.
 */
#include "step.h"
#include "../../isa/disasm.h"

#include <time.h>

/* ---- the families ---- */

emu_exec_fn *const emu_exec[ISA_OP_COUNT] = {
#define OP(id, name, unit, family, lat, ii, flags, ntypes, t0, t1, cats, fl, shape, syn) [ISA_OP_##id] = EXEC_##family,
#define EXEC_X_ARITH emu_exec_arith
#define EXEC_X_SFU emu_exec_sfu
#define EXEC_X_BITS emu_exec_bits
#define EXEC_X_INTOPS emu_exec_intops
#define EXEC_X_CMP emu_exec_cmp
#define EXEC_X_MOVE emu_exec_move
#define EXEC_X_MEM emu_exec_mem
#define EXEC_X_STACK emu_exec_stack
#define EXEC_X_WARP emu_exec_warp
#define EXEC_X_SYNC emu_exec_sync
#define EXEC_X_CTRL emu_exec_ctrl
#define EXEC_X_ASYNC emu_exec_async
#define EXEC_X_TENSOR emu_exec_tensor
#include "../../isa/opcodes.def"
#undef OP
};

/* The control family: what the step leaves to it (bra, call, ret and exit are the step's
 * own, and an assist warp's awmask and awkill). */
int emu_exec_ctrl(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  switch (in->op) {
  /* trap: abort the kernel with an error */
  case ISA_OP_TRAP:
    emu_fault(c, w, pc, (uint32_t)__builtin_ctz(active), 0, 0, "trap instruction executed");
    return -1;
  /* brkpt: stop in the debugger */
  case ISA_OP_BRKPT:
    return 0;   /* no effect on results */
  /* pmevent: signal performance-monitor event a (.mask: the events of mask a); no effect on results */
  case ISA_OP_PMEVENT:
    return 0;
  /* awmask: active mask = a & the lanes that have not exited
   * awkill: end the assist warp at once; live-outs are not copied back */
  case ISA_OP_AWMASK: case ISA_OP_AWKILL:   /* the step's own in assist warps */
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is only valid in an assist warp", isa_ops[in->op].name);
    return -1;
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "internal: %s reached emu_exec_ctrl", isa_ops[in->op].name);
    return -1;
  }
}

/* ---- the trace and the limits ---- */

void emu_trace(cta *c, warp *w, uint32_t pc, uint32_t mask, uint32_t active) {
  const emu_insn *in = &c->m->code[pc];
  const isa_image *img = &c->m->img;
  const isa_func *fn = &img->funcs[in->func];
  isa_insn d;
  const char *why;
  char text[1024] = "?";
  if (isa_decode(img->code + fn->code_off + in->word, fn->code_words - in->word, &d, &why))
    isa_dis_insn(img, in->func, &d, text, sizeof text);
  fprintf(c->d->trace, "cta %u,%u,%u warp %u pc %u mask %08x", c->cta.x, c->cta.y, c->cta.z, w->id,
          pc - c->m->funcs[in->func].first_pc, mask);
  if (in->guard) fprintf(c->d->trace, " guard %08x", active);
  fprintf(c->d->trace, "  %s\n", text);
}

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* How many warp instructions run between two looks at the clock and the
 * interrupt flag: about a millisecond. */
#define CHECK_EVERY 65536u

/* Sets d->check_at to the instruction count at which the next look is due. */
static void schedule_check(aw_device *d) {
  uint64_t next = d->stats.warp_insns + CHECK_EVERY;
  if (d->insn_limit && d->insn_limit + 1 < next) next = d->insn_limit + 1;
  d->check_at = next;
}

/* Appends "0-3, 6" (the warps of c whose state is 'state') to buf at *n;
 * returns how many there are. */
static uint32_t warp_list(const cta *c, int state, char *buf, size_t cap, size_t *n) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    if (c->warps[i].state != state) continue;
    uint32_t j = i;   /* a run i..j of such warps */
    while (j + 1 < c->nwarps && c->warps[j + 1].state == state) j++;
    count += j - i + 1;
    if (*n < cap) {
      int k = j > i ? snprintf(buf + *n, cap - *n, "%s%u-%u", *n ? ", " : "", i, j) : snprintf(buf + *n, cap - *n, "%s%u", *n ? ", " : "", i);
      if (k > 0) *n += (size_t)k;
    }
    i = j;
  }
  return count;
}

/* When a launch stops (a limit, an interrupt) while some warps of the CTA
 * wait at a barrier, the fault says so: "; warps 0-3 wait at the barrier at
 * pc P (file:line) while warp 4 runs on".  Empty otherwise. */
static void barrier_note(const cta *c, char *note, size_t cap) {
  note[0] = 0;
  const warp *first = NULL;
  int same = 1;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    const warp *x = &c->warps[i];
    if (x->state != W_BARRIER || !x->sp) continue;
    if (!first) first = x;
    else if (x->stack[x->sp - 1].pc != first->stack[first->sp - 1].pc) same = 0;
  }
  if (!first) return;
  char waiting[96] = "", running[96] = "";
  size_t nw = 0, nr = 0;
  uint32_t cw = warp_list(c, W_BARRIER, waiting, sizeof waiting, &nw);
  uint32_t cr = warp_list(c, W_READY, running, sizeof running, &nr);
  uint32_t bpc = first->stack[first->sp - 1].pc - 1;   /* a waiting warp's pc is past its bar */
  const emu_insn *in = &c->m->code[bpc];
  const isa_image *img = &c->m->img;
  const isa_line *ln = &img->lines[in->line];
  char where[320];
  int k = snprintf(where, sizeof where, "pc %u", bpc - c->m->funcs[in->func].first_pc);
  if (ln->file && k > 0) snprintf(where + k, sizeof where - (size_t)k, " (%s:%u)", isa_str(img, img->files[ln->file - 1]), ln->line);
  char at[400];
  if (same) snprintf(at, sizeof at, "the barrier at %s", where);
  else snprintf(at, sizeof at, "barriers (warp %u at %s)", first->id, where);
  snprintf(note, cap, "; warp%s %s wait%s at %s while warp%s %s run%s on",
           cw > 1 ? "s" : "", waiting, cw > 1 ? "" : "s", at, cr > 1 ? "s" : "", running, cr > 1 ? "" : "s");
}

/* The slow path of the per-instruction check: faults and returns 1 when the
 * launch has run past the instruction limit or the time limit, or was
 * interrupted; else schedules the next check and returns 0.  w is NULL
 * between CTAs. */
int emu_limits_reached(cta *c, warp *w, uint32_t pc) {
  aw_device *d = c->d;
  const char *what = NULL;
  char limit[256];
  if (d->interrupted) what = "interrupted";
  else if (d->insn_limit && d->stats.warp_insns > d->insn_limit) {
    snprintf(limit, sizeof limit, "instruction limit reached: more than %llu warp instructions (%s)", (unsigned long long)d->insn_limit, d->insn_hint);
    what = limit;
  } else if (d->time_limit > 0 && now_seconds() - d->started > d->time_limit) {
    snprintf(limit, sizeof limit, "time limit reached: the launch ran more than %g s (%s)", d->time_limit, d->time_hint);
    what = limit;
  }
  if (what) {
    char note[512] = "";
    if (w) barrier_note(c, note, sizeof note);
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "%s%s", what, note);
    return 1;
  }
  schedule_check(d);
  return 0;
}

const char *emu_time_limits(aw_device *d) {
  if (d->interrupted) return "interrupted";
  if (d->time_limit > 0 && now_seconds() - d->started > d->time_limit) {
    snprintf(d->time_msg, sizeof d->time_msg, "time limit reached (%s)", d->time_hint);
    return d->time_msg;
  }
  return NULL;
}

/* Starts the limits of a launch or subroutine run: counts from zero, the clock from now. */
void emu_limits_start(aw_device *d) {
  d->interrupted = 0;
  d->started = now_seconds();
  schedule_check(d);
}

/* ---- the step's entries ---- */

/* Control of warp w's current stack entry has reached the end of its
 * function: when that is an .autoend subroutine (in the subroutine's own
 * frame), the assist-warp controller ends those lanes there as 'exit' would
 * (live-outs go back at the warp's end as after exit) and 1 is returned; else
 * 0 (the caller faults: "control ran past the end of the function"). */
__attribute__((noinline, cold)) int emu_autoend(cta *c, warp *w) {
  const aw_module *m = c->m;
  uint32_t s = w->nframes == 1 ? m->func_subr[w->frames[0].func] : 0;
  if (!s || !(m->img.subrs[s - 1].flags & ISA_SUBR_AUTOEND)) return 0;
  uint32_t lanes = w->stack[w->sp - 1].mask;
  w->alive &= ~lanes;
  emu_lanes_leave(w, lanes, 1);
  return 1;
}

void emu_prefetch(const warp *w, const uint32_t *src, uint32_t nsrc, const uint32_t *dst, uint32_t ndst) {
  __builtin_prefetch(w, 1);
  if (w->sp) __builtin_prefetch(&w->stack[w->sp - 1], 1);
  if (!w->nframes) return;
  __builtin_prefetch(&w->frames[w->nframes - 1], 0);
  const uint64_t *regs = w->frames[w->nframes - 1].regs;
  for (uint32_t i = 0; i < nsrc; i++)   /* a slot is 32 lanes of 8 bytes: four 64-byte lines */
    for (uint32_t b = 0; b < WARP * 8; b += 64) __builtin_prefetch((const char *)&regs[(size_t)src[i] * WARP] + b, 0);
  for (uint32_t i = 0; i < ndst; i++)
    for (uint32_t b = 0; b < WARP * 8; b += 64) __builtin_prefetch((const char *)&regs[(size_t)dst[i] * WARP] + b, 1);
}

const emu_insn *emu_next(cta *c, warp *w) {
  for (;;) {
    if (w->state == W_DONE || emu_settle(c, w)) return NULL;
    uint32_t pc = w->stack[w->sp - 1].pc;
    const emu_func *cur = &c->m->funcs[w->frames[w->nframes - 1].func];
    if (pc - cur->first_pc < cur->ninsn) return &c->m->code[pc];
    if (!emu_autoend(c, w)) return NULL;   /* past its function's end: emu_step faults */
  }
}

int emu_step(cta *c, warp *w, emu_issue *out) {
  c->issue = out;
  int r = step(c, w, out);
  c->issue = NULL;
  return r;
}

int emu_step_at(cta *c, warp *w, emu_issue *out, uint64_t cycle) {
  w->clock = cycle - 1;   /* (the step adds one) */
  c->issue = out;
  int r = step(c, w, out);
  c->issue = NULL;
  w->fired = 0;   /* it has left the instruction whose 'pc' trigger it set off */
  return r;
}

int emu_step_assist(cta *c, warp *w, emu_issue *out, uint64_t cycle) {
  aw_stats saved = c->d->stats;
  int r = emu_step_at(c, w, out, cycle);
  c->d->stats = saved;
  return r;
}
