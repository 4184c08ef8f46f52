/* isa/isa.c -- tables generated from the .def files, lookups, encode/decode. */
#include "isa.h"

#include <stdarg.h>
#include <stdio.h>

#include <stdio.h>
#include <string.h>

/* ---- tables ---- */


const isa_mod_info isa_mods[ISA_M_COUNT] = {
#define MOD(id, text, cat, bits, kind) { text, cat, kind, bits },
#include "mods.def"
#undef MOD
};

/* Values are filled in once, from the row order (see isa_tables_init). */
static uint8_t mod_value[ISA_M_COUNT];
static int mod_by_catval[CAT_COUNT][32];

const isa_op_info isa_ops[ISA_OP_COUNT] = {
#define OP(id, name, unit, family, lat, ii, flags, ntypes, t0, t1, cats, fl, shape, syn) \
  { name, unit, family, lat, ii, ntypes, flags, { t0, t1, (ntypes) >= 3 ? (t1) : 0, (ntypes) == 4 ? (t0) : 0 }, cats, fl, shape, syn },
#include "opcodes.def"
#undef OP
};

const isa_sreg_info isa_sregs[ISA_SR_COUNT] = {
#define SREG(id, name, comps, bits, narrow) { name, comps, bits, narrow },
#include "sregs.def"
#undef SREG
};

int isa_sreg_fits(unsigned sr, int want, int relaxed) {
  if (sr >= ISA_SR_COUNT || want == ISA_T_PRED) return 0;
  unsigned wb = isa_type_bits(want), sb = isa_sregs[sr].bits;
  return wb == sb || (relaxed && wb < sb) || (isa_sregs[sr].narrow && wb == 16);
}

const char *const isa_unit_names[U_COUNT] = { "ALU", "MUL", "DP", "SFU", "LDST", "CTRL", "SYNC", "TENSOR" };
const char *const isa_family_names[X_COUNT] = { "arith", "sfu", "bits", "intops", "cmp", "move", "mem", "stack", "warp", "sync", "ctrl", "async", "tensor" };
const char *const isa_cat_names[CAT_COUNT] = {
  "none", "type", "cmp", "bool", "rnd", "space", "vec", "sem", "scope", "cache",
  "mulmode", "atomop", "shfl", "vote", "shfdir", "testp", "bar", "prmt", "evict1", "evict2", "pfsize",
  "shape", "frag", "layout", "layout-b", "num", "barred", "geom", "flag"
};

/* ---- hashing ---- */

