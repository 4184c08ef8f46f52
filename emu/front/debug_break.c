/* emu/front/debug_break.c -- breakpoints and watchpoints: the pcs a location names, the
 * per-module maps the hook reads, conditions, what a stop at one reports, pending watchpoints
 * placed as their buffer is allocated, and the commands break, tbreak, watch, delete, disable,
 * enable, condition, info breakpoints and info watchpoints (see debug_int.h).
 */
#include "debug_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- breakpoint locations ---- */

/* The name a C++ (Itanium ABI) mangled function name has in its source, qualified: "ns::scale"
 * for _ZN2ns5scaleEPfi, "vecadd" for _Z6vecaddPKfS1_Pfi; 0, or -1 when name is not mangled so. */
static int source_name(const char *name, char *buf, size_t cap) {
  if (strncmp(name, "_Z", 2)) return -1;
  const char *p = name + 2;
  int nested = *p == 'N';
  if (nested) { p++; while (*p == 'r' || *p == 'V' || *p == 'K') p++; }
  else if (*p == 'L') p++;   /* internal linkage */
  size_t used = 0;
  buf[0] = 0;
  do {
    if (!isdigit((unsigned char)*p)) return -1;
    char *end;
    unsigned long n = strtoul(p, &end, 10);
    if (!n || strnlen(end, n) < n || used + n + 3 > cap) return -1;
    used += (size_t)snprintf(buf + used, cap - used, "%s%.*s", used ? "::" : "", (int)n, end);
    p = end + n;
  } while (nested && *p != 'E' && *p);
  return nested && *p != 'E' ? -1 : 0;
}

/* Whether function f of m is called name[0..len) in its source (a C++ function: qualified or
 * not), when that is not its own name. */
int dbg_source_named(aw_module *m, uint32_t f, const char *name, size_t len) {
  char src[512];
  if (source_name(dbg_fname(m, f), src, sizeof src)) return 0;
  const char *last = strrchr(src, ':');
  return (strlen(src) == len && !strncmp(src, name, len)) || (last && strlen(last + 1) == len && !strncmp(last + 1, name, len));
}

/* The pcs of module m that 'spec' names: FUNC, FUNC:LABEL, LABEL, FILE:LINE,
 * LINE, *PC or *FUNC+PC.  Returns how many were written (at most max). */
uint32_t dbg_resolve_in(dbg *g, aw_module *m, const char *spec, uint32_t *pcs, uint32_t max) {
  const isa_image *img = &m->img;
  uint32_t n = 0;
  if (spec[0] == '*') {
    const char *p = spec + 1;
    uint32_t f;
    const char *plus = strchr(p, '+');
    char *end;
    if (isdigit((unsigned char)*p)) {
      aw_module *cm = NULL;
      int cf = dbg_current_func(g, &cm);
      if (cf < 0 || cm != m) return 0;
      f = (uint32_t)cf;
    } else {
      size_t len = plus ? (size_t)(plus - p) : strlen(p);
      for (f = 0; f < img->nfuncs; f++) if (strlen(dbg_fname(m, f)) == len && !strncmp(dbg_fname(m, f), p, len)) break;
      for (uint32_t k = 0; f == img->nfuncs && k < img->nfuncs; k++)   /* *vecadd+3: a C++ function by its source name */
        if (img->funcs[k].has_body && dbg_source_named(m, k, p, len)) f = k;
      if (f == img->nfuncs || !img->funcs[f].has_body) return 0;
      p = plus ? plus + 1 : p + len;
      if (!*p) p = "0";
    }
    unsigned long pc = strtoul(p, &end, 0);
    if (*end || pc >= m->funcs[f].ninsn) return 0;
    pcs[0] = m->funcs[f].first_pc + (uint32_t)pc;
    return 1;
  }
  const char *colon = strrchr(spec, ':');
  int all_digits = 1;
  const char *num = colon ? colon + 1 : spec;
  if (!*num) all_digits = 0;
  for (const char *q = num; *q; q++) if (!isdigit((unsigned char)*q)) all_digits = 0;
  if (all_digits) {   /* FILE:LINE or LINE: the first pc of each run of pcs on that line */
    unsigned long line = strtoul(num, NULL, 10);
    uint32_t want_file = 0;
    if (colon) {
      size_t fl = (size_t)(colon - spec);
      for (uint32_t i = 0; i < img->nfiles && !want_file; i++) {
        const char *fn = isa_str(img, img->files[i]);
        size_t l = strlen(fn);
        const char *base = strrchr(fn, '/');
        base = base ? base + 1 : fn;
        if ((l == fl && !strncmp(fn, spec, fl)) || (strlen(base) == fl && !strncmp(base, spec, fl)) ||
            (l > fl && fn[l - fl - 1] == '/' && !strncmp(fn + l - fl, spec, fl)))
          want_file = i + 1;
      }
      if (!want_file) return 0;
    } else {
      aw_module *cm = NULL;
      int cf = dbg_current_func(g, &cm);
      if (cf < 0 || cm != m) return 0;
      warp *w = dbg_focus_warp(g);
      uint32_t pc = w ? dbg_sel_pc(g, w) : NO_PC;
      want_file = pc != NO_PC ? dbg_line_of(m, pc)->file : img->lines[m->funcs[cf].first_pc < m->ncode ? m->code[m->funcs[cf].first_pc].line : 0].file;
    }
    for (uint32_t pc = 0; pc < m->ncode && n < max; pc++) {
      const isa_line *ln = dbg_line_of(m, pc);
      if (ln->file != want_file || ln->line != line) continue;
      if (pc > 0 && dbg_func_of(m, pc - 1) == dbg_func_of(m, pc)) {
        const isa_line *prev = dbg_line_of(m, pc - 1);
        if (prev->file == ln->file && prev->line == ln->line) continue;
      }
      pcs[n++] = pc;
    }
    return n;
  }
  if (colon) {   /* FUNC:LABEL */
    size_t fl = (size_t)(colon - spec);
    for (uint32_t i = 0; i < img->nlabels && n < max; i++) {
      const isa_label *lb = &img->labels[i];
      const char *fn = dbg_fname(m, lb->func);
      if (strlen(fn) == fl && !strncmp(fn, spec, fl) && !strcmp(isa_str(img, lb->name), colon + 1))
        pcs[n++] = m->funcs[lb->func].first_pc + lb->pc;
    }
    return n;
  }
  for (uint32_t f = 0; f < img->nfuncs && n < max; f++)
    if (img->funcs[f].has_body && !strcmp(dbg_fname(m, f), spec)) pcs[n++] = m->funcs[f].first_pc;
  if (n) return n;
  for (uint32_t i = 0; i < img->nlabels && n < max; i++)
    if (!strcmp(isa_str(img, img->labels[i].name), spec)) pcs[n++] = m->funcs[img->labels[i].func].first_pc + img->labels[i].pc;
  if (n) return n;
  /* a C++ function by its source name (nvcc's PTX has the mangled one: break vecadd for
   * _Z6vecaddPKfS1_Pfi), qualified or not; every overload */
  for (uint32_t f = 0; f < img->nfuncs && n < max; f++)
    if (img->funcs[f].has_body && dbg_source_named(m, f, spec, strlen(spec))) pcs[n++] = m->funcs[f].first_pc;
  return n;
}

