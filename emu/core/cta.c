/* emu/core/cta.c -- CTAs and their warps: a CTA started (fresh warps with the kernel's
 * frame, zeroed shared memory), its barriers released, an mbarrier deadlock found, the
 * runners of kernels' CTAs and of assist warps (core.h), and what the assist-warp controller
 * gives a subroutine's warp at its start.
 */
#include "core_int.h"

#include <stdlib.h>
#include <string.h>

/* Prepares a warp for a new CTA, keeping the buffers it grew before. */
static void warp_init(cta *c, warp *w, uint32_t id, uint32_t nthreads) {
  frame *frames = w->frames;
  simt_entry *stack = w->stack;
  uint64_t *keep = w->keep;
  uint32_t capf = w->capf, nbuilt = w->nbuilt, cap = w->cap;
  uint8_t *local[WARP];
  uint32_t local_cap[WARP];
  memcpy(local, w->local, sizeof local);
  memcpy(local_cap, w->local_cap, sizeof local_cap);
  memset(w, 0, sizeof *w);
  w->frames = frames; w->capf = capf; w->nbuilt = nbuilt;
  w->stack = stack; w->cap = cap;
  if ((w->keep = keep)) memset(keep, 0, (size_t)c->m->nkeep * WARP * sizeof *keep);   /* kept registers start at zero */
  memcpy(w->local, local, sizeof local);
  memcpy(w->local_cap, local_cap, sizeof local_cap);
  w->id = id;
  uint32_t first = id * WARP;
  uint32_t n = nthreads - first < WARP ? nthreads - first : WARP;
  w->alive = n == WARP ? 0xffffffffu : (1u << n) - 1;
  /* thread first + l's (x, y, z), counted up from first's */
  uint32_t x = first % c->block.x, y = (first / c->block.x) % c->block.y, z = first / (c->block.x * c->block.y);
  for (uint32_t l = 0; l < WARP; l++) w->laneid[l] = l;
  if (x + WARP <= c->block.x)   /* the warp within one row of the block (the most common case): only x moves */
    for (uint32_t l = 0; l < WARP; l++) { w->tid[0][l] = x + l; w->tid[1][l] = y; w->tid[2][l] = z; }
  else
    for (uint32_t l = 0; l < WARP; l++) {
      w->tid[0][l] = x;
      w->tid[1][l] = y;
      w->tid[2][l] = z;
      if (++x == c->block.x) { x = 0; if (++y == c->block.y) { y = 0; z++; } }
    }
  w->state = W_READY;
}

static void warp_free(warp *w) {
  for (uint32_t i = 0; i < w->nbuilt; i++) free(w->frames[i].regs);
  free(w->frames);
  free(w->stack);
  free(w->keep);
  for (int l = 0; l < WARP; l++) free(w->local[l]);
}

/* What the assist-warp controller gives subroutine sr's warp w at its start
 * (isa/ISA.md, "Assist-warp extensions"), taking no instruction: .active's
 * lanes only; in every lane i, each .lanes register OFFSET + SCALE * i, each
 * .lanemask predicate bit i of the little-endian word at its offset of .lin
 * (0 when .lin ends before the word does), the .lastenc register the line's
 * lastenc.  They are registers that no live-in or kept register is (awasm
 * and the loader check it), so loading those later changes none of them. */
static void assist_begin(cta *c, warp *w, const isa_subr *sr) {
  const uint32_t *pool = c->m->img.pool;
  const aw_line *ln = c->line;
  uint64_t *regs = w->frames[0].regs;
  if (sr->active) { w->alive &= sr->active; w->stack[0].mask &= sr->active; }
  for (uint32_t k = 0; k < sr->nlanes; k++) {
    const uint32_t *e = &pool[sr->lanes_off + 3 * k];
    for (uint32_t l = 0; l < WARP; l++) regs[(size_t)e[0] * WARP + l] = e[2] + (uint64_t)e[1] * l;
  }
  for (uint32_t k = 0; k < sr->nlanemask; k++) {
    const uint32_t *e = &pool[sr->lanemask_off + 2 * k];
    uint32_t word = 0;
    if (ln && ln->in && (uint64_t)e[1] + 4 <= ln->in_bytes)
      for (uint32_t b = 0; b < 4; b++) word |= (uint32_t)ln->in[e[1] + b] << (8 * b);
    for (uint32_t l = 0; l < WARP; l++) regs[(size_t)e[0] * WARP + l] = word >> l & 1;
  }
  if (sr->lastenc)
    for (uint32_t l = 0; l < WARP; l++) regs[(size_t)(sr->lastenc - 1) * WARP + l] = ln ? ln->lastenc : 0;
}

/* Starts the CTA c->cta: fresh warps with the kernel's frame, zeroed shared
 * memory.  0, or -1 with a fault. */
