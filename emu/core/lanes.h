/* emu/core/lanes.h -- what the instruction families (emu/core/exec_*.c) share: types,
 * values across a warp's 32 lanes, operands, rounding, device memory's byte order.
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
#ifndef AWEMU_LANES_H
#define AWEMU_LANES_H

#include "core_int.h"

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ---- types ---- */

__attribute__((unused)) static const uint8_t tbits[ISA_T_COUNT] = { 0, 1, 8, 16, 32, 64, 128, 8, 16, 32, 64, 8, 16, 32, 64, 16, 32, 16, 32, 32, 64, 32, 32 };
__attribute__((unused)) static const uint8_t tkind[ISA_T_COUNT] = { 0, TK_PRED, TK_BIT, TK_BIT, TK_BIT, TK_BIT, TK_BIT, TK_UNS, TK_UNS, TK_UNS, TK_UNS,
                                            TK_SGN, TK_SGN, TK_SGN, TK_SGN, TK_FLT, TK_FLT, TK_FLT, TK_FLT, TK_FLT, TK_FLT,
                                            /* .u16x2, .s16x2: packed, like the half pairs, so the arithmetic
                                             * families send them to emu_exec_half (exec_half.c) with the half types */
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

/* Bits and values of f32 and f64 (the exported emu_f32_bits and friends are these). */
static inline uint32_t f32_bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static inline float bits_f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static inline uint64_t f64_bits(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }
static inline double bits_f64(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }

static inline float F32(uint64_t v) { return bits_f32((uint32_t)v); }
static inline double F64(uint64_t v) { return bits_f64(v); }
static inline uint64_t B32(float f) { return f != f ? 0x7fffffffu : f32_bits(f); }
static inline uint64_t B64(double f) { return f != f ? 0x7fffffffffffffffull : f64_bits(f); }
/* An f64 NaN result keeps the payload of the first NaN operand, quieted
 * (PTX ISA: NaN payloads are supported for double precision); a NaN made
 * from non-NaN operands is the canonical one. */
static inline uint64_t N64(double z, uint64_t a, uint64_t b, uint64_t c, int n) {
  if (z == z) return f64_bits(z);
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

static inline int round_mode(int rnd) {
  switch (rnd) {
  case 2: case 6: return FE_TOWARDZERO;   /* rz, rzi */
  case 3: case 7: return FE_DOWNWARD;     /* rm, rmi */
  case 4: case 8: return FE_UPWARD;       /* rp, rpi */
  default: return FE_TONEAREST;           /* rn, rni, none */
  }
}

static inline uint64_t wmask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

/* ---- rounding modes, saturation, min and max ---- */

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

static inline int bool_op(int bop, int x, int y) { return bop == 1 ? x & y : bop == 2 ? x | y : x ^ y; }

/* ---- device memory ---- */

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

/* ---- operands ---- */

#define LANES for (int l = 0; l < WARP; l++)
/* A source's 32 lane values (tmp: room when they are not in a register); emu_src is the
 * exported form. */
static inline const uint64_t *src(cta *c, warp *w, const emu_opnd *o, uint64_t *tmp) {
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
    uint64_t v = o->base == ISA_SYM_VAR ? emu_var_address(c, w, o->reg) + (uint64_t)o->imm : 0;
    for (int l = 0; l < WARP; l++) tmp[l] = v;
    return tmp;
  }
  default:
    memset(tmp, 0, WARP * sizeof *tmp);
    return tmp;
  }
}
#define S(i) src(c, w, &in->o[i], c->scratch[i])

/* Mask of lanes whose predicate operand (possibly negated) is true. */
static inline uint32_t pred_mask(const uint64_t *p, int neg) {
  uint32_t m = 0;
#ifdef __SSE2__
  for (int l = 0; l < WARP; l += 2)   /* two lanes a step: bit 0 moved to the sign bits movmskpd gathers */
    m |= (uint32_t)_mm_movemask_pd(_mm_castsi128_pd(_mm_slli_epi64(_mm_loadu_si128((const __m128i *)(p + l)), 63))) << l;
#else
  for (int l = 0; l < WARP; l++) m |= (uint32_t)(p[l] & 1) << l;
#endif
  return neg ? ~m : m;
}

/* Register slot 'slot' of w's current frame = val in the lanes of mask (cut to its width);
 * emu_writeback is the exported form. */
static inline void writeback(warp *w, uint32_t slot, const uint64_t *val, uint32_t mask) {
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

/* A destination operand: a register (or a sink); vectors are handled by their instructions. */
static inline void write_dst(warp *w, const emu_opnd *o, const uint64_t *val, uint32_t mask) {
  if (o->kind == OK_REG) writeback(w, o->reg, val, mask);
}
/* A destination that may be a pair "%r|%p" (setp, shfl, match, elect): val to the first, pred
 * to the second; a pair of one register stands for "_|%p" (match, elect): pred alone. */
static inline void write_pair(warp *w, const emu_opnd *o, const uint64_t *val, const uint64_t *pred, uint32_t mask) {
  if (o->kind != OK_PAIR) { write_dst(w, o, val, mask); return; }
  if (o->reg != o->reg2) writeback(w, o->reg, val, mask);
  writeback(w, o->reg2, pred, mask);
}

/* Where a lane-wise instruction computes its result: lane l's result depends only on lane l
 * of the sources (F_LANEWISE in the table), computed in one pass, so with every lane active it
 * may go straight into the destination register, even when that is a source; else buf. */
static inline uint64_t *dst_lanes(warp *w, const emu_insn *in, uint32_t active, uint64_t *buf) {
  if (active == 0xffffffffu && (isa_ops[in->op].flags & F_LANEWISE) && in->o[0].kind == OK_REG)
    return &w->frames[w->nframes - 1].regs[(size_t)in->o[0].reg * WARP];
  return buf;
}

/* The families built twice, for AVX2 and for any x86-64 (or plainly elsewhere); the processor
 * picks at load time.  The results are the same bits. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define EMU_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define EMU_CLONES
#endif

#endif
