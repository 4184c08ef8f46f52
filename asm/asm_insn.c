/* asm/asm_insn.c -- instructions: numbers and immediates (literal checking), mnemonics and
 * their suffixes, operands, and the encoding of one instruction. */
#include "asm_int.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A parsed mnemonic, cached by its text. */
typedef struct {
  int ok;
  uint8_t op, type[4];
  uint8_t field[CAT_COUNT];
  uint32_t flags;
} mnem_info;

/* ---- numbers ---- */

/* A decimal floating-point literal that becomes infinite as a .f32/.f64 (wide
 * 32 or 64) is an error; one with a nonzero digit that becomes 0, a warning.
 * 1 when the value may be used. */
static int literal_in_range(asm_ctx *c, const asm_tok *num, const char *text, double v, unsigned wide) {
  if (isinf(v)) { asm_error(c, num->loc, "floating-point literal %s is out of range for .f%u", text, wide); return 0; }
  if (v == 0) {
    for (const char *p = text; *p && *p != 'e' && *p != 'E'; p++)
      if (*p >= '1' && *p <= '9') { asm_warning(c, num->loc, "floating-point literal %s underflows to 0 as .f%u", text, wide); break; }
  }
  return 1;
}

int asmi_number_bits(asm_ctx *c, const asm_tok *num, int neg, int t, uint64_t *out) {
  int kind = isa_type_kind(t);
  unsigned w = isa_type_bits(t);
  const char *tn = isa_type_name(t);
  if (kind == TK_FLT) {
    if (w != 32 && w != 64) { asm_error(c, num->loc, "immediate operands of type .%s are not supported", tn); return 0; }
    if (w == 32) {
      float f;
      uint32_t b;
      if (num->fkind == 32) { b = (uint32_t)num->u; }
      else {
        if (num->fkind == 64) { double d; memcpy(&d, &num->u, 8); f = (float)d; }
        else if (num->fkind == 1) {
          char tmp[64]; int n = num->len < 63 ? num->len : 63; memcpy(tmp, num->s, (size_t)n); tmp[n] = 0;
          f = strtof(tmp, NULL);
          if (!literal_in_range(c, num, tmp, f, 32)) return 0;
        }
        else f = (float)num->u;
        memcpy(&b, &f, 4);
      }
      if (neg) b ^= 0x80000000u;
      *out = b;
    } else {
      uint64_t b;
      if (num->fkind == 64) b = num->u;
      else {
        double d;
        if (num->fkind == 32) { float f; uint32_t x = (uint32_t)num->u; memcpy(&f, &x, 4); d = f; }
        else if (num->fkind == 1) {
          char tmp[64]; int n = num->len < 63 ? num->len : 63; memcpy(tmp, num->s, (size_t)n); tmp[n] = 0;
          d = strtod(tmp, NULL);
          if (!literal_in_range(c, num, tmp, d, 64)) return 0;
        }
        else d = (double)num->u;
        memcpy(&b, &d, 8);
      }
      if (neg) b ^= 0x8000000000000000ull;
      *out = b;
    }
    return 1;
  }
  if (kind == TK_PRED) {
    /* PTX ISA 4.5: an integer constant used as a predicate reads as in C, zero False and any
       other value True (nvcc writes true as -1) */
    if (num->fkind) { asm_error(c, num->loc, "a predicate immediate must be an integer constant"); return 0; }
    *out = num->u != 0;
    return 1;
  }
  if (num->fkind) {
    if (kind == TK_BIT && ((num->fkind == 32 && w == 32) || (num->fkind == 64 && w == 64))) {
      *out = num->u;
      if (neg) *out ^= 1ull << (w - 1);
      return 1;
    }
    asm_error(c, num->loc, "floating-point constant used where a .%s integer is expected", tn);
    return 0;
  }
  uint64_t u = num->u;
  int fits = w >= 64 ? (!neg || u <= (1ull << 63)) : neg ? u <= (1ull << (w - 1)) : u <= (w == 64 ? UINT64_MAX : (1ull << w) - 1);
  if (!fits) {
    asm_error(c, num->loc, "immediate %s%llu does not fit in .%s", neg ? "-" : "", (unsigned long long)u, tn);
    return 0;
  }
  uint64_t v = neg ? (uint64_t)0 - u : u;
  if (w < 64) v &= (1ull << w) - 1;
  *out = v;
  return 1;
}

/* Sign-extends the low 'w' bits, the form immediates are stored in. */
static int64_t canon(uint64_t v, unsigned w) {
  if (w >= 64 || w == 0) return (int64_t)v;
  uint64_t m = 1ull << (w - 1);
  v &= (m << 1) - 1;
  return (int64_t)((v ^ m) - m);
}

/* ---- mnemonics ---- */

/* The checks of a mnemonic whose suffixes are read: op with mi's types, fields and flags (at:
 * the mnemonic; cat_at, flag_at, type_at: where each suffix is).  1 when they hold, else 0
 * (reported). */
