/* emu/core/core_int.h -- the functional core's files among themselves.
 *
 * What one file of emu/core/ calls in another: faults, the reconvergence
 * stack and frames, calls, state spaces and operands, the checks of an
 * access (memcheck, watchpoints), the step's limits and trace, the CTA
 * runner's parts, and the instruction families the step dispatches to.  A
 * driver (the functional one in run.c, the timing model) uses core.h only.
 *
 * The families (isa/opcodes.def's FAMILY column, one function each): execute
 * instruction 'in' at pc for the lanes 'active' (not 0) of warp w; return 0
 * to go on at pc + 1, 1 when it set the pc itself, 2 when the warp waits at
 * a barrier, 3 when it spins at an mbarrier wait that failed (it goes on at
 * pc + 1), -1 after a fault.
 */
#ifndef AWEMU_CORE_INT_H
#define AWEMU_CORE_INT_H

#include "core.h"

#include <stdio.h>

typedef int emu_exec_fn(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active);
emu_exec_fn emu_exec_arith, emu_exec_sfu, emu_exec_bits, emu_exec_intops, emu_exec_cmp, emu_exec_move, emu_exec_mem,
            emu_exec_stack, emu_exec_warp, emu_exec_sync, emu_exec_ctrl, emu_exec_async, emu_exec_tensor;
/* tex (texture.c; X_MEM's, called by emu_exec_mem). */
emu_exec_fn emu_exec_tex;
/* The family of each opcode (step.c, from opcodes.def): the step calls emu_exec[in->op]. */
extern emu_exec_fn *const emu_exec[ISA_OP_COUNT];
/* The variants of the arithmetic families on the 16-bit float types and pairs (.f16, .bf16,
 * .f16x2, .bf16x2) and the packed integer pairs (.u16x2, .s16x2), and min/max.relu.s32: the
 * families send these here by the instruction's type (exec_half.c). */
emu_exec_fn emu_exec_half;
/* Once per process before a launch: picks the host's fastest exact f32 fma (exec_arith.c). */
void emu_exec_init(void);

/* ---- faults (fault.c) ---- */
/* Records a fault of lane 'lane' of warp w (EMU_ANYLANE: its first running lane; w NULL: the
 * CTA's) at pc in c->fault, the first of the launch only, and tells the debugger's hook. */
void emu_fault(cta *c, warp *w, uint32_t pc, uint32_t lane, int has_addr, uint64_t addr, const char *fmt, ...)
  __attribute__((format(printf, 7, 8)));
#define EMU_ANYLANE UINT32_MAX
/* Fills f with where lane 'lane' of warp w (EMU_ANYLANE: its first running lane) is at pc. */
void emu_where(const cta *c, const warp *w, uint32_t pc, uint32_t lane, aw_fault *f);

/* ---- the reconvergence stack and frames (stack.c) ---- */
/* Pushes a reconvergence entry; faults (at 'at') and returns -1 when the host has no memory
 * for a larger stack. */
int emu_push(cta *c, warp *w, uint32_t at, uint32_t pc, uint32_t rpc, uint32_t mask, uint32_t is_call);
/* Grows every lane's local memory to 'top' bytes (within the frame budget, which
 * emu_push_frame checked); -1 after a fault. */
int emu_ensure_local(cta *c, warp *w, uint32_t top, uint32_t pc);
/* Pushes a frame for 'func', called at call_pc (the kernel's first pc for the kernel's own
 * frame).  Faults and returns -1 when the call would pass the warp's budget
 * (aw_set_frame_limit) or the host has no memory. */
int emu_push_frame(cta *c, warp *w, uint32_t func, uint32_t call_pc);
void emu_pop_frame(cta *c, warp *w);
/* Lanes leave for good (exit, whole_stack) or leave the current function (ret). */
void emu_lanes_leave(warp *w, uint32_t lanes, int whole_stack);

/* ---- calls (call.c) ---- */
/* call: a new frame and stack entries for the callee (vprintf: printed at once); 1, or 0 when
 * the warp goes on after the call, -1 after a fault. */
int emu_exec_call(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active);
/* A call entry reached the top of w's stack: every lane has returned (or exited). */
void emu_finish_call(cta *c, warp *w);
/* Pops the stack entries a warp is done with (reconverged, emptied, or calls
 * whose lanes all returned).  1 when the warp has finished (state W_DONE). */
static inline int emu_settle(cta *c, warp *w) {
  for (;;) {
    if (!w->sp) { w->state = W_DONE; return 1; }
    simt_entry *e = &w->stack[w->sp - 1];
    if (e->is_call) { emu_finish_call(c, w); continue; }
    if (!e->mask || e->pc == e->rpc) { w->sp--; continue; }
    return 0;
  }
}

/* ---- state spaces (space.c) ---- */
/* Resolves a space-relative address to host memory for one lane; NULL after a fault. */
uint8_t *emu_resolve(cta *c, warp *w, uint32_t pc, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store);
/* The space-relative address a variable starts at, as the current frame sees it. */
uint64_t emu_var_address(cta *c, warp *w, uint32_t v);
/* Per-lane space-relative addresses of a memory operand; returns its space. */
int emu_addresses(cta *c, warp *w, int space, const emu_opnd *o, uint64_t *addr);
/* For emu_step's report (c->issue set): where each active lane's access goes (generic
 * addresses resolved to their space); nothing when no step record is asked for. */
void emu_note_access(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned bytes);

/* ---- the checks of an access (check.c): memcheck and the debugger's watchpoints ---- */
/* Lane 'lane' of w accesses [addr, addr + size) of mapped global memory outside every
 * allocation.  Stop mode: 1, with the fault's text in why.  Report mode: writes where and
 * what and returns 0. */
