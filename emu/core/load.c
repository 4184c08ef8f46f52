/* emu/core/load.c -- from an image to runnable code: predecoding, memory layout,
 * and the reconvergence points of every branch (immediate post-dominators).
 *
 * Contract: a module that loads has every operand resolved (register slots,
 * immediates broadcast to 32 lanes, variables to offsets or addresses,
 * branch targets and call targets to pcs and functions), so the executor's
 * inner loop never looks at the image again.
 */
#include "emu_int.h"
#include "../../isa/disasm.h"
#include "../../asm/asm.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static uint64_t align_up(uint64_t x, uint64_t a) { return a > 1 ? (x + a - 1) / a * a : x; }

/* ---- reconvergence points ---- */

typedef struct { uint32_t first, last; uint32_t succ[2]; int nsucc; } block;

/* Cooper, Harvey and Kennedy's iterative dominators, run on the reversed
 * control-flow graph, give each block its immediate post-dominator. */
static int compute_ipdoms(aw_module *m, const emu_func *f) {
  uint32_t n = f->ninsn;
  if (!n) return 0;
  emu_insn *code = m->code + f->first_pc;
  uint8_t *leader = calloc(n + 1, 1);
  uint32_t *block_of = malloc(n * sizeof *block_of);
  if (!leader || !block_of) { free(leader); free(block_of); return -1; }
  for (uint32_t pc = 0; pc < n; pc++) {
    const emu_insn *in = &code[pc];
    uint32_t fl = isa_ops[in->op].flags;
    if (in->op == ISA_OP_BRA) { leader[in->target - f->first_pc] = 1; leader[pc + 1] = 1; }
    if (fl & (F_RET | F_EXIT)) leader[pc + 1] = 1;
  }
  leader[0] = 1;
  uint32_t nb = 0;
  for (uint32_t pc = 0; pc < n; pc++) { if (leader[pc]) nb++; block_of[pc] = nb - 1; }
  uint32_t exit_node = nb;
  block *b = calloc(nb + 1, sizeof *b);
  if (!b) { free(leader); free(block_of); return -1; }
  for (uint32_t pc = 0; pc < n; pc++) {
    block *bb = &b[block_of[pc]];
    if (leader[pc]) bb->first = pc;
    bb->last = pc;
  }
  for (uint32_t i = 0; i < nb; i++) {
    const emu_insn *in = &code[b[i].last];
    uint32_t fl = isa_ops[in->op].flags;
    uint32_t fall = b[i].last + 1 < n ? block_of[b[i].last + 1] : exit_node;
    if (in->op == ISA_OP_BRA) {
      uint32_t t = in->target - f->first_pc;   /* a label at the very end: the function's exit */
      b[i].succ[b[i].nsucc++] = t < n ? block_of[t] : exit_node;
      if (in->guard) b[i].succ[b[i].nsucc++] = fall;
    } else if (fl & (F_RET | F_EXIT)) {
      b[i].succ[b[i].nsucc++] = exit_node;
      if (in->guard) b[i].succ[b[i].nsucc++] = fall;
    } else b[i].succ[b[i].nsucc++] = fall;
  }
  /* predecessor lists of the reversed graph are the successor lists: walk
   * from the exit along reversed edges (block -> its predecessors) */
  uint32_t total = nb + 1;
  uint32_t *npred = calloc(total, sizeof *npred), *pstart = calloc(total + 1, sizeof *pstart);
  if (!npred || !pstart) { free(leader); free(block_of); free(b); free(npred); free(pstart); return -1; }
  for (uint32_t i = 0; i < nb; i++) for (int k = 0; k < b[i].nsucc; k++) npred[b[i].succ[k]]++;
  for (uint32_t i = 0; i < total; i++) pstart[i + 1] = pstart[i] + npred[i];
  uint32_t *preds = malloc((pstart[total] + 1) * sizeof *preds), *fillp = calloc(total, sizeof *fillp);
  uint32_t *order = malloc(total * sizeof *order), *rpo_num = malloc(total * sizeof *rpo_num);
  uint32_t *stack = malloc(total * sizeof *stack), *next = calloc(total, sizeof *next);
  uint8_t *seen = calloc(total, 1);
  uint32_t *ipdom = malloc(total * sizeof *ipdom);
  int rc = 0;
  if (!preds || !fillp || !order || !rpo_num || !stack || !next || !seen || !ipdom) { rc = -1; goto out; }
  for (uint32_t i = 0; i < nb; i++) for (int k = 0; k < b[i].nsucc; k++) { uint32_t s = b[i].succ[k]; preds[pstart[s] + fillp[s]++] = i; }
  /* post-order of the reversed graph from the exit, iteratively */
  uint32_t norder = 0, sp = 0;
  stack[sp++] = exit_node; seen[exit_node] = 1;
  while (sp) {
    uint32_t v = stack[sp - 1];
    if (next[v] < npred[v]) {
      uint32_t w = preds[pstart[v] + next[v]++];
      if (!seen[w]) { seen[w] = 1; stack[sp++] = w; }
    } else { order[norder++] = v; sp--; }
  }
  for (uint32_t i = 0; i < total; i++) rpo_num[i] = UINT32_MAX;
  for (uint32_t i = 0; i < norder; i++) rpo_num[order[i]] = i;   /* higher = closer to the exit */
  for (uint32_t i = 0; i < total; i++) ipdom[i] = UINT32_MAX;
  ipdom[exit_node] = exit_node;
  int changed = 1;
  while (changed) {
    changed = 0;
    for (uint32_t k = norder; k-- > 0;) {
      uint32_t v = order[k];
      if (v == exit_node) continue;
      uint32_t nd = UINT32_MAX;
      for (int s = 0; s < b[v].nsucc; s++) {   /* successors in the CFG = predecessors in the reversed graph */
        uint32_t p = b[v].succ[s];
        if (ipdom[p] == UINT32_MAX) continue;
        if (nd == UINT32_MAX) { nd = p; continue; }
        uint32_t x = p, y = nd;
        while (x != y) {
          while (rpo_num[x] < rpo_num[y]) x = ipdom[x];
          while (rpo_num[y] < rpo_num[x]) y = ipdom[y];
        }
        nd = x;
      }
      if (nd != ipdom[v]) { ipdom[v] = nd; changed = 1; }
    }
  }
  for (uint32_t i = 0; i < nb; i++) {
    emu_insn *in = &code[b[i].last];
    if (in->op != ISA_OP_BRA) continue;
    uint32_t p = ipdom[i];
    in->rpc = (p == UINT32_MAX || p == exit_node) ? NO_PC : f->first_pc + b[p].first;
  }
out:
  free(leader); free(block_of); free(b); free(npred); free(pstart); free(preds); free(fillp);
  free(order); free(rpo_num); free(stack); free(next); free(seen); free(ipdom);
  return rc;
}

