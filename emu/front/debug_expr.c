/* emu/front/debug_expr.c -- the debugger's expressions: registers, special registers,
 * memory, buffers and symbols, 64-bit arithmetic without undefined behaviour
 * (modulo 2^64, as C's unsigned arithmetic), and printing values in every
 * lane and format (see debug_int.h and emu/DEBUGGER.md, "Expressions").
 */
#include "debug_int.h"
#include "../timing/timing.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- registers and expressions ---- */



static int perr(parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perr(parser *ps, const char *fmt, ...) {
  if (ps->err[0]) return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ps->err, sizeof ps->err, fmt, ap);
  va_end(ap);
  return -1;
}

static void skipws(parser *ps) { while (isspace((unsigned char)*ps->p)) ps->p++; }

static const struct { const char *name; int type; } type_names[] = {
  { "u8", ISA_T_U8 }, { "s8", ISA_T_S8 }, { "u16", ISA_T_U16 }, { "s16", ISA_T_S16 }, { "u32", ISA_T_U32 },
  { "s32", ISA_T_S32 }, { "u64", ISA_T_U64 }, { "s64", ISA_T_S64 }, { "f32", ISA_T_F32 }, { "f64", ISA_T_F64 },
  { "b8", ISA_T_B8 }, { "b16", ISA_T_B16 }, { "b32", ISA_T_B32 }, { "b64", ISA_T_B64 },
  { "int", ISA_T_S32 }, { "unsigned", ISA_T_U32 }, { "float", ISA_T_F32 }, { "double", ISA_T_F64 },
  { "char", ISA_T_S8 }, { "short", ISA_T_S16 }, { "long", ISA_T_S64 },
};
static int type_named(const char *n, size_t len) {
  for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
    if (strlen(type_names[i].name) == len && !strncmp(type_names[i].name, n, len)) return type_names[i].type;
  return 0;
}
unsigned dbg_type_bytes(int t) { unsigned b = isa_type_bits(t); return b < 8 ? 1 : b / 8; }

static const struct { const char *name; int space; } space_names[] = {
  { "global", ISA_SP_GLOBAL }, { "shared", ISA_SP_SHARED }, { "local", ISA_SP_LOCAL }, { "param", ISA_SP_PARAM },
  { "const", ISA_SP_CONST }, { "generic", ISA_SP_GENERIC }, { "lin", ISA_SP_LIN }, { "lout", ISA_SP_LOUT },
  { "lmeta", ISA_SP_LMETA },
};
/* A "SPACE:" prefix at *p: its space, *p moved past it; global when there is none. */
int dbg_take_space(const char **p) {
  for (size_t i = 0; i < sizeof space_names / sizeof space_names[0]; i++) {
    size_t n = strlen(space_names[i].name);
    if (!strncmp(*p, space_names[i].name, n) && (*p)[n] == ':') { *p += n + 1; return space_names[i].space; }
  }
  return ISA_SP_GLOBAL;
}

const char *dbg_space_name(int sp) {
  for (size_t i = 0; i < sizeof space_names / sizeof space_names[0]; i++) if (space_names[i].space == sp) return space_names[i].name;
  return "?";
}

/* Host memory behind [space:]addr for the focused lane; NULL with a message. */
uint8_t *dbg_mem_at(dbg *g, int space, uint64_t addr, uint32_t size, int store, char *why, size_t cap) {
  if (g->c) {
    warp *w = dbg_focus_warp(g);
    return emu_locate(g->c, w, g->fl, space, addr, size, store, why, cap);
  }
  if (space == ISA_SP_GLOBAL || space == ISA_SP_GENERIC) {
    emu_alloc *a = emu_find_alloc(g->d, addr, size);
    if (a) return a->data + (addr - a->addr);
    snprintf(why, cap, "%u bytes at 0x%llx are outside every allocation", size, (unsigned long long)addr);
    return NULL;
  }
  snprintf(why, cap, "the %s space exists only while a kernel or subroutine runs", dbg_space_name(space));
  return NULL;
}

static int parse_expr(parser *ps, value *v);

