/* emu/core/emu_int.h -- the emulator's private structures (loader, executor, memory). */
#ifndef AWEMU_EMU_INT_H
#define AWEMU_EMU_INT_H

#include "../awemu.h"
#include <signal.h>
#include "../../isa/image.h"
#include "../../isa/isa.h"

#define WARP 32
#define NO_PC UINT32_MAX
#define GENERIC_LOCAL_BASE  0x00007e0000000000ull
#define GENERIC_SHARED_BASE 0x00007f0000000000ull
#define GENERIC_WINDOW      0x0000000100000000ull
#define GLOBAL_BASE         0x0000000200000000ull
#define LOCAL_LIMIT         (1u << 20)     /* a function's frame: at most a quarter of it (load.c) */

/* Operand kinds after predecoding. */
enum { OK_NONE, OK_REG, OK_IMM, OK_SREG, OK_PAIR, OK_VEC, OK_SINK, OK_ADDR, OK_SYM, OK_LIST };
/* How an address operand finds its base. */
enum { AB_REG, AB_ABS, AB_VAR };

typedef struct {
  uint8_t kind;
  uint8_t neg;        /* REG predicate source: negated */
  uint8_t base;       /* ADDR: AB_* */
  uint8_t nelem;      /* VEC/LIST */
  uint32_t reg, reg2; /* slots; SREG: special register; SYM/ADDR var: variable index */
  uint32_t comp;      /* SREG component */
  int64_t imm;        /* immediate, address offset */
  uint64_t *bcast;    /* IMM: the value in 32 lanes */
  uint32_t elem_first;/* VEC/LIST: first of the module's element operands */
} emu_opnd;

typedef struct {
  uint8_t op, t0, t1, guard, nopnd;
  uint8_t sub, space;
  union {
    struct { uint8_t cmp, bop, rnd, vec, sem; };
    /* instructions that take none of those: the tensor-core ones' suffixes (CAT_* values; lay:
     * CAT_LAYA | CAT_LAYB << 2), and a third type: mma's C (t0 is D's, t1 A's and B's), a video
     * instruction's b (t0 is d's, t1 a's) */
    struct { uint8_t shape, frag, lay, num, t2; } mx;
  };
  uint32_t flags;
  uint32_t guard_reg;
  uint32_t target;    /* bra: pc; call: function index */
  uint32_t rpc;       /* bra: reconvergence pc (immediate post-dominator), NO_PC = function exit */
  uint32_t func;      /* the function it belongs to */
  uint32_t line;      /* index into the image's line table */
  uint32_t word;      /* its first word within the function's code */
  emu_opnd o[ISA_MAX_OPND];
} emu_insn;

typedef struct {
  uint32_t first_pc, ninsn;
  uint32_t nslots;
  uint32_t frame_bytes;     /* per-thread frame: .param and .local variables */
  uint8_t *slot_type;       /* ISA_T_* per slot */
  uint64_t *slot_mask;      /* per slot: the bits its register holds (of its type's width) */
} emu_func;                 /* (32 bytes: the interpreter indexes an array of them at every instruction) */

/* The register slots a new frame of a function must zero: those some path
 * may read before writing them, and those warp-wide instructions read (from
 * any lane), as runs (first slot, count); runs NULL: all of them (load.c). */
typedef struct {
  uint32_t *runs;
  uint32_t nruns;
} emu_zero;

/* A 'pc' trigger bound at load (load.c): when a warp of kernel 'kernel'
 * reaches the label, subroutine 'subr' starts with the parent's register
 * slots parent_in copied into its live-in slots sub_in; at its exit (not at
 * awkill) its live-out slots sub_out are copied into the parent's parent_out. */
#define EMU_MAX_LIVE 16
typedef struct {
  uint32_t subr, kernel;      /* img.subrs index; function index */
  uint32_t pc;                /* where it fires (the label + its offset) */
  uint32_t skip_pc;           /* 'skip LABEL': where the lanes its .skipif predicate picks resume; NO_PC none */
  uint32_t skipif;            /* the subroutine's .skipif slot + 1; 0 none */
  uint32_t nin, nout;
  uint32_t parent_in[EMU_MAX_LIVE], sub_in[EMU_MAX_LIVE];
  uint32_t sub_out[EMU_MAX_LIVE], parent_out[EMU_MAX_LIVE];
} emu_pc_bind;