/* at[pc]: 1 a breakpoint of ours, 2 a brkpt instruction (it stops like one, as in cuda-gdb). */
static void map_rebuild(dbg *g, modmap *mm) {
  memset(mm->at, 0, mm->m->ncode ? mm->m->ncode : 1);
  for (uint32_t pc = 0; pc < mm->m->ncode; pc++) if (mm->m->code[pc].op == ISA_OP_BRKPT) mm->at[pc] = 2;
  for (int i = 0; i < g->nbps; i++) {
    breakpoint *b = &g->bps[i];
    if (b->kind != BP_BREAK || !b->enabled) continue;
    for (uint32_t k = 0; k < b->nlocs; k++) if (b->locs[k].m == mm->m) mm->at[b->locs[k].pc] |= 1;
  }
}

static void bp_resolve(dbg *g, breakpoint *b, aw_module *m) {
  uint32_t pcs[256];
  uint32_t n = dbg_resolve_in(g, m, b->spec, pcs, 256);
  for (uint32_t k = 0; k < b->nlocs; k++) if (b->locs[k].m == m) return;   /* already */
  if (!n) return;
  b->locs = realloc(b->locs, (b->nlocs + n) * sizeof *b->locs);
  for (uint32_t k = 0; k < n; k++) { b->locs[b->nlocs].m = m; b->locs[b->nlocs].pc = pcs[k]; b->nlocs++; }
}

/* The breakpoint map of module m, made (and every breakpoint resolved in m) the first time m is seen. */
modmap *dbg_map_of(dbg *g, aw_module *m) {
  for (int i = 0; i < g->nmaps; i++) if (g->maps[i].m == m) return &g->maps[i];
  g->maps = realloc(g->maps, (size_t)(g->nmaps + 1) * sizeof *g->maps);
  modmap *mm = &g->maps[g->nmaps++];
  mm->m = m;
  mm->at = calloc(m->ncode ? m->ncode : 1, 1);
  for (int i = 0; i < g->nbps; i++) if (g->bps[i].kind == BP_BREAK) bp_resolve(g, &g->bps[i], m);
  map_rebuild(g, mm);
  g->last_m = NULL;
  return mm;
}

void dbg_maps_rebuild(dbg *g) {
  for (int i = 0; i < g->nmaps; i++) map_rebuild(g, &g->maps[i]);
  g->last_m = NULL;
}

void dbg_maps_clear(dbg *g) {
  for (int i = 0; i < g->nmaps; i++) free(g->maps[i].at);
  free(g->maps);
  g->maps = NULL;
  g->nmaps = 0;
  g->last_m = NULL;
  for (int i = 0; i < g->nbps; i++) { free(g->bps[i].locs); g->bps[i].locs = NULL; g->bps[i].nlocs = 0; }
}

/* Tells the executor which global ranges to note stores to. */
void dbg_watch_range(dbg *g) {
  aw_device *d = g->d;
  uint64_t lo = UINT64_MAX, hi = 0;
  d->nwatch = 0;
  for (int i = 0; i < g->nbps; i++) {
    breakpoint *b = &g->bps[i];
    if (b->kind != BP_WATCH || !b->enabled || b->pending || d->nwatch == EMU_MAX_WATCH) continue;
    d->wlo[d->nwatch] = b->addr;
    d->whi[d->nwatch] = b->addr + b->size;
    d->nwatch++;
    if (b->addr < lo) lo = b->addr;
    if (b->addr + b->size > hi) hi = b->addr + b->size;
  }
  d->watch_lo = hi ? lo : 0;
  d->watch_hi = hi;
  d->watch_hit = 0;
  for (uint32_t k = 0; k < EMU_MAX_WATCH; k++) d->wlast[k].written = 0;
}

/* ---- conditions ---- */

static const char *const cmp_ops[] = { "==", "!=", "<=", ">=", "<", ">" };
static const int cmp_code[] = { 0, 1, 3, 5, 2, 4 };