static int read_ident(parser *ps, char *buf, size_t cap) {
  size_t n = 0;
  while (isalnum((unsigned char)*ps->p) || *ps->p == '_' || *ps->p == '$' || *ps->p == '.' || *ps->p == '%') {
    if (n + 1 < cap) buf[n++] = *ps->p;
    ps->p++;
  }
  buf[n] = 0;
  return (int)n;
}

/* A value's bits in one lane (lane >= 0) and its type. */
static int value_bits(parser *ps, const value *v, int lane, uint64_t *bits, int *type) {
  dbg *g = ps->g;
  *type = v->type;
  switch (v->kind) {
  case V_NUM: *bits = v->bits; return 0;
  case V_REG: {
    warp *w = dbg_focus_warp(g);
    if (!w) return perr(ps, "no warp in focus");
    *bits = dbg_sel_frame(g, w)->regs[(size_t)v->slot * WARP + (uint32_t)lane];
    return 0;
  }
  case V_SREG: {
    warp *w = dbg_focus_warp(g);
    if (!w) return perr(ps, "no warp in focus");
    uint64_t all[WARP];
    /* in timing mode the clocks read the cycle of the stop, as an instruction issuing now
     * would (a warp's own clock holds the cycle of its last issue) */
    int64_t cycle = aw_timing_cycle(g->c->d);
    uint64_t clock = w->clock;
    if (cycle >= 0) w->clock = (uint64_t)cycle;
    emu_sreg(g->c, w, v->sreg, v->comp, all);
    w->clock = clock;
    *bits = all[lane];
    return 0;
  }
  case V_MEM: {
    char why[256];
    uint32_t saved = g->fl;
    g->fl = (uint32_t)lane;
    uint8_t *p = dbg_mem_at(g, v->space, v->addr, dbg_type_bytes(v->type), 0, why, sizeof why);
    g->fl = saved;
    if (!p) return perr(ps, "cannot read %s: %s", v->name, why);
    uint64_t x = 0;
    for (unsigned i = 0; i < dbg_type_bytes(v->type); i++) x |= (uint64_t)p[i] << (8 * i);
    *bits = x;
    return 0;
  }
  }
  return -1;
}

int dbg_lane_of(dbg *g, const value *v) { return v->lane >= 0 ? v->lane : (int)g->fl; }

/* A value as a number: integers as u64 (sign-extended), floats as double. */
int dbg_value_number(parser *ps, const value *v, uint64_t *u, double *f, int *is_float) {
  uint64_t bits;
  int t;
  if (v->kind == V_NUM) { *is_float = v->is_float; *u = v->bits; memcpy(f, &v->bits, sizeof *f); return 0; }
  if (v->lane == -2) {   /* (it took the lane in focus's value, silently) */
    int base = (int)strcspn(v->name, "[");
    perr(ps, "%s is every lane, to print: compute with one lane (%.*s[LANE]), or the lane in focus (%.*s)", v->name, base, v->name, base, v->name);
    return -1;
  }
  if (value_bits(ps, v, dbg_lane_of(ps->g, v), &bits, &t)) return -1;
  unsigned w = isa_type_bits(t);
  if (t == ISA_T_F32) { *is_float = 1; *f = emu_bits_f32((uint32_t)bits); return 0; }
  if (t == ISA_T_F64) { *is_float = 1; *f = emu_bits_f64(bits); return 0; }
  *is_float = 0;
  if (isa_type_kind(t) == TK_SGN && w < 64) { uint64_t m = 1ull << (w - 1); bits = (bits ^ m) - m; }
  *u = bits;
  return 0;
}

