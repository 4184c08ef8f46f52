/* emu/core/run.c -- the functional driver: a launch's CTAs one after another, each run to
 * completion with its warps taking turns of QUANTUM instructions, or (aw_set_resident_ctas)
 * several resident at once, taking turns round by round; a 'pc' trigger's
 * subroutine run to its end when its parent warp reaches the label; aw_launch, which hands a
 * launch to the timing driver under a timing config, and aw_run_subroutine.
 */
#include "step.h"

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define QUANTUM 512

/* Runs warp w for up to 'budget' instructions.  Returns 0 while it can go
 * on, 1 when it waits at a barrier or has finished, 2 when it spins at an
 * mbarrier wait (its turn ends), -1 on a fault. */
static __attribute__((noinline)) int run_warp_triggers(cta *c, warp *w, uint32_t budget);   /* (off the functional fast path) */
static inline __attribute__((always_inline)) int run_warp(cta *c, warp *w, uint32_t budget) {   /* (inlined into each CTA loop: the hot path) */
  if (c->m->pc_trig && !c->line) return run_warp_triggers(c, w, budget);
  while (budget--) {
    int r = step(c, w, NULL);
    if (r == EMU_STEP_OK) continue;
    return r == EMU_STEP_FAULT ? -1 : r == EMU_STEP_SPIN ? 2 : 1;
  }
  return 0;
}

/* Functional mode: warp w has reached the label of 'pc' trigger b: its
 * subroutine runs to its end (the parent waits, as for a high-priority one;
 * a low-priority one has no live-outs, so running it now changes nothing the
 * parent sees).  0, or -1 with a fault. */
static int run_pc_assist(cta *c, warp *w, const emu_pc_bind *b, uint32_t pc) {
  aw_device *d = c->d;
  if (!c->aux && !(c->aux = emu_assist_new(d, c->m, c->fault))) {
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "out of host memory for an assist warp");
    return -1;
  }
  cta *ac = c->aux;
  memset(&c->aux_line, 0, sizeof c->aux_line);
  aw_stats saved = d->stats;
  if (emu_assist_start(ac, c->m->img.subrs[b->subr].func, &c->aux_line, c->fault, c)) return -1;
  emu_assist_parent(ac, c, w->id);
  emu_assist_livein(ac, w, b);
  if (emu_assist_keep_load(ac, w, b->subr)) { emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "out of host memory for kept registers"); return -1; }
  warp *aw = &ac->warps[0];
  uint64_t n = 0;
  for (;;) {
    int r = step(ac, aw, NULL);
    if (r == EMU_STEP_DONE) break;
    if (r == EMU_STEP_FAULT) return -1;
    if (++n > EMU_ASSIST_MAX_INSNS) {
      emu_fault(ac, aw, aw->stack[aw->sp - 1].pc, EMU_ANYLANE, 0, 0, "the assist warp ran more than %d instructions", EMU_ASSIST_MAX_INSNS);
      return -1;
    }
  }
  d->stats = saved;
  d->stats.assist_warps++;
  d->stats.assist_insns += n;
  if (b->skipif && !aw->killed) {
    uint32_t hit = emu_assist_skips(ac, b);
    d->stats.skip_hits += (uint64_t)emu_popc32(hit);
    d->stats.skip_misses += (uint64_t)emu_popc32(aw->start_mask & ~hit);
  }
  emu_assist_keep_save(ac, w, b->subr);
  if (emu_assist_liveout(ac, c, w, b) < 0) return -1;   /* (a skip that found no memory for the stack faulted) */
  return 0;
}

/* run_warp for a module with 'pc' triggers: before the instruction at a
 * trigger's label (once per arrival), the subroutine runs. */
static int run_warp_triggers(cta *c, warp *w, uint32_t budget) {
  const aw_module *m = c->m;
  while (budget--) {
    while (!emu_settle(c, w)) {   /* (a subroutine that skips lanes moves them to another pc, which may have a trigger too) */
      uint32_t pc = w->stack[w->sp - 1].pc;
      int32_t t = pc < m->ncode ? m->pc_trig[pc] : -1;
      if (t < 0 || w->fired == pc + 1 || m->pc_binds[t].kernel != w->frames[w->nframes - 1].func) break;
      w->fired = pc + 1;
      if (run_pc_assist(c, w, &m->pc_binds[t], pc)) return -1;
    }
    int r = step(c, w, NULL);
    w->fired = 0;
    if (r == EMU_STEP_OK) continue;
    return r == EMU_STEP_FAULT ? -1 : r == EMU_STEP_SPIN ? 2 : 1;
  }
  return 0;
}