int emu_memcheck_hit(cta *c, warp *w, uint32_t lane, uint64_t addr, uint32_t size, int is_store, char *why, size_t whycap);
#define EMU_MEMCHECK_LINES 100   /* lines a launch writes; the rest are counted */
/* A store of lane 'lane' of w to [addr, addr + size), inside [watch_lo, watch_hi): records it
 * in each watched range it overlaps. */
void emu_watch_store(cta *c, warp *w, uint32_t lane, uint64_t addr, uint32_t size);

/* ---- operands (operand.c) ---- */
/* A source's 32 lane values (tmp: room when they are not in a register). */
const uint64_t *emu_src(cta *c, warp *w, const emu_opnd *o, uint64_t *tmp);
/* Register slot 'slot' of w's current frame = val in the lanes of mask (cut to its width). */
void emu_writeback(warp *w, uint32_t slot, const uint64_t *val, uint32_t mask);
/* A destination operand: a register (or a sink); vectors are handled by their instructions. */
void emu_write(warp *w, const emu_opnd *o, const uint64_t *val, uint32_t mask);

/* ---- the step (step.c) ---- */
/* The slow path of the per-instruction check: faults and returns 1 when the launch has run
 * past the instruction limit or the time limit, or was interrupted; else schedules the next
 * check and returns 0.  w is NULL between CTAs. */
int emu_limits_reached(cta *c, warp *w, uint32_t pc);
/* Starts the limits of a launch or subroutine run: counts from zero, the clock from now. */
void emu_limits_start(aw_device *d);
/* The instruction trace's line for warp w at pc (aw_set_trace). */
void emu_trace(cta *c, warp *w, uint32_t pc, uint32_t mask, uint32_t active);
/* Control of w's current stack entry has reached the end of its function: when that is an
 * .autoend subroutine, its lanes end there as at 'exit' (1); else 0 (the step faults). */
int emu_autoend(cta *c, warp *w);

/* ---- CTAs and warps (cta.c) ---- */
/* Starts the CTA c->cta: fresh warps with the kernel's frame, zeroed shared memory.  0, or -1
 * with a fault. */
int emu_cta_begin(cta *c);
void emu_free_warps(cta *c);
/* Rounds in which every warp that ran ended its turn spinning at an mbarrier wait, and no
 * mbarrier object changed, after which the CTA is deadlocked (a spin may give up after a
 * while: the rounds leave it time to). */
#define EMU_SPIN_ROUNDS 10000
/* The deadlock's fault, at the wait warp w spun at last (its pc has moved past it). */
void emu_spin_fault(cta *c, warp *w);

/* ---- printf.c ---- */
/* Lane 'lane' of w calls vprintf(fmt, args) (generic addresses): the text CUDA prints,
 * malloc'd in *text (*len bytes; not NUL-terminated by contract), and the number of
 * arguments the format consumed; -1 (no text) for a NULL format; -2 on a fault, with the
 * reason in why and the address in *bad. */
int emu_printf(cta *c, warp *w, uint32_t lane, uint64_t fmt, uint64_t args, char **text, size_t *len,
               char *why, size_t whycap, uint64_t *bad);
/* Keeps the text one thread's printf call printed (block 'cta' in linear grid order, thread
 * 'thread' in linear block order) until the launch ends; -1 out of memory. */
int emu_print_keep(aw_device *d, uint64_t block, uint32_t thread, const char *text, size_t len);
/* At a launch's end: writes the kept texts ordered by block, thread and call (so the order is
 * the same in every mode and schedule), and forgets them. */
void emu_print_flush(aw_device *d);

/* ---- half.c, intops.c: one lane's values ---- */
/* op (ISA_OP_ADD, SUB, MUL, FMA, MIN, MAX, NEG, ABS) on the .f16, .f16x2, .bf16 or .bf16x2
 * values a, b, c (c: fma only), rounded to nearest even, with .ftz, .sat and .relu as the
 * PTX ISA defines them. */
uint64_t emu_half_op(int op, int type, uint64_t a, uint64_t b, uint64_t c, int ftz, int sat, int relu);
/* .relu on .f16 or .bf16 bits h: a negative value becomes +0; NaN and -0 stay. */
uint32_t emu_half_relu(uint32_t h, int bf);
/* ex2.approx (op ISA_OP_EX2) or tanh.approx of the .f16 (bf = 0) or .bf16 bits h: computed in
 * double and rounded to nearest even once (within the PTX ISA's error bounds); a NaN result
 * is 0x7fff; .ftz flushes subnormal inputs and results to signed zero. */
uint32_t emu_half_func(int op, uint32_t h, int bf, int ftz);
/* One lane of fns, szext, bmsk, add/min/max on .u16x2 and .s16x2, and the SIMD video
 * instructions (vadd2 ... vset4), from its sources a, b, c. */
uint64_t emu_int_op(const emu_insn *in, uint64_t a, uint64_t b, uint64_t c);

/* ---- values the families share ---- */
/* exec_move.c: a 16-bit float of type t (.f16 or .bf16) as a double (exact), and a double
 * rounded to one in cvt's mode rnd (1 rn, 2 rz, 3 rm, 4 rp; the integer modes round as rn). */
double emu_half_in(uint64_t v, int t);
uint64_t emu_half_out(double f, int t, int rnd);
/* exec_cmp.c: a CMP b (cmp as setp's) on values of type t, .ftz comparing subnormals as
 * zeros; 1 or 0. */
int emu_compare(int cmp, uint64_t a, uint64_t b, int t, int ftz);
#endif
