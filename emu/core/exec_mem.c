/* emu/core/exec_mem.c -- the memory families (isa/opcodes.def: X_MEM, X_STACK): ld, st,
 * atom, red and the cache hints on 32 lanes (the fast way through one allocation or one
 * window, else lane by lane through emu_resolve), and a thread's stack: alloca, stacksave,
 * stackrestore.
 */
#include "lanes.h"

/* The fast way to the lanes' bytes: when every active lane's access of
 * 'size' bytes is an aligned global access inside one allocation (and, for a
 * store, away from every watched range), that allocation; else NULL, and each
 * lane goes through resolve (which finds and reports the faulting lane). */
static emu_alloc *one_alloc(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned size, int is_store) {
  if ((space != ISA_SP_GLOBAL && space != ISA_SP_GENERIC) || !active) return NULL;
  uint64_t lo = UINT64_MAX, hi = 0, bits = 0, window = 0;
  int even = 0;
  if (active == 0xffffffffu) {
    /* the common case: a whole warp whose addresses step evenly upwards (consecutive elements),
     * checked in a loop that vectorizes; then its lowest and highest are its first and last
     * lane's, and a lane is in a generic window exactly when that range meets it (the step is
     * smaller than a window: no lane can step over one) */
    uint64_t a0 = addr[0], step = addr[1] - a0, want = a0, off = 0;
    for (int l = 0; l < WARP; l++, want += step) { off |= addr[l] ^ want; bits |= addr[l]; }
    if (!off && step < GENERIC_WINDOW && step <= (UINT64_MAX - a0) / (WARP - 1)) {
      even = 1;
      lo = a0;
      hi = a0 + (WARP - 1) * step;
      window = (lo < GENERIC_SHARED_BASE + GENERIC_WINDOW && hi >= GENERIC_SHARED_BASE) ||
               (lo < GENERIC_LOCAL_BASE + GENERIC_WINDOW && hi >= GENERIC_LOCAL_BASE);
    }
  }
  if (!even)
    for (uint32_t k = active; k; k &= k - 1) {   /* the active lanes, lowest first (no branch per lane) */
      uint64_t a = addr[__builtin_ctz(k)];
      window |= (uint64_t)((a - GENERIC_SHARED_BASE < GENERIC_WINDOW) | (a - GENERIC_LOCAL_BASE < GENERIC_WINDOW));
      bits |= a;
      lo = a < lo ? a : lo;
      hi = a > hi ? a : hi;
    }
  if (space == ISA_SP_GENERIC && window) return NULL;
  if (size > 1 && (bits & (size - 1))) return NULL;
  if (hi > UINT64_MAX - size) return NULL;
  if (is_store && lo < c->d->watch_hi && hi + size > c->d->watch_lo) return NULL;
  return emu_find_alloc(c->d, lo, hi + size - lo);
}

/* The same for a CTA's own memories, shared memory and an assist warp's
 * line buffers: the host address of the space's byte 0 when every active
 * lane's access of 'size' bytes is aligned and inside it (and allowed: .lin
 * is read-only, .lmeta writable below byte 8, as locate says); else NULL. */
static uint8_t *one_window(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned size, int is_store) {
  uint8_t *base;
  uint64_t n;
  switch (space) {
  case ISA_SP_SHARED: case ISA_SP_SHARED_CTA: base = c->shared; n = c->shared_bytes; c->shared_written |= (uint8_t)(is_store != 0); break;
  case ISA_SP_LIN: if (!c->line || is_store) return NULL; base = (uint8_t *)c->line->in; n = c->line->in_bytes; break;
  case ISA_SP_LOUT: if (!c->line) return NULL; base = c->line->out; n = c->line->out_bytes; break;
  case ISA_SP_LMETA: if (!c->line) return NULL; base = c->line->meta; n = is_store ? 8 : 32; break;
  default: return NULL;
  }
  if (!active || size > n) return NULL;
  uint64_t hi = 0, bits = 0;
  for (int l = 0; l < WARP; l++) {   /* (an inactive lane counts as address 0: no branch per lane) */
    uint64_t a = active >> l & 1 ? addr[l] : 0;
    bits |= a;
    hi = a > hi ? a : hi;
  }
  if ((size > 1 && (bits & (size - 1))) || hi > n - size) return NULL;
  return base;
}

