/* isa/isa.h -- the awemu instruction set: tables, decoded form, binary encoding.
 *
 * Owns: the opcode, suffix and special-register tables (generated from
 * opcodes.def, mods.def and sregs.def), the decoded instruction
 * (isa_insn), and its binary encoding.  Depends on nothing.
 * Promises: isa_encode and isa_decode are exact inverses for every
 * instruction that isa_check_insn accepts; isa_decode never reads past
 * the words it is given and reports malformed input with a message.
 *
 * ENCODING.  An instruction is a sequence of little-endian 64-bit words:
 * two header words, then one word per operand (some operands take more).
 *
 *   header word 0
 *   63     56 55 54 53  50 49   45 44   40 39   35 34 33 32  29 28  25 24 23 22  19 18  16 15  13 12  10 9  7 6 5 4 3 2 0
 *  +---------+-----+------+-------+-------+-------+-----+------+------+-----+------+------+------+------+----+---+---+---+
 *  | opcode  |guard| nopnd| type0 | type1 |  cmp  | bool|  rnd | space| vec |  sub |  sem | scope| cache| ev1|ev2|pfs| 0 |
 *  +---------+-----+------+-------+-------+-------+-----+------+------+-----+------+------+------+------+----+---+---+---+
 *    guard: 0 none, 1 @%p, 2 @!%p (the predicate register is the first operand word, kind REG)
 *    every other field holds a suffix value (1-based, in mods.def order within its category; 0 = absent);
 *    sub holds the value of whichever operation-specific category the opcode takes (mul mode,
 *    atomic operation, shuffle mode, vote mode, shf direction, testp class, bar mode, prmt mode,
 *    bar.red's operation, tex's geometry);
 *    ev1, ev2, pfs: the L1 and L2 eviction priorities and the L2 prefetch size (cache hints)
 *
 *   header word 1
 *   63                               32 31                                0
 *  +-----------------------------------+-----------------------------------+
 *  |               zero                |     flags (bit i = i-th FLAG)     |
 *  +-----------------------------------+-----------------------------------+
 *
 *   operand word
 *   63  60 59  56 55                          32 31                             0
 *  +------+------+------------------------------+--------------------------------+
 *  | kind | aux  |         index (24 bits)      |        value (32 bits)         |
 *  +------+------+------------------------------+--------------------------------+
 *    REG      index = register slot; aux bit 0 = negated (!%p)
 *    REGPAIR  index = first register; value = second register ("%r|%p")
 *    SREG     index = special register; value = component (0 none, 1 .x, 2 .y, 3 .z)
 *    IMM      value = the immediate, sign-extended to 64 bits
 *    IMM64    followed by one word holding the 64-bit immediate
 *    SINK     "_"
 *    SYM      index = symbol; aux = symbol kind (ISA_SYM_*); value = signed byte offset
 *    MREG     [reg+off]: index = register; value = signed 32-bit offset
 *    MSYM     [sym+off]: index = symbol; aux = symbol kind; value = signed offset
 *    MABS     [imm]: followed by one word holding the 64-bit address
 *    VEC      {a, b, ...}: value = element count; followed by the elements
 *    LIST     (a, b, ...): value = element count; followed by the elements
 */
#ifndef AWEMU_ISA_H
#define AWEMU_ISA_H

#include <stddef.h>
#include <stdint.h>

/* ---- suffix categories ---- */
typedef enum {
  CAT_NONE, CAT_TYPE, CAT_CMP, CAT_BOOL, CAT_RND, CAT_SPACE, CAT_VEC, CAT_SEM,
  CAT_SCOPE, CAT_CACHE, CAT_MULMODE, CAT_ATOMOP, CAT_SHFL, CAT_VOTE,
  CAT_SHFDIR, CAT_TESTP, CAT_BAR, CAT_PRMT, CAT_EVICT1, CAT_EVICT2, CAT_PFSIZE,
  CAT_SHAPE, CAT_FRAG, CAT_LAYA, CAT_LAYB, CAT_NUM, CAT_BARRED, CAT_GEOM,
  CAT_FLAG, CAT_COUNT
} isa_cat;