/* ---- layout ---- */

static int layout(aw_module *m, char *err, size_t cap) {
  isa_image *img = &m->img;
  m->var_off = calloc(img->nvars ? img->nvars : 1, sizeof *m->var_off);
  m->var_addr = calloc(img->nvars ? img->nvars : 1, sizeof *m->var_addr);
  if (!m->var_off || !m->var_addr) return isa_fail(err, cap, "out of host memory");
  uint64_t cbytes = 0, shared = 0;
  uint32_t dyn_align = 16;
  for (uint32_t i = 0; i < img->nvars; i++) {
    const isa_var *v = &img->vars[i];
    uint64_t al = isa_var_align(v), sz = isa_var_bytes(v);
    if (v->space == ISA_SP_CONST) { cbytes = align_up(cbytes, al); m->var_off[i] = (uint32_t)cbytes; cbytes += sz; }
    else if (v->space == ISA_SP_SHARED && !(v->flags & ISA_VAR_UNSIZED)) { shared = align_up(shared, al); m->var_off[i] = (uint32_t)shared; shared += sz; }
    else if (v->space == ISA_SP_SHARED && al > dyn_align) dyn_align = (uint32_t)al;
    if (cbytes > (64u << 20) || shared > (1u << 30)) return isa_fail(err, cap, "constant or shared memory larger than the emulator supports");
  }
  m->shared_static = (uint32_t)align_up(shared, dyn_align);
  for (uint32_t i = 0; i < img->nvars; i++)
    if (img->vars[i].space == ISA_SP_SHARED && (img->vars[i].flags & ISA_VAR_UNSIZED)) m->var_off[i] = m->shared_static;
  m->const_bytes = (uint32_t)cbytes;
  /* the constant bank is device memory too, so the host can write it (aw_module_symbol) */
  m->const_addr = aw_malloc(m->dev, cbytes ? cbytes : 1);
  emu_alloc *ca = m->const_addr ? emu_find_alloc(m->dev, m->const_addr, 1) : NULL;
  if (!ca) return isa_fail(err, cap, "cannot allocate the constant bank");
  m->const_mem = ca->data;
  for (uint32_t i = 0; i < img->nvars; i++) {
    const isa_var *v = &img->vars[i];
    if (v->space == ISA_SP_CONST && v->init_len) memcpy(m->const_mem + m->var_off[i], img->data + v->init_off, v->init_len);
    if (v->space == ISA_SP_GLOBAL) {
      uint64_t sz = isa_var_bytes(v);
      m->var_addr[i] = aw_malloc(m->dev, sz ? sz : 1);
      if (!m->var_addr[i]) return isa_fail(err, cap, "cannot allocate global variable %s", isa_str(img, v->name));
      if (v->init_len) aw_memcpy_htod(m->dev, m->var_addr[i], img->data + v->init_off, v->init_len);
    }
  }
  /* frames: every .param and .local variable of a function, but a kernel's own parameters */
  for (uint32_t f = 0; f < img->nfuncs; f++) {
    uint64_t off = 0;
    const isa_func *fn = &img->funcs[f];
    for (uint32_t i = 0; i < img->nvars; i++) {
      const isa_var *v = &img->vars[i];
      if (v->owner != f + 1) continue;
      int kparam = fn->kind == ISA_FN_ENTRY && (v->flags & ISA_VAR_PARAM);
      if (kparam || (v->space != ISA_SP_PARAM && v->space != ISA_SP_LOCAL)) continue;
      off = align_up(off, isa_var_align(v));
      m->var_off[i] = (uint32_t)off;
      off += isa_var_bytes(v);
    }
    if (off > LOCAL_LIMIT / 4) return isa_fail(err, cap, "function %s needs %llu bytes of local memory per thread", isa_str(img, fn->name), (unsigned long long)off);
    m->funcs[f].frame_bytes = (uint32_t)align_up(off, 16);
    if (fn->kind == ISA_FN_ENTRY) {   /* the parameter block */
      uint64_t p = 0;
      for (uint32_t k = 0; k < fn->nparam; k++) {
        const isa_var *v = &img->vars[fn->first_param + k];
        p = align_up(p, isa_var_align(v));
        m->var_off[fn->first_param + k] = (uint32_t)p;
        p += isa_var_bytes(v);
      }
    }
  }
  /* module-scope .local variables: in every thread's frame 0 area; give them frame offsets too */
  return 0;
}

/* ---- predecoding ---- */

/* v in 32 lanes, owned by the module; NULL when out of memory. */
static uint64_t *bcast(aw_module *m, int64_t v) {
  uint64_t **blocks = realloc(m->bcast_blocks, (m->nbcast + 1) * sizeof *m->bcast_blocks);
  if (!blocks) return NULL;
  m->bcast_blocks = blocks;
  uint64_t *b = malloc(WARP * sizeof *b);
  if (!b) return NULL;
  for (int i = 0; i < WARP; i++) b[i] = (uint64_t)v;
  m->bcast_blocks[m->nbcast++] = b;
  return b;
}

/* Returns -1 when out of memory. */
static int convert(aw_module *m, const isa_image *img, uint32_t f, const isa_insn *in, const isa_operand *s, emu_opnd *d) {
  memset(d, 0, sizeof *d);
  switch (s->kind) {
  case ISA_K_REG: d->kind = OK_REG; d->reg = s->index; d->neg = s->aux & 1; break;
  case ISA_K_REGPAIR: d->kind = OK_PAIR; d->reg = s->index; d->reg2 = s->index2; break;
  case ISA_K_SREG: d->kind = OK_SREG; d->reg = s->index; d->comp = (uint32_t)s->value; break;
  case ISA_K_IMM: d->kind = OK_IMM; d->imm = s->value; d->bcast = bcast(m, s->value); if (!d->bcast) return -1; break;
  case ISA_K_SINK: d->kind = OK_SINK; break;
  case ISA_K_SYM:
    d->kind = OK_SYM; d->reg = s->index; d->imm = s->value; d->base = (uint8_t)s->aux;
    if (s->aux == ISA_SYM_LABEL) d->reg = m->funcs[f].first_pc + img->labels[s->index].pc;
    break;
  case ISA_K_MREG: d->kind = OK_ADDR; d->base = AB_REG; d->reg = s->index; d->imm = s->value; break;
  case ISA_K_MSYM: d->kind = OK_ADDR; d->base = AB_VAR; d->reg = s->index; d->imm = s->value; break;
  case ISA_K_MABS: d->kind = OK_ADDR; d->base = AB_ABS; d->imm = s->value; break;
  case ISA_K_VEC: case ISA_K_LIST:
    d->kind = s->kind == ISA_K_VEC ? OK_VEC : OK_LIST;
    d->nelem = (uint8_t)s->nelem;
    d->elem_first = m->nelems;
    emu_opnd *elems = realloc(m->elems, (m->nelems + s->nelem) * sizeof *m->elems);
    if (!elems) return -1;
    m->elems = elems;
    m->nelems += s->nelem;
    for (unsigned i = 0; i < s->nelem; i++)
      if (convert(m, img, f, in, &in->elem[s->index2 + i], &m->elems[d->elem_first + i])) return -1;
    break;
  }
  return 0;
}