/* Each active lane's value of 'bytes' (1, 2, 4, 8) at base + (addr - off), sign-extended when sgn. */
static void gather(uint64_t *val, const uint8_t *base, uint64_t off, const uint64_t *addr, uint32_t active, unsigned bytes, int sgn) {
#define GATHER(N)                                                                 \
  for (int l = 0; l < WARP; l++)                                                  \
    if (active >> l & 1) {                                                        \
      uint64_t v = load_value(base + (addr[l] - off), N);                         \
      val[l] = sgn ? (uint64_t)sext_w(v, 8 * (N)) : v;                            \
    }
  switch (bytes) {
  case 1: GATHER(1) break;
  case 2: GATHER(2) break;
  case 4: GATHER(4) break;
  default: GATHER(8) break;
  }
#undef GATHER
}

/* gather's converse: each active lane's value, 'bytes' (1, 2, 4, 8) of it, to base + (addr - off). */
static void scatter(uint8_t *base, uint64_t off, const uint64_t *addr, uint32_t active, unsigned bytes, const uint64_t *val) {
#define SCATTER(N) for (int l = 0; l < WARP; l++) if (active >> l & 1) store_value(base + (addr[l] - off), val[l], N);
  switch (bytes) {
  case 1: SCATTER(1) break;
  case 2: SCATTER(2) break;
  case 4: SCATTER(4) break;
  default: SCATTER(8) break;
  }
#undef SCATTER
}

static int exec_ld(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t addr[WARP];
  int space = emu_addresses(c, w, in->space, &in->o[1], addr);
  unsigned bytes = tbits[in->t0] / 8, n = (unsigned)isa_vec_count(in->vec);
  if (!bytes) bytes = 1;
  if (c->issue) emu_note_access(c, space, addr, active, bytes * n);
  uint64_t val[8][WARP];
  /* every lane reading one address of a memory the lanes share (a kernel
   * parameter, a constant, a line buffer's word): resolved once.  Not local
   * memory, a function's parameters or a generic address: those are each
   * thread's own.  An address without a register is every lane's: that is
   * known before looking for the lanes' common allocation or window. */
  uint32_t first = active ? (uint32_t)__builtin_ctz(active) : 0;
  int shareable = active &&
                  (space == ISA_SP_CONST || space == ISA_SP_SHARED || space == ISA_SP_SHARED_CTA || space == ISA_SP_GLOBAL ||
                   space == ISA_SP_LIN || space == ISA_SP_LOUT || space == ISA_SP_LMETA ||
                   (space == ISA_SP_PARAM && addr[first] < ((uint64_t)1 << 40)));
  int same = shareable && in->o[1].base != AB_REG;
  emu_alloc *one = same ? NULL : one_alloc(c, space, addr, active, bytes * n, 0);
  uint8_t *win = one || same ? NULL : one_window(c, space, addr, active, bytes * n, 0);
  int uniform = !one && !win && shareable;
  if (uniform && in->o[1].base == AB_REG) {   /* (an address without a register is every lane's; no early exit: the loop vectorizes) */
    uint64_t differ = 0;
    for (int l = 0; l < WARP; l++) differ |= (active >> l & 1) ? addr[l] ^ addr[first] : 0;
    uniform = !differ;
  }
  uint8_t *shared_p = uniform ? emu_resolve(c, w, pc, first, space, addr[first], bytes * n, 0) : NULL;
  if (uniform && !shared_p) return -1;
  if ((one || win) && bytes <= 8 && tbits[in->t0] == 8 * bytes) {   /* the common case: a scalar (or vector) per lane from one piece of memory */
    const uint8_t *base = one ? one->data : win;
    uint64_t off = one ? one->addr : 0;
    int sgn = tkind[in->t0] == TK_SGN;
    /* element e of lane l is at base + (addr[l] - off) + e * bytes; element 0
     * outside the loop keeps a scalar's path as short as it was */
    gather(val[0], base, off, addr, active, bytes, sgn);
    for (unsigned e = 1; e < n; e++) gather(val[e], base, off - (uint64_t)e * bytes, addr, active, bytes, sgn);
  } else if (uniform)   /* one value for every lane (a kernel parameter): converted once */
    for (unsigned e = 0; e < n; e++) {
      uint64_t v = as_type(load_value(shared_p + e * bytes, bytes), in->t0);
      for (int l = 0; l < WARP; l++) val[e][l] = v;
    }
  else
    for (int l = 0; l < WARP; l++) {
      if (!(active >> l & 1)) continue;
      uint8_t *p = one ? one->data + (addr[l] - one->addr) : win ? win + addr[l]
                       : shared_p ? shared_p : emu_resolve(c, w, pc, (uint32_t)l, space, addr[l], bytes * n, 0);
      if (!p) return -1;
      for (unsigned e = 0; e < n; e++) val[e][l] = as_type(load_value(p + e * bytes, bytes), in->t0);
    }
  if (in->space == ISA_SP_PARAM) c->d->stats.param_loads += (uint64_t)emu_popc32(active);
  else c->d->stats.loads += (uint64_t)emu_popc32(active);
  const emu_opnd *d = &in->o[0];
  if (d->kind == OK_VEC) {
    for (unsigned e = 0; e < n; e++) write_dst(w, &c->m->elems[d->elem_first + e], val[e], active);
  } else write_dst(w, d, val[0], active);
  return 0;
}