#define C_CMP     (1u << CAT_CMP)
#define C_BOOL    (1u << CAT_BOOL)
#define C_RND     (1u << CAT_RND)
#define C_SPACE   (1u << CAT_SPACE)
#define C_VEC     (1u << CAT_VEC)
#define C_SEM     (1u << CAT_SEM)
#define C_SCOPE   (1u << CAT_SCOPE)
#define C_CACHE   (1u << CAT_CACHE)
#define C_MULMODE (1u << CAT_MULMODE)
#define C_ATOMOP  (1u << CAT_ATOMOP)
#define C_SHFL    (1u << CAT_SHFL)
#define C_VOTE    (1u << CAT_VOTE)
#define C_SHFDIR  (1u << CAT_SHFDIR)
#define C_TESTP   (1u << CAT_TESTP)
#define C_BAR     (1u << CAT_BAR)
#define C_PRMT    (1u << CAT_PRMT)
#define C_EVICT1  (1u << CAT_EVICT1)
#define C_EVICT2  (1u << CAT_EVICT2)
#define C_PFSIZE  (1u << CAT_PFSIZE)
#define C_HINTS   (C_EVICT1 | C_EVICT2 | C_PFSIZE)
#define C_SHAPE   (1u << CAT_SHAPE)   /* matrix shape of wmma, mma, ldmatrix (.m16n16k16, ...) */
#define C_FRAG    (1u << CAT_FRAG)    /* wmma.load/store: which matrix (.a .b .c .d) */
#define C_LAYA    (1u << CAT_LAYA)    /* layout of the first (or only) matrix: .row .col */
#define C_LAYB    (1u << CAT_LAYB)    /* layout of the second (mma, wmma.mma: B) */
#define C_NUM     (1u << CAT_NUM)     /* ldmatrix: matrices loaded (.x1 .x2 .x4) */
#define C_BARRED  (1u << CAT_BARRED)  /* bar.red's operation (.popc .and .or) */
#define C_GEOM    (1u << CAT_GEOM)    /* tex: the texture's geometry (.1d .2d) */
/* the categories whose value lives in the shared 'sub' field */
#define C_SUBS (C_MULMODE | C_ATOMOP | C_SHFL | C_VOTE | C_SHFDIR | C_TESTP | C_BAR | C_PRMT | C_BARRED | C_GEOM)

typedef enum { TK_NONE, TK_PRED, TK_BIT, TK_UNS, TK_SGN, TK_FLT } isa_typekind;

/* ---- the suffix table ---- */
typedef enum {
#define MOD(id, text, cat, bits, kind) ISA_M_##id,
#include "mods.def"
#undef MOD
  ISA_M_COUNT
} isa_mod;

typedef struct {
  const char *text;     /* without the dot */
  uint8_t cat;          /* isa_cat */
  uint8_t kind;         /* isa_typekind, types only */
  uint16_t bits;        /* width, types only */
} isa_mod_info;

extern const isa_mod_info isa_mods[ISA_M_COUNT];