static int mnem_check(asm_ctx *c, const asm_tok *t, int op, mnem_info *mi, uint32_t ntypes, asm_loc at,
                      const asm_loc *cat_at, const asm_loc *flag_at, asm_loc *type_at) {
  const isa_op_info *o = &isa_ops[op];
  const char *name = o->name;
  if (op == ISA_OP_WMMAMMA && ntypes == 2) {   /* wmma.mma...dtype.ctype: A and B are .f16 */
    mi->type[3] = mi->type[1]; type_at[3] = type_at[1];
    mi->type[1] = mi->type[2] = ISA_T_F16;
    ntypes = 4;
  }
  if (o->ntypes == 4 && ntypes == 4)
    for (int i = 0; i < 4; i++)
      if (!(o->types[i] & (1u << mi->type[i]))) {
        static const char *const role[4] = { "D", "A", "B", "C" };
        asm_error(c, type_at[i], "type '.%s' is not valid for %s of '%s'", isa_type_name(mi->type[i]), role[i], name); return 0;
      }
  if (ntypes < o->ntypes && o->ntypes == 4) {
    if (op == ISA_OP_WMMAMMA) asm_error(c, at, "'wmma.mma' needs the types of D and C (.f16 A and B: .f32.f32) or of D, A, B and C (.f32.bf16.bf16.f32)");
    else asm_error(c, at, "'%s' needs the types of D, A, B and C (.f32.f16.f16.f32)", name);
    return 0;
  }
  if (ntypes < o->ntypes && o->ntypes == 3) { asm_error(c, at, "'%s' needs the types of d, a and b (.u32 or .s32 each)", name); return 0; }
  if (ntypes < o->ntypes) { asm_error(c, at, "'%.*s' needs %s type suffix", t->len, t->s, o->ntypes - ntypes == 2 ? "two" : ntypes ? "a second" : "a"); return 0; }
  static const struct { int cat; const char *what; } need[] = {
    { CAT_CMP, "a comparison (.eq, .lt, ...)" }, { CAT_ATOMOP, "an operation (.add, .cas, ...)" },
    { CAT_SHFL, "a mode (.up, .down, .bfly, .idx)" }, { CAT_VOTE, "a mode (.all, .any, .uni, .ballot)" },
    { CAT_TESTP, "a class (.finite, .normal, ...)" }, { CAT_SHFDIR, "a direction (.l or .r)" },
    { CAT_BAR, "a mode (.sync or .arrive)" }, { CAT_SHAPE, "a shape (.m16n16k16, .m16n8k16, ...)" },
    { CAT_FRAG, "the matrix it moves (.a, .b, .c or .d)" }, { CAT_LAYA, "a layout (.row or .col)" },
    { CAT_LAYB, "the layouts of A and B (.row.col, ...)" }, { CAT_NUM, "a count (.x1, .x2 or .x4)" },
    { CAT_BARRED, "an operation (.popc, .and or .or)" }, { CAT_GEOM, "a geometry (.1d or .2d)" },
  };
  for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
    if ((o->cats & (1u << need[i].cat)) && !mi->field[need[i].cat]) { asm_error(c, at, "'%s' needs %s", name, need[i].what); return 0; }
  int k0 = isa_type_kind(mi->type[0]);
  if ((op == ISA_OP_REDUX || op == ISA_OP_MATCH || op == ISA_OP_ELECT) && !(mi->flags & FL_SYNC)) { asm_error(c, at, "'%s' needs .sync", name); return 0; }
  if (o->cats & C_BARRED) {   /* bar.red.popc.u32, bar.red.and.pred, bar.red.or.pred */
    int popc = mi->field[CAT_BARRED] == ISA_SUB(BRPOPC, BRPOPC);
    if (popc != (mi->type[0] == ISA_T_U32)) {
      asm_error(c, type_at[0], "'%s.%s' needs type .%s", name, isa_mods[isa_mod_of(CAT_BARRED, mi->field[CAT_BARRED])].text, popc ? "u32" : "pred"); return 0;
    }
  }
  int half = mi->type[0] >= ISA_T_F16 && mi->type[0] <= ISA_T_BF16X2;
  if ((mi->flags & FL_RELU) && (op == ISA_OP_MIN || op == ISA_OP_MAX) && mi->type[0] != ISA_T_S16X2 && mi->type[0] != ISA_T_S32) {
    asm_error(c, flag_at[FLB_RELU], "'%s.relu' needs type .s16x2 or .s32", name); return 0;
  }
  if ((mi->flags & FL_RELU) && !half && op != ISA_OP_MIN && op != ISA_OP_MAX) { asm_error(c, flag_at[FLB_RELU], "'.relu' needs a .f16, .f16x2, .bf16 or .bf16x2 type"); return 0; }
  if ((op >= ISA_OP_VADD2 && op <= ISA_OP_VSET4) && (mi->flags & FL_SAT) && (mi->flags & FL_ACC)) {
    asm_error(c, flag_at[FLB_SAT], "'%s' takes .sat or .add, not both", name); return 0;
  }
  if ((op == ISA_OP_VSET2 || op == ISA_OP_VSET4) && mi->field[CAT_CMP] > 6) {
    asm_error(c, cat_at[CAT_CMP], "'%s' compares with .eq, .ne, .lt, .le, .gt or .ge", name); return 0;
  }
  if ((op == ISA_OP_SETP || op == ISA_OP_SET) && mi->field[CAT_CMP] > 10 && isa_type_kind(mi->type[op == ISA_OP_SET ? 1 : 0]) != TK_FLT) {
    /* PTX ISA, setp and set: the unordered comparisons and num, nan are for floating-point types */
    asm_error(c, cat_at[CAT_CMP], "'%s.%s' is a floating-point comparison; integers compare with .eq, .ne, .lt, .le, .gt, .ge, .lo, .ls, .hi or .hs",
              name, isa_mods[isa_mod_of(CAT_CMP, mi->field[CAT_CMP])].text);
    return 0;
  }
  if (op == ISA_OP_ISSPACEP) {
    int sp = mi->field[CAT_SPACE];
    if (!sp) { asm_error(c, at, "'isspacep' needs a state space (.global, .shared, .local, .const)"); return 0; }
    if (sp == ISA_SP_PARAM || sp >= ISA_SP_LIN) { asm_error(c, cat_at[CAT_SPACE], "'isspacep.%s' is not supported (.global, .shared, .shared::cta, .local, .const are)", isa_mods[isa_mod_of(CAT_SPACE, sp)].text); return 0; }
  }
  if (op == ISA_OP_APPLYPRIO || op == ISA_OP_DISCARD) {
    int sp = mi->field[CAT_SPACE];
    if (sp && sp != ISA_SP_GLOBAL) { asm_error(c, cat_at[CAT_SPACE], "'%s' works on .global memory", name); return 0; }
    if (op == ISA_OP_APPLYPRIO && mi->field[CAT_EVICT2] != ISA_SUB(L2_EVICT_NORMAL, L2_EVICT_NORMAL)) { asm_error(c, at, "'applypriority' needs .L2::evict_normal"); return 0; }
    if (op == ISA_OP_DISCARD && !(mi->flags & FL_L2)) { asm_error(c, at, "'discard' needs .L2"); return 0; }
  }
  if (half && (op == ISA_OP_ADD || op == ISA_OP_SUB || op == ISA_OP_MUL || op == ISA_OP_FMA) && mi->field[CAT_RND] && mi->field[CAT_RND] != 1) {
    asm_error(c, cat_at[CAT_RND], "half-precision '%s' rounds to nearest even only (.rn)", name); return 0;
  }
  if (op == ISA_OP_REDUX) {
    int ao = mi->field[CAT_ATOMOP], arith = ao == ISA_ATOMOP(AADD) || ao == ISA_ATOMOP(AMIN) || ao == ISA_ATOMOP(AMAX);
    int logic = ao == ISA_ATOMOP(AAND) || ao == ISA_ATOMOP(AOR) || ao == ISA_ATOMOP(AXOR);
    if (!arith && !logic) { asm_error(c, cat_at[CAT_ATOMOP], "'redux' takes .add, .min, .max, .and, .or or .xor"); return 0; }
    if (arith && mi->type[0] == ISA_T_B32) { asm_error(c, at, "'redux.%s' needs type .u32 or .s32", isa_mods[isa_mod_of(CAT_ATOMOP, ao)].text); return 0; }
    if (logic && mi->type[0] != ISA_T_B32) { asm_error(c, at, "'redux.%s' needs type .b32", isa_mods[isa_mod_of(CAT_ATOMOP, ao)].text); return 0; }
  }
  if (op == ISA_OP_MATCH && mi->field[CAT_VOTE] != ISA_SUB(VALL, VALL) && mi->field[CAT_VOTE] != ISA_SUB(VANY, VALL)) {
    asm_error(c, cat_at[CAT_VOTE], "'match' takes .any or .all"); return 0;
  }
  if ((o->cats & C_MULMODE) && op == ISA_OP_MADC && mi->field[CAT_MULMODE] == 3) { asm_error(c, cat_at[CAT_MULMODE], "'madc' takes .lo or .hi, not .wide"); return 0; }
  if (op == ISA_OP_DP2A) {
    int mm = mi->field[CAT_MULMODE];
    if (mm != ISA_SUB(MLO, MLO) && mm != ISA_SUB(MHI, MLO)) { asm_error(c, mm ? cat_at[CAT_MULMODE] : at, "'dp2a' needs .lo or .hi (which two bytes of b)"); return 0; }
  } else if (o->cats & C_MULMODE) {
    int mm = mi->field[CAT_MULMODE];
    if (k0 == TK_FLT && mm) { asm_error(c, cat_at[CAT_MULMODE], "'.%s' is not valid for floating-point '%s'", isa_mods[isa_mod_of(CAT_MULMODE, mm)].text, name); return 0; }
    if (k0 != TK_FLT && !mm) { asm_error(c, at, "integer '%s' needs .lo, .hi or .wide", name); return 0; }
    if (mm == 3 && isa_type_bits(mi->type[0]) > 32) { asm_error(c, cat_at[CAT_MULMODE], "'.wide' needs a 16- or 32-bit type"); return 0; }
  }
  if ((mi->flags & FL_SAT) && k0 != TK_FLT && op != ISA_OP_CVT && mi->type[0] != ISA_T_S32 && !(op >= ISA_OP_VADD2 && op <= ISA_OP_VSET4)) {
    asm_error(c, flag_at[FLB_SAT], "'.sat' on integer '%s' needs type .s32", name); return 0;
  }
  if (mi->field[CAT_RND] && k0 != TK_FLT && op != ISA_OP_CVT) { asm_error(c, cat_at[CAT_RND], "rounding modifier on integer '%s'", name); return 0; }
  if (op == ISA_OP_CVT && (mi->type[0] == ISA_T_F16X2 || mi->type[0] == ISA_T_BF16X2) && mi->type[1] != ISA_T_F32) {
    asm_error(c, at, "cvt to .%s converts two .f32 values", isa_type_name(mi->type[0])); return 0;
  }
  if (op == ISA_OP_CVT) {
    int kd = isa_type_kind(mi->type[0]), ks = isa_type_kind(mi->type[1]);
    unsigned bd = isa_type_bits(mi->type[0]), bs = isa_type_bits(mi->type[1]);
    int r = mi->field[CAT_RND];
    int irnd = r >= 5, frnd = r >= 1 && r <= 4;
    if (ks == TK_FLT && kd != TK_FLT && !irnd) { asm_error(c, at, "cvt from .%s to .%s needs an integer rounding modifier (.rni, .rzi, .rmi or .rpi)", isa_type_name(mi->type[1]), isa_type_name(mi->type[0])); return 0; }
    if (ks != TK_FLT && kd == TK_FLT && !frnd) { asm_error(c, at, "cvt from .%s to .%s needs a rounding modifier (.rn, .rz, .rm or .rp)", isa_type_name(mi->type[1]), isa_type_name(mi->type[0])); return 0; }
    if (ks == TK_FLT && kd == TK_FLT && bd < bs && !frnd) { asm_error(c, at, "cvt from .%s to .%s needs a rounding modifier (.rn, .rz, .rm or .rp)", isa_type_name(mi->type[1]), isa_type_name(mi->type[0])); return 0; }
    if (ks != TK_FLT && kd != TK_FLT && r) { asm_error(c, at, "rounding modifier on an integer-to-integer cvt"); return 0; }
    if (ks == TK_FLT && kd == TK_FLT && bd > bs && frnd) { asm_error(c, at, "cvt to a wider float is exact and takes no rounding modifier"); return 0; }
  }
  if ((op == ISA_OP_DIV || op == ISA_OP_RCP || op == ISA_OP_SQRT) && k0 == TK_FLT && mi->type[0] == ISA_T_F32 &&
      !mi->field[CAT_RND] && !(mi->flags & (FL_APPROX | FL_FULL))) {
    asm_error(c, at, "'%s.f32' needs .approx%s or a rounding modifier", name, op == ISA_OP_DIV ? ", .full" : ""); return 0;
  }
  if ((op == ISA_OP_DIV || op == ISA_OP_RCP || op == ISA_OP_SQRT) && mi->type[0] == ISA_T_F64 && !mi->field[CAT_RND] && !(mi->flags & FL_APPROX)) {
    asm_error(c, at, "'%s.f64' needs a rounding modifier", name); return 0;
  }
  if ((op == ISA_OP_EX2 || op == ISA_OP_LG2 || op == ISA_OP_SIN || op == ISA_OP_COS || op == ISA_OP_TANH ||
       (op == ISA_OP_RSQRT)) && !(mi->flags & FL_APPROX)) {
    asm_error(c, at, "'%s' needs .approx", name); return 0;
  }
  int ftz_ok = mi->type[0] == ISA_T_F32 || mi->type[1] == ISA_T_F32 || mi->type[0] == ISA_T_F16 || mi->type[0] == ISA_T_F16X2 ||
               (op == ISA_OP_EX2 && (mi->type[0] == ISA_T_BF16 || mi->type[0] == ISA_T_BF16X2)) ||   /* ex2.approx.ftz.bf16 */
               ((op == ISA_OP_RCP || op == ISA_OP_RSQRT) && mi->type[0] == ISA_T_F64 && (mi->flags & FL_APPROX));
  if ((mi->flags & FL_FTZ) && !ftz_ok) {
    asm_error(c, flag_at[FLB_FTZ], "'.ftz' applies to .f32 and .f16 only"); return 0;
  }
  if (op == ISA_OP_VOTE && (mi->field[CAT_VOTE] == 4) != (mi->type[0] == ISA_T_B32)) {
    asm_error(c, at, "vote%s needs type .%s", mi->field[CAT_VOTE] == 4 ? ".ballot" : " .all/.any/.uni", mi->field[CAT_VOTE] == 4 ? "b32" : "pred"); return 0;
  }
  if (mi->field[CAT_VEC] && !(o->flags & (F_LOAD | F_STORE))) { asm_error(c, at, "vector suffix on '%s'", name); return 0; }
  if (op == ISA_OP_TEX && isa_vec_count(mi->field[CAT_VEC]) != 4) { asm_error(c, at, "'tex' writes four channels: it needs .v4 (tex.2d.v4.f32.f32)"); return 0; }
  if (op == ISA_OP_SET) {   /* the PTX ISA's forms of set: a half destination, or half sources */
    int dt = mi->type[0], st = mi->type[1], pair = st == ISA_T_F16X2 || st == ISA_T_BF16X2;
    int scalar_half = st == ISA_T_F16 || st == ISA_T_BF16;
    if (pair && dt != st && dt != ISA_T_U32 && dt != ISA_T_S32) {
      asm_error(c, at, "set on .%s sources writes .%s, .u32 or .s32 (each half: 1.0, or 0xffff, or 0)", isa_type_name(st), isa_type_name(st)); return 0;
    }
    if (!pair && (dt == ISA_T_F16X2 || dt == ISA_T_BF16X2)) { asm_error(c, at, "set writes .%s from .%s sources only", isa_type_name(dt), isa_type_name(dt)); return 0; }
    if ((dt == ISA_T_U16 || dt == ISA_T_S16) && !scalar_half) { asm_error(c, at, "set writes .%s from .f16 or .bf16 sources only", isa_type_name(dt)); return 0; }
    if (dt == ISA_T_F32 && scalar_half) { asm_error(c, at, "set on .%s sources writes .f16, .bf16, .u16, .s16, .u32 or .s32", isa_type_name(st)); return 0; }
  }
  if (o->cats & C_SHAPE) {
    isa_insn ti;
    memset(&ti, 0, offsetof(isa_insn, opnd));
    ti.op = (uint8_t)op; memcpy(ti.type, mi->type, sizeof ti.type); memcpy(ti.field, mi->field, sizeof ti.field); ti.flags = mi->flags;
    const char *bad = isa_tensor_check(&ti);
    if (bad) { asm_error(c, at, "'%s': %s", name, bad); return 0; }
    if ((mi->flags & (FL_SYNC | FL_ALIGNED)) != (FL_SYNC | FL_ALIGNED)) { asm_error(c, at, "'%s' needs .sync.aligned (every lane of the warp executes it)", name); return 0; }
  }
  if (op == ISA_OP_CPASYNC) {
    int sp = mi->field[CAT_SPACE];
    if (sp != ISA_SP_SHARED && sp != ISA_SP_SHARED_CTA) { asm_error(c, sp ? cat_at[CAT_SPACE] : at, "cp.async copies into .shared (cp.async.ca.shared.global)"); return 0; }
    if (!(mi->flags & FL_GLOBAL_SRC)) { asm_error(c, at, "cp.async copies from .global (cp.async.ca.shared.global)"); return 0; }
    if (mi->field[CAT_CACHE] != ISA_SUB(CA, CA) && mi->field[CAT_CACHE] != ISA_SUB(CG, CA)) {
      asm_error(c, mi->field[CAT_CACHE] ? cat_at[CAT_CACHE] : at, "cp.async needs .ca or .cg"); return 0;
    }
  }
  if (op == ISA_OP_CPMBAR || op == ISA_OP_MBINIT || op == ISA_OP_MBINVAL || op == ISA_OP_MBARRIVE || op == ISA_OP_MBDROP ||
      op == ISA_OP_MBTEST || op == ISA_OP_MBTRY) {   /* the mbarrier object */
    int sp = mi->field[CAT_SPACE];
    if (sp && sp != ISA_SP_SHARED && sp != ISA_SP_SHARED_CTA) { asm_error(c, cat_at[CAT_SPACE], "an mbarrier object is in .shared memory"); return 0; }
  }
  if (op == ISA_OP_ST && (mi->field[CAT_EVICT1] == ISA_SUB(L1_NO_ALLOCATE, L1_EVICT_NORMAL))) { asm_error(c, cat_at[CAT_EVICT1], "'.L1::no_allocate' is for loads"); return 0; }
  return 1;
}