/* Parses "REGISTER[LANE] OP VALUE" once, when the condition is set: the register's
 * form, the operator and the value (a number, kept parsed).  Whether the register
 * exists is checked against the breakpoint's functions by cond_check_reg. */
static int parse_condition(dbg *g, const char *text, condition *c, char *why, size_t cap) {
  memset(c, 0, sizeof *c);
  const char *p = text;
  while (isspace((unsigned char)*p)) p++;
  const char *op = NULL;
  int k = -1;
  for (const char *q = p; *q && !op; q++)
    for (int i = 0; i < 6; i++) if (!strncmp(q, cmp_ops[i], strlen(cmp_ops[i]))) { op = q; k = i; break; }
  if (!op || *p != '%') { snprintf(why, cap, "a condition is REGISTER[LANE] OP NUMBER, OP one of == != < <= > >="); return -1; }
  size_t rl = (size_t)(op - p);
  while (rl && isspace((unsigned char)p[rl - 1])) rl--;
  if (rl >= sizeof c->reg) { snprintf(why, cap, "register name too long"); return -1; }
  memcpy(c->reg, p, rl);
  c->reg[rl] = 0;
  c->lane = -1;
  char *br = strchr(c->reg, '[');
  if (br) {
    char *end;
    unsigned long l = strtoul(br + 1, &end, 10);
    if (end == br + 1 || *end != ']' || end[1] || l >= WARP) { snprintf(why, cap, "a lane is [0] to [31]"); return -1; }
    c->lane = (int)l;
    *br = 0;
  }
  size_t nl = strlen(c->reg);
  int ok = nl >= 2;
  for (size_t i = 1; i < nl; i++) if (!isalnum((unsigned char)c->reg[i]) && c->reg[i] != '_' && c->reg[i] != '.' && c->reg[i] != '$') ok = 0;
  if (!ok) { snprintf(why, cap, "bad register '%s' in the condition (a condition is REGISTER[LANE] OP NUMBER)", c->reg); return -1; }
  const char *v = op + strlen(cmp_ops[k]);
  while (isspace((unsigned char)*v)) v++;
  if (strlen(v) >= sizeof c->value) { snprintf(why, cap, "the condition's value is too long (at most %zu characters)", sizeof c->value - 1); return -1; }
  snprintf(c->value, sizeof c->value, "%s", v);
  size_t vl = strlen(c->value);
  while (vl && isspace((unsigned char)c->value[vl - 1])) c->value[--vl] = 0;
  if (!vl) { snprintf(why, cap, "the condition has no value to compare with"); return -1; }
  value want;
  char ew[200];
  if (dbg_eval(g, c->value, &want, ew, sizeof ew)) { snprintf(why, cap, "bad value '%s' in the condition: %s", c->value, ew); return -1; }
  if (want.kind != V_NUM) { snprintf(why, cap, "the condition's value '%s' must be a number", c->value); return -1; }
  c->want = want.bits;
  c->want_float = want.is_float;
  c->want_type = want.type;
  c->op = cmp_code[k];
  c->present = 1;
  return 0;
}

/* Whether the condition's register exists where breakpoint spec stops: 1 yes (or a
 * special register), 0 no known module has the place yet (checked at the hit), -1 no:
 * why says so. */
static int cond_check_reg(dbg *g, const char *spec, const condition *c, char *why, size_t cap) {
  char base[64];
  snprintf(base, sizeof base, "%s", c->reg);
  char *dot = strrchr(base, '.');
  int comp = dot && (!strcmp(dot, ".x") || !strcmp(dot, ".y") || !strcmp(dot, ".z"));
  if (comp) *dot = 0;
  int sr = isa_sreg_lookup(base, strlen(base));
  if (sr >= 0 && (isa_sregs[sr].comps ? comp : !comp)) return 1;
  aw_module **mods;
  int nm = dbg_known_modules(g, &mods);
  int placed = 0;
  const char *fn = NULL;
  for (int i = 0; i < nm; i++) {
    uint32_t pcs[256];
    uint32_t n = dbg_resolve_in(g, mods[i], spec, pcs, 256);
    for (uint32_t k = 0; k < n; k++) {
      placed = 1;
      uint32_t f = dbg_func_of(mods[i], pcs[k]);
      if (emu_reg_slot(mods[i], f, c->reg) >= 0) return 1;
      fn = dbg_fname(mods[i], f);
    }
  }
  if (!placed) return 0;
  if (sr >= 0) snprintf(why, cap, "%s takes %s", base, isa_sregs[sr].comps ? "a component: .x, .y or .z" : "no component");
  else snprintf(why, cap, "no register %s in %s (the condition's register)", c->reg, fn);
  return -1;
}

/* Compares a register's value a (of type at) with a number b, as C does a register of that
 * type with an int or long literal: an unsigned 32-bit register with a negative int (b within
 * 32 bits) and an unsigned 64-bit one with any number compare unsigned, modulo 2^32 or 2^64
 * (%r == -1 holds for 0xffffffff); else as 64-bit signed numbers (narrower unsigned types
 * promote to int, as in C). */