/* One round of CTA c: each ready warp takes a turn of QUANTUM instructions (a
 * warp spinning at an mbarrier wait ends its turn there), then the barriers
 * that every warp has reached release.  *idle_rounds counts the rounds in
 * which every ready warp spun with no mbarrier arrival (the deadlock's
 * watch).  1 while the CTA goes on, 0 when every warp has finished, -1 on a
 * fault (a barrier or mbarrier deadlock among its warps included). */
static inline __attribute__((always_inline)) int cta_round(cta *c, uint32_t *idle_rounds) {
  int progressed = 0, all_spin = 1;
  uint64_t mb_writes = c->mb_writes;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    warp *w = &c->warps[i];
    if (w->state != W_READY) continue;
    progressed = 1;
    int r = run_warp(c, w, QUANTUM);
    if (r < 0) return -1;
    all_spin &= r == 2;
  }
  if (progressed && all_spin && c->mb_writes == mb_writes) {
    if (++*idle_rounds >= EMU_SPIN_ROUNDS) {
      warp *w = NULL;
      for (uint32_t i = 0; i < c->nwarps && !w; i++) if (c->warps[i].state == W_READY) w = &c->warps[i];
      emu_spin_fault(c, w);
      return -1;
    }
  } else *idle_rounds = 0;
  int rel = emu_barrier_release(c);
  if (rel < 0) return -1;
  if (rel > 0) return 1;
  uint32_t waiting = 0, live = 0;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    if (c->warps[i].state != W_DONE) live++;
    if (c->warps[i].state == W_BARRIER) waiting++;
  }
  if (!live) return 0;
  if (!progressed) {
    warp *w = NULL;
    for (uint32_t i = 0; i < c->nwarps; i++) if (c->warps[i].state == W_BARRIER) { w = &c->warps[i]; break; }
    simt_entry *e = w && w->sp ? &w->stack[w->sp - 1] : NULL;
    emu_fault(c, w, e && e->pc ? e->pc - 1 : 0, EMU_ANYLANE, 0, 0, "barrier deadlock: %u of %u live warps wait at a barrier the others never reach", waiting, live);
    return -1;
  }
  return 1;
}

/* Runs one CTA to completion, round after round. */
static int run_cta(cta *c) {
  if (emu_cta_begin(c)) return -1;
  uint32_t idle_rounds = 0;
  int r;
  while ((r = cta_round(c, &idle_rounds)) > 0) {}
  return r;
}

/* CTAs that exit at once run a few instructions each, so the limits are also
 * looked at before a CTA starts: every 16th, or every one when clearing a
 * large shared memory makes a CTA slow to start.  1 when they are reached
 * (with the fault, c->cta the CTA that was to start). */
static int limits_between_ctas(cta *c) {
  aw_device *d = c->d;
  return d->stats.ctas && (!(d->stats.ctas & 15) || c->shared_bytes >= (1u << 16)) &&
         emu_limits_reached(c, NULL, c->m->funcs[c->kfunc].first_pc);
}

/* A CTA's host memory, roughly: its shared memory and its warps with the kernel's frame. */
static uint64_t cta_host_bytes(const cta *c) {
  uint64_t threads = (uint64_t)c->block.x * c->block.y * c->block.z, nwarps = (threads + WARP - 1) / WARP;
  uint64_t slots = c->m->funcs[c->kfunc].nslots ? c->m->funcs[c->kfunc].nslots : 1;
  return sizeof(cta) + c->shared_bytes + nwarps * (sizeof(warp) + slots * WARP * sizeof(uint64_t) + 8 * sizeof(simt_entry) + 2 * sizeof(frame));
}

/* Functional mode with d->resident_ctas > 1: up to that many of the grid's
 * 'total' CTAs resident at once, each with its own warps, shared memory and
 * barriers (a copy of 'proto', the launch's CTA); they start in grid order as
 * slots free up, and each round every resident CTA takes one cta_round, so
 * CTAs that wait for one another through global memory make progress.  0, or
 * -1 with the fault (in proto->fault, naming the CTA that faulted). */