/* Type codes are the CAT_TYPE values: ISA_T_<ID> = value of ISA_M_<ID>. */
enum {
  ISA_T_NONE = 0,
  ISA_T_PRED, ISA_T_B8, ISA_T_B16, ISA_T_B32, ISA_T_B64, ISA_T_B128,
  ISA_T_U8, ISA_T_U16, ISA_T_U32, ISA_T_U64, ISA_T_S8, ISA_T_S16, ISA_T_S32,
  ISA_T_S64, ISA_T_F16, ISA_T_F16X2, ISA_T_BF16, ISA_T_BF16X2, ISA_T_F32,
  ISA_T_F64, ISA_T_U16X2, ISA_T_S16X2, ISA_T_COUNT
};
/* State-space codes are the CAT_SPACE values; 0 is generic addressing. */
enum {
  ISA_SP_GENERIC, ISA_SP_GLOBAL, ISA_SP_SHARED, ISA_SP_SHARED_CTA, ISA_SP_LOCAL,
  ISA_SP_PARAM, ISA_SP_CONST, ISA_SP_LIN, ISA_SP_LOUT, ISA_SP_LMETA, ISA_SP_COUNT
};
#define TMB(t) (1u << ISA_T_##t)
#define TM_PREDT    TMB(PRED)
#define TM_B32      TMB(B32)
#define TM_U32      TMB(U32)
#define TM_S32      TMB(S32)
#define TM_F32      TMB(F32)
#define TM_U64      TMB(U64)
#define TM_BITS3264 (TMB(B32) | TMB(B64))
#define TM_BITS     (TMB(B16) | TMB(B32) | TMB(B64))
#define TM_UINT     (TMB(U16) | TMB(U32) | TMB(U64))
#define TM_SINT     (TMB(S16) | TMB(S32) | TMB(S64))
#define TM_INT      (TM_UINT | TM_SINT)
#define TM_INT32    (TMB(U32) | TMB(S32))
#define TM_INT64    (TMB(U64) | TMB(S64))
#define TM_FLT      (TMB(F32) | TMB(F64))
#define TM_HALF     (TMB(F16) | TMB(F16X2) | TMB(BF16) | TMB(BF16X2))
#define TM_I16X2    (TMB(U16X2) | TMB(S16X2))
#define TM_I8       (TMB(B8) | TMB(U8) | TMB(S8))
#define TM_NUM      (TM_I8 | TM_INT | TMB(F16) | TMB(BF16) | TM_FLT)
#define TM_MEM      (TM_I8 | TM_BITS | TMB(B128) | TM_INT | TM_FLT | TM_HALF)
#define TM_ATOM     (TMB(B32) | TMB(B64) | TM_INT32 | TM_INT64 | TM_FLT | TMB(F16) | TMB(F16X2) | TMB(BF16) | TMB(BF16X2))

/* flag bits: bit i is the i-th CAT_FLAG row of mods.def */
enum {
  FLB_APPROX, FLB_FULL, FLB_FTZ, FLB_SAT, FLB_UNI, FLB_SYNC, FLB_ALIGNED,
  FLB_NC, FLB_SHIFTAMT, FLB_CC, FLB_CLAMP, FLB_WRAP, FLB_TO, FLB_L1, FLB_L2, FLB_RELU,
  FLB_GLOBAL_SRC, FLB_NOINC, FLB_NOCOMPLETE, FLB_PARITY, FLB_CACHE_HINT, FLB_TRANS, FLB_ACC, FLB_MASK,
  FLB_COUNT
};
#define FL_APPROX   (1u << FLB_APPROX)
#define FL_FULL     (1u << FLB_FULL)
#define FL_FTZ      (1u << FLB_FTZ)
#define FL_SAT      (1u << FLB_SAT)
#define FL_UNI      (1u << FLB_UNI)
#define FL_SYNC     (1u << FLB_SYNC)
#define FL_ALIGNED  (1u << FLB_ALIGNED)
#define FL_NC       (1u << FLB_NC)
#define FL_SHIFTAMT (1u << FLB_SHIFTAMT)
#define FL_CC       (1u << FLB_CC)
#define FL_CLAMP    (1u << FLB_CLAMP)
#define FL_WRAP     (1u << FLB_WRAP)
#define FL_TO       (1u << FLB_TO)
#define FL_L1       (1u << FLB_L1)
#define FL_L2       (1u << FLB_L2)
#define FL_RELU     (1u << FLB_RELU)
#define FL_GLOBAL_SRC (1u << FLB_GLOBAL_SRC)
#define FL_NOINC    (1u << FLB_NOINC)
#define FL_NOCOMPLETE (1u << FLB_NOCOMPLETE)
#define FL_PARITY   (1u << FLB_PARITY)
#define FL_CACHE_HINT (1u << FLB_CACHE_HINT)
#define FL_TRANS    (1u << FLB_TRANS)
#define FL_ACC      (1u << FLB_ACC)
#define FL_MASK     (1u << FLB_MASK)