static int predecode(aw_module *m, char *err, size_t cap) {
  isa_image *img = &m->img;
  m->funcs = calloc(img->nfuncs ? img->nfuncs : 1, sizeof *m->funcs);
  m->code = calloc(img->nlines ? img->nlines : 1, sizeof *m->code);
  m->kernels = calloc(img->nfuncs ? img->nfuncs : 1, sizeof *m->kernels);
  if (!m->funcs || !m->code || !m->kernels) return isa_fail(err, cap, "out of host memory");
  uint32_t pc = 0;
  for (uint32_t f = 0; f < img->nfuncs; f++) {
    const isa_func *fn = &img->funcs[f];
    emu_func *ef = &m->funcs[f];
    ef->first_pc = pc;
    ef->ninsn = fn->ninsn;
    ef->nslots = fn->nslots;
    ef->slot_type = calloc(fn->nslots ? fn->nslots : 1, 1);
    ef->slot_mask = calloc(fn->nslots ? fn->nslots : 1, sizeof *ef->slot_mask);
    if (!ef->slot_type || !ef->slot_mask) return isa_fail(err, cap, "out of host memory");
    for (uint32_t r = 0; r < fn->nreg; r++) {
      const isa_regdecl *rd = &img->regs[fn->first_reg + r];
      for (uint32_t k = 0; k < (rd->count ? rd->count : 1); k++) ef->slot_type[rd->first_slot + k] = rd->type;
    }
    for (uint32_t s = 0; s < fn->nslots; s++) ef->slot_mask[s] = emu_type_mask(ef->slot_type[s]);
    if (fn->kind == ISA_FN_ENTRY && fn->has_body) m->kernels[m->nkernels++] = f;
    pc += fn->ninsn;
  }
  m->ncode = pc;
  for (uint32_t f = 0; f < img->nfuncs; f++) {
    const isa_func *fn = &img->funcs[f];
    uint32_t words = 0;
    for (uint32_t k = 0; k < fn->ninsn; k++) {
      isa_insn in;
      const char *why;
      size_t n = isa_decode(img->code + fn->code_off + words, fn->code_words - words, &in, &why);
      if (!n) return isa_fail(err, cap, "undecodable instruction in %s: %s", isa_str(img, fn->name), why);
      emu_insn *e = &m->code[m->funcs[f].first_pc + k];
      e->word = words;
      words += (uint32_t)n;
      e->op = in.op; e->t0 = in.type[0]; e->t1 = in.type[1]; e->guard = in.guard; e->guard_reg = in.guard_reg;
      e->nopnd = in.nopnd;
      int sc = isa_sub_cat(in.op);
      e->sub = sc ? in.field[sc] : 0;
      e->cmp = in.field[CAT_CMP]; e->bop = in.field[CAT_BOOL]; e->rnd = in.field[CAT_RND];
      e->space = in.field[CAT_SPACE]; e->vec = in.field[CAT_VEC]; e->sem = in.field[CAT_SEM];
      if (in.field[CAT_SHAPE]) {   /* a tensor-core instruction (isa_check_insn has checked the combination) */
        e->mx.shape = in.field[CAT_SHAPE]; e->mx.frag = in.field[CAT_FRAG];
        e->mx.lay = (uint8_t)(in.field[CAT_LAYA] | in.field[CAT_LAYB] << 2);
        e->mx.num = in.field[CAT_NUM]; e->mx.t2 = in.type[3];
      } else if (isa_ops[in.op].ntypes == 3) e->mx.t2 = in.type[2];
      e->flags = in.flags;
      e->func = f;
      e->line = fn->first_insn + k;
      e->rpc = NO_PC;
      e->target = NO_PC;
      for (unsigned i = 0; i < in.nopnd; i++)
        if (convert(m, img, f, &in, &in.opnd[i], &e->o[i])) return isa_fail(err, cap, "out of host memory");
      if (in.op == ISA_OP_BRA) e->target = e->o[0].reg;
      if (in.op == ISA_OP_CALL) {
        for (unsigned i = 0; i < in.nopnd; i++)
          if (e->o[i].kind == OK_SYM && e->o[i].base == ISA_SYM_FUNC) e->target = e->o[i].reg;
        if (e->target == NO_PC || img->funcs[e->target].kind != ISA_FN_FUNC)
          return isa_fail(err, cap, "%s, instruction %u: call without a function to call", isa_str(img, fn->name), k);
      }
    }
  }
  return 0;
}

void emu_module_free(aw_module *m) {
  if (!m) return;
  for (uint32_t i = 0; i < m->nbcast; i++) free(m->bcast_blocks[i]);
  free(m->bcast_blocks);
  if (m->funcs) for (uint32_t f = 0; f < m->img.nfuncs; f++) { free(m->funcs[f].slot_type); free(m->funcs[f].slot_mask); }
  if (m->fzero) for (uint32_t f = 0; f < m->img.nfuncs; f++) free(m->fzero[f].runs);
  free(m->fzero);
  free(m->funcs); free(m->code); free(m->elems); free(m->var_off); free(m->var_addr);
  free(m->kernels);
  free(m->pc_trig);
  free(m->pc_binds);
  free(m->keep_base);
  free(m->func_subr);
  isa_image_free(&m->img);
  free(m);
}

/* Binds each 'pc KERNEL LABEL (REGS)' trigger: KERNEL must be a kernel of the
 * module and LABEL one of its labels (the assembler checks those it can see;
 * an image assembled without the kernel is checked here); REGS name the
 * kernel's registers copied into the subroutine's live-ins, in order, and
 * then those its live-outs are copied back to, each of the same width.
 * Builds m->pc_trig (per pc: the m->pc_binds entry that starts there, or -1).
 * Runs after layout (slots and pcs).  0, or -1 with a message. */
