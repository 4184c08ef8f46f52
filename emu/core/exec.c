/* emu/core/exec.c -- the functional SIMT core: CTAs, warps, the reconvergence
 * stack, calls, barriers, memory spaces and the semantics of every
 * instruction, as the PTX ISA defines them.
 *
 * Registers are stored per function activation as nslots x 32 lanes of
 * 64-bit cells; a cell holds its register's value zero-extended from the
 * register's declared width (predicates hold 0 or 1).  Each instruction
 * computes a result for all 32 lanes into a scratch array and writes back
 * only the active lanes, so the loops are simple enough to vectorize.
 *
 * Numeric choices the PTX ISA leaves to the implementation are made as an
 * H200 (sm_90, CUDA 13) makes them, measured with tests/gpu/replay.c
 * (documented in isa/ISA.md, "Semantics"): f32 arithmetic that yields NaN
 * yields the canonical NaN 0x7fffffff (abs and neg too); f64 arithmetic
 * passes a NaN operand on, quieted, and an invalid operation yields
 * 0xfff8000000000000; conversions between f32 and f64 keep a NaN's sign and
 * payload as far as the format holds; .ftz flushes a result that is
 * subnormal before rounding; integer division and remainder by zero give all
 * ones; .approx operations are computed in double precision and rounded
 * once, which is within the error bounds the ISA states.
 */
#include "core.h"
#include "../timing/tm_launch.h"
#include "../../isa/disasm.h"

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define QUANTUM 512

/* ---- small helpers ---- */

static const uint8_t tbits[ISA_T_COUNT] = { 0, 1, 8, 16, 32, 64, 128, 8, 16, 32, 64, 8, 16, 32, 64, 16, 32, 16, 32, 32, 64, 32, 32 };
static const uint8_t tkind[ISA_T_COUNT] = { 0, TK_PRED, TK_BIT, TK_BIT, TK_BIT, TK_BIT, TK_BIT, TK_UNS, TK_UNS, TK_UNS, TK_UNS,
                                            TK_SGN, TK_SGN, TK_SGN, TK_SGN, TK_FLT, TK_FLT, TK_FLT, TK_FLT, TK_FLT, TK_FLT,
                                            /* .u16x2, .s16x2: packed, like the half pairs, so the arithmetic
                                             * cases send them to exec_more (intops.c) with the half types */
                                            TK_FLT, TK_FLT };

/* x with its 64 bits in reverse order: adjacent bits, pairs and nibbles
 * swapped, then the bytes. */
static inline uint64_t bit_reverse64(uint64_t x) {
  x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
  x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
  x = (x >> 4 & 0x0f0f0f0f0f0f0f0full) | (x & 0x0f0f0f0f0f0f0f0full) << 4;
  return __builtin_bswap64(x);
}
static inline uint64_t trunc_w(uint64_t v, unsigned w) { return w >= 64 ? v : v & ((1ull << w) - 1); }
static inline int64_t sext_w(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  uint64_t m = 1ull << (w - 1);
  v &= (m << 1) - 1;
  return (int64_t)((v ^ m) - m);
}
/* The value as type t reads it: sign-extended for signed types. */
static inline uint64_t as_type(uint64_t v, int t) {
  unsigned w = tbits[t];
  return tkind[t] == TK_SGN ? (uint64_t)sext_w(v, w) : trunc_w(v, w);
}

uint32_t emu_f32_bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
float emu_bits_f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
uint64_t emu_f64_bits(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }
double emu_bits_f64(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }

static inline float F32(uint64_t v) { return emu_bits_f32((uint32_t)v); }
static inline double F64(uint64_t v) { return emu_bits_f64(v); }
static inline uint64_t B32(float f) { return f != f ? 0x7fffffffu : emu_f32_bits(f); }
static inline uint64_t B64(double f) { return f != f ? 0x7fffffffffffffffull : emu_f64_bits(f); }
/* An f64 NaN result keeps the payload of the first NaN operand, quieted
 * (PTX ISA: NaN payloads are supported for double precision); a NaN made
 * from non-NaN operands is the canonical one. */
static inline uint64_t N64(double z, uint64_t a, uint64_t b, uint64_t c, int n) {
  if (z == z) return emu_f64_bits(z);
  const uint64_t in[3] = { a, b, c };
  for (int i = 0; i < n; i++)
    if ((in[i] & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (in[i] & 0x000fffffffffffffull)) return in[i] | 0x0008000000000000ull;
  return 0xfff8000000000000ull;   /* an invalid operation (inf - inf, 0 * inf, sqrt(-1), ...) */
}
static inline float ftz32(float f) { return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f; }
/* .ftz on a result z whose exact value is 'exact': flushed when subnormal
 * before rounding (a GPU's choice: an exact value just below 2^-126 that
 * rounds up to 2^-126 becomes zero too). */
static inline float ftz32_result(float z, double exact) {
  return fabsf(z) == FLT_MIN && fabs(exact) < (double)FLT_MIN ? copysignf(0.0f, z) : ftz32(z);
}

static int round_mode(int rnd) {
  switch (rnd) {
  case 2: case 6: return FE_TOWARDZERO;   /* rz, rzi */
  case 3: case 7: return FE_DOWNWARD;     /* rm, rmi */
  case 4: case 8: return FE_UPWARD;       /* rp, rpi */
  default: return FE_TONEAREST;           /* rn, rni, none */
  }
}

static inline uint64_t wmask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
uint64_t emu_type_mask(int t) { return t >= 0 && t < ISA_T_COUNT ? wmask(tbits[t]) : 0; }

/* fma over 32 lanes of f32: with the FMA instructions where the processor has
 * them (the result is the same single rounding either way) */
__attribute__((target("fma"))) static void fma32_lanes_hw(const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t *d) {
  for (int l = 0; l < WARP; l++) {
    float z = __builtin_fmaf(emu_bits_f32((uint32_t)a[l]), emu_bits_f32((uint32_t)b[l]), emu_bits_f32((uint32_t)c[l]));
    d[l] = z != z ? 0x7fffffffu : emu_f32_bits(z);
  }
}
static void fma32_lanes_sw(const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t *d) {
  for (int l = 0; l < WARP; l++) {
    float z = fmaf(emu_bits_f32((uint32_t)a[l]), emu_bits_f32((uint32_t)b[l]), emu_bits_f32((uint32_t)c[l]));
    d[l] = z != z ? 0x7fffffffu : emu_f32_bits(z);
  }
}
static void (*fma32_lanes)(const uint64_t *, const uint64_t *, const uint64_t *, uint64_t *);

/* ---- faults ---- */

#define ANYLANE EMU_ANYLANE   /* a fault of the whole warp: report its first lane still running */

static void fault(cta *c, warp *w, uint32_t pc, uint32_t lane, int has_addr, uint64_t addr, const char *fmt, ...)
  __attribute__((format(printf, 7, 8)));
/* Fills f with where lane 'lane' of warp w (ANYLANE: its first running lane) is at pc. */
static void where(const cta *c, const warp *w, uint32_t pc, uint32_t lane, aw_fault *f) {
  memset(f, 0, sizeof *f);
  const isa_image *img = &c->m->img;
  snprintf(f->kernel, sizeof f->kernel, "%s", isa_str(img, img->funcs[c->kfunc].name));
  f->cta = c->cta;
  f->warp = w ? w->id : 0;
  if (c->line && c->has_parent)
    snprintf(f->parent, sizeof f->parent, "the assist warp of kernel %s, block (%u,%u,%u), warp %u", isa_str(img, img->funcs[c->parent_kfunc].name),
             c->parent_cta.x, c->parent_cta.y, c->parent_cta.z, c->parent_warp);
  else if (c->line) snprintf(f->parent, sizeof f->parent, "an assist warp with no parent warp");   /* (runsub's, a fill's) */
  if (lane == ANYLANE) {
    uint32_t m = w && w->sp ? w->stack[w->sp - 1].mask & w->alive : 0;
    if (!m && w) m = w->alive;
    lane = m ? (uint32_t)__builtin_ctz(m) : 0;
  }
  f->lane = lane;
  if (pc < c->m->ncode) {
    const emu_insn *in = &c->m->code[pc];
    f->pc = pc - c->m->funcs[in->func].first_pc;
    snprintf(f->function, sizeof f->function, "%s", isa_str(img, img->funcs[in->func].name));
    const isa_line *ln = &img->lines[in->line];
    if (ln->file) snprintf(f->file, sizeof f->file, "%s", isa_str(img, img->files[ln->file - 1]));
    f->line = ln->line;
    f->col = ln->col;
  }
}

static void fault(cta *c, warp *w, uint32_t pc, uint32_t lane, int has_addr, uint64_t addr, const char *fmt, ...) {
  if (c->faulted) return;
  c->faulted = 1;
  aw_fault *f = c->fault;
  where(c, w, pc, lane, f);
  f->has_address = has_addr;
  f->address = addr;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->what, sizeof f->what, fmt, ap);
  va_end(ap);
  if (c->d->hook) c->d->hook(c->d->hook_ctx, EMU_EV_FAULT, c, w, pc);
}

void aw_fault_format(const aw_fault *f, char *buf, size_t cap) {
  if (f->placeless) {
    if (f->kernel[0]) snprintf(buf, cap, "fault in kernel %s: %s", f->kernel, f->what);
    else snprintf(buf, cap, "%s", f->what);
    return;
  }
  int n = f->parent[0] ? snprintf(buf, cap, "fault in subroutine %s (%s), lane %u, %s pc %u", f->kernel, f->parent, f->lane, f->function, f->pc)
                       : snprintf(buf, cap, "fault in kernel %s, CTA (%u,%u,%u), warp %u, lane %u, %s pc %u",
                                  f->kernel, f->cta.x, f->cta.y, f->cta.z, f->warp, f->lane, f->function, f->pc);
  if (n < 0 || (size_t)n >= cap) return;
  if (f->file[0]) n += snprintf(buf + n, cap - (size_t)n, " (%s:%u)", f->file, f->line);
  if (n < 0 || (size_t)n >= cap) return;
  n += snprintf(buf + n, cap - (size_t)n, ": %s", f->what);
  if (n >= 0 && (size_t)n < cap && f->has_address) snprintf(buf + n, cap - (size_t)n, ", address 0x%llx", (unsigned long long)f->address);
}

/* ---- memcheck ---- */

#define MEMCHECK_LINES 100   /* lines a launch writes; the rest are counted */

/* Lane 'lane' of w accesses [addr, addr + size) of mapped global memory
 * outside every allocation.  Stop mode: 1, with the fault's text in why.
 * Report mode: writes where and what (compute-sanitizer's facts: the
 * access, the thread, the nearest allocation and the distance) and 0. */
static int memcheck_hit(cta *c, warp *w, uint32_t lane, uint64_t addr, uint32_t size, int is_store, char *why, size_t whycap) {
  aw_device *d = c->d;
  char what[200];
  uint64_t dist = 0;
  int before = 0;
  const emu_alloc *a = emu_nearest_alloc(d, addr, &dist, &before);
  int n = snprintf(what, sizeof what, "memcheck: %u-byte global %s outside every allocation", size, is_store == 2 ? "atomic" : is_store ? "store" : "load");
  if (a && !before && addr < a->addr + a->size)
    snprintf(what + n, sizeof what - (size_t)n, ", running past the end of the %llu-byte allocation at 0x%llx", (unsigned long long)a->size, (unsigned long long)a->addr);
  else if (a)
    snprintf(what + n, sizeof what - (size_t)n, ", %llu bytes %s the %llu-byte allocation at 0x%llx", (unsigned long long)dist,
             before ? "before" : "past the end of", (unsigned long long)a->size, (unsigned long long)a->addr);
  if (d->memcheck == AW_MEMCHECK_STOP) {   /* (resolve asks twice, the second time for the text) */
    if (why) { snprintf(why, whycap, "%s", what); d->memcheck_errors++; }
    return 1;
  }
  d->memcheck_errors++;
  if (d->memcheck_errors <= MEMCHECK_LINES) {
    aw_fault f;
    where(c, w, w->sp ? w->stack[w->sp - 1].pc : 0, lane, &f);
    snprintf(f.what, sizeof f.what, "%s", what + 10);
    f.has_address = 1;
    f.address = addr;
    char line[1024];
    aw_fault_format(&f, line, sizeof line);
    fprintf(d->memcheck_out ? d->memcheck_out : stderr, "memcheck: %s\n", line + 9);   /* "fault in " dropped: it goes on */
  }
  return 0;
}

/* ---- warps, frames and the reconvergence stack ---- */

/* Pushes a reconvergence entry; faults (at pc) and returns -1 when the host
 * has no memory for a larger stack. */
static int push(cta *c, warp *w, uint32_t at, uint32_t pc, uint32_t rpc, uint32_t mask, uint32_t is_call) {
  if (w->sp == w->cap) {
    uint32_t cap = w->cap ? w->cap * 2 : 16;
    simt_entry *s = cap > w->cap ? realloc(w->stack, (size_t)cap * sizeof *w->stack) : NULL;
    if (!s) { fault(c, w, at, ANYLANE, 0, 0, "out of host memory growing the SIMT stack to %u entries", cap); return -1; }
    w->stack = s;
    w->cap = cap;
  }
  simt_entry *e = &w->stack[w->sp++];
  e->pc = pc; e->rpc = rpc; e->mask = mask; e->is_call = is_call;
  return 0;
}

/* Grows every lane's local memory to 'top' bytes (within the frame budget,
 * which push_frame checked). */
static int ensure_local(cta *c, warp *w, uint32_t top, uint32_t pc) {
  if (!top) return 0;   /* (a function without local memory, at the bottom of the stack: the common case) */
  for (int l = 0; l < WARP; l++) {
    if (w->local_cap[l] >= top) continue;
    uint32_t cap = w->local_cap[l] ? w->local_cap[l] : 256;
    while (cap < top) cap *= 2;
    uint8_t *p = realloc(w->local[l], cap);
    if (!p) { fault(c, w, pc, (uint32_t)l, 0, 0, "out of host memory growing local memory to %u bytes per thread", cap); return -1; }
    memset(p + w->local_cap[l], 0, cap - w->local_cap[l]);
    w->local[l] = p;
    w->local_cap[l] = cap;
  }
  return 0;
}

/* Pushes a frame for 'func', called at call_pc (the kernel's first pc for
 * the kernel's own frame).  Faults and returns -1 when the call would pass
 * the warp's budget (aw_set_frame_limit) or the host has no memory. */
/* Frame f's registers (need slots) as a new frame starts in a reused buffer:
 * the runs of zf zeroed; with AWEMU_POISON_REGS set every other slot filled
 * with 0xa5 bytes instead of keeping an earlier frame's values, so a read the
 * load-time analysis (emu_zero) missed shows. */
static __attribute__((noinline)) void zero_frame(frame *f, const emu_zero *zf, uint32_t need) {
  static int poison = -1;
  if (poison < 0) { const char *e = getenv("AWEMU_POISON_REGS"); poison = e && *e && strcmp(e, "0"); }
  if (poison) for (size_t i = 0; i < (size_t)need * WARP; i++) f->regs[i] = 0xa5a5a5a5a5a5a5a5ull;
  for (uint32_t k = 0; k < zf->nruns; k++) memset(&f->regs[(size_t)zf->runs[2 * k] * WARP], 0, (size_t)zf->runs[2 * k + 1] * WARP * sizeof(uint64_t));
}

static int push_frame(cta *c, warp *w, uint32_t func, uint32_t call_pc) {
  const emu_func *ef = &c->m->funcs[func];
  aw_device *d = c->d;
  uint32_t need = ef->nslots ? ef->nslots : 1;
  if (w->nframes > d->max_calls) {   /* the kernel's frame and max_calls nested calls exist */
    fault(c, w, call_pc, ANYLANE, 0, 0, "call depth limit reached: %u nested calls (at most %u per warp)", w->nframes, d->max_calls);
    return -1;
  }
  uint32_t base = (w->local_top + 15) & ~15u;
  uint64_t bytes = w->reg_bytes + (uint64_t)need * 8 + base + ef->frame_bytes;
  if (bytes > d->max_frame_bytes) {
    fault(c, w, call_pc, ANYLANE, 0, 0, "call stack limit reached: %u nested calls need %llu bytes per thread of registers and local memory (at most %u)",
          w->nframes, (unsigned long long)bytes, d->max_frame_bytes);
    return -1;
  }
  if (w->nframes == w->capf) {
    uint32_t capf = w->capf ? w->capf * 2 : 4;
    frame *fr = realloc(w->frames, (size_t)capf * sizeof *w->frames);
    if (!fr) { fault(c, w, call_pc, ANYLANE, 0, 0, "out of host memory growing the call stack to %u frames", capf); return -1; }
    w->frames = fr;
    w->capf = capf;
  }
  if (w->nframes == w->nbuilt) { memset(&w->frames[w->nframes], 0, sizeof *w->frames); w->nbuilt++; }
  frame *f = &w->frames[w->nframes];
  int fresh = 0;   /* a new buffer comes zeroed */
  if (f->cap_slots < need) {   /* buffers are reused by later frames and CTAs: no allocation per CTA */
    free(f->regs);
    fresh = 1;
    f->regs = calloc((size_t)need * WARP, sizeof(uint64_t));
    if (!f->regs) {
      f->cap_slots = 0;
      fault(c, w, call_pc, ANYLANE, 0, 0, "out of host memory for the %u registers of a call frame (%u nested calls)", need, w->nframes);
      return -1;
    }
    f->cap_slots = need;
  }
  if (ensure_local(c, w, base + ef->frame_bytes, call_pc)) return -1;
  f->func = func;
  f->call_pc = call_pc;
  if (!fresh) {   /* a buffer an earlier frame used: what may be read before it is written starts at zero */
    const emu_zero *zf = c->m->fzero ? &c->m->fzero[func] : NULL;
    if (!zf || !zf->runs || d->hook) memset(f->regs, 0, (size_t)need * WARP * sizeof(uint64_t));   /* (the debugger shows every register) */
    else zero_frame(f, zf, need);
  }
  f->slot_mask = ef->slot_mask;
  f->local_base = base;
  f->caller_top = w->local_top;
  if (ef->frame_bytes) for (int l = 0; l < WARP; l++) memset(w->local[l] + f->local_base, 0, ef->frame_bytes);
  w->local_top = f->local_base + ef->frame_bytes;
  w->reg_bytes += (uint64_t)need * 8;
  w->nframes++;
  return 0;
}