/* ---- the opcode table ---- */
typedef enum { U_ALU, U_MUL, U_DP, U_SFU, U_LDST, U_CTRL, U_SYNC, U_TENSOR, U_COUNT } isa_unit;
/* The executor's instruction families (opcodes.def's FAMILY column: which function runs it). */
typedef enum { X_ARITH, X_SFU, X_BITS, X_INTOPS, X_CMP, X_MOVE, X_MEM, X_STACK, X_WARP, X_SYNC, X_CTRL, X_ASYNC, X_TENSOR, X_COUNT } isa_family;

#define F_WRITES_DST (1u << 0)  /* writes its first operand */
#define F_BRANCH     (1u << 1)  /* may change pc within the function */
#define F_CALL       (1u << 2)
#define F_RET        (1u << 3)
#define F_EXIT       (1u << 4)  /* ends the thread or the assist warp */
#define F_BARRIER    (1u << 5)  /* CTA-wide barrier */
#define F_MEM        (1u << 6)  /* accesses memory */
#define F_LOAD       (1u << 7)
#define F_STORE      (1u << 8)
#define F_ATOMIC     (1u << 9)
#define F_WARP       (1u << 10) /* reads or changes warp-wide state */
#define F_AW         (1u << 11) /* assist-warp extension */
#define F_LANEWISE   (1u << 12) /* lane l's result depends only on lane l of the sources (the emulator may write in place) */
#define F_NFLAGS     13

typedef enum {
#define OP(id, name, unit, family, lat, ii, flags, ntypes, t0, t1, cats, fl, shape, syn) ISA_OP_##id,
#include "opcodes.def"
#undef OP
  ISA_OP_COUNT
} isa_opcode;

typedef struct {
  const char *name;
  uint8_t unit, family, latency, interval, ntypes;
  uint32_t flags;
  uint32_t types[4];   /* TM_* masks per type slot; with 4 types (mma: d, a, b, c) the
                          table's TYPES0 is the accumulators' (d, c), TYPES1 the multiplicands' */
  uint32_t cats;       /* C_* masks */
  uint32_t flagbits;   /* FL_* masks */
  const char *shape;
  const char *synopsis;
} isa_op_info;

extern const isa_op_info isa_ops[ISA_OP_COUNT];
extern const char *const isa_unit_names[U_COUNT];
extern const char *const isa_family_names[X_COUNT];
extern const char *const isa_cat_names[CAT_COUNT];

/* ---- special registers ---- */
typedef enum {
#define SREG(id, name, comps, bits, narrow) ISA_SR_##id,
#include "sregs.def"
#undef SREG
  ISA_SR_COUNT
} isa_sreg;

typedef struct { const char *name; uint8_t comps; uint8_t bits; uint8_t narrow; } isa_sreg_info;   /* (sregs.def) */
extern const isa_sreg_info isa_sregs[ISA_SR_COUNT];
/* Whether special register sr reads as a source operand of type 'want': of its
 * width; narrower when 'relaxed' (the operand rules of cvt, ld, st); 16 bits for
 * the 'narrow' ones (mov.u16 %rs, %tid.x). */
int isa_sreg_fits(unsigned sr, int want, int relaxed);

/* ---- decoded instructions ---- */
typedef enum {
  ISA_K_NONE, ISA_K_REG, ISA_K_REGPAIR, ISA_K_SREG, ISA_K_IMM, ISA_K_IMM64,
  ISA_K_SINK, ISA_K_SYM, ISA_K_MREG, ISA_K_MSYM, ISA_K_MABS, ISA_K_VEC,
  ISA_K_LIST, ISA_K_COUNT
} isa_kind;