/* %REGISTER[LANE] (also %REGISTER[*]) and the special registers (%tid.x, ...). */
static int parse_register(parser *ps, value *v) {
  dbg *g = ps->g;
  char id[128];
  if (!read_ident(ps, id, sizeof id)) return perr(ps, "register name expected");
  warp *w = dbg_focus_warp(g);
  /* special registers, with their .x .y .z */
  char base[128];
  snprintf(base, sizeof base, "%s", id);
  uint32_t comp = 0;
  char *dot = strrchr(base, '.');
  if (dot && (!strcmp(dot, ".x") || !strcmp(dot, ".y") || !strcmp(dot, ".z"))) { comp = (uint32_t)(dot[1] - 'x' + 1); *dot = 0; }
  int sr = isa_sreg_lookup(base, strlen(base));
  if (sr >= 0 && (isa_sregs[sr].comps ? comp != 0 : comp == 0)) {
    if (!w) return perr(ps, "no warp in focus: %s has a value only while a kernel runs", id);
    v->kind = V_SREG; v->sreg = (uint32_t)sr; v->comp = comp; v->type = isa_sregs[sr].bits == 64 ? ISA_T_U64 : ISA_T_U32;
  } else {
    if (!w) return perr(ps, "no warp in focus: registers have values only while a kernel runs (break, run)");
    uint32_t f = dbg_sel_frame(g, w)->func;
    int slot = emu_reg_slot(g->c->m, f, id);
    if (slot < 0 && sr >= 0) return perr(ps, "%s takes a component: %s.x, %s.y or %s.z", base, base, base, base);
    if (slot < 0) return perr(ps, "no register %s in %s", id, dbg_fname(g->c->m, f));
    v->kind = V_REG; v->slot = (uint32_t)slot; v->type = g->c->m->funcs[f].slot_type[slot];
  }
  snprintf(v->name, sizeof v->name, "%.63s", id);
  skipws(ps);
  if (*ps->p == '[') {   /* a lane, or * for all */
    ps->p++;
    skipws(ps);
    if (*ps->p == '*') { v->lane = -2; ps->p++; snprintf(v->name, sizeof v->name, "%.50s[*]", id); }
    else {
      value l;
      if (parse_expr(ps, &l)) return -1;
      uint64_t u; double fv; int fl;
      if (dbg_value_number(ps, &l, &u, &fv, &fl)) return -1;
      if (fl || u >= WARP) return perr(ps, "a lane is 0 to 31");
      v->lane = (int)u;
      snprintf(v->name, sizeof v->name, "%.50s[%d]", id, v->lane);
    }
    skipws(ps);
    if (*ps->p != ']') return perr(ps, "']' expected");
    ps->p++;
  }
  return 0;
}

/* $pc, $mask, $active, $lane, $warp: the warp in focus. */
static int parse_dollar(parser *ps, value *v) {
  dbg *g = ps->g;
  char id[128];
  read_ident(ps, id, sizeof id);
  warp *w = dbg_focus_warp(g);
  if (!strcmp(id, "$pc") || !strcmp(id, "$mask") || !strcmp(id, "$lane") || !strcmp(id, "$warp") || !strcmp(id, "$active")) {
    if (!w) return perr(ps, "no warp in focus: %s has a value only while a kernel runs", id);
    uint32_t mask;
    uint32_t pc = dbg_warp_pc(g, w, &mask);
    v->kind = V_NUM; v->type = ISA_T_U32;
    if (!strcmp(id, "$mask") || !strcmp(id, "$active")) v->type = ISA_T_B32;
    if (!strcmp(id, "$pc")) { uint32_t sp = dbg_sel_pc(g, w); v->bits = sp == NO_PC ? 0 : dbg_rel_pc(g->c->m, sp); }   /* (the selected frame's) */
    else if (!strcmp(id, "$lane")) v->bits = g->fl;
    else if (!strcmp(id, "$warp")) {   /* an assist warp's: its parent's, the warp it works for */
      uint32_t pid = w->id;
      v->bits = dbg_assist_parent(g, &pid) ? pid : w->id;
    }
    else if (!strcmp(id, "$active")) {
      v->bits = mask;
      if (pc != NO_PC && g->c->m->code[pc].guard) {   /* the guard as it reads now */
        const emu_insn *in = &g->c->m->code[pc];
        const uint64_t *p = &w->frames[w->nframes - 1].regs[(size_t)in->guard_reg * WARP];
        uint32_t gm = 0;
        for (int l = 0; l < WARP; l++) gm |= (uint32_t)(p[l] & 1) << l;
        v->bits = mask & (in->guard == 2 ? ~gm : gm);
      }
    } else v->bits = mask;
    snprintf(v->name, sizeof v->name, "%.63s", id);
    return 0;
  }
  return perr(ps, "unknown variable %s ($pc $mask $active $lane $warp)", id);
}