static uint32_t hash_text(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

#define OPH_SIZE 256
#define MODH_SIZE 512
#define SRH_SIZE 64
static int16_t op_hash[OPH_SIZE];
static int16_t mod_hash[MODH_SIZE];   /* first mod with this text */
static int16_t mod_next[ISA_M_COUNT]; /* next mod with the same text */
static int16_t sr_hash[SRH_SIZE];
static int tables_ready;

static void tables_init(void) {
  uint8_t counter[CAT_COUNT] = { 0 };
  memset(op_hash, -1, sizeof op_hash);
  memset(mod_hash, -1, sizeof mod_hash);
  memset(mod_next, -1, sizeof mod_next);
  memset(sr_hash, -1, sizeof sr_hash);
  memset(mod_by_catval, -1, sizeof mod_by_catval);
  for (int i = 0; i < ISA_OP_COUNT; i++) {
    const char *n = isa_ops[i].name;
    uint32_t h = hash_text(n, strlen(n)) % OPH_SIZE;
    while (op_hash[h] >= 0) h = (h + 1) % OPH_SIZE;
    op_hash[h] = (int16_t)i;
  }
  for (int i = 0; i < ISA_M_COUNT; i++) {
    int cat = isa_mods[i].cat;
    mod_value[i] = ++counter[cat];
    if (mod_value[i] < 32) mod_by_catval[cat][mod_value[i]] = i;
    const char *t = isa_mods[i].text;
    uint32_t h = hash_text(t, strlen(t)) % MODH_SIZE;
    for (;;) {
      int m = mod_hash[h];
      if (m < 0) { mod_hash[h] = (int16_t)i; break; }
      if (strcmp(isa_mods[m].text, t) == 0) {
        while (mod_next[m] >= 0) m = mod_next[m];
        mod_next[m] = (int16_t)i;
        break;
      }
      h = (h + 1) % MODH_SIZE;
    }
  }
  for (int i = 0; i < ISA_SR_COUNT; i++) {
    const char *n = isa_sregs[i].name;
    uint32_t h = hash_text(n, strlen(n)) % SRH_SIZE;
    while (sr_hash[h] >= 0) h = (h + 1) % SRH_SIZE;
    sr_hash[h] = (int16_t)i;
  }
  tables_ready = 1;
}
#define READY() do { if (!tables_ready) tables_init(); } while (0)

static int same(const char *s, size_t n, const char *z) { return strncmp(s, z, n) == 0 && z[n] == 0; }

int isa_op_lookup(const char *name, size_t len) {
  READY();
  uint32_t h = hash_text(name, len) % OPH_SIZE;
  for (int m; (m = op_hash[h]) >= 0; h = (h + 1) % OPH_SIZE)
    if (same(name, len, isa_ops[m].name)) return m;
  return -1;
}

static int mod_first(const char *text, size_t len) {
  uint32_t h = hash_text(text, len) % MODH_SIZE;
  for (int m; (m = mod_hash[h]) >= 0; h = (h + 1) % MODH_SIZE)
    if (same(text, len, isa_mods[m].text)) return m;
  return -1;
}

int isa_mod_find_any(const char *text, size_t len) { READY(); return mod_first(text, len); }

static int flag_bit(int m) { return mod_value[m] - 1; }

int isa_mod_lookup(int op, const char *text, size_t len, uint32_t taken, uint32_t flags_taken) {
  READY();
  const isa_op_info *o = &isa_ops[op];
  for (int m = mod_first(text, len); m >= 0; m = mod_next[m]) {
    int cat = isa_mods[m].cat;
    if (cat == CAT_TYPE) {
      if (o->ntypes) return m;   /* legality of the type is checked by the caller */
    } else if (cat == CAT_FLAG) {
      uint32_t b = 1u << flag_bit(m);
      if ((o->flagbits & b) && !(flags_taken & b)) return m;
    } else if ((o->cats & (1u << cat)) && !(taken & (1u << cat))) {
      return m;
    }
  }
  return -1;
}

int isa_sreg_lookup(const char *name, size_t len) {
  READY();
  uint32_t h = hash_text(name, len) % SRH_SIZE;
  for (int m; (m = sr_hash[h]) >= 0; h = (h + 1) % SRH_SIZE)
    if (same(name, len, isa_sregs[m].name)) return m;
  return -1;
}

int isa_mod_of(int cat, int value) {
  READY();
  if (cat <= 0 || cat >= CAT_COUNT || value <= 0 || value >= 32) return -1;
  return mod_by_catval[cat][value];
}

int isa_mod_value(int m) { READY(); return m >= 0 && m < ISA_M_COUNT ? mod_value[m] : 0; }

int isa_sub_cat(int op) {
  uint32_t s = isa_ops[op].cats & C_SUBS;
  if (!s) return CAT_NONE;
  for (int c = 0; c < CAT_COUNT; c++) if (s & (1u << c)) return c;
  return CAT_NONE;
}

unsigned isa_type_bits(int t) { int m = isa_mod_of(CAT_TYPE, t); return m < 0 ? 0 : isa_mods[m].bits; }
int isa_type_kind(int t) { int m = isa_mod_of(CAT_TYPE, t); return m < 0 ? TK_NONE : isa_mods[m].kind; }
const char *isa_type_name(int t) { int m = isa_mod_of(CAT_TYPE, t); return m < 0 ? "" : isa_mods[m].text; }
int isa_vec_count(int v) { return v == 1 ? 2 : v == 2 ? 4 : v == 3 ? 8 : 1; }

/* ---- encoding ---- */

/* Where each category lives in header word 0. */
typedef struct { uint8_t cat, shift, width; } field_pos;
static const field_pos fields[] = {
  { CAT_CMP, 35, 5 }, { CAT_BOOL, 33, 2 }, { CAT_RND, 29, 4 }, { CAT_SPACE, 25, 4 },
  { CAT_VEC, 23, 2 }, { CAT_SEM, 16, 3 }, { CAT_SCOPE, 13, 3 }, { CAT_CACHE, 10, 3 },
  { CAT_EVICT1, 7, 3 }, { CAT_EVICT2, 5, 2 }, { CAT_PFSIZE, 3, 2 },
};
#define SUB_SHIFT 19
#define SUB_WIDTH 4
#define OP_SHIFT 56
#define GUARD_SHIFT 54
#define NOPND_SHIFT 50
#define T0_SHIFT 45
#define T1_SHIFT 40
#define W0_ZERO_MASK 0x7ull
/* header word 1, above the flags: the types of mma's B and C, and the
 * tensor-core suffixes (format 2.2; zero in every other instruction) */
static const field_pos fields1[] = {
  { CAT_SHAPE, 42, 3 }, { CAT_FRAG, 45, 3 }, { CAT_LAYA, 48, 2 }, { CAT_LAYB, 50, 2 }, { CAT_NUM, 52, 2 },
};
#define T2_SHIFT 32
#define T3_SHIFT 37
#define W1_ZERO_MASK (~0ull << 54)

#define OPW(kind, aux, index, value) \
  (((uint64_t)(kind) << 60) | ((uint64_t)((aux) & 15) << 56) | ((uint64_t)((index) & 0xffffff) << 32) | (uint32_t)(value))
#define OPW_KIND(w)  ((unsigned)((w) >> 60))
#define OPW_AUX(w)   ((unsigned)(((w) >> 56) & 15))
#define OPW_INDEX(w) ((uint32_t)(((w) >> 32) & 0xffffff))
#define OPW_VALUE(w) ((int32_t)(uint32_t)(w))

static int fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

static size_t operand_words(const isa_insn *in, const isa_operand *o) {
  switch (o->kind) {
  case ISA_K_IMM: return fits32(o->value) ? 1 : 2;
  case ISA_K_MABS: return 2;
  case ISA_K_MREG: case ISA_K_MSYM: case ISA_K_SYM: return fits32(o->value) ? 1 : 0;
  case ISA_K_VEC: case ISA_K_LIST: {
    size_t n = 1;
    for (unsigned i = 0; i < o->nelem; i++) {
      size_t k = operand_words(in, &in->elem[o->index2 + i]);
      if (!k) return 0;
      n += k;
    }
    return n;
  }
  default: return 1;
  }
}

size_t isa_insn_words(const isa_insn *in) {
  size_t n = 2 + (in->guard ? 1 : 0);
  for (unsigned i = 0; i < in->nopnd; i++) {
    size_t k = operand_words(in, &in->opnd[i]);
    if (!k) return 0;
    n += k;
  }
  return n;
}

static size_t put_operand(const isa_insn *in, const isa_operand *o, uint64_t *w, size_t cap, const char **err) {
  if (cap < 1) { *err = "no room"; return 0; }
  if (o->index > ISA_MAX_INDEX) { *err = "operand index out of range"; return 0; }
  switch (o->kind) {
  case ISA_K_REG: w[0] = OPW(ISA_K_REG, o->aux & 1, o->index, 0); return 1;
  case ISA_K_REGPAIR:
    if (o->index2 > ISA_MAX_INDEX) { *err = "operand index out of range"; return 0; }
    w[0] = OPW(ISA_K_REGPAIR, 0, o->index, o->index2); return 1;
  case ISA_K_SREG: w[0] = OPW(ISA_K_SREG, 0, o->index, o->value); return 1;
  case ISA_K_SINK: w[0] = OPW(ISA_K_SINK, 0, 0, 0); return 1;
  case ISA_K_IMM:
    if (fits32(o->value)) { w[0] = OPW(ISA_K_IMM, 0, 0, o->value); return 1; }
    if (cap < 2) { *err = "no room"; return 0; }
    w[0] = OPW(ISA_K_IMM64, 0, 0, 0); w[1] = (uint64_t)o->value; return 2;
  case ISA_K_MABS:
    if (cap < 2) { *err = "no room"; return 0; }
    w[0] = OPW(ISA_K_MABS, 0, 0, 0); w[1] = (uint64_t)o->value; return 2;
  case ISA_K_SYM: case ISA_K_MSYM: case ISA_K_MREG:
    if (!fits32(o->value)) { *err = "address offset does not fit in 32 bits"; return 0; }
    w[0] = OPW(o->kind, o->kind == ISA_K_MREG ? 0 : o->aux, o->index, o->value); return 1;
  case ISA_K_VEC: case ISA_K_LIST: {
    size_t n = 1;
    w[0] = OPW(o->kind, 0, 0, o->nelem);
    for (unsigned i = 0; i < o->nelem; i++) {
      const isa_operand *e = &in->elem[o->index2 + i];
      if (e->kind == ISA_K_VEC || e->kind == ISA_K_LIST) { *err = "nested list"; return 0; }
      size_t k = put_operand(in, e, w + n, cap - n, err);
      if (!k) return 0;
      n += k;
    }
    return n;
  }
  default: *err = "bad operand kind"; return 0;
  }
}

size_t isa_encode(const isa_insn *in, uint64_t *out, size_t cap, const char **err) {
  const char *dummy;
  if (!err) err = &dummy;
  if (in->op >= ISA_OP_COUNT) { *err = "bad opcode"; return 0; }
  if (in->nopnd > 15 || in->nopnd > ISA_MAX_OPND) { *err = "too many operands"; return 0; }
  if (in->guard > 2) { *err = "bad guard"; return 0; }
  if (cap < 2) { *err = "no room"; return 0; }
  uint64_t w0 = ((uint64_t)in->op << OP_SHIFT) | ((uint64_t)in->guard << GUARD_SHIFT) |
                ((uint64_t)in->nopnd << NOPND_SHIFT) | ((uint64_t)in->type[0] << T0_SHIFT) |
                ((uint64_t)in->type[1] << T1_SHIFT);
  for (int i = 0; i < 4; i++) if (in->type[i] >= ISA_T_COUNT) { *err = "bad type"; return 0; }
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    unsigned v = in->field[fields[i].cat];
    if (v >= (1u << fields[i].width)) { *err = "suffix field out of range"; return 0; }
    w0 |= (uint64_t)v << fields[i].shift;
  }
  int sc = isa_sub_cat(in->op);
  unsigned sub = sc ? in->field[sc] : 0;
  if (sub >= (1u << SUB_WIDTH)) { *err = "suffix field out of range"; return 0; }
  w0 |= (uint64_t)sub << SUB_SHIFT;
  uint64_t w1 = in->flags | ((uint64_t)in->type[2] << T2_SHIFT) | ((uint64_t)in->type[3] << T3_SHIFT);
  for (size_t i = 0; i < sizeof fields1 / sizeof fields1[0]; i++) {
    unsigned v = in->field[fields1[i].cat];
    if (v >= (1u << fields1[i].width)) { *err = "suffix field out of range"; return 0; }
    w1 |= (uint64_t)v << fields1[i].shift;
  }
  out[0] = w0;
  out[1] = w1;
  size_t n = 2;
  if (in->guard) {
    isa_operand g = { ISA_K_REG, 0, 0, in->guard_reg, 0, 0 };
    size_t k = put_operand(in, &g, out + n, cap - n, err);
    if (!k) return 0;
    n += k;
  }
  for (unsigned i = 0; i < in->nopnd; i++) {
    size_t k = put_operand(in, &in->opnd[i], out + n, cap - n, err);
    if (!k) return 0;
    n += k;
  }
  return n;
}