static int exec_st(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t addr[WARP], tmp[8][WARP];
  int space = emu_addresses(c, w, in->space, &in->o[0], addr);
  unsigned bytes = tbits[in->t0] / 8, n = (unsigned)isa_vec_count(in->vec);
  if (!bytes) bytes = 1;
  if (c->issue) emu_note_access(c, space, addr, active, bytes * n);
  const uint64_t *val[8];
  const emu_opnd *s = &in->o[1];
  if (s->kind == OK_VEC) for (unsigned e = 0; e < n; e++) val[e] = src(c, w, &c->m->elems[s->elem_first + e], tmp[e]);
  else val[0] = src(c, w, s, tmp[0]);
  emu_alloc *one = one_alloc(c, space, addr, active, bytes * n, 1);
  uint8_t *win = one ? NULL : one_window(c, space, addr, active, bytes * n, 1);
  if ((one || win) && bytes <= 8) {   /* the common case: a scalar (or vector) per lane into one piece of memory */
    uint8_t *base = one ? one->data : win;
    uint64_t off = one ? one->addr : 0;
    scatter(base, off, addr, active, bytes, val[0]);   /* (laid out and peeled as in exec_ld) */
    for (unsigned e = 1; e < n; e++) scatter(base, off - (uint64_t)e * bytes, addr, active, bytes, val[e]);
  } else
    for (int l = 0; l < WARP; l++) {
      if (!(active >> l & 1)) continue;
      uint8_t *p = one ? one->data + (addr[l] - one->addr) : win ? win + addr[l] : emu_resolve(c, w, pc, (uint32_t)l, space, addr[l], bytes * n, 1);
      if (!p) return -1;
      for (unsigned e = 0; e < n; e++) store_value(p + e * bytes, val[e][l], bytes);
    }
  if (in->space == ISA_SP_PARAM) c->d->stats.param_stores += (uint64_t)emu_popc32(active);
  else c->d->stats.stores += (uint64_t)emu_popc32(active);
  return 0;
}