static int compare_num(int op, int fl, uint64_t a, double fa, int at, uint64_t b, double fb) {
  if (fl) {
    switch (op) { case 0: return fa == fb; case 1: return fa != fb; case 2: return fa < fb; case 3: return fa <= fb; case 4: return fa > fb; default: return fa >= fb; }
  }
  int uns = isa_type_kind(at) == TK_UNS || isa_type_kind(at) == TK_BIT;
  unsigned w = isa_type_bits(at);
  if (uns && (w == 64 || (w == 32 && (int64_t)b < 0 && (int64_t)b >= INT32_MIN))) {
    uint64_t x = a, y = w == 32 ? (uint32_t)b : b;
    switch (op) { case 0: return x == y; case 1: return x != y; case 2: return x < y; case 3: return x <= y; case 4: return x > y; default: return x >= y; }
  }
  int64_t x = (int64_t)a, y = (int64_t)b;
  switch (op) { case 0: return x == y; case 1: return x != y; case 2: return x < y; case 3: return x <= y; case 4: return x > y; default: return x >= y; }
}

/* Whether the condition holds in warp w (0 no, 1 yes with *lane set, -1 it cannot be evaluated). */
static int condition_holds(dbg *g, const condition *c, warp *w, uint32_t active, uint32_t *lane, char *why, size_t cap) {
  uint32_t sfw = g->fw, sfl = g->fl;
  uint64_t sser = g->focus_serial;
  cta *sfc = g->focus_c;
  g->fw = w->id;
  int result = 0;
  value reg;
  if (dbg_eval(g, c->reg, &reg, why, cap)) { result = -1; goto out; }
  parser ps = { g, "", "" };
  uint64_t wb = c->want; double wf = 0; int wfl = c->want_float;
  if (wfl) memcpy(&wf, &c->want, sizeof wf);
  for (uint32_t l = 0; l < WARP; l++) {
    if (c->lane >= 0 ? (int)l != c->lane : !(active >> l & 1)) continue;
    g->fl = l;
    uint64_t a; double fa; int fl;
    if (dbg_value_number(&ps, &reg, &a, &fa, &fl)) { snprintf(why, cap, "%s", ps.err); result = -1; goto out; }
    int floating = fl || wfl;
    if (floating) { if (!fl) fa = dbg_int_to_double(a, reg.type); if (!wfl) wf = dbg_int_to_double(wb, c->want_type); }
    if (compare_num(c->op, floating, a, fa, reg.type, wb, wf)) { *lane = l; result = 1; goto out; }
  }
out:
  g->fw = sfw; g->fl = sfl; g->focus_serial = sser; g->focus_c = sfc;
  return result;
}

/* ---- stopping at breakpoints and watchpoints ---- */

/* Reports the watchpoints whose location a store wrote, also when it wrote
 * the value the location held (a racing store of the same value is worth
 * seeing).  Returns how many. */
int dbg_check_watches(dbg *g) {
  aw_device *d = g->d;
  d->watch_hit = 0;
  int changed = 0;
  uint32_t k = 0;   /* the watched range of b, in the order watch_range gave them */
  for (int i = 0; i < g->nbps; i++) {
    breakpoint *b = &g->bps[i];
    if (b->kind != BP_WATCH || !b->enabled || b->pending) continue;
    uint32_t wk = k++;
    emu_alloc *a = emu_find_alloc(d, b->addr, b->size);
    if (!a) continue;
    const uint8_t *now = a->data + (b->addr - a->addr);
    int written = wk < d->nwatch && d->wlast[wk].written;
    if (wk < d->nwatch) d->wlast[wk].written = 0;
    if (!written) continue;   /* a store to a neighbour of the range */
    uint64_t ov = 0, nv = 0;
    for (unsigned j = 0; j < b->size && j < sizeof b->old; j++) { ov |= (uint64_t)b->old[j] << (8 * j); nv |= (uint64_t)now[j] << (8 * j); }
    char os[96], ns[96];
    dbg_format_bits(ov, b->type, 0, os, sizeof os);
    dbg_format_bits(nv, b->type, 0, ns, sizeof ns);
    b->hits++;
    printf("\nHardware watchpoint %d: %s\n\nOld value = %s\nNew value = %s\n", b->id, b->spec, os, ns);
    if (g->c && wk < d->nwatch) {
      char wt[600];
      dbg_where_text(g->c->m, d->wlast[wk].pc, wt, sizeof wt);
      const cta *by = d->wlast[wk].by;
      uint32_t pid = d->wlast[wk].warp;   /* an assist warp's is its runner's warp 0: its parent's is asked for */
      char who[160];
      const cta *pc_ = NULL;
      int assist = by && by->line, parent = assist && dbg_assist_of(g, by, &pc_, &pid);
      aw_dim3 blk = d->wlast[wk].cta;   /* (an assist warp's own is its runner's, (0,0,0): its parent's is the one to name) */
      if (pc_) blk = pc_->cta;
      snprintf(who, sizeof who, "%sblock (%u,%u,%u)", assist ? (parent ? "the assist warp of " : "an assist warp of ") : "", blk.x, blk.y, blk.z);
      if (!assist || parent) printf("Written by %s, warp %u, lane %u at %s\n", who, pid, d->wlast[wk].lane, wt);
      else printf("Written by %s, lane %u at %s\n", who, d->wlast[wk].lane, wt);
    }
    memcpy(b->old, now, b->size);
    g->watch_last = wk;
    changed++;
  }
  return changed;
}

int dbg_bp_hit(dbg *g, cta *c, warp *w, uint32_t pc, uint32_t *lane) {
  uint32_t mask;
  dbg_warp_next(w, &mask, NULL);
  for (int i = 0; i < g->nbps; i++) {
    breakpoint *b = &g->bps[i];
    if (b->kind != BP_BREAK || !b->enabled) continue;
    int at = 0;
    for (uint32_t k = 0; k < b->nlocs && !at; k++) at = b->locs[k].m == c->m && b->locs[k].pc == pc;
    if (!at) continue;
    *lane = mask ? (uint32_t)__builtin_ctz(mask) : 0;
    if (b->cond.present) {
      char why[256] = "";
      int r = condition_holds(g, &b->cond, w, mask, lane, why, sizeof why);
      if (r < 0) { printf("Breakpoint %d: its condition cannot be evaluated here (%s); stopping.\n", b->id, why); return i; }
      if (!r) continue;
    }
    return i;
  }
  return -1;
}

