/* emu/core/space.c -- the state spaces: where an address of a space lands in host memory
 * (global memory's allocations, a CTA's shared memory, a thread's local memory and frame
 * parameters, the constant bank, a kernel's parameter block, an assist warp's line buffers),
 * the generic address windows, a memory operand's per-lane addresses, and what a step
 * reports of its accesses to the timing side.
 */
#include "lanes.h"


/* Where an access lands in host memory (see exec_int.h).  The message is
 * only formatted on failure, so the common path costs a few compares. */
#define REFUSE(A, ...) do { if (why) snprintf(why, whycap, __VA_ARGS__); *bad_addr = (A); return NULL; } while (0)
static uint8_t *locate_in(cta *c, warp *w, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store,
                       char *why, size_t whycap, uint64_t *bad_addr) {
  const char *acc = is_store == 2 ? "atomic" : is_store ? "store" : "load";   /* (is_store 2: an atomic's read-modify-write) */
  if (space == ISA_SP_GENERIC) {
    if (addr - GENERIC_SHARED_BASE < GENERIC_WINDOW) { space = ISA_SP_SHARED; addr -= GENERIC_SHARED_BASE; }
    else if (addr - GENERIC_LOCAL_BASE < GENERIC_WINDOW) { space = ISA_SP_LOCAL; addr -= GENERIC_LOCAL_BASE; }
    else space = ISA_SP_GLOBAL;
  }
  if (size > 1 && (addr & (size - 1))) REFUSE(addr, "misaligned %u-byte %s", size, acc);
  switch (space) {
  case ISA_SP_GLOBAL: {
    emu_alloc *a = emu_find_alloc(c->d, addr, size);
    uint8_t *p = a ? a->data + (addr - a->addr) : emu_mapped(c->d, addr, size);
    if (!p) REFUSE(addr, "%u-byte global %s outside every allocation", size, acc);
    if (!a && c->d->memcheck && w && emu_memcheck_hit(c, w, lane, addr, size, is_store, why, whycap)) { *bad_addr = addr; return NULL; }
    if (is_store && addr < c->d->watch_hi && addr + size > c->d->watch_lo) emu_watch_store(c, w, lane, addr, size);   /* near a watched range */
    return p;
  }
  case ISA_SP_SHARED: case ISA_SP_SHARED_CTA:
    if (addr >= c->shared_bytes || size > c->shared_bytes - addr)
      REFUSE(addr, "%u-byte shared %s outside the CTA's %u bytes of shared memory", size, acc, c->shared_bytes);
    if (is_store) c->shared_written = 1;
    return c->shared + addr;
  case ISA_SP_LOCAL:
    if (addr >= w->local_top || size > w->local_top - addr)
      REFUSE(addr, "%u-byte local %s outside the thread's %u bytes of local memory", size, acc, w->local_top);
    return w->local[lane] + addr;
  case ISA_SP_CONST:
    if (is_store) REFUSE(addr, "%s to constant memory", acc);
    if (addr >= c->m->const_bytes || size > c->m->const_bytes - addr) REFUSE(addr, "%u-byte constant load outside the module's %u bytes", size, c->m->const_bytes);
    return c->m->const_mem + addr;
  case ISA_SP_PARAM:
    /* a function's parameters, and the .param variables of call sequences,
     * live in its frame (addresses marked by bit 40, see var_address); a
     * kernel's parameters in the launch's parameter block, read-only */
    if (addr >= ((uint64_t)1 << 40)) {
      uint64_t la = addr - ((uint64_t)1 << 40);
      if (la >= w->local_top || size > w->local_top - la) REFUSE(la, "%u-byte parameter %s outside the frame", size, acc);
      return w->local[lane] + la;
    }
    if (is_store) REFUSE(addr, "%s to a kernel parameter", acc);
    if (addr >= c->param_bytes || size > c->param_bytes - addr) REFUSE(addr, "%u-byte parameter load outside the %u-byte parameter block", size, c->param_bytes);
    return (uint8_t *)c->params + addr;
  case ISA_SP_LIN: case ISA_SP_LOUT: case ISA_SP_LMETA: {
    const char *nm = space == ISA_SP_LIN ? "lin" : space == ISA_SP_LOUT ? "lout" : "lmeta";
    if (!c->line) REFUSE(addr, "%s in the .%s space, which only assist warps have", acc, nm);
    uint8_t *base = space == ISA_SP_LIN ? (uint8_t *)c->line->in : space == ISA_SP_LOUT ? c->line->out : c->line->meta;
    uint32_t n = space == ISA_SP_LIN ? c->line->in_bytes : space == ISA_SP_LOUT ? c->line->out_bytes : 32;
    if (space == ISA_SP_LIN && is_store) REFUSE(addr, "store to .lin, which is read-only");
    if (space == ISA_SP_LMETA && is_store && addr + size > 8)   /* bytes 8 and up: line size, MAG, address */
      REFUSE(addr, "store to the read-only part of .lmeta (bytes 8 and up)");
    if (addr >= n || size > n - addr) REFUSE(addr, "%u-byte %s outside the %u bytes of .%s", size, acc, n, nm);
    return base + addr;
  }
  default:
    REFUSE(addr, "%s in an unknown state space", acc);
  }
}
#undef REFUSE