static uint64_t atomic_op(int op, int t, uint64_t old, uint64_t b, uint64_t cv) {
  unsigned wb = tbits[t];
  int k = tkind[t];
  switch (op) {
  case ISA_ATOMOP(AADD):
    if (k == TK_FLT) return wb == 32 ? B32(F32(old) + F32(b)) : B64(F64(old) + F64(b));
    return trunc_w(old + b, wb);
  case ISA_ATOMOP(AMIN): case ISA_ATOMOP(AMAX): {
    int min = op == ISA_ATOMOP(AMIN);
    int lt = k == TK_SGN ? sext_w(b, wb) < sext_w(old, wb) : trunc_w(b, wb) < trunc_w(old, wb);
    if (k == TK_FLT) {
      if (wb == 32) return B32(min ? fmin32(F32(old), F32(b)) : fmax32(F32(old), F32(b)));
      return B64(min ? fmin64(F64(old), F64(b)) : fmax64(F64(old), F64(b)));
    }
    return min == lt ? trunc_w(b, wb) : trunc_w(old, wb);
  }
  case ISA_ATOMOP(AINC): return trunc_w(old, wb) >= trunc_w(b, wb) ? 0 : trunc_w(old + 1, wb);
  case ISA_ATOMOP(ADEC): return (trunc_w(old, wb) == 0 || trunc_w(old, wb) > trunc_w(b, wb)) ? trunc_w(b, wb) : trunc_w(old - 1, wb);
  case ISA_ATOMOP(AAND): return old & b;
  case ISA_ATOMOP(AOR): return old | b;
  case ISA_ATOMOP(AXOR): return old ^ b;
  case ISA_ATOMOP(AEXCH): return trunc_w(b, wb);
  case ISA_ATOMOP(ACAS): return trunc_w(old, wb) == trunc_w(b, wb) ? trunc_w(cv, wb) : old;
  default: return old;
  }
}

static int exec_atom(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  int is_red = in->op == ISA_OP_RED;
  const emu_opnd *mo = &in->o[is_red ? 0 : 1];
  uint64_t addr[WARP], ta[WARP], tc[WARP], out[WARP];
  int space = emu_addresses(c, w, in->space, mo, addr);
  const uint64_t *b = src(c, w, &in->o[is_red ? 1 : 2], ta);
  const uint64_t *cv = in->nopnd > 3 ? src(c, w, &in->o[3], tc) : b;
  unsigned bytes = tbits[in->t0] / 8;
  if (c->issue) emu_note_access(c, space, addr, active, bytes);
  for (int l = 0; l < WARP; l++) {   /* lanes in order: the result is deterministic */
    if (!(active >> l & 1)) continue;
    uint8_t *p = emu_resolve(c, w, pc, (uint32_t)l, space, addr[l], bytes, 2);
    if (!p) return -1;
    uint64_t old = load_value(p, bytes);
    store_value(p, atomic_op(in->sub, in->t0, old, b[l], cv[l]), bytes);
    out[l] = as_type(old, in->t0);
  }
  c->d->stats.atomics += (uint64_t)emu_popc32(active);
  if (!is_red) write_dst(w, &in->o[0], out, active);
  return 0;
}