static size_t get_operand(const uint64_t *w, size_t n, isa_insn *in, isa_operand *o, int nested, const char **err) {
  if (n < 1) { *err = "instruction runs past the end of the code"; return 0; }
  unsigned kind = OPW_KIND(w[0]), aux = OPW_AUX(w[0]);
  uint32_t index = OPW_INDEX(w[0]);
  int32_t value = OPW_VALUE(w[0]);
  memset(o, 0, sizeof *o);
  o->kind = (uint8_t)kind;
  switch (kind) {
  case ISA_K_REG:
    if (aux > 1 || value) { *err = "malformed register operand"; return 0; }
    o->aux = (uint8_t)aux; o->index = index; return 1;
  case ISA_K_REGPAIR:
    if (aux || value < 0) { *err = "malformed register pair"; return 0; }
    o->index = index; o->index2 = (uint32_t)value; return 1;
  case ISA_K_SREG:
    if (aux || index >= ISA_SR_COUNT || value < 0 || value > isa_sregs[index].comps ||
        (isa_sregs[index].comps && value == 0)) { *err = "malformed special register"; return 0; }
    o->index = index; o->value = value; return 1;
  case ISA_K_SINK:
    if (aux || index || value) { *err = "malformed sink operand"; return 0; }
    return 1;
  case ISA_K_IMM:
    if (aux || index) { *err = "malformed immediate"; return 0; }
    o->value = value; return 1;
  case ISA_K_IMM64: case ISA_K_MABS:
    if (aux || index || value) { *err = "malformed immediate"; return 0; }
    if (n < 2) { *err = "instruction runs past the end of the code"; return 0; }
    if (kind == ISA_K_IMM64) {
      if (fits32((int64_t)w[1])) { *err = "non-canonical 64-bit immediate"; return 0; }
      o->kind = ISA_K_IMM;
    }
    o->value = (int64_t)w[1]; return 2;
  case ISA_K_SYM: case ISA_K_MSYM:
    if (aux >= ISA_SYM_COUNT) { *err = "malformed symbol operand"; return 0; }
    o->aux = (uint8_t)aux; o->index = index; o->value = value; return 1;
  case ISA_K_MREG:
    if (aux) { *err = "malformed address operand"; return 0; }
    o->index = index; o->value = value; return 1;
  case ISA_K_VEC: case ISA_K_LIST: {
    if (nested || aux || index || value < 1 || value > ISA_MAX_ELEM) { *err = "malformed operand list"; return 0; }
    if (in->nelem + (unsigned)value > ISA_MAX_ELEM) { *err = "too many list elements"; return 0; }
    o->nelem = (uint16_t)value;
    o->index2 = in->nelem;
    in->nelem = (uint8_t)(in->nelem + value);
    size_t used = 1;
    for (int i = 0; i < value; i++) {
      size_t k = get_operand(w + used, n - used, in, &in->elem[o->index2 + (unsigned)i], 1, err);
      if (!k) return 0;
      used += k;
    }
    return used;
  }
  default: *err = "unknown operand kind"; return 0;
  }
}