static const mnem_info *parse_mnemonic(asm_ctx *c, const asm_tok *t) {
  uint32_t v;
  if (asm_hmap_get(&c->mnem_cache, t->s, (uint32_t)t->len, &v)) return &VEC_AT(c->mnems, mnem_info, v);
  mnem_info mi;
  memset(&mi, 0, sizeof mi);
  const char *s = t->s, *end = s + t->len;
  /* bar{.cta} and barrier{.cta}: the PTX ISA writes the scope between the name and the mode
   * (barrier.cta.red.popc.u32); .cta is the only one, what they do anyway, so the name is read
   * without it (and the suffixes after it stand 4 columns further right) */
  char nocta[64];
  int cut = -1;
  for (int k = 0; k < 2 && cut < 0; k++) {
    size_t bl = k ? 7 : 3;   /* "barrier", "bar" */
    if ((size_t)t->len >= bl + 4 && (size_t)t->len < sizeof nocta && !memcmp(s, "barrier", bl) && !memcmp(s + bl, ".cta", 4) &&
        ((size_t)t->len == bl + 4 || s[bl + 4] == '.')) {
      memcpy(nocta, s, bl);
      memcpy(nocta + bl, s + bl + 4, (size_t)t->len - bl - 4);
      cut = (int)bl;
      s = nocta;
      end = s + t->len - 4;
    }
  }
  const char *dot = memchr(s, '.', (size_t)(end - s));
  const char *p = end;
  int op = -1;
  /* the longest name the table has: "cp.async.wait_group" before "cp.async"
   * (a mnemonic with fixed first suffixes), "bar.warp" before "bar" */
  while ((op = isa_op_lookup(s, (size_t)(p - s))) < 0 && p > s) {
    p--;
    while (p > s && *p != '.') p--;
  }
  asm_loc at = t->loc;
  if (op < 0) {
    int n = (int)((dot ? dot : end) - s);
    asm_error(c, at, "unknown instruction '%.*s'", n, s);
    goto done;
  }
  if (cut >= 0 && op != ISA_OP_BAR && op != ISA_OP_BARRIER && op != ISA_OP_BARRED && op != ISA_OP_BARRIERRED) {
    asm_error(c, (asm_loc){ at.line, at.col + cut }, "suffix '.cta' is not valid for '%s'", isa_ops[op].name);
    goto done;
  }
  mi.op = (uint8_t)op;
  uint32_t taken = 0, ntypes = 0;
  asm_loc cat_at[CAT_COUNT], flag_at[FLB_COUNT], type_at[4] = { at, at, at, at };
  for (int i = 0; i < CAT_COUNT; i++) cat_at[i] = at;
  for (int i = 0; i < FLB_COUNT; i++) flag_at[i] = at;
  while (p < end) {
    const char *q = p + 1;
    const char *nx = memchr(q, '.', (size_t)(end - q));
    if (!nx) nx = end;
    size_t n = (size_t)(nx - q);
    asm_loc sl = { at.line, at.col + (int)(p - s) + (cut >= 0 && p - s >= cut ? 4 : 0) };
    int m = isa_mod_lookup(op, q, n, taken, mi.flags);
    if (m < 0) {
      int any = isa_mod_find_any(q, n);
      if (any < 0) { asm_error(c, sl, "unknown suffix '.%.*s' on '%s'", (int)n, q, isa_ops[op].name); goto done; }
      /* an allowed category that is already taken: a conflict, not an invalid suffix */
      for (int k = 0; k < ISA_M_COUNT; k++) {
        const isa_mod_info *mk = &isa_mods[k];
        if (strlen(mk->text) != n || memcmp(mk->text, q, n)) continue;
        if (mk->cat == CAT_FLAG) {
          int b = isa_mod_value(k) - 1;
          if (b >= 0 && (isa_ops[op].flagbits & (1u << b))) { asm_error(c, sl, "duplicate suffix '.%.*s'", (int)n, q); goto done; }
        } else if (mk->cat != CAT_TYPE && (isa_ops[op].cats & (1u << mk->cat)) && (taken & (1u << mk->cat))) {
          asm_error(c, sl, "suffix '.%.*s' conflicts with '.%s' on '%s'", (int)n, q,
                    isa_mods[isa_mod_of(mk->cat, mi.field[mk->cat])].text, isa_ops[op].name);
          goto done;
        }
      }
      asm_error(c, sl, "suffix '.%.*s' is not valid for '%s'", (int)n, q, isa_ops[op].name);
      goto done;
    }
    const isa_mod_info *mod = &isa_mods[m];
    int val = isa_mod_value(m);
    if (mod->cat == CAT_TYPE) {
      if (ntypes >= isa_ops[op].ntypes) { asm_error(c, sl, "too many type suffixes on '%s'", isa_ops[op].name); goto done; }
      /* mma's four (d, a, b, c) are checked below, once wmma.mma's two (d, c) are known as such */
      if (isa_ops[op].ntypes < 4 && !(isa_ops[op].types[ntypes] & (1u << val))) {
        asm_error(c, sl, "type '.%s' is not valid for '%s'", mod->text, isa_ops[op].name);
        goto done;
      }
      type_at[ntypes] = sl;
      mi.type[ntypes++] = (uint8_t)val;
    } else if (mod->cat == CAT_FLAG) {
      mi.flags |= 1u << (val - 1);
      flag_at[val - 1] = sl;
    } else {
      mi.field[mod->cat] = (uint8_t)val;
      taken |= 1u << mod->cat;
      cat_at[mod->cat] = sl;
    }
    p = nx;
  }
  if (!mnem_check(c, t, op, &mi, ntypes, at, cat_at, flag_at, type_at)) goto done;
  mi.ok = 1;
done:
  if (!mi.ok) {   /* not cached: every use of a bad mnemonic is reported where it stands */
    static mnem_info bad;
    return &bad;
  }
  v = c->mnems.n;
  *VEC_PUSH(c, c->mnems, mnem_info) = mi;
  asm_hmap_put(c, &c->mnem_cache, asmi_perm_str(c, t->s, (size_t)t->len), (uint32_t)t->len, v);
  return &VEC_AT(c->mnems, mnem_info, v);
}

