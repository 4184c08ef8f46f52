/* emu/core/call.c -- calls: a callee's frame with its .param arguments copied in, the return
 * values copied back when every lane has returned, and vprintf, the external function nvcc
 * calls for device printf (printf.c formats it).
 */
#include "lanes.h"

#include <stdlib.h>

/* Copies 'bytes' between a call-list element (a .param variable of the
 * caller's frame, or a register) and a parameter of the callee's frame. */
static void copy_param(cta *c, warp *w, frame *caller, const emu_opnd *e, uint32_t callee_base, uint32_t var,
                       uint32_t bytes, int to_callee, uint32_t mask) {
  uint32_t off = callee_base + c->m->var_off[var];
  for (int l = 0; l < WARP; l++) {
    if (!(mask >> l & 1)) continue;
    uint8_t *cp = w->local[l] + off;
    if (e->kind == OK_SYM) {
      uint8_t *rp = w->local[l] + caller->local_base + c->m->var_off[e->reg];
      if (to_callee) memcpy(cp, rp, bytes); else memcpy(rp, cp, bytes);
    } else if (e->kind == OK_REG) {
      uint64_t *r = &caller->regs[(size_t)e->reg * WARP + l];
      if (to_callee) store_value(cp, *r, bytes > 8 ? 8 : bytes);
      else *r = load_value(cp, bytes > 8 ? 8 : bytes) & caller->slot_mask[e->reg];
    }
  }
}

/* The value of call-list element e (a .param variable of the caller's frame, or a register) in lane l. */
static uint64_t elem_value(cta *c, warp *w, const frame *caller, const emu_opnd *e, uint32_t l, uint32_t bytes) {
  if (e->kind == OK_SYM) return load_value(w->local[l] + caller->local_base + c->m->var_off[e->reg], bytes > 8 ? 8 : bytes);
  if (e->kind == OK_REG) return caller->regs[(size_t)e->reg * WARP + l];
  return 0;
}
/* Sets call-list element e to the 'bytes'-byte value v in lane l. */
static void elem_set(cta *c, warp *w, frame *caller, const emu_opnd *e, uint32_t l, uint64_t v, uint32_t bytes) {
  if (e->kind == OK_SYM) store_value(w->local[l] + caller->local_base + c->m->var_off[e->reg], v, bytes > 8 ? 8 : bytes);
  else if (e->kind == OK_REG) caller->regs[(size_t)e->reg * WARP + l] = v & caller->slot_mask[e->reg];
}

/* vprintf(fmt, args), the external function nvcc calls for device printf
 * (printf.c): each active lane, in lane order, writes its text whole; the
 * return value is the number of arguments its format took. */
static int exec_vprintf(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  const emu_opnd *rets = in->o[0].kind == OK_LIST ? &in->o[0] : NULL, *args = NULL;
  for (unsigned i = 1; i < in->nopnd; i++) if (in->o[i].kind == OK_LIST) args = &in->o[i];
  if (!args || args->nelem != 2) { emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "call to vprintf with %u arguments (its prototype takes the format and the argument buffer)", args ? args->nelem : 0); return -1; }
  frame *caller = &w->frames[w->nframes - 1];
  for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
    uint64_t fmt = elem_value(c, w, caller, &c->m->elems[args->elem_first], l, 8);
    uint64_t buf = elem_value(c, w, caller, &c->m->elems[args->elem_first + 1], l, 8);
    char *text, why[400];
    size_t len;
    uint64_t bad = 0;
    int n = emu_printf(c, w, l, fmt, buf, &text, &len, why, sizeof why, &bad);
    if (n == -2) { emu_fault(c, w, pc, l, bad != 0, bad, "%s", why); return -1; }
    if (text) {
      uint64_t cta_id = c->cta.x + (uint64_t)c->grid.x * (c->cta.y + (uint64_t)c->grid.y * c->cta.z);
      int kept = emu_print_keep(c->d, cta_id, w->id * WARP + l, text, len);
      free(text);
      if (kept) { emu_fault(c, w, pc, l, 0, 0, "out of host memory for printf's output"); return -1; }
    }
    if (rets && rets->nelem) elem_set(c, w, caller, &c->m->elems[rets->elem_first], l, (uint64_t)(uint32_t)n, 4);
  }
  return 0;
}

int emu_exec_call(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint32_t callee = in->target;
  const isa_func *fn = &c->m->img.funcs[callee];
  if (!fn->has_body && fn->nparam == 2 && fn->nret <= 1 && !strcmp(isa_str(&c->m->img, fn->name), "vprintf")) {
    if (exec_vprintf(c, w, pc, in, active)) return -1;
    w->stack[w->sp - 1].pc = pc + 1;   /* no frame: the warp goes on after the call */
    return 0;
  }
  if (!fn->has_body) { emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "call to %s, which has no body in this module", isa_str(&c->m->img, fn->name)); return -1; }
  uint32_t caller_index = w->nframes - 1;
  if (emu_push_frame(c, w, callee, pc)) return -1;
  frame *caller = &w->frames[caller_index], *cf = &w->frames[w->nframes - 1];
  for (unsigned i = 0; i < in->nopnd; i++) {
    const emu_opnd *o = &in->o[i];
    if (o->kind != OK_LIST || i == 0) continue;   /* the argument list follows the function */
    for (unsigned k = 0; k < o->nelem && k < fn->nparam; k++) {
      uint32_t v = fn->first_param + k;
      copy_param(c, w, caller, &c->m->elems[o->elem_first + k], cf->local_base, v, (uint32_t)isa_var_bytes(&c->m->img.vars[v]), 1, active);
    }
  }
  /* every lane goes on after the call once the callers are back: the call
   * entry reconverges at pc + 1 with the entry below */
  w->stack[w->sp - 1].pc = pc + 1;
  if (emu_push(c, w, pc, pc + 1, pc + 1, active, 1) || emu_push(c, w, pc, c->m->funcs[callee].first_pc, NO_PC, active, 0)) return -1;
  return 1;
}

/* A call entry reached the top: every lane has returned (or exited). */
void emu_finish_call(cta *c, warp *w) {
  simt_entry *e = &w->stack[w->sp - 1];
  frame *cf = &w->frames[w->nframes - 1], *caller = &w->frames[w->nframes - 2];
  const emu_insn *call = &c->m->code[cf->call_pc];
  const isa_func *fn = &c->m->img.funcs[cf->func];
  if (e->mask && call->nopnd && call->o[0].kind == OK_LIST) {
    const emu_opnd *o = &call->o[0];
    for (unsigned k = 0; k < o->nelem && k < fn->nret; k++) {
      uint32_t v = fn->first_ret + k;
      copy_param(c, w, caller, &c->m->elems[o->elem_first + k], cf->local_base, v, (uint32_t)isa_var_bytes(&c->m->img.vars[v]), 0, e->mask);
    }
  }
  emu_pop_frame(c, w);
  e->is_call = 0;
}
