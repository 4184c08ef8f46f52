/* emu/core/exec_int.h -- the executor's run-time state: CTAs, warps, frames and
 * the reconvergence stack, shared by the executor (exec.c) and the debugger
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
/* printf.c: lane 'lane' of w calls vprintf(fmt, args) (generic addresses): the
 * text CUDA prints, malloc'd in *text (*len bytes; not NUL-terminated by
 * contract), and the number of arguments the format consumed; -1 (no text) for
 * a NULL format; -2 on a fault, with the reason in why and the address in *bad. */
int emu_printf(cta *c, warp *w, uint32_t lane, uint64_t fmt, uint64_t args, char **text, size_t *len,
               char *why, size_t whycap, uint64_t *bad);
/* Keeps the text one thread's printf call printed (block 'cta' in linear grid
 * order, thread 'thread' in linear block order) until the launch ends; -1 out of memory. */
int emu_print_keep(aw_device *d, uint64_t block, uint32_t thread, const char *text, size_t len);
/* At a launch's end: writes the kept texts ordered by block, thread and call
 * (so the order is the same in every mode and schedule), and forgets them. */
void emu_print_flush(aw_device *d);
/* half.c: op (ISA_OP_ADD, SUB, MUL, FMA, MIN, MAX, NEG, ABS) on the .f16, .f16x2,
 * .bf16 or .bf16x2 values a, b, c (c: fma only), rounded to nearest even, with
 * .ftz, .sat and .relu as the PTX ISA defines them. */
uint64_t emu_half_op(int op, int type, uint64_t a, uint64_t b, uint64_t c, int ftz, int sat, int relu);
/* The value of .f16 (bf = 0) or .bf16 (bf = 1) bits h; x (exact, or with two bits to
 * spare) rounded to one in cvt's mode rnd (1 rn, 2 rz, 3 rm, 4 rp; integer modes as rn). */
double emu_half_value(uint32_t h, int bf);
/* .relu on .f16 or .bf16 bits h: a negative value becomes +0; NaN and -0 stay. */
uint32_t emu_half_relu(uint32_t h, int bf);
uint32_t emu_half_round(double x, int bf, int rnd);
/* ex2.approx (op ISA_OP_EX2) or tanh.approx of the .f16 (bf = 0) or .bf16 bits h: computed
 * in double and rounded to nearest even once (within the PTX ISA's error bounds); a NaN
 * result is 0x7fff; .ftz flushes subnormal inputs and results to signed zero. */
uint32_t emu_half_func(int op, uint32_t h, int bf, int ftz);
/* exec.c's operands, memory and faults, for the instruction families kept in
 * files of their own: a source's 32 lane values (tmp: room when they are not
 * in a register), a destination written in the lanes of mask, each lane's
 * address of a memory operand (returns its space), one lane's bytes (NULL
 * after reporting the fault), the addresses noted for the timing side, and a
 * fault of lane 'lane' (ANYLANE: the warp's first running lane) at pc. */
const uint64_t *emu_src(cta *c, warp *w, const emu_opnd *o, uint64_t *tmp);
void emu_write(warp *w, const emu_opnd *o, const uint64_t *val, uint32_t mask);
int emu_addresses(cta *c, warp *w, int space, const emu_opnd *o, uint64_t *addr);
uint8_t *emu_resolve(cta *c, warp *w, uint32_t pc, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store);
void emu_note_access(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned bytes);
void emu_fault(cta *c, warp *w, uint32_t pc, uint32_t lane, int has_addr, uint64_t addr, const char *fmt, ...)
  __attribute__((format(printf, 7, 8)));
#define EMU_ANYLANE UINT32_MAX
/* intops.c: one lane of fns, szext, bmsk, add/min/max on .u16x2 and .s16x2, and
 * the SIMD video instructions (vadd2 ... vset4), from its sources a, b, c. */
uint64_t emu_int_op(const emu_insn *in, uint64_t a, uint64_t b, uint64_t c);
/* tensor.c: wmma.load, wmma.store, wmma.mma, mma and ldmatrix in warp w
 * (every lane active); 0, or -1 after a fault. */
int emu_exec_tensor(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active);
/* The value of special register 'sreg' (component comp: 1 x, 2 y, 3 z) in every lane of w. */
void emu_sreg(cta *c, warp *w, uint32_t sreg, uint32_t comp, uint64_t *out);

#endif
