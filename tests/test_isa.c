/* tests/test_isa.c -- the instruction table: consistent, collision-free, round-trips.
 *
 * For every opcode row a sample instruction is found by assembling candidate
 * texts; then the sample must round-trip encode -> decode -> disassemble ->
 * assemble, and every legal suffix, type and flag variation of it must
 * encode to a distinct bit pattern that decodes back to the same fields.
 */
#include "../asm/asm.h"
#include "../isa/disasm.h"
#include "../isa/image.h"
#include "../isa/isa.h"
#include "../isa/isadoc.h"
#include "../isa/json.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static const char prelude[] =
  ".version 8.0\n.target sm_80\n.address_size 64\n"
  ".func (.param .b32 r) f(.param .b32 a);\n"
  ".visible .entry k()\n{\n"
  "\t.reg .pred %p<8>;\n\t.reg .b16 %h<8>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n"
  "\t.reg .f32 %f<8>;\n\t.reg .f64 %fd<8>;\n";
static const char postlude[] = "L1:\n\tret;\n}\n";

/* Assembles one instruction in the standard context; returns 0 and the image on success. */
static int assemble_one(const char *insn, isa_image *img) {
  char src[4096];
  snprintf(src, sizeof src, "%s\t%s;\n%s", prelude, insn, postlude);
  asm_ctx *c = asm_new();
  asm_set_diag(c, NULL);
  asm_add_source(c, "sample.s", src, strlen(src));
  int errs = asm_finish(c, img);
  asm_free(c);
  return errs;
}

static const char *reg_for(int t, int i) {
  static char buf[8][16];
  static int k;
  char *b = buf[k++ & 7];
  unsigned bits = isa_type_bits(t);
  int kind = isa_type_kind(t);
  if (kind == TK_PRED) snprintf(b, 16, "%%p%d", i);
  else if (kind == TK_FLT && bits == 32 && t == ISA_T_F32) snprintf(b, 16, "%%f%d", i);
  else if (kind == TK_FLT && bits == 64) snprintf(b, 16, "%%fd%d", i);
  else if (bits <= 16) snprintf(b, 16, "%%h%d", i);
  else if (bits == 32) snprintf(b, 16, "%%r%d", i);
  else snprintf(b, 16, "%%rd%d", i);
  return b;
}

static const int pref[] = { ISA_T_B32, ISA_T_U32, ISA_T_S32, ISA_T_F32, ISA_T_B64, ISA_T_U64, ISA_T_S64,
                            ISA_T_F64, ISA_T_PRED, ISA_T_B16, ISA_T_U16, ISA_T_S16, ISA_T_U8, ISA_T_S8,
                            ISA_T_B8, ISA_T_F16, ISA_T_F16X2, ISA_T_BF16, ISA_T_BF16X2, ISA_T_B128 };
#define NPREF (int)(sizeof pref / sizeof pref[0])