/* What a SYM / MSYM operand names. */
typedef enum { ISA_SYM_VAR, ISA_SYM_FUNC, ISA_SYM_LABEL, ISA_SYM_COUNT } isa_symkind;

#define ISA_MAX_OPND 6
#define ISA_MAX_ELEM 64    /* vector and call-list elements, all operands together */
#define ISA_MAX_INDEX 0xffffffu

typedef struct {
  uint8_t kind;      /* isa_kind; IMM64 and MABS decode as IMM/MABS with the full value */
  uint8_t aux;       /* REG: 1 = negated; SYM/MSYM: isa_symkind */
  uint16_t nelem;    /* VEC/LIST: element count */
  uint32_t index;    /* register, special register, symbol */
  uint32_t index2;   /* REGPAIR: second register; VEC/LIST: first element in elem[] */
  int64_t value;     /* immediate, offset, component, address */
} isa_operand;

typedef struct {
  uint8_t op;                 /* isa_opcode */
  uint8_t guard;              /* 0 none, 1 @p, 2 @!p */
  uint8_t nopnd;
  uint8_t nelem;              /* elements used in elem[] */
  uint32_t guard_reg;
  uint8_t type[4];            /* ISA_T_*: type0, type1; mma and wmma.mma: d, a, b, c */
  uint8_t field[CAT_COUNT];   /* suffix value per category (CAT_TYPE and CAT_FLAG unused) */
  uint32_t flags;             /* FL_* bits */
  isa_operand opnd[ISA_MAX_OPND];
  isa_operand elem[ISA_MAX_ELEM];
} isa_insn;

/* Looks up a mnemonic; returns -1 when there is none.  'len' bytes of 'name'. */
int isa_op_lookup(const char *name, size_t len);
/* Looks up a suffix text (no dot) usable by opcode 'op' in a category not
 * yet taken in 'taken' (a C_* mask, CAT_FLAG bit for flags already set is
 * checked by the caller); returns the mod or -1. */
int isa_mod_lookup(int op, const char *text, size_t len, uint32_t taken, uint32_t flags_taken);
/* Any entry with this text at all (for diagnostics): returns mod or -1. */
int isa_mod_find_any(const char *text, size_t len);
int isa_sreg_lookup(const char *name, size_t len);
/* The mod index of (category, value), or -1. */
int isa_mod_of(int cat, int value);
/* The 1-based value of a mod within its category. */
int isa_mod_value(int m);
/* The value a suffix of a "sub-operation" category takes in the encoding (and
 * the emulator's emu_insn.sub): its place among its category's rows of
 * mods.def, from 1, when those rows stand together (test_isa checks each):
 * ISA_SUB(AMIN, AADD) is atom's .min. */
#define ISA_SUB(id, first) (ISA_M_##id - ISA_M_##first + 1)
#define ISA_ATOMOP(id) ISA_SUB(id, AADD)
#define ISA_SHAPE(id) ISA_SUB(id, M16N16K16)   /* the CAT_SHAPE value of .m16n8k16: ISA_SHAPE(M16N8K16) */
#define ISA_FRAGV(id) ISA_SUB(FRAG_##id, FRAG_A)   /* wmma's .a .b .c .d: 1 2 3 4 */
#define ISA_COL 2                               /* CAT_LAYA and CAT_LAYB: .row 1, .col 2 */
#define ISA_NUMV(id) ISA_SUB(id, X1)             /* ldmatrix's .x1 .x2 .x4: 1 2 3 */
#define ISA_GEOM_DIMS(v) (v)                    /* tex's .1d .2d (CAT_GEOM values 1, 2): its coordinates */
/* The category of the shared sub field for an opcode, or CAT_NONE. */
int isa_sub_cat(int op);