uint8_t *emu_locate(cta *c, warp *w, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store,
                    char *why, size_t whycap) {
  uint64_t bad;
  if (!w && (space == ISA_SP_LOCAL || space == ISA_SP_GENERIC || (space == ISA_SP_PARAM && addr >= ((uint64_t)1 << 40)))) {
    if (why) snprintf(why, whycap, "no warp in focus for a thread's memory");
    return NULL;
  }
  uint64_t hi = c->d->watch_hi;
  int mc = c->d->memcheck;
  c->d->watch_hi = 0;   /* the debugger's own reads and writes are not the program's accesses */
  c->d->memcheck = 0;
  uint8_t *p = locate_in(c, w, lane, space, addr, size, is_store, why, whycap, &bad);
  c->d->watch_hi = hi;
  c->d->memcheck = mc;
  return p;
}

/* Resolves a space-relative address to host memory for one lane; NULL on a fault (already reported). */
uint8_t *emu_resolve(cta *c, warp *w, uint32_t pc, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store) {
  uint64_t bad;
  uint8_t *p = locate_in(c, w, lane, space, addr, size, is_store, NULL, 0, &bad);
  if (!p) {
    char why[256];
    locate_in(c, w, lane, space, addr, size, is_store, why, sizeof why, &bad);
    emu_fault(c, w, pc, lane, 1, bad, "%s", why);
  }
  return p;
}

/* The space-relative address a variable starts at, as the current frame sees it. */
uint64_t emu_var_address(cta *c, warp *w, uint32_t v) {
  const isa_var *var = &c->m->img.vars[v];
  switch (var->space) {
  case ISA_SP_GLOBAL: return c->m->var_addr[v];
  case ISA_SP_SHARED: return c->m->var_off[v];
  case ISA_SP_CONST: return c->m->var_off[v];
  case ISA_SP_LOCAL: return w->frames[w->nframes - 1].local_base + c->m->var_off[v];
  case ISA_SP_PARAM: {
    const isa_func *fn = &c->m->img.funcs[var->owner - 1];
    if (fn->kind == ISA_FN_ENTRY && (var->flags & ISA_VAR_PARAM)) return c->m->var_off[v];
    return ((uint64_t)1 << 40) + w->frames[w->nframes - 1].local_base + c->m->var_off[v];
  }
  default: return 0;
  }
}

/* ---- a memory operand's addresses ---- */

/* Per-lane space-relative addresses of a memory operand; returns its space. */
int emu_addresses(cta *c, warp *w, int space, const emu_opnd *o, uint64_t *addr) {
  if (o->base == AB_REG) {
    const frame *f = &w->frames[w->nframes - 1];
    const uint64_t *r = &f->regs[(size_t)o->reg * WARP];
    if (f->slot_mask[o->reg] == 0xffffffffu)   /* a 32-bit register: the sum wraps at 32 bits, as the GPU computes it */
      for (int l = 0; l < WARP; l++) addr[l] = (uint32_t)(r[l] + (uint64_t)o->imm);
    else
      for (int l = 0; l < WARP; l++) addr[l] = r[l] + (uint64_t)o->imm;
  } else if (o->base == AB_ABS) {
    for (int l = 0; l < WARP; l++) addr[l] = (uint64_t)o->imm;
  } else {
    const isa_var *v = &c->m->img.vars[o->reg];
    uint64_t base = emu_var_address(c, w, o->reg) + (uint64_t)o->imm;
    if (space == ISA_SP_GENERIC) {   /* [var] in a generic access: the variable's generic address */
      space = v->space == ISA_SP_SHARED ? ISA_SP_SHARED : v->space == ISA_SP_LOCAL ? ISA_SP_LOCAL : v->space;
    }
    for (int l = 0; l < WARP; l++) addr[l] = base;
  }
  return space;
}

/* For emu_step's report: where each active lane's access goes (generic
 * addresses resolved to their space, as locate does). */
void emu_note_access(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned bytes) {
  struct emu_issue *is = c->issue;
  if (!is) return;
  is->is_mem = 1;
  is->bytes = (uint8_t)(bytes > 255 ? 255 : bytes);
  if (space != ISA_SP_GENERIC) {   /* one space: every lane's entry (readers look at the active lanes' only) */
    memset(is->space, space, sizeof is->space);
    memcpy(is->addr, addr, sizeof is->addr);
    is->spaces = active ? 1u << space : 0;
    return;
  }
  uint32_t spaces = 0;
  for (int l = 0; l < WARP; l++) {
    if (!(active >> l & 1)) continue;
    uint64_t a = addr[l];
    int sp = space;
    if (sp == ISA_SP_GENERIC) {
      if (a - GENERIC_SHARED_BASE < GENERIC_WINDOW) { sp = ISA_SP_SHARED; a -= GENERIC_SHARED_BASE; }
      else if (a - GENERIC_LOCAL_BASE < GENERIC_WINDOW) { sp = ISA_SP_LOCAL; a -= GENERIC_LOCAL_BASE; }
      else sp = ISA_SP_GLOBAL;
    }
    is->space[l] = (uint8_t)sp;
    is->addr[l] = a;
    spaces |= 1u << sp;
  }
  is->spaces = spaces;
}