static void pop_frame(cta *c, warp *w) {
  frame *f = &w->frames[--w->nframes];
  const emu_func *ef = &c->m->funcs[f->func];
  w->reg_bytes -= (uint64_t)(ef->nslots ? ef->nslots : 1) * 8;
  w->local_top = f->caller_top;   /* exactly where it was: stacksave after a call gives what it gave before */
}

/* ---- memory ---- */

/* Where an access lands in host memory (see exec_int.h).  The message is
 * only formatted on failure, so the common path costs a few compares. */
#define REFUSE(A, ...) do { if (why) snprintf(why, whycap, __VA_ARGS__); *bad_addr = (A); return NULL; } while (0)
static uint8_t *locate(cta *c, warp *w, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store,
                       char *why, size_t whycap, uint64_t *bad_addr) {
  const char *acc = is_store == 2 ? "atomic" : is_store ? "store" : "load";   /* (is_store 2: an atomic's read-modify-write) */
  if (space == ISA_SP_GENERIC) {
    if (addr - GENERIC_SHARED_BASE < GENERIC_WINDOW) { space = ISA_SP_SHARED; addr -= GENERIC_SHARED_BASE; }
    else if (addr - GENERIC_LOCAL_BASE < GENERIC_WINDOW) { space = ISA_SP_LOCAL; addr -= GENERIC_LOCAL_BASE; }
    else space = ISA_SP_GLOBAL;
  }
  if (size > 1 && (addr & (size - 1))) REFUSE(addr, "misaligned %u-byte %s", size, acc);
  switch (space) {
  case ISA_SP_GLOBAL: {
    emu_alloc *a = emu_find_alloc(c->d, addr, size);
    uint8_t *p = a ? a->data + (addr - a->addr) : emu_mapped(c->d, addr, size);
    if (!p) REFUSE(addr, "%u-byte global %s outside every allocation", size, acc);
    if (!a && c->d->memcheck && w && memcheck_hit(c, w, lane, addr, size, is_store, why, whycap)) { *bad_addr = addr; return NULL; }
    if (is_store && addr < c->d->watch_hi && addr + size > c->d->watch_lo) {   /* near a watched range */
      aw_device *d = c->d;
      for (uint32_t k = 0; k < d->nwatch; k++) {
        if (addr >= d->whi[k] || addr + size <= d->wlo[k]) continue;
        d->watch_hit = 1;
        d->wlast[k].written = 1;
        d->wlast[k].lane = lane; d->wlast[k].warp = w ? w->id : 0; d->wlast[k].cta = c->cta; d->wlast[k].by = c;
        d->wlast[k].pc = w && w->sp ? w->stack[w->sp - 1].pc : 0;
      }
    }
    return p;
  }
  case ISA_SP_SHARED: case ISA_SP_SHARED_CTA:
    if (addr >= c->shared_bytes || size > c->shared_bytes - addr)
      REFUSE(addr, "%u-byte shared %s outside the CTA's %u bytes of shared memory", size, acc, c->shared_bytes);
    return c->shared + addr;
  case ISA_SP_LOCAL:
    if (addr >= w->local_top || size > w->local_top - addr)
      REFUSE(addr, "%u-byte local %s outside the thread's %u bytes of local memory", size, acc, w->local_top);
    return w->local[lane] + addr;
  case ISA_SP_CONST:
    if (is_store) REFUSE(addr, "%s to constant memory", acc);
    if (addr >= c->m->const_bytes || size > c->m->const_bytes - addr) REFUSE(addr, "%u-byte constant load outside the module's %u bytes", size, c->m->const_bytes);
    return c->m->const_mem + addr;
  case ISA_SP_PARAM:
    /* a function's parameters, and the .param variables of call sequences,
     * live in its frame (addresses marked by bit 40, see var_address); a
     * kernel's parameters in the launch's parameter block, read-only */
    if (addr >= ((uint64_t)1 << 40)) {
      uint64_t la = addr - ((uint64_t)1 << 40);
      if (la >= w->local_top || size > w->local_top - la) REFUSE(la, "%u-byte parameter %s outside the frame", size, acc);
      return w->local[lane] + la;
    }
    if (is_store) REFUSE(addr, "%s to a kernel parameter", acc);
    if (addr >= c->param_bytes || size > c->param_bytes - addr) REFUSE(addr, "%u-byte parameter load outside the %u-byte parameter block", size, c->param_bytes);
    return (uint8_t *)c->params + addr;
  case ISA_SP_LIN: case ISA_SP_LOUT: case ISA_SP_LMETA: {
    const char *nm = space == ISA_SP_LIN ? "lin" : space == ISA_SP_LOUT ? "lout" : "lmeta";
    if (!c->line) REFUSE(addr, "%s in the .%s space, which only assist warps have", acc, nm);
    uint8_t *base = space == ISA_SP_LIN ? (uint8_t *)c->line->in : space == ISA_SP_LOUT ? c->line->out : c->line->meta;
    uint32_t n = space == ISA_SP_LIN ? c->line->in_bytes : space == ISA_SP_LOUT ? c->line->out_bytes : 32;
    if (space == ISA_SP_LIN && is_store) REFUSE(addr, "store to .lin, which is read-only");
    if (space == ISA_SP_LMETA && is_store && addr + size > 8)   /* bytes 8 and up: line size, MAG, address */
      REFUSE(addr, "store to the read-only part of .lmeta (bytes 8 and up)");
    if (addr >= n || size > n - addr) REFUSE(addr, "%u-byte %s outside the %u bytes of .%s", size, acc, n, nm);
    return base + addr;
  }
  default:
    REFUSE(addr, "%s in an unknown state space", acc);
  }
}
#undef REFUSE

uint8_t *emu_locate(cta *c, warp *w, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store,
                    char *why, size_t whycap) {
  uint64_t bad;
  if (!w && (space == ISA_SP_LOCAL || space == ISA_SP_GENERIC || (space == ISA_SP_PARAM && addr >= ((uint64_t)1 << 40)))) {
    if (why) snprintf(why, whycap, "no warp in focus for a thread's memory");
    return NULL;
  }
  uint64_t hi = c->d->watch_hi;
  int mc = c->d->memcheck;
  c->d->watch_hi = 0;   /* the debugger's own reads and writes are not the program's accesses */
  c->d->memcheck = 0;
  uint8_t *p = locate(c, w, lane, space, addr, size, is_store, why, whycap, &bad);
  c->d->watch_hi = hi;
  c->d->memcheck = mc;
  return p;
}

/* Resolves a space-relative address to host memory for one lane; NULL on a fault (already reported). */
static uint8_t *resolve(cta *c, warp *w, uint32_t pc, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store) {
  uint64_t bad;
  uint8_t *p = locate(c, w, lane, space, addr, size, is_store, NULL, 0, &bad);
  if (!p) {
    char why[256];
    locate(c, w, lane, space, addr, size, is_store, why, sizeof why, &bad);
    fault(c, w, pc, lane, 1, bad, "%s", why);
  }
  return p;
}

/* The space-relative address a variable starts at, as the current frame sees it. */
static uint64_t var_address(cta *c, warp *w, uint32_t v) {
  const isa_var *var = &c->m->img.vars[v];
  switch (var->space) {
  case ISA_SP_GLOBAL: return c->m->var_addr[v];
  case ISA_SP_SHARED: return c->m->var_off[v];
  case ISA_SP_CONST: return c->m->var_off[v];
  case ISA_SP_LOCAL: return w->frames[w->nframes - 1].local_base + c->m->var_off[v];
  case ISA_SP_PARAM: {
    const isa_func *fn = &c->m->img.funcs[var->owner - 1];
    if (fn->kind == ISA_FN_ENTRY && (var->flags & ISA_VAR_PARAM)) return c->m->var_off[v];
    return ((uint64_t)1 << 40) + w->frames[w->nframes - 1].local_base + c->m->var_off[v];
  }
  default: return 0;
  }
}

/* ---- operands ---- */

void emu_sreg(cta *c, warp *w, uint32_t sreg, uint32_t comp, uint64_t *out) {
  uint64_t v = 0;
  switch (sreg) {
  case ISA_SR_TID: memcpy(out, w->tid[comp - 1], WARP * sizeof *out); return;
  case ISA_SR_LANEID: memcpy(out, w->laneid, WARP * sizeof *out); return;
  case ISA_SR_NTID: v = comp == 1 ? c->block.x : comp == 2 ? c->block.y : c->block.z; break;
  case ISA_SR_CTAID: v = comp == 1 ? c->cta.x : comp == 2 ? c->cta.y : c->cta.z; break;
  case ISA_SR_NCTAID: v = comp == 1 ? c->grid.x : comp == 2 ? c->grid.y : c->grid.z; break;
  case ISA_SR_WARPID: v = w->id; break;
  case ISA_SR_NWARPID: v = c->nwarps; break;
  case ISA_SR_SMID: v = c->smid; break;
  case ISA_SR_NSMID: v = c->nsmid ? c->nsmid : 1; break;
  case ISA_SR_GRIDID: v = c->d->launches; break;
  case ISA_SR_CLOCK: v = (uint32_t)w->clock; break;
  case ISA_SR_CLOCK_HI: v = (uint32_t)(w->clock >> 32); break;
  case ISA_SR_CLOCK64: v = w->clock; break;
  case ISA_SR_GLOBALTIMER: v = c->ns_per_clock > 0 ? (uint64_t)((double)w->clock * c->ns_per_clock) : w->clock; break;
  case ISA_SR_DYN_SMEM: v = c->dyn_shared; break;
  case ISA_SR_TOTAL_SMEM: v = c->shared_bytes; break;
  case ISA_SR_LANEMASK_EQ: for (int l = 0; l < WARP; l++) out[l] = 1u << l; return;
  case ISA_SR_LANEMASK_LE: for (int l = 0; l < WARP; l++) out[l] = (uint32_t)((2ull << l) - 1); return;
  case ISA_SR_LANEMASK_LT: for (int l = 0; l < WARP; l++) out[l] = (1u << l) - 1; return;
  case ISA_SR_LANEMASK_GE: for (int l = 0; l < WARP; l++) out[l] = ~((1u << l) - 1) & 0xffffffffu; return;
  case ISA_SR_LANEMASK_GT: for (int l = 0; l < WARP; l++) out[l] = ~(uint32_t)((2ull << l) - 1) & 0xffffffffu; return;
  }
  for (int l = 0; l < WARP; l++) out[l] = v;
}

static const uint64_t *src(cta *c, warp *w, const emu_opnd *o, uint64_t *tmp) {
  frame *f = &w->frames[w->nframes - 1];
  switch (o->kind) {
  case OK_REG: return &f->regs[(size_t)o->reg * WARP];
  case OK_IMM: return o->bcast;
  case OK_SREG:
    if (o->reg == ISA_SR_TID) return w->tid[o->comp - 1];
    if (o->reg == ISA_SR_LANEID) return w->laneid;
    emu_sreg(c, w, o->reg, o->comp, tmp);
    return tmp;
  case OK_SYM: {
    uint64_t v = o->base == ISA_SYM_VAR ? var_address(c, w, o->reg) + (uint64_t)o->imm : 0;
    for (int l = 0; l < WARP; l++) tmp[l] = v;
    return tmp;
  }
  default:
    memset(tmp, 0, WARP * sizeof *tmp);
    return tmp;
  }
}

/* Mask of lanes whose predicate operand (possibly negated) is true. */
static uint32_t pred_mask(const uint64_t *p, int neg) {
  uint32_t m = 0;
#ifdef __SSE2__
  for (int l = 0; l < WARP; l += 2)   /* two lanes a step: bit 0 moved to the sign bits movmskpd gathers */
    m |= (uint32_t)_mm_movemask_pd(_mm_castsi128_pd(_mm_slli_epi64(_mm_loadu_si128((const __m128i *)(p + l)), 63))) << l;
#else
  for (int l = 0; l < WARP; l++) m |= (uint32_t)(p[l] & 1) << l;
#endif
  return neg ? ~m : m;
}

static void writeback(warp *w, uint32_t slot, const uint64_t *val, uint32_t mask) {
  frame *f = &w->frames[w->nframes - 1];
  uint64_t *d = &f->regs[(size_t)slot * WARP];
  if (d == val) return;   /* computed in place */
  uint64_t m = f->slot_mask[slot];
  if (mask == 0xffffffffu) {
    if (m == ~0ull) memcpy(d, val, WARP * sizeof *d);
    else for (int l = 0; l < WARP; l++) d[l] = val[l] & m;
    return;
  }
  for (uint32_t k = mask; k; k &= k - 1) {   /* the lanes of mask, lowest first (no branch per lane) */
    int l = __builtin_ctz(k);
    d[l] = val[l] & m;
  }
}

/* Destination operand: a register (or a sink); vectors are handled by their instructions. */
static void write_dst(warp *w, const emu_opnd *o, const uint64_t *val, uint32_t mask) {
  if (o->kind == OK_REG) writeback(w, o->reg, val, mask);
}

/* A destination that may be a pair "%r|%p" (setp, shfl, match, elect): val to the first, pred
 * to the second; a pair of one register stands for "_|%p" (match, elect): pred alone. */
static void write_pair(warp *w, const emu_opnd *o, const uint64_t *val, const uint64_t *pred, uint32_t mask) {
  if (o->kind != OK_PAIR) { write_dst(w, o, val, mask); return; }
  if (o->reg != o->reg2) writeback(w, o->reg, val, mask);
  writeback(w, o->reg2, pred, mask);
}

/* ---- floating point ---- */

typedef struct { int saved, active; } rmode;
static inline rmode rm_begin(int rnd) {
  rmode r = { 0, 0 };
  int want = round_mode(rnd);
  if (want != FE_TONEAREST) { r.saved = fegetround(); fesetround(want); r.active = 1; }
  return r;
}
static inline void rm_end(rmode r) { if (r.active) fesetround(r.saved); }

/* .sat: NaN and anything not above zero, -0 included, become +0 (as an H200 does) */
static inline float sat32(float f) { return f != f ? 0.0f : f <= 0.0f ? 0.0f : f > 1.0f ? 1.0f : f; }
static inline double sat64(double f) { return f != f ? 0.0 : f <= 0.0 ? 0.0 : f > 1.0 ? 1.0 : f; }

/* min/max as PTX defines them: a NaN operand yields the other; -0 < +0 */
static inline float fmin32(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static inline float fmax32(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}
static inline double fmin64(double a, double b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static inline double fmax64(double a, double b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}

/* IEEE half precision from and to single, round to nearest even. */
static float half_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31, man = h & 1023;
  uint32_t bits;
  if (exp == 0) {
    if (!man) bits = sign;
    else { float f = (float)man * (1.0f / 16777216.0f); bits = emu_f32_bits(f) | sign; }
  } else if (exp == 31) bits = sign | 0x7f800000u | (man << 13) | (man ? 0x400000u : 0);
  else bits = sign | ((exp + 112) << 23) | (man << 13);
  return emu_bits_f32(bits);
}

static __attribute__((unused)) uint16_t f32_to_half(float f) {
  uint32_t x = emu_f32_bits(f), sign = (x >> 16) & 0x8000;
  int32_t exp = (int32_t)((x >> 23) & 255) - 127 + 15;
  uint32_t man = x & 0x7fffff;
  if (((x >> 23) & 255) == 255) return (uint16_t)(sign | 0x7c00 | (man ? 0x200 : 0));
  if (exp >= 31) return (uint16_t)(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return (uint16_t)sign;
    man |= 0x800000;
    uint32_t shift = (uint32_t)(14 - exp);
    uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1))) h++;
    return (uint16_t)(sign | h);
  }
  uint32_t h = ((uint32_t)exp << 10) | (man >> 13), rem = man & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) h++;
  return (uint16_t)(sign | h);
}

/* A double rounded to IEEE half precision in the given mode (1 rn, 2 rz,
 * 3 rm, 4 rp; the integer modes round as rn), exactly: scaling by powers of
 * two keeps every step exact in double. */
static uint16_t double_to_half(double x, int rnd) {
  if (x != x) return 0x7fff;
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x);
  int mode = rnd == 2 || rnd == 6 ? 2 : rnd == 3 || rnd == 7 ? 3 : rnd == 4 || rnd == 8 ? 4 : 1;
  int up_away = (mode == 4 && !sign) || (mode == 3 && sign);   /* rounding away from zero */
  if (isinf(a)) return (uint16_t)(sign | 0x7c00);
  double q;
  if (a < 0x1p-14) q = 0x1p-24;
  else { int e; frexp(a, &e); q = ldexp(1.0, e - 11); }
  double t = floor(a / q) * q, rem = a - t;
  if (rem > 0) {
    if (mode == 1) { if (rem > q / 2 || (rem == q / 2 && fmod(t / q, 2.0) != 0)) t += q; }
    else if (up_away) t += q;
  }
  if (t > 65504.0) return (uint16_t)(sign | ((mode == 1 || up_away) ? 0x7c00 : 0x7bff));
  if (t < 0x1p-14) return (uint16_t)(sign | (uint16_t)(t / 0x1p-24));
  int e;
  double m = frexp(t, &e);                    /* t = m * 2^e, m in [0.5, 1) */
  uint16_t man = (uint16_t)((m * 2.0 - 1.0) * 1024.0);
  return (uint16_t)(sign | (uint16_t)((e - 1 + 15) << 10) | man);
}

/* ---- conversion ---- */

/* A 16-bit float of type t (.f16 or .bf16) as a double, and a double rounded to one. */
static double half_in(uint64_t v, int t) { return t == ISA_T_BF16 ? emu_half_value((uint32_t)v, 1) : (double)half_to_f32((uint16_t)v); }
static uint64_t half_out(double f, int t, int rnd) { return t == ISA_T_BF16 ? emu_half_round(f, 1, rnd) : double_to_half(f, rnd); }

/* convert's first case (an integer type to another, no .sat) for all lanes at
 * once: extended from the source type's width, cut to the destination's w0. */
static void cvt_int(uint64_t *d, const uint64_t *a, int ts, unsigned w0) {
  unsigned ws = tbits[ts];
  if (tkind[ts] == TK_SGN) for (int l = 0; l < WARP; l++) d[l] = trunc_w((uint64_t)sext_w(a[l], ws), w0);
  else for (int l = 0; l < WARP; l++) d[l] = trunc_w(trunc_w(a[l], ws), w0);
}