/* Places the pending watchpoints whose buffer the script has allocated by now
 * (called as a launch starts: only kernels and subroutines store). */
void dbg_watch_place_pending(dbg *g) {
  int placed = 0;
  for (int i = 0; i < g->nbps; i++) {
    breakpoint *b = &g->bps[i];
    if (b->kind != BP_WATCH || !b->pending) continue;
    uint64_t a = 0, n = 0;
    int t = 0, found = 0;
    for (int k = 0;; k++) {
      const char *bn = dbg_buffer(g, k, &a, &n, &t);
      if (!bn) break;
      if (!strcmp(bn, b->buf)) { found = 1; break; }
    }
    if (!found) continue;
    if (b->index >= n) {
      printf("Watchpoint %d: %s is outside '%s' (%llu elements); it is disabled.\n", b->id, b->spec, b->buf, (unsigned long long)n);
      b->enabled = 0;
      b->pending = 0;
      continue;
    }
    emu_alloc *al = emu_find_alloc(g->d, a + b->index * dbg_type_bytes(t), dbg_type_bytes(t));
    if (!al) continue;
    b->pending = 0;
    b->type = t;
    b->size = dbg_type_bytes(t);
    b->addr = a + b->index * b->size;
    char spec[160];
    snprintf(spec, sizeof spec, "%s ({%s} 0x%llx)", b->spec, isa_type_name(t), (unsigned long long)b->addr);
    char *ns = strdup(spec);
    if (ns) { free(b->spec); b->spec = ns; }
    memcpy(b->old, al->data + (b->addr - al->addr), b->size);
    printf("Watchpoint %d placed: %s\n", b->id, b->spec);
    placed = 1;
  }
  if (placed) dbg_watch_range(g);
}

/* ---- commands: breakpoints ---- */

static void bp_describe(dbg *g, breakpoint *b) {
  if (b->kind == BP_WATCH) {
    printf("%-4d hw watchpoint %-4s %-3s %s%s", b->id, b->temp ? "del" : "keep", b->enabled ? "y" : "n", b->pending ? "<PENDING> " : "", b->spec);
  } else {
    printf("%-4d %-14s %-4s %-3s ", b->id, "breakpoint", b->temp ? "del" : "keep", b->enabled ? "y" : "n");
    /* placed: where; not yet (before run): where the script's modules have it */
    location at = b->nlocs ? b->locs[0] : (location){ NULL, 0 };
    aw_module **mods;
    int nk = b->nlocs ? 0 : dbg_known_modules(g, &mods);
    for (int i = 0; i < nk && !at.m; i++) if (dbg_resolve_in(g, mods[i], b->spec, &at.pc, 1)) at.m = mods[i];
    char wt[600];
    if (b->nlocs > 1) printf("<MULTIPLE> %s", b->spec);
    else if (at.m) { dbg_where_text(at.m, at.pc, wt, sizeof wt); printf("%s", wt); }
    else printf("<PENDING> %s", b->spec);
  }
  printf("\n");
  static const char *const op_text[] = { "==", "!=", "<", "<=", ">", ">=" };
  if (b->cond.present) {
    char lane[16] = "";
    if (b->cond.lane >= 0) snprintf(lane, sizeof lane, "[%d]", b->cond.lane);
    printf("\tstop only if %s%s %s %s\n", b->cond.reg, lane, op_text[b->cond.op], b->cond.value);
  }
  if (b->hits) printf("\tbreakpoint already hit %u time%s\n", b->hits, b->hits == 1 ? "" : "s");
  if (b->kind == BP_BREAK && b->nlocs > 1)
    for (uint32_t k = 0; k < b->nlocs; k++) {
      char wt[600];
      dbg_where_text(b->locs[k].m, b->locs[k].pc, wt, sizeof wt);
      printf("%d.%u%*s%s\n", b->id, k + 1, 20, "", wt);
    }
  (void)g;
}

/* Whether a known module's line table names file spec[0..len) (its path, its base name or a path suffix). */
static int file_known(dbg *g, const char *spec, size_t len) {
  aw_module **mods;
  int nm = dbg_known_modules(g, &mods);
  for (int i = 0; i < nm; i++) {
    const isa_image *img = &mods[i]->img;
    for (uint32_t k = 0; k < img->nfiles; k++) {
      const char *fn = isa_str(img, img->files[k]);
      size_t l = strlen(fn);
      const char *base = strrchr(fn, '/');
      base = base ? base + 1 : fn;
      if ((l == len && !strncmp(fn, spec, len)) || (strlen(base) == len && !strncmp(base, spec, len)) ||
          (l > len && fn[l - len - 1] == '/' && !strncmp(fn + l - len, spec, len)))
        return 1;
    }
  }
  return 0;
}

/* The files of the known modules' line tables, "a, b" (for messages; at most a few hundred characters). */
static const char *known_files(dbg *g) {
  static char buf[400];
  size_t used = 0;
  buf[0] = 0;
  aw_module **mods;
  int nm = dbg_known_modules(g, &mods);
  for (int i = 0; i < nm; i++)
    for (uint32_t k = 0; k < mods[i]->img.nfiles && used + 1 < sizeof buf; k++) {
      int w = snprintf(buf + used, sizeof buf - used, "%s%s", used ? ", " : "", isa_str(&mods[i]->img, mods[i]->img.files[k]));
      if (w < 0) break;
      used += (size_t)w;
    }
  if (used >= sizeof buf) snprintf(buf + sizeof buf - 5, 5, "...");
  if (!buf[0]) snprintf(buf, sizeof buf, "no file");
  return buf;
}