size_t isa_decode(const uint64_t *w, size_t n, isa_insn *in, const char **err) {
  const char *dummy;
  if (!err) err = &dummy;
  memset(in, 0, offsetof(isa_insn, opnd));
  in->nelem = 0;
  if (n < 2) { *err = "instruction runs past the end of the code"; return 0; }
  uint64_t w0 = w[0];
  unsigned op = (unsigned)(w0 >> OP_SHIFT);
  if (op >= ISA_OP_COUNT) { *err = "unknown opcode"; return 0; }
  in->op = (uint8_t)op;
  in->guard = (uint8_t)((w0 >> GUARD_SHIFT) & 3);
  in->nopnd = (uint8_t)((w0 >> NOPND_SHIFT) & 15);
  in->type[0] = (uint8_t)((w0 >> T0_SHIFT) & 31);
  in->type[1] = (uint8_t)((w0 >> T1_SHIFT) & 31);
  if (in->guard == 3) { *err = "bad guard field"; return 0; }
  if (in->nopnd > ISA_MAX_OPND) { *err = "too many operands"; return 0; }
  if (w0 & W0_ZERO_MASK) { *err = "reserved bits set in instruction word"; return 0; }
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    in->field[fields[i].cat] = (uint8_t)((w0 >> fields[i].shift) & ((1u << fields[i].width) - 1));
  unsigned sub = (unsigned)((w0 >> SUB_SHIFT) & 15);
  int sc = isa_sub_cat((int)op);
  if (sub && !sc) { *err = "sub-operation set on an opcode that takes none"; return 0; }
  if (sc) in->field[sc] = (uint8_t)sub;
  if (w[1] & W1_ZERO_MASK) { *err = "reserved bits set in flag word"; return 0; }
  in->flags = (uint32_t)w[1];
  in->type[2] = (uint8_t)((w[1] >> T2_SHIFT) & 31);
  in->type[3] = (uint8_t)((w[1] >> T3_SHIFT) & 31);
  for (size_t i = 0; i < sizeof fields1 / sizeof fields1[0]; i++)
    in->field[fields1[i].cat] = (uint8_t)((w[1] >> fields1[i].shift) & ((1u << fields1[i].width) - 1));
  size_t used = 2;
  if (in->guard) {
    isa_operand g;
    size_t k = get_operand(w + used, n - used, in, &g, 1, err);
    if (!k) return 0;
    if (g.kind != ISA_K_REG) { *err = "guard is not a register"; return 0; }
    in->guard_reg = g.index;
    used += k;
  }
  for (unsigned i = 0; i < in->nopnd; i++) {
    size_t k = get_operand(w + used, n - used, in, &in->opnd[i], 0, err);
    if (!k) return 0;
    used += k;
  }
  const char *bad = isa_check_insn(in);
  if (bad) { *err = bad; return 0; }
  return used;
}