/* Writes a candidate text for opcode op with the given types; 'rnd' adds .rn, 'approx' adds .approx. */
static void candidate(int op, int t0, int t1, int rnd, int approx, char *buf, size_t cap) {
  const isa_op_info *o = &isa_ops[op];
  isa_insn in;
  memset(&in, 0, sizeof in);
  in.op = (uint8_t)op; in.type[0] = (uint8_t)t0; in.type[1] = (uint8_t)t1;
  size_t n = (size_t)snprintf(buf, cap, "%s", o->name);
  static const int need[] = { CAT_CMP, CAT_ATOMOP, CAT_SHFL, CAT_VOTE, CAT_TESTP, CAT_SHFDIR, CAT_BAR, CAT_MULMODE };
  for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
    if (!(o->cats & (1u << need[i]))) continue;
    if (need[i] == CAT_MULMODE && isa_type_kind(t0) == TK_FLT) continue;
    int v = 1;
    if (need[i] == CAT_VOTE && t0 == ISA_T_B32) v = 4;   /* ballot */
    n += (size_t)snprintf(buf + n, cap - n, ".%s", isa_mods[isa_mod_of(need[i], v)].text);
    in.field[need[i]] = (uint8_t)v;
  }
  if (o->flagbits & FL_SYNC) n += (size_t)snprintf(buf + n, cap - n, ".sync");
  if (rnd) n += (size_t)snprintf(buf + n, cap - n, ".rn");
  if (approx) n += (size_t)snprintf(buf + n, cap - n, ".approx");
  if (t0) n += (size_t)snprintf(buf + n, cap - n, ".%s", isa_type_name(t0));
  if (t1) n += (size_t)snprintf(buf + n, cap - n, ".%s", isa_type_name(t1));
  if (o->flags & F_CALL) { snprintf(buf + n, cap - n, " (%%r1), f, (%%r2)"); return; }
  /* operands whose values the shapes do not say (sizes and counts are immediates) */
  if (op == ISA_OP_CPASYNC) { snprintf(buf + n, cap - n, ".ca.shared.global.L2::cache_hint [%%rd1], [%%rd2], 16, %%r3, %%rd4"); return; }
  if (op == ISA_OP_CPWAIT) { snprintf(buf + n, cap - n, " 1"); return; }
  if (o->flagbits & FL_CACHE_HINT) n += (size_t)snprintf(buf + n, cap - n, ".L2::cache_hint");   /* the policy operand needs it */
  int i = 0;
  for (const char *s = o->shape; *s; s++) {
    if (*s == '?' || *s == '[' || *s == ']') continue;   /* every operand */
    int t = isa_shape_type(&in, *s);
    const char *text;
    char mem[32];
    switch (*s) {
    case 'm': text = "[%rd1]"; break;
    case 'l': text = "L1"; break;
    case 'P': case 'p': text = reg_for(ISA_T_PRED, i + 1); break;
    case 'E': text = "%r1|%p1"; break;   /* elect needs the pair; match.all takes it */
    default:
      if ((*s == 'd' || *s == 'w' || *s == 's') && t >= ISA_T_B8 && isa_type_bits(t) == 8) t = ISA_T_B16;
      text = reg_for(t, i + 1);
    }
    snprintf(mem, sizeof mem, "%s", text);
    n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? ", " : " ", mem);
    i++;
  }
}

/* Finds the sample instruction (the first of function k) in an image. */
static int sample_of(const isa_image *img, isa_insn *in, uint32_t *func, size_t *words) {
  for (uint32_t f = 0; f < img->nfuncs; f++) {
    if (img->funcs[f].kind != ISA_FN_ENTRY) continue;
    const char *why;
    *func = f;
    *words = isa_decode(img->code + img->funcs[f].code_off, img->funcs[f].code_words, in, &why);
    return *words != 0;
  }
  return 0;
}

/* Rows whose operands the generic candidates cannot make (fragments sized by the suffixes,
 * immediates in a stated range): one text each. */
static const struct { int op; const char *text; } tensor_samples[] = {
  { ISA_OP_WMMALD, "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, [%rd1], %r1" },
  { ISA_OP_WMMAST, "wmma.store.d.sync.aligned.col.m16n16k16.shared.f32 [%rd1], {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, %r1" },
  { ISA_OP_WMMAMMA, "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, "
                    "{%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}" },
  { ISA_OP_MMA, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7}" },
  { ISA_OP_LDMATRIX, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r0, %r1, %r2, %r3}, [%rd1]" },
  { ISA_OP_STMATRIX, "stmatrix.sync.aligned.m8n8.x2.shared.b16 [%rd1], {%r0, %r1}" },
  { ISA_OP_MOVMATRIX, "movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2" },
  { ISA_OP_PMEVENT, "pmevent 3" },
  { ISA_OP_SETMAXNREGINC, "setmaxnreg.inc.sync.aligned.u32 64" },
  { ISA_OP_SETMAXNREGDEC, "setmaxnreg.dec.sync.aligned.u32 64" },
  { ISA_OP_APPLYPRIO, "applypriority.global.L2::evict_normal [%rd1], 128" },
  { ISA_OP_DISCARD, "discard.global.L2 [%rd1], 128" },
  { ISA_OP_ISSPACEP, "isspacep.global %p1, %rd1" },
  { ISA_OP_ALLOCA, "alloca.u64 %rd1, %rd2, 16" },
  { ISA_OP_BARRED, "bar.red.popc.u32 %r1, %r2, %r3, !%p1" },
  { ISA_OP_BARRIERRED, "barrier.red.or.aligned.pred %p1, 1, %p2" },
  { ISA_OP_TEX, "tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [%rd1, {%f4, %f5}]" },
};