/* The register slots instruction 'in' writes (its first operand, when it
 * writes one) and reads (the other operands, address registers, the guard),
 * into dst and src when not NULL; returns ndst + nsrc. */
uint32_t emu_insn_regs(const aw_module *m, const emu_insn *in, uint32_t *dst, uint32_t *ndst, uint32_t *src, uint32_t *nsrc) {
  const isa_op_info *op = &isa_ops[in->op];
  uint32_t nd = 0, ns = 0, first_src = 0;
#define PUT(arr, n, v) do { if (arr) (arr)[n] = (v); (n)++; } while (0)
  if (op->flags & F_WRITES_DST && in->nopnd) {
    const emu_opnd *o = &in->o[0];
    first_src = 1;
    if (o->kind == OK_REG) PUT(dst, nd, o->reg);
    else if (o->kind == OK_PAIR) { PUT(dst, nd, o->reg); PUT(dst, nd, o->reg2); }
    else if (o->kind == OK_VEC)
      for (uint32_t e = 0; e < o->nelem; e++)
        if (m->elems[o->elem_first + e].kind == OK_REG) PUT(dst, nd, m->elems[o->elem_first + e].reg);
  }
  for (uint32_t i = first_src; i < in->nopnd; i++) {
    const emu_opnd *o = &in->o[i];
    if (o->kind == OK_REG) PUT(src, ns, o->reg);
    else if (o->kind == OK_ADDR && o->base == AB_REG) PUT(src, ns, o->reg);
    else if (o->kind == OK_VEC || o->kind == OK_LIST)
      for (uint32_t e = 0; e < o->nelem; e++)
        if (m->elems[o->elem_first + e].kind == OK_REG) PUT(src, ns, m->elems[o->elem_first + e].reg);
  }
  if (in->guard) PUT(src, ns, in->guard_reg);
#undef PUT
  *ndst = nd; *nsrc = ns;
  return nd + ns;
}

/* The instructions that may follow pc (an index within function f) on a
 * thread's path, into next: a branch's target (and pc + 1 when guarded),
 * nothing after an unguarded ret or exit, else pc + 1.  Their number (an
 * index at or past f->ninsn is the function's end). */
static uint32_t succ_of(const emu_func *f, const emu_insn *in, uint32_t pc, uint32_t next[2]) {
  uint32_t nn = 0;
  if (in->op == ISA_OP_BRA) { next[nn++] = in->target - f->first_pc; if (in->guard) next[nn++] = pc + 1; }
  else if (isa_ops[in->op].flags & (F_RET | F_EXIT)) { if (in->guard) next[nn++] = pc + 1; }
  else next[nn++] = pc + 1;
  return nn;
}

/* 1 when every path from pc 'from' of function f reaches pc 'to' before the
 * function's end (to post-dominates from), else 0; -1 out of memory. */
static int passes(const aw_module *m, const emu_func *f, uint32_t from, uint32_t to) {
  uint32_t n = f->ninsn, sp = 0;
  uint8_t *seen = calloc(n ? n : 1, 1);
  uint32_t *stack = malloc((n ? n : 1) * sizeof *stack);
  if (!seen || !stack) { free(seen); free(stack); return -1; }
  int ok = 1;
  stack[sp++] = from - f->first_pc;
  seen[from - f->first_pc] = 1;
  while (sp && ok) {
    uint32_t pc = stack[--sp], next[2], nn = 0;
    if (pc + f->first_pc == to) continue;
    const emu_insn *in = &m->code[f->first_pc + pc];
    nn = succ_of(f, in, pc, next);
    if (!nn) ok = 0;   /* an unguarded ret or exit: the function's end */
    for (uint32_t k = 0; k < nn; k++) {
      if (next[k] >= n) { ok = 0; break; }   /* the function's end */
      if (!seen[next[k]]) { seen[next[k]] = 1; stack[sp++] = next[k]; }
    }
  }
  free(seen); free(stack);
  return ok;
}

/* The registers instruction 'in' writes and reads as the skip check counts
 * them: emu_insn_regs's, with a call's return registers (its first list)
 * written, not read.  Into dst and src (room: n each); their counts. */
static void rw_slots(const aw_module *m, const emu_insn *in, uint32_t *dst, uint32_t *nd, uint32_t *src, uint32_t *ns) {
  emu_insn_regs(m, in, dst, nd, src, ns);
  if (in->op != ISA_OP_CALL || !in->nopnd || in->o[0].kind != OK_LIST) return;
  const emu_opnd *o = &in->o[0];
  for (uint32_t e = 0; e < o->nelem; e++) {
    const emu_opnd *el = &m->elems[o->elem_first + e];
    if (el->kind != OK_REG) continue;
    for (uint32_t k = 0; k < *ns; k++) if (src[k] == el->reg) { src[k] = src[--*ns]; break; }
    dst[(*nd)++] = el->reg;
  }
}

/* Trigger b's skip region (from b->pc up to b->skip_pc in function f): a
 * register the region may write that the kernel may read after skip_pc
 * before writing it, and that is not one of b's live-outs, would keep an old
 * value in the lanes that skip.  Returns such a slot (the lowest), -1 when
 * there is none, -2 out of memory.  (Backward liveness over the function's
 * instructions: a guarded write kills nothing.) */