/* cvt of one value from type ts to type td, as PTX defines it. */
static uint64_t convert(uint64_t v, int td, int ts, int rnd, int ftz, int sat) {
  int kd = tkind[td], ks = tkind[ts];
  unsigned wd = tbits[td], ws = tbits[ts];
  if (ks != TK_FLT && kd != TK_FLT) {
    uint64_t x = as_type(v, ts);
    if (sat) {
      int src_signed = ks == TK_SGN, dst_signed = kd == TK_SGN;
      if (dst_signed) {
        int64_t lo = wd >= 64 ? INT64_MIN : -(int64_t)(1ull << (wd - 1)), hi = wd >= 64 ? INT64_MAX : (int64_t)((1ull << (wd - 1)) - 1);
        if (src_signed) { int64_t s = (int64_t)x; x = (uint64_t)(s < lo ? lo : s > hi ? hi : s); }
        else x = x > (uint64_t)hi ? (uint64_t)hi : x;
      } else {
        uint64_t hi = trunc_w(~0ull, wd);
        if (src_signed && (int64_t)x < 0) x = 0;
        else if (x > hi) x = hi;
      }
    }
    return trunc_w(x, wd);
  }
  if (ks == TK_FLT && kd != TK_FLT) {   /* float to integer: rounds as asked, NaN to 0, clamps to the range */
    double f = ws == 64 ? F64(v) : ws == 32 ? (double)(ftz ? ftz32(F32(v)) : F32(v)) : half_in(v, ts);
    /* NaN: 0, but 1 << (width - 1) from an f64 or into a 64-bit integer (PTX ISA, cvt) */
    if (f != f) return (ws == 64 || wd == 64) ? 1ull << (wd - 1) : 0;
    switch (rnd) {
    case 5: f = nearbyint(f); break;   /* rni: the default mode is round to nearest even */
    case 6: f = trunc(f); break;
    case 7: f = floor(f); break;
    case 8: f = ceil(f); break;
    default: f = trunc(f); break;
    }
    if (kd == TK_SGN) {
      double lo = -ldexp(1.0, (int)wd - 1), hi = ldexp(1.0, (int)wd - 1);
      int64_t r = f <= lo ? (wd >= 64 ? INT64_MIN : (int64_t)lo) : f >= hi ? (wd >= 64 ? INT64_MAX : (int64_t)hi - 1) : (int64_t)f;
      return trunc_w((uint64_t)r, wd);
    }
    double hi = ldexp(1.0, (int)wd);
    uint64_t r = f <= 0 ? 0 : f >= hi ? trunc_w(~0ull, wd) : (uint64_t)f;
    return trunc_w(r, wd);
  }
  if (ks != TK_FLT) {   /* integer to float */
    rmode r = rm_begin(rnd);
    uint64_t x = as_type(v, ts);
    uint64_t out;
    if (wd == 64) { double f = ks == TK_SGN ? (double)(int64_t)x : (double)x; out = emu_f64_bits(sat ? sat64(f) : f); }
    else if (wd == 32) {
      float f = ks == TK_SGN ? (float)(int64_t)x : (float)x;
      if (sat) f = sat32(f);
      out = emu_f32_bits(f);
    } else {
      rm_end(r);   /* the half is rounded exactly from the integer (exact in double up to 2^53, far past 65504) */
      double f = ks == TK_SGN ? (double)(int64_t)x : (double)x;
      return half_out(sat ? sat64(f) : f, td, rnd);
    }
    rm_end(r);
    return out;
  }
  /* float to float */
  if (ws == 16 || wd == 16) {
    double f = ws == 16 ? half_in(v, ts) : ws == 32 ? (double)(ftz ? ftz32(F32(v)) : F32(v)) : F64(v);
    if (sat) f = sat64(f);
    if (wd == 16) return half_out(f, td, rnd);
    return wd == 32 ? B32((float)f) : B64(f);
  }
  rmode r = rm_begin(rnd);
  uint64_t out;
  if (wd == 32 && ws == 32) {
    float f = ftz ? ftz32(F32(v)) : F32(v);
    if (rnd >= 5) f = rnd == 5 ? nearbyintf(f) : rnd == 6 ? truncf(f) : rnd == 7 ? floorf(f) : ceilf(f);
    if (sat) f = sat32(f);
    if (ftz) f = ftz32(f);
    out = B32(f);
  } else if (wd == 64 && ws == 64) {
    double f = F64(v);
    if (f != f) { rm_end(r); return v | 0x0008000000000000ull; }   /* a NaN, quieted */
    if (rnd >= 5) f = rnd == 5 ? nearbyint(f) : rnd == 6 ? trunc(f) : rnd == 7 ? floor(f) : ceil(f);
    if (sat) f = sat64(f);
    out = B64(f);
  } else if (wd == 32) {
    float f = (float)F64(v);
    if (sat) f = sat32(f);
    if (ftz) f = ftz32(f);
    /* a NaN keeps its sign and the top of its payload, quieted */
    out = f == f ? B32(f) : (uint32_t)(v >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(v >> 29 & 0x3fffffu);
  } else {
    double f = (double)(ftz ? ftz32(F32(v)) : F32(v));
    if (sat) f = sat64(f);
    /* a NaN keeps its sign and payload, quieted */
    out = f == f ? B64(f) : (v & 0x80000000ull) << 32 | 0x7ff8000000000000ull | (v & 0x3fffffull) << 29;
  }
  rm_end(r);
  return out;
}

/* ---- comparisons ---- */

static int compare(int cmp, uint64_t a, uint64_t b, int t, int ftz) {
  int k = tkind[t];
  unsigned wbits = tbits[t];
  if (k == TK_FLT) {
    double x, y;
    if (wbits == 32) { float fa = F32(a), fb = F32(b); if (ftz) { fa = ftz32(fa); fb = ftz32(fb); } x = fa; y = fb; }
    else if (wbits == 16) {   /* .f16, .bf16: exact in double; .ftz (f16) compares subnormals as zeros */
      x = half_in(a, t); y = half_in(b, t);
      if (ftz && fabs(x) < 0x1p-14) x = copysign(0.0, x);
      if (ftz && fabs(y) < 0x1p-14) y = copysign(0.0, y);
    }
    else { x = F64(a); y = F64(b); }
    int un = x != x || y != y;
    switch (cmp) {
    case 1: return !un && x == y;
    case 2: return !un && x != y;
    case 3: return !un && x < y;
    case 4: return !un && x <= y;
    case 5: return !un && x > y;
    case 6: return !un && x >= y;
    case 11: return un || x == y;
    case 12: return un || x != y;
    case 13: return un || x < y;
    case 14: return un || x <= y;
    case 15: return un || x > y;
    case 16: return un || x >= y;
    case 17: return !un;
    case 18: return un;
    default: return 0;
    }
  }
  if (k == TK_SGN && cmp >= 3 && cmp <= 6) {
    int64_t x = sext_w(a, wbits), y = sext_w(b, wbits);
    return cmp == 3 ? x < y : cmp == 4 ? x <= y : cmp == 5 ? x > y : x >= y;
  }
  uint64_t x = trunc_w(a, wbits), y = trunc_w(b, wbits);
  switch (cmp) {
  case 1: return x == y;
  case 2: return x != y;
  case 3: case 7: return x < y;
  case 4: case 8: return x <= y;
  case 5: case 9: return x > y;
  case 6: case 10: return x >= y;
  default: return 0;
  }
}

static inline int bool_op(int bop, int x, int y) { return bop == 1 ? x & y : bop == 2 ? x | y : x ^ y; }

/* ---- bit manipulation ---- */

/* pos and len: their low 8 bits for 32-bit types, as the PTX ISA says;
 * the whole 32-bit values for 64-bit types, as a GPU takes them (measured on
 * an H200: bfe.u64 with len 256 takes every bit from pos up, not none) */
static uint64_t bfe(uint64_t a, uint32_t pos, uint32_t len, int t) {
  unsigned msb = tbits[t] - 1;
  if (msb < 63) { pos &= 0xff; len &= 0xff; }
  int sbit = 0;
  if (tkind[t] == TK_SGN && len) { uint64_t top = (uint64_t)pos + len - 1 > msb ? msb : pos + len - 1; sbit = (int)(a >> top & 1); }
  /* bit i of d: bit pos + i of a while i < len and pos + i <= msb, else sbit */
  unsigned n = pos > msb ? 0 : len < msb + 1 - pos ? len : msb + 1 - pos;   /* the bits taken from a */
  uint64_t taken = n ? (a >> pos) & trunc_w(~0ull, n) : 0;
  return taken | (sbit ? trunc_w(~0ull, msb + 1) & ~trunc_w(~0ull, n) : 0);
}

static uint64_t bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, int t) {
  unsigned msb = tbits[t] - 1;
  if (msb < 63) { pos &= 0xff; len &= 0xff; }   /* as bfe */
  /* bits pos .. pos + len - 1 of b (those up to msb) replaced by a's low bits */
  unsigned n = pos > msb ? 0 : len < msb + 1 - pos ? len : msb + 1 - pos;
  if (!n) return trunc_w(b, msb + 1);
  uint64_t field = trunc_w(~0ull, n) << pos;
  return trunc_w((b & ~field) | ((a << pos) & field), msb + 1);
}

static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c, int mode) {
  uint64_t t = ((uint64_t)b << 32) | a;
  uint8_t byte[8];
  for (int i = 0; i < 8; i++) byte[i] = (uint8_t)(t >> (8 * i));
  uint32_t d = 0;
  if (!mode) {
    for (int i = 0; i < 4; i++) {
      uint32_t ctl = (c >> (4 * i)) & 15;
      uint8_t v = byte[ctl & 7];
      if (ctl & 8) v = (v & 0x80) ? 0xff : 0;
      d |= (uint32_t)v << (8 * i);
    }
    return d;
  }
  static const uint8_t sel[6][4][4] = {   /* [mode][c&3][result byte 0..3] */
    { { 0, 1, 2, 3 }, { 1, 2, 3, 4 }, { 2, 3, 4, 5 }, { 3, 4, 5, 6 } },   /* f4e */
    { { 0, 7, 6, 5 }, { 1, 0, 7, 6 }, { 2, 1, 0, 7 }, { 3, 2, 1, 0 } },   /* b4e */
    { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 2, 2, 2, 2 }, { 3, 3, 3, 3 } },   /* rc8 */
    { { 0, 1, 2, 3 }, { 1, 1, 2, 3 }, { 2, 2, 2, 3 }, { 3, 3, 3, 3 } },   /* ecl */
    { { 0, 0, 0, 0 }, { 0, 1, 1, 1 }, { 0, 1, 2, 2 }, { 0, 1, 2, 3 } },   /* ecr */
    { { 0, 1, 0, 1 }, { 2, 3, 2, 3 }, { 0, 1, 0, 1 }, { 2, 3, 2, 3 } },   /* rc16 */
  };
  for (int i = 0; i < 4; i++) d |= (uint32_t)byte[sel[mode - 1][c & 3][i]] << (8 * i);
  return d;
}

static uint32_t bfind(uint64_t a, int t, int shiftamt) {
  unsigned w = tbits[t];
  uint64_t x = trunc_w(a, w);
  if (tkind[t] == TK_SGN && (x >> (w - 1) & 1)) x = trunc_w(~x, w);
  if (!x) return 0xffffffffu;
  uint32_t pos = 63 - (uint32_t)__builtin_clzll(x);
  return shiftamt ? (w - 1 - pos) : pos;
}

/* ---- integer helpers ---- */

static inline uint64_t mul_hi(uint64_t a, uint64_t b, int t) {
  unsigned w = tbits[t];
  if (tkind[t] == TK_SGN) {
    __int128 p = (__int128)sext_w(a, w) * (__int128)sext_w(b, w);
    return trunc_w((uint64_t)(p >> w), w);
  }
  unsigned __int128 p = (unsigned __int128)trunc_w(a, w) * trunc_w(b, w);
  return trunc_w((uint64_t)(p >> w), w);
}

static inline uint64_t mul_wide(uint64_t a, uint64_t b, int t) {
  unsigned w = tbits[t];
  if (tkind[t] == TK_SGN) return trunc_w((uint64_t)(sext_w(a, w) * sext_w(b, w)), 2 * w);
  return trunc_w(trunc_w(a, w) * trunc_w(b, w), 2 * w);
}

static inline uint64_t idiv(uint64_t a, uint64_t b, int t, int rem) {
  unsigned w = tbits[t];
  if (tkind[t] == TK_SGN) {
    int64_t x = sext_w(a, w), y = sext_w(b, w);
    if (y == 0) return trunc_w(~0ull, w);   /* div and rem: all ones, as a GPU gives */
    if (y == -1) return rem ? 0 : trunc_w((uint64_t)0 - (uint64_t)x, w);
    return trunc_w((uint64_t)(rem ? x % y : x / y), w);
  }
  uint64_t x = trunc_w(a, w), y = trunc_w(b, w);
  if (y == 0) return trunc_w(~0ull, w);
  return rem ? x % y : x / y;
}

static inline uint64_t sat_s32(int64_t v) { return trunc_w((uint64_t)(v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v), 32); }

/* ---- memory instructions ---- */

/* Device memory is little-endian, whatever the host is. */
static inline uint64_t load_value(const uint8_t *p, unsigned bytes) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  switch (bytes) {
  case 1: return *p;
  case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
  case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
  case 8: { uint64_t v; memcpy(&v, p, 8); return v; }
  }
#endif
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}
static inline void store_value(uint8_t *p, uint64_t v, unsigned bytes) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  switch (bytes) {
  case 1: *p = (uint8_t)v; return;
  case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); return; }
  case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); return; }
  case 8: memcpy(p, &v, 8); return;
  }
#endif
  for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* Per-lane space-relative addresses of a memory operand; returns its space. */
static int addresses(cta *c, warp *w, int space, const emu_opnd *o, uint64_t *addr) {
  if (o->base == AB_REG) {
    const frame *f = &w->frames[w->nframes - 1];
    const uint64_t *r = &f->regs[(size_t)o->reg * WARP];
    if (f->slot_mask[o->reg] == 0xffffffffu)   /* a 32-bit register: the sum wraps at 32 bits, as the GPU computes it */
      for (int l = 0; l < WARP; l++) addr[l] = (uint32_t)(r[l] + (uint64_t)o->imm);
    else
      for (int l = 0; l < WARP; l++) addr[l] = r[l] + (uint64_t)o->imm;
  } else if (o->base == AB_ABS) {
    for (int l = 0; l < WARP; l++) addr[l] = (uint64_t)o->imm;
  } else {
    const isa_var *v = &c->m->img.vars[o->reg];
    uint64_t base = var_address(c, w, o->reg) + (uint64_t)o->imm;
    if (space == ISA_SP_GENERIC) {   /* [var] in a generic access: the variable's generic address */
      space = v->space == ISA_SP_SHARED ? ISA_SP_SHARED : v->space == ISA_SP_LOCAL ? ISA_SP_LOCAL : v->space;
    }
    for (int l = 0; l < WARP; l++) addr[l] = base;
  }
  return space;
}

/* For emu_step's report: where each active lane's access goes (generic
 * addresses resolved to their space, as locate does). */
static void note_access(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned bytes) {
  struct emu_issue *is = c->issue;
  is->is_mem = 1;
  is->bytes = (uint8_t)(bytes > 255 ? 255 : bytes);
  if (space != ISA_SP_GENERIC) {   /* one space: every lane's entry (readers look at the active lanes' only) */
    memset(is->space, space, sizeof is->space);
    memcpy(is->addr, addr, sizeof is->addr);
    is->spaces = active ? 1u << space : 0;
    return;
  }
  uint32_t spaces = 0;
  for (int l = 0; l < WARP; l++) {
    if (!(active >> l & 1)) continue;
    uint64_t a = addr[l];
    int sp = space;
    if (sp == ISA_SP_GENERIC) {
      if (a - GENERIC_SHARED_BASE < GENERIC_WINDOW) { sp = ISA_SP_SHARED; a -= GENERIC_SHARED_BASE; }
      else if (a - GENERIC_LOCAL_BASE < GENERIC_WINDOW) { sp = ISA_SP_LOCAL; a -= GENERIC_LOCAL_BASE; }
      else sp = ISA_SP_GLOBAL;
    }
    is->space[l] = (uint8_t)sp;
    is->addr[l] = a;
    spaces |= 1u << sp;
  }
  is->spaces = spaces;
}

/* ---- for the instruction families in files of their own (tensor.c) ---- */

const uint64_t *emu_src(cta *c, warp *w, const emu_opnd *o, uint64_t *tmp) { return src(c, w, o, tmp); }
void emu_write(warp *w, const emu_opnd *o, const uint64_t *val, uint32_t mask) { write_dst(w, o, val, mask); }
int emu_addresses(cta *c, warp *w, int space, const emu_opnd *o, uint64_t *addr) { return addresses(c, w, space, o, addr); }
uint8_t *emu_resolve(cta *c, warp *w, uint32_t pc, uint32_t lane, int space, uint64_t addr, uint32_t size, int is_store) {
  return resolve(c, w, pc, lane, space, addr, size, is_store);
}
void emu_note_access(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned bytes) {
  if (c->issue) note_access(c, space, addr, active, bytes);
}
void emu_fault(cta *c, warp *w, uint32_t pc, uint32_t lane, int has_addr, uint64_t addr, const char *fmt, ...) {
  char buf[sizeof c->fault->what];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fault(c, w, pc, lane, has_addr, addr, "%s", buf);
}

/* The fast way to the lanes' bytes: when every active lane's access of
 * 'size' bytes is an aligned global access inside one allocation (and, for a
 * store, away from every watched range), that allocation; else NULL, and each
 * lane goes through resolve (which finds and reports the faulting lane). */