static int find_sample(int op, char *text, size_t cap, isa_image *img) {
  const isa_op_info *o = &isa_ops[op];
  for (size_t i = 0; i < sizeof tensor_samples / sizeof tensor_samples[0]; i++)
    if (tensor_samples[i].op == op) { snprintf(text, cap, "%s", tensor_samples[i].text); return assemble_one(text, img) == 0; }
  if (o->ntypes == 3) {   /* the video instructions: d, a and b types */
    snprintf(text, cap, "%s.s32.u32.s32 %%r1, %%r2, %%r3, %%r4", o->name);
    return assemble_one(text, img) == 0;
  }
  for (int a = 0; a < (o->ntypes ? NPREF : 1); a++) {
    int t0 = o->ntypes ? pref[a] : 0;
    if (o->ntypes && !(o->types[0] & (1u << t0))) continue;
    for (int b = 0; b < (o->ntypes > 1 ? NPREF : 1); b++) {
      int t1 = o->ntypes > 1 ? pref[b] : 0;
      if (o->ntypes > 1 && !(o->types[1] & (1u << t1))) continue;
      for (int v = 0; v < 4; v++) {
        candidate(op, t0, t1, v & 1, v >> 1, text, cap);
        if (assemble_one(text, img) == 0) return 1;
      }
    }
  }
  return 0;
}

typedef struct { uint64_t w0, w1; uint8_t op, type[4], field[CAT_COUNT]; uint32_t flags; } hdr;
static int cmp_hdr(const void *a, const void *b) {
  const hdr *x = a, *y = b;
  if (x->w0 != y->w0) return x->w0 < y->w0 ? -1 : 1;
  if (x->w1 != y->w1) return x->w1 < y->w1 ? -1 : 1;
  return 0;
}

static int same_fields(const isa_insn *a, const isa_insn *b) {
  return a->op == b->op && a->guard == b->guard && a->nopnd == b->nopnd && memcmp(a->type, b->type, sizeof a->type) == 0 &&
         memcmp(a->field, b->field, sizeof a->field) == 0 && a->flags == b->flags;
}

/* A shape's operands: '?' makes the rest optional, a bracketed letter is there only when every
 * operand is (bar.red's "du[u]p": d, a{, b}, c). */
static void shape_letters(void) {
  int req, tot = isa_shape_counts("du[u]p", &req), ok = tot == 4 && req == 3;
  const char *with3 = "dup", *with4 = "duup";
  for (int i = 0; i < 3; i++) ok &= isa_shape_letter("du[u]p", 3, i) == with3[i];
  for (int i = 0; i < 4; i++) ok &= isa_shape_letter("du[u]p", 4, i) == with4[i];
  ok &= isa_shape_letter("du[u]p", 3, 3) == 0;
  tot = isa_shape_counts("mmu?zh", &req);
  ok &= tot == 5 && req == 3 && isa_shape_letter("mmu?zh", 4, 3) == 'z' && isa_shape_letter("mmu?zh", 5, 4) == 'h';
  CHECK(ok, "shapes: \"du[u]p\" is d, u, p with 3 operands and d, u, u, p with 4; \"mmu?zh\" takes 3 to 5");
}

/* The named sub-operations (ISA_SUB) are the values the table gives them. */
static void sub_values(void) {
  static const int atom[] = { ISA_M_AADD, ISA_M_AMIN, ISA_M_AMAX, ISA_M_AINC, ISA_M_ADEC, ISA_M_AAND, ISA_M_AOR, ISA_M_AXOR, ISA_M_AEXCH, ISA_M_ACAS };
  int ok = 1;
  for (size_t i = 0; i < sizeof atom / sizeof atom[0]; i++)
    if (isa_mod_value(atom[i]) != atom[i] - ISA_M_AADD + 1 || isa_mods[atom[i]].cat != CAT_ATOMOP) ok = 0;
  CHECK(ok, "ISA_ATOMOP(id) is each atomic operation's value in the encoding (1 add ... 10 cas)");
}