/* ---- operands ---- */

static int reg_type_ok(asm_ctx *c, const asm_tok *nm, asm_loc at, int rt, int want, int relaxed) {
  if (want == ISA_T_PRED) {
    if (rt != ISA_T_PRED) { asm_error(c, at, "'%.*s' is not a predicate register", nm->len, nm->s); return 0; }
    return 1;
  }
  if (rt == ISA_T_PRED) { asm_error(c, at, "predicate register '%.*s' used where a .%s operand is expected", nm->len, nm->s, isa_type_name(want)); return 0; }
  unsigned rb = isa_type_bits(rt), wb = isa_type_bits(want);
  if (rb == wb || (relaxed && rb > wb)) return 1;
  asm_error(c, at, "register '%.*s' is .%s; this operand needs %u bits", nm->len, nm->s, isa_type_name(rt), wb);
  return 0;
}

/* What a plain name means here. */
typedef struct { int kind; uint32_t index; int comp; int is_range; } name_ref;
enum { N_NONE, N_REG, N_SREG, N_VAR, N_FUNC };

static name_ref resolve_name(asm_ctx *c, const asm_tok *t) {
  name_ref r = { N_NONE, 0, 0, 0 };
  uint32_t slot = asmi_find_slot(c, t->s, (uint32_t)t->len, &r.is_range);
  if (slot != UINT32_MAX) { r.kind = N_REG; r.index = slot; return r; }
  if (t->s[0] == '%') {
    const char *dot = memchr(t->s, '.', (size_t)t->len);
    size_t bl = dot ? (size_t)(dot - t->s) : (size_t)t->len;
    int sr = isa_sreg_lookup(t->s, bl);
    if (sr >= 0) {
      r.kind = N_SREG; r.index = (uint32_t)sr;
      if (dot) {
        size_t cl = (size_t)t->len - bl - 1;
        r.comp = cl == 1 && dot[1] >= 'x' && dot[1] <= 'z' ? dot[1] - 'x' + 1 : -1;
      }
      return r;
    }
  }
  uint32_t e = asmi_scope_find(c, t->s, (uint32_t)t->len);
  if (e) {
    asm_scoped *sc = &VEC_AT(c->scoped, asm_scoped, e - 1);
    if (sc->kind == SYM_VAR) { r.kind = N_VAR; r.index = sc->index; }
    else r.is_range = 1;
    return r;
  }
  uint32_t g;
  if (asm_hmap_get(&c->globals, t->s, (uint32_t)t->len, &g)) { r.kind = G_KIND(g) == G_VAR ? N_VAR : N_FUNC; r.index = G_INDEX(g); }
  return r;
}