int emu_cta_begin(cta *c) {
  uint32_t nthreads = c->block.x * c->block.y * c->block.z;
  c->nwarps = (nthreads + WARP - 1) / WARP;
  if (!c->warps) c->warps = calloc(c->nwarps, sizeof *c->warps);   /* kept for the launch's later CTAs */
  if (!c->warps) { emu_fault(c, NULL, c->m->funcs[c->kfunc].first_pc, 0, 0, 0, "out of host memory for the %u warps of a CTA", c->nwarps); return -1; }
  /* zeroed shared memory: a kernel's CTA's always; an assist runner's own when a store may have
   * written it (a parent's, borrowed, is the parent's) */
  if (!c->line) memset(c->shared, 0, c->shared_bytes);
  else if (c->shared == c->own_shared && c->shared_written) { memset(c->shared, 0, c->shared_bytes); c->shared_written = 0; }
  memset(c->bar_threads, 0, sizeof c->bar_threads);
  memset(c->bar_expect, 0, sizeof c->bar_expect);
  memset(c->bar_red, 0, sizeof c->bar_red);
  memset(c->bar_part, 0, sizeof c->bar_part);
  memset(c->bar_true, 0, sizeof c->bar_true);
  c->spin_mb = c->mb_writes;
  c->spin_rounds = c->spun = c->spinners = 0;
  c->serial = ++c->d->cta_serial;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    warp *w = &c->warps[i];
    warp_init(c, w, i, nthreads);
    if (emu_push_frame(c, w, c->kfunc, c->m->funcs[c->kfunc].first_pc)) return -1;
    if (emu_push(c, w, c->m->funcs[c->kfunc].first_pc, c->m->funcs[c->kfunc].first_pc, NO_PC, w->alive, 0)) return -1;
  }
  uint32_t s = c->m->func_subr[c->kfunc];
  if (s) assist_begin(c, &c->warps[0], &c->m->img.subrs[s - 1]);
  c->d->stats.warps += c->nwarps;
  if (c->d->hook && c->d->hook(c->d->hook_ctx, EMU_EV_CTA, c, NULL, 0)) {
    emu_fault(c, NULL, c->m->funcs[c->kfunc].first_pc, 0, 0, 0, "killed by the debugger");
    return -1;
  }
  return 0;
}

int emu_barrier_release(cta *c) {
  uint32_t waiting = 0, live = 0, at[16] = { 0 };   /* (at: warps waiting at each barrier) */
  warp *first = NULL;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    warp *w = &c->warps[i];
    if (w->state == W_READY) emu_settle(c, w);   /* one that ran its last instruction has finished */
    if (w->state != W_DONE) live++;
    if (w->state == W_BARRIER) { waiting++; at[w->bar_id]++; if (!first) first = w; }
  }
  /* a barrier completes when its count of threads has arrived, or, without a count, when every live warp waits at it */
  int released = 0;
  for (uint32_t id = 0; id < 16; id++) {
    if (!c->bar_threads[id] || (c->bar_expect[id] ? c->bar_threads[id] < c->bar_expect[id] : at[id] != live)) continue;
    /* a reduction's result (bar.red): in every lane that took part, of every warp that waits here */
    uint64_t v[WARP];
    if (c->bar_red[id]) {
      uint32_t r = c->bar_red[id] == ISA_SUB(BRPOPC, BRPOPC) ? c->bar_true[id] :
                   c->bar_red[id] == ISA_SUB(BRAND, BRPOPC) ? c->bar_true[id] == c->bar_part[id] : c->bar_true[id] != 0;
      for (uint32_t l = 0; l < WARP; l++) v[l] = r;
    }
    for (uint32_t i = 0; i < c->nwarps; i++) {
      warp *w = &c->warps[i];
      if (w->state != W_BARRIER || w->bar_id != id) continue;
      if (w->bar_dst) emu_write(w, w->bar_dst, v, w->bar_lanes);   /* (set by bar.red only) */
      w->bar_dst = NULL;
      w->state = W_READY;
    }
    c->bar_threads[id] = c->bar_expect[id] = 0;
    c->bar_red[id] = c->bar_part[id] = c->bar_true[id] = 0;
    released = 1;
  }
  if (released || !waiting || waiting != live) return released;
  /* every live warp waits, and no barrier can complete */
  simt_entry *e = &first->stack[first->sp - 1];
  uint32_t id = first->bar_id, other = 0;
  for (uint32_t k = 0; k < 16; k++) other += at[k] && k != id;
  if (other) emu_fault(c, first, e->pc ? e->pc - 1 : 0, EMU_ANYLANE, 0, 0, "barrier deadlock: warps wait at different barriers");
  else emu_fault(c, first, e->pc ? e->pc - 1 : 0, EMU_ANYLANE, 0, 0, "barrier deadlock: barrier %u waits for %u threads, %u arrived, and no warp is left to arrive",
             id, c->bar_expect[id] ? c->bar_expect[id] : live * WARP, c->bar_threads[id]);
  return -1;
}