/* The coverage list (isa/ptx90.def) against the instruction table, so neither drifts. */
static void coverage(void) {
  int named[ISA_OP_COUNT] = { 0 }, ok = 1;
  for (int i = 0; i < isa_ptx90_count; i++) {
    const isa_ptx_entry *e = &isa_ptx90[i];
    if (!e->ours[0] && !e->reason[0]) { ok = 0; printf("  %s: neither supported nor a reason\n", e->name); }
    for (const char *p = e->ours; *p;) {
      size_t n = strcspn(p, " ");
      int op = isa_op_lookup(p, n);
      if (op < 0) { ok = 0; printf("  %s: '%.*s' is not a row of opcodes.def\n", e->name, (int)n, p); }
      else named[op] = 1;
      p += n;
      while (*p == ' ') p++;
    }
    if (!e->ours[0])   /* each name it lists ("vshl, vshr"): not a row, or the entry is stale */
      for (const char *p = e->name; *p;) {
        size_t n = strcspn(p, ",");
        if (isa_op_lookup(p, n) >= 0) { ok = 0; printf("  %.*s is a row of opcodes.def, but ptx90.def says it is not supported\n", (int)n, p); }
        p += n;
        while (*p == ',' || *p == ' ') p++;
      }
  }
  for (int op = 0; op < ISA_OP_COUNT; op++)
    if (!named[op] && !(isa_ops[op].flags & F_AW)) { ok = 0; printf("  row '%s' is not in isa/ptx90.def\n", isa_ops[op].name); }
  int full, part, none;
  isa_ptx90_counts(&full, &part, &none);
  CHECK(ok && full + part + none > 200, "isa/ptx90.def and the instruction table agree (%d PTX 9.0 entries: %d in full, %d in part, %d not)", full + part + none, full, part, none);
}

/* isa_json_string (isa/json.h): the one JSON string writer.  Expected strings by hand from
 * RFC 8259 and UTF-8: e-acute is c3 a9 (U+00E9), the G clef f0 9d 84 9e (U+1D11E, the
 * surrogate pair d834 dd1e), ff is no UTF-8 byte, e0 80 80 an overlong NUL. */
static void json_strings(void) {
  static const struct { const char *in; int flags; const char *want; } t[] = {
    { "kernel_1", ISA_JSON_UTF8, "\"kernel_1\"" },
    { "a\"b\\c", ISA_JSON_UTF8, "\"a\\\"b\\\\c\"" },
    { "\n\r\t\001\037\177", ISA_JSON_UTF8, "\"\\n\\r\\t\\u0001\\u001f\\u007f\"" },
    { "d\303\251", ISA_JSON_UTF8, "\"d\303\251\"" },
    { "d\303\251", ISA_JSON_ASCII, "\"d\\u00e9\"" },
    { "\360\235\204\236", ISA_JSON_ASCII, "\"\\ud834\\udd1e\"" },
    { "\360\235\204\236", ISA_JSON_UTF8, "\"\360\235\204\236\"" },
    { "x\377y\340\200\200\303", ISA_JSON_UTF8, "\"x\\ufffdy\\ufffd\\ufffd\\ufffd\\ufffd\"" },
  };
  int ok = 1;
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f) { ok = 0; break; }
    isa_json_string(f, t[i].in, t[i].flags);
    fclose(f);
    if (strcmp(buf, t[i].want)) { ok = 0; printf("  json string %zu: got %s, want %s\n", i, buf, t[i].want); }
    free(buf);
  }
  CHECK(ok, "isa_json_string escapes quotes, backslashes and control characters, keeps or escapes UTF-8, replaces bad bytes");
}

