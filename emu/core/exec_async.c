/* emu/core/exec_async.c -- the asynchronous family (isa/opcodes.def: X_ASYNC): cp.async,
 * its groups, and the mbarrier objects.
 */
#include "lanes.h"

/* ---- asynchronous copies and mbarrier objects (PTX ISA "cp.async", "mbarrier") ----
 *
 * cp.async copies when it executes (the copy may land any time before the
 * thread waits for it; here it lands at once), so cp.async.wait_group and
 * wait_all have nothing left to wait for: they order nothing the emulator
 * could get wrong.  The timing model decides when a copy lands and holds a
 * warp at wait_group until its groups have (emu/timing/sm.c).
 *
 * An mbarrier object is the 8 bytes at its address in shared memory: bits
 * 0-19 the arrivals pending in the current phase, 20-39 the arrivals
 * expected per phase, 63 the current phase's parity; 0 means not
 * initialized (or invalidated).  The state mbarrier.arrive returns is the
 * object as it was before the arrival. */
#define MB_PENDING(x)  ((uint32_t)((x) & 0xfffff))
#define MB_EXPECTED(x) ((uint32_t)((x) >> 20 & 0xfffff))
#define MB_PHASE(x)    ((uint32_t)((x) >> 63))
static uint64_t mb_word(uint32_t pending, uint32_t expected, uint32_t phase) {
  return (uint64_t)pending | (uint64_t)expected << 20 | (uint64_t)phase << 63;
}

/* The mbarrier object lane l addresses: in shared memory (generic addresses
 * must point there), 8-byte aligned; NULL after a fault. */
static uint8_t *mb_object(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t l, uint64_t a) {
  int space = in->space;
  if (space == ISA_SP_GENERIC) {
    if (a - GENERIC_SHARED_BASE >= GENERIC_WINDOW) {
      emu_fault(c, w, pc, l, 1, a, "%s: the mbarrier object must be in shared memory", isa_ops[in->op].name);
      return NULL;
    }
    space = ISA_SP_SHARED;
    a -= GENERIC_SHARED_BASE;
  }
  return emu_resolve(c, w, pc, l, space, a, 8, 1);
}

/* The object at p (lane l's, at addr) as it is; -1 after a fault when it is not initialized. */
static int mb_read(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t l, uint64_t addr, const uint8_t *p, uint64_t *x) {
  *x = load_value(p, 8);
  if (MB_EXPECTED(*x)) return 0;
  emu_fault(c, w, pc, l, 1, addr, "%s: the mbarrier object is not initialized (mbarrier.init) or was invalidated", isa_ops[in->op].name);
  return -1;
}

/* Lane l arrives 'count' times on the object at p (drop: and leaves it);
 * returns the object before, or sets *bad after a fault. */
static uint64_t mb_arrive(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t l, uint64_t addr, uint8_t *p,
                          uint32_t count, int drop, int *bad) {
  uint64_t x;
  if (mb_read(c, w, pc, in, l, addr, p, &x)) { *bad = 1; return 0; }
  uint32_t pending = MB_PENDING(x), expected = MB_EXPECTED(x), phase = MB_PHASE(x);
  const char *name = isa_ops[in->op].name;
  if (!count || count > pending) {
    emu_fault(c, w, pc, l, 1, addr, "%s: %u arrival%s on an mbarrier with %u pending in its phase", name, count, count == 1 ? "" : "s", pending);
    *bad = 1;
    return 0;
  }
  if (drop) expected -= count;
  pending -= count;
  if (!pending) {
    if (in->flags & FL_NOCOMPLETE) { emu_fault(c, w, pc, l, 1, addr, "%s.noComplete: the arrival completes the phase", name); *bad = 1; return 0; }
    phase ^= 1;
    pending = expected;
  }
  store_value(p, expected ? mb_word(pending, expected, phase) : 0, 8);
  c->mb_writes++;
  return x;
}

/* cp.async, its groups and the mbarrier instructions.  Returns 0, 3 when a
 * wait found its phase not complete in some lane (the warp spins: a
 * functional driver lets the others run), -1 on a fault. */