static int64_t region_leak(const aw_module *m, const emu_func *f, const emu_pc_bind *b) {
  uint32_t n = f->ninsn, words = (f->nslots + 63) / 64, room = 0;
  if (!words) return -1;
  for (uint32_t pc = 0; pc < n; pc++) {
    uint32_t nd, ns;
    emu_insn_regs(m, &m->code[f->first_pc + pc], NULL, &nd, NULL, &ns);
    if (nd + ns + ISA_MAX_OPND * 8 > room) room = nd + ns + ISA_MAX_OPND * 8;
  }
  uint64_t *live = calloc((size_t)(n + 1) * words, sizeof *live), *wrote = calloc(words, sizeof *wrote), *tmp = calloc(words, sizeof *tmp);
  uint32_t *dst = malloc(room * sizeof *dst), *src = malloc(room * sizeof *src), *stack = malloc((n ? n : 1) * sizeof *stack);
  uint8_t *seen = calloc(n ? n : 1, 1);
  int64_t leak = -2;
  if (!live || !wrote || !tmp || !dst || !src || !stack || !seen) goto out;
  /* live[pc]: the registers live on entry to pc (live[n]: past the end, none) */
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t pc = n; pc-- > 0;) {
      const emu_insn *in = &m->code[f->first_pc + pc];
      uint32_t next[2], nn = succ_of(f, in, pc, next), nd, ns;
      memset(tmp, 0, words * sizeof *tmp);
      for (uint32_t k = 0; k < nn; k++) if (next[k] <= n) for (uint32_t w = 0; w < words; w++) tmp[w] |= live[(size_t)next[k] * words + w];
      rw_slots(m, in, dst, &nd, src, &ns);
      if (!in->guard) for (uint32_t k = 0; k < nd; k++) tmp[dst[k] / 64] &= ~(1ull << (dst[k] % 64));
      for (uint32_t k = 0; k < ns; k++) tmp[src[k] / 64] |= 1ull << (src[k] % 64);
      uint64_t *l = &live[(size_t)pc * words];
      if (memcmp(l, tmp, words * sizeof *tmp)) { memcpy(l, tmp, words * sizeof *tmp); changed = 1; }
    }
  }
  /* what the region may write: every instruction reachable from b->pc short of skip_pc */
  uint32_t sp = 0, from = b->pc - f->first_pc, to = b->skip_pc - f->first_pc;
  stack[sp++] = from;
  seen[from] = 1;
  while (sp) {
    uint32_t pc = stack[--sp], next[2], nd, ns;
    if (pc == to) continue;
    const emu_insn *in = &m->code[f->first_pc + pc];
    rw_slots(m, in, dst, &nd, src, &ns);
    for (uint32_t k = 0; k < nd; k++) wrote[dst[k] / 64] |= 1ull << (dst[k] % 64);
    uint32_t nn = succ_of(f, in, pc, next);
    for (uint32_t k = 0; k < nn; k++) if (next[k] < n && !seen[next[k]]) { seen[next[k]] = 1; stack[sp++] = next[k]; }
  }
  for (uint32_t k = 0; k < b->nout; k++) wrote[b->parent_out[k] / 64] &= ~(1ull << (b->parent_out[k] % 64));
  leak = -1;
  for (uint32_t w = 0; w < words && leak < 0; w++) {
    uint64_t x = wrote[w] & live[(size_t)to * words + w];
    if (x) leak = (int64_t)w * 64 + __builtin_ctzll(x);
  }
out:
  free(live); free(wrote); free(tmp); free(dst); free(src); free(stack); free(seen);
  return leak;
}

_Static_assert(EMU_MAX_LIVE == ISA_MAX_LIVE, "the assembler checks the loader's limit on live registers");