static int parse_primary(parser *ps, value *v) {
  dbg *g = ps->g;
  memset(v, 0, sizeof *v);
  v->lane = -1;
  skipws(ps);
  const char *start = ps->p;
  char c = *ps->p;
  if (c == '(') {
    ps->p++;
    if (parse_expr(ps, v)) return -1;
    skipws(ps);
    if (*ps->p != ')') return perr(ps, "')' expected");
    ps->p++;
    return 0;
  }
  if (c == '-' ) {
    ps->p++;
    if (parse_primary(ps, v)) return -1;
    uint64_t u; double f; int fl;
    if (dbg_value_number(ps, v, &u, &f, &fl)) return -1;
    memset(v, 0, sizeof *v);
    v->kind = V_NUM; v->lane = -1; v->is_float = fl;
    /* integers: 0 - u modulo 2^64, a signed result (so -9223372036854775808 is INT64_MIN, and its negation wraps to itself) */
    if (fl) { f = -f; memcpy(&v->bits, &f, sizeof f); v->type = ISA_T_F64; } else { v->bits = 0 - u; v->type = ISA_T_S64; }
    return 0;
  }
  if (c == '&') {
    ps->p++;
    if (parse_primary(ps, v)) return -1;
    if (v->kind != V_MEM) return perr(ps, "'&' takes a memory location ({TYPE}ADDR or BUFFER[INDEX])");
    char nm[64];
    snprintf(nm, sizeof nm, "&%.62s", v->name);
    v->kind = V_NUM; v->bits = v->addr; v->type = ISA_T_B64; v->is_float = 0;
    memcpy(v->name, nm, sizeof nm);
    return 0;
  }
  if (c == '{') {   /* {TYPE} [SPACE:] ADDRESS: a value in memory */
    const char *e = strchr(ps->p, '}');
    if (!e) return perr(ps, "'}' expected after the type");
    int t = type_named(ps->p + 1, (size_t)(e - ps->p - 1));
    if (!t) return perr(ps, "unknown type '%.*s' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64 b8..b64)", (int)(e - ps->p - 1), ps->p + 1);
    ps->p = e + 1;
    skipws(ps);
    int space = dbg_take_space(&ps->p);
    value a;
    if (parse_primary(ps, &a)) return -1;
    uint64_t u; double f; int fl;
    if (dbg_value_number(ps, &a, &u, &f, &fl)) return -1;
    if (fl) return perr(ps, "an address must be an integer");
    memset(v, 0, sizeof *v);
    v->kind = V_MEM; v->type = t; v->space = space; v->addr = u; v->lane = -1;
    snprintf(v->name, sizeof v->name, "{%s} %s%s0x%llx", isa_type_name(t), space == ISA_SP_GLOBAL ? "" : dbg_space_name(space),
             space == ISA_SP_GLOBAL ? "" : ":", (unsigned long long)u);
    return 0;
  }
  if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)ps->p[1]))) {
    char *end;
    if (c == '0' && (ps->p[1] == 'f' || ps->p[1] == 'F') && isxdigit((unsigned char)ps->p[2])) {   /* 0f3f800000: f32 bits */
      uint64_t b = strtoull(ps->p + 2, &end, 16);
      if (end - (ps->p + 2) != 8) return perr(ps, "bad number '%.*s': 0f takes exactly 8 hex digits (the f32's bits)", (int)(end - ps->p), ps->p);
      double f = emu_bits_f32((uint32_t)b);
      memcpy(&v->bits, &f, sizeof f);
      v->kind = V_NUM; v->is_float = 1; v->type = ISA_T_F64;
      ps->p = end;
      return 0;
    }
    errno = 0;
    uint64_t u = strtoull(ps->p, &end, 0);
    if (*end == '.' || *end == 'e' || *end == 'E') {
      errno = 0;
      double f = strtod(ps->p, &end);
      if (errno == ERANGE && isinf(f))
        return perr(ps, "number out of range: '%.*s' is beyond the largest f64 (about 1.8e308)", (int)(end - ps->p), ps->p);
      memcpy(&v->bits, &f, sizeof f);
      v->kind = V_NUM; v->is_float = 1; v->type = ISA_T_F64;
    } else {
      if (errno) return perr(ps, "number out of range: '%.*s' does not fit in 64 bits (at most 18446744073709551615)", (int)(end - ps->p), ps->p);
      /* a literal is s64 when it fits, else u64 */
      v->kind = V_NUM; v->bits = u; v->type = u > (uint64_t)INT64_MAX ? ISA_T_U64 : ISA_T_S64;
    }
    ps->p = end;
    if (isalnum((unsigned char)*ps->p)) {
      const char *e = ps->p;
      while (isalnum((unsigned char)*e) || *e == '.') e++;
      return perr(ps, "bad number '%.*s'", (int)(e - start), start);
    }
    return 0;
  }
  char id[128];
  if (c == '%') return parse_register(ps, v);
  if (c == '$') return parse_dollar(ps, v);
  if (isalpha((unsigned char)c) || c == '_') {
    read_ident(ps, id, sizeof id);
    /* a buffer of the script, or a module's .global/.const variable: its address */
    uint64_t addr = 0, count = 0, bytes = 0;
    int type = ISA_T_U8, found = 0;
    for (int i = 0;; i++) {
      uint64_t a, n;
      int t;
      const char *bn = dbg_buffer(g, i, &a, &n, &t);
      if (!bn) break;
      if (!strcmp(bn, id)) { addr = a; count = n; type = t; found = 1; }
    }
    if (!found) {
      aw_module **mods;
      int nm = dbg_nmodules(g, &mods);
      for (int i = nm; i-- > 0 && !found;) if (!aw_module_symbol(mods[i], id, &addr, &bytes)) { found = 1; count = bytes; type = ISA_T_U8; }
    }
    if (!found) return perr(ps, "no buffer or variable named '%s'", id);
    skipws(ps);
    if (*ps->p == '[') {
      ps->p++;
      value ix;
      if (parse_expr(ps, &ix)) return -1;
      uint64_t u; double f; int fl;
      if (dbg_value_number(ps, &ix, &u, &f, &fl)) return -1;
      skipws(ps);
      if (*ps->p != ']') return perr(ps, "']' expected");
      ps->p++;
      if (fl) return perr(ps, "an index into '%s' must be an integer", id);
      if (u >= count) return perr(ps, "index %llu is outside '%s' (%llu elements)", (unsigned long long)u, id, (unsigned long long)count);
      memset(v, 0, sizeof *v);
      v->kind = V_MEM; v->type = type; v->space = ISA_SP_GLOBAL; v->addr = addr + u * dbg_type_bytes(type); v->lane = -1;
      v->left = count - u;
      snprintf(v->name, sizeof v->name, "%.40s[%llu]", id, (unsigned long long)u);
      return 0;
    }
    v->kind = V_NUM; v->bits = addr; v->type = ISA_T_B64;
    snprintf(v->name, sizeof v->name, "%.63s", id);
    return 0;
  }
  if (!c) return perr(ps, "an expression is missing");
  return perr(ps, "unexpected '%c'", c);
}