static int is_sink(const asm_tok *t) { return t->len == 1 && t->s[0] == '_'; }

static int undeclared(asm_ctx *c, asm_loc at, const asm_tok *t, name_ref r) {
  if (r.is_range) { asm_error(c, at, "'%.*s' names a register range; use one of its registers", t->len, t->s); return 0; }
  /* name<N> with N past the range? */
  uint32_t k = (uint32_t)t->len;
  while (k > 0 && t->s[k - 1] >= '0' && t->s[k - 1] <= '9') k--;
  uint32_t e = k && k < (uint32_t)t->len ? asmi_scope_find(c, t->s, k) : 0;
  if (e && VEC_AT(c->scoped, asm_scoped, e - 1).kind == SYM_REGDECL) {
    const isa_regdecl *rd = &REGS(c)[VEC_AT(c->scoped, asm_scoped, e - 1).index];
    if (rd->count) {
      asm_error(c, at, "'%.*s' is out of range: '%.*s<%u>' declares %.*s0 to %.*s%u", t->len, t->s, (int)k, t->s,
                rd->count, (int)k, t->s, (int)k, t->s, rd->count - 1);
      return 0;
    }
  }
  asm_error(c, at, "'%.*s' is not declared", t->len, t->s);
  return 0;
}

/* A register or special register in a source/destination position. */
static int conv_reg(asm_ctx *c, const asm_tok *t, asm_loc at, int want, int relaxed, int is_dst, isa_operand *out) {
  if (is_sink(t)) {
    if (!is_dst) { asm_error(c, at, "'_' is only allowed as a destination"); return 0; }
    out->kind = ISA_K_SINK;
    return 1;
  }
  name_ref r = resolve_name(c, t);
  if (r.kind == N_REG) {
    if (!reg_type_ok(c, t, at, VEC_AT(c->slot_types, uint8_t, r.index), want, relaxed)) return 0;
    out->kind = ISA_K_REG; out->index = r.index;
    return 1;
  }
  if (r.kind == N_SREG) {
    const isa_sreg_info *si = &isa_sregs[r.index];
    if (is_dst) { asm_error(c, at, "special register '%.*s' is read-only", t->len, t->s); return 0; }
    if (r.comp < 0 || (si->comps && !r.comp) || (!si->comps && r.comp)) {
      asm_error(c, at, "'%.*s': %s", t->len, t->s, si->comps ? "needs a component .x, .y or .z" : "takes no component");
      return 0;
    }
    if (!isa_sreg_fits(r.index, want, relaxed)) {
      asm_error(c, at, "special register '%.*s' is %u bits; this operand needs %u", t->len, t->s, si->bits, isa_type_bits(want));
      return 0;
    }
    out->kind = ISA_K_SREG; out->index = r.index; out->value = r.comp;
    return 1;
  }
  if (r.kind == N_VAR || r.kind == N_FUNC) {
    asm_error(c, at, "'%.*s' is a %s, not a register", t->len, t->s, r.kind == N_VAR ? "variable" : "function");
    return 0;
  }
  return undeclared(c, at, t, r);
}

static int conv_imm(asm_ctx *c, const asm_opnd *o, int want, isa_operand *out) {
  uint64_t bits;
  if (!asmi_number_bits(c, &o->num, o->neg, want, &bits)) return 0;
  out->kind = ISA_K_IMM;
  out->value = canon(bits, isa_type_bits(want) == 1 ? 64 : isa_type_bits(want));
  return 1;
}

static int space_matches(int insn_space, int var_space) {
  if (insn_space == ISA_SP_GENERIC) return 1;
  if (insn_space == ISA_SP_SHARED_CTA) insn_space = ISA_SP_SHARED;
  return insn_space == var_space;
}

static const char *space_name(int sp) { int m = isa_mod_of(CAT_SPACE, sp); return m < 0 ? "generic" : isa_mods[m].text; }

static int conv_mem(asm_ctx *c, const asm_opnd *o, int sp, isa_operand *out) {
  if (o->kind != AO_MEM) { asm_error(c, o->loc, "expected a memory operand [address]"); return 0; }
  if (!o->name.len) { out->kind = ISA_K_MABS; out->value = o->off; return 1; }
  if (o->off < INT32_MIN || o->off > INT32_MAX) { asm_error(c, o->loc, "address offset out of range"); return 0; }
  name_ref r = resolve_name(c, &o->name);
  if (r.kind == N_REG) {
    int rt = VEC_AT(c->slot_types, uint8_t, r.index);
    unsigned b = isa_type_bits(rt);
    if (rt == ISA_T_PRED || (b != 32 && b != 64) || isa_type_kind(rt) == TK_FLT) {
      asm_error(c, o->name.loc, "address register '%.*s' must be a 32- or 64-bit integer register", o->name.len, o->name.s);
      return 0;
    }
    out->kind = ISA_K_MREG; out->index = r.index; out->value = o->off;
    return 1;
  }
  if (r.kind == N_VAR) {
    const isa_var *v = &VARS(c)[r.index];
    if (!space_matches(sp, v->space) && !(sp >= ISA_SP_LIN)) {
      asm_error(c, o->name.loc, "'%.*s' is a .%s variable; this access is .%s", o->name.len, o->name.s, space_name(v->space), space_name(sp));
      return 0;
    }
    out->kind = ISA_K_MSYM; out->aux = ISA_SYM_VAR; out->index = r.index; out->value = o->off;
    return 1;
  }
  if (r.kind == N_SREG) { asm_error(c, o->name.loc, "special register '%.*s' cannot be an address", o->name.len, o->name.s); return 0; }
  if (r.kind == N_FUNC) { asm_error(c, o->name.loc, "'%.*s' is a function, not an address", o->name.len, o->name.s); return 0; }
  return undeclared(c, o->name.loc, &o->name, r);
}

static int add_elem(asm_ctx *c, isa_insn *in, asm_loc at) {
  if (in->nelem >= ISA_MAX_ELEM) { asm_error(c, at, "too many list elements in one instruction (at most %d)", ISA_MAX_ELEM); return -1; }
  return in->nelem++;
}

/* {a, b, ...}: a vector of 'want' elements (or, for mov, any split of the type). */
static int conv_vec(asm_ctx *c, isa_insn *in, const asm_opnd *o, int want_type, int count, int is_dst, int relaxed, isa_operand *out) {
  int n = 0;
  for (const asm_opnd *e = o->elems; e; e = e->next) n++;
  int pack = count == 0;   /* mov: the elements split the type evenly */
  if (pack) {
    unsigned tb = isa_type_bits(want_type);
    if (n != 2 && n != 4) { asm_error(c, o->loc, "a packing vector has 2 or 4 elements"); return 0; }
    if (tb / (unsigned)n < 8) { asm_error(c, o->loc, "cannot split .%s into %d elements", isa_type_name(want_type), n); return 0; }
    want_type = tb / (unsigned)n == 8 ? ISA_T_B8 : tb / (unsigned)n == 16 ? ISA_T_B16 : tb / (unsigned)n == 32 ? ISA_T_B32 : ISA_T_B64;
  } else if (n != count) {
    asm_error(c, o->loc, "vector has %d elements; the instruction moves %d", n, count);
    return 0;
  }
  out->kind = ISA_K_VEC;
  out->index2 = in->nelem;
  out->nelem = (uint16_t)n;
  for (const asm_opnd *e = o->elems; e; e = e->next) {
    int k = add_elem(c, in, e->loc);
    if (k < 0) return 0;
    isa_operand *d = &in->elem[k];
    memset(d, 0, sizeof *d);
    if (e->kind == AO_NUM) {
      if (is_dst) { asm_error(c, e->loc, "a destination vector cannot hold a constant"); return 0; }
      if (!conv_imm(c, e, want_type, d)) return 0;
    } else if (!conv_reg(c, &e->name, e->loc, want_type, relaxed || pack, is_dst, d)) return 0;
    else if (pack && d->kind == ISA_K_REG && isa_type_bits(VEC_AT(c->slot_types, uint8_t, d->index)) != isa_type_bits(want_type)) {
      asm_error(c, e->loc, "register '%.*s' does not have the %u bits this element needs", e->name.len, e->name.s, isa_type_bits(want_type));
      return 0;
    }
  }
  return 1;
}