struct aw_module {
  aw_device *dev;
  isa_image img;
  emu_insn *code;           /* every function's instructions, one pc space */
  uint32_t ncode;
  emu_opnd *elems;          /* vector and list elements */
  uint32_t nelems;
  emu_func *funcs;
  uint32_t *var_off;        /* per variable: offset in its space (frame, shared, param, const) */
  uint64_t *var_addr;       /* .global variables: device address */
  uint8_t *const_mem;       /* the module's constant bank: a device allocation at const_addr */
  uint64_t const_addr;
  uint32_t const_bytes;
  uint32_t shared_static;   /* module-scope static shared bytes */
  uint32_t *kernels;        /* kernel index -> function */
  uint32_t nkernels;
  int32_t *pc_trig;         /* per pc: the pc_binds entry a warp reaching it starts, -1 none (NULL: no 'pc' triggers) */
  emu_pc_bind *pc_binds;
  uint32_t npc_binds;
  int has_miss;             /* a subroutine has a 'miss' trigger */
  emu_zero *fzero;          /* per function: what a new frame must zero (load.c) */
  uint32_t *keep_base;      /* per subroutine: its first cell in a warp's kept registers (warp.keep) */
  uint32_t *func_subr;      /* per function: its img.subrs index + 1 (a subroutine's); 0 for kernels and functions */
  uint32_t nkeep;           /* kept registers of all subroutines (each 32 lanes) */
  int record_id;            /* its source's number in the record directory (record.c), -1 none */
  uint64_t **bcast_blocks;  /* allocations holding immediate broadcasts */
  uint32_t nbcast;
};

typedef struct {
  uint64_t addr, size;
  uint64_t slot;          /* the bytes it owns: its size rounded up to 256, then a 256-byte gap (data holds them all) */
  uint8_t *data;
  int borrowed;           /* data is the caller's host memory (aw_map_host), not freed here */
  uint8_t *host_pages;    /* a bit per EMU_HOST_PAGE bytes from addr: the host wrote there (aw_memcpy_htod, aw_memset); NULL: nowhere yet */
} emu_alloc;
#define EMU_HOST_PAGE 4096
/* Whether the host has written the EMU_HOST_PAGE-byte page of device memory holding addr (a copy or
 * a memset; memory it maps is the host's): 0 for memory only kernels have written, or none. */
int emu_host_written(aw_device *d, uint64_t addr);

/* Device memory is laid out as the CUDA allocator lays it out: allocations
 * packed one after another into pages of EMU_PAGE bytes that stay mapped; a
 * kernel's access faults only outside every mapped page (memcheck reports
 * those that miss every allocation). */
#define EMU_PAGE (2ull << 20)

/* Hook events: a CTA starts (w NULL), an instruction is about to issue in
 * warp w at pc (before its guard is read), a fault has just been recorded in
 * c->fault, a launch or subroutine run ends (w NULL). */
enum { EMU_EV_CTA, EMU_EV_INSN, EMU_EV_FAULT, EMU_EV_END };
#define EMU_MAX_WATCH 16
struct emu_cta;
struct emu_warp;
typedef int (*emu_hook_fn)(void *ctx, int event, struct emu_cta *c, struct emu_warp *w, uint32_t pc);

struct tm_config;
struct tm_device;
typedef struct tm_timeline tm_timeline;
/* The timing model as the core sees it: emu/timing/ sets d->timing_ops when it attaches state to
 * a device (aw_set_timing, its records and timeline); the core calls it and never names it.
 * launch runs a launch on the cycle-level model of d->timing in place of the functional driver
 * (0, or nonzero with *f set); host_wrote observes the host's writes to device memory (the
 * model keeps which blocks the host wrote); free releases what the model keeps in d. */