/* A float as a 64-bit integer (toward zero); -1 when it has none (NaN, infinite or beyond
 * the s64 range: a C conversion would be undefined). */
int dbg_float_to_int(double f, uint64_t *u) {
  if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0)) return -1;
  *u = (uint64_t)(int64_t)f;
  return 0;
}

/* An integer value's number as a double: u64 values are unsigned, the others signed. */
double dbg_int_to_double(uint64_t u, int type) { return type == ISA_T_U64 ? (double)u : (double)(int64_t)u; }

/* v = v OP r, as numbers: floats when either is one, else 64-bit integers. */
static int arith(parser *ps, value *v, char op, const value *r) {
  uint64_t a, b; double fa, fb; int la, lb;
  if (dbg_value_number(ps, v, &a, &fa, &la) || dbg_value_number(ps, r, &b, &fb, &lb)) return -1;
  value out;
  memset(&out, 0, sizeof out);
  out.kind = V_NUM; out.lane = -1;
  if (la || lb) {
    double x = la ? fa : dbg_int_to_double(a, v->type), y = lb ? fb : dbg_int_to_double(b, r->type);
    double z = op == '+' ? x + y : op == '-' ? x - y : x * y;
    memcpy(&out.bits, &z, sizeof z);
    out.is_float = 1; out.type = ISA_T_F64;
  } else {
    /* modulo 2^64, as C's unsigned arithmetic (never signed overflow) */
    out.bits = op == '+' ? a + b : op == '-' ? a - b : a * b;
    /* an address stays one; a u64 operand makes the result u64 (as in C); else s64 */
    out.type = v->type == ISA_T_B64 || r->type == ISA_T_B64 ? ISA_T_B64 : v->type == ISA_T_U64 || r->type == ISA_T_U64 ? ISA_T_U64 : ISA_T_S64;
  }
  *v = out;
  return 0;
}