static int conv_call(asm_ctx *c, isa_insn *in, asm_opnd *ops, asm_loc at) {
  asm_opnd *o = ops, *rets = NULL, *args = NULL, *fn = NULL;
  if (o && o->kind == AO_LIST) { rets = o; o = o->next; }
  if (!o || o->kind != AO_NAME) { asm_error(c, o ? o->loc : at, "call needs a function name"); return 0; }
  fn = o; o = o->next;
  if (o && o->kind == AO_LIST) { args = o; o = o->next; }
  if (o) { asm_error(c, o->loc, "indirect calls through a prototype are not supported"); return 0; }
  name_ref r = resolve_name(c, &fn->name);
  if (r.kind != N_FUNC) {
    if (r.kind == N_NONE && !r.is_range) asm_error(c, fn->loc, "call to undeclared function '%.*s'", fn->name.len, fn->name.s);
    else asm_error(c, fn->loc, "'%.*s' is not a function", fn->name.len, fn->name.s);
    return 0;
  }
  const isa_func *f = &FUNCS(c)[r.index];
  if (f->kind != ISA_FN_FUNC) { asm_error(c, fn->loc, "'%.*s' is a kernel or subroutine and cannot be called", fn->name.len, fn->name.s); return 0; }
  asm_opnd *lists[2] = { rets, args };
  uint32_t want[2] = { f->nret, f->nparam };
  const char *what[2] = { "return values", "arguments" }, *what1[2] = { "return value", "argument" };
  int nop = 0;
  for (int li = 0; li < 2; li++) {
    if (li == 1) {
      isa_operand *s = &in->opnd[nop++];
      memset(s, 0, sizeof *s);
      s->kind = ISA_K_SYM; s->aux = ISA_SYM_FUNC; s->index = r.index;
    }
    asm_opnd *l = lists[li];
    uint32_t n = 0;
    if (l) for (asm_opnd *e = l->elems; e; e = e->next) n++;
    if (n != want[li] && (l || want[li])) {
      asm_error(c, l ? l->loc : fn->loc, "'%.*s' takes %u %s, the call passes %u", fn->name.len, fn->name.s, want[li],
                want[li] == 1 ? what1[li] : what[li], n);
      return 0;
    }
    if (!l || !n) continue;   /* an empty list, as nvcc writes for no parameters ('call.uni f, ( );'), is no list */
    isa_operand *lo = &in->opnd[nop++];
    memset(lo, 0, sizeof *lo);
    lo->kind = ISA_K_LIST; lo->index2 = in->nelem; lo->nelem = (uint16_t)n;
    for (asm_opnd *e = l->elems; e; e = e->next) {
      int k = add_elem(c, in, e->loc);
      if (k < 0) return 0;
      isa_operand *d = &in->elem[k];
      memset(d, 0, sizeof *d);
      name_ref er = resolve_name(c, &e->name);
      if (er.kind == N_VAR && VARS(c)[er.index].space == ISA_SP_PARAM) {
        d->kind = ISA_K_SYM; d->aux = ISA_SYM_VAR; d->index = er.index;
      } else if (er.kind == N_REG) {
        d->kind = ISA_K_REG; d->index = er.index;
      } else if (er.kind == N_NONE && !er.is_range) {
        return undeclared(c, e->loc, &e->name, er);
      } else {
        asm_error(c, e->loc, "call arguments must be .param variables or registers");
        return 0;
      }
    }
  }
  in->nopnd = (uint8_t)nop;
  return 1;
}

/* The n-th operand's location (for messages), or 'at' when there is none. */
static asm_loc opnd_loc(const asm_opnd *ops, int n, asm_loc at) {
  for (int i = 0; ops && i < n; i++) ops = ops->next;
  return ops ? ops->loc : at;
}

/* Checks of operand values the shapes cannot express (cache policies, the
 * sizes of cp.async, mbarrier counts).  0 when they hold, else -1 (reported). */
static int check_operands(asm_ctx *c, const isa_insn *in, const asm_opnd *ops, asm_loc at) {
  const isa_op_info *o = &isa_ops[in->op];
  int hint = (in->flags & FL_CACHE_HINT) != 0;
  if (in->op == ISA_OP_LD || in->op == ISA_OP_ST) {
    int policy = in->nopnd == 3;
    if (hint && !policy) { asm_error(c, at, "'.L2::cache_hint' needs a cache-policy operand (a .b64 register) last"); return -1; }
    if (!hint && policy) { asm_error(c, opnd_loc(ops, 2, at), "a cache-policy operand needs '.L2::cache_hint'"); return -1; }
  }
  if (in->op == ISA_OP_CPASYNC) {
    const isa_operand *sz = &in->opnd[2];
    if (sz->kind != ISA_K_IMM || (sz->value != 4 && sz->value != 8 && sz->value != 16)) {
      asm_error(c, opnd_loc(ops, 2, at), "cp.async copies 4, 8 or 16 bytes (an immediate)"); return -1;
    }
    if (in->field[CAT_CACHE] == ISA_SUB(CG, CA) && sz->value != 16) { asm_error(c, opnd_loc(ops, 2, at), "cp.async.cg copies 16 bytes"); return -1; }
    if (in->nopnd > 3 && in->opnd[3].kind == ISA_K_IMM && (in->opnd[3].value < 0 || in->opnd[3].value > sz->value)) {
      asm_error(c, opnd_loc(ops, 3, at), "cp.async's source size %lld is more than the %lld bytes it copies", (long long)in->opnd[3].value, (long long)sz->value); return -1;
    }
    if (hint != (in->nopnd == 5)) {
      asm_error(c, hint ? at : opnd_loc(ops, 4, at), hint ? "'.L2::cache_hint' needs a cache-policy operand (a .b64 register) last" : "a cache-policy operand needs '.L2::cache_hint'"); return -1;
    }
  }
  if (in->op == ISA_OP_CPWAIT && (in->opnd[0].kind != ISA_K_IMM || in->opnd[0].value < 0)) {
    asm_error(c, opnd_loc(ops, 0, at), "cp.async.wait_group takes a group count (an immediate, 0 or more)"); return -1;
  }
  if ((in->op == ISA_OP_MBARRIVE || in->op == ISA_OP_MBDROP || in->op == ISA_OP_MBINIT) && in->nopnd > (in->op == ISA_OP_MBINIT ? 1 : 2)) {
    const isa_operand *k = &in->opnd[in->op == ISA_OP_MBINIT ? 1 : 2];
    if (k->kind == ISA_K_IMM && (k->value < 1 || k->value > 0xfffff)) {
      asm_error(c, opnd_loc(ops, in->op == ISA_OP_MBINIT ? 1 : 2, at), "an mbarrier count is 1 to 1048575, not %lld", (long long)k->value); return -1;
    }
  }
  if ((in->flags & FL_NOCOMPLETE) && in->nopnd < 3) { asm_error(c, at, "'%s.noComplete' needs a count operand", o->name); return -1; }
  /* immediates whose range the PTX ISA states */
  const isa_operand *k0 = &in->opnd[0], *k1 = &in->opnd[1];
  if (in->op == ISA_OP_PMEVENT && (k0->kind != ISA_K_IMM || k0->value < 0 || k0->value > ((in->flags & FL_MASK) ? 0xffff : 15))) {
    asm_error(c, opnd_loc(ops, 0, at), (in->flags & FL_MASK) ? "pmevent.mask takes a 16-bit immediate mask" : "pmevent takes an event number 0 to 15 (an immediate)"); return -1;
  }
  if ((in->op == ISA_OP_SETMAXNREGINC || in->op == ISA_OP_SETMAXNREGDEC) &&
      (k0->kind != ISA_K_IMM || k0->value < 24 || k0->value > 256 || k0->value % 8)) {
    asm_error(c, opnd_loc(ops, 0, at), "setmaxnreg takes a register count 24 to 256, a multiple of 8 (an immediate)"); return -1;
  }
  if (in->op == ISA_OP_ALLOCA && in->nopnd > 2 &&
      (in->opnd[2].kind != ISA_K_IMM || in->opnd[2].value < 1 || in->opnd[2].value > (1 << 23) || (in->opnd[2].value & (in->opnd[2].value - 1)))) {
    asm_error(c, opnd_loc(ops, 2, at), "alloca's alignment is a power of 2 up to 2^23 (an immediate)"); return -1;
  }
  if ((in->op == ISA_OP_APPLYPRIO || in->op == ISA_OP_DISCARD) && (k1->kind != ISA_K_IMM || k1->value != 128)) {
    asm_error(c, opnd_loc(ops, 1, at), "'%s' takes the size 128 (an immediate)", o->name); return -1;
  }
  return 0;
}