int emu_exec_async(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t D[WARP], addr[WARP];
  switch (in->op) {
  /* cp.async: shared [a] = c bytes (4, 8, 16) of global [b], in the background; those past the source size d (0 when d is a true ignore-src predicate) are zero */
  case ISA_OP_CPASYNC: {
    uint64_t src_addr[WARP];
    emu_addresses(c, w, in->space, &in->o[0], addr);
    emu_addresses(c, w, ISA_SP_GLOBAL, &in->o[1], src_addr);
    uint32_t size = (uint32_t)in->o[2].imm;
    const uint64_t *srcsz = NULL;
    int ignore = 0;
    if (in->nopnd > 3) {
      srcsz = S(3);
      ignore = in->o[3].kind == OK_REG && c->m->funcs[in->func].slot_type[in->o[3].reg] == ISA_T_PRED;
    }
    if (c->issue) emu_note_access(c, ISA_SP_GLOBAL, src_addr, active, size);
    for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
      uint32_t n = !srcsz ? size : ignore ? (srcsz[l] & 1 ? 0 : size) : (uint32_t)srcsz[l];
      if (n > size) { emu_fault(c, w, pc, l, 0, 0, "cp.async: source size %u is more than the %u bytes it copies", n, size); return -1; }
      uint8_t *to = emu_resolve(c, w, pc, l, in->space, addr[l], size, 1);
      if (!to) return -1;
      uint8_t buf[16] = { 0 };
      if (n) {
        /* the source is read whole (cp-size bytes, aligned), as the hardware moves it; only n of them are copied */
        const uint8_t *from = emu_resolve(c, w, pc, l, ISA_SP_GLOBAL, src_addr[l], size, 0);
        if (!from) return -1;
        memcpy(buf, from, n);
      }
      memcpy(to, buf, size);
    }
    c->d->stats.loads += (uint64_t)emu_popc32(active);
    return 0;
  }
  /* cp.async.commit_group: close this thread's cp.async not yet in a group into a new group
   * cp.async.wait_group: wait until at most a of this thread's newest groups are pending
   * cp.async.wait_all: commit a group, then wait until none is pending */
  case ISA_OP_CPCOMMIT: case ISA_OP_CPWAIT: case ISA_OP_CPWAITALL:
    return 0;   /* every copy has landed (above) */
  /* cp.async.mbarrier.arrive: arrive on the mbarrier at a once this thread's cp.async are complete (without .noinc its pending count is raised by one first) */
  case ISA_OP_CPMBAR:
  /* mbarrier.arrive: arrive b times (default 1) on the mbarrier at a; d = its state before (the phase)
   * mbarrier.arrive_drop: arrive b times on the mbarrier at a and expect b fewer arrivals in later phases; d = its state before */
  case ISA_OP_MBARRIVE: case ISA_OP_MBDROP: {
    emu_addresses(c, w, in->space, &in->o[in->op == ISA_OP_CPMBAR ? 0 : 1], addr);
    if (c->issue) emu_note_access(c, in->space, addr, active, 8);
    const uint64_t *count = in->op != ISA_OP_CPMBAR && in->nopnd > 2 ? S(2) : NULL;
    int bad = 0;
    for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
      uint8_t *p = mb_object(c, w, pc, in, l, addr[l]);
      if (!p) return -1;
      if (in->op == ISA_OP_CPMBAR && !(in->flags & FL_NOINC)) {
        /* raised by one, then lowered by one when the copies are complete (now): only the check remains */
        uint64_t x;
        if (mb_read(c, w, pc, in, l, addr[l], p, &x)) return -1;
        continue;
      }
      D[l] = mb_arrive(c, w, pc, in, l, addr[l], p, count ? (uint32_t)count[l] : 1, in->op == ISA_OP_MBDROP, &bad);
      if (bad) return -1;
    }
    if (in->op != ISA_OP_CPMBAR) write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* mbarrier.init: the mbarrier at a expects b arrivals per phase; phase 0, b pending
   * mbarrier.inval: the mbarrier at a is no longer valid */
  case ISA_OP_MBINIT: case ISA_OP_MBINVAL: {
    emu_addresses(c, w, in->space, &in->o[0], addr);
    if (c->issue) emu_note_access(c, in->space, addr, active, 8);
    const uint64_t *count = in->op == ISA_OP_MBINIT ? S(1) : NULL;
    for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
      uint8_t *p = mb_object(c, w, pc, in, l, addr[l]);
      if (!p) return -1;
      uint32_t k = count ? (uint32_t)count[l] : 0;
      if (count && (k < 1 || k > 0xfffff)) { emu_fault(c, w, pc, l, 1, addr[l], "mbarrier.init: the count is 1 to 1048575, not %u", k); return -1; }
      store_value(p, count ? mb_word(k, k, 0) : 0, 8);
      c->mb_writes++;
    }
    return 0;
  }
  /* mbarrier.test_wait: p = the phase of state b (or of parity b) of the mbarrier at a has completed
   * mbarrier.try_wait: as test_wait, after waiting up to c ns for the phase to complete
   * (a phase is complete when the object's parity is no longer the phase's) */
  case ISA_OP_MBTEST: case ISA_OP_MBTRY: {
    emu_addresses(c, w, in->space, &in->o[1], addr);
    if (c->issue) emu_note_access(c, in->space, addr, active, 8);
    const uint64_t *st = S(2);
    int parity = (in->flags & FL_PARITY) != 0, spin = 0;
    for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
      uint8_t *p = mb_object(c, w, pc, in, l, addr[l]);
      if (!p) return -1;
      uint64_t x;
      if (mb_read(c, w, pc, in, l, addr[l], p, &x)) return -1;
      uint32_t waited = parity ? (uint32_t)st[l] & 1 : MB_PHASE(st[l]);
      D[l] = MB_PHASE(x) != waited;
      spin |= !D[l];
    }
    write_dst(w, &in->o[0], D, active);
    return spin ? 3 : 0;
  }
  /* mbarrier.pending_count: d = the pending arrivals recorded in the state a */
  case ISA_OP_MBPENDING: {
    const uint64_t *st = S(1);
    LANES D[l] = MB_PENDING(st[l]);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "internal: %s reached emu_exec_async", isa_ops[in->op].name);
    return -1;
  }
}