/* term := primary ('*' primary)*;  expr := term (('+' | '-') term)* */
static int parse_term(parser *ps, value *v) {
  if (parse_primary(ps, v)) return -1;
  for (;;) {
    skipws(ps);
    if (*ps->p != '*') return 0;
    ps->p++;
    value r;
    if (parse_primary(ps, &r) || arith(ps, v, '*', &r)) return -1;
  }
}

static int parse_expr(parser *ps, value *v) {
  if (parse_term(ps, v)) return -1;
  for (;;) {
    skipws(ps);
    char op = *ps->p;
    if (op != '+' && op != '-') return 0;
    ps->p++;
    value r;
    if (parse_term(ps, &r) || arith(ps, v, op, &r)) return -1;
  }
}

/* Parses all of 'text' as one expression. */
int dbg_eval(dbg *g, const char *text, value *v, char *why, size_t cap) {
  parser ps = { g, text, "" };
  if (parse_expr(&ps, v) == 0) {
    skipws(&ps);
    if (*ps.p) perr(&ps, "unexpected '%s' after the expression", ps.p);
  }
  if (ps.err[0]) { snprintf(why, cap, "%s", ps.err); return -1; }
  if (!v->name[0]) snprintf(v->name, sizeof v->name, "%s", text);
  return 0;
}

/* ---- printing values ---- */

void dbg_format_bits(uint64_t bits, int type, char fmt, char *buf, size_t cap) {
  unsigned w = isa_type_bits(type);
  if (w == 0 || w > 64) w = 64;
  if (type == ISA_T_PRED) w = 1;
  uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
  bits &= m;
  int kind = isa_type_kind(type);
  if (!fmt) fmt = kind == TK_FLT ? 'f' : kind == TK_SGN ? 'd' : kind == TK_BIT ? 'x' : 'u';
  switch (fmt) {
  case 'x': snprintf(buf, cap, "0x%llx", (unsigned long long)bits); break;
  case 'o': snprintf(buf, cap, "0%llo", (unsigned long long)bits); break;
  case 'u': snprintf(buf, cap, "%llu", (unsigned long long)bits); break;
  case 'd': {
    int64_t s = (int64_t)bits;
    if (w < 64) { uint64_t sb = 1ull << (w - 1); s = (int64_t)((bits ^ sb) - sb); }
    snprintf(buf, cap, "%lld", (long long)s);
    break;
  }
  case 't': {
    size_t n = 0;
    int started = 0;
    for (int i = (int)w - 1; i >= 0 && n + 2 < cap; i--) {
      int b = (int)(bits >> i & 1);
      if (b) started = 1;
      if (started || i == 0) buf[n++] = (char)('0' + b);
    }
    buf[n] = 0;
    break;
  }
  case 'c': snprintf(buf, cap, "%llu '%c'", (unsigned long long)bits, isprint((int)(bits & 0xff)) ? (int)(bits & 0xff) : '?'); break;
  case 'f':
    if (w == 32) snprintf(buf, cap, "%.9g", emu_bits_f32((uint32_t)bits));
    else if (w == 64) snprintf(buf, cap, "%.17g", emu_bits_f64(bits));
    else dbg_format_bits(bits, type, kind == TK_SGN ? 'd' : 'u', buf, cap);
    break;
  default: snprintf(buf, cap, "0x%llx", (unsigned long long)bits);
  }
}