/* A store into the read-only part of an assist warp's line (the executor
 * refuses it with a fault at run time): to .lin, or to .lmeta at a constant
 * address that reaches byte 8 (line size, MAG, address).  1 after an error. */
static int read_only_store(asm_ctx *c, const isa_insn *in, asm_loc at) {
  int sp = in->field[CAT_SPACE];
  if (!(isa_ops[in->op].flags & F_STORE) || (sp != ISA_SP_LIN && sp != ISA_SP_LMETA)) return 0;
  if (sp == ISA_SP_LIN) {
    asm_error(c, at, "'.lin' is read-only (the line as it arrives): a subroutine writes its line to .lout");
    return 1;
  }
  for (unsigned i = 0; i < in->nopnd; i++) {
    if (in->opnd[i].kind != ISA_K_MABS) continue;
    unsigned b = isa_type_bits(in->type[0]), vc = isa_vec_count(in->field[CAT_VEC]);
    int64_t from = in->opnd[i].value, n = (int64_t)(b <= 8 ? 1 : b / 8) * (vc ? vc : 1);
    if (from + n > 8) {
      asm_error(c, at, "bytes 8 and up of '.lmeta' are read-only (line size, MAG, line address): this stores bytes %lld to %lld",
                (long long)from, (long long)(from + n - 1));
      return 1;
    }
  }
  return 0;
}