/* ---- structural check ---- */

int isa_shape_counts(const char *s, int *req) {
  int n = 0, r = 0, opt = 0, br = 0;
  for (; *s; s++) {
    if (*s == '?') opt = 1;
    else if (*s == '[' || *s == ']') br = *s == '[';
    else { n++; r += !opt && !br; }
  }
  *req = r;
  return n;
}

char isa_shape_letter(const char *s, int n, int i) {
  int before = 0;   /* the letters before '?', bracketed ones included: with fewer, those are left out */
  for (const char *p = s; *p && *p != '?'; p++) before += *p != '[' && *p != ']';
  int br = 0;
  for (; *s; s++) {
    if (*s == '?') continue;
    if (*s == '[' || *s == ']') { br = *s == '['; continue; }
    if (br && n < before) continue;
    if (i-- == 0) return *s;
  }
  return 0;
}

const char *isa_check_insn(const isa_insn *in) {
  if (in->op >= ISA_OP_COUNT) return "unknown opcode";
  const isa_op_info *o = &isa_ops[in->op];
  for (int c = CAT_CMP; c < CAT_FLAG; c++) {
    if (!in->field[c]) continue;
    if (!(o->cats & (1u << c))) return "suffix category not allowed for this opcode";
    if (isa_mod_of(c, in->field[c]) < 0) return "suffix value out of range";
  }
  if (in->flags & ~o->flagbits) return "flag not allowed for this opcode";
  for (int i = 0; i < 4; i++) {
    int t = in->type[i];
    if (i < o->ntypes) {
      if (!t && o->ntypes) return "missing type";
      if (t >= ISA_T_COUNT || !(o->types[i] & (1u << t))) return "type not allowed for this opcode";
    } else if (t) return "type not allowed for this opcode";
  }
  if (o->cats & C_SHAPE) { const char *bad = isa_tensor_check(in); if (bad) return bad; }
  int req, tot = isa_shape_counts(o->shape, &req);
  if (o->flags & F_CALL) { req = 1; tot = 3; }
  if (in->nopnd < req || in->nopnd > tot) return "wrong number of operands";
  for (int i = 0; i < in->nopnd; i++) {
    const isa_operand *op = &in->opnd[i];
    char l = (o->flags & F_CALL) ? 'c' : isa_shape_letter(o->shape, in->nopnd, i);
    int k = op->kind;
    switch (l) {
    case 'm': if (k != ISA_K_MREG && k != ISA_K_MSYM && k != ISA_K_MABS) return "expected a memory operand"; break;
    case 'l': if (k != ISA_K_SYM || op->aux != ISA_SYM_LABEL) return "expected a label"; break;
    case 'c': if (k != ISA_K_LIST && !(k == ISA_K_SYM && op->aux == ISA_SYM_FUNC)) return "bad call operand"; break;
    case 'P': case 'e': case 'E': if (k != ISA_K_REG && k != ISA_K_REGPAIR && k != ISA_K_SINK) return "expected a destination register"; break;
    case 'd': case 'w': case 'U':
      if (k != ISA_K_REG && k != ISA_K_SINK && k != ISA_K_VEC) return "expected a destination register";
      break;
    case 'p': if (k != ISA_K_REG) return "expected a predicate"; break;
    case 'f': {
      isa_frag fr;
      if (k != ISA_K_VEC || isa_fragment(in, i, &fr) || op->nelem != fr.nregs) return "expected a fragment of the matrix's size";
      for (unsigned e = 0; e < op->nelem; e++)
        if (in->elem[op->index2 + e].kind != ISA_K_REG || in->elem[op->index2 + e].aux) return "a fragment holds registers";
      break;
    }
    case 'y': if (k == ISA_K_MREG || k == ISA_K_MSYM || k == ISA_K_MABS || k == ISA_K_LIST || k == ISA_K_REGPAIR) return "bad source operand"; break;
    case 'x':   /* [handle, {coordinates}]: one vector, the handle first */
      if (k != ISA_K_VEC || op->nelem != 1 + ISA_GEOM_DIMS(in->field[CAT_GEOM])) return "expected a texture operand [a, {coordinates}]";
      for (unsigned e = 0; e < op->nelem; e++) {
        unsigned ek = in->elem[op->index2 + e].kind;
        if ((ek != ISA_K_REG && ek != ISA_K_IMM) || in->elem[op->index2 + e].aux) return "a texture operand holds registers and immediates";
      }
      break;
    default:
      if (k == ISA_K_SREG && in->op == ISA_OP_CVT && i == 1) break;   /* (the PTX ISA reads special registers with mov and cvt) */
      if (k != ISA_K_REG && k != ISA_K_IMM && k != ISA_K_VEC) return "expected a register or immediate";
      break;
    }
    if (k == ISA_K_REG && op->aux && l != 'p') return "negation is only allowed on predicate sources";
  }
  return NULL;
}