/* Type helpers. */
unsigned isa_type_bits(int t);      /* 0 for none */
int isa_type_kind(int t);           /* isa_typekind */
const char *isa_type_name(int t);   /* "s32"; "" for none */
int isa_vec_count(int vecfield);    /* 1, 2, 4 or 8 */

/* Encoding.  isa_encode writes at most 'cap' words and returns the count
 * written, or 0 when the instruction cannot be encoded (field out of range;
 * 'err' says why).  isa_insn_words gives the count without writing. */
size_t isa_encode(const isa_insn *in, uint64_t *out, size_t cap, const char **err);
size_t isa_insn_words(const isa_insn *in);
/* Decodes one instruction from 'n' words; returns the words used, or 0 with
 * a message in 'err' when the words are not a valid instruction. */
size_t isa_decode(const uint64_t *w, size_t n, isa_insn *out, const char **err);

/* Structural check of a decoded instruction against its table row: suffix
 * categories and types allowed, operand count and kinds.  Returns NULL when
 * it is well formed, or a message. */
const char *isa_check_insn(const isa_insn *in);

/* Writes the mnemonic with its suffixes in canonical order ("ld.global.nc.v4.f32"). */
void isa_format_mnemonic(const isa_insn *in, char *buf, size_t cap);

/* The operand's type implied by the shape letter (for immediates and checks). */
int isa_shape_type(const isa_insn *in, char letter);
/* A shape's operand counts (opcodes.def): returns the most operands, *req the fewest.
 * The letter of operand i of an instruction with n operands, or 0: '?' makes the operands
 * after it optional; a bracketed letter ("du[u]p") is there only when every operand
 * before the '?' is. */
int isa_shape_counts(const char *shape, int *req);
char isa_shape_letter(const char *shape, int n, int i);

/* ---- tensor-core operands (wmma, mma, ldmatrix) ---- */
enum { ISA_MX_A, ISA_MX_B, ISA_MX_C, ISA_MX_D };
typedef struct {
  uint8_t matrix;     /* ISA_MX_*: the matrix the operand holds part of (ldmatrix: A) */
  uint8_t type;       /* its elements' type: ISA_T_F16, BF16, F32 (ldmatrix: B16) */
  uint8_t nelem;      /* elements each lane holds */
  uint8_t nregs;      /* registers in the {vector}: one .f32 element, or two 16-bit ones, each */
} isa_frag;
/* Operand i of a wmma, mma or ldmatrix instruction as a fragment: 0, or -1
 * when it is not one or the suffixes are no combination isa_tensor_check takes. */
int isa_fragment(const isa_insn *in, int i, isa_frag *f);
/* Whether a wmma, mma or ldmatrix instruction's shape, matrices, layouts,
 * types and space are a combination the PTX ISA defines and awemu runs:
 * NULL, or what is wrong (a message for the assembler's user). */
const char *isa_tensor_check(const isa_insn *in);

/* Little-endian helpers. */
static inline void isa_put_u16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static inline void isa_put_u32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static inline void isa_put_u64(uint8_t *p, uint64_t v) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static inline uint16_t isa_get_u16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static inline uint32_t isa_get_u32(const uint8_t *p) { uint32_t v = 0; for (int i = 3; i >= 0; i--) v = (v << 8) | p[i]; return v; }
static inline uint64_t isa_get_u64(const uint8_t *p) { uint64_t v = 0; for (int i = 7; i >= 0; i--) v = (v << 8) | p[i]; return v; }

uint32_t isa_crc32(const uint8_t *p, size_t n);
/* Continues a CRC-32 over more bytes: isa_crc32_update(isa_crc32(a), b) = CRC of a then b. */
uint32_t isa_crc32_update(uint32_t crc, const uint8_t *p, size_t n);

/* Formats a message into err (cap bytes; nothing when cap is 0) and returns
 * -1: the one way the modules report a failure with its reason. */
int isa_fail(char *err, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