/* X_MEM: ld, ldu, st, atom, red, tex, prefetch, prefetchu, applypriority, discard. */
EMU_CLONES
int emu_exec_mem(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  switch (in->op) {
  /* ld: d = mem[a] (b: the cache policy of .L2::cache_hint)
   * ldu: d = mem[a], the same address in every lane */
  case ISA_OP_LD: case ISA_OP_LDU: return exec_ld(c, w, pc, in, active);
  /* st: mem[a] = b (c: the cache policy of .L2::cache_hint)
   * (cache hints and policies may change where a line stays, never a value; the timing model does not model them yet) */
  case ISA_OP_ST: return exec_st(c, w, pc, in, active);
  /* atom: d = mem[a]; mem[a] = d OP b (cas: d == b ? c : d)
   * red: mem[a] = mem[a] OP b */
  case ISA_OP_ATOM: case ISA_OP_RED: return exec_atom(c, w, pc, in, active);
  /* tex: d = the four channels of texture object a at coordinates b, addressed and filtered as its sampler says
   * (texture.c) */
  case ISA_OP_TEX: return emu_exec_tex(c, w, pc, in, active);
  /* prefetch: bring the line holding a into the named cache level
   * prefetchu: bring the line holding a into the uniform cache
   * (membar and fence: emu_exec_sync, exec_warp.c) */
  case ISA_OP_PREFETCH: case ISA_OP_PREFETCHU:
    if (c->issue) {   /* no effect on results; the timing model moves the lines */
      uint64_t addr[WARP];
      emu_note_access(c, emu_addresses(c, w, in->space, &in->o[0], addr), addr, active, 1);
    }
    return 0;
  /* applypriority: give the 128 bytes at a the L2 eviction priority named (.L2::evict_normal); no effect on values
   * discard: the 128 bytes at a may be dropped from L2 unwritten (their value becomes indeterminate: here it stays)
   * (each lane's 128 bytes must be global memory, 128-aligned) */
  case ISA_OP_APPLYPRIO: case ISA_OP_DISCARD: {
    uint64_t addr[WARP];
    int space = emu_addresses(c, w, in->space, &in->o[0], addr);
    for (int l = 0; l < WARP; l++) {
      if (!(active >> l & 1)) continue;
      if (addr[l] % 128) { emu_fault(c, w, pc, (uint32_t)l, 1, addr[l], "%s: the address is not a multiple of 128", isa_ops[in->op].name); return -1; }
      if (space == ISA_SP_GENERIC && (addr[l] - GENERIC_SHARED_BASE < GENERIC_WINDOW || addr[l] - GENERIC_LOCAL_BASE < GENERIC_WINDOW)) {
        emu_fault(c, w, pc, (uint32_t)l, 1, addr[l], "%s works on global memory; this generic address is not in it", isa_ops[in->op].name); return -1;
      }
      if (!emu_resolve(c, w, pc, (uint32_t)l, ISA_SP_GLOBAL, addr[l], 128, 0)) return -1;
    }
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}

/* X_STACK: alloca, stacksave, stackrestore. */
int emu_exec_stack(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t D[WARP];
  switch (in->op) {
  /* alloca: d = a .local address of a bytes more on this thread's stack, aligned to b (default 8)
   * stacksave: d = the stack pointer (a .local address)
   * stackrestore: the stack pointer = a (a value stacksave returned), freeing what alloca took since
   * (the stack is the warp's local memory above the frames, one pointer for its lanes: alloca
   * takes the most any active lane asks for; it grows upwards here, which no valid program sees) */
  case ISA_OP_ALLOCA: case ISA_OP_STACKSAVE: case ISA_OP_STACKRESTORE: {
    const frame *f = &w->frames[w->nframes - 1];
    uint32_t floor = f->local_base + c->m->funcs[f->func].frame_bytes;
    if (in->op == ISA_OP_STACKSAVE) { LANES D[l] = w->local_top; write_dst(w, &in->o[0], D, active); return 0; }
    const uint64_t *a = S(in->op == ISA_OP_ALLOCA ? 1 : 0);
    if (in->op == ISA_OP_STACKRESTORE) {
      uint64_t sp = a[__builtin_ctz(active)];
      for (int l = 0; l < WARP; l++)
        if ((active >> l & 1) && a[l] != sp) { emu_fault(c, w, pc, (uint32_t)l, 0, 0, "stackrestore: lane %d's stack pointer differs from lane %d's", l, __builtin_ctz(active)); return -1; }
      if (sp < floor || sp > w->local_top) {
        emu_fault(c, w, pc, EMU_ANYLANE, 1, sp, "stackrestore to a stack pointer outside the function's stack (%u to %u): not a value stacksave returned", floor, w->local_top);
        return -1;
      }
      w->local_top = (uint32_t)sp;
      return 0;
    }
    uint64_t align = in->nopnd > 2 ? (uint64_t)in->o[2].imm : 8, size = 0;
    for (int l = 0; l < WARP; l++) if ((active >> l & 1) && a[l] > size) size = a[l];
    uint64_t p = ((uint64_t)w->local_top + align - 1) & ~(align - 1);
    if (p + size > LOCAL_LIMIT || w->reg_bytes + p + size > c->d->max_frame_bytes) {
      emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "alloca of %llu bytes: the stack limit is reached (%u bytes of local memory in use, at most %u per thread for registers and local memory)",
            (unsigned long long)size, w->local_top, c->d->max_frame_bytes);
      return -1;
    }
    if (emu_ensure_local(c, w, (uint32_t)(p + size), pc)) return -1;
    w->local_top = (uint32_t)(p + size);
    LANES D[l] = p;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}