int isa_shape_type(const isa_insn *in, char l) {
  switch (l) {
  case 'U': case 'u': return ISA_T_U32;
  case 'p': case 'P': return ISA_T_PRED;
  case 'E': return ISA_T_B32;
  case 'h': return ISA_T_B64;
  case 'H': return (in->flags & FL_PARITY) ? ISA_T_U32 : ISA_T_B64;
  case 'z': return ISA_T_U32;
  case 't': return in->type[1];
  case 'x': return ISA_T_B64;   /* (the texture handle; its coordinates are of type1) */
  case 'w': case 'W': {
    if (in->field[CAT_MULMODE] == mod_value[ISA_M_WIDE]) {
      int t = in->type[0], k = isa_type_kind(t);
      unsigned b = isa_type_bits(t) * 2;
      for (int x = 1; x < ISA_T_COUNT; x++)
        if (isa_type_bits(x) == b && isa_type_kind(x) == k) return x;
    }
    return in->type[0];
  }
  default: return in->type[0];
  }
}

/* ---- tensor-core operands ---- */

/* Elements per lane of a fragment (PTX ISA "Matrix Fragments for ..."):
 * wmma's .f16 multiplicands hold 16, each element in two lanes. */
static int frag_elems(int op, int shape, int mx, int type) {
  int ab = mx == ISA_MX_A || mx == ISA_MX_B;
  if (op == ISA_OP_LDMATRIX) return 0;
  switch (shape) {
  case ISA_SHAPE(M16N16K16): return ab ? (type == ISA_T_F16 ? 16 : 8) : 8;
  case ISA_SHAPE(M16N8K16): return mx == ISA_MX_A ? 8 : mx == ISA_MX_B ? 4 : 4;
  case ISA_SHAPE(M16N8K8): return mx == ISA_MX_A ? 4 : mx == ISA_MX_B ? 2 : 4;
  case ISA_SHAPE(M8N8K4): return ab ? 4 : 8;
  default: return 0;
  }
}

const char *isa_tensor_check(const isa_insn *in) {
  int op = in->op, shape = in->field[CAT_SHAPE], sp = in->field[CAT_SPACE];
  int la = in->field[CAT_LAYA], lb = in->field[CAT_LAYB];
  if (op == ISA_OP_MOVMATRIX) {
    if (shape != ISA_SHAPE(M8N8)) return "takes shape .m8n8 only";
    if (!(in->flags & FL_TRANS)) return "needs .trans (it transposes)";
    return NULL;
  }
  if (op == ISA_OP_LDMATRIX || op == ISA_OP_STMATRIX) {
    if (shape != ISA_SHAPE(M8N8)) return "takes shape .m8n8 only";
    if (!in->field[CAT_NUM]) return "needs a count (.x1, .x2 or .x4)";
    if (sp && sp != ISA_SP_SHARED && sp != ISA_SP_SHARED_CTA) return "reads shared memory (.shared or a generic address)";
    return NULL;
  }
  if (op == ISA_OP_WMMALD || op == ISA_OP_WMMAST) {
    int fr = in->field[CAT_FRAG], t = in->type[0];
    if (shape != ISA_SHAPE(M16N16K16)) return "takes shape .m16n16k16 only (the other shapes are not supported yet)";
    if (!la) return "needs a layout (.row or .col)";
    if (op == ISA_OP_WMMALD && (fr < ISA_FRAGV(A) || fr > ISA_FRAGV(C))) return "loads matrix .a, .b or .c";
    if (op == ISA_OP_WMMAST && fr != ISA_FRAGV(D)) return "stores matrix .d only";
    if (fr <= ISA_FRAGV(B) ? (t != ISA_T_F16 && t != ISA_T_BF16) : (t != ISA_T_F16 && t != ISA_T_F32))
      return fr <= ISA_FRAGV(B) ? "the .a and .b matrices are .f16 or .bf16" : "the .c and .d matrices are .f16 or .f32";
    if (sp && sp != ISA_SP_GLOBAL && sp != ISA_SP_SHARED && sp != ISA_SP_SHARED_CTA) return "moves .global or .shared memory (or a generic address)";
    return NULL;
  }
  if (op != ISA_OP_WMMAMMA && op != ISA_OP_MMA) return "not a tensor-core instruction";
  int td = in->type[0], ta = in->type[1], tb = in->type[2], tc = in->type[3];
  if (!la || !lb) return "needs the layouts of A and B (.row or .col each)";
  if (op == ISA_OP_WMMAMMA && shape != ISA_SHAPE(M16N16K16)) return "takes shape .m16n16k16 only (the other shapes are not supported yet)";
  if (op == ISA_OP_MMA && shape != ISA_SHAPE(M16N8K16) && shape != ISA_SHAPE(M16N8K8) && shape != ISA_SHAPE(M8N8K4))
    return "takes shape .m16n8k16, .m16n8k8 or .m8n8k4 (the others are not supported yet)";
  if (op == ISA_OP_MMA && shape != ISA_SHAPE(M8N8K4) && (la != 1 || lb != ISA_COL)) return ".m16n8k16 and .m16n8k8 take the layouts .row.col only";
  if (ta != tb) return "A and B must have the same type";
  if (ta != ISA_T_F16 && ta != ISA_T_BF16) return "A and B are .f16 or .bf16";
  if (ta == ISA_T_BF16 && (td != ISA_T_F32 || tc != ISA_T_F32)) return ".bf16 products accumulate in .f32 (d and c are .f32)";
  if (ta == ISA_T_BF16 && shape == ISA_SHAPE(M8N8K4)) return ".m8n8k4 takes .f16 A and B only";
  if ((td != ISA_T_F16 && td != ISA_T_F32) || (tc != ISA_T_F16 && tc != ISA_T_F32)) return "D and C are .f16 or .f32";
  if (op == ISA_OP_MMA && shape != ISA_SHAPE(M8N8K4) && td != tc) return ".m16n8k16 and .m16n8k8 take D and C of one type (.f16.f16.f16.f16 or .f32.f16.f16.f32)";
  if (op == ISA_OP_MMA && shape == ISA_SHAPE(M8N8K4) && tc == ISA_T_F32 && td != ISA_T_F32) return ".m8n8k4 with an .f32 C writes an .f32 D";
  return NULL;
}