int dbg_valid_fmt(char f) { return f == 0 || strchr("xduotfc", f) != NULL; }

/* Prints a value: one lane, or every lane of the focused warp (lane -2). */
int dbg_print_value(dbg *g, const value *v, char fmt, const char *lead) {
  parser ps = { g, "", "" };
  if (v->kind == V_NUM) {
    char buf[128];
    if (v->is_float) {
      double f;
      memcpy(&f, &v->bits, sizeof f);
      uint64_t iv;
      if (fmt && fmt != 'f' && dbg_float_to_int(f, &iv)) return dbg_err("%.17g has no 64-bit integer value to print in /%c", f, fmt);
      if (fmt && fmt != 'f') dbg_format_bits(iv, ISA_T_S64, fmt, buf, sizeof buf);
      else snprintf(buf, sizeof buf, "%.17g", f);
    } else dbg_format_bits(v->bits, v->type ? v->type : ISA_T_U64, fmt, buf, sizeof buf);
    printf("%s%s = %s\n", lead, v->name, buf);
    return DR_OK;
  }
  if (v->lane == -2) {
    warp *w = dbg_focus_warp(g);
    uint32_t mask;
    dbg_warp_pc(g, w, &mask);
    printf("%s%s = (lanes in parentheses are inactive)\n", lead, v->name);
    char cells[WARP][64];
    size_t widest = 0;
    for (int l = 0; l < WARP; l++) {
      uint64_t bits;
      int t;
      if (value_bits(&ps, v, l, &bits, &t)) return dbg_err("%s", ps.err);
      char b[48];
      dbg_format_bits(bits, t, fmt, b, sizeof b);
      snprintf(cells[l], sizeof cells[l], (mask >> l & 1) ? "%s" : "(%s)", b);
      if (strlen(cells[l]) > widest) widest = strlen(cells[l]);
    }
    int per = widest > 14 ? 4 : 8;
    for (int l = 0; l < WARP; l += per) {
      printf("  [%2d-%2d]", l, l + per - 1);
      for (int k = l; k < l + per; k++) printf(" %*s", (int)widest, cells[k]);
      printf("\n");
    }
    return DR_OK;
  }
  uint64_t bits;
  int t;
  if (value_bits(&ps, v, dbg_lane_of(g, v), &bits, &t)) return dbg_err("%s", ps.err);
  char b[96];
  dbg_format_bits(bits, t, fmt, b, sizeof b);
  if ((v->kind == V_REG || v->kind == V_SREG) && v->lane < 0) printf("%s%s = %s  (lane %u)\n", lead, v->name, b, g->fl);
  else printf("%s%s = %s\n", lead, v->name, b);
  return DR_OK;
}

/* "/x" at the start of args: the format letter; 0 when none.  -1 on a bad one. */
int dbg_take_format(char **args, char *fmt, char *fmtbuf, size_t cap) {
  char *p = *args;
  while (isspace((unsigned char)*p)) p++;
  *fmt = 0;
  if (fmtbuf) fmtbuf[0] = 0;
  if (*p != '/') { *args = p; return 0; }
  char *e = p + 1;
  while (*e && !isspace((unsigned char)*e)) e++;
  if (fmtbuf) snprintf(fmtbuf, cap, "%.*s", (int)(e - p - 1), p + 1);
  if (e - p == 2) *fmt = p[1];
  else *fmt = '?';
  *args = e;
  return 0;
}

#define ARTIFICIAL_MAX 4096   /* elements print LVALUE@N shows at most */