static emu_alloc *one_alloc(cta *c, int space, const uint64_t *addr, uint32_t active, unsigned size, int is_store) {
  if ((space != ISA_SP_GLOBAL && space != ISA_SP_GENERIC) || !active) return NULL;
  uint64_t lo = UINT64_MAX, hi = 0, bits = 0, window = 0;
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
  case ISA_SP_SHARED: case ISA_SP_SHARED_CTA: base = c->shared; n = c->shared_bytes; break;
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
  int space = addresses(c, w, in->space, &in->o[1], addr);
  unsigned bytes = tbits[in->t0] / 8, n = (unsigned)isa_vec_count(in->vec);
  if (!bytes) bytes = 1;
  if (c->issue) note_access(c, space, addr, active, bytes * n);
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
  uint8_t *shared_p = uniform ? resolve(c, w, pc, first, space, addr[first], bytes * n, 0) : NULL;
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
                       : shared_p ? shared_p : resolve(c, w, pc, (uint32_t)l, space, addr[l], bytes * n, 0);
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
  int space = addresses(c, w, in->space, &in->o[0], addr);
  unsigned bytes = tbits[in->t0] / 8, n = (unsigned)isa_vec_count(in->vec);
  if (!bytes) bytes = 1;
  if (c->issue) note_access(c, space, addr, active, bytes * n);
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
      uint8_t *p = one ? one->data + (addr[l] - one->addr) : win ? win + addr[l] : resolve(c, w, pc, (uint32_t)l, space, addr[l], bytes * n, 1);
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
  int space = addresses(c, w, in->space, mo, addr);
  const uint64_t *b = src(c, w, &in->o[is_red ? 1 : 2], ta);
  const uint64_t *cv = in->nopnd > 3 ? src(c, w, &in->o[3], tc) : b;
  unsigned bytes = tbits[in->t0] / 8;
  if (c->issue) note_access(c, space, addr, active, bytes);
  for (int l = 0; l < WARP; l++) {   /* lanes in order: the result is deterministic */
    if (!(active >> l & 1)) continue;
    uint8_t *p = resolve(c, w, pc, (uint32_t)l, space, addr[l], bytes, 2);
    if (!p) return -1;
    uint64_t old = load_value(p, bytes);
    store_value(p, atomic_op(in->sub, in->t0, old, b[l], cv[l]), bytes);
    out[l] = as_type(old, in->t0);
  }
  c->d->stats.atomics += (uint64_t)emu_popc32(active);
  if (!is_red) write_dst(w, &in->o[0], out, active);
  return 0;
}

/* ---- calls ---- */

/* Copies 'bytes' between a call-list element (a .param variable of the
 * caller's frame, or a register) and a parameter of the callee's frame. */
static void copy_param(cta *c, warp *w, frame *caller, const emu_opnd *e, uint32_t callee_base, uint32_t var,
                       uint32_t bytes, int to_callee, uint32_t mask) {
  uint32_t off = callee_base + c->m->var_off[var];
  for (int l = 0; l < WARP; l++) {
    if (!(mask >> l & 1)) continue;
    uint8_t *cp = w->local[l] + off;
    if (e->kind == OK_SYM) {
      uint8_t *rp = w->local[l] + caller->local_base + c->m->var_off[e->reg];
      if (to_callee) memcpy(cp, rp, bytes); else memcpy(rp, cp, bytes);
    } else if (e->kind == OK_REG) {
      uint64_t *r = &caller->regs[(size_t)e->reg * WARP + l];
      if (to_callee) store_value(cp, *r, bytes > 8 ? 8 : bytes);
      else *r = load_value(cp, bytes > 8 ? 8 : bytes) & caller->slot_mask[e->reg];
    }
  }
}

/* The value of call-list element e (a .param variable of the caller's frame, or a register) in lane l. */
static uint64_t elem_value(cta *c, warp *w, const frame *caller, const emu_opnd *e, uint32_t l, uint32_t bytes) {
  if (e->kind == OK_SYM) return load_value(w->local[l] + caller->local_base + c->m->var_off[e->reg], bytes > 8 ? 8 : bytes);
  if (e->kind == OK_REG) return caller->regs[(size_t)e->reg * WARP + l];
  return 0;
}
/* Sets call-list element e to the 'bytes'-byte value v in lane l. */
static void elem_set(cta *c, warp *w, frame *caller, const emu_opnd *e, uint32_t l, uint64_t v, uint32_t bytes) {
  if (e->kind == OK_SYM) store_value(w->local[l] + caller->local_base + c->m->var_off[e->reg], v, bytes > 8 ? 8 : bytes);
  else if (e->kind == OK_REG) caller->regs[(size_t)e->reg * WARP + l] = v & caller->slot_mask[e->reg];
}

/* vprintf(fmt, args), the external function nvcc calls for device printf
 * (printf.c): each active lane, in lane order, writes its text whole; the
 * return value is the number of arguments its format took. */
static int exec_vprintf(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  const emu_opnd *rets = in->o[0].kind == OK_LIST ? &in->o[0] : NULL, *args = NULL;
  for (unsigned i = 1; i < in->nopnd; i++) if (in->o[i].kind == OK_LIST) args = &in->o[i];
  if (!args || args->nelem != 2) { fault(c, w, pc, ANYLANE, 0, 0, "call to vprintf with %u arguments (its prototype takes the format and the argument buffer)", args ? args->nelem : 0); return -1; }
  frame *caller = &w->frames[w->nframes - 1];
  for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
    uint64_t fmt = elem_value(c, w, caller, &c->m->elems[args->elem_first], l, 8);
    uint64_t buf = elem_value(c, w, caller, &c->m->elems[args->elem_first + 1], l, 8);
    char *text, why[400];
    size_t len;
    uint64_t bad = 0;
    int n = emu_printf(c, w, l, fmt, buf, &text, &len, why, sizeof why, &bad);
    if (n == -2) { fault(c, w, pc, l, bad != 0, bad, "%s", why); return -1; }
    if (text) {
      uint64_t cta_id = c->cta.x + (uint64_t)c->grid.x * (c->cta.y + (uint64_t)c->grid.y * c->cta.z);
      int kept = emu_print_keep(c->d, cta_id, w->id * WARP + l, text, len);
      free(text);
      if (kept) { fault(c, w, pc, l, 0, 0, "out of host memory for printf's output"); return -1; }
    }
    if (rets && rets->nelem) elem_set(c, w, caller, &c->m->elems[rets->elem_first], l, (uint64_t)(uint32_t)n, 4);
  }
  return 0;
}

static int exec_call(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint32_t callee = in->target;
  const isa_func *fn = &c->m->img.funcs[callee];
  if (!fn->has_body && fn->nparam == 2 && fn->nret <= 1 && !strcmp(isa_str(&c->m->img, fn->name), "vprintf")) {
    if (exec_vprintf(c, w, pc, in, active)) return -1;
    w->stack[w->sp - 1].pc = pc + 1;   /* no frame: the warp goes on after the call */
    return 0;
  }
  if (!fn->has_body) { fault(c, w, pc, ANYLANE, 0, 0, "call to %s, which has no body in this module", isa_str(&c->m->img, fn->name)); return -1; }
  uint32_t caller_index = w->nframes - 1;
  if (push_frame(c, w, callee, pc)) return -1;
  frame *caller = &w->frames[caller_index], *cf = &w->frames[w->nframes - 1];
  for (unsigned i = 0; i < in->nopnd; i++) {
    const emu_opnd *o = &in->o[i];
    if (o->kind != OK_LIST || i == 0) continue;   /* the argument list follows the function */
    for (unsigned k = 0; k < o->nelem && k < fn->nparam; k++) {
      uint32_t v = fn->first_param + k;
      copy_param(c, w, caller, &c->m->elems[o->elem_first + k], cf->local_base, v, (uint32_t)isa_var_bytes(&c->m->img.vars[v]), 1, active);
    }
  }
  /* every lane goes on after the call once the callers are back: the call
   * entry reconverges at pc + 1 with the entry below */
  w->stack[w->sp - 1].pc = pc + 1;
  if (push(c, w, pc, pc + 1, pc + 1, active, 1) || push(c, w, pc, c->m->funcs[callee].first_pc, NO_PC, active, 0)) return -1;
  return 1;
}

/* A call entry reached the top: every lane has returned (or exited). */
static void finish_call(cta *c, warp *w) {
  simt_entry *e = &w->stack[w->sp - 1];
  frame *cf = &w->frames[w->nframes - 1], *caller = &w->frames[w->nframes - 2];
  const emu_insn *call = &c->m->code[cf->call_pc];
  const isa_func *fn = &c->m->img.funcs[cf->func];
  if (e->mask && call->nopnd && call->o[0].kind == OK_LIST) {
    const emu_opnd *o = &call->o[0];
    for (unsigned k = 0; k < o->nelem && k < fn->nret; k++) {
      uint32_t v = fn->first_ret + k;
      copy_param(c, w, caller, &c->m->elems[o->elem_first + k], cf->local_base, v, (uint32_t)isa_var_bytes(&c->m->img.vars[v]), 0, e->mask);
    }
  }
  pop_frame(c, w);
  e->is_call = 0;
}

/* Lanes leave for good (exit) or leave the current function (ret). */
static void lanes_leave(warp *w, uint32_t lanes, int whole_stack) {
  for (uint32_t i = w->sp; i-- > 0;) {
    if (!whole_stack && w->stack[i].is_call) break;   /* returning lanes wait in the call entry */
    w->stack[i].mask &= ~lanes;
  }
}

/* ---- one instruction ---- */

#define LANES for (int l = 0; l < WARP; l++)
#define S(i) src(c, w, &in->o[i], c->scratch[i])

/* The instructions kept out of exec_insn, whose size decides how well the
 * compiler keeps the common ones in registers: half-precision arithmetic
 * (half.c), dp4a/dp2a and the warp-wide redux, match and elect.  Same
 * contract as exec_insn. */