void asm_insn(asm_ctx *c, asm_tok *guard, int guard_neg, asm_tok mnem, asm_opnd *ops) {
  if (!c->in_body || c->func == UINT32_MAX) return;
  const mnem_info *mi = parse_mnemonic(c, &mnem);
  if (!mi->ok) return;
  isa_insn in;
  memset(&in, 0, offsetof(isa_insn, opnd));
  in.op = mi->op;
  memcpy(in.type, mi->type, sizeof in.type);
  memcpy(in.field, mi->field, sizeof in.field);
  in.flags = mi->flags;
  const isa_op_info *o = &isa_ops[in.op];
  if (guard) {
    isa_operand g;
    memset(&g, 0, sizeof g);
    if (!conv_reg(c, guard, guard->loc, ISA_T_PRED, 0, 0, &g)) return;
    if (g.kind != ISA_K_REG) { asm_error(c, guard->loc, "a guard must be a predicate register"); return; }
    in.guard = guard_neg ? 2 : 1;
    in.guard_reg = g.index;
  }
  if (o->flags & F_CALL) {
    if (!conv_call(c, &in, ops, mnem.loc)) return;
  } else {
    int req, tot = isa_shape_counts(o->shape, &req), n = 0;
    for (asm_opnd *x = ops; x; x = x->next) n++;
    if (n < req || n > tot) {
      asm_loc at = n > tot ? ops[0].loc : mnem.loc;
      if (n > tot) { asm_opnd *x = ops; for (int i = 0; i < tot; i++) x = x->next; at = x->loc; }
      if (req == tot) asm_error(c, at, "'%s' takes %d operand%s, not %d", o->name, tot, tot == 1 ? "" : "s", n);
      else asm_error(c, at, "'%s' takes %d to %d operands, not %d", o->name, req, tot, n);
      return;
    }
    int relaxed = in.op == ISA_OP_LD || in.op == ISA_OP_LDU || in.op == ISA_OP_ST || in.op == ISA_OP_CVT ||
                  in.op == ISA_OP_ATOM || in.op == ISA_OP_RED;
    int vcount = isa_vec_count(in.field[CAT_VEC]);
    /* cp.async [a], [b], size, policy: the policy without a source size (which is then the size) */
    int no_srcsize = in.op == ISA_OP_CPASYNC && (in.flags & FL_CACHE_HINT) && n == 4;
    const char *shape = no_srcsize ? "mmuh" : o->shape;
    int i = 0;
    for (asm_opnd *x = ops; x; x = x->next, i++) {
      char l = isa_shape_letter(shape, n, i);
      int want = isa_shape_type(&in, l);
      isa_operand *d = &in.opnd[i];
      memset(d, 0, sizeof *d);
      int is_dst = l == 'd' || l == 'w' || l == 'U' || l == 'P' || l == 'e' || l == 'E';
      int ok = 1;
      switch (l) {
      case 'm': ok = conv_mem(c, x, in.op == ISA_OP_CPASYNC && i == 1 ? ISA_SP_GLOBAL : in.field[CAT_SPACE], d); break;
      case 'f': {   /* a matrix fragment: {registers}, as many as the shape, matrix and type say */
        isa_frag fr;
        if (isa_fragment(&in, i, &fr)) { asm_error(c, x->loc, "internal: no fragment"); ok = 0; break; }
        static const char *const mxn[4] = { "A's fragment", "B's fragment", "C's fragment", "D's fragment" };
        const char *what = in.op == ISA_OP_LDMATRIX ? "ldmatrix's destination" : mxn[fr.matrix];
        if (x->kind != AO_VEC) {
          asm_error(c, x->loc, "%s is a {vector} of %d register%s", what, fr.nregs, fr.nregs == 1 ? "" : "s"); ok = 0; break;
        }
        int ne = 0;
        for (const asm_opnd *e = x->elems; e; e = e->next) ne++;
        if (ne != fr.nregs) {
          asm_error(c, x->loc, "%s (.%s) has %d register%s, not %d", what, isa_type_name(fr.type), fr.nregs, fr.nregs == 1 ? "" : "s", ne);
          ok = 0; break;
        }
        ok = conv_vec(c, &in, x, fr.type == ISA_T_F32 ? ISA_T_F32 : ISA_T_B32, ne, is_dst || (i == 0 && in.op != ISA_OP_WMMAST), 0, d);
        break;
      }
      case 'x': {   /* tex's [texture, {coordinates}]: one vector, the handle (.b64) first */
        int dims = ISA_GEOM_DIMS(in.field[CAT_GEOM]), ne = 0;
        if (x->kind != AO_TEX) { asm_error(c, x->loc, "'tex' reads a texture operand [texture, {coordinates}]"); ok = 0; break; }
        for (const asm_opnd *e = x->elems; e; e = e->next) ne++;
        if (ne != dims) { asm_error(c, x->loc, "a .%dd texture takes %d coordinate%s, not %d", dims, dims, dims == 1 ? "" : "s", ne); ok = 0; break; }
        name_ref r = resolve_name(c, &x->name);
        if (r.kind == N_VAR) { asm_error(c, x->loc, "'%.*s' is a variable: a texture object is a .u64 register (texture references are not supported)", x->name.len, x->name.s); ok = 0; break; }
        int k = add_elem(c, &in, x->loc);
        if (k < 0) { ok = 0; break; }
        memset(&in.elem[k], 0, sizeof in.elem[k]);
        if (!conv_reg(c, &x->name, x->loc, ISA_T_B64, 0, 0, &in.elem[k])) { ok = 0; break; }
        if (in.elem[k].kind != ISA_K_REG) { asm_error(c, x->loc, "a texture object is a .u64 register"); ok = 0; break; }
        asm_opnd coords = *x;
        coords.kind = AO_VEC;
        isa_operand cv;
        memset(&cv, 0, sizeof cv);
        if (!conv_vec(c, &in, &coords, in.type[1], dims, 0, 0, &cv)) { ok = 0; break; }
        d->kind = ISA_K_VEC; d->index2 = (uint32_t)k; d->nelem = (uint16_t)(dims + 1);
        break;
      }
      case 'l':
        if (x->kind != AO_NAME) { asm_error(c, x->loc, "expected a label"); ok = 0; break; }
        {
          name_ref r = resolve_name(c, &x->name);
          if (r.kind == N_REG || r.kind == N_SREG) { asm_error(c, x->loc, "'%.*s' is a register; indirect branches are not supported", x->name.len, x->name.s); ok = 0; break; }
        }
        d->kind = ISA_K_SYM; d->aux = ISA_SYM_LABEL; d->index = asmi_label_ref(c, &x->name);
        break;
      default:
        if (x->kind == AO_NAME) {
          if (l == 'y' && !is_sink(&x->name)) {
            name_ref r = resolve_name(c, &x->name);
            if (r.kind == N_VAR || r.kind == N_FUNC) {
              unsigned ab = isa_type_bits(in.type[0]);
              if (ab != 32 && ab != 64) { asm_error(c, x->loc, "an address needs a 32- or 64-bit type"); ok = 0; break; }
              d->kind = ISA_K_SYM; d->aux = r.kind == N_VAR ? ISA_SYM_VAR : ISA_SYM_FUNC; d->index = r.index;
              break;
            }
          }
          if (l == 'z') {   /* cp.async's fourth operand: a source size, or an ignore-src predicate */
            name_ref r = resolve_name(c, &x->name);
            if (r.kind == N_REG && VEC_AT(c->slot_types, uint8_t, r.index) == ISA_T_PRED) want = ISA_T_PRED;
          }
          ok = conv_reg(c, &x->name, x->loc, want, relaxed, is_dst, d);
          if (ok && d->kind == ISA_K_REG && vcount > 1 && (l == 'd' || l == 's')) { asm_error(c, x->loc, "'.v%d' needs a {vector} operand", vcount); ok = 0; }
        } else if (x->kind == AO_NEG) {
          if (l != 'p') { asm_error(c, x->loc, "'!' is only allowed on predicate sources"); ok = 0; break; }
          ok = conv_reg(c, &x->name, x->loc, ISA_T_PRED, 0, 0, d);
          d->aux = 1;
        } else if (x->kind == AO_PAIR) {
          if (l != 'P' && l != 'e' && l != 'E') { asm_error(c, x->loc, "'|' pairs are only allowed as the destination of setp, shfl, match and elect"); ok = 0; break; }
          isa_operand a, b;
          memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
          if (l == 'E' && is_sink(&x->name)) {   /* "_|%p": stored as the pair %p|%p (the value is dropped, the predicate written last) */
            ok = conv_reg(c, &x->name2, x->name2.loc, ISA_T_PRED, 0, 1, &b);
            if (ok && b.kind != ISA_K_REG) { asm_error(c, x->name2.loc, "the second half of a '|' pair must be a predicate register"); ok = 0; }
            if (ok) { d->kind = ISA_K_REGPAIR; d->index = b.index; d->index2 = b.index; }
            break;
          }
          ok = conv_reg(c, &x->name, x->loc, want, 0, 1, &a) && conv_reg(c, &x->name2, x->name2.loc, ISA_T_PRED, 0, 1, &b);
          if (ok && (a.kind != ISA_K_REG || b.kind != ISA_K_REG)) { asm_error(c, x->loc, "both halves of a '|' pair must be registers"); ok = 0; }
          if (ok) { d->kind = ISA_K_REGPAIR; d->index = a.index; d->index2 = b.index; }
        } else if (x->kind == AO_NUM) {
          if (is_dst) { asm_error(c, x->loc, "a destination must be a register"); ok = 0; break; }
          if (l == 'p') { asm_error(c, x->loc, "expected a predicate register"); ok = 0; break; }
          ok = conv_imm(c, x, want, d);
        } else if (x->kind == AO_VEC) {
          if (in.op == ISA_OP_MOV && (l == 'd' || l == 'y')) ok = conv_vec(c, &in, x, want, 0, is_dst, 0, d);
          else if (vcount > 1 && (l == 'd' || l == 's')) ok = conv_vec(c, &in, x, want, vcount, is_dst, relaxed, d);
          else { asm_error(c, x->loc, "a {vector} operand needs a .v2, .v4 or .v8 suffix"); ok = 0; }
        } else if (x->kind == AO_MEM || x->kind == AO_TEX) {
          asm_error(c, x->loc, "'%s' does not take a %s operand here", o->name, x->kind == AO_TEX ? "texture" : "memory"); ok = 0;
        } else {
          asm_error(c, x->loc, "a (list) is only allowed in call"); ok = 0;
        }
      }
      if (!ok) return;
    }
    in.nopnd = (uint8_t)n;
    if (no_srcsize) {
      in.opnd[4] = in.opnd[3];
      in.opnd[3] = in.opnd[2];   /* the source size: all of it */
      in.nopnd = 5;
    }
    if (check_operands(c, &in, ops, mnem.loc)) return;
    if (in.op == ISA_OP_CVT && (in.type[0] == ISA_T_F16X2 || in.type[0] == ISA_T_BF16X2) != (in.nopnd == 3)) {
      asm_error(c, mnem.loc, in.nopnd == 3 ? "cvt takes two sources only to .f16x2 or .bf16x2" : "cvt to .%s takes two .f32 sources (upper half, lower half)", isa_type_name(in.type[0])); return;
    }
    if (in.op == ISA_OP_ELECT && in.opnd[0].kind != ISA_K_REGPAIR) { asm_error(c, ops->loc, "'elect' writes a pair: %%r|%%p or _|%%p"); return; }
    if (in.op == ISA_OP_MATCH && in.field[CAT_VOTE] == ISA_SUB(VANY, VALL) && in.opnd[0].kind == ISA_K_REGPAIR) {
      asm_error(c, ops->loc, "'match.any' writes no predicate (only match.all takes %%r|%%p)"); return;
    }
  }
  if (read_only_store(c, &in, mnem.loc)) return;
  const char *why = isa_check_insn(&in);
  if (why) {
    for (int i = 0; i < in.nopnd; i++)
      if (in.opnd[i].kind == ISA_K_SREG) {   /* PTX reads special registers with mov and cvt only */
        static const char *const comp[] = { "", ".x", ".y", ".z" };
        const char *nm = isa_sregs[in.opnd[i].index].name, *cp = comp[in.opnd[i].value & 3];
        asm_error(c, mnem.loc, "special register %s%s is read with mov or cvt first (mov.u32 %%r, %s%s;), not as an operand of '%s'", nm, cp, nm, cp, o->name);
        return;
      }
    asm_error(c, mnem.loc, "internal: %s", why);
    return;
  }
  const char *err = NULL;
  size_t words = isa_insn_words(&in);
  if (!words) { asm_error(c, mnem.loc, "cannot encode: an offset or index is out of range"); return; }
  uint64_t *w = asm_vec_push(c, &c->code, 8, (uint32_t)words);
  if (isa_encode(&in, w, words, &err) != words) { c->code.n -= (uint32_t)words; asm_error(c, mnem.loc, "cannot encode: %s", err); return; }
  isa_line *ln = VEC_PUSH(c, c->lines, isa_line);
  if (c->loc_set) { ln->file = LINE_EXPLICIT | (uint32_t)c->loc_file; ln->line = c->loc_line; ln->col = c->loc_col; }
  else { ln->file = LINE_IMPLICIT; ln->line = (uint32_t)mnem.loc.line; ln->col = (uint32_t)mnem.loc.col; }
  c->run++;
}