/* The '@' of gdb's artificial array at the top level of text (not in brackets); NULL when none. */
static char *top_level_at(char *text) {
  int depth = 0;
  for (char *p = text; *p; p++) {
    if (*p == '(' || *p == '[' || *p == '{') depth++;
    else if ((*p == ')' || *p == ']' || *p == '}') && depth) depth--;
    else if (*p == '@' && !depth) return p;
  }
  return NULL;
}

/* print LVALUE@N: N consecutive elements of LVALUE's type from its address (gdb's artificial array). */
static int print_artificial(dbg *g, char *text, char *at, char fmt) {
  *at = 0;
  char *lhs = dbg_trim(text), *rhs = dbg_trim(at + 1);
  char why[256];
  value v, nv;
  if (!*lhs || !*rhs) return DR_USAGE;
  if (dbg_eval(g, lhs, &v, why, sizeof why)) return dbg_err("%s", why);
  if (v.kind != V_MEM) return dbg_err("'@' takes a memory location on its left (BUFFER[INDEX] or {TYPE}ADDRESS), not %s", lhs);
  if (dbg_eval(g, rhs, &nv, why, sizeof why)) return dbg_err("%s", why);
  if (nv.kind != V_NUM || nv.is_float || nv.bits == 0 || nv.bits > ARTIFICIAL_MAX || (nv.type != ISA_T_U64 && (int64_t)nv.bits < 0))
    return dbg_err("the count after '@' must be 1 to %d elements, not %s", ARTIFICIAL_MAX, rhs);
  uint64_t n = nv.bits;
  if (v.left && n > v.left)
    return dbg_err("%s@%llu runs past the end of its buffer: %llu element%s from there", v.name, (unsigned long long)n, (unsigned long long)v.left, v.left == 1 ? "" : "s");
  unsigned bytes = dbg_type_bytes(v.type);
  if (v.addr + (n - 1) * bytes < v.addr) return dbg_err("%s@%llu wraps past the end of the address space", v.name, (unsigned long long)n);
  parser ps = { g, "", "" };
  char line[64];
  printf("%s@%llu = {", v.name, (unsigned long long)n);
  value e = v;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t bits;
    int t;
    e.addr = v.addr + i * bytes;
    if (value_bits(&ps, &e, dbg_lane_of(g, &e), &bits, &t)) { printf("...}\n"); return dbg_err("%s", ps.err); }
    dbg_format_bits(bits, t, fmt, line, sizeof line);
    printf("%s%s", i ? ", " : "", line);
  }
  printf("}\n");
  return DR_OK;
}

int dbg_cmd_print(dbg *g, char *args) {
  char fmt;
  dbg_take_format(&args, &fmt, NULL, 0);
  if (!dbg_valid_fmt(fmt)) return DR_USAGE;
  char *text = dbg_trim(args);
  if (!*text) return DR_USAGE;
  /* the run-script form, a buffer's elements: print BUFFER [FIRST [COUNT]] */
  char copy[1100];   /* a command line is at most 1023 characters (debug.c's repl) */
  snprintf(copy, sizeof copy, "%s", text);
  char *p = copy, *name = dbg_word(&p), *t;
  int plain = !fmt;
  while (plain && (t = dbg_word(&p))) for (char *q = t; *q; q++) if (!isalnum((unsigned char)*q)) plain = 0;
  uint64_t a, n;
  int ty;
  for (int i = 0; plain && dbg_buffer(g, i, &a, &n, &ty); i++)
    if (!strcmp(dbg_buffer(g, i, &a, &n, &ty), name)) {
      char line[1200];
      snprintf(line, sizeof line, "print %s", text);
      return aw_session_exec(g->s, line, "") ? DR_ERR : DR_OK;
    }
  char *at = top_level_at(text);
  if (at) return print_artificial(g, text, at, fmt);
  char why[256];
  value v;
  if (dbg_eval(g, text, &v, why, sizeof why)) return dbg_err("%s", why);
  return dbg_print_value(g, &v, fmt, "");
}