int main(void) {
  sub_values();
  shape_letters();
  coverage();
  json_strings();
  /* The enums that mirror table order. */
  static const char *const tnames[] = { "", "pred", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
                                        "s8", "s16", "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "u16x2", "s16x2" };
  int ok = 1;
  for (int t = 1; t < ISA_T_COUNT; t++) ok &= strcmp(isa_type_name(t), tnames[t]) == 0;
  CHECK(ok, "ISA_T_* codes follow the type rows of mods.def");
  static const char *const spaces[] = { "", "global", "shared", "shared::cta", "local", "param", "const", "lin", "lout", "lmeta" };
  ok = 1;
  for (int s = 1; s < ISA_SP_COUNT; s++) ok &= strcmp(isa_mods[isa_mod_of(CAT_SPACE, s)].text, spaces[s]) == 0;
  CHECK(ok, "ISA_SP_* codes follow the state-space rows of mods.def");
  static const char *const flags[] = { "approx", "full", "ftz", "sat", "uni", "sync", "aligned", "nc", "shiftamt", "cc", "clamp", "wrap", "to", "L1", "L2", "relu",
                                       "global", "noinc", "noComplete", "parity", "L2::cache_hint", "trans", "add", "mask" };
  ok = 1;
  for (int b = 0; b < FLB_COUNT; b++) ok &= isa_mod_of(CAT_FLAG, b + 1) >= 0 && strcmp(isa_mods[isa_mod_of(CAT_FLAG, b + 1)].text, flags[b]) == 0;
  CHECK(ok && isa_mod_of(CAT_FLAG, FLB_COUNT + 1) < 0, "FLB_* bits follow the flag rows of mods.def");
  ok = 1;
  for (int i = 0; i < ISA_OP_COUNT; i++) ok &= isa_op_lookup(isa_ops[i].name, strlen(isa_ops[i].name)) == i;
  CHECK(ok, "every mnemonic is unique and found by lookup (%d opcodes)", ISA_OP_COUNT);
  ok = 1;
  for (int i = 0; i < ISA_OP_COUNT; i++) {
    uint32_t subs = isa_ops[i].cats & C_SUBS;
    ok &= (subs & (subs - 1)) == 0;   /* at most one category in the shared sub field */
  }
  CHECK(ok, "every opcode uses at most one sub-operation category");
  /* the FAMILY column names the executor's function for each row (emu/core/ dispatches on it):
   * control flow is the step's own, memory goes through the families that resolve addresses */
  ok = 1;
  unsigned used = 0;
  for (int i = 0; i < ISA_OP_COUNT; i++) {
    const isa_op_info *o = &isa_ops[i];
    if (o->family >= X_COUNT) { ok = 0; printf("  %s: family %u is not an X_* value\n", o->name, o->family); continue; }
    used |= 1u << o->family;
    if ((o->flags & (F_BRANCH | F_CALL | F_RET | F_EXIT)) && o->family != X_CTRL) { ok = 0; printf("  %s: control flow outside X_CTRL\n", o->name); }
    if ((o->flags & F_MEM) && o->family != X_MEM && o->family != X_ASYNC && o->family != X_TENSOR) { ok = 0; printf("  %s: a memory instruction in family %s\n", o->name, isa_family_names[o->family]); }
  }
  CHECK(ok && used == (1u << X_COUNT) - 1, "every opcode names an executor family, each family has a row, control flow is X_CTRL and memory X_MEM, X_ASYNC or X_TENSOR");

  size_t cap = 1 << 16, n = 0;
  hdr *all = malloc(cap * sizeof *all);
  int rows_ok = 0;
  for (int op = 0; op < ISA_OP_COUNT; op++) {
    char text[512];
    isa_image img;
    if (!find_sample(op, text, sizeof text, &img)) { REQUIRE(0, "row '%s': no candidate text assembles", isa_ops[op].name); continue; }
    isa_insn in, again;
    uint32_t f;
    size_t words;
    if (!sample_of(&img, &in, &f, &words)) { REQUIRE(0, "row '%s': sample does not decode", isa_ops[op].name); isa_image_free(&img); continue; }
    /* encode(decode(w)) == w */
    uint64_t enc[64];
    const char *why = NULL;
    size_t k = isa_encode(&in, enc, 64, &why);
    int rt = k == words && memcmp(enc, img.code + img.funcs[f].code_off, words * 8) == 0;
    /* disassemble -> assemble gives the same words */
    char dis[1024];
    isa_dis_insn(&img, f, &in, dis, sizeof dis);
    isa_image img2;
    int errs = assemble_one(dis, &img2);
    int rt2 = 0;
    if (!errs) {
      uint32_t f2;
      size_t w2;
      rt2 = sample_of(&img2, &again, &f2, &w2) && w2 == words &&
            memcmp(img2.code + img2.funcs[f2].code_off, img.code + img.funcs[f].code_off, words * 8) == 0;
      isa_image_free(&img2);
    }
    REQUIRE(rt && rt2, "row '%s': '%s' -> '%s' does not round-trip (encode %d, reassemble %d)", isa_ops[op].name, text, dis, rt, rt2);
    rows_ok += rt && rt2;
    /* Variations: every legal type, suffix of each category and flag, one at a time. */
    const isa_op_info *o = &isa_ops[op];
    for (int slot = 0; slot < 4 + CAT_COUNT + FLB_COUNT; slot++) {
      for (int v = 0; v < 32; v++) {
        isa_insn x = in;
        if (slot < 4) {
          if (slot >= o->ntypes || !(o->types[slot] & (1u << v))) continue;
          x.type[slot] = (uint8_t)v;
        } else if (slot < 4 + CAT_COUNT) {
          int cat = slot - 4;
          if (cat == CAT_TYPE || cat == CAT_FLAG || !(o->cats & (1u << cat)) || isa_mod_of(cat, v) < 0) continue;
          x.field[cat] = (uint8_t)v;
        } else {
          int b = slot - 4 - CAT_COUNT;
          if (v > 1 || !(o->flagbits & (1u << b))) continue;
          x.flags = v ? in.flags | (1u << b) : in.flags & ~(1u << b);
        }
        /* a tensor-core variation whose shape, types and fragments no longer agree is no instruction,
         * nor a tex whose geometry no longer agrees with its coordinates */
        if ((o->cats & (C_SHAPE | C_GEOM)) && isa_check_insn(&x)) continue;
        uint64_t w[64];
        size_t nw = isa_encode(&x, w, 64, &why);
        isa_insn y;
        size_t nd = nw ? isa_decode(w, nw, &y, &why) : 0;
        REQUIRE(nw && nd == nw && same_fields(&x, &y), "row '%s' variation %d/%d does not encode and decode back", o->name, slot, v);
        if (n == cap) { cap *= 2; all = realloc(all, cap * sizeof *all); }
        memset(&all[n], 0, sizeof all[n]);
        all[n].w0 = w[0]; all[n].w1 = w[1];
        all[n].op = x.op; memcpy(all[n].type, x.type, sizeof x.type);
        memcpy(all[n].field, x.field, sizeof x.field);
        all[n].flags = x.flags;
        n++;
      }
    }
    isa_image_free(&img);
  }
  CHECK(rows_ok == ISA_OP_COUNT, "every row round-trips encode/decode/disassemble/assemble (%d of %d)", rows_ok, ISA_OP_COUNT);
  qsort(all, n, sizeof *all, cmp_hdr);
  size_t distinct = n ? 1 : 0, collisions = 0;
  for (size_t i = 1; i < n; i++) {
    if (all[i].w0 != all[i - 1].w0 || all[i].w1 != all[i - 1].w1) { distinct++; continue; }
    /* equal encodings must be the same instruction (a variation equal to its base) */
    if (all[i].op != all[i - 1].op || memcmp(all[i].type, all[i - 1].type, sizeof all[i].type) ||
        memcmp(all[i].field, all[i - 1].field, sizeof all[i].field) || all[i].flags != all[i - 1].flags) collisions++;
  }
  CHECK(collisions == 0 && distinct > (size_t)ISA_OP_COUNT * 4,
        "no two encodings collide: %zu distinct instructions from %zu variations, %zu collisions", distinct, n, collisions);
  free(all);
  printf("%s\n", check_failed ? "test_isa: failures" : "test_isa: ok");
  return check_failed ? 1 : 0;
}