static int bind_pc_triggers(aw_module *m, char *err, size_t cap) {
  const isa_image *img = &m->img;
  if (img->nsubrs && !(m->keep_base = calloc(img->nsubrs, sizeof *m->keep_base))) return isa_fail(err, cap, "out of host memory");
  if (!(m->func_subr = calloc(img->nfuncs ? img->nfuncs : 1, sizeof *m->func_subr))) return isa_fail(err, cap, "out of host memory");
  for (uint32_t s = 0; s < img->nsubrs; s++) m->func_subr[img->subrs[s].func] = s + 1;
  for (uint32_t s = 0; s < img->nsubrs; s++) { m->keep_base[s] = m->nkeep; m->nkeep += img->subrs[s].nkeep; }
  for (uint32_t s = 0; s < img->nsubrs; s++) {
    const isa_subr *sr = &img->subrs[s];
    const char *sub = isa_str(img, img->funcs[sr->func].name);
    for (uint32_t t = 0; t < sr->ntrigger; t++) {
      const isa_trigger *tr = &img->triggers[sr->first_trigger + t];
      if ((tr->event == ISA_TRIG_PC || tr->event == ISA_TRIG_MISS) && sr->priority == ISA_PRIO_LOW && sr->nliveout)
        return isa_fail(err, cap, "subroutine %s: a low-priority subroutine has live-outs, but its parent warp does not wait for it "
                        "(make it '.priority high' or drop '.liveout')", sub);
      if (tr->event == ISA_TRIG_MISS && (sr->nlivein || sr->nliveout))
        return isa_fail(err, cap, "subroutine %s: a 'miss' trigger binds no parent registers, but the subroutine has live-ins or live-outs", sub);
      if (tr->event == ISA_TRIG_PC && tr->skip && sr->priority == ISA_PRIO_LOW)
        return isa_fail(err, cap, "subroutine %s: a low-priority subroutine skips lanes of its parent warp, which does not wait for it (make it '.priority high')", sub);
      if (tr->event == ISA_TRIG_MISS) m->has_miss = 1;
      if (tr->event != ISA_TRIG_PC) continue;
      const char *kn = isa_str(img, tr->kernel), *ln = isa_str(img, tr->label);
      uint32_t f = 0;
      while (f < img->nfuncs && !(img->funcs[f].kind == ISA_FN_ENTRY && img->funcs[f].has_body && !strcmp(isa_str(img, img->funcs[f].name), kn))) f++;
      if (f == img->nfuncs)
        return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': the module has no kernel '%s' (a subroutine for another module's kernel is given "
                        "as source, 'subroutines FILE' or --subroutines, and assembled with that module)", sub, kn, ln, kn);
      const isa_func *fn = &img->funcs[f];
      uint64_t at = 0;   /* LABEL+N, or KERNEL+N from the kernel's entry */
      int where = isa_trigger_point(fn, img->labels, img->strtab, tr->label, tr->label_off, &at);
      if (where == ISA_POINT_NONE)
        return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': kernel '%s' has no label '%s' (a point is LABEL+N, or %s+N from the kernel's entry)",
                        sub, kn, ln, kn, ln, kn);
      if (where == ISA_POINT_AMBIGUOUS)
        return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': '%s' is both the kernel (its entry) and one of its labels", sub, kn, ln, ln);
      if (tr->nbind != sr->nlivein + sr->nliveout)
        return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s' names %u parent registers; the subroutine has %u live-ins and %u live-outs, "
                        "so it needs %u (the live-ins' sources, then the live-outs' destinations)", sub, kn, ln, tr->nbind, sr->nlivein, sr->nliveout,
                        sr->nlivein + sr->nliveout);
      if (sr->nlivein > EMU_MAX_LIVE || sr->nliveout > EMU_MAX_LIVE)
        return isa_fail(err, cap, "subroutine %s: more than %d live-ins or live-outs", sub, EMU_MAX_LIVE);
      emu_pc_bind b;
      memset(&b, 0, sizeof b);
      b.subr = s;
      b.kernel = f;
      b.nin = sr->nlivein;
      b.nout = sr->nliveout;
      for (uint32_t i = 0; i < tr->nbind; i++) {
        const char *rn = isa_str(img, img->pool[tr->bind_off + i]);
        int ps = emu_reg_slot(m, f, rn);
        if (ps < 0) return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': kernel '%s' has no register %s", sub, kn, ln, kn, rn);
        int out = i >= sr->nlivein;
        uint32_t ss = img->pool[(out ? sr->liveout_off + i - sr->nlivein : sr->livein_off + i)];
        unsigned pb = isa_type_bits(m->funcs[f].slot_type[ps]), sb = isa_type_bits(m->funcs[sr->func].slot_type[ss]);
        if (pb != sb)
          return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': %s is %u bits wide, the %s it is bound to %u", sub, kn, ln, rn, pb,
                          out ? "live-out" : "live-in", sb);
        if (out) { b.sub_out[i - sr->nlivein] = ss; b.parent_out[i - sr->nlivein] = (uint32_t)ps; }
        else { b.sub_in[i] = ss; b.parent_in[i] = (uint32_t)ps; }
      }
      if (at >= fn->ninsn)
        return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s+%u' is past the end of kernel '%s'", sub, kn, ln, tr->label_off, kn);
      uint32_t pc = m->funcs[f].first_pc + (uint32_t)at;
      b.pc = pc;
      b.skip_pc = NO_PC;
      b.skipif = sr->skipif;
      if (tr->skip) {
        const char *sn = isa_str(img, tr->skip);
        uint64_t to = 0;
        where = isa_trigger_point(fn, img->labels, img->strtab, tr->skip, tr->skip_off, &to);
        if (where == ISA_POINT_NONE) return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': kernel '%s' has no label '%s' (its 'skip')", sub, kn, ln, kn, sn);
        if (where == ISA_POINT_AMBIGUOUS)
          return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': '%s' (its 'skip') is both the kernel (its entry) and one of its labels", sub, kn, ln, sn);
        if (to >= fn->ninsn)
          return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s': 'skip %s+%u' is past the end of kernel '%s'", sub, kn, ln, sn, tr->skip_off, kn);
        b.skip_pc = m->funcs[f].first_pc + (uint32_t)to;
        int r = b.skip_pc == pc ? 0 : passes(m, &m->funcs[f], pc, b.skip_pc);
        if (r < 0) return isa_fail(err, cap, "out of host memory");
        if (!r)
          return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s%s%.0u' skips to %s%s%.0u, which not every path from the trigger's point reaches "
                          "(the lanes that skip must meet the others there: pick a point after the region that every path passes)",
                          sub, kn, ln, tr->label_off ? "+" : "", tr->label_off, sn, tr->skip_off ? "+" : "", tr->skip_off);
        int64_t leak = region_leak(m, &m->funcs[f], &b);
        if (leak == -2) return isa_fail(err, cap, "out of host memory");
        if (leak >= 0) {
          char rn[96];
          isa_dis_reg(img, f, (uint32_t)leak, rn, sizeof rn);
          return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s%s%.0u' skip %s%s%.0u: the region may write %s, which the kernel may read after "
                          "%s%s%.0u, and it is not one of the trigger's live-outs: the lanes that skip would keep an old %s (make it a live-out: "
                          "a .liveout register and its name in the trigger's list)",
                          sub, kn, ln, tr->label_off ? "+" : "", tr->label_off, sn, tr->skip_off ? "+" : "", tr->skip_off, rn,
                          sn, tr->skip_off ? "+" : "", tr->skip_off, rn);
        }
      }
      if (!m->pc_trig) {
        m->pc_trig = malloc((m->ncode ? m->ncode : 1) * sizeof *m->pc_trig);
        if (!m->pc_trig) return isa_fail(err, cap, "out of host memory");
        for (uint32_t i = 0; i < m->ncode; i++) m->pc_trig[i] = -1;
      }
      if (pc < m->ncode && m->pc_trig[pc] >= 0) {   /* one instruction, two names (L and M+2, say): one event starts one subroutine */
        const emu_pc_bind *o = &m->pc_binds[m->pc_trig[pc]];
        return isa_fail(err, cap, "subroutine %s: trigger 'pc %s %s%s%.0u' is at the instruction where subroutine %s's 'pc' trigger is "
                        "(kernel '%s' pc %u): one event starts one subroutine", sub, kn, ln, tr->label_off ? "+" : "", tr->label_off,
                        isa_str(img, img->funcs[img->subrs[o->subr].func].name), kn, pc - m->funcs[f].first_pc);
      }
      emu_pc_bind *nb = realloc(m->pc_binds, (m->npc_binds + 1) * sizeof *nb);
      if (!nb) return isa_fail(err, cap, "out of host memory");
      m->pc_binds = nb;
      m->pc_binds[m->npc_binds] = b;
      if (pc < m->ncode) m->pc_trig[pc] = (int32_t)m->npc_binds;   /* (a label at the very end: never reached) */
      m->npc_binds++;
    }
  }
  return 0;
}

/* f's register slots that a new frame must zero (f->zero): a forward
 * must-write analysis over f's instructions (a thread's path: a guarded
 * write, and a call's return registers, write nothing for sure) finds the
 * slots some instruction may read before any write on some path from the
 * entry; warp-wide instructions (F_WARP: shfl, vote, mma, ...) may read lanes
 * that never wrote, so their sources are zeroed too.  The other slots are
 * written before they are read in every lane that reads them, so their old
 * contents never show: the frame need not be cleared (for a kernel, the
 * memset of every slot at every warp start).  Into m->fzero[fi]; 0, or -1
 * out of memory. */