int isa_fragment(const isa_insn *in, int i, isa_frag *f) {
  if (isa_tensor_check(in) || i < 0 || i >= ISA_MAX_OPND) return -1;
  int op = in->op, shape = in->field[CAT_SHAPE];
  memset(f, 0, sizeof *f);
  if (op == ISA_OP_MOVMATRIX) return -1;
  if (op == ISA_OP_LDMATRIX || op == ISA_OP_STMATRIX) {
    if (i != (op == ISA_OP_LDMATRIX ? 0 : 1)) return -1;
    int n = in->field[CAT_NUM];
    f->matrix = ISA_MX_A; f->type = ISA_T_B16;
    f->nregs = (uint8_t)(n == ISA_NUMV(X1) ? 1 : n == ISA_NUMV(X2) ? 2 : 4);
    f->nelem = (uint8_t)(2 * f->nregs);
    return 0;
  }
  if (op == ISA_OP_WMMALD || op == ISA_OP_WMMAST) {
    if (i != (op == ISA_OP_WMMALD ? 0 : 1)) return -1;
    f->matrix = (uint8_t)(in->field[CAT_FRAG] - 1);
    f->type = in->type[0];
  } else {
    static const uint8_t mx[4] = { ISA_MX_D, ISA_MX_A, ISA_MX_B, ISA_MX_C };
    if (i > 3) return -1;
    f->matrix = mx[i];
    f->type = in->type[i];
  }
  f->nelem = (uint8_t)frag_elems(op, shape, f->matrix, f->type);
  f->nregs = (uint8_t)(f->type == ISA_T_F32 ? f->nelem : f->nelem / 2);
  return f->nelem ? 0 : -1;
}

/* ---- formatting ---- */

static void append(char *buf, size_t cap, size_t *len, const char *s) {
  size_t n = strlen(s);
  if (*len + n + 1 >= cap) n = cap > *len + 1 ? cap - *len - 1 : 0;
  memcpy(buf + *len, s, n);
  *len += n;
  buf[*len] = 0;
}

static void append_mod(char *buf, size_t cap, size_t *len, int cat, int value) {
  int m = isa_mod_of(cat, value);
  if (m < 0) return;
  append(buf, cap, len, ".");
  append(buf, cap, len, isa_mods[m].text);
}

static void append_flag(char *buf, size_t cap, size_t *len, int bit) {
  append_mod(buf, cap, len, CAT_FLAG, bit + 1);
}