static int run_resident(cta *proto, uint64_t total) {
  aw_device *d = proto->d;
  uint32_t n = d->resident_ctas < total ? d->resident_ctas : (uint32_t)total;
  uint64_t need = (uint64_t)n * cta_host_bytes(proto);
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  uint64_t host = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : UINT64_MAX;
  if (need > host / 2) {
    snprintf(proto->fault->what, sizeof proto->fault->what,
             "%u resident CTAs need about %llu MiB of host memory, more than half of this machine's %llu MiB (fewer: --resident-ctas N)",
             n, (unsigned long long)(need >> 20), (unsigned long long)(host >> 20));
    return -2;
  }
  cta *slot = calloc(n, sizeof *slot);
  uint32_t *idle = calloc(n, sizeof *idle);
  uint8_t *busy = calloc(n, 1);
  int rc = slot && idle && busy ? 0 : -2;
  for (uint32_t i = 0; i < n && !rc; i++) {
    cta *c = &slot[i];
    c->d = d; c->m = proto->m; c->kfunc = proto->kfunc;
    c->grid = proto->grid; c->block = proto->block;
    c->dyn_shared = proto->dyn_shared;
    c->shared_bytes = proto->shared_bytes;
    c->params = proto->params; c->param_bytes = proto->param_bytes;
    c->fault = proto->fault;
    if (!(c->shared = calloc(c->shared_bytes ? c->shared_bytes : 1, 1))) rc = -2;
  }
  if (rc) snprintf(proto->fault->what, sizeof proto->fault->what, "out of host memory for %u resident CTAs", n);
  aw_dim3 g = proto->grid;
  uint64_t next = 0;
  uint32_t live = 0;
  while (!rc) {
    for (uint32_t i = 0; i < n && next < total && !rc; i++) {   /* free slots take the next CTAs in grid order */
      if (busy[i]) continue;
      cta *c = &slot[i];
      c->cta.x = (uint32_t)(next % g.x); c->cta.y = (uint32_t)(next / g.x % g.y); c->cta.z = (uint32_t)(next / g.x / g.y);
      next++;
      if (limits_between_ctas(c)) { rc = -1; break; }
      d->stats.ctas++;
      if (emu_cta_begin(c)) { rc = -1; break; }
      busy[i] = 1; idle[i] = 0; live++;
    }
    if (rc || !live) break;
    for (uint32_t i = 0; i < n; i++) {
      if (!busy[i]) continue;
      int r = cta_round(&slot[i], &idle[i]);
      if (r < 0) { rc = -1; break; }
      if (!r) { busy[i] = 0; live--; }
    }
  }
  for (uint32_t i = 0; slot && i < n; i++) {
    emu_cta_free(slot[i].aux);
    emu_free_warps(&slot[i]);
    free(slot[i].shared);
  }
  free(slot); free(idle); free(busy);
  return rc;
}

