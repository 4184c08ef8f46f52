/* emu/core/exec_int.h -- the executor's run-time state: CTAs, warps, frames and
 * the reconvergence stack, shared by the core (emu/core/) and the debugger
 * (debug.c), which reads and changes it while the executor is stopped in a
 * hook.
 *
 * Contract: between two instructions (an EMU_EV_INSN hook) every field below
 * is consistent; the top frame of a warp is the function its top stack entry
 * runs in.  The debugger may change register cells and memory; it never
 * changes stacks, frames or warp states.
 */
#ifndef AWEMU_EXEC_INT_H
#define AWEMU_EXEC_INT_H

#include "emu_int.h"

typedef struct { uint32_t pc, rpc, mask; uint32_t is_call; } simt_entry;

typedef struct {
  uint32_t func;
  uint64_t *regs;         /* nslots x 32 lanes */
  const uint64_t *slot_mask;   /* per slot: the bits its register holds (its function's emu_func.slot_mask) */
  uint32_t cap_slots;     /* room in regs: kept across frames and CTAs */
  uint32_t local_base;
  uint32_t caller_top;    /* the caller's stack pointer (local_top) at the call, restored at the return */
  uint32_t call_pc;       /* the call instruction, for copying return values */
} frame;

enum { W_READY, W_BARRIER, W_DONE };

typedef struct emu_warp {
  uint32_t id;
  uint32_t alive;         /* lanes that have not exited */
  int state;
  uint32_t bar_id;
  const emu_opnd *bar_dst; /* waiting at a bar.red: its destination, written when the barrier completes, */
  uint32_t bar_lanes;      /* in the lanes that took part */
  simt_entry *stack;
  uint32_t sp, cap;
  frame *frames;
  uint32_t nframes, capf, nbuilt;   /* nbuilt: frames whose buffers exist */
  uint8_t *local[WARP];
  uint32_t local_cap[WARP];
  uint32_t local_top;
  uint64_t reg_bytes;     /* 8 per register of every frame: with local_top, what the frame budget counts */
  uint64_t tid[3][WARP];
  uint64_t laneid[WARP];
  uint64_t clock;
  uint8_t cc[WARP];       /* carry flag of add.cc and friends */
  uint8_t killed;         /* an assist warp that ended with awkill */
  uint32_t start_mask;    /* an assist warp of a 'pc' trigger: its lanes (its parent's active mask at the label) */
  uint32_t fired;         /* pc + 1 of the 'pc' trigger it has set off on arriving at that pc (0: none) */
  uint64_t *keep;         /* the kept registers (.keep) of the module's subroutines for this warp: nkeep x 32 lanes (NULL until used) */
} warp;

struct emu_issue;

typedef struct emu_cta {
  aw_device *d;
  aw_module *m;
  uint32_t kfunc;
  aw_dim3 grid, block, cta;
  uint8_t *shared;
  uint32_t shared_bytes, dyn_shared;
  const uint8_t *params;
  uint32_t param_bytes;
  warp *warps;
  uint32_t nwarps;
  /* the 16 barriers (bar.sync a{, b}, bar.arrive a, b): threads arrived in this phase (a warp
   * counts as 32, as the PTX ISA counts an aligned barrier's arrivals), and the count that
   * completes it (0: every thread of the CTA; then every live warp must wait at it) */
  uint32_t bar_threads[16], bar_expect[16];
  /* and a reduction's (bar.red): its operation (ISA_SUB(BRPOPC, BRPOPC) ...; 0: bar.sync and bar.arrive),
   * the threads that took part and those whose predicate was true */
  uint32_t bar_red[16], bar_part[16], bar_true[16];
  aw_fault *fault;
  int faulted;
  aw_line *line;           /* an assist warp's line buffers, NULL for kernels */
  int has_parent;          /* an assist warp's parent (emu_assist_parent), named in its faults: */
  uint32_t parent_kfunc, parent_warp;   /* its kernel and warp, */
  aw_dim3 parent_cta;      /* and its block, as they were when it started */
  struct emu_issue *issue; /* while emu_step runs: where memory instructions note their lanes' addresses */
  uint64_t serial;         /* which CTA this is: the device's count of CTAs started (several may be resident) */
  uint32_t smid, nsmid;    /* %smid and %nsmid: the SM it runs on and how many (timing mode; functional: 0 of 1) */
  double ns_per_clock;     /* %globaltimer: nanoseconds per %clock64 tick (timing mode: the core clock's period; 0: functional, the tick count) */
  uint64_t mb_writes;       /* arrivals, inits and invalidations of mbarrier objects (a deadlock makes none) */
  uint64_t spin_mb;         /* emu_spin_watch: mb_writes when its rounds began, */
  uint32_t spin_rounds;     /* the rounds since in which every ready warp spun, */
  uint32_t spun;            /* and the warps that spun in this one (a bit each: 32 warps at most), */
  uint32_t spinners;        /* and in any round since (emu_spinning) */
  uint64_t scratch[8][WARP];
  uint8_t *own_shared;     /* an assist runner: its own shared memory, used when it has no parent CTA (shared then borrows the parent's) */
  uint32_t own_shared_bytes;
  uint8_t shared_written;  /* a store or atomic may have written shared memory since it was last zeroed (an
                            * assist runner's own is zeroed at its next start only then: the module's static
                            * shared memory, every kernel's, can be far larger than a subroutine touches) */
  struct emu_cta *aux;     /* functional mode: the runner of the subroutines its warps' 'pc' triggers start */
  aw_line aux_line;        /* and their (empty) line */
} cta;

/* Where lane 'lane' of warp w finds 'size' bytes at space-relative address
 * 'addr' of state space 'space' (ISA_SP_*; generic addresses are resolved).
 * NULL when the access is outside the space, misaligned or not allowed;
 * then 'why' (when not NULL) says so and *where_addr holds the address
 * the message names.  Never faults the kernel. */
uint8_t *emu_locate(cta *c, warp *w, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store,
                    char *why, size_t whycap);
/* half.c: the value of .f16 (bf = 0) or .bf16 (bf = 1) bits h; x (exact, or with two bits to
 * spare) rounded to one in cvt's mode rnd (1 rn, 2 rz, 3 rm, 4 rp; integer modes as rn). */
double emu_half_value(uint32_t h, int bf);
uint32_t emu_half_round(double x, int bf, int rnd);
/* The value of special register 'sreg' (component comp: 1 x, 2 y, 3 z) in every lane of w. */
void emu_sreg(cta *c, warp *w, uint32_t sreg, uint32_t comp, uint64_t *out);

#endif
