/* emu/core/stack.c -- a warp's reconvergence (SIMT) stack and its call frames: entries pushed
 * at divergent branches and calls, frames of registers and local memory within the frame
 * budget (aw_set_frame_limit), buffers kept across frames and CTAs, and lanes that leave.
 */
#include "core_int.h"

#include <stdlib.h>
#include <string.h>

/* Pushes a reconvergence entry; faults (at pc) and returns -1 when the host
 * has no memory for a larger stack. */
int emu_push(cta *c, warp *w, uint32_t at, uint32_t pc, uint32_t rpc, uint32_t mask, uint32_t is_call) {
  if (w->sp == w->cap) {
    uint32_t cap = w->cap ? w->cap * 2 : 16;
    simt_entry *s = cap > w->cap ? realloc(w->stack, (size_t)cap * sizeof *w->stack) : NULL;
    if (!s) { emu_fault(c, w, at, EMU_ANYLANE, 0, 0, "out of host memory growing the SIMT stack to %u entries", cap); return -1; }
    w->stack = s;
    w->cap = cap;
  }
  simt_entry *e = &w->stack[w->sp++];
  e->pc = pc; e->rpc = rpc; e->mask = mask; e->is_call = is_call;
  return 0;
}

/* Grows every lane's local memory to 'top' bytes (within the frame budget,
 * which push_frame checked). */
int emu_ensure_local(cta *c, warp *w, uint32_t top, uint32_t pc) {
  if (!top) return 0;   /* (a function without local memory, at the bottom of the stack: the common case) */
  for (int l = 0; l < WARP; l++) {
    if (w->local_cap[l] >= top) continue;
    uint32_t cap = w->local_cap[l] ? w->local_cap[l] : 256;
    while (cap < top) cap *= 2;
    uint8_t *p = realloc(w->local[l], cap);
    if (!p) { emu_fault(c, w, pc, (uint32_t)l, 0, 0, "out of host memory growing local memory to %u bytes per thread", cap); return -1; }
    memset(p + w->local_cap[l], 0, cap - w->local_cap[l]);
    w->local[l] = p;
    w->local_cap[l] = cap;
  }
  return 0;
}

/* Pushes a frame for 'func', called at call_pc (the kernel's first pc for
 * the kernel's own frame).  Faults and returns -1 when the call would pass
 * the warp's budget (aw_set_frame_limit) or the host has no memory. */
/* Frame f's registers (need slots) as a new frame starts in a reused buffer:
 * the runs of zf zeroed; with AWEMU_POISON_REGS set every other slot filled
 * with 0xa5 bytes instead of keeping an earlier frame's values, so a read the
 * load-time analysis (emu_zero) missed shows. */
static __attribute__((noinline)) void zero_frame(frame *f, const emu_zero *zf, uint32_t need) {
  static int poison = -1;
  if (poison < 0) { const char *e = getenv("AWEMU_POISON_REGS"); poison = e && *e && strcmp(e, "0"); }
  if (poison) for (size_t i = 0; i < (size_t)need * WARP; i++) f->regs[i] = 0xa5a5a5a5a5a5a5a5ull;
  for (uint32_t k = 0; k < zf->nruns; k++) memset(&f->regs[(size_t)zf->runs[2 * k] * WARP], 0, (size_t)zf->runs[2 * k + 1] * WARP * sizeof(uint64_t));
}

int emu_push_frame(cta *c, warp *w, uint32_t func, uint32_t call_pc) {
  const emu_func *ef = &c->m->funcs[func];
  aw_device *d = c->d;
  uint32_t need = ef->nslots ? ef->nslots : 1;
  if (w->nframes > d->max_calls) {   /* the kernel's frame and max_calls nested calls exist */
    emu_fault(c, w, call_pc, EMU_ANYLANE, 0, 0, "call depth limit reached: %u nested calls (at most %u per warp)", w->nframes, d->max_calls);
    return -1;
  }
  uint32_t base = (w->local_top + 15) & ~15u;
  uint64_t bytes = w->reg_bytes + (uint64_t)need * 8 + base + ef->frame_bytes;
  if (bytes > d->max_frame_bytes) {
    emu_fault(c, w, call_pc, EMU_ANYLANE, 0, 0, "call stack limit reached: %u nested calls need %llu bytes per thread of registers and local memory (at most %u)",
          w->nframes, (unsigned long long)bytes, d->max_frame_bytes);
    return -1;
  }
  if (w->nframes == w->capf) {
    uint32_t capf = w->capf ? w->capf * 2 : 4;
    frame *fr = realloc(w->frames, (size_t)capf * sizeof *w->frames);
    if (!fr) { emu_fault(c, w, call_pc, EMU_ANYLANE, 0, 0, "out of host memory growing the call stack to %u frames", capf); return -1; }
    w->frames = fr;
    w->capf = capf;
  }
  if (w->nframes == w->nbuilt) { memset(&w->frames[w->nframes], 0, sizeof *w->frames); w->nbuilt++; }
  frame *f = &w->frames[w->nframes];
  int fresh = 0;   /* a new buffer comes zeroed */
  if (f->cap_slots < need) {   /* buffers are reused by later frames and CTAs: no allocation per CTA */
    free(f->regs);
    fresh = 1;
    f->regs = calloc((size_t)need * WARP, sizeof(uint64_t));
    if (!f->regs) {
      f->cap_slots = 0;
      emu_fault(c, w, call_pc, EMU_ANYLANE, 0, 0, "out of host memory for the %u registers of a call frame (%u nested calls)", need, w->nframes);
      return -1;
    }
    f->cap_slots = need;
  }
  if (emu_ensure_local(c, w, base + ef->frame_bytes, call_pc)) return -1;
  f->func = func;
  f->call_pc = call_pc;
  if (!fresh) {   /* a buffer an earlier frame used: what may be read before it is written starts at zero */
    const emu_zero *zf = c->m->fzero ? &c->m->fzero[func] : NULL;
    if (!zf || !zf->runs || d->hook) memset(f->regs, 0, (size_t)need * WARP * sizeof(uint64_t));   /* (the debugger shows every register) */
    else zero_frame(f, zf, need);
  }
  f->slot_mask = ef->slot_mask;
  f->local_base = base;
  f->caller_top = w->local_top;
  if (ef->frame_bytes) for (int l = 0; l < WARP; l++) memset(w->local[l] + f->local_base, 0, ef->frame_bytes);
  w->local_top = f->local_base + ef->frame_bytes;
  w->reg_bytes += (uint64_t)need * 8;
  w->nframes++;
  return 0;
}

void emu_pop_frame(cta *c, warp *w) {
  frame *f = &w->frames[--w->nframes];
  const emu_func *ef = &c->m->funcs[f->func];
  w->reg_bytes -= (uint64_t)(ef->nslots ? ef->nslots : 1) * 8;
  w->local_top = f->caller_top;   /* exactly where it was: stacksave after a call gives what it gave before */
}

/* Lanes leave for good (exit) or leave the current function (ret). */
void emu_lanes_leave(warp *w, uint32_t lanes, int whole_stack) {
  for (uint32_t i = w->sp; i-- > 0;) {
    if (!whole_stack && w->stack[i].is_call) break;   /* returning lanes wait in the call entry */
    w->stack[i].mask &= ~lanes;
  }
}