void isa_format_mnemonic(const isa_insn *in, char *buf, size_t cap) {
  size_t len = 0;
  if (cap) buf[0] = 0;
  if (in->op >= ISA_OP_COUNT) { append(buf, cap, &len, "?"); return; }
  int sc = isa_sub_cat(in->op);
  append(buf, cap, &len, isa_ops[in->op].name);
  if (in->op >= ISA_OP_VADD2 && in->op <= ISA_OP_VSET4) {   /* vabsdiff4.u32.u32.u32.add, vset2.s32.u32.lt */
    for (int i = 0; i < 3; i++) if (in->type[i]) append_mod(buf, cap, &len, CAT_TYPE, in->type[i]);
    append_mod(buf, cap, &len, CAT_CMP, in->field[CAT_CMP]);
    if (in->flags & FL_SAT) append_flag(buf, cap, &len, FLB_SAT);
    if (in->flags & FL_ACC) append_flag(buf, cap, &len, FLB_ACC);
    return;
  }
  if (isa_ops[in->op].cats & C_SHAPE) {   /* as nvcc writes them: wmma.load.a.sync.aligned.row.m16n16k16.global.f16,
                                             mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32,
                                             ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 */
    int mma = in->op == ISA_OP_MMA || in->op == ISA_OP_LDMATRIX || in->op == ISA_OP_STMATRIX || in->op == ISA_OP_MOVMATRIX;
    append_mod(buf, cap, &len, CAT_FRAG, in->field[CAT_FRAG]);
    if (in->flags & FL_SYNC) append_flag(buf, cap, &len, FLB_SYNC);
    if (in->flags & FL_ALIGNED) append_flag(buf, cap, &len, FLB_ALIGNED);
    if (mma) append_mod(buf, cap, &len, CAT_SHAPE, in->field[CAT_SHAPE]);
    append_mod(buf, cap, &len, CAT_LAYA, in->field[CAT_LAYA]);
    append_mod(buf, cap, &len, CAT_LAYB, in->field[CAT_LAYB]);
    if (!mma) append_mod(buf, cap, &len, CAT_SHAPE, in->field[CAT_SHAPE]);
    append_mod(buf, cap, &len, CAT_NUM, in->field[CAT_NUM]);
    if (in->flags & FL_TRANS) append_flag(buf, cap, &len, FLB_TRANS);
    append_mod(buf, cap, &len, CAT_SPACE, in->field[CAT_SPACE]);
    /* wmma.mma on .f16 A and B names the types of D and C only */
    int two = in->op == ISA_OP_WMMAMMA && in->type[1] == ISA_T_F16;
    for (int i = 0; i < 4; i++)
      if (in->type[i] && !(two && (i == 1 || i == 2))) append_mod(buf, cap, &len, CAT_TYPE, in->type[i]);
    return;
  }
  /* in the PTX ISA's order: cp.async.ca.shared.global, ld.global.ca.nc.L1::evict_last.L2::128B */
  if (in->op == ISA_OP_CPASYNC) append_mod(buf, cap, &len, CAT_CACHE, in->field[CAT_CACHE]);
  static const int first[] = { FLB_PARITY, FLB_NOCOMPLETE, FLB_NOINC };   /* mbarrier.test_wait.parity.shared.b64 */
  for (size_t i = 0; i < sizeof first / sizeof first[0]; i++) if (in->flags & (1u << first[i])) append_flag(buf, cap, &len, first[i]);
  append_mod(buf, cap, &len, CAT_SEM, in->field[CAT_SEM]);
  append_mod(buf, cap, &len, CAT_SCOPE, in->field[CAT_SCOPE]);
  if (in->flags & FL_TO) append_flag(buf, cap, &len, FLB_TO);
  append_mod(buf, cap, &len, CAT_SPACE, in->field[CAT_SPACE]);
  if (in->flags & FL_GLOBAL_SRC) append_flag(buf, cap, &len, FLB_GLOBAL_SRC);
  int sync_late = in->op == ISA_OP_MATCH;   /* match.any.sync, where vote.sync.any and shfl.sync.idx have .sync first */
  if ((in->flags & FL_SYNC) && !sync_late) append_flag(buf, cap, &len, FLB_SYNC);
  if (sc && sc != CAT_PRMT) append_mod(buf, cap, &len, sc, in->field[sc]);
  if ((in->flags & FL_SYNC) && sync_late) append_flag(buf, cap, &len, FLB_SYNC);
  append_mod(buf, cap, &len, CAT_CMP, in->field[CAT_CMP]);
  append_mod(buf, cap, &len, CAT_BOOL, in->field[CAT_BOOL]);
  append_mod(buf, cap, &len, CAT_RND, in->field[CAT_RND]);
  if (in->op != ISA_OP_CPASYNC) append_mod(buf, cap, &len, CAT_CACHE, in->field[CAT_CACHE]);
  if (in->flags & FL_NC) append_flag(buf, cap, &len, FLB_NC);
  append_mod(buf, cap, &len, CAT_EVICT1, in->field[CAT_EVICT1]);
  append_mod(buf, cap, &len, CAT_EVICT2, in->field[CAT_EVICT2]);
  for (int b = 0; b < FLB_COUNT; b++)
    if ((in->flags & (1u << b)) && b != FLB_TO && b != FLB_SYNC && b != FLB_NC && b != FLB_GLOBAL_SRC &&
        b != FLB_PARITY && b != FLB_NOCOMPLETE && b != FLB_NOINC) append_flag(buf, cap, &len, b);
  append_mod(buf, cap, &len, CAT_PFSIZE, in->field[CAT_PFSIZE]);
  append_mod(buf, cap, &len, CAT_VEC, in->field[CAT_VEC]);
  for (int i = 0; i < 3; i++)
    if (in->type[i]) append_mod(buf, cap, &len, CAT_TYPE, in->type[i]);
  if (sc == CAT_PRMT) append_mod(buf, cap, &len, sc, in->field[sc]);
}

/* ---- CRC-32 (IEEE 802.3, reflected) ---- */
uint32_t isa_crc32(const uint8_t *p, size_t n) { return isa_crc32_update(0, p, n); }

uint32_t isa_crc32_update(uint32_t crc, const uint8_t *p, size_t n) {
  static uint32_t table[256];
  static int ready;
  if (!ready) {
    for (uint32_t i = 0; i < 256; i++) {
      uint32_t c = i;
      for (int k = 0; k < 8; k++) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    ready = 1;
  }
  uint32_t c = crc ^ 0xffffffffu;
  for (size_t i = 0; i < n; i++) c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

int isa_fail(char *err, size_t cap, const char *fmt, ...) {
  if (err && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
  }
  return -1;
}