static int add_break(dbg *g, char *args, int temp) {
  char *p = args;
  char *spec = dbg_word(&p);
  char specbuf[512];
  if (!spec || !strcmp(spec, "if")) {   /* no location: the selected frame's pc (gdb's) */
    warp *w = dbg_focus_warp(g);
    uint32_t pc = w ? dbg_sel_pc(g, w) : NO_PC;
    if (pc == NO_PC) return dbg_err("No default location: give FUNCTION, LABEL, FILE:LINE or *PC.");
    snprintf(specbuf, sizeof specbuf, "*%s+%u", dbg_fname(g->c->m, dbg_func_of(g->c->m, pc)), dbg_rel_pc(g->c->m, pc));
    if (spec) { p = args; dbg_word(&p); }   /* 'if' was the first word */
    spec = specbuf;
  } else {   /* a bare *PC or LINE means the function or file in focus now: kept so, as gdb keeps it (it was read again
              * at each later module and restart, and moved to whatever function was in focus then) */
    aw_module *cm = NULL;
    int cf = dbg_current_func(g, &cm);
    size_t sl = strlen(spec);
    if (cf >= 0 && spec[0] == '*' && isdigit((unsigned char)spec[1])) {
      snprintf(specbuf, sizeof specbuf, "*%s+%s", dbg_fname(cm, (uint32_t)cf), spec + 1);
      spec = specbuf;
    } else if (cf >= 0 && sl && strspn(spec, "0123456789") == sl) {
      warp *w = dbg_focus_warp(g);
      uint32_t pc = w ? dbg_sel_pc(g, w) : NO_PC;
      uint32_t file = dbg_line_of(cm, pc != NO_PC ? pc : cm->funcs[cf].first_pc)->file;
      if (file) { snprintf(specbuf, sizeof specbuf, "%s:%s", dbg_file_name(cm, file), spec); spec = specbuf; }
    }
  }
  condition cond;
  memset(&cond, 0, sizeof cond);
  int cond_note = 0;
  char *rest = dbg_trim(p);
  if (*rest) {
    if (strncmp(rest, "if", 2) || !isspace((unsigned char)rest[2])) return DR_USAGE;
    char why[256];
    if (parse_condition(g, rest + 3, &cond, why, sizeof why)) return dbg_err("%s", why);
    int known = cond_check_reg(g, spec, &cond, why, sizeof why);
    if (known < 0) return dbg_err("%s; no breakpoint set.", why);
    if (!known && cond.reg[0]) cond_note = 1;
  }
  g->bps = realloc(g->bps, (size_t)(g->nbps + 1) * sizeof *g->bps);
  breakpoint *b = &g->bps[g->nbps++];
  memset(b, 0, sizeof *b);
  b->id = ++g->next_bp;
  b->kind = BP_BREAK;
  b->enabled = 1;
  b->temp = temp;
  b->spec = strdup(spec);
  b->cond = cond;
  for (int i = 0; i < g->nmaps; i++) bp_resolve(g, b, g->maps[i].m);
  aw_module **mods;
  int nm = dbg_nmodules(g, &mods);
  for (int i = 0; i < nm; i++) { dbg_map_of(g, mods[i]); bp_resolve(g, b, mods[i]); }
  dbg_maps_rebuild(g);
  /* say where: from the modules loaded, or those the script will load */
  uint32_t pcs[256], n = 0;
  aw_module *where_m = NULL;
  if (b->nlocs) { where_m = b->locs[0].m; pcs[0] = b->locs[0].pc; n = b->nlocs; }
  else {
    int nk = dbg_known_modules(g, &mods);
    for (int i = 0; i < nk && !n; i++) { n = dbg_resolve_in(g, mods[i], spec, pcs, 256); where_m = mods[i]; }
  }
  const char *what = temp ? "Temporary breakpoint" : "Breakpoint";
  if (!n) {
    int known = dbg_known_modules(g, &mods) > 0;
    if (known || spec[0] == '*' || isdigit((unsigned char)spec[0])) {
      g->nbps--;
      free(b->spec);
      g->next_bp--;
      const char *colon = strrchr(spec, ':');
      size_t fl = colon ? (size_t)(colon - spec) : 0;
      int asm_file = (fl > 4 && !strncmp(spec + fl - 4, ".ptx", 4)) || (fl > 2 && !strncmp(spec + fl - 2, ".s", 2));
      if (known && colon && colon[1] && !asm_file && strspn(colon + 1, "0123456789") == strlen(colon + 1) && !file_known(g, spec, fl))
        return dbg_err("No line information for %.*s: compile with nvcc -lineinfo (or -G); the modules have lines of %s only.",
                   (int)(colon - spec), spec, known_files(g));
      return dbg_err("No location \"%s\" in the %s modules (a bare pc or line needs a stop in a function; else *FUNCTION+PC, FILE:LINE).", spec, known ? "known" : "loaded");
    }
    printf("%s %d (%s) pending: no loaded module has it yet.\n", what, b->id, spec);
    if (cond_note) printf("(the condition's register %s is checked when the breakpoint is placed)\n", cond.reg);
    return DR_OK;
  }
  char wt[600];
  dbg_where_text(where_m, pcs[0], wt, sizeof wt);
  if (n == 1) printf("%s %d at %s\n", what, b->id, wt);
  else printf("%s %d at %s (%u locations)\n", what, b->id, spec, n);
  return DR_OK;
}
int dbg_cmd_break(dbg *g, char *args) { return add_break(g, args, 0); }
int dbg_cmd_tbreak(dbg *g, char *args) { return add_break(g, args, 1); }