static int exec_more(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) __attribute__((noinline));
static int exec_more(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t D[WARP];
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0, sat = (in->flags & FL_SAT) != 0;
  if (t0 >= ISA_T_F16 && t0 <= ISA_T_BF16X2) switch (in->op) {   /* half precision (half.c), one or two to a register */
  case ISA_OP_ADD: case ISA_OP_SUB: case ISA_OP_MUL: case ISA_OP_MIN: case ISA_OP_MAX: case ISA_OP_FMA: case ISA_OP_NEG: case ISA_OP_ABS: {
    const uint64_t *a = S(1), *b = in->nopnd > 2 ? S(2) : a, *cc = in->nopnd > 3 ? S(3) : a;
    int relu = (in->flags & FL_RELU) != 0;
    LANES D[l] = emu_half_op(in->op, t0, a[l], b[l], in->op == ISA_OP_FMA ? cc[l] : 0, ftz, sat, relu);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  case ISA_OP_EX2: case ISA_OP_TANH: {   /* approximate: each half computed in double, rounded once */
    const uint64_t *a = S(1);
    int bf = t0 == ISA_T_BF16 || t0 == ISA_T_BF16X2, two = t0 == ISA_T_F16X2 || t0 == ISA_T_BF16X2;
    LANES {
      uint64_t r = emu_half_func(in->op, (uint32_t)a[l] & 0xffff, bf, ftz);
      if (two) r |= (uint64_t)emu_half_func(in->op, (uint32_t)(a[l] >> 16) & 0xffff, bf, ftz) << 16;
      D[l] = r;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  default:
    break;
  }
  switch (in->op) {
  /* setp and set on .f16x2 and .bf16x2 (PTX ISA, "Half Precision Comparison Instructions"):
   * each half compared apart; setp: p from the lower half, q from the upper (each combined
   * with c); set: each half of d 0xffff (a .u32/.s32 d) or 0 */
  case ISA_OP_SETP: case ISA_OP_SET: {
    int is_set = in->op == ISA_OP_SET;
    /* pairs: each half compared apart (setp: p the lower, q the upper); set also with a 16-bit destination */
    int ct = is_set ? in->t1 : t0, pair = ct == ISA_T_F16X2 || ct == ISA_T_BF16X2;
    int ht = !pair ? ct : ct == ISA_T_F16X2 ? ISA_T_F16 : ISA_T_BF16;
    /* set: 1.0 in the destination's format, or all ones (in each half) */
    uint64_t one = t0 == ISA_T_F16X2 || t0 == ISA_T_F16 ? 0x3c00u : t0 == ISA_T_BF16X2 || t0 == ISA_T_BF16 ? 0x3f80u
                 : pair || w0 == 16 ? 0xffffu : 0xffffffffu;
    const uint64_t *a = S(1), *b = S(2), *p = in->nopnd > 3 ? S(3) : NULL;
    int pneg = in->nopnd > 3 && in->o[3].neg;
    uint64_t Q[WARP];
    LANES {
      int pv = p ? (int)((p[l] & 1) ^ (uint64_t)pneg) : 0, t[2] = { 0, 0 };
      for (int h = 0; h < (pair ? 2 : 1); h++) {
        int r = pair ? compare(in->cmp, a[l] >> (16 * h) & 0xffff, b[l] >> (16 * h) & 0xffff, ht, ftz) : compare(in->cmp, a[l], b[l], ct, ftz);
        t[h] = p ? bool_op(in->bop, r, pv) : r;
      }
      if (is_set) D[l] = (t[0] ? one : 0) | (t[1] ? one << 16 : 0);
      else { D[l] = (uint64_t)t[0]; Q[l] = (uint64_t)t[1]; }
    }
    write_pair(w, &in->o[0], D, Q, active);
    return 0;
  }
  /* dp4a: d = c + the sum of the products of a's and b's four bytes (each signed or unsigned by its type)
   * dp2a: d = c + the sum of the products of a's two halfwords and b's bytes 0-1 (.lo) or 2-3 (.hi)
   * (PTX ISA, "dp4a", "dp2a": the products and the sum wrap at 32 bits; d is .s32 unless both are .u32) */
  case ISA_OP_DP4A: case ISA_OP_DP2A: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    int sa = k0 == TK_SGN, sb = tkind[in->t1] == TK_SGN;
    int four = in->op == ISA_OP_DP4A;
    unsigned bfirst = !four && in->sub == ISA_SUB(MHI, MLO) ? 2 : 0;
    LANES {
      uint32_t x = (uint32_t)a[l], y = (uint32_t)b[l], sum = (uint32_t)cc[l];
      for (unsigned i = 0; i < (four ? 4u : 2u); i++) {
        int32_t ea = four ? (sa ? (int32_t)(int8_t)(x >> (8 * i)) : (int32_t)(uint8_t)(x >> (8 * i)))
                          : (sa ? (int32_t)(int16_t)(x >> (16 * i)) : (int32_t)(uint16_t)(x >> (16 * i)));
        uint32_t yb = y >> (8 * (i + bfirst));
        int32_t eb = sb ? (int32_t)(int8_t)yb : (int32_t)(uint8_t)yb;
        sum += (uint32_t)ea * (uint32_t)eb;
      }
      D[l] = sum;
    }
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
  /* fns: d = the position of the c-th one bit of a counted from bit b (upwards for c > 0, downwards for c < 0; c = 0: bit b itself), or 0xffffffff
   * szext: d = the low b bits of a, sign- (.s32) or zero-extended (.u32); b >= 32 keeps a (.clamp) or counts mod 32 (.wrap)
   * bmsk: d = b one bits from bit a (.clamp: a >= 32 gives 0, b past bit 31 stops there; .wrap: a and b mod 32)
   * vadd2: d = a + b in each halfword (.sat: clamped to d's type); .add: c plus their sum
   * vsub2: d = a - b in each halfword (.sat: clamped to d's type); .add: c plus their sum
   * vavrg2: d = (a + b) / 2 rounded away from zero in each halfword; .add: c plus their sum
   * vabsdiff2: d = |a - b| in each halfword; .add: c plus their sum
   * vmin2: d = min(a, b) in each halfword; .add: c plus their sum
   * vmax2: d = max(a, b) in each halfword; .add: c plus their sum
   * vset2: d = 1 or 0 in each halfword as a CMP b holds; .add: c plus their sum
   * vadd4: d = a + b in each byte (.sat: clamped to d's type); .add: c plus their sum
   * vsub4: d = a - b in each byte (.sat: clamped to d's type); .add: c plus their sum
   * vavrg4: d = (a + b) / 2 rounded away from zero in each byte; .add: c plus their sum
   * vabsdiff4: d = |a - b| in each byte; .add: c plus their sum (a sum of absolute differences)
   * vmin4: d = min(a, b) in each byte; .add: c plus their sum
   * vmax4: d = max(a, b) in each byte; .add: c plus their sum
   * vset4: d = 1 or 0 in each byte as a CMP b holds; .add: c plus their sum
   * (and add, min, max on .u16x2 and .s16x2; min, max .relu.s32)  -- intops.c */
  case ISA_OP_FNS: case ISA_OP_SZEXT: case ISA_OP_BMSK: case ISA_OP_VADD2: case ISA_OP_VSUB2: case ISA_OP_VAVRG2:
  case ISA_OP_VABSDIFF2: case ISA_OP_VMIN2: case ISA_OP_VMAX2: case ISA_OP_VSET2: case ISA_OP_VADD4: case ISA_OP_VSUB4:
  case ISA_OP_VAVRG4: case ISA_OP_VABSDIFF4: case ISA_OP_VMIN4: case ISA_OP_VMAX4: case ISA_OP_VSET4:
  case ISA_OP_ADD: case ISA_OP_MIN: case ISA_OP_MAX: {
    const uint64_t *a = S(1), *b = S(2), *cc = in->nopnd > 3 ? S(3) : b;
    if ((in->op == ISA_OP_MIN || in->op == ISA_OP_MAX) && t0 == ISA_T_S32) {   /* min.relu.s32, max.relu.s32: the result, 0 if negative */
      LANES { int32_t x = (int32_t)a[l], y = (int32_t)b[l], r = in->op == ISA_OP_MIN ? (x < y ? x : y) : (x > y ? x : y); D[l] = (uint32_t)(r < 0 ? 0 : r); }
    } else LANES D[l] = emu_int_op(in, a[l], b[l], cc[l]);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* isspacep: p = the generic address a is in the state space named */
  case ISA_OP_ISSPACEP: {
    const uint64_t *a = S(1);
    const uint8_t *cm = c->m->const_mem;
    LANES {
      uint64_t x = a[l];
      int sh = x - GENERIC_SHARED_BASE < GENERIC_WINDOW, lo = x - GENERIC_LOCAL_BASE < GENERIC_WINDOW, r;
      switch (in->space) {
      case ISA_SP_SHARED: case ISA_SP_SHARED_CTA: r = sh && x - GENERIC_SHARED_BASE < c->shared_bytes; break;
      case ISA_SP_LOCAL: r = lo; break;
      case ISA_SP_CONST: r = cm && x - c->m->const_addr < c->m->const_bytes; break;
      default: r = !sh && !lo; break;   /* .global: the rest of the generic space (the constant bank is in it) */
      }
      D[l] = (uint64_t)r;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
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
        if ((active >> l & 1) && a[l] != sp) { fault(c, w, pc, (uint32_t)l, 0, 0, "stackrestore: lane %d's stack pointer differs from lane %d's", l, __builtin_ctz(active)); return -1; }
      if (sp < floor || sp > w->local_top) {
        fault(c, w, pc, ANYLANE, 1, sp, "stackrestore to a stack pointer outside the function's stack (%u to %u): not a value stacksave returned", floor, w->local_top);
        return -1;
      }
      w->local_top = (uint32_t)sp;
      return 0;
    }
    uint64_t align = in->nopnd > 2 ? (uint64_t)in->o[2].imm : 8, size = 0;
    for (int l = 0; l < WARP; l++) if ((active >> l & 1) && a[l] > size) size = a[l];
    uint64_t p = ((uint64_t)w->local_top + align - 1) & ~(align - 1);
    if (p + size > LOCAL_LIMIT || w->reg_bytes + p + size > c->d->max_frame_bytes) {
      fault(c, w, pc, ANYLANE, 0, 0, "alloca of %llu bytes: the stack limit is reached (%u bytes of local memory in use, at most %u per thread for registers and local memory)",
            (unsigned long long)size, w->local_top, c->d->max_frame_bytes);
      return -1;
    }
    if (ensure_local(c, w, (uint32_t)(p + size), pc)) return -1;
    w->local_top = (uint32_t)(p + size);
    LANES D[l] = p;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* applypriority: give the 128 bytes at a the L2 eviction priority named (.L2::evict_normal); no effect on values
   * discard: the 128 bytes at a may be dropped from L2 unwritten (their value becomes indeterminate: here it stays)
   * (each lane's 128 bytes must be global memory, 128-aligned) */
  case ISA_OP_APPLYPRIO: case ISA_OP_DISCARD: {
    uint64_t addr[WARP];
    int space = addresses(c, w, in->space, &in->o[0], addr);
    for (int l = 0; l < WARP; l++) {
      if (!(active >> l & 1)) continue;
      if (addr[l] % 128) { fault(c, w, pc, (uint32_t)l, 1, addr[l], "%s: the address is not a multiple of 128", isa_ops[in->op].name); return -1; }
      if (space == ISA_SP_GENERIC && (addr[l] - GENERIC_SHARED_BASE < GENERIC_WINDOW || addr[l] - GENERIC_LOCAL_BASE < GENERIC_WINDOW)) {
        fault(c, w, pc, (uint32_t)l, 1, addr[l], "%s works on global memory; this generic address is not in it", isa_ops[in->op].name); return -1;
      }
      if (!resolve(c, w, pc, (uint32_t)l, ISA_SP_GLOBAL, addr[l], 128, 0)) return -1;
    }
    return 0;
  }
  /* pmevent: signal performance-monitor event a (.mask: the events of mask a); no effect on results
   * griddepcontrol.launch_dependents: let the grids that depend on this one start (launches run one after another here: no effect)
   * griddepcontrol.wait: wait until the grids this one depends on have completed (they have, launches run one after another)
   * setmaxnreg.inc: raise the warp's register count to a (24 to 256, a multiple of 8); no effect on results
   * setmaxnreg.dec: lower the warp's register count to a (24 to 256, a multiple of 8); no effect on results */
  case ISA_OP_PMEVENT: case ISA_OP_GDCLAUNCH: case ISA_OP_GDCWAIT: case ISA_OP_SETMAXNREGINC: case ISA_OP_SETMAXNREGDEC:
    return 0;
  default:
    fault(c, w, pc, ANYLANE, 0, 0, "internal: %s reached exec_more", isa_ops[in->op].name);
    return -1;
  }
}

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
      fault(c, w, pc, l, 1, a, "%s: the mbarrier object must be in shared memory", isa_ops[in->op].name);
      return NULL;
    }
    space = ISA_SP_SHARED;
    a -= GENERIC_SHARED_BASE;
  }
  return resolve(c, w, pc, l, space, a, 8, 1);
}

/* The object at p (lane l's, at addr) as it is; -1 after a fault when it is not initialized. */
static int mb_read(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t l, uint64_t addr, const uint8_t *p, uint64_t *x) {
  *x = load_value(p, 8);
  if (MB_EXPECTED(*x)) return 0;
  fault(c, w, pc, l, 1, addr, "%s: the mbarrier object is not initialized (mbarrier.init) or was invalidated", isa_ops[in->op].name);
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
    fault(c, w, pc, l, 1, addr, "%s: %u arrival%s on an mbarrier with %u pending in its phase", name, count, count == 1 ? "" : "s", pending);
    *bad = 1;
    return 0;
  }
  if (drop) expected -= count;
  pending -= count;
  if (!pending) {
    if (in->flags & FL_NOCOMPLETE) { fault(c, w, pc, l, 1, addr, "%s.noComplete: the arrival completes the phase", name); *bad = 1; return 0; }
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
static int exec_async(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) __attribute__((noinline));
static int exec_async(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t D[WARP], addr[WARP];
  switch (in->op) {
  /* cp.async: shared [a] = c bytes (4, 8, 16) of global [b], in the background; those past the source size d (0 when d is a true ignore-src predicate) are zero */
  case ISA_OP_CPASYNC: {
    uint64_t src_addr[WARP];
    addresses(c, w, in->space, &in->o[0], addr);
    addresses(c, w, ISA_SP_GLOBAL, &in->o[1], src_addr);
    uint32_t size = (uint32_t)in->o[2].imm;
    const uint64_t *srcsz = NULL;
    int ignore = 0;
    if (in->nopnd > 3) {
      srcsz = S(3);
      ignore = in->o[3].kind == OK_REG && c->m->funcs[in->func].slot_type[in->o[3].reg] == ISA_T_PRED;
    }
    if (c->issue) note_access(c, ISA_SP_GLOBAL, src_addr, active, size);
    for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
      uint32_t n = !srcsz ? size : ignore ? (srcsz[l] & 1 ? 0 : size) : (uint32_t)srcsz[l];
      if (n > size) { fault(c, w, pc, l, 0, 0, "cp.async: source size %u is more than the %u bytes it copies", n, size); return -1; }
      uint8_t *to = resolve(c, w, pc, l, in->space, addr[l], size, 1);
      if (!to) return -1;
      uint8_t buf[16] = { 0 };
      if (n) {
        /* the source is read whole (cp-size bytes, aligned), as the hardware moves it; only n of them are copied */
        const uint8_t *from = resolve(c, w, pc, l, ISA_SP_GLOBAL, src_addr[l], size, 0);
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
    addresses(c, w, in->space, &in->o[in->op == ISA_OP_CPMBAR ? 0 : 1], addr);
    if (c->issue) note_access(c, in->space, addr, active, 8);
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
    addresses(c, w, in->space, &in->o[0], addr);
    if (c->issue) note_access(c, in->space, addr, active, 8);
    const uint64_t *count = in->op == ISA_OP_MBINIT ? S(1) : NULL;
    for (uint32_t r = active, l; r && (l = (uint32_t)__builtin_ctz(r), 1); r &= r - 1) {
      uint8_t *p = mb_object(c, w, pc, in, l, addr[l]);
      if (!p) return -1;
      uint32_t k = count ? (uint32_t)count[l] : 0;
      if (count && (k < 1 || k > 0xfffff)) { fault(c, w, pc, l, 1, addr[l], "mbarrier.init: the count is 1 to 1048575, not %u", k); return -1; }
      store_value(p, count ? mb_word(k, k, 0) : 0, 8);
      c->mb_writes++;
    }
    return 0;
  }
  /* mbarrier.test_wait: p = the phase of state b (or of parity b) of the mbarrier at a has completed
   * mbarrier.try_wait: as test_wait, after waiting up to c ns for the phase to complete
   * (a phase is complete when the object's parity is no longer the phase's) */
  case ISA_OP_MBTEST: case ISA_OP_MBTRY: {
    addresses(c, w, in->space, &in->o[1], addr);
    if (c->issue) note_access(c, in->space, addr, active, 8);
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
    fault(c, w, pc, ANYLANE, 0, 0, "internal: %s reached exec_async", isa_ops[in->op].name);
    return -1;
  }
}

/* Executes in at pc for the active lanes.  Returns 0 to go on at pc + 1,
 * 1 when it set the pc itself, 2 when the warp waits at a barrier, 3 when it
 * spins at an mbarrier wait that failed (it goes on at pc + 1), -1 on a fault. */

/* Built twice, for AVX2 and for any x86-64 (or plainly elsewhere); the
 * processor picks at load time.  The results are the same bits. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
__attribute__((target_clones("avx2", "default")))
#endif
static int exec_insn(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  uint64_t Dbuf[WARP], *D = Dbuf;
  /* lane-wise instructions (F_LANEWISE in the table: lane l's result depends
   * only on lane l of the sources), computed in one pass, may write straight
   * into the destination with every lane active, even when it is a source */
  if (active == 0xffffffffu && (isa_ops[in->op].flags & F_LANEWISE) && in->o[0].kind == OK_REG)
    D = &w->frames[w->nframes - 1].regs[(size_t)in->o[0].reg * WARP];
  int t0 = in->t0, k0 = tkind[t0];
  unsigned w0 = tbits[t0];
  int ftz = (in->flags & FL_FTZ) != 0, sat = (in->flags & FL_SAT) != 0;
  switch (in->op) {
  case ISA_OP_DP4A: case ISA_OP_DP2A: case ISA_OP_REDUX: case ISA_OP_MATCH: case ISA_OP_ELECT:
  case ISA_OP_FNS: case ISA_OP_SZEXT: case ISA_OP_BMSK: case ISA_OP_VADD2: case ISA_OP_VSUB2: case ISA_OP_VAVRG2:
  case ISA_OP_VABSDIFF2: case ISA_OP_VMIN2: case ISA_OP_VMAX2: case ISA_OP_VSET2: case ISA_OP_VADD4: case ISA_OP_VSUB4:
  case ISA_OP_VAVRG4: case ISA_OP_VABSDIFF4: case ISA_OP_VMIN4: case ISA_OP_VMAX4: case ISA_OP_VSET4:
  case ISA_OP_ISSPACEP: case ISA_OP_ALLOCA: case ISA_OP_STACKSAVE: case ISA_OP_STACKRESTORE: case ISA_OP_PMEVENT:
  case ISA_OP_GDCLAUNCH: case ISA_OP_GDCWAIT: case ISA_OP_SETMAXNREGINC: case ISA_OP_SETMAXNREGDEC:
  case ISA_OP_APPLYPRIO: case ISA_OP_DISCARD:
    return exec_more(c, w, pc, in, active);
  case ISA_OP_CPASYNC: case ISA_OP_CPCOMMIT: case ISA_OP_CPWAIT: case ISA_OP_CPWAITALL: case ISA_OP_CPMBAR:
  case ISA_OP_MBINIT: case ISA_OP_MBINVAL: case ISA_OP_MBARRIVE: case ISA_OP_MBDROP: case ISA_OP_MBTEST:
  case ISA_OP_MBTRY: case ISA_OP_MBPENDING:
    return exec_async(c, w, pc, in, active);
  case ISA_OP_WMMALD: case ISA_OP_WMMAST: case ISA_OP_WMMAMMA: case ISA_OP_MMA: case ISA_OP_LDMATRIX:
  case ISA_OP_MOVMATRIX: case ISA_OP_STMATRIX:
    return emu_exec_tensor(c, w, pc, in, active);
  /* add: d = a + b
   * sub: d = a - b */
  case ISA_OP_ADD: case ISA_OP_SUB: {
    const uint64_t *a = S(1), *b = S(2);
    int sub = in->op == ISA_OP_SUB;
    if (k0 == TK_FLT) {
      if (t0 == ISA_T_F32 && !ftz && !sat && round_mode(in->rnd) == FE_TONEAREST) {
        if (sub) LANES { float z = F32(a[l]) - F32(b[l]); D[l] = z != z ? 0x7fffffffu : emu_f32_bits(z); }
        else LANES { float z = F32(a[l]) + F32(b[l]); D[l] = z != z ? 0x7fffffffu : emu_f32_bits(z); }
      } else if (t0 == ISA_T_F32) {
        rmode r = rm_begin(in->rnd);
        LANES {
          float x = F32(a[l]), y = F32(b[l]);
          if (ftz) { x = ftz32(x); y = ftz32(y); }
          float z = sub ? x - y : x + y;
          if (sat) z = sat32(z);
          if (ftz) z = ftz32(z);
          D[l] = B32(z);
        }
        rm_end(r);
      } else if (t0 == ISA_T_F64) {
        rmode r = rm_begin(in->rnd);
        LANES { double z = sub ? F64(a[l]) - F64(b[l]) : F64(a[l]) + F64(b[l]); D[l] = sat ? B64(sat64(z)) : N64(z, a[l], b[l], 0, 2); }
        rm_end(r);
      } else return exec_more(c, w, pc, in, active);   /* .f16, .bf16 and their pairs */
    } else if (sat) {
      LANES { int64_t x = sext_w(a[l], 32), y = sext_w(b[l], 32); D[l] = sat_s32(sub ? x - y : x + y); }
    } else if (in->flags & FL_CC) {
      LANES {
        uint64_t x = trunc_w(a[l], w0), y = trunc_w(b[l], w0);
        uint64_t z = trunc_w(sub ? x - y : x + y, w0);
        if (active >> l & 1) w->cc[l] = (uint8_t)(sub ? x < y : z < x);
        D[l] = z;
      }
    } else {
      uint64_t m = wmask(w0);
      if (sub) { LANES D[l] = (a[l] - b[l]) & m; }
      else { LANES D[l] = (a[l] + b[l]) & m; }
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* addc: d = a + b + CC.CF
   * subc: d = a - (b + CC.CF) */
  case ISA_OP_ADDC: case ISA_OP_SUBC: {
    const uint64_t *a = S(1), *b = S(2);
    int sub = in->op == ISA_OP_SUBC;
    LANES {
      uint64_t x = trunc_w(a[l], w0), y = trunc_w(b[l], w0), cin = w->cc[l];
      uint64_t z = trunc_w(sub ? x - y - cin : x + y + cin, w0);
      if ((in->flags & FL_CC) && (active >> l & 1))
        w->cc[l] = (uint8_t)(sub ? (x < y || (x == y && cin)) : (z < x || (z == x && cin)));
      D[l] = z;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* mul: d = a * b (.lo/.hi half, or .wide full product)
   * mad: d = a * b + c
   * madc: d = a * b + c + CC.CF (.lo/.hi)
   * fma: d = a * b + c, rounded once */
  case ISA_OP_MUL: case ISA_OP_MAD: case ISA_OP_MADC: case ISA_OP_FMA: {
    const uint64_t *a = S(1), *b = S(2), *cc = in->op == ISA_OP_MUL ? NULL : S(3);
    if (k0 == TK_FLT) {
      rmode r = rm_begin(in->rnd);
      if (t0 == ISA_T_F32 && cc && !ftz && !sat && !r.active) fma32_lanes(a, b, cc, D);
      else if (t0 == ISA_T_F32 && !cc && !ftz && !sat && !r.active) LANES { float z = F32(a[l]) * F32(b[l]); D[l] = z != z ? 0x7fffffffu : emu_f32_bits(z); }
      else if (t0 == ISA_T_F32) {
        LANES {
          float x = F32(a[l]), y = F32(b[l]), z = cc ? F32(cc[l]) : 0.0f, v;
          if (ftz) { x = ftz32(x); y = ftz32(y); z = ftz32(z); }
          v = cc ? fmaf(x, y, z) : x * y;   /* mad.f32 on sm_20+ is fma */
          if (sat) v = sat32(v);
          if (ftz) v = ftz32_result(v, cc ? fma((double)x, (double)y, (double)z) : (double)x * y);
          D[l] = B32(v);
        }
      } else if (t0 == ISA_T_F64) {
        LANES { double v = cc ? fma(F64(a[l]), F64(b[l]), F64(cc[l])) : F64(a[l]) * F64(b[l]); D[l] = sat ? B64(sat64(v)) : N64(v, a[l], b[l], cc ? cc[l] : 0, cc ? 3 : 2); }
      } else { rm_end(r); return exec_more(c, w, pc, in, active); }   /* .f16, .bf16 and their pairs */
      rm_end(r);
    } else if ((in->flags & FL_CC) || in->op == ISA_OP_MADC) {
      /* the carry out of the final addition goes to CC.CF; madc adds CC.CF in */
      uint64_t m = wmask(w0);
      int hi = in->sub == 2, madc = in->op == ISA_OP_MADC, setcc = (in->flags & FL_CC) != 0;
      LANES {
        uint64_t p = hi ? mul_hi(a[l], b[l], t0) : (a[l] * b[l]) & m;
        uint64_t s1 = (p + (cc[l] & m)) & m, s2 = (s1 + (madc ? w->cc[l] : 0)) & m;
        if (setcc && (active >> l & 1)) w->cc[l] = (uint8_t)(s1 < p || s2 < s1);
        D[l] = s2;
      }
    } else {
      int mode = in->sub;   /* 1 lo, 2 hi, 3 wide */
      if (mode == 3 && w0 == 32 && !cc) {   /* mul.wide.s32/u32, an address computation's: no per-lane type tests */
        if (k0 == TK_SGN) { LANES D[l] = (uint64_t)(sext_w(a[l], 32) * sext_w(b[l], 32)); }
        else { LANES D[l] = (a[l] & 0xffffffffu) * (b[l] & 0xffffffffu); }
      } else if (mode == 3) {
        uint64_t m = wmask(2 * w0);
        LANES D[l] = (mul_wide(a[l], b[l], t0) + (cc ? cc[l] : 0)) & m;
      } else if (mode == 2) {
        if (!cc) { LANES D[l] = mul_hi(a[l], b[l], t0); }
        else if (sat && t0 == ISA_T_S32) { LANES D[l] = sat_s32(sext_w(mul_hi(a[l], b[l], t0), 32) + sext_w(cc[l], 32)); }
        else { LANES D[l] = trunc_w(mul_hi(a[l], b[l], t0) + cc[l], w0); }
      } else if (cc) { uint64_t m = wmask(w0); LANES D[l] = (a[l] * b[l] + cc[l]) & m; }
      else { uint64_t m = wmask(w0); LANES D[l] = (a[l] * b[l]) & m; }
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* mul24: d = a[23:0] * b[23:0] (.lo/.hi)
   * mad24: d = a[23:0] * b[23:0] + c */
  case ISA_OP_MUL24: case ISA_OP_MAD24: {
    const uint64_t *a = S(1), *b = S(2), *cc = in->op == ISA_OP_MAD24 ? S(3) : NULL;
    LANES {
      int64_t x = k0 == TK_SGN ? sext_w(a[l], 24) : (int64_t)trunc_w(a[l], 24);
      int64_t y = k0 == TK_SGN ? sext_w(b[l], 24) : (int64_t)trunc_w(b[l], 24);
      uint64_t p = (uint64_t)(x * y);
      uint64_t v = in->sub == 2 ? trunc_w(p >> 16, 32) : trunc_w(p, 32);
      if (cc && sat && in->sub == 2) D[l] = sat_s32(sext_w(v, 32) + sext_w(cc[l], 32));
      else D[l] = cc ? trunc_w(v + cc[l], 32) : v;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* sad: d = c + |a - b| */
  case ISA_OP_SAD: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES {
      uint64_t diff;
      if (k0 == TK_SGN) { int64_t x = sext_w(a[l], w0), y = sext_w(b[l], w0); diff = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x; }
      else { uint64_t x = trunc_w(a[l], w0), y = trunc_w(b[l], w0); diff = x > y ? x - y : y - x; }
      D[l] = trunc_w(cc[l] + diff, w0);
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* div: d = a / b
   * rem: d = a % b */
  case ISA_OP_DIV: case ISA_OP_REM: {
    const uint64_t *a = S(1), *b = S(2);
    if (k0 == TK_FLT) {
      rmode r = rm_begin(in->rnd);
      if (w0 == 32) {
        int approx = (in->flags & FL_APPROX) != 0;
        LANES {
          float x = F32(a[l]), y = F32(b[l]), z;
          if (ftz) { x = ftz32(x); y = ftz32(y); }
          /* a * (1/b); for 2^126 < |b| < 2^128 the reciprocal is taken as a zero of b's sign */
          if (approx) { float ay = fabsf(y); z = (ay > 0x1p126f && ay <= FLT_MAX) ? x * copysignf(0.0f, y) : x * (1.0f / y); }
          else z = x / y;
          if (ftz) z = approx ? ftz32(z) : ftz32_result(z, (double)x / y);
          D[l] = B32(z);
        }
      } else { LANES D[l] = N64(F64(a[l]) / F64(b[l]), a[l], b[l], 0, 2); }
      rm_end(r);
    } else { int rem = in->op == ISA_OP_REM; LANES D[l] = idiv(a[l], b[l], t0, rem); }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* abs: d = |a|
   * neg: d = -a */
  case ISA_OP_ABS: case ISA_OP_NEG: {
    const uint64_t *a = S(1);
    int neg = in->op == ISA_OP_NEG;
    if (k0 == TK_FLT) {
      /* a NaN: f32 gives the canonical NaN; abs.f64 the NaN quieted, its sign kept (as a GPU does) */
      if (t0 == ISA_T_F32) LANES { float x = F32(a[l]); if (ftz) x = ftz32(x); uint32_t bits = emu_f32_bits(x); D[l] = x != x ? 0x7fffffffu : neg ? bits ^ 0x80000000u : bits & 0x7fffffffu; }
      else if (t0 != ISA_T_F64) return exec_more(c, w, pc, in, active);   /* .f16, .bf16 and their pairs */
      else LANES D[l] = neg ? a[l] ^ 0x8000000000000000ull
                            : (F64(a[l]) != F64(a[l]) ? a[l] | 0x0008000000000000ull : a[l] & 0x7fffffffffffffffull);
    } else LANES { int64_t x = sext_w(a[l], w0); D[l] = trunc_w(neg ? (uint64_t)0 - (uint64_t)x : (uint64_t)(x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x), w0); }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* min: d = min(a, b)
   * max: d = max(a, b) */
  case ISA_OP_MIN: case ISA_OP_MAX: {
    const uint64_t *a = S(1), *b = S(2);
    int mx = in->op == ISA_OP_MAX;
    if (k0 == TK_FLT) {
      if (t0 == ISA_T_F32) LANES {
        float x = F32(a[l]), y = F32(b[l]);
        if (ftz) { x = ftz32(x); y = ftz32(y); }
        D[l] = B32(mx ? fmax32(x, y) : fmin32(x, y));
      }
      else if (t0 != ISA_T_F64) return exec_more(c, w, pc, in, active);   /* .f16, .bf16 and their pairs */
      else LANES D[l] = B64(mx ? fmax64(F64(a[l]), F64(b[l])) : fmin64(F64(a[l]), F64(b[l])));
    } else if (in->flags & FL_RELU) {
      return exec_more(c, w, pc, in, active);   /* min.relu.s32, max.relu.s32 */
    } else if (k0 == TK_SGN) {
      uint64_t m = wmask(w0);
      if (mx) LANES { int64_t x = sext_w(a[l], w0), y = sext_w(b[l], w0); D[l] = (uint64_t)(x > y ? x : y) & m; }
      else LANES { int64_t x = sext_w(a[l], w0), y = sext_w(b[l], w0); D[l] = (uint64_t)(x < y ? x : y) & m; }
    } else {
      uint64_t m = wmask(w0);
      if (mx) LANES { uint64_t x = a[l] & m, y = b[l] & m; D[l] = x > y ? x : y; }
      else LANES { uint64_t x = a[l] & m, y = b[l] & m; D[l] = x < y ? x : y; }
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* copysign: d = |b| with the sign of a */
  case ISA_OP_COPYSIGN: {
    const uint64_t *a = S(1), *b = S(2);
    uint64_t sign = w0 == 32 ? 0x80000000ull : 0x8000000000000000ull;
    LANES D[l] = (b[l] & ~sign & trunc_w(~0ull, w0)) | (a[l] & sign);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* testp: d = a is of the class named by the suffix */
  case ISA_OP_TESTP: {
    const uint64_t *a = S(1);
    LANES {
      double x = w0 == 32 ? (double)F32(a[l]) : F64(a[l]);
      int cls = w0 == 32 ? fpclassify(F32(a[l])) : fpclassify(x);
      int r = 0;
      switch (in->sub) {
      case 1: r = cls != FP_INFINITE && cls != FP_NAN; break;
      case 2: r = cls == FP_INFINITE; break;
      case 3: r = cls != FP_NAN; break;
      case 4: r = cls == FP_NAN; break;
      case 5: r = cls == FP_NORMAL || cls == FP_ZERO; break;   /* the ISA counts +-0 as normal */
      case 6: r = cls == FP_SUBNORMAL; break;
      }
      D[l] = (uint64_t)r;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* rcp: d = 1 / a
   * sqrt: d = sqrt(a)
   * rsqrt: d = 1 / sqrt(a)
   * sin: d = sin(a)
   * cos: d = cos(a) */
  case ISA_OP_RCP: case ISA_OP_SQRT: case ISA_OP_RSQRT: case ISA_OP_SIN: case ISA_OP_COS:
  /* lg2: d = log2(a)
   * ex2: d = 2 ** a
   * tanh: d = tanh(a) */
  case ISA_OP_LG2: case ISA_OP_EX2: case ISA_OP_TANH: {
    const uint64_t *a = S(1);
    int approx = (in->flags & FL_APPROX) != 0;
    if (t0 != ISA_T_F32 && t0 != ISA_T_F64) return exec_more(c, w, pc, in, active);   /* ex2, tanh on .f16, .bf16 and their pairs */
    if (w0 == 64) {
      rmode r = rm_begin(in->rnd);
      LANES {
        double x = F64(a[l]), z;
        switch (in->op) {
        case ISA_OP_RCP: z = 1.0 / x; break;
        case ISA_OP_SQRT: z = sqrt(x); break;
        default: z = 1.0 / sqrt(x); break;
        }
        D[l] = N64(z, a[l], 0, 0, 1);
      }
      rm_end(r);
    } else {
      rmode r = rm_begin(in->rnd);
      LANES {
        float x = F32(a[l]);
        if (ftz) x = ftz32(x);
        float z;
        switch (in->op) {
        case ISA_OP_RCP: z = approx ? (float)(1.0 / (double)x) : 1.0f / x; break;
        case ISA_OP_SQRT: z = sqrtf(x); break;
        case ISA_OP_RSQRT: z = (float)(1.0 / sqrt((double)x)); break;
        case ISA_OP_SIN: z = isinf(x) ? NAN : (float)sin((double)x); break;
        case ISA_OP_COS: z = isinf(x) ? NAN : (float)cos((double)x); break;
        case ISA_OP_LG2: z = (float)log2((double)x); break;
        case ISA_OP_EX2: z = (float)exp2((double)x); break;
        default: z = (float)tanh((double)x); break;
        }
        if (ftz) z = in->op == ISA_OP_RCP && !approx ? ftz32_result(z, 1.0 / (double)x) : ftz32(z);
        D[l] = B32(z);
      }
      rm_end(r);
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* popc: d = number of one bits in a
   * clz: d = number of leading zero bits in a
   * brev: d = a with its bits reversed */
  case ISA_OP_POPC: case ISA_OP_CLZ: case ISA_OP_BREV: {
    const uint64_t *a = S(1);
    LANES {
      uint64_t x = trunc_w(a[l], w0);
      if (in->op == ISA_OP_POPC) D[l] = (uint64_t)__builtin_popcountll(x);
      else if (in->op == ISA_OP_CLZ) D[l] = x ? (uint64_t)(__builtin_clzll(x) - (64 - (int)w0)) : w0;
      else D[l] = bit_reverse64(x) >> (64 - w0);   /* (x has w0 bits: its reversal is the 64-bit one's top w0) */
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* bfind: d = position of the most significant non-sign bit of a, or 0xffffffff */
  case ISA_OP_BFIND: {
    const uint64_t *a = S(1);
    LANES D[l] = bfind(a[l], t0, (in->flags & FL_SHIFTAMT) != 0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* bfe: d = bits [b, b+c) of a, sign- or zero-extended */
  case ISA_OP_BFE: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES D[l] = bfe(a[l], (uint32_t)b[l], (uint32_t)cc[l], t0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* bfi: d = b with bits [c, c+d) replaced by the low bits of a */
  case ISA_OP_BFI: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3), *dd = S(4);
    LANES D[l] = bfi(a[l], b[l], (uint32_t)cc[l], (uint32_t)dd[l], t0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* prmt: d = bytes of {b, a} selected by c */
  case ISA_OP_PRMT: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES D[l] = prmt((uint32_t)a[l], (uint32_t)b[l], (uint32_t)cc[l], in->sub);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* shl: d = a << b (0 when b >= width)
   * shr: d = a >> b, arithmetic for .s types */
  case ISA_OP_SHL: case ISA_OP_SHR: {
    const uint64_t *a = S(1), *b = S(2);
    uint64_t m = wmask(w0);
    if (in->op == ISA_OP_SHL) LANES { uint64_t n = b[l] & 0xffffffffu; D[l] = n >= w0 ? 0 : (a[l] << (n & 63)) & m; }
    else if (k0 == TK_SGN) LANES { uint64_t n = trunc_w(b[l], 32); int64_t x = sext_w(a[l], w0); D[l] = trunc_w((uint64_t)(x >> (n >= w0 ? w0 - 1 : n)), w0); }
    else LANES { uint64_t n = b[l] & 0xffffffffu; D[l] = n >= w0 ? 0 : (a[l] & m) >> (n & 63); }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* shf: d = funnel shift of {b, a} by c */
  case ISA_OP_SHF: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    int left = in->sub == 1, clamp = (in->flags & FL_CLAMP) != 0;
    LANES {
      uint32_t n = clamp ? ((uint32_t)cc[l] > 32 ? 32 : (uint32_t)cc[l]) : (uint32_t)cc[l] & 31;
      uint64_t v = ((uint64_t)(uint32_t)b[l] << 32) | (uint32_t)a[l];
      D[l] = left ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* and: d = a & b
   * or: d = a | b
   * xor: d = a ^ b */
  case ISA_OP_AND: case ISA_OP_OR: case ISA_OP_XOR: {
    const uint64_t *a = S(1), *b = S(2);
    if (in->op == ISA_OP_AND) LANES D[l] = a[l] & b[l];
    else if (in->op == ISA_OP_OR) LANES D[l] = a[l] | b[l];
    else LANES D[l] = a[l] ^ b[l];
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* not: d = ~a */
  case ISA_OP_NOT: {
    const uint64_t *a = S(1);
    if (k0 == TK_PRED) LANES D[l] = !(a[l] & 1); else LANES D[l] = trunc_w(~a[l], w0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* cnot: d = (a == 0) ? 1 : 0 */
  case ISA_OP_CNOT: {
    const uint64_t *a = S(1);
    LANES D[l] = trunc_w(a[l], w0) == 0;
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* lop3: d = the 3-input function whose truth table is the immediate */
  case ISA_OP_LOP3: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3), *lut = S(4);
    LANES {
      uint32_t x = (uint32_t)a[l], y = (uint32_t)b[l], z = (uint32_t)cc[l], f = (uint32_t)lut[l] & 0xff, r = 0;
      for (int i = 0; i < 32; i++) r |= ((f >> (((x >> i & 1) << 2) | ((y >> i & 1) << 1) | (z >> i & 1))) & 1u) << i;
      D[l] = r;
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* setp: p = a CMP b; q = !p (with .BOOL: combined with c)
   * set: d = (a CMP b) ? all ones or 1.0 : 0 (.f16x2, .bf16x2 sources: each half) */
  case ISA_OP_SETP: case ISA_OP_SET: {
    int is_set = in->op == ISA_OP_SET;
    int ct = is_set ? in->t1 : t0;
    const uint64_t *a = S(1), *b = S(2), *p = in->nopnd > 3 ? S(3) : NULL;
    int pneg = in->nopnd > 3 && in->o[3].neg;
    uint64_t Q[WARP];
    if (!is_set && !p && tkind[ct] != TK_FLT && in->o[0].kind != OK_PAIR) {   /* the common case, one loop per comparison */
      unsigned cw = tbits[ct];
      uint64_t m = wmask(cw);
      if (tkind[ct] == TK_SGN && in->cmp >= 3 && in->cmp <= 6) {
        switch (in->cmp) {
        case 3: LANES D[l] = sext_w(a[l], cw) < sext_w(b[l], cw); break;
        case 4: LANES D[l] = sext_w(a[l], cw) <= sext_w(b[l], cw); break;
        case 5: LANES D[l] = sext_w(a[l], cw) > sext_w(b[l], cw); break;
        default: LANES D[l] = sext_w(a[l], cw) >= sext_w(b[l], cw); break;
        }
      } else {
        switch (in->cmp) {
        case 1: LANES D[l] = (a[l] & m) == (b[l] & m); break;
        case 2: LANES D[l] = (a[l] & m) != (b[l] & m); break;
        case 3: case 7: LANES D[l] = (a[l] & m) < (b[l] & m); break;
        case 4: case 8: LANES D[l] = (a[l] & m) <= (b[l] & m); break;
        case 5: case 9: LANES D[l] = (a[l] & m) > (b[l] & m); break;
        default: LANES D[l] = (a[l] & m) >= (b[l] & m); break;
        }
      }
      write_dst(w, &in->o[0], D, active);
      return 0;
    }
    if (ct == ISA_T_F16X2 || ct == ISA_T_BF16X2 || (is_set && w0 == 16)) return exec_more(c, w, pc, in, active);   /* pairs, 16-bit set */
    LANES {
      int r = compare(in->cmp, a[l], b[l], ct, ftz);
      int pv = p ? (int)((p[l] & 1) ^ (uint64_t)pneg) : 0;
      int d = p ? bool_op(in->bop, r, pv) : r, q = p ? bool_op(in->bop, !r, pv) : !r;
      if (is_set) D[l] = k0 == TK_FLT ? (d ? 0x3f800000u : 0) : (d ? trunc_w(~0ull, w0) : 0);
      else { D[l] = (uint64_t)d; Q[l] = (uint64_t)q; }
    }
    write_pair(w, &in->o[0], D, Q, active);
    return 0;
  }
  /* selp: d = c ? a : b */
  case ISA_OP_SELP: {
    const uint64_t *a = S(1), *b = S(2), *p = S(3);
    int neg = in->o[3].neg;
    LANES D[l] = ((p[l] & 1) ^ (uint64_t)neg) ? a[l] : b[l];
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* slct: d = (c >= 0) ? a : b */
  case ISA_OP_SLCT: {
    const uint64_t *a = S(1), *b = S(2), *cc = S(3);
    LANES {
      int ge = in->t1 == ISA_T_F32 ? (ftz ? ftz32(F32(cc[l])) : F32(cc[l])) >= 0.0f : sext_w(cc[l], 32) >= 0;
      D[l] = ge ? a[l] : b[l];
    }
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* mov: d = a (also packs and unpacks {vectors}, takes addresses) */
  case ISA_OP_MOV: {
    const emu_opnd *d = &in->o[0], *s = &in->o[1];
    if (d->kind == OK_VEC) {   /* unpack: low bits go to the first element */
      const uint64_t *a = S(1);
      unsigned eb = w0 / d->nelem;
      for (unsigned e = 0; e < d->nelem; e++) {
        uint64_t E[WARP];
        LANES E[l] = trunc_w(a[l] >> (e * eb), eb);
        write_dst(w, &c->m->elems[d->elem_first + e], E, active);
      }
      return 0;
    }
    if (s->kind == OK_VEC) {   /* pack */
      unsigned eb = w0 / s->nelem;
      LANES D[l] = 0;
      for (unsigned e = 0; e < s->nelem; e++) {
        const uint64_t *a = src(c, w, &c->m->elems[s->elem_first + e], c->scratch[4 + (e & 3)]);
        LANES D[l] |= trunc_w(a[l], eb) << (e * eb);
      }
      write_dst(w, d, D, active);
      return 0;
    }
    const uint64_t *a = S(1);
    write_dst(w, d, a, active);
    return 0;
  }
  /* cvt: d = a converted from type1 to type0 (f16x2, bf16x2 from two f32: a in the upper half, b in the lower) */
  case ISA_OP_CVT: {
    const uint64_t *a = S(1);
    rmode r = { 0, 0 };
    (void)r;
    if (t0 == ISA_T_F16X2 || t0 == ISA_T_BF16X2) {   /* cvt.rn.f16x2.f32 d, a, b: a's value in the upper half, b's in the lower */
      const uint64_t *b = S(2);
      int h = t0 == ISA_T_BF16X2 ? ISA_T_BF16 : ISA_T_F16;
      LANES D[l] = convert(a[l], h, in->t1, in->rnd, ftz, sat) << 16 | convert(b[l], h, in->t1, in->rnd, ftz, sat);
      if (in->flags & FL_RELU)
        LANES D[l] = emu_half_relu((uint32_t)D[l] & 0xffff, h == ISA_T_BF16) | (uint64_t)emu_half_relu((uint32_t)(D[l] >> 16), h == ISA_T_BF16) << 16;
      write_dst(w, &in->o[0], D, active);
      return 0;
    }
    if (!sat && k0 != TK_FLT && tkind[in->t1] != TK_FLT) cvt_int(D, a, in->t1, w0);
    else LANES D[l] = convert(a[l], t0, in->t1, in->rnd, ftz, sat);
    if ((in->flags & FL_RELU) && (t0 == ISA_T_F16 || t0 == ISA_T_BF16)) LANES D[l] = emu_half_relu((uint32_t)D[l], t0 == ISA_T_BF16);
    /* a signed result is sign-extended into a wider register (PTX ISA 6.5.1) */
    if (tkind[t0] == TK_SGN) LANES D[l] = (uint64_t)sext_w(D[l], w0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* cvta: d = generic address of a in the space (.to: the reverse) */
  case ISA_OP_CVTA: {
    const uint64_t *a = S(1);
    uint64_t base = in->space == ISA_SP_SHARED || in->space == ISA_SP_SHARED_CTA ? GENERIC_SHARED_BASE
                  : in->space == ISA_SP_LOCAL ? GENERIC_LOCAL_BASE
                  : in->space == ISA_SP_CONST ? c->m->const_addr : 0;   /* the constant bank is device memory */
    int to = (in->flags & FL_TO) != 0;
    LANES D[l] = trunc_w(to ? a[l] - base : a[l] + base, w0);
    write_dst(w, &in->o[0], D, active);
    return 0;
  }
  /* ld: d = mem[a] (b: the cache policy of .L2::cache_hint)
   * ldu: d = mem[a], the same address in every lane */
  case ISA_OP_LD: case ISA_OP_LDU: return exec_ld(c, w, pc, in, active);
  /* st: mem[a] = b (c: the cache policy of .L2::cache_hint)
   * (cache hints and policies may change where a line stays, never a value; the timing model does not model them yet) */
  case ISA_OP_ST: return exec_st(c, w, pc, in, active);
  /* atom: d = mem[a]; mem[a] = d OP b (cas: d == b ? c : d)
   * red: mem[a] = mem[a] OP b */
  case ISA_OP_ATOM: case ISA_OP_RED: return exec_atom(c, w, pc, in, active);
  /* prefetch: bring the line holding a into the named cache level
   * prefetchu: bring the line holding a into the uniform cache
   * membar: order this thread's memory accesses at the scope
   * fence: memory fence with the named semantics and scope */
  case ISA_OP_PREFETCH: case ISA_OP_PREFETCHU:
    if (c->issue) {   /* no effect on results; the timing model moves the lines */
      uint64_t addr[WARP];
      note_access(c, addresses(c, w, in->space, &in->o[0], addr), addr, active, 1);
    }
    return 0;
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
  /* brkpt: stop in the debugger */
  case ISA_OP_BRKPT:
    return 0;   /* no effect on results */
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
  /* awmask: active mask = a & the lanes that have not exited
   * awkill: end the assist warp at once; live-outs are not copied back */
  case ISA_OP_AWMASK: case ISA_OP_AWKILL:   /* handled by run_warp in assist warps */
    fault(c, w, pc, ANYLANE, 0, 0, "'%s' is only valid in an assist warp", isa_ops[in->op].name);
    return -1;
  /* bar: wait at barrier a (for b threads) across the CTA
   * barrier: the same as bar
   * bar.arrive: arrive at barrier a (b threads complete it) without waiting */
  case ISA_OP_BAR: case ISA_OP_BARRIER: {
    if (c->line) { fault(c, w, pc, ANYLANE, 0, 0, "a barrier in an assist warp (it is one warp: nothing to wait for)"); return -1; }   /* (every driver alike) */
    const uint64_t *a = S(0), *b = in->nopnd > 1 ? S(1) : NULL;
    uint32_t id = 0, count = 0, l0 = (uint32_t)__builtin_ctz(active);
    id = (uint32_t)a[l0];
    if (b) count = (uint32_t)b[l0];
    int arrive = in->sub == ISA_SUB(BARRIVE, BSYNC);
    if (id > 15) { fault(c, w, pc, ANYLANE, 0, 0, "barrier number %u is out of range (0-15)", id); return -1; }
    if (b && (!count || count % WARP)) { fault(c, w, pc, ANYLANE, 0, 0, "barrier %u: a thread count of %u (it must be a nonzero multiple of the warp size, 32)", id, count); return -1; }
    if (count > c->nwarps * WARP) { fault(c, w, pc, ANYLANE, 0, 0, "barrier %u waits for %u threads; the CTA has %u warps (%u threads at most)", id, count, c->nwarps, c->nwarps * WARP); return -1; }
    if (c->bar_threads[id] && c->bar_expect[id] != count) {
      fault(c, w, pc, ANYLANE, 0, 0, "barrier %u: %s here, while %u threads arrived for %s", id, count ? "a count of threads" : "the whole CTA",
            c->bar_threads[id], c->bar_expect[id] ? "a count of threads" : "the whole CTA");
      return -1;
    }
    c->bar_expect[id] = count;
    c->bar_threads[id] += WARP;
    c->d->stats.barriers++;
    if (arrive) return 0;   /* (emu_barrier_release completes the barrier, when this arrival was its last) */
    w->state = W_BARRIER;
    w->bar_id = id;
    return 2;
  }
  /* bar.warp: wait until the lanes in mask a arrive */
  case ISA_OP_BARWARP:
    return 0;   /* the lanes of a warp execute in lockstep here */
  /* trap: abort the kernel with an error */
  case ISA_OP_TRAP:
    fault(c, w, pc, (uint32_t)__builtin_ctz(active), 0, 0, "trap instruction executed");
    return -1;
  default:
    fault(c, w, pc, ANYLANE, 0, 0, "'%s' is not implemented by the emulator", isa_ops[in->op].name);
    return -1;
  }
}

/* ---- warps ---- */

static void trace(cta *c, warp *w, uint32_t pc, uint32_t mask, uint32_t active) {
  const emu_insn *in = &c->m->code[pc];
  const isa_image *img = &c->m->img;
  const isa_func *fn = &img->funcs[in->func];
  isa_insn d;
  const char *why;
  char text[1024] = "?";
  if (isa_decode(img->code + fn->code_off + in->word, fn->code_words - in->word, &d, &why))
    isa_dis_insn(img, in->func, &d, text, sizeof text);
  fprintf(c->d->trace, "cta %u,%u,%u warp %u pc %u mask %08x", c->cta.x, c->cta.y, c->cta.z, w->id,
          pc - c->m->funcs[in->func].first_pc, mask);
  if (in->guard) fprintf(c->d->trace, " guard %08x", active);
  fprintf(c->d->trace, "  %s\n", text);
}

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* How many warp instructions run between two looks at the clock and the
 * interrupt flag: about a millisecond. */
#define CHECK_EVERY 65536u

/* Sets d->check_at to the instruction count at which the next look is due. */
static void schedule_check(aw_device *d) {
  uint64_t next = d->stats.warp_insns + CHECK_EVERY;
  if (d->insn_limit && d->insn_limit + 1 < next) next = d->insn_limit + 1;
  d->check_at = next;
}

/* Appends "0-3, 6" (the warps of c whose state is 'state') to buf at *n;
 * returns how many there are. */
static uint32_t warp_list(const cta *c, int state, char *buf, size_t cap, size_t *n) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    if (c->warps[i].state != state) continue;
    uint32_t j = i;   /* a run i..j of such warps */
    while (j + 1 < c->nwarps && c->warps[j + 1].state == state) j++;
    count += j - i + 1;
    if (*n < cap) {
      int k = j > i ? snprintf(buf + *n, cap - *n, "%s%u-%u", *n ? ", " : "", i, j) : snprintf(buf + *n, cap - *n, "%s%u", *n ? ", " : "", i);
      if (k > 0) *n += (size_t)k;
    }
    i = j;
  }
  return count;
}

/* When a launch stops (a limit, an interrupt) while some warps of the CTA
 * wait at a barrier, the fault says so: "; warps 0-3 wait at the barrier at
 * pc P (file:line) while warp 4 runs on".  Empty otherwise. */
static void barrier_note(const cta *c, char *note, size_t cap) {
  note[0] = 0;
  const warp *first = NULL;
  int same = 1;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    const warp *x = &c->warps[i];
    if (x->state != W_BARRIER || !x->sp) continue;
    if (!first) first = x;
    else if (x->stack[x->sp - 1].pc != first->stack[first->sp - 1].pc) same = 0;
  }
  if (!first) return;
  char waiting[96] = "", running[96] = "";
  size_t nw = 0, nr = 0;
  uint32_t cw = warp_list(c, W_BARRIER, waiting, sizeof waiting, &nw);
  uint32_t cr = warp_list(c, W_READY, running, sizeof running, &nr);
  uint32_t bpc = first->stack[first->sp - 1].pc - 1;   /* a waiting warp's pc is past its bar */
  const emu_insn *in = &c->m->code[bpc];
  const isa_image *img = &c->m->img;
  const isa_line *ln = &img->lines[in->line];
  char where[320];
  int k = snprintf(where, sizeof where, "pc %u", bpc - c->m->funcs[in->func].first_pc);
  if (ln->file && k > 0) snprintf(where + k, sizeof where - (size_t)k, " (%s:%u)", isa_str(img, img->files[ln->file - 1]), ln->line);
  char at[400];
  if (same) snprintf(at, sizeof at, "the barrier at %s", where);
  else snprintf(at, sizeof at, "barriers (warp %u at %s)", first->id, where);
  snprintf(note, cap, "; warp%s %s wait%s at %s while warp%s %s run%s on",
           cw > 1 ? "s" : "", waiting, cw > 1 ? "" : "s", at, cr > 1 ? "s" : "", running, cr > 1 ? "" : "s");
}

/* The slow path of the per-instruction check: faults and returns 1 when the
 * launch has run past the instruction limit or the time limit, or was
 * interrupted; else schedules the next check and returns 0.  w is NULL
 * between CTAs. */
static int limits_reached(cta *c, warp *w, uint32_t pc) {
  aw_device *d = c->d;
  const char *what = NULL;
  char limit[256];
  if (d->interrupted) what = "interrupted";
  else if (d->insn_limit && d->stats.warp_insns > d->insn_limit) {
    snprintf(limit, sizeof limit, "instruction limit reached: more than %llu warp instructions (%s)", (unsigned long long)d->insn_limit, d->insn_hint);
    what = limit;
  } else if (d->time_limit > 0 && now_seconds() - d->started > d->time_limit) {
    snprintf(limit, sizeof limit, "time limit reached: the launch ran more than %g s (%s)", d->time_limit, d->time_hint);
    what = limit;
  }
  if (what) {
    char note[512] = "";
    if (w) barrier_note(c, note, sizeof note);
    fault(c, w, pc, ANYLANE, 0, 0, "%s%s", what, note);
    return 1;
  }
  schedule_check(d);
  return 0;
}

const char *emu_time_limits(aw_device *d) {
  if (d->interrupted) return "interrupted";
  if (d->time_limit > 0 && now_seconds() - d->started > d->time_limit) {
    snprintf(d->time_msg, sizeof d->time_msg, "time limit reached (%s)", d->time_hint);
    return d->time_msg;
  }
  return NULL;
}

/* Starts the limits of a launch or subroutine run: counts from zero, the clock from now. */
static void start_limits(aw_device *d) {
  d->interrupted = 0;
  d->started = now_seconds();
  schedule_check(d);
}

/* Pops the stack entries a warp is done with (reconverged, emptied, or calls
 * whose lanes all returned).  1 when the warp has finished (state W_DONE). */
static inline int settle(cta *c, warp *w) {
  for (;;) {
    if (!w->sp) { w->state = W_DONE; return 1; }
    simt_entry *e = &w->stack[w->sp - 1];
    if (e->is_call) { finish_call(c, w); continue; }
    if (!e->mask || e->pc == e->rpc) { w->sp--; continue; }
    return 0;
  }
}

/* Control of warp w's current stack entry has reached the end of its
 * function: when that is an .autoend subroutine (in the subroutine's own
 * frame), the assist-warp controller ends those lanes there as 'exit' would
 * (live-outs go back at the warp's end as after exit) and 1 is returned; else
 * 0 (the caller faults: "control ran past the end of the function"). */
static __attribute__((noinline, cold)) int autoend(cta *c, warp *w) {
  const aw_module *m = c->m;
  uint32_t s = w->nframes == 1 ? m->func_subr[w->frames[0].func] : 0;
  if (!s || !(m->img.subrs[s - 1].flags & ISA_SUBR_AUTOEND)) return 0;
  uint32_t lanes = w->stack[w->sp - 1].mask;
  w->alive &= ~lanes;
  lanes_leave(w, lanes, 1);
  return 1;
}

/* Executes warp w's next instruction: EMU_STEP_OK, EMU_STEP_WAIT (it executed
 * a barrier), EMU_STEP_DONE (it has finished; nothing executed) or
 * EMU_STEP_FAULT.  'out', when not NULL, is told what the instruction did
 * (emu_step); the functional driver passes NULL and the compiler drops the
 * reporting. */
static int step_on(cta *c, warp *w, emu_issue *out);
static inline __attribute__((always_inline)) int step(cta *c, warp *w, emu_issue *out) {
  aw_device *d = c->d;
  if (settle(c, w)) return EMU_STEP_DONE;
  simt_entry *e = &w->stack[w->sp - 1];
  uint32_t pc = e->pc;
  const emu_func *cur = &c->m->funcs[w->frames[w->nframes - 1].func];
  if (pc - cur->first_pc >= cur->ninsn) {
    if (autoend(c, w)) return step_on(c, w, out);   /* an .autoend subroutine's lanes ended there; the rest go on */
    fault(c, w, cur->ninsn ? cur->first_pc + cur->ninsn - 1 : cur->first_pc, ANYLANE, 0, 0, "control ran past the end of the function");
    return EMU_STEP_FAULT;
  }
  if (d->hook && d->hook(d->hook_ctx, EMU_EV_INSN, c, w, pc)) {
    fault(c, w, pc, ANYLANE, 0, 0, "killed by the debugger");
    return EMU_STEP_FAULT;
  }
  const emu_insn *in = &c->m->code[pc];
  uint32_t active = e->mask;
  if (in->guard) {
    const uint64_t *g = &w->frames[w->nframes - 1].regs[(size_t)in->guard_reg * WARP];
    active &= pred_mask(g, in->guard == 2);
  }
  if (out) {
    out->insn = in; out->pc = pc; out->mask = e->mask; out->active = active; out->is_mem = 0;
  }
  if (d->trace) trace(c, w, pc, e->mask, active);
  d->stats.warp_insns++;
  d->stats.thread_insns += (uint64_t)emu_popc32(active);
  w->clock++;
  if (d->stats.warp_insns >= d->check_at && limits_reached(c, w, pc)) {
    d->stats.warp_insns--;   /* it did not execute: the limit's count is what ran (the timing model's agrees) */
    d->stats.thread_insns -= (uint64_t)emu_popc32(active);
    return EMU_STEP_FAULT;
  }
  switch (in->op) {
  /* bra: pc = a */
  case ISA_OP_BRA: {
    d->stats.branches++;
    uint32_t taken = active, nt = e->mask & ~active;
    if (!nt) { e->pc = in->target; return EMU_STEP_OK; }
    if (!taken) { e->pc = pc + 1; return EMU_STEP_OK; }
    d->stats.divergent_branches++;
    uint32_t r = in->rpc;
    if (r == e->rpc) { e->pc = pc + 1; e->mask = nt; }
    else { e->pc = r; if (push(c, w, pc, pc + 1, r, nt, 0)) return EMU_STEP_FAULT; }
    if (push(c, w, pc, in->target, r, taken, 0)) return EMU_STEP_FAULT;
    return EMU_STEP_OK;
  }
  /* exit: end the thread (in a subroutine: end the assist warp, copying live-outs) */
  case ISA_OP_EXIT:
    w->alive &= ~active;
    lanes_leave(w, active, 1);
    if (!active) e->pc = pc + 1;
    else if (e->mask) e->pc = pc + 1;
    return EMU_STEP_OK;
  /* ret: return from a function */
  case ISA_OP_RET:
    if (w->nframes == 1) { w->alive &= ~active; lanes_leave(w, active, 1); }
    else lanes_leave(w, active, 0);
    e = &w->stack[w->sp - 1];
    if (e->mask) e->pc = pc + 1;
    return EMU_STEP_OK;
  case ISA_OP_AWMASK:
    if (!c->line) break;
    if (active) {
      const uint64_t *v = src(c, w, &in->o[0], c->scratch[0]);
      e->mask = (uint32_t)v[__builtin_ctz(active)] & w->alive;
    }
    e->pc = pc + 1;
    return EMU_STEP_OK;
  case ISA_OP_AWKILL:
    if (!c->line) break;
    if (active) { w->alive = 0; w->killed = 1; for (uint32_t i = 0; i < w->sp; i++) w->stack[i].mask = 0; }
    else e->pc = pc + 1;
    return EMU_STEP_OK;
  /* call: call a function, passing .param variables */
  case ISA_OP_CALL:
    if (!active) { e->pc = pc + 1; return EMU_STEP_OK; }
    return exec_call(c, w, pc, in, active) < 0 ? EMU_STEP_FAULT : EMU_STEP_OK;
  default:
    break;
  }
  if (!active) { e->pc = pc + 1; return EMU_STEP_OK; }
  int r = exec_insn(c, w, pc, in, active);
  if (r < 0) return EMU_STEP_FAULT;
  e = &w->stack[w->sp - 1];
  e->pc = pc + 1;
  return r == 2 ? EMU_STEP_WAIT : r == 3 ? EMU_STEP_SPIN : EMU_STEP_OK;
}

/* step, after an .autoend subroutine's lanes ended at its end without an
 * instruction: the warp's next instruction, from the lanes left (off the
 * interpreter's fast path). */
static __attribute__((noinline)) int step_on(cta *c, warp *w, emu_issue *out) { return step(c, w, out); }

/* Runs warp w for up to 'budget' instructions.  Returns 0 while it can go
 * on, 1 when it waits at a barrier or has finished, 2 when it spins at an
 * mbarrier wait (its turn ends), -1 on a fault. */
static __attribute__((noinline)) int run_warp_triggers(cta *c, warp *w, uint32_t budget);   /* (off the functional fast path) */
static int run_warp(cta *c, warp *w, uint32_t budget) {
  if (c->m->pc_trig && !c->line) return run_warp_triggers(c, w, budget);
  while (budget--) {
    int r = step(c, w, NULL);
    if (r == EMU_STEP_OK) continue;
    return r == EMU_STEP_FAULT ? -1 : r == EMU_STEP_SPIN ? 2 : 1;
  }
  return 0;
}

void emu_assist_livein(cta *ac, const warp *pw, const emu_pc_bind *b) {
  warp *aw = &ac->warps[0];
  uint32_t mask = pw->sp ? pw->stack[pw->sp - 1].mask & pw->alive : 0;
  uint32_t active = ac->m->img.subrs[b->subr].active;
  if (active) mask &= active;   /* .active: of the parent's lanes, those */
  aw->alive = mask;
  for (uint32_t i = 0; i < aw->sp; i++) aw->stack[i].mask &= mask;
  const uint64_t *from = pw->frames[pw->nframes - 1].regs;
  uint64_t *to = aw->frames[0].regs;
  for (uint32_t i = 0; i < b->nin; i++) memcpy(&to[(size_t)b->sub_in[i] * WARP], &from[(size_t)b->parent_in[i] * WARP], WARP * sizeof *to);
  aw->start_mask = mask;   /* the live-outs go back to these lanes */
}

/* Lanes 'hit' of warp w, at pc (a 'skip' trigger's), go on at skip_pc and the
 * others at pc; they reconverge at skip_pc (the loader checked that every path
 * from pc passes it), as if '@hit bra skip_pc' stood at pc.  -1 on a fault. */
static int skip_lanes(cta *c, warp *w, uint32_t hit, uint32_t skip_pc) {
  simt_entry *e = &w->stack[w->sp - 1];
  uint32_t pc = e->pc, nt = e->mask & ~hit;
  if (!(hit &= e->mask)) return 0;
  if (!nt) { e->pc = skip_pc; return 0; }
  if (skip_pc == e->rpc) { e->mask = nt; return 0; }   /* the hit lanes wait in the entry below */
  e->pc = skip_pc;
  return push(c, w, pc, pc, skip_pc, nt, 0);
}

uint32_t emu_assist_skips(const cta *ac, const emu_pc_bind *b) {
  const warp *aw = &ac->warps[0];
  if (aw->killed || !b->skipif) return 0;
  return aw->start_mask & pred_mask(&aw->frames[0].regs[(size_t)(b->skipif - 1) * WARP], 0);
}

int emu_assist_liveout(const cta *ac, cta *pc, warp *pw, const emu_pc_bind *b) {
  const warp *aw = &ac->warps[0];
  if (aw->killed) return 1;
  const uint64_t *from = aw->frames[0].regs;
  uint64_t *to = pw->frames[pw->nframes - 1].regs;
  uint32_t lanes = b->skipif ? emu_assist_skips(ac, b) : aw->start_mask;   /* .skipif: those lanes only */
  for (uint32_t i = 0; i < b->nout; i++)
    for (int l = 0; l < WARP; l++)
      if (lanes >> l & 1) to[(size_t)b->parent_out[i] * WARP + l] = from[(size_t)b->sub_out[i] * WARP + l];
  if (b->skipif && skip_lanes(pc, pw, lanes, b->skip_pc)) return -1;
  return 0;
}

int emu_assist_keep_load(cta *ac, warp *pw, uint32_t sr) {
  const aw_module *m = ac->m;
  const isa_subr *s = &m->img.subrs[sr];
  if (!s->nkeep) return 0;
  if (!pw->keep && !(pw->keep = calloc((size_t)m->nkeep * WARP, sizeof *pw->keep))) return -1;
  uint64_t *to = ac->warps[0].frames[0].regs;
  for (uint32_t k = 0; k < s->nkeep; k++)
    memcpy(&to[(size_t)m->img.pool[s->keep_off + k] * WARP], &pw->keep[(size_t)(m->keep_base[sr] + k) * WARP], WARP * sizeof *to);
  return 0;
}

void emu_assist_keep_save(const cta *ac, warp *pw, uint32_t sr) {
  const aw_module *m = ac->m;
  const isa_subr *s = &m->img.subrs[sr];
  if (!s->nkeep || !pw->keep) return;
  const uint64_t *from = ac->warps[0].frames[0].regs;
  for (uint32_t k = 0; k < s->nkeep; k++)
    memcpy(&pw->keep[(size_t)(m->keep_base[sr] + k) * WARP], &from[(size_t)m->img.pool[s->keep_off + k] * WARP], WARP * sizeof *from);
}

/* Functional mode: warp w has reached the label of 'pc' trigger b: its
 * subroutine runs to its end (the parent waits, as for a high-priority one;
 * a low-priority one has no live-outs, so running it now changes nothing the
 * parent sees).  0, or -1 with a fault. */
static int run_pc_assist(cta *c, warp *w, const emu_pc_bind *b, uint32_t pc) {
  aw_device *d = c->d;
  if (!c->aux && !(c->aux = emu_assist_new(d, c->m, c->fault))) {
    fault(c, w, pc, ANYLANE, 0, 0, "out of host memory for an assist warp");
    return -1;
  }
  cta *ac = c->aux;
  memset(&c->aux_line, 0, sizeof c->aux_line);
  aw_stats saved = d->stats;
  if (emu_assist_start(ac, c->m->img.subrs[b->subr].func, &c->aux_line, c->fault, c)) return -1;
  emu_assist_parent(ac, c, w->id);
  emu_assist_livein(ac, w, b);
  if (emu_assist_keep_load(ac, w, b->subr)) { fault(c, w, pc, ANYLANE, 0, 0, "out of host memory for kept registers"); return -1; }
  warp *aw = &ac->warps[0];
  uint64_t n = 0;
  for (;;) {
    int r = step(ac, aw, NULL);
    if (r == EMU_STEP_DONE) break;
    if (r == EMU_STEP_FAULT) return -1;
    if (++n > EMU_ASSIST_MAX_INSNS) {
      fault(ac, aw, aw->stack[aw->sp - 1].pc, ANYLANE, 0, 0, "the assist warp ran more than %d instructions", EMU_ASSIST_MAX_INSNS);
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
    while (!settle(c, w)) {   /* (a subroutine that skips lanes moves them to another pc, which may have a trigger too) */
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

void emu_prefetch(const warp *w, const uint32_t *src, uint32_t nsrc, const uint32_t *dst, uint32_t ndst) {
  __builtin_prefetch(w, 1);
  if (w->sp) __builtin_prefetch(&w->stack[w->sp - 1], 1);
  if (!w->nframes) return;
  __builtin_prefetch(&w->frames[w->nframes - 1], 0);
  const uint64_t *regs = w->frames[w->nframes - 1].regs;
  for (uint32_t i = 0; i < nsrc; i++)   /* a slot is 32 lanes of 8 bytes: four 64-byte lines */
    for (uint32_t b = 0; b < WARP * 8; b += 64) __builtin_prefetch((const char *)&regs[(size_t)src[i] * WARP] + b, 0);
  for (uint32_t i = 0; i < ndst; i++)
    for (uint32_t b = 0; b < WARP * 8; b += 64) __builtin_prefetch((const char *)&regs[(size_t)dst[i] * WARP] + b, 1);
}

const emu_insn *emu_next(cta *c, warp *w) {
  for (;;) {
    if (w->state == W_DONE || settle(c, w)) return NULL;
    uint32_t pc = w->stack[w->sp - 1].pc;
    const emu_func *cur = &c->m->funcs[w->frames[w->nframes - 1].func];
    if (pc - cur->first_pc < cur->ninsn) return &c->m->code[pc];
    if (!autoend(c, w)) return NULL;   /* past its function's end: emu_step faults */
  }
}

int emu_step(cta *c, warp *w, emu_issue *out) {
  c->issue = out;
  int r = step(c, w, out);
  c->issue = NULL;
  return r;
}

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
static int cta_begin(cta *c) {
  uint32_t nthreads = c->block.x * c->block.y * c->block.z;
  c->nwarps = (nthreads + WARP - 1) / WARP;
  if (!c->warps) c->warps = calloc(c->nwarps, sizeof *c->warps);   /* kept for the launch's later CTAs */
  if (!c->warps) { fault(c, NULL, c->m->funcs[c->kfunc].first_pc, 0, 0, 0, "out of host memory for the %u warps of a CTA", c->nwarps); return -1; }
  if (!c->line || c->shared == c->own_shared) memset(c->shared, 0, c->shared_bytes);   /* (not a parent's, borrowed) */
  memset(c->bar_threads, 0, sizeof c->bar_threads);
  memset(c->bar_expect, 0, sizeof c->bar_expect);
  c->spin_mb = c->mb_writes;
  c->spin_rounds = c->spun = c->spinners = 0;
  c->serial = ++c->d->cta_serial;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    warp *w = &c->warps[i];
    warp_init(c, w, i, nthreads);
    if (push_frame(c, w, c->kfunc, c->m->funcs[c->kfunc].first_pc)) return -1;
    if (push(c, w, c->m->funcs[c->kfunc].first_pc, c->m->funcs[c->kfunc].first_pc, NO_PC, w->alive, 0)) return -1;
  }
  uint32_t s = c->m->func_subr[c->kfunc];
  if (s) assist_begin(c, &c->warps[0], &c->m->img.subrs[s - 1]);
  c->d->stats.warps += c->nwarps;
  if (c->d->hook && c->d->hook(c->d->hook_ctx, EMU_EV_CTA, c, NULL, 0)) {
    fault(c, NULL, c->m->funcs[c->kfunc].first_pc, 0, 0, 0, "killed by the debugger");
    return -1;
  }
  return 0;
}

int emu_barrier_release(cta *c) {
  uint32_t waiting = 0, live = 0, at[16] = { 0 };   /* (at: warps waiting at each barrier) */
  warp *first = NULL;
  for (uint32_t i = 0; i < c->nwarps; i++) {
    warp *w = &c->warps[i];
    if (w->state == W_READY) settle(c, w);   /* one that ran its last instruction has finished */
    if (w->state != W_DONE) live++;
    if (w->state == W_BARRIER) { waiting++; at[w->bar_id]++; if (!first) first = w; }
  }
  /* a barrier completes when its count of threads has arrived, or, without a count, when every live warp waits at it */
  int released = 0;
  for (uint32_t id = 0; id < 16; id++) {
    if (!c->bar_threads[id] || (c->bar_expect[id] ? c->bar_threads[id] < c->bar_expect[id] : at[id] != live)) continue;
    for (uint32_t i = 0; i < c->nwarps; i++) if (c->warps[i].state == W_BARRIER && c->warps[i].bar_id == id) c->warps[i].state = W_READY;
    c->bar_threads[id] = c->bar_expect[id] = 0;
    released = 1;
  }
  if (released || !waiting || waiting != live) return released;
  /* every live warp waits, and no barrier can complete */
  simt_entry *e = &first->stack[first->sp - 1];
  uint32_t id = first->bar_id, other = 0;
  for (uint32_t k = 0; k < 16; k++) other += at[k] && k != id;
  if (other) fault(c, first, e->pc ? e->pc - 1 : 0, ANYLANE, 0, 0, "barrier deadlock: warps wait at different barriers");
  else fault(c, first, e->pc ? e->pc - 1 : 0, ANYLANE, 0, 0, "barrier deadlock: barrier %u waits for %u threads, %u arrived, and no warp is left to arrive",
             id, c->bar_expect[id] ? c->bar_expect[id] : live * WARP, c->bar_threads[id]);
  return -1;
}

/* Rounds in which every warp that ran ended its turn spinning at an mbarrier
 * wait, and no mbarrier object changed, after which the CTA is deadlocked
 * (a spin may give up after a while: the rounds leave it time to). */
#define SPIN_ROUNDS 10000

/* The deadlock's fault, at the wait warp w spun at last (its pc has moved past it). */
static void spin_fault(cta *c, warp *w) {
  simt_entry *e = &w->stack[w->sp - 1];
  fault(c, w, e->pc ? e->pc - 1 : 0, ANYLANE, 0, 0, "mbarrier deadlock: every live warp waits for a phase that no warp can complete (%u rounds without an arrival)", SPIN_ROUNDS);
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
  if (++c->spin_rounds < SPIN_ROUNDS) return 0;
  spin_fault(c, w);
  return -1;
}

/* Runs one CTA to completion: warps take turns of QUANTUM instructions (a
 * warp spinning at an mbarrier wait ends its turn there); a barrier releases
 * when every warp that has not finished has reached it. */
static int run_cta(cta *c) {
  if (cta_begin(c)) return -1;
  uint32_t idle_rounds = 0;
  for (;;) {
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
      if (++idle_rounds >= SPIN_ROUNDS) {
        warp *w = NULL;
        for (uint32_t i = 0; i < c->nwarps && !w; i++) if (c->warps[i].state == W_READY) w = &c->warps[i];
        spin_fault(c, w);
        return -1;
      }
    } else idle_rounds = 0;
    int rel = emu_barrier_release(c);
    if (rel < 0) return -1;
    if (rel > 0) continue;
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
      fault(c, w, e && e->pc ? e->pc - 1 : 0, ANYLANE, 0, 0, "barrier deadlock: %u of %u live warps wait at a barrier the others never reach", waiting, live);
      return -1;
    }
  }
}

static void free_warps(cta *c) {
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
  if (c->warps && (nthreads + WARP - 1) / WARP != c->nwarps) free_warps(c);   /* cta_begin makes them again */
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
  return cta_begin(c);
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
  if (!fma32_lanes) {
    __builtin_cpu_init();
    fma32_lanes = __builtin_cpu_supports("fma") ? fma32_lanes_hw : fma32_lanes_sw;
  }
  c->kfunc = func;
  c->line = line;
  c->has_parent = 0;
  c->fault = f;
  c->faulted = 0;
  c->cta.x = c->cta.y = c->cta.z = 0;
  uint64_t warps = c->d->stats.warps;
  int r = cta_begin(c);
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
  free_warps(c);
  free(c->own_shared ? c->own_shared : c->shared);
  free(c);
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
  if (!fma32_lanes) {
    __builtin_cpu_init();
    fma32_lanes = __builtin_cpu_supports("fma") ? fma32_lanes_hw : fma32_lanes_sw;
  }
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
  start_limits(d);
  d->launches++;
  d->memcheck_errors = 0;
  if (d->record_dir) emu_record_begin(d, m, kernel, grid, block, dyn_shared, params, param_bytes);
  int rc = 0;
  int saved_round = fegetround();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (d->timing) {   /* the timing driver: many CTAs resident, issue decided by the model */
    tm_stats *ts = tm_device_begin(d, isa_str(&m->img, m->img.funcs[c.kfunc].name));
    rc = !ts || tm_launch(d, d->timing, ts, m, kernel, grid, block, dyn_shared, params, param_bytes, f) != AW_OK;
    if (!ts) snprintf(f->what, sizeof f->what, "out of host memory for the timing statistics");
    tm_device_end(d);
  } else
  for (uint32_t z = 0; z < grid.z && !rc; z++)
    for (uint32_t y = 0; y < grid.y && !rc; y++)
      for (uint32_t x = 0; x < grid.x && !rc; x++) {
        c.cta.x = x; c.cta.y = y; c.cta.z = z;
        /* CTAs that exit at once run a few instructions each, so the limits
         * are also looked at between CTAs: every 16th, or every one when
         * clearing a large shared memory makes a CTA slow to start */
        if (d->stats.ctas && (!(d->stats.ctas & 15) || c.shared_bytes >= (1u << 16)) &&
            limits_reached(&c, NULL, m->funcs[c.kfunc].first_pc)) { rc = -1; break; }
        d->stats.ctas++;
        rc = run_cta(&c);
      }
  fesetround(saved_round);
  emu_print_flush(d);   /* device printf: at the launch's end, as CUDA writes it */
  if (d->memcheck == AW_MEMCHECK_REPORT && d->memcheck_errors)
    fprintf(d->memcheck_out ? d->memcheck_out : stderr, "memcheck: %llu access%s outside every allocation in this launch of %s%s\n",
            (unsigned long long)d->memcheck_errors, d->memcheck_errors == 1 ? "" : "es", isa_str(&m->img, m->img.funcs[c.kfunc].name),
            d->memcheck_errors > MEMCHECK_LINES ? " (the first 100 shown)" : "");
  clock_gettime(CLOCK_MONOTONIC, &t1);
  d->stats.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  if (d->hook) d->hook(d->hook_ctx, EMU_EV_END, &c, NULL, rc ? 1 : 0);
  if (d->record_dir) emu_record_end(d, rc);
  emu_cta_free(c.aux);
  free_warps(&c);
  free(c.shared);
  aw_stats *t = &d->total, *s = &d->stats;
  t->warp_insns += s->warp_insns; t->thread_insns += s->thread_insns; t->loads += s->loads; t->stores += s->stores;
  t->param_loads += s->param_loads; t->param_stores += s->param_stores;
  t->atomics += s->atomics; t->barriers += s->barriers; t->ctas += s->ctas; t->warps += s->warps;
  t->branches += s->branches; t->divergent_branches += s->divergent_branches; t->seconds += s->seconds;
  t->assist_warps += s->assist_warps; t->assist_insns += s->assist_insns;
  t->skip_hits += s->skip_hits; t->skip_misses += s->skip_misses;
  return rc ? AW_FAULT : AW_OK;
}

aw_status aw_run_subroutine(aw_device *d, aw_module *m, const char *name, aw_line *line, aw_fault *f) {
  aw_fault local;
  if (!f) f = &local;
  memset(f, 0, sizeof *f);
  uint32_t fn = UINT32_MAX;
  for (uint32_t i = 0; i < m->img.nfuncs; i++)
    if (m->img.funcs[i].kind == ISA_FN_SUBR && !strcmp(isa_str(&m->img, m->img.funcs[i].name), name)) fn = i;
  if (fn == UINT32_MAX) { snprintf(f->what, sizeof f->what, "no subroutine named '%s'", name); return AW_ERR_ARG; }
  if (!fma32_lanes) {
    __builtin_cpu_init();
    fma32_lanes = __builtin_cpu_supports("fma") ? fma32_lanes_hw : fma32_lanes_sw;
  }
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
  start_limits(d);
  int saved_round = fegetround();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  d->stats.ctas = 1;
  int rc = run_cta(&c);
  if (d->hook) d->hook(d->hook_ctx, EMU_EV_END, &c, NULL, rc ? 1 : 0);
  free_warps(&c);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  fesetround(saved_round);
  d->stats.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  free(c.shared);
  return rc ? AW_FAULT : AW_OK;
}