static int compute_zero_slots(aw_module *m, uint32_t fi) {
  const emu_func *f = &m->funcs[fi];
  emu_zero *zf = &m->fzero[fi];
  uint32_t n = f->ninsn, words = (f->nslots + 63) / 64, room = 0;
  if (!words || !n) { zf->runs = malloc(sizeof *zf->runs); zf->nruns = 0; return zf->runs ? 0 : -1; }
  for (uint32_t pc = 0; pc < n; pc++) {
    uint32_t nd, ns;
    emu_insn_regs(m, &m->code[f->first_pc + pc], NULL, &nd, NULL, &ns);
    if (nd + ns > room) room = nd + ns;
  }
  uint64_t *in = malloc((size_t)n * words * sizeof *in), *z = calloc(words, sizeof *z), *out = malloc(words * sizeof *out);
  uint32_t *dst = malloc((room + 1) * sizeof *dst), *src = malloc((room + 1) * sizeof *src);
  int rc = -1;
  if (!in || !z || !out || !dst || !src) goto done;
  memset(in, 0xff, (size_t)n * words * sizeof *in);   /* everything written: the top, narrowed from the entry */
  memset(in, 0, words * sizeof *in);
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
      const emu_insn *in_pc = &m->code[f->first_pc + pc];
      uint32_t next[2], nn = succ_of(f, in_pc, pc, next), nd, ns;
      memcpy(out, &in[(size_t)pc * words], words * sizeof *out);
      emu_insn_regs(m, in_pc, dst, &nd, src, &ns);
      if (!in_pc->guard) for (uint32_t k = 0; k < nd; k++) out[dst[k] / 64] |= 1ull << (dst[k] % 64);
      for (uint32_t k = 0; k < nn; k++) {
        if (next[k] >= n) continue;
        uint64_t *t = &in[(size_t)next[k] * words];
        for (uint32_t w = 0; w < words; w++) { uint64_t v = t[w] & out[w]; if (v != t[w]) { t[w] = v; changed = 1; } }
      }
    }
  }
  for (uint32_t pc = 0; pc < n; pc++) {
    const emu_insn *in_pc = &m->code[f->first_pc + pc];
    uint32_t nd, ns, warpwide = (isa_ops[in_pc->op].flags & F_WARP) != 0;
    emu_insn_regs(m, in_pc, dst, &nd, src, &ns);
    for (uint32_t k = 0; k < ns; k++)
      if (warpwide || !(in[(size_t)pc * words + src[k] / 64] >> (src[k] % 64) & 1)) z[src[k] / 64] |= 1ull << (src[k] % 64);
  }
  uint32_t cnt = 0;
  for (uint32_t w = 0; w < words; w++) cnt += (uint32_t)__builtin_popcountll(z[w]);
  zf->runs = malloc(2 * (cnt ? cnt : 1) * sizeof *zf->runs);   /* (at most one run a slot) */
  if (!zf->runs) goto done;
  zf->nruns = 0;
  for (uint32_t sl = 0; sl < f->nslots; sl++) {
    if (!(z[sl / 64] >> (sl % 64) & 1)) continue;
    if (zf->nruns && zf->runs[2 * (zf->nruns - 1)] + zf->runs[2 * zf->nruns - 1] == sl) zf->runs[2 * zf->nruns - 1]++;
    else { zf->runs[2 * zf->nruns] = sl; zf->runs[2 * zf->nruns + 1] = 1; zf->nruns++; }
  }
  rc = 0;
done:
  free(in); free(z); free(out); free(dst); free(src);
  return rc;
}

static aw_module *finish_load(aw_device *d, aw_module *m, char *err, size_t cap) {
  m->dev = d;
  if (predecode(m, err, cap) || layout(m, err, cap) || bind_pc_triggers(m, err, cap)) { emu_module_free(m); return NULL; }
  if (!(m->fzero = calloc(m->img.nfuncs ? m->img.nfuncs : 1, sizeof *m->fzero))) { isa_fail(err, cap, "out of host memory"); emu_module_free(m); return NULL; }
  for (uint32_t f = 0; f < m->img.nfuncs; f++)
    if (compute_ipdoms(m, &m->funcs[f]) || compute_zero_slots(m, f)) { isa_fail(err, cap, "out of host memory"); emu_module_free(m); return NULL; }
  aw_module **mods = realloc(d->modules, (d->nmodules + 1) * sizeof *d->modules);
  if (!mods) { isa_fail(err, cap, "out of host memory"); emu_module_free(m); return NULL; }
  d->modules = mods;
  d->modules[d->nmodules++] = m;
  return m;
}

/* Whether the bytes look like an AWS image whose magic number is damaged:
 * they start with "\x89AWS", or at least 4 of the magic's 8 bytes are in
 * place and one of them is a byte text does not start with (0x89, 0x1a). */
static int damaged_magic(const uint8_t *p, size_t len) {
  const uint8_t *magic = (const uint8_t *)ISA_IMAGE_MAGIC;
  if (len >= 4 && memcmp(p, magic, 4) == 0) return 1;
  if (len < 8) return 0;
  int same = 0;
  for (int i = 0; i < 8; i++) same += p[i] == magic[i];
  return same >= 4 && (p[0] == magic[0] || p[6] == magic[6]);
}

aw_module *aw_module_load_text(aw_device *d, const char *name, const char *text, size_t len, char *err, size_t cap) {
  const uint8_t *bytes = (const uint8_t *)text;
  size_t nlen = strlen(name);
  if (len < 8 && ((len && memcmp(text, ISA_IMAGE_MAGIC, len) == 0 && bytes[0] == 0x89) || (nlen > 4 && !strcmp(name + nlen - 4, ".aws")))) {
    /* the start of an image, or a .aws file too short for one (an empty one loaded as an empty module) */
    isa_fail(err, cap, "%s: truncated image: %zu bytes (an AWS image starts with its 8-byte magic number)", name, len);
    return NULL;
  }
  if (!(len >= 8 && memcmp(text, ISA_IMAGE_MAGIC, 8) == 0)) {   /* not an image: it must be text */
    if (damaged_magic(bytes, len)) {
      char got[40] = "";
      for (size_t i = 0, n = 0; i < 8 && i < len; i++, n = strlen(got)) snprintf(got + n, sizeof got - n, "%s%02x", i ? " " : "", bytes[i]);
      isa_fail(err, cap, "%s: not an AWS image (bad magic number: the first bytes are %s, an image starts with 89 41 57 53 0d 0a 1a 0a)", name, got);
      return NULL;
    }
    const char *nul = memchr(text, 0, len);
    if (nul) {
      isa_fail(err, cap, "%s: not a text file (a NUL byte at offset %zu) and not an AWS image", name, (size_t)(nul - text));
      return NULL;
    }
  }
  aw_module *m = calloc(1, sizeof *m);
  if (!m) { isa_fail(err, cap, "%s: out of host memory", name); return NULL; }
  m->record_id = -1;   /* no source kept for replay (an image, or recording off): emu_record_module sets it */
  if (len >= 8 && memcmp(text, ISA_IMAGE_MAGIC, 8) == 0) {
    char e2[512];
    if (isa_image_read((const uint8_t *)text, len, &m->img, e2, sizeof e2)) { isa_fail(err, cap, "%s: %s", name, e2); free(m); return NULL; }
    if (asm_check_image(&m->img, e2, sizeof e2)) {   /* only what awasm writes: what awdis and the debugger show is what runs */
      isa_fail(err, cap, "%s: %s", name, e2);
      isa_image_free(&m->img);
      free(m);
      return NULL;
    }
    return finish_load(d, m, err, cap);
  }
  asm_ctx *c = asm_new();
  char *msgs = NULL;
  size_t mlen = 0;
  FILE *mf = c ? open_memstream(&msgs, &mlen) : NULL;
  if (!mf) { if (c) asm_free(c); free(m); isa_fail(err, cap, "%s: out of host memory", name); return NULL; }
  asm_set_diag(c, mf);
  asm_set_warnings(c, 0);
  asm_add_source(c, name, text, len);
  for (uint32_t i = 0; i < d->nextra; i++) asm_add_source(c, d->extra_name[i], d->extra_text[i], d->extra_len[i]);
  int errors = asm_finish(c, &m->img);
  asm_free(c);
  fclose(mf);
  if (errors) {
    isa_fail(err, cap, "%s: %d assembly error%s\n%s", name, errors, errors == 1 ? "" : "s", msgs ? msgs : "");
    free(msgs);
    free(m);
    return NULL;
  }
  free(msgs);
  if ((m = finish_load(d, m, err, cap))) emu_record_module(d, m, text, len);
  return m;
}