aw_status aw_launch(aw_device *d, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block,
                    uint32_t dyn_shared, const void *params, size_t param_bytes, aw_fault *f) {
  aw_fault local;
  if (!f) f = &local;
  memset(f, 0, sizeof *f);
  if (!m || kernel < 0 || (uint32_t)kernel >= m->nkernels) return AW_ERR_ARG;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (!grid.x || !grid.y || !grid.z || !threads || threads > 1024 || block.z > 64) {
    snprintf(f->what, sizeof f->what, "bad launch dimensions: grid (%u,%u,%u), block (%u,%u,%u) (a block has 1 to 1024 threads)",
             grid.x, grid.y, grid.z, block.x, block.y, block.z);
    return AW_ERR_ARG;
  }
  uint32_t need = aw_kernel_param_bytes(m, kernel);
  if (param_bytes < need) { snprintf(f->what, sizeof f->what, "parameter block of %zu bytes, the kernel takes %u", param_bytes, need); return AW_ERR_ARG; }
  emu_exec_init();
  cta c;
  memset(&c, 0, sizeof c);
  c.d = d; c.m = m; c.kfunc = m->kernels[kernel];
  c.grid = grid; c.block = block;
  c.dyn_shared = dyn_shared;
  if ((uint64_t)m->shared_static + dyn_shared > UINT32_MAX) {
    snprintf(f->what, sizeof f->what, "%u bytes of dynamic shared memory and %u of static: more than 2^32 bytes in all", dyn_shared, m->shared_static);
    return AW_ERR_ARG;
  }
  c.shared_bytes = m->shared_static + dyn_shared;
  c.shared = calloc(c.shared_bytes ? c.shared_bytes : 1, 1);
  if (!c.shared) { snprintf(f->what, sizeof f->what, "out of host memory for %u bytes of shared memory", c.shared_bytes); return AW_ERR_MEMORY; }
  c.params = params;
  c.param_bytes = (uint32_t)param_bytes;
  c.fault = f;
  memset(&d->stats, 0, sizeof d->stats);
  emu_limits_start(d);
  d->launches++;
  d->memcheck_errors = 0;
  if (d->record_dir) emu_record_begin(d, m, kernel, grid, block, dyn_shared, params, param_bytes);
  int rc = 0;
  int saved_round = fegetround();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (d->timing)   /* the timing driver (emu/timing/): many CTAs resident, issue decided by the model */
    rc = d->timing_ops->launch(d, m, kernel, grid, block, dyn_shared, params, param_bytes, f);
  else if (d->resident_ctas > 1)   /* CTAs resident together, taking turns */
    rc = run_resident(&c, (uint64_t)grid.x * grid.y * grid.z);
  else
  for (uint32_t z = 0; z < grid.z && !rc; z++)
    for (uint32_t y = 0; y < grid.y && !rc; y++)
      for (uint32_t x = 0; x < grid.x && !rc; x++) {
        c.cta.x = x; c.cta.y = y; c.cta.z = z;
        if (limits_between_ctas(&c)) { rc = -1; break; }
        d->stats.ctas++;
        rc = run_cta(&c);
      }
  fesetround(saved_round);
  emu_print_flush(d);   /* device printf: at the launch's end, as CUDA writes it */
  if (d->memcheck == AW_MEMCHECK_REPORT && d->memcheck_errors)
    fprintf(d->memcheck_out ? d->memcheck_out : stderr, "memcheck: %llu access%s outside every allocation in this launch of %s%s\n",
            (unsigned long long)d->memcheck_errors, d->memcheck_errors == 1 ? "" : "es", isa_str(&m->img, m->img.funcs[c.kfunc].name),
            d->memcheck_errors > EMU_MEMCHECK_LINES ? " (the first 100 shown)" : "");
  clock_gettime(CLOCK_MONOTONIC, &t1);
  d->stats.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  if (d->hook) d->hook(d->hook_ctx, EMU_EV_END, &c, NULL, rc ? 1 : 0);
  if (d->record_dir) emu_record_end(d, rc);
  emu_cta_free(c.aux);
  emu_free_warps(&c);
  free(c.shared);
  aw_stats *t = &d->total, *s = &d->stats;
  t->warp_insns += s->warp_insns; t->thread_insns += s->thread_insns; t->loads += s->loads; t->stores += s->stores;
  t->param_loads += s->param_loads; t->param_stores += s->param_stores;
  t->atomics += s->atomics; t->barriers += s->barriers; t->ctas += s->ctas; t->warps += s->warps;
  t->branches += s->branches; t->divergent_branches += s->divergent_branches; t->seconds += s->seconds;
  t->assist_warps += s->assist_warps; t->assist_insns += s->assist_insns;
  t->skip_hits += s->skip_hits; t->skip_misses += s->skip_misses;
  return rc == -2 ? AW_ERR_MEMORY : rc ? AW_FAULT : AW_OK;
}

aw_status aw_run_subroutine(aw_device *d, aw_module *m, const char *name, aw_line *line, aw_fault *f) {
  aw_fault local;
  if (!f) f = &local;
  memset(f, 0, sizeof *f);
  uint32_t fn = UINT32_MAX;
  for (uint32_t i = 0; i < m->img.nfuncs; i++)
    if (m->img.funcs[i].kind == ISA_FN_SUBR && !strcmp(isa_str(&m->img, m->img.funcs[i].name), name)) fn = i;
  if (fn == UINT32_MAX) { snprintf(f->what, sizeof f->what, "no subroutine named '%s'", name); return AW_ERR_ARG; }
  emu_exec_init();
  cta c;
  memset(&c, 0, sizeof c);
  c.d = d; c.m = m; c.kfunc = fn;
  c.grid.x = c.grid.y = c.grid.z = 1;
  c.block.x = WARP; c.block.y = c.block.z = 1;
  c.shared_bytes = m->shared_static;
  c.shared = calloc(c.shared_bytes ? c.shared_bytes : 1, 1);
  if (!c.shared) { snprintf(f->what, sizeof f->what, "out of host memory for %u bytes of shared memory", c.shared_bytes); return AW_ERR_MEMORY; }
  c.fault = f;
  c.line = line;
  memset(&d->stats, 0, sizeof d->stats);
  emu_limits_start(d);
  int saved_round = fegetround();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  d->stats.ctas = 1;
  int rc = run_cta(&c);
  if (d->hook) d->hook(d->hook_ctx, EMU_EV_END, &c, NULL, rc ? 1 : 0);
  emu_free_warps(&c);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  fesetround(saved_round);
  d->stats.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  free(c.shared);
  return rc ? AW_FAULT : AW_OK;
}