typedef struct emu_timing_ops {
  int (*launch)(aw_device *d, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block, uint32_t dyn_shared,
                const void *params, size_t param_bytes, aw_fault *f);
  void (*host_wrote)(aw_device *d, uint64_t addr, uint64_t n);
  void (*free)(aw_device *d);
} emu_timing_ops;

struct emu_print { uint64_t cta; uint32_t thread, seq; size_t off, len; };   /* one printf call's text */
struct aw_device {
  emu_alloc *allocs;
  uint32_t nallocs, cap_allocs;
  uint32_t alloc_hint;        /* the allocation emu_find_alloc found last (checked first next time) */
  uint64_t next_addr;
  uint64_t insn_limit;
  uint32_t resident_ctas;   /* functional mode: CTAs resident at once (aw_set_resident_ctas; UINT32_MAX: all) */
  char insn_hint[96], time_hint[96];   /* how the user raises the limits (aw_set_limit_hints) */
  char time_msg[160];         /* emu_time_limits' message */
  /* sources assembled with every module loaded from text (aw_add_subroutines) */
  char **extra_name, **extra_text;
  size_t *extra_len;
  uint32_t nextra;
  /* The hot loop compares warp_insns with check_at only; past it, the slow
   * path (emu_limits_reached in step.c) tests the instruction limit, the
   * wall-clock limit and an interrupt, and sets the next check_at. */
  uint64_t check_at;
  uint32_t max_calls;       /* nested calls per warp (aw_set_frame_limit) */
  uint32_t max_frame_bytes; /* per thread: registers (8 bytes each) and local memory of the frames */
  double time_limit;        /* seconds per launch, 0 = none */
  double started;           /* CLOCK_MONOTONIC seconds at the launch's start */
  volatile sig_atomic_t interrupted;
  aw_stats stats, total;
  uint32_t launches;
  aw_module **modules;
  uint32_t nmodules;
  FILE *trace;              /* when set, every warp instruction is written here */
  FILE *printf_out;         /* device printf's output (NULL: standard output) */
  /* the launch's device printf lines, written at its end (printf.c) */
  struct emu_print *prints;
  uint32_t nprints, cap_prints;
  char *print_text;
  size_t print_len, print_cap;
  /* An observer (the debugger) called at the events below; it may read and
   * change registers and memory.  A nonzero return ends the launch with a
   * fault "killed by the debugger".  NULL: no calls, no cost. */
  emu_hook_fn hook;
  void *hook_ctx;
  /* Watched global ranges (the debugger's watchpoints): a store that
   * overlaps range k sets watch_hit and wlast[k].written and records in
   * wlast[k] the lane, warp, CTA and pc of the store, and the CTA that ran it
   * (an assist warp's runner, whose warp 0 is not its parent's; the last store
   * wins).  [watch_lo, watch_hi)
   * bounds them all, so other stores cost one compare. */
  uint64_t watch_lo, watch_hi;
  /* memcheck (aw_set_memcheck): 0 off, 1 report each access outside every
   * allocation and go on, 2 fault at the first; the launch's count, and the
   * page after the last allocation (mapped, not yet allocated: tail bytes),
   * and the page below GLOBAL_BASE, under the first allocation (head bytes) */
  int memcheck;
  FILE *memcheck_out;
  uint64_t memcheck_errors;
  uint8_t *tail, *head;
  uint64_t tail_base;
  uint32_t nwatch;
  uint64_t wlo[EMU_MAX_WATCH], whi[EMU_MAX_WATCH];
  struct { uint32_t lane, warp, pc, written; aw_dim3 cta; const void *by; } wlast[EMU_MAX_WATCH];
  int watch_hit;
  /* Timing mode (emu/timing/): launches run on the cycle-level model of this
   * config; NULL in functional mode.  tmd holds the launches' timing statistics. */
  struct tm_config *timing;
  const emu_timing_ops *timing_ops;   /* NULL until the timing model attaches (above) */
  struct tm_device *tmd;
  uint64_t cta_serial;      /* CTAs started so far (each cta's serial) */
  void *tm_running;
  struct tm_timeline *timeline;   /* the timeline trace being written (timing/timeline.c), or NULL */
  /* aw_set_record: the directory launches are recorded into, NULL none;
   * the launches and modules recorded so far (record.c) */
  char *record_dir;
  uint32_t record_launches, record_modules;
  aw_texture *textures;     /* the live texture objects (texture.c), */
  uint64_t *texture_handles; /* their handles, */
  uint32_t ntextures;
  uint64_t last_texture;    /* and the last handle given */
  void *tm_gpu;             /* the timing model of the last launch, reused by the next when it fits */         /* the timing launch in progress (tm_gpu), for the debugger's view */
};