aw_module *aw_module_load_file(aw_device *d, const char *path, char *err, size_t cap) {
  size_t len;
  char *text = asm_read_file(path, &len);
  if (!text) { isa_fail(err, cap, "%s: cannot read: %s", path, strerror(errno)); return NULL; }
  aw_module *m = aw_module_load_text(d, path, text, len, err, cap);
  free(text);
  return m;
}

int aw_kernel_find(const aw_module *m, const char *name) {
  for (uint32_t k = 0; k < m->nkernels; k++)
    if (strcmp(isa_str(&m->img, m->img.funcs[m->kernels[k]].name), name) == 0) return (int)k;
  return -1;
}

int aw_kernel_params(const aw_module *m, int kernel, uint32_t *count, uint32_t *sizes, uint32_t *offsets, uint32_t max) {
  if (kernel < 0 || (uint32_t)kernel >= m->nkernels) return -1;
  const isa_func *fn = &m->img.funcs[m->kernels[kernel]];
  *count = fn->nparam;
  for (uint32_t k = 0; k < fn->nparam && k < max; k++) {
    sizes[k] = (uint32_t)isa_var_bytes(&m->img.vars[fn->first_param + k]);
    offsets[k] = m->var_off[fn->first_param + k];
  }
  return 0;
}

int aw_module_symbol(const aw_module *m, const char *name, uint64_t *addr, uint64_t *bytes) {
  for (uint32_t i = 0; i < m->img.nvars; i++) {
    const isa_var *v = &m->img.vars[i];
    if (v->owner || strcmp(isa_str(&m->img, v->name), name)) continue;
    if (v->space == ISA_SP_GLOBAL) *addr = m->var_addr[i];
    else if (v->space == ISA_SP_CONST) *addr = m->const_addr + m->var_off[i];
    else return -1;
    *bytes = isa_var_bytes(v);
    return 0;
  }
  return -1;
}

int emu_reg_slot(const aw_module *m, uint32_t f, const char *name) {
  const isa_func *fn = &m->img.funcs[f];
  size_t nl = strlen(name);
  for (uint32_t i = 0; i < fn->nreg; i++) {
    const isa_regdecl *rd = &m->img.regs[fn->first_reg + i];
    const char *dn = isa_str(&m->img, rd->name);
    size_t dl = strlen(dn);
    if (!rd->count) { if (!strcmp(dn, name)) return (int)rd->first_slot; continue; }
    if (nl <= dl || strncmp(name, dn, dl)) continue;
    const char *num = name + dl;
    if (*num < '0' || *num > '9' || (num[0] == '0' && num[1])) continue;
    char *end;
    unsigned long k = strtoul(num, &end, 10);
    if (!*end && k < rd->count) return (int)(rd->first_slot + k);
  }
  return -1;
}

int emu_reg_name(const aw_module *m, uint32_t f, uint32_t slot, char *buf, size_t cap) {
  const isa_func *fn = &m->img.funcs[f];
  for (uint32_t i = 0; i < fn->nreg; i++) {
    const isa_regdecl *rd = &m->img.regs[fn->first_reg + i];
    uint32_t n = rd->count ? rd->count : 1;
    if (slot < rd->first_slot || slot - rd->first_slot >= n) continue;
    if (rd->count) snprintf(buf, cap, "%s%u", isa_str(&m->img, rd->name), slot - rd->first_slot);
    else snprintf(buf, cap, "%s", isa_str(&m->img, rd->name));
    return 0;
  }
  return -1;
}

int emu_subroutine_for(const aw_module *m, int decompress, int enc, uint32_t line) {
  const isa_image *img = &m->img;
  uint32_t ev = decompress ? ISA_TRIG_DECOMPRESS : ISA_TRIG_COMPRESS;
  int any = -1;   /* one for lines of any size: taken when none is for this size */
  for (uint32_t s = 0; s < img->nsubrs; s++)
    for (uint32_t t = 0; t < img->subrs[s].ntrigger; t++) {
      const isa_trigger *tr = &img->triggers[img->subrs[s].first_trigger + t];
      if (tr->event != ev || !(tr->arg == enc || (!decompress && tr->arg == -1))) continue;
      if (line && tr->line == line) return (int)s;
      if (!tr->line && any < 0) any = (int)s;
    }
  return any;
}

int emu_subroutine_on(const aw_module *m, uint32_t ev) {
  const isa_image *img = &m->img;
  for (uint32_t s = 0; s < img->nsubrs; s++)
    for (uint32_t t = 0; t < img->subrs[s].ntrigger; t++)
      if (img->triggers[img->subrs[s].first_trigger + t].event == ev) return (int)s;
  return -1;
}

const char *aw_subroutine_for(const aw_module *m, int decompress, int enc, unsigned line) {
  int s = emu_subroutine_for(m, decompress, enc, line);
  return s < 0 ? NULL : isa_str(&m->img, m->img.funcs[m->img.subrs[s].func].name);
}

uint32_t aw_kernel_param_bytes(const aw_module *m, int kernel) {
  if (kernel < 0 || (uint32_t)kernel >= m->nkernels) return 0;
  const isa_func *fn = &m->img.funcs[m->kernels[kernel]];
  uint32_t end = 0;
  for (uint32_t k = 0; k < fn->nparam; k++) {
    uint32_t e = m->var_off[fn->first_param + k] + (uint32_t)isa_var_bytes(&m->img.vars[fn->first_param + k]);
    if (e > end) end = e;
  }
  return end;
}
