/* emu/core/exec_warp.c -- the warp-wide family (isa/opcodes.def: X_WARP: shfl, vote,
 * activemask, redux, match, elect, awand) and the synchronization family (X_SYNC:
 * barriers, fences, nanosleep and the hints that change no value).
 */
#include "lanes.h"

/* X_WARP: shfl, vote, activemask, awand, redux, match, elect. */
EMU_CLONES
int emu_exec_warp(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t Dbuf[WARP], *D = dst_lanes(w, in, active, Dbuf);
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  switch (in->op) {
  /* shfl: d = a from the lane chosen by the mode, b and c (membermask last) */
  case ISA_OP_SHFL: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    uint64_t Q[WARP];
    LANES {
      uint32_t lane = (uint32_t)l, bval = (uint32_t)b[l] & 31, cval = (uint32_t)cc[l] & 31, seg = ((uint32_t)cc[l] >> 8) & 31;
      uint32_t maxl = (lane & seg) | (cval & ~seg), minl = lane & seg;
      int32_t j;
      int pv;
      switch (in->sub) {
      case 1: j = (int32_t)lane - (int32_t)bval; pv = j >= (int32_t)maxl; break;
      case 2: j = (int32_t)(lane + bval); pv = j <= (int32_t)maxl; break;
      case 3: j = (int32_t)(lane ^ bval); pv = j <= (int32_t)maxl; break;
      default: j = (int32_t)(minl | (bval & ~seg)); pv = j <= (int32_t)maxl; break;
      }
      if (!pv) j = (int32_t)lane;
      D[l] = trunc_w(a[j & 31], 32);
      Q[l] = (uint64_t)pv;
    }
    write_pair(w, &in->o[0], D, Q, active);
    return 0;
  }
  /* vote: d = all/any/uni of a over the members, or the ballot mask */
  case ISA_OP_VOTE: {
    const uint64_t *p = S(1);
    uint32_t member = 0xffffffffu;
    if (in->nopnd > 2) member = (uint32_t)S(2)[__builtin_ctz(active)];
    uint32_t m = active & member, pm = pred_mask(p, in->o[1].neg) & m;
    uint64_t v;
    switch (in->sub) {
    case 1: v = pm == m; break;
    case 2: v = pm != 0; break;
    case 3: v = pm == 0 || pm == m; break;
    default: v = pm; break;
    }
    LANES D[l] = v;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* activemask: d = the mask of active lanes */
  case ISA_OP_ACTIVEMASK: {
    LANES D[l] = active;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* awand: d = AND of a over the active lanes, in every active lane (the global predicate) */
  case ISA_OP_AWAND: {
    const uint64_t *p = S(1);
    uint64_t v = (pred_mask(p, in->o[1].neg) & active) == active;
    LANES D[l] = v;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* redux: d = a reduced over the member lanes with the operation (add/min/max on .u32/.s32, and/or/xor on .b32)
   * (the members are the active lanes of membermask; add wraps at 32 bits) */
  case ISA_OP_REDUX: {
    const uint64_t *a = S(1);
    uint32_t m = active & (uint32_t)S(2)[__builtin_ctz(active)];
    uint32_t v = 0;
    int first = 1;
    for (uint32_t r = m, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
      uint32_t x = (uint32_t)a[l];
      if (first) { v = x; first = 0; continue; }
      switch (in->sub) {
      case ISA_ATOMOP(AADD): v += x; break;
      case ISA_ATOMOP(AMIN): v = k0 == TK_SGN ? ((int32_t)x < (int32_t)v ? x : v) : (x < v ? x : v); break;
      case ISA_ATOMOP(AMAX): v = k0 == TK_SGN ? ((int32_t)x > (int32_t)v ? x : v) : (x > v ? x : v); break;
      case ISA_ATOMOP(AAND): v &= x; break;
      case ISA_ATOMOP(AOR): v |= x; break;
      default: v ^= x; break;
      }
    }
    LANES D[l] = v;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* match: d = the member lanes whose a equals this lane's (.any), or all of them if every a is equal (.all, p: whether it is)
   * (the members are the active lanes of membermask) */
  case ISA_OP_MATCH: {
    const uint64_t *a = S(1);
    uint32_t m = active & (uint32_t)S(2)[__builtin_ctz(active)];
    uint64_t mask = w0 == 64 ? ~0ull : 0xffffffffull, Q[WARP];
    if (in->sub == ISA_SUB(VALL, VALL)) {
      uint64_t x0 = a[__builtin_ctz(active)] & mask;
      int all = 1;
      for (uint32_t r = m, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) all &= (a[l] & mask) == x0;
      LANES { D[l] = all ? m : 0; Q[l] = (uint64_t)all; }
    } else {
      LANES {
        uint32_t same = 0;
        for (uint32_t r = m, j; r && (j = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) if ((a[j] & mask) == (a[l] & mask)) same |= 1u << j;
        D[l] = same;
        Q[l] = 0;
      }
    }
    write_pair(w, &in->o[0], D, Q, active);
    return 0;
  }
  /* elect: d = the lane elected among the member lanes (the lowest active), p = whether it is this one */
  case ISA_OP_ELECT: {
    uint32_t m = active & (uint32_t)S(1)[__builtin_ctz(active)];
    uint32_t leader = m ? (uint32_t)__builtin_ctz(m) : 0;
    uint64_t Q[WARP];
    LANES { D[l] = leader; Q[l] = m && (uint32_t)l == leader; }
    write_pair(w, &in->o[0], D, Q, active);
    return 0;
  }
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}

/* X_SYNC: membar, fence, nanosleep, bar, barrier, bar.red, barrier.red, bar.warp, griddepcontrol, setmaxnreg;
 * 2 when the warp waits at a barrier. */
EMU_CLONES
int emu_exec_sync(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  switch (in->op) {
  /* membar: order this thread's memory accesses at the scope
   * fence: memory fence with the named semantics and scope */
  case ISA_OP_MEMBAR: case ISA_OP_FENCE:
  /* nanosleep: suspend the thread for about a nanoseconds (PTX ISA: within [0, 2a], at most
   * 1 ms); no effect on results: the timing model suspends the warp for its lanes' longest */
  case ISA_OP_NANOSLEEP:
    if (c->issue) {
      const uint64_t *a = S(0);
      uint32_t ns = 0;
      LANES if ((active >> l & 1) && (uint32_t)a[l] > ns) ns = (uint32_t)a[l];
      c->issue->sleep_ns = ns < 1000000 ? ns : 1000000;
    }
    return 0;
  /* bar: wait at barrier a (for b threads) across the CTA
   * barrier: the same as bar
   * bar.arrive: arrive at barrier a (b threads complete it) without waiting
   * bar.red: as bar.sync a{, b}; then d = over the threads that arrived: how many have c true (.popc.u32), whether all (.and.pred) or any (.or.pred) have
   * barrier.red: the same as bar.red
   * (a reduction's threads are the lanes that execute it: exited lanes count as arrived, as at
   * bar.sync, and add nothing to it; emu_barrier_release writes d when the barrier completes) */
  case ISA_OP_BAR: case ISA_OP_BARRIER: case ISA_OP_BARRED: case ISA_OP_BARRIERRED: {
    if (c->line) { emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "a barrier in an assist warp (it is one warp: nothing to wait for)"); return -1; }   /* (every driver alike) */
    uint32_t red = in->op == ISA_OP_BARRED || in->op == ISA_OP_BARRIERRED ? in->sub : 0;   /* (ISA_SUB(BRPOPC, BRPOPC) ...) */
    uint32_t first = red ? 1 : 0;   /* bar.red's d comes first, its c last */
    const uint64_t *a = S(first), *b = in->nopnd > first + (red ? 2 : 1) ? S(first + 1) : NULL;
    uint32_t id = 0, count = 0, l0 = (uint32_t)__builtin_ctz(active);
    id = (uint32_t)a[l0];
    if (b) count = (uint32_t)b[l0];
    int arrive = in->sub == ISA_SUB(BARRIVE, BSYNC) && !red;
    if (id > 15) { emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "barrier number %u is out of range (0-15)", id); return -1; }
    if (b && (!count || count % WARP)) { emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "barrier %u: a thread count of %u (it must be a nonzero multiple of the warp size, 32)", id, count); return -1; }
    if (count > c->nwarps * WARP) { emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "barrier %u waits for %u threads; the CTA has %u warps (%u threads at most)", id, count, c->nwarps, c->nwarps * WARP); return -1; }
    if (c->bar_threads[id] && c->bar_expect[id] != count) {
      emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "barrier %u: %s here, while %u threads arrived for %s", id, count ? "a count of threads" : "the whole CTA",
            c->bar_threads[id], c->bar_expect[id] ? "a count of threads" : "the whole CTA");
      return -1;
    }
    if (c->bar_threads[id] && c->bar_red[id] != red) {   /* the PTX ISA: unpredictable */
      static const char *const what[4] = { "bar.sync or bar.arrive", "bar.red.popc", "bar.red.and", "bar.red.or" };
      emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "barrier %u: %s here, while %u threads arrived with %s", id, what[red & 3], c->bar_threads[id], what[c->bar_red[id] & 3]);
      return -1;
    }
    c->bar_expect[id] = count;
    c->bar_threads[id] += WARP;
    c->bar_red[id] = red;
    w->bar_dst = NULL;
    if (red) {
      const emu_opnd *pc_op = &in->o[in->nopnd - 1];
      c->bar_true[id] += (uint32_t)__builtin_popcount(pred_mask(S(in->nopnd - 1), pc_op->neg) & active);
      c->bar_part[id] += (uint32_t)__builtin_popcount(active);
      w->bar_dst = &in->o[0];
      w->bar_lanes = active;
    }
    c->d->stats.barriers++;
    if (arrive) return 0;   /* (emu_barrier_release completes the barrier, when this arrival was its last) */
    w->state = W_BARRIER;
    w->bar_id = id;
    return 2;
  }
  /* bar.warp: wait until the lanes in mask a arrive */
  case ISA_OP_BARWARP:
    return 0;   /* the lanes of a warp execute in lockstep here */
  /* griddepcontrol.launch_dependents: let the grids that depend on this one start (launches run one after another here: no effect)
   * griddepcontrol.wait: wait until the grids this one depends on have completed (they have, launches run one after another)
   * setmaxnreg.inc: raise the warp's register count to a (24 to 256, a multiple of 8); no effect on results
   * setmaxnreg.dec: lower the warp's register count to a (24 to 256, a multiple of 8); no effect on results */
  case ISA_OP_GDCLAUNCH: case ISA_OP_GDCWAIT: case ISA_OP_SETMAXNREGINC: case ISA_OP_SETMAXNREGDEC:
    return 0;
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}