/* The deadlock's fault, at the wait warp w spun at last (its pc has moved past it). */
void emu_spin_fault(cta *c, warp *w) {
  simt_entry *e = &w->stack[w->sp - 1];
  emu_fault(c, w, e->pc ? e->pc - 1 : 0, EMU_ANYLANE, 0, 0, "mbarrier deadlock: every live warp waits for a phase that no warp can complete (%u rounds without an arrival)", EMU_SPIN_ROUNDS);
}

int emu_spinning(const cta *c, const warp *w) { return c->spin_mb == c->mb_writes && (c->spinners >> (w->id & 31) & 1); }

int emu_spin_watch(cta *c, warp *w) {
  if (c->mb_writes != c->spin_mb) { c->spin_mb = c->mb_writes; c->spin_rounds = 0; c->spun = c->spinners = 0; }
  c->spun |= 1u << (w->id & 31);
  c->spinners |= 1u << (w->id & 31);
  uint32_t ready = 0;
  for (uint32_t i = 0; i < c->nwarps && i < 32; i++) if (c->warps[i].state == W_READY) ready |= 1u << i;
  if ((c->spun & ready) != ready) return 0;
  c->spun = 0;
  if (++c->spin_rounds < EMU_SPIN_ROUNDS) return 0;
  emu_spin_fault(c, w);
  return -1;
}

void emu_free_warps(cta *c) {
  if (c->warps) for (uint32_t i = 0; i < c->nwarps; i++) warp_free(&c->warps[i]);
  free(c->warps);
  c->warps = NULL;
}

/* ---- the steppable core's CTAs (core.h) ---- */

cta *emu_cta_new(aw_device *d, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block, uint32_t dyn_shared,
                 const void *params, size_t param_bytes, aw_fault *f) {
  cta *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->d = d; c->m = m; c->kfunc = m->kernels[kernel];
  c->grid = grid; c->block = block;
  c->dyn_shared = dyn_shared;
  c->shared_bytes = m->shared_static + dyn_shared;
  c->shared = calloc(c->shared_bytes ? c->shared_bytes : 1, 1);
  if (!c->shared) { free(c); return NULL; }
  c->params = params;
  c->param_bytes = (uint32_t)param_bytes;
  c->fault = f;
  return c;
}

int emu_cta_rebind(cta *c, int kernel, aw_dim3 grid, aw_dim3 block, uint32_t dyn_shared,
                   const void *params, size_t param_bytes, aw_fault *f) {
  uint32_t shared = c->m->shared_static + dyn_shared;
  if (shared != c->shared_bytes) {
    uint8_t *p = realloc(c->shared, shared ? shared : 1);
    if (!p) return -1;
    c->shared = p;
    c->shared_bytes = shared;
  }
  uint32_t nthreads = block.x * block.y * block.z;
  if (c->warps && (nthreads + WARP - 1) / WARP != c->nwarps) emu_free_warps(c);   /* cta_begin makes them again */
  c->kfunc = c->m->kernels[kernel];
  c->grid = grid; c->block = block;
  c->dyn_shared = dyn_shared;
  c->params = params;
  c->param_bytes = (uint32_t)param_bytes;
  c->fault = f;
  c->faulted = 0;
  return 0;
}

int emu_cta_start(cta *c, aw_dim3 id) {
  c->cta = id;
  c->d->stats.ctas++;
  return emu_cta_begin(c);
}

cta *emu_assist_new(aw_device *d, aw_module *m, aw_fault *f) {
  cta *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->d = d; c->m = m;
  c->grid.x = c->grid.y = c->grid.z = 1;
  c->block.x = WARP; c->block.y = c->block.z = 1;
  c->own_shared_bytes = c->shared_bytes = m->shared_static;
  c->own_shared = c->shared = calloc(c->shared_bytes ? c->shared_bytes : 1, 1);
  if (!c->shared) { free(c); return NULL; }
  c->fault = f;
  return c;
}

int emu_assist_start(cta *c, uint32_t func, aw_line *line, aw_fault *f, cta *parent) {
  if (parent) { c->shared = parent->shared; c->shared_bytes = parent->shared_bytes; }
  else { c->shared = c->own_shared; c->shared_bytes = c->own_shared_bytes; }
  emu_exec_init();
  c->kfunc = func;
  c->line = line;
  c->has_parent = 0;
  c->fault = f;
  c->faulted = 0;
  c->cta.x = c->cta.y = c->cta.z = 0;
  uint64_t warps = c->d->stats.warps;
  int r = emu_cta_begin(c);
  c->d->stats.warps = warps;   /* an assist warp is not one of the launch's warps */
  return r;
}

void emu_assist_parent(cta *c, const cta *parent, uint32_t wid) {
  c->has_parent = parent != NULL;
  if (!parent) return;
  c->parent_kfunc = parent->kfunc;
  c->parent_cta = parent->cta;
  c->parent_warp = wid;
}

void emu_cta_free(cta *c) {
  if (!c) return;
  emu_cta_free(c->aux);
  emu_free_warps(c);
  free(c->own_shared ? c->own_shared : c->shared);
  free(c);
}