/* memory.c */
emu_alloc *emu_find_alloc(aw_device *d, uint64_t addr, uint64_t size);
/* The host bytes of [addr, addr + size) when the range is in mapped device
 * memory (an allocation's slot, or the rest of the last allocation's page), or
 * NULL; never crosses a slot (size at most 16, aligned). */
uint8_t *emu_mapped(aw_device *d, uint64_t addr, uint64_t size);
/* The live allocation nearest to addr (NULL when there is none) and addr's
 * distance from it: *before set when addr is below its start (*dist bytes
 * before), else *dist is how far past its end. */
const emu_alloc *emu_nearest_alloc(const aw_device *d, uint64_t addr, uint64_t *dist, int *before);

/* load.c */
void emu_module_free(aw_module *m);

/* record.c (aw_set_record): a module's source text kept as DIR/module-K.ptx
 * (m->record_id = K; it stays -1 for an image, which a GPU cannot load); a launch's
 * kernel, dimensions, parameters and every allocation's bytes before it, then
 * after it (rc: the launch faulted).  Each reports a failure to write on
 * standard error once and records nothing more. */
void emu_record_module(aw_device *d, aw_module *m, const char *text, size_t len);
void emu_record_begin(aw_device *d, const aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block,
                      uint32_t dyn_shared, const void *params, size_t param_bytes);
void emu_record_end(aw_device *d, int rc);
/* The register slots instruction 'in' writes (its first operand, when it
 * writes one) and reads (the other operands, address registers, the guard),
 * into dst and src when not NULL; returns ndst + nsrc (load.c). */
uint32_t emu_insn_regs(const aw_module *m, const emu_insn *in, uint32_t *dst, uint32_t *ndst, uint32_t *src, uint32_t *nsrc);

/* The Assist Warp Store's lookup (aw_subroutine_for's): the img.subrs index of
 * the subroutine a 'decompress ENC' (decompress = 1) or 'compress' trigger
 * starts (compress: enc -1 asks for the one that takes any line) for a line of
 * line bytes: one bound to that size ('line N') before one for any size
 * (line 0 asks for the latter only); -1 when none. */
int emu_subroutine_for(const aw_module *m, int decompress, int enc, uint32_t line);
/* The img.subrs index of the subroutine trigger event ev (ISA_TRIG_MISS, ISA_TRIG_EXPLICIT) starts; -1 when none. */
int emu_subroutine_on(const aw_module *m, uint32_t ev);

/* The register slot named 'name' ("%r12") in function f; -1 when none. */
int emu_reg_slot(const aw_module *m, uint32_t f, const char *name);
/* The name of register slot 'slot' of function f ("%r12") into buf; -1 when no declaration names it. */
int emu_reg_name(const aw_module *m, uint32_t f, uint32_t slot, char *buf, size_t cap);
/* The bits a register of type t (ISA_T_*) holds: its width's low bits, all for .b128. */
uint64_t emu_type_mask(int t);

/* The one bits of x, in a few instructions: no popcnt instruction is assumed
 * (__builtin_popcount becomes a call to libgcc without one, which the
 * timing model's issue loop felt). */
static inline int emu_popc32(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* float helpers (fp.c) */
uint32_t emu_f32_bits(float f);
float emu_bits_f32(uint32_t b);
uint64_t emu_f64_bits(double f);
double emu_bits_f64(uint64_t b);

#endif