/* Whether the script's text allocates a buffer named 'name' (an 'alloc NAME' line). */
static int script_allocates(dbg *g, const char *name) {
  FILE *f = g->is_script && g->target ? fopen(g->target, "r") : NULL;
  if (!f) return 0;
  char line[4096];
  int found = 0;
  size_t nl = strlen(name);
  while (!found && fgets(line, sizeof line, f)) {
    char *p = line;
    while (isspace((unsigned char)*p)) p++;
    if (strncmp(p, "alloc", 5) || !isspace((unsigned char)p[5])) continue;
    p += 5;
    while (isspace((unsigned char)*p)) p++;
    found = !strncmp(p, name, nl) && isspace((unsigned char)p[nl]);
  }
  fclose(f);
  return found;
}

/* watch BUF[I] for a buffer that does not exist yet: a pending watchpoint, placed
 * when a launch starts after the buffer is allocated (gdb's pending breakpoints).
 * DR_USAGE when text is not that case (the caller reports its own error). */
static int watch_pending(dbg *g, const char *text) {
  const char *p = text;
  char name[64];
  size_t n = 0;
  if (!isalpha((unsigned char)*p) && *p != '_') return DR_USAGE;
  while ((isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.' || p[n] == '$') && n + 1 < sizeof name) { name[n] = p[n]; n++; }
  name[n] = 0;
  p += n;
  while (isspace((unsigned char)*p)) p++;
  if (*p != '[') return DR_USAGE;
  const char *close = strrchr(p, ']');
  if (!close || close[1 + strspn(close + 1, " \t")]) return DR_USAGE;
  uint64_t a, cnt, bytes;
  int t;
  for (int i = 0; dbg_buffer(g, i, &a, &cnt, &t); i++) if (!strcmp(dbg_buffer(g, i, &a, &cnt, &t), name)) return DR_USAGE;
  aw_module **mods;
  int nm = dbg_known_modules(g, &mods);
  for (int i = 0; i < nm; i++) if (!aw_module_symbol(mods[i], name, &a, &bytes)) return DR_USAGE;
  if (g->is_script && !script_allocates(g, name))
    return dbg_err("No buffer '%s': the script %s has no 'alloc %s' line to watch it after.", name, g->target, name);
  if (!g->is_script && g->running) return DR_USAGE;
  char ix[1100];   /* a command line is at most 1023 characters */
  snprintf(ix, sizeof ix, "%.*s", (int)(close - p - 1), p + 1);
  value v;
  char why[256];
  if (dbg_eval(g, ix, &v, why, sizeof why)) return dbg_err("bad index in %s: %s", text, why);
  if (v.kind != V_NUM || v.is_float || (v.type != ISA_T_U64 && (int64_t)v.bits < 0)) return dbg_err("the index in %s must be a number 0 or more", text);
  int nw = 0;
  for (int i = 0; i < g->nbps; i++) nw += g->bps[i].kind == BP_WATCH && g->bps[i].enabled;
  if (nw >= EMU_MAX_WATCH) return dbg_err("Too many watchpoints: at most %d are enabled at once.", EMU_MAX_WATCH);
  char spec[128];
  snprintf(spec, sizeof spec, "%s[%llu]", name, (unsigned long long)v.bits);
  char *sp = strdup(spec);
  breakpoint *nb = realloc(g->bps, (size_t)(g->nbps + 1) * sizeof *g->bps);
  if (!sp || !nb) { free(sp); if (nb) g->bps = nb; return dbg_err("out of memory"); }
  g->bps = nb;
  breakpoint *b = &g->bps[g->nbps++];
  memset(b, 0, sizeof *b);
  b->id = ++g->next_bp;
  b->kind = BP_WATCH;
  b->enabled = 1;
  b->pending = 1;
  b->index = v.bits;
  snprintf(b->buf, sizeof b->buf, "%s", name);
  b->spec = sp;
  printf("Watchpoint %d (pending): %s\n", b->id, b->spec);
  return DR_OK;
}

int dbg_cmd_watch(dbg *g, char *args) {
  char *text = dbg_trim(args);
  if (!*text) return DR_USAGE;
  char why[256];
  value v;
  if (dbg_eval(g, text, &v, why, sizeof why)) {
    int r = watch_pending(g, text);
    return r == DR_USAGE ? dbg_err("%s", why) : r;
  }
  int type = ISA_T_U32;
  uint64_t addr;
  if (v.kind == V_MEM) {
    if (v.space != ISA_SP_GLOBAL) return dbg_err("Only global memory can be watched.");
    addr = v.addr; type = v.type;
  } else if (v.kind == V_NUM && !v.is_float) addr = v.bits;
  else return dbg_err("watch takes a global location: {TYPE}ADDRESS, BUFFER[INDEX] or ADDRESS");
  uint32_t size = dbg_type_bytes(type);
  int nw = 0;
  for (int i = 0; i < g->nbps; i++) nw += g->bps[i].kind == BP_WATCH && g->bps[i].enabled;
  if (nw >= EMU_MAX_WATCH) return dbg_err("Too many watchpoints: at most %d are enabled at once.", EMU_MAX_WATCH);
  emu_alloc *a = emu_find_alloc(g->d, addr, size);
  if (!a) return dbg_err("0x%llx is not in an allocation (watch global memory once the %s has allocated it)", (unsigned long long)addr, g->program ? "program" : "script");
  g->bps = realloc(g->bps, (size_t)(g->nbps + 1) * sizeof *g->bps);
  breakpoint *b = &g->bps[g->nbps++];
  memset(b, 0, sizeof *b);
  b->id = ++g->next_bp;
  b->kind = BP_WATCH;
  b->enabled = 1;
  b->addr = addr;
  b->size = size;
  b->type = type;
  char spec[160];
  if (v.kind == V_MEM && v.name[0] != '{') snprintf(spec, sizeof spec, "%s ({%s} 0x%llx)", v.name, isa_type_name(type), (unsigned long long)addr);
  else snprintf(spec, sizeof spec, "{%s} 0x%llx", isa_type_name(type), (unsigned long long)addr);
  b->spec = strdup(spec);
  memcpy(b->old, a->data + (addr - a->addr), size);
  dbg_watch_range(g);
  printf("Hardware watchpoint %d: %s\n", b->id, b->spec);
  return DR_OK;
}

/* Applies f to the breakpoints numbered in args (all when none). */
static void bp_enable(dbg *g, int i);
static int for_bps(dbg *g, char *args, void (*f)(dbg *, int)) {
  char *p = args, *t;
  int any = 0;
  int ids[256], n = 0;
  while ((t = dbg_word(&p)) && n < 256) {
    uint64_t id;
    if (dbg_parse_u64(t, &id)) return DR_USAGE;
    int found = -1;
    for (int i = 0; i < g->nbps; i++) if ((uint64_t)g->bps[i].id == id) found = i;   /* (compared whole: 2^32 + 1 is not 1) */
    if (found < 0) return dbg_err("No breakpoint number %llu.", (unsigned long long)id);
    ids[n++] = (int)id;
    any = 1;
  }
  if (!any) for (int i = 0; i < g->nbps && n < 256; i++) ids[n++] = g->bps[i].id;
  if (f == bp_enable) {   /* the watchpoints enabled then must fit the emulator's (watch refuses more too) */
    int nw = 0;
    for (int i = 0; i < g->nbps; i++) {
      int on = g->bps[i].enabled;
      for (int k = 0; k < n && !on; k++) on = g->bps[i].id == ids[k];
      nw += g->bps[i].kind == BP_WATCH && on;
    }
    if (nw > EMU_MAX_WATCH) return dbg_err("Too many watchpoints: at most %d are enabled at once (disable or delete one first).", EMU_MAX_WATCH);
  }
  for (int k = 0; k < n; k++)
    for (int i = 0; i < g->nbps; i++) if (g->bps[i].id == ids[k]) { f(g, i); break; }
  dbg_maps_rebuild(g);
  dbg_watch_range(g);
  return DR_OK;
}
static void bp_delete(dbg *g, int i) {
  free(g->bps[i].spec); free(g->bps[i].locs);
  memmove(&g->bps[i], &g->bps[i + 1], (size_t)(g->nbps - i - 1) * sizeof *g->bps);
  g->nbps--;
}
static void bp_disable(dbg *g, int i) { g->bps[i].enabled = 0; }
static void bp_enable(dbg *g, int i) { g->bps[i].enabled = 1; }
int dbg_cmd_delete(dbg *g, char *args) { return for_bps(g, args, bp_delete); }
int dbg_cmd_disable(dbg *g, char *args) { return for_bps(g, args, bp_disable); }
int dbg_cmd_enable(dbg *g, char *args) { return for_bps(g, args, bp_enable); }

int dbg_cmd_condition(dbg *g, char *args) {
  char *p = args;
  char *t = dbg_word(&p);
  uint64_t id;
  if (!t || dbg_parse_u64(t, &id)) return DR_USAGE;
  for (int i = 0; i < g->nbps; i++) {
    if ((uint64_t)g->bps[i].id != id) continue;
    if (g->bps[i].kind != BP_BREAK) return dbg_err("Watchpoint %d takes no condition.", (int)id);
    char *rest = dbg_trim(p);
    if (!*rest) { memset(&g->bps[i].cond, 0, sizeof g->bps[i].cond); printf("Breakpoint %d now unconditional.\n", (int)id); return DR_OK; }
    char why[256];
    condition c;
    if (parse_condition(g, rest, &c, why, sizeof why)) return dbg_err("%s", why);
    int known = cond_check_reg(g, g->bps[i].spec, &c, why, sizeof why);
    if (known < 0) return dbg_err("%s; the condition is unchanged.", why);
    if (!known) printf("(the condition's register %s is checked when the breakpoint is placed)\n", c.reg);
    g->bps[i].cond = c;
    return DR_OK;
  }
  return dbg_err("No breakpoint number %llu.", (unsigned long long)id);
}

int dbg_info_breakpoints(dbg *g, char *args) {
  (void)args;
  if (!g->nbps) { printf("No breakpoints or watchpoints.\n"); return DR_OK; }
  printf("Num  Type           Disp Enb What\n");
  for (int i = 0; i < g->nbps; i++) bp_describe(g, &g->bps[i]);
  return DR_OK;
}
int dbg_info_watchpoints(dbg *g, char *args) {
  (void)args;
  int n = 0;
  for (int i = 0; i < g->nbps; i++) if (g->bps[i].kind == BP_WATCH) { if (!n++) printf("Num  Type           Disp Enb What\n"); bp_describe(g, &g->bps[i]); }
  if (!n) printf("No watchpoints.\n");
  return DR_OK;
}
