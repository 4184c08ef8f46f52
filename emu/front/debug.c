/* emu/front/debug.c -- awemu debug: breakpoints, stepping, focus and inspection
 * over the functional core, at a GNU readline prompt (see debug.h and
 * emu/DEBUGGER.md).
 *
 * How it stops: the device's hook (emu_int.h) is called before every
 * instruction.  It answers "go on" quickly unless a breakpoint sits at the
 * pc, a watched global range was stored to, Ctrl-C was pressed, or a step
 * of the focused warp is complete; then it runs the command loop right
 * there, with the executor's state as it is between two instructions.  A
 * command that resumes (continue, step, ...) returns from the loop and so
 * from the hook.  kill, run (restart) and quit make the hook answer "stop":
 * the launch ends with a fault and the script stops.
 *
 * A CUDA program (awemu debug PROGRAM) is debugged by this same code compiled into
 * libcudart.so.13 (AWEMU_CUDART defined: no readline, no dbg_main): the runtime hands it its
 * device and modules at the program's first CUDA call (dbg_program_start); there is no run
 * script and no session (g->s NULL), and kill and quit end the program.
 */
#include "debug_int.h"
#include "../../isa/disasm.h"
#include "../../subroutines/codec.h"
#include "../../isa/outfile.h"
#include "../../isa/version.h"
#include "../timing/timing.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef AWEMU_CUDART   /* libcudart.so.13's debugger (a CUDA program's) reads plain lines */
#include <readline/history.h>
#include <readline/readline.h>
#endif

#define PROMPT "(awemu) "



static dbg *G;            /* for the signal handler and readline's completion */
static volatile sig_atomic_t at_prompt;

/* ---- output ---- */

int dbg_err(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fflush(stdout);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return DR_ERR;
}

char *dbg_trim(char *p) {
  while (isspace((unsigned char)*p)) p++;
  size_t n = strlen(p);
  while (n && isspace((unsigned char)p[n - 1])) p[--n] = 0;
  return p;
}

/* The next whitespace-separated word of *p (NULL at the end); *p moves past it. */
char *dbg_word(char **p) {
  char *s = *p;
  while (isspace((unsigned char)*s)) s++;
  if (!*s) { *p = s; return NULL; }
  char *e = s;
  while (*e && !isspace((unsigned char)*e)) e++;
  if (*e) *e++ = 0;
  *p = e;
  return s;
}

static int parse_u64(const char *t, uint64_t *v) {
  if (!t || !*t) return -1;
  char *end;
  errno = 0;
  *v = strtoull(t, &end, 0);
  return (*end || errno || t[0] == '-') ? -1 : 0;
}

/* ---- modules, functions, lines ---- */

int dbg_nmodules(dbg *g, aw_module ***mods) {
  if (g->program) return g->modules(mods);
  return g->s ? aw_session_modules(g->s, mods) : 0;
}

const char *dbg_buffer(dbg *g, int i, uint64_t *addr, uint64_t *count, int *type) {
  return g->s ? aw_session_buffer(g->s, i, addr, count, type) : NULL;
}

const char *dbg_fname(aw_module *m, uint32_t f) { return isa_str(&m->img, m->img.funcs[f].name); }
static uint32_t func_of(aw_module *m, uint32_t pc) { return m->code[pc].func; }
uint32_t dbg_rel_pc(aw_module *m, uint32_t pc) { return pc - m->funcs[func_of(m, pc)].first_pc; }
/* The source position of pc; a line 0 (".loc 1 0 0": code of no line) reads as no position. */
static const isa_line *line_of(aw_module *m, uint32_t pc) {
  static const isa_line none = { 0, 0, 0 };
  const isa_line *ln = &m->img.lines[m->code[pc].line];
  return ln->line ? ln : &none;
}
static const char *file_name(aw_module *m, uint32_t file) { return file ? isa_str(&m->img, m->img.files[file - 1]) : ""; }

static void insn_text(aw_module *m, uint32_t pc, char *buf, size_t cap) {
  const emu_insn *in = &m->code[pc];
  const isa_func *fn = &m->img.funcs[in->func];
  isa_insn d;
  const char *why;
  snprintf(buf, cap, "?");
  if (isa_decode(m->img.code + fn->code_off + in->word, fn->code_words - in->word, &d, &why))
    isa_dis_insn(&m->img, in->func, &d, buf, cap);
}

/* "saxpy pc 3 (examples/saxpy/saxpy.cu:9)" */
static void where_text(aw_module *m, uint32_t pc, char *buf, size_t cap) {
  const isa_line *ln = line_of(m, pc);
  int n = snprintf(buf, cap, "%s pc %u", dbg_fname(m, func_of(m, pc)), dbg_rel_pc(m, pc));
  if (ln->file && n > 0 && (size_t)n < cap) snprintf(buf + n, cap - (size_t)n, " (%s:%u)", file_name(m, ln->file), ln->line);
}

/* Source files, read once. */
typedef struct { char *path; char *text; char **lines; uint32_t nlines; } source;
static source *sources;
static int nsources;

static source *source_get(const char *path) {
  for (int i = 0; i < nsources; i++) if (!strcmp(sources[i].path, path)) return sources[i].text ? &sources[i] : NULL;
  sources = realloc(sources, (size_t)(nsources + 1) * sizeof *sources);
  source *s = &sources[nsources++];
  memset(s, 0, sizeof *s);
  s->path = strdup(path);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *t = malloc(cap + 1);
  size_t k;
  while ((k = fread(t + n, 1, cap - n, f)) > 0) { n += k; if (n == cap) { cap *= 2; t = realloc(t, cap + 1); } }
  fclose(f);
  t[n] = 0;
  s->text = t;
  uint32_t cl = 64;
  s->lines = malloc(cl * sizeof *s->lines);
  for (char *p = t; *p;) {
    if (s->nlines == cl) { cl *= 2; s->lines = realloc(s->lines, cl * sizeof *s->lines); }
    s->lines[s->nlines++] = p;
    char *e = strchr(p, '\n');
    if (!e) break;
    *e = 0;
    if (e > p && e[-1] == '\r') e[-1] = 0;
    p = e + 1;
  }
  return s;
}

static void sources_free(void) {
  for (int i = 0; i < nsources; i++) { free(sources[i].path); free(sources[i].text); free(sources[i].lines); }
  free(sources);
  sources = NULL;
  nsources = 0;
}

/* A source line's text, or NULL. */
static const char *source_line(const char *path, uint32_t line) {
  source *s = path && *path ? source_get(path) : NULL;
  return s && line >= 1 && line <= s->nlines ? s->lines[line - 1] : NULL;
}

/* ---- the focus ---- */

warp *dbg_focus_warp(dbg *g) {
  return g->c && g->c->warps && g->fw < g->c->nwarps ? &g->c->warps[g->fw] : NULL;
}

/* The selected call frame of warp w (the innermost when the selection is out of reach). */
frame *dbg_sel_frame(dbg *g, warp *w) {
  uint32_t sel = g->frame_sel < w->nframes ? g->frame_sel : 0;
  return &w->frames[w->nframes - 1 - sel];
}

/* The pc of warp w's selected call frame: where it stands (the innermost), or the call an
 * outer frame returns from; NO_PC when the warp has exited. */
uint32_t dbg_sel_pc(dbg *g, warp *w) {
  uint32_t sel = g->frame_sel < w->nframes ? g->frame_sel : 0;
  return sel == 0 ? dbg_warp_pc(g, w, NULL) : w->frames[w->nframes - sel].call_pc;
}

/* The pc a warp goes on at and the stack entry depth, reading past entries
 * the executor will pop (reconverged or empty); NO_PC when it has finished. */
static uint32_t warp_next(warp *w, uint32_t *mask, uint32_t *depth) {
  for (uint32_t i = w->sp; i-- > 0;) {
    const simt_entry *e = &w->stack[i];
    if (!e->is_call && (!e->mask || e->pc == e->rpc)) continue;
    if (mask) *mask = e->mask & w->alive;
    if (depth) *depth = i + 1;
    return e->pc;
  }
  if (mask) *mask = 0;
  if (depth) *depth = 0;
  return NO_PC;
}

/* The pc of warp w now: the stop's pc for the warp stopped in, else its next. */
uint32_t dbg_warp_pc(dbg *g, warp *w, uint32_t *mask) {
  uint32_t pc = warp_next(w, mask, NULL);
  if ((g->stop == S_INSN || g->stop == S_FAULT) && w == g->stop_w && g->c && g->stop_pc < g->c->m->ncode) pc = g->stop_pc;
  return pc;
}

static const char *state_name(dbg *g, warp *w) {
  if (g->stop == S_FAULT && w == g->stop_w) return "faulted";
  return w->state == W_DONE ? "exited" : w->state == W_BARRIER ? "at barrier" : "ready";
}

static void thread_of(warp *w, uint32_t lane, uint32_t t[3]) {
  t[0] = (uint32_t)w->tid[0][lane]; t[1] = (uint32_t)w->tid[1][lane]; t[2] = (uint32_t)w->tid[2][lane];
}

/* Timing mode: whether CTA c runs a live assist warp; *parent: the block of the warp it works
 * for (NULL when that block has finished since), *pid: that warp's index (when it is one). */
static int assist_of(dbg *g, const cta *c, const cta **parent, uint32_t *pid) {
  const void *pc_ = NULL, *pw = NULL;
  uint32_t id = 0;
  char desc[300];
  if (!c || !c->line || aw_timing_assist_of(g->d, c, desc, sizeof desc, &pc_, &pw, &id) < 0) return 0;
  if (parent) *parent = pc_;
  if (pid) *pid = id;
  return 1;
}

cta *dbg_assist_parent(dbg *g, uint32_t *pid) {
  const cta *p = NULL;
  return assist_of(g, g->c, &p, pid) ? (cta *)p : NULL;
}

static void print_focus(dbg *g, const char *lead) {
  warp *w = dbg_focus_warp(g);
  if (!w) return;
  uint32_t t[3];
  thread_of(w, g->fl, t);
  uint32_t pid = 0;
  const cta *p = NULL;
  if (assist_of(g, g->c, &p, &pid)) {   /* an assist warp: its parent (a compression outlives its block) */
    if (p) printf("[%ssubroutine %s, the assist warp of kernel %s, block (%u,%u,%u), warp %u, sm %u, lane %u]\n", lead, dbg_fname(g->c->m, g->c->kfunc),
                  dbg_fname(p->m, p->kfunc), p->cta.x, p->cta.y, p->cta.z, pid, g->c->smid, g->fl);
    else printf("[%ssubroutine %s, an assist warp whose block has finished, sm %u, lane %u]\n", lead, dbg_fname(g->c->m, g->c->kfunc), g->c->smid, g->fl);
    return;
  }
  printf("[%s%s %s, block (%u,%u,%u), thread (%u,%u,%u), sm %u, warp %u, lane %u]\n", lead,
         g->c->line ? "subroutine" : "kernel", dbg_fname(g->c->m, g->c->kfunc), g->c->cta.x, g->c->cta.y, g->c->cta.z,
         t[0], t[1], t[2], g->c->smid, w->id, g->fl);
}

/* Timing mode: the resident CTA with block id b (when b is not NULL) on SM sm
 * (when sm >= 0), the first in SM order; NULL when none is. */
static cta *resident_cta(dbg *g, const uint32_t *b, int64_t sm) {
  const void *p;
  uint32_t at;
  for (uint32_t i = 0; (p = aw_timing_cta(g->d, i, &at)); i++) {
    cta *c = (cta *)p;
    if ((!b || (c->cta.x == b[0] && c->cta.y == b[1] && c->cta.z == b[2])) && (sm < 0 || at == (uint64_t)sm)) return c;
  }
  return NULL;
}

static void set_focus(dbg *g, uint32_t wid, uint32_t lane, int announce) {
  int changed = wid != g->fw || lane != g->fl || g->focus_serial != g->cta_serial;
  if (wid != g->fw || g->focus_serial != g->cta_serial) g->frame_sel = 0;
  g->fw = wid;
  g->fl = lane;
  g->focus_serial = g->cta_serial;
  g->focus_c = g->c;
  if (changed && announce) print_focus(g, "Switching focus to ");
}

/* ---- breakpoint locations ---- */

/* The function the user means by a bare pc or line: the focused warp's,
 * else the only kernel or subroutine of the newest module.  -1 when unclear. */
static int current_func(dbg *g, aw_module **mo) {
  warp *w = dbg_focus_warp(g);
  if (w) { *mo = g->c->m; return (int)dbg_sel_frame(g, w)->func; }   /* (the selected frame's: up, frame N) */
  aw_module **mods;
  int nm = dbg_nmodules(g, &mods);
  if (!nm) return -1;
  aw_module *m = mods[nm - 1];
  int found = -1;
  for (uint32_t f = 0; f < m->img.nfuncs; f++)
    if (m->img.funcs[f].has_body) { if (found >= 0) return -1; found = (int)f; }
  *mo = m;
  return found;
}

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
static int source_named(aw_module *m, uint32_t f, const char *name, size_t len) {
  char src[512];
  if (source_name(dbg_fname(m, f), src, sizeof src)) return 0;
  const char *last = strrchr(src, ':');
  return (strlen(src) == len && !strncmp(src, name, len)) || (last && strlen(last + 1) == len && !strncmp(last + 1, name, len));
}

/* The pcs of module m that 'spec' names: FUNC, FUNC:LABEL, LABEL, FILE:LINE,
 * LINE, *PC or *FUNC+PC.  Returns how many were written (at most max). */
static uint32_t resolve_in(dbg *g, aw_module *m, const char *spec, uint32_t *pcs, uint32_t max) {
  const isa_image *img = &m->img;
  uint32_t n = 0;
  if (spec[0] == '*') {
    const char *p = spec + 1;
    uint32_t f;
    const char *plus = strchr(p, '+');
    char *end;
    if (isdigit((unsigned char)*p)) {
      aw_module *cm = NULL;
      int cf = current_func(g, &cm);
      if (cf < 0 || cm != m) return 0;
      f = (uint32_t)cf;
    } else {
      size_t len = plus ? (size_t)(plus - p) : strlen(p);
      for (f = 0; f < img->nfuncs; f++) if (strlen(dbg_fname(m, f)) == len && !strncmp(dbg_fname(m, f), p, len)) break;
      for (uint32_t k = 0; f == img->nfuncs && k < img->nfuncs; k++)   /* *vecadd+3: a C++ function by its source name */
        if (img->funcs[k].has_body && source_named(m, k, p, len)) f = k;
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
      int cf = current_func(g, &cm);
      if (cf < 0 || cm != m) return 0;
      warp *w = dbg_focus_warp(g);
      uint32_t pc = w ? dbg_sel_pc(g, w) : NO_PC;
      want_file = pc != NO_PC ? line_of(m, pc)->file : img->lines[m->funcs[cf].first_pc < m->ncode ? m->code[m->funcs[cf].first_pc].line : 0].file;
    }
    for (uint32_t pc = 0; pc < m->ncode && n < max; pc++) {
      const isa_line *ln = line_of(m, pc);
      if (ln->file != want_file || ln->line != line) continue;
      if (pc > 0 && func_of(m, pc - 1) == func_of(m, pc)) {
        const isa_line *prev = line_of(m, pc - 1);
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
    if (img->funcs[f].has_body && source_named(m, f, spec, strlen(spec))) pcs[n++] = m->funcs[f].first_pc;
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
  uint32_t n = resolve_in(g, m, b->spec, pcs, 256);
  for (uint32_t k = 0; k < b->nlocs; k++) if (b->locs[k].m == m) return;   /* already */
  if (!n) return;
  b->locs = realloc(b->locs, (b->nlocs + n) * sizeof *b->locs);
  for (uint32_t k = 0; k < n; k++) { b->locs[b->nlocs].m = m; b->locs[b->nlocs].pc = pcs[k]; b->nlocs++; }
}

/* The breakpoint map of module m, made (and every breakpoint resolved in m) the first time m is seen. */
static modmap *map_of(dbg *g, aw_module *m) {
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

static void maps_rebuild(dbg *g) {
  for (int i = 0; i < g->nmaps; i++) map_rebuild(g, &g->maps[i]);
  g->last_m = NULL;
}

static void maps_clear(dbg *g) {
  for (int i = 0; i < g->nmaps; i++) free(g->maps[i].at);
  free(g->maps);
  g->maps = NULL;
  g->nmaps = 0;
  g->last_m = NULL;
  for (int i = 0; i < g->nbps; i++) { free(g->bps[i].locs); g->bps[i].locs = NULL; g->bps[i].nlocs = 0; }
}

/* Tells the executor which global ranges to note stores to. */
static void watch_range(dbg *g) {
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

static int known_modules(dbg *g, aw_module ***mods);

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
  int nm = known_modules(g, &mods);
  int placed = 0;
  const char *fn = NULL;
  for (int i = 0; i < nm; i++) {
    uint32_t pcs[256];
    uint32_t n = resolve_in(g, mods[i], spec, pcs, 256);
    for (uint32_t k = 0; k < n; k++) {
      placed = 1;
      uint32_t f = func_of(mods[i], pcs[k]);
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

/* ---- stopping ---- */

static int repl(dbg *g);
static void do_displays(dbg *g);

static void print_location(dbg *g, aw_module *m, uint32_t pc, uint32_t mask) {
  char insn[512];
  insn_text(m, pc, insn, sizeof insn);
  const isa_line *ln = line_of(m, pc);
  printf("=> %s pc %u  mask %08x  %s;\n", dbg_fname(m, func_of(m, pc)), dbg_rel_pc(m, pc), mask, insn);
  const char *fn = file_name(m, ln->file);
  size_t fl = strlen(fn);
  int is_asm = fl >= 4 && (!strcmp(fn + fl - 4, ".ptx") || !strcmp(fn + fl - 2, ".s"));
  const char *text = ln->file && !is_asm ? source_line(fn, ln->line) : NULL;
  if (text) printf("%u\t%s\n", ln->line, text);
  if (ln->file) { snprintf(g->list_file, sizeof g->list_file, "%s", fn); g->list_line = ln->line > 5 ? ln->line - 5 : 1; }
}

/* Stops in warp w before the instruction at pc: reports, runs the command
 * loop, and sets up what the resume asked for. */
static void stop_here(dbg *g, cta *c, warp *w, uint32_t pc, int kind) {
  g->stop = kind;
  g->stop_w = w;
  g->stop_c = c;
  g->stop_pc = pc;
  g->c = c;
  g->frame_sel = 0;
  uint32_t mask = 0;
  if (g->writer) {   /* timing mode: another block's warp stored to a watched location; it is shown, at its next pc */
    cta *wc = g->writer;
    g->writer = NULL;
    g->c = wc;
    g->cta_serial = wc->serial;
    set_focus(g, g->writer_warp, g->writer_lane, 1);
    uint32_t npc = dbg_warp_pc(g, &wc->warps[g->writer_warp], &mask);
    if (npc != NO_PC) print_location(g, wc->m, npc, mask);
    else printf("(warp %u has exited)\n", g->writer_warp);
  } else if (w) {
    warp_next(w, &mask, NULL);
    print_location(g, c->m, pc, mask);
  }
  do_displays(g);
  g->mode = M_CONT;
  /* the launch's wall-clock limit counts the time it runs, not the time it waits at the prompt */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  repl(g);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  g->d->started += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  g->stop = S_NONE;
  g->stop_w = NULL;
  g->stop_c = NULL;
  g->interrupted = 0;
}

/* Reports the watchpoints whose location a store wrote, also when it wrote
 * the value the location held (a racing store of the same value is worth
 * seeing).  Returns how many. */
static int check_watches(dbg *g) {
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
      where_text(g->c->m, d->wlast[wk].pc, wt, sizeof wt);
      const cta *by = d->wlast[wk].by;
      uint32_t pid = d->wlast[wk].warp;   /* an assist warp's is its runner's warp 0: its parent's is asked for */
      char who[160];
      const cta *pc_ = NULL;
      int assist = by && by->line, parent = assist && assist_of(g, by, &pc_, &pid);
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

static int bp_hit(dbg *g, cta *c, warp *w, uint32_t pc, uint32_t *lane) {
  uint32_t mask;
  warp_next(w, &mask, NULL);
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

static int same_line(aw_module *m, uint32_t pc, uint32_t file, uint32_t line) {
  const isa_line *ln = line_of(m, pc);
  return ln->line && ln->file == file && ln->line == line;
}

static void set_ref(dbg *g, warp *w, uint32_t pc) {
  g->ref_frames = w->nframes;
  g->ref_pc = pc;
  if (pc != NO_PC) { const isa_line *ln = line_of(g->c->m, pc); g->ref_file = ln->file; g->ref_line = ln->line; }
}

/* Whether the step the user asked for is complete, the focused warp
 * standing before the instruction at pc. */
static int step_done(dbg *g, warp *w, uint32_t pc) {
  aw_module *m = g->c->m;
  if (g->skip) { g->skip = 0; return 0; }
  switch (g->mode) {
  case M_STEPI:
    return --g->count == 0;
  case M_NEXTI:
    if (w->nframes > g->ref_frames) return 0;
    if (--g->count == 0) return 1;
    set_ref(g, w, pc);
    return 0;
  case M_STEP: case M_NEXT:
    if (g->mode == M_NEXT && w->nframes > g->ref_frames) return 0;
    if (w->nframes == g->ref_frames && same_line(m, pc, g->ref_file, g->ref_line)) return 0;
    if (--g->count == 0) return 1;
    set_ref(g, w, pc);
    return 0;
  case M_FINISH:
    return w->nframes < g->ref_frames;
  case M_UNTIL:
    return w->nframes < g->ref_frames || (w->nframes == g->ref_frames && pc > g->ref_pc && !same_line(m, pc, g->ref_file, g->ref_line));
  case M_ADVANCE:
    return w->nframes < g->ref_frames || (m == g->adv_m && pc == g->adv_pc);
  }
  return 0;
}

/* Places the pending watchpoints whose buffer the script has allocated by now
 * (called as a launch starts: only kernels and subroutines store). */
static void watch_place_pending(dbg *g) {
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
  if (placed) watch_range(g);
}

/* A step of the warp in focus (g->focus_c, still running) ends because another warp stops
 * first: says so, with the command, the stepping warp and where it stands now (as it issued
 * its instruction, or not yet), before the focus moves.  Returns 1 (printed). */
static int step_cut_short(dbg *g) {
  static const char *const names[] = { "continue", "stepi", "nexti", "step", "next", "finish", "until", "advance" };
  const cta *fc = g->focus_c;
  warp *fw = &fc->warps[g->fw];
  char who[160], wt[600] = "";
  const cta *p = NULL;
  uint32_t pid = g->fw;
  if (!assist_of(g, fc, &p, &pid)) snprintf(who, sizeof who, "block (%u,%u,%u), warp %u", fc->cta.x, fc->cta.y, fc->cta.z, g->fw);
  else if (p) snprintf(who, sizeof who, "the assist warp of block (%u,%u,%u), warp %u", p->cta.x, p->cta.y, p->cta.z, pid);
  else snprintf(who, sizeof who, "an assist warp running %s", dbg_fname(fc->m, fc->kfunc));
  uint32_t pc = warp_next(fw, NULL, NULL);
  if (pc != NO_PC) where_text(fc->m, pc, wt, sizeof wt);
  printf("\n[%s of %s interrupted by another warp's stop: it %s%s]\n", names[g->mode], who, pc != NO_PC ? "stands at " : "has exited", wt);
  return 1;
}

/* A launch or runsub has ended (also a killed one).  The executor owns its CTAs (a launch's
 * blocks, the runners of assist warps) and may free them once their launch has ended (a later
 * launch rebinds or frees timing mode's, the session frees the rest), so every pointer to one
 * is forgotten here: nothing the debugger keeps outlives its launch. */
static void launch_over(dbg *g) {
  g->c = NULL;
  g->focus_c = NULL;
  g->stop_c = NULL;
  g->stop_w = NULL;
  g->writer = NULL;
  g->mode = M_CONT;
  g->in_launch = 0;
}

static int hook(void *ctx, int ev, cta *c, warp *w, uint32_t pc) {
  dbg *g = ctx;
  if (g->kill) {   /* killed (kill, run again, quit): the launch ends as soon as it can */
    if (ev == EMU_EV_END) launch_over(g);
    return 1;
  }
  switch (ev) {
  case EMU_EV_CTA:
    g->c = c;
    g->cta_serial = c->serial;
    if (!g->in_launch) { g->in_launch = 1; g->kernel_id = g->nlaunches++; watch_place_pending(g); }
    for (int i = 0; i < g->nbps; i++) {   /* watched values as the block starts: only its stores count */
      breakpoint *b = &g->bps[i];
      emu_alloc *a = b->kind == BP_WATCH ? emu_find_alloc(g->d, b->addr, b->size) : NULL;
      if (a) memcpy(b->old, a->data + (b->addr - a->addr), b->size);
    }
    /* while it runs on, the focus follows the newest block (functional mode: the old one is gone);
     * in timing mode the focus stays where it was: the block it is in may still be resident */
    if (g->mode == M_CONT && !g->d->timing) g->focus_serial = g->cta_serial, g->focus_c = c, g->fw = 0, g->fl = 0;   /* (d->timing: also while the first blocks are dispatched) */
    return 0;
  case EMU_EV_FAULT: {
    char msg[1024];
    aw_fault_format(c->fault, msg, sizeof msg);
    printf("\nProgram stopped by a fault: %s\n", msg);
    if (w) set_focus(g, w->id, c->fault->lane, 1);
    stop_here(g, c, w, pc, S_FAULT);
    return 0;
  }
  case EMU_EV_END:
    if (g->d->watch_hit && check_watches(g)) { printf("(after the last instruction of %s)\n", dbg_fname(c->m, c->kfunc)); stop_here(g, c, NULL, 0, S_END); }
    else if (g->mode != M_CONT && !pc) {
      printf("[%s %s finished]\n", c->line ? "subroutine" : "kernel", dbg_fname(c->m, c->kfunc));
      stop_here(g, c, NULL, 0, S_END);
    }
    launch_over(g);
    return 0;
  }
  /* EMU_EV_INSN: the common case returns at once */
  int why = 0;
  if (g->interrupted) why = 1;
  if (g->d->watch_hit) why |= 2;
  if (c->m != g->last_m) { modmap *mm = map_of(g, c->m); g->last_m = c->m; g->last_at = mm->at; }
  if (g->last_at[pc] & 1) why |= 4;
  if (g->last_at[pc] & 2) why |= 8;
  /* in timing mode several CTAs are resident: the event's CTA becomes the one shown */
  if (c != g->c || c->serial != g->cta_serial) { g->c = c; g->cta_serial = c->serial; }
  const cta *fc = g->focus_c;
  int focus = g->mode != M_CONT && c == fc && g->focus_serial == c->serial && w->id == g->fw;
  int gone = !fc || fc->serial != g->focus_serial;
  int lost = g->mode != M_CONT && (gone || (g->fw < fc->nwarps && fc->warps[g->fw].state == W_DONE));
  if (!why && !focus && !lost) return 0;
  uint32_t lane = 0;
  /* the warp in focus, resumed by a step where it stood (it was not the one stopped): a breakpoint
   * at that pc is stepped over, as gdb steps over one where the thread stands */
  int at_resume = focus && g->skip;
  int bpi = (why & 4) && !at_resume ? bp_hit(g, c, w, pc, &lane) : -1;
  int watched = (why & 2) ? check_watches(g) : 0;
  int stepped = !watched && bpi < 0 && focus && step_done(g, w, pc);
  int trap = (why & 8) && !stepped;
  if (!(why & 1) && !watched && bpi < 0 && !stepped && !lost && !trap) return g->kill;
  uint32_t mask;
  warp_next(w, &mask, NULL);
  /* another warp stops while the one in focus steps: said, with where the stepping warp stands */
  int cut = !focus && !lost && g->mode != M_CONT && g->fw < g->focus_c->nwarps && (bpi >= 0 || trap || watched || (why & 1)) &&
            step_cut_short(g);
  if (bpi >= 0) {
    breakpoint *b = &g->bps[bpi];
    b->hits++;
    if (!cut) printf("\n");
    set_focus(g, w->id, lane, 1);
    printf("%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->id);
    char wt[600];
    where_text(c->m, pc, wt, sizeof wt);
    printf("%s\n", wt);
    if (b->temp) {
      free(b->spec); free(b->locs);
      memmove(b, b + 1, (size_t)(g->nbps - bpi - 1) * sizeof *b);
      g->nbps--;
      maps_rebuild(g);
    }
  } else if (trap) {
    printf("%sProgram received signal SIGTRAP: a brkpt instruction.\n", cut ? "" : "\n");
    set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (why & 1) {
    printf("%sProgram received signal SIGINT, Interrupt.\n", cut ? "" : "\n");
    set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (watched) {   /* the focus goes to the lane that stored, when its warp is this one, or (timing mode) resident */
    uint32_t k = g->watch_last, id[3] = { 0, 0, 0 }, sw = UINT32_MAX, sl = 0;   /* the storing block, warp and lane */
    if (k < g->d->nwatch) {
      id[0] = g->d->wlast[k].cta.x; id[1] = g->d->wlast[k].cta.y; id[2] = g->d->wlast[k].cta.z;
      sw = g->d->wlast[k].warp; sl = g->d->wlast[k].lane;
    }
    cta *wc = NULL;
    const cta *by = k < g->d->nwatch ? g->d->wlast[k].by : NULL;
    if (by == c && sw == w->id) set_focus(g, w->id, sl, 1);
    else if (sw != UINT32_MAX && assist_of(g, by, NULL, NULL) && sw < by->nwarps) {
      g->writer = (cta *)by;   /* an assist warp stored, and runs still: it is shown */
      g->writer_warp = sw;
      g->writer_lane = sl;
    } else if (sw != UINT32_MAX && !(by && by->line) && aw_timing_cycle(g->d) >= 0 && (wc = resident_cta(g, id, -1)) && sw < wc->nwarps) {
      g->writer = wc;
      g->writer_warp = sw;
      g->writer_lane = sl;
    } else set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (lost && !focus) {
    printf("[the warp in focus has %s]\n", gone ? "finished with its block" : "exited");
    set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (g->mode == M_FINISH) {
    char wt[600];
    where_text(c->m, pc, wt, sizeof wt);
    printf("Returned to %s\n", wt);
  }
  stop_here(g, c, w, pc, S_INSN);
  return g->kill;
}

/* ---- the session ---- */

/* The command line's NAME=VALUE definitions, into session s. */
static void apply_vars(dbg *g, aw_session *s) {
  for (int i = 0; i < g->nvars; i++) {
    char *eq = strchr(g->vars[i], '=');
    *eq = 0;
    aw_session_set_var(s, g->vars[i], eq + 1);
    *eq = '=';
  }
}

/* A new session (at startup, and for each run): the focus starts as on the first run, on
 * warp 0, lane 0 of whatever block first stops (the old session's blocks are freed with it). */
/* The command line's options applied to each session's device: its config, subroutines, limits
 * and memcheck, and --trace-timeline's file begun anew (it holds the last run's launches).
 * 0, or 2 after a message. */
static int session_options(dbg *g) {
  if (!g->opts) return 0;
  if (aw_opts_setup(g->opts, g->d, g->timing ? &g->cfg : NULL, g->timeout)) return 2;
  if (g->opts->timeline) {
    char err[600];
    if (isa_out_open(&g->timeline, g->opts->timeline, 0, err, sizeof err)) { fprintf(stderr, "awemu debug: %s\n", err); return 2; }
    g->timeline_open = 1;
    if (aw_timing_timeline(g->d, g->timeline.f)) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
  }
  return 0;
}

static int session_start(dbg *g) {
  launch_over(g);
  g->stop = S_NONE;
  g->fw = g->fl = g->frame_sel = 0;
  g->focus_serial = g->cta_serial = 0;
  if (g->timeline_open) { aw_timing_timeline(g->d, NULL); isa_out_abort(&g->timeline); g->timeline_open = 0; }
  if (g->s) aw_session_free(g->s);
  g->s = aw_session_new(stdout, stderr);
  g->d = aw_session_device(g->s);
  int rc = session_options(g);
  apply_vars(g, g->s);
  for (int i = 0; i < g->npresets; i++) aw_session_exec(g->s, g->presets[i], "");
  g->d->hook = hook;
  g->d->hook_ctx = g;
  maps_clear(g);
  g->nlaunches = 0;
  /* watchpoints keep their addresses (allocation is deterministic); their old values are re-read */
  for (int i = 0; i < g->nbps; i++) if (g->bps[i].kind == BP_WATCH) memset(g->bps[i].old, 0, sizeof g->bps[i].old);
  watch_range(g);
  return rc;
}

/* Modules the script loads, assembled once at startup so that 'break' and
 * completion know their names before 'run'. */
static void scratch_load(dbg *g) {
  FILE *f = fopen(g->target, "r");
  if (!f) return;
  g->scratch_out = fopen("/dev/null", "w");   /* a sink for messages, opened in place (never replaced) */
  g->scratch = g->scratch_out ? aw_session_new(g->scratch_out, g->scratch_out) : NULL;
  if (!g->scratch) { fclose(f); return; }
  if (g->opts) aw_opts_setup(g->opts, aw_session_device(g->scratch), NULL, 0);   /* (--subroutines: their names too) */
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", g->target);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0; else snprintf(dir, sizeof dir, ".");
  aw_session_set_var(g->scratch, "SCRIPT_DIR", dir);
  apply_vars(g, g->scratch);
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    char *p = line;
    while (isspace((unsigned char)*p)) p++;
    if ((!strncmp(p, "load", 4) && isspace((unsigned char)p[4])) || (!strncmp(p, "subroutines", 11) && isspace((unsigned char)p[11])))
      aw_session_exec(g->scratch, p, "");   /* (subroutines: assembled with the modules loaded after it) */
  }
  fclose(f);
}

/* Modules whose names the user may mean: the session's, else the script's. */
static int known_modules(dbg *g, aw_module ***mods) {
  int n = dbg_nmodules(g, mods);
  if (!n && g->scratch) n = aw_session_modules(g->scratch, mods);
  return n;
}

/* ---- commands: running ---- */

/* Ends what runs on purpose: the launch faults "killed by the debugger" and
 * the script stops, without printing that as an error. */
static void kill_run(dbg *g) {
  g->kill = 1;
  if (!g->s) return;   /* (a program: the runtime ends it when the hook has stopped its launch) */
  aw_session_quiet(g->s, 1);
  aw_session_stop(g->s);   /* (stopped where a launch has ended, no hook would see g->kill: the next line must not run) */
}

static int need_stopped(dbg *g) {
  if (g->stop == S_INSN) return 0;
  if (g->stop == S_FAULT) return dbg_err("The kernel has faulted; it cannot go on (continue ends it, kill stops the %s).", g->program ? "program" : "script");
  if (g->stop == S_END) return dbg_err("The kernel has finished; continue runs the rest of the %s.", g->program ? "program" : "script");
  if (g->program && !g->exited) return dbg_err("No kernel is stopped: set a breakpoint (break KERNEL), then run or continue.");
  return dbg_err("The program is not being run.");
}

/* A program at the last prompt, after its end: nothing of it runs again. */
static int program_over(dbg *g) {
  return dbg_err("The program %s has ended; a CUDA program is not run again under the debugger (start awemu debug again).", g->target);
}

static int cmd_run(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (g->program) {   /* the program runs from where it stands (before its first CUDA call); it cannot start over */
    if (g->exited) return program_over(g);
    if (!g->started) return DR_RESUME;
    return dbg_err("The program is running; a CUDA program cannot be started again from the debugger (kill ends it).");
  }
  if (!g->is_script) return dbg_err("There is no script to run: awemu debug was given a module; use launch or runsub.");
  if (g->running) {
    printf("Restarting the script from the beginning.\n");
    g->restart = 1;
    kill_run(g);
    return DR_RESUME;
  }
  for (;;) {
    session_start(g);
    g->running = 1;
    g->kill = g->restart = 0;
    g->mode = M_CONT;
    printf("Starting script %s\n", g->target);
    int rc = aw_session_run_file(g->s, g->target);
    aw_session_quiet(g->s, 0);
    g->running = 0;
    launch_over(g);
    if (g->restart) continue;
    if (g->quit) return DR_OK;
    if (g->kill) { g->kill = 0; printf("[script %s killed]\n", g->target); return DR_OK; }
    printf("[script %s %s]\n", g->target, rc ? "stopped at a failing command" : "finished");
    return rc ? DR_ERR : DR_OK;
  }
}

static int resume(dbg *g, int mode, char *args) {
  uint64_t n = 1;
  args = dbg_trim(args);
  if (*args && (parse_u64(args, &n) || !n)) return DR_USAGE;
  if (need_stopped(g)) return DR_ERR;
  warp *w = dbg_focus_warp(g);
  if (!w || w->state == W_DONE) return dbg_err("The warp in focus has exited; choose another (cuda warp N) or continue.");
  g->mode = mode;
  g->count = n;
  g->frame_sel = 0;
  g->skip = w != g->stop_w;
  set_ref(g, w, dbg_warp_pc(g, w, NULL));
  return DR_RESUME;
}

static int cmd_continue(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (g->program && g->exited) return program_over(g);
  if (g->program && !g->started) return DR_RESUME;
  if (g->stop == S_NONE) return dbg_err("The program is not being run.");
  g->mode = M_CONT;
  return DR_RESUME;
}
static int cmd_stepi(dbg *g, char *args) { return resume(g, M_STEPI, args); }
static int cmd_nexti(dbg *g, char *args) { return resume(g, M_NEXTI, args); }
static int cmd_step(dbg *g, char *args) { return resume(g, M_STEP, args); }
static int cmd_next(dbg *g, char *args) { return resume(g, M_NEXT, args); }

static int cmd_finish(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (need_stopped(g)) return DR_ERR;
  warp *w = dbg_focus_warp(g);
  if (!w || w->state == W_DONE) return dbg_err("The warp in focus has exited.");
  uint32_t sel = g->frame_sel < w->nframes ? g->frame_sel : 0;
  if (w->nframes - sel < 2) return dbg_err("\"finish\" not meaningful in the outermost frame.");
  printf("Run till exit from #%u  %s\n", sel, dbg_fname(g->c->m, dbg_sel_frame(g, w)->func));
  g->mode = M_FINISH;
  g->skip = 0;
  set_ref(g, w, dbg_warp_pc(g, w, NULL));
  g->ref_frames = w->nframes - sel;   /* the selected frame returns */
  g->frame_sel = 0;
  return DR_RESUME;
}

static uint32_t resolve_one(dbg *g, const char *spec, aw_module *m, int *count) {
  uint32_t pcs[16];
  uint32_t n = resolve_in(g, m, spec, pcs, 16);
  *count = (int)n;
  return n ? pcs[0] : NO_PC;
}

static int cmd_until(dbg *g, char *args) {
  if (need_stopped(g)) return DR_ERR;
  warp *w = dbg_focus_warp(g);
  if (!w || w->state == W_DONE) return dbg_err("The warp in focus has exited.");
  char *spec = dbg_word(&args);
  if (dbg_word(&args)) return DR_USAGE;
  g->skip = w != g->stop_w;
  set_ref(g, w, dbg_warp_pc(g, w, NULL));
  if (!spec) { g->mode = M_UNTIL; return DR_RESUME; }
  int n;
  uint32_t pc = resolve_one(g, spec, g->c->m, &n);
  if (!n) return dbg_err("No location \"%s\" in the running module.", spec);
  g->mode = M_ADVANCE;
  g->adv_m = g->c->m;
  g->adv_pc = pc;
  return DR_RESUME;
}

static int cmd_advance(dbg *g, char *args) {
  if (!*dbg_trim(args)) return DR_USAGE;
  return cmd_until(g, args);
}

static int cmd_kill(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (g->program && g->exited) return program_over(g);
  if (!g->running) return dbg_err("The program is not being run.");
  kill_run(g);
  return DR_RESUME;
}

static int cmd_quit(dbg *g, char *args) {
  (void)args;
  g->quit = 1;
  if (g->running) kill_run(g);
  return DR_RESUME;
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
    int nk = b->nlocs ? 0 : known_modules(g, &mods);
    for (int i = 0; i < nk && !at.m; i++) if (resolve_in(g, mods[i], b->spec, &at.pc, 1)) at.m = mods[i];
    char wt[600];
    if (b->nlocs > 1) printf("<MULTIPLE> %s", b->spec);
    else if (at.m) { where_text(at.m, at.pc, wt, sizeof wt); printf("%s", wt); }
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
      where_text(b->locs[k].m, b->locs[k].pc, wt, sizeof wt);
      printf("%d.%u%*s%s\n", b->id, k + 1, 20, "", wt);
    }
  (void)g;
}

/* Whether a known module's line table names file spec[0..len) (its path, its base name or a path suffix). */
static int file_known(dbg *g, const char *spec, size_t len) {
  aw_module **mods;
  int nm = known_modules(g, &mods);
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
  int nm = known_modules(g, &mods);
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
    snprintf(specbuf, sizeof specbuf, "*%s+%u", dbg_fname(g->c->m, func_of(g->c->m, pc)), dbg_rel_pc(g->c->m, pc));
    if (spec) { p = args; dbg_word(&p); }   /* 'if' was the first word */
    spec = specbuf;
  } else {   /* a bare *PC or LINE means the function or file in focus now: kept so, as gdb keeps it (it was read again
              * at each later module and restart, and moved to whatever function was in focus then) */
    aw_module *cm = NULL;
    int cf = current_func(g, &cm);
    size_t sl = strlen(spec);
    if (cf >= 0 && spec[0] == '*' && isdigit((unsigned char)spec[1])) {
      snprintf(specbuf, sizeof specbuf, "*%s+%s", dbg_fname(cm, (uint32_t)cf), spec + 1);
      spec = specbuf;
    } else if (cf >= 0 && sl && strspn(spec, "0123456789") == sl) {
      warp *w = dbg_focus_warp(g);
      uint32_t pc = w ? dbg_sel_pc(g, w) : NO_PC;
      uint32_t file = line_of(cm, pc != NO_PC ? pc : cm->funcs[cf].first_pc)->file;
      if (file) { snprintf(specbuf, sizeof specbuf, "%s:%s", file_name(cm, file), spec); spec = specbuf; }
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
  for (int i = 0; i < nm; i++) { map_of(g, mods[i]); bp_resolve(g, b, mods[i]); }
  maps_rebuild(g);
  /* say where: from the modules loaded, or those the script will load */
  uint32_t pcs[256], n = 0;
  aw_module *where_m = NULL;
  if (b->nlocs) { where_m = b->locs[0].m; pcs[0] = b->locs[0].pc; n = b->nlocs; }
  else {
    int nk = known_modules(g, &mods);
    for (int i = 0; i < nk && !n; i++) { n = resolve_in(g, mods[i], spec, pcs, 256); where_m = mods[i]; }
  }
  const char *what = temp ? "Temporary breakpoint" : "Breakpoint";
  if (!n) {
    int known = known_modules(g, &mods) > 0;
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
  where_text(where_m, pcs[0], wt, sizeof wt);
  if (n == 1) printf("%s %d at %s\n", what, b->id, wt);
  else printf("%s %d at %s (%u locations)\n", what, b->id, spec, n);
  return DR_OK;
}
static int cmd_break(dbg *g, char *args) { return add_break(g, args, 0); }
static int cmd_tbreak(dbg *g, char *args) { return add_break(g, args, 1); }

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
  int nm = known_modules(g, &mods);
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

static int cmd_watch(dbg *g, char *args) {
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
  watch_range(g);
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
    if (parse_u64(t, &id)) return DR_USAGE;
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
  maps_rebuild(g);
  watch_range(g);
  return DR_OK;
}
static void bp_delete(dbg *g, int i) {
  free(g->bps[i].spec); free(g->bps[i].locs);
  memmove(&g->bps[i], &g->bps[i + 1], (size_t)(g->nbps - i - 1) * sizeof *g->bps);
  g->nbps--;
}
static void bp_disable(dbg *g, int i) { g->bps[i].enabled = 0; }
static void bp_enable(dbg *g, int i) { g->bps[i].enabled = 1; }
static int cmd_delete(dbg *g, char *args) { return for_bps(g, args, bp_delete); }
static int cmd_disable(dbg *g, char *args) { return for_bps(g, args, bp_disable); }
static int cmd_enable(dbg *g, char *args) { return for_bps(g, args, bp_enable); }

static int cmd_condition(dbg *g, char *args) {
  char *p = args;
  char *t = dbg_word(&p);
  uint64_t id;
  if (!t || parse_u64(t, &id)) return DR_USAGE;
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

static int info_breakpoints(dbg *g, char *args) {
  (void)args;
  if (!g->nbps) { printf("No breakpoints or watchpoints.\n"); return DR_OK; }
  printf("Num  Type           Disp Enb What\n");
  for (int i = 0; i < g->nbps; i++) bp_describe(g, &g->bps[i]);
  return DR_OK;
}
static int info_watchpoints(dbg *g, char *args) {
  (void)args;
  int n = 0;
  for (int i = 0; i < g->nbps; i++) if (g->bps[i].kind == BP_WATCH) { if (!n++) printf("Num  Type           Disp Enb What\n"); bp_describe(g, &g->bps[i]); }
  if (!n) printf("No watchpoints.\n");
  return DR_OK;
}

/* ---- commands: focus ---- */

static int parse_triple(char **p, uint32_t v[3]) {
  char *s = *p;
  while (isspace((unsigned char)*s)) s++;
  int paren = *s == '(';
  if (paren) s++;
  v[0] = v[1] = v[2] = 0;
  for (int i = 0; i < 3; i++) {
    while (isspace((unsigned char)*s)) s++;
    char *end;
    if (*s == '-') return -1;   /* (strtoul takes "-1" as 2^64 - 1) */
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (end == s || errno || x > UINT32_MAX) return -1;   /* (a coordinate past 2^32 - 1 was taken modulo 2^32) */
    v[i] = (uint32_t)x;
    s = end;
    while (isspace((unsigned char)*s)) s++;
    if (*s == ',') { s++; continue; }
    break;
  }
  if (paren) { if (*s != ')') return -1; s++; }
  *p = s;
  return 0;
}

static int cmd_cuda(dbg *g, char *args) {
  char *p = args;
  char *t = dbg_word(&p);
  if (!t) {
    if (!dbg_focus_warp(g)) { printf("Focus not set on any active CUDA kernel.\n"); return DR_OK; }
    print_focus(g, "");
    return DR_OK;
  }
  if (!g->c || !g->c->warps) return dbg_err("Focus not set on any active CUDA kernel.");
  int timing = aw_timing_cycle(g->d) >= 0;   /* several blocks resident, on the model's SMs */
  int64_t want_warp = -1, want_lane = -1, want_sm = -1;
  int have_thread = 0, have_block = 0;
  uint32_t thread[3] = { 0, 0, 0 }, b[3] = { 0, 0, 0 };
  for (; t; t = dbg_word(&p)) {
    if (!strcmp(t, "sm") || !strcmp(t, "device") || !strcmp(t, "kernel") || !strcmp(t, "grid")) {
      char *n = dbg_word(&p);
      uint64_t v;
      if (!n || parse_u64(n, &v)) return DR_USAGE;
      if (timing && !strcmp(t, "sm")) {
        if (v >= aw_timing_sms(g->d)) return dbg_err("Invalid sm %llu: the model has sms 0 to %u.", (unsigned long long)v, aw_timing_sms(g->d) - 1);
        want_sm = (int64_t)v;
      } else if (v != 0) {
        if (timing) return dbg_err("Invalid %s %llu: there is one %s, number 0.", t, (unsigned long long)v, t);
        return dbg_err("Invalid %s %llu: the functional core has one %s, number 0 (one block resident at a time).", t, (unsigned long long)v, t);
      }
    } else if (!strcmp(t, "warp") || !strcmp(t, "lane")) {
      char *n = dbg_word(&p);
      uint64_t v;
      if (!n || parse_u64(n, &v)) return DR_USAGE;
      if (!strcmp(t, "warp")) want_warp = (int64_t)(v < INT64_MAX ? v : INT64_MAX);
      else { if (v >= WARP) return dbg_err("Invalid lane %llu: lanes are 0 to 31.", (unsigned long long)v); want_lane = (int64_t)v; }
    } else if (!strcmp(t, "block")) {
      if (parse_triple(&p, b)) return DR_USAGE;
      have_block = 1;
    } else if (!strcmp(t, "thread")) {
      if (parse_triple(&p, thread)) return DR_USAGE;
      have_thread = 1;
    } else return DR_USAGE;
  }
  /* the block: in timing mode any resident one (by its id, or the first on the sm asked for) */
  cta *c = g->c;
  if (timing && (have_block || want_sm >= 0)) {
    c = resident_cta(g, have_block ? b : NULL, want_sm);
    if (!c && have_block && want_sm >= 0 && resident_cta(g, b, -1))
      return dbg_err("Block (%u,%u,%u) is not on sm %lld (info cuda blocks lists where the blocks are).", b[0], b[1], b[2], (long long)want_sm);
    if (!c && have_block) return dbg_err("Block (%u,%u,%u) is not resident now (info cuda blocks lists those that are).", b[0], b[1], b[2]);
    if (!c) return dbg_err("No block is resident on sm %lld now (info cuda blocks lists where the blocks are).", (long long)want_sm);
  } else if (have_block && (b[0] != c->cta.x || b[1] != c->cta.y || b[2] != c->cta.z))
    return dbg_err("Block (%u,%u,%u) is not running: the functional core runs one block at a time, and block (%u,%u,%u) runs now.",
                   b[0], b[1], b[2], c->cta.x, c->cta.y, c->cta.z);
  /* an assist warp in focus: a warp or thread is one of its parent's block, and the warp that
   * stays is its parent (a lane alone stays in the assist warp) */
  uint32_t pid = 0, keep = g->fw;
  cta *parent = dbg_assist_parent(g, &pid);
  if (parent) {
    if (c == g->c && (want_warp >= 0 || have_thread)) c = parent;
    if (c != g->c) keep = pid;
  }
  uint32_t wid = keep < c->nwarps ? keep : 0, lane = g->fl;   /* (another block: the same warp and lane, as cuda-gdb keeps them) */
  if (want_warp >= 0) {
    if ((uint64_t)want_warp >= c->nwarps) return dbg_err("Invalid warp %llu: block (%u,%u,%u) has warps 0 to %u.", (unsigned long long)want_warp, c->cta.x, c->cta.y, c->cta.z, c->nwarps - 1);
    wid = (uint32_t)want_warp;
  }
  if (want_lane >= 0) lane = (uint32_t)want_lane;
  if (have_thread) {
    aw_dim3 bl = c->block;
    if (thread[0] >= bl.x || thread[1] >= bl.y || thread[2] >= bl.z)
      return dbg_err("Invalid thread (%u,%u,%u): the block is (%u,%u,%u).", thread[0], thread[1], thread[2], bl.x, bl.y, bl.z);
    uint32_t linear = thread[0] + bl.x * (thread[1] + bl.y * thread[2]);
    wid = linear / WARP;
    lane = linear % WARP;
  }
  if (!c->line) {   /* a lane past the block's last thread is no thread (cuda-gdb refuses it) */
    uint64_t nthreads = (uint64_t)c->block.x * c->block.y * c->block.z;
    if ((uint64_t)wid * WARP + lane >= nthreads && want_lane < 0 && !have_thread) lane = 0;   /* (kept from another warp: its first) */
    if ((uint64_t)wid * WARP + lane >= nthreads)
      return dbg_err("Invalid lane %u: warp %u of block (%u,%u,%u) has lanes 0 to %llu (the block has %llu threads).", lane, wid, c->cta.x, c->cta.y, c->cta.z,
                     (unsigned long long)(nthreads - (uint64_t)wid * WARP - 1), (unsigned long long)nthreads);
  }
  if (c != g->c) { g->c = c; g->cta_serial = c->serial; }   /* (the next stop shows its own block again) */
  set_focus(g, wid, lane, 0);
  print_focus(g, "Switching focus to ");
  warp *w = dbg_focus_warp(g);
  uint32_t mask;
  uint32_t pc = dbg_warp_pc(g, w, &mask);
  if (pc != NO_PC) print_location(g, g->c->m, pc, mask);
  else printf("(warp %u has exited)\n", wid);
  return DR_OK;
}

/* ---- commands: inspection ---- */

static int info_warps(dbg *g, char *args) {
  (void)args;
  if (!g->c || !g->c->warps) return dbg_err("No CUDA kernel is running.");
  cta *c = g->c;
  int64_t cycle = aw_timing_cycle(c->d);
  const void *pc_ = NULL, *pw = NULL;
  uint32_t pid = 0;
  char desc[300];
  const cta *focus_assist = NULL;
  if (c->line && cycle >= 0 && aw_timing_assist_of(c->d, c, desc, sizeof desc, &pc_, &pw, &pid) >= 0) {
    /* an assist warp in focus: it, then its parent's block with its assist warps */
    const cta *p = pc_;
    uint32_t mask;
    uint32_t pc = dbg_warp_pc(g, &c->warps[0], &mask);
    printf("Assist warp in focus: %s\n", desc);
    if (pc != NO_PC) printf("  at %s pc %u, mask %08x\n", dbg_fname(c->m, func_of(c->m, pc)), dbg_rel_pc(c->m, pc), mask);
    if (!p) { printf("started by warp %u of a block that has finished since\n", pid); return DR_OK; }
    printf("started by warp %u of kernel %s, block (%u,%u,%u):\n", pid, dbg_fname(p->m, p->kfunc), p->cta.x, p->cta.y, p->cta.z);
    focus_assist = c;
    c = (cta *)p;
  }
  char sched[160];
  int sm0 = cycle >= 0 ? aw_timing_warp_state(c->d, &c->warps[0], sched, sizeof sched) : 0;
  printf("%s %s, block (%u,%u,%u) of grid (%u,%u,%u), %u warps on sm %d\n", c->line ? "Subroutine" : "Kernel", dbg_fname(c->m, c->kfunc),
         c->cta.x, c->cta.y, c->cta.z, c->grid.x, c->grid.y, c->grid.z, c->nwarps, sm0 < 0 ? 0 : sm0);
  if (cycle >= 0) {   /* the warp stopped in issues this cycle; the focus may be elsewhere */
    const cta *sc = g->stop_c;
    if (!g->stop_w || !sc) printf("Timing mode: cycle %lld\n", (long long)cycle);
    else if (g->stop_w == dbg_focus_warp(g)) printf("Timing mode: cycle %lld; the warp in focus is issuing\n", (long long)cycle);
    else if (sc->line) printf("Timing mode: cycle %lld; the assist warp running %s on sm %u is issuing\n", (long long)cycle, dbg_fname(sc->m, sc->kfunc), sc->smid);
    else printf("Timing mode: cycle %lld; warp %u of block (%u,%u,%u) on sm %u is issuing\n", (long long)cycle, g->stop_w->id, sc->cta.x, sc->cta.y, sc->cta.z, sc->smid);
  }
  printf("  Wp %-24s %-8s %-8s %-5s %-10s %s\n", "PC", "Active", "Alive", "Depth", "State", "Source");
  for (uint32_t i = 0; i < c->nwarps; i++) {
    warp *w = &c->warps[i];
    uint32_t mask, depth;
    warp_next(w, &mask, &depth);
    uint32_t pc = dbg_warp_pc(g, w, NULL);
    char pcs[64] = "-", src[300] = "";
    if (pc != NO_PC) {
      snprintf(pcs, sizeof pcs, "%s pc %u", dbg_fname(c->m, func_of(c->m, pc)), dbg_rel_pc(c->m, pc));
      const isa_line *ln = line_of(c->m, pc);
      if (ln->file) snprintf(src, sizeof src, "%s:%u", file_name(c->m, ln->file), ln->line);
    }
    int mine = !focus_assist && i == g->fw;
    printf("%c %2u %-24s %08x %08x %-5u %-10s %s\n", mine ? '*' : ' ', w->id, pcs, mask, w->alive, depth, state_name(g, w), src);
    int sm;
    if (cycle >= 0 && (sm = aw_timing_warp_state(c->d, w, sched, sizeof sched)) >= 0)
      printf("       sm %d, scheduler: %s\n", sm, w == g->stop_w ? "issuing" : sched);
    char as[256];
    for (int k = 0; cycle >= 0 && aw_timing_assist(c->d, w, k, as, sizeof as); k++)
      printf("     %c assist warp: %s\n", focus_assist && w == pw && !strcmp(as, desc) ? '*' : ' ', as);
  }
  return DR_OK;
}

static int info_lanes(dbg *g, char *args) {
  (void)args;
  warp *w = dbg_focus_warp(g);
  if (!w) return dbg_err("No CUDA kernel is running.");
  uint32_t mask;
  uint32_t pc = dbg_warp_pc(g, w, &mask);
  uint32_t active = mask;
  value av;
  char why[64];
  if (pc != NO_PC && !dbg_eval(g, "$active", &av, why, sizeof why)) active = (uint32_t)av.bits;
  uint32_t pid = 0;
  const cta *p = NULL;
  if (assist_of(g, g->c, &p, &pid)) {   /* an assist warp: its lanes are the subroutine's, of no thread of their own */
    char of[160] = "";
    if (p) snprintf(of, sizeof of, " of block (%u,%u,%u), warp %u", p->cta.x, p->cta.y, p->cta.z, pid);
    printf("The assist warp running %s%s, pc %u: mask %08x (the guard lets %08x issue)\n", dbg_fname(g->c->m, g->c->kfunc), of,
           pc == NO_PC ? 0 : dbg_rel_pc(g->c->m, pc), mask, active);
    printf("  Ln State\n");
    for (uint32_t l = 0; l < WARP; l++)
      printf("%c %2u %s\n", l == g->fl ? '*' : ' ', l, !(w->alive >> l & 1) ? "exited" : (mask >> l & 1) ? ((active >> l & 1) ? "active" : "guarded") : "inactive");
    return DR_OK;
  }
  printf("Warp %u of block (%u,%u,%u), pc %u: mask %08x (the guard lets %08x issue)\n", w->id, g->c->cta.x, g->c->cta.y, g->c->cta.z,
         pc == NO_PC ? 0 : dbg_rel_pc(g->c->m, pc), mask, active);
  printf("  Ln State     Thread\n");
  for (uint32_t l = 0; l < WARP; l++) {
    uint32_t t[3];
    thread_of(w, l, t);
    const char *st = !(w->alive >> l & 1) ? (l < WARP && t[0] + g->c->block.x * (t[1] + g->c->block.y * t[2]) >= g->c->block.x * g->c->block.y * g->c->block.z ? "absent" : "exited")
                   : (mask >> l & 1) ? ((active >> l & 1) ? "active" : "guarded") : "inactive";
    if (!strcmp(st, "absent")) printf("%c %2u %s\n", l == g->fl ? '*' : ' ', l, st);
    else printf("%c %2u %-9s (%u,%u,%u)\n", l == g->fl ? '*' : ' ', l, st, t[0], t[1], t[2]);
  }
  return DR_OK;
}

static int info_registers(dbg *g, char *args) {
  warp *w = dbg_focus_warp(g);
  if (!w) return dbg_err("No CUDA kernel is running.");
  char fmt;
  if (dbg_take_format(&args, &fmt, NULL, 0) || !dbg_valid_fmt(fmt)) return DR_USAGE;
  frame *f = dbg_sel_frame(g, w);
  aw_module *m = g->c->m;
  char *p = args, *t;
  int any = 0;
  while ((t = dbg_word(&p))) {
    any = 1;
    char why[256];
    value v;
    if (dbg_eval(g, t, &v, why, sizeof why)) return dbg_err("%s", why);
    if (dbg_print_value(g, &v, fmt, "") < 0) return DR_ERR;
  }
  if (any) return DR_OK;
  /* the warp as $warp and info lanes name it: an assist warp by the block and warp it works for */
  uint32_t pid = w->id;
  const cta *pc_ = NULL;
  if (!assist_of(g, g->c, &pc_, &pid)) printf("Registers of %s, lane %u of warp %u:\n", dbg_fname(m, f->func), g->fl, w->id);
  else if (pc_) printf("Registers of %s, lane %u of the assist warp of block (%u,%u,%u), warp %u:\n", dbg_fname(m, f->func), g->fl, pc_->cta.x, pc_->cta.y, pc_->cta.z, pid);
  else printf("Registers of %s, lane %u of an assist warp whose block has finished:\n", dbg_fname(m, f->func), g->fl);
  for (uint32_t s = 0; s < m->funcs[f->func].nslots; s++) {
    char name[64], b[96];
    isa_dis_reg(&m->img, f->func, s, name, sizeof name);
    dbg_format_bits(f->regs[(size_t)s * WARP + g->fl], m->funcs[f->func].slot_type[s], fmt, b, sizeof b);
    printf("%-10s %s\n", name, b);
  }
  return DR_OK;
}

/* The pc of call frame 'level' (0 innermost) of warp w: the warp's pc, or the call its callee returns to. */
static uint32_t frame_pc(dbg *g, warp *w, uint32_t level) {
  uint32_t i = w->nframes - 1 - level;
  return level == 0 ? dbg_warp_pc(g, w, NULL) : w->frames[i + 1].call_pc;
}

/* "#N  FUNC pc P (FILE:LINE)", with lead before it. */
static void print_frame_line(dbg *g, warp *w, uint32_t level, const char *lead) {
  aw_module *m = g->c->m;
  uint32_t at = frame_pc(g, w, level);
  if (at == NO_PC) { printf("%s#%u  %s (exited)\n", lead, level, dbg_fname(m, w->frames[w->nframes - 1 - level].func)); return; }
  char wt[600];
  where_text(m, at, wt, sizeof wt);
  printf("%s#%u  %s\n", lead, level, wt);
}

/* backtrace: every frame of the focused warp, '*' at the selected one. */
static int cmd_backtrace(dbg *g, char *args) {
  if (*dbg_trim(args)) return DR_USAGE;
  warp *w = dbg_focus_warp(g);
  if (!w) return dbg_err("No stack.");
  for (uint32_t level = 0; level < w->nframes; level++) print_frame_line(g, w, level, level == g->frame_sel ? "* " : "  ");
  return DR_OK;
}

/* Selects frame 'level' and shows it, as gdb's frame, up and down do. */
static int select_frame(dbg *g, warp *w, uint32_t level) {
  g->frame_sel = level;
  print_frame_line(g, w, level, "");
  uint32_t pc = frame_pc(g, w, level);
  if (pc == NO_PC) return DR_OK;
  const isa_line *ln = line_of(g->c->m, pc);
  const char *fn = file_name(g->c->m, ln->file);
  size_t fl = strlen(fn);
  int is_asm = fl >= 4 && (!strcmp(fn + fl - 4, ".ptx") || !strcmp(fn + fl - 2, ".s"));
  const char *text = ln->file && !is_asm ? source_line(fn, ln->line) : NULL;
  if (text) printf("%u\t%s\n", ln->line, text);
  return DR_OK;
}

/* The focused warp for frame commands; NULL with a message. */
static warp *frames_warp(dbg *g) {
  warp *w = dbg_focus_warp(g);
  if (!w || g->stop == S_NONE) { dbg_err("No stack: the program is not stopped in a kernel."); return NULL; }
  return w;
}

static int cmd_frame(dbg *g, char *args) {
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  char *t = dbg_trim(args);
  uint64_t n = g->frame_sel;
  if (*t && parse_u64(t, &n)) return DR_USAGE;
  if (n >= w->nframes) return dbg_err("No frame at level %s: the warp in focus has frames #0 to #%u.", t, w->nframes - 1);
  return select_frame(g, w, (uint32_t)n);
}

static int cmd_up(dbg *g, char *args) {
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  char *t = dbg_trim(args);
  uint64_t n = 1;
  if (*t && parse_u64(t, &n)) return DR_USAGE;
  if (g->frame_sel + 1 >= w->nframes && n) return dbg_err("Initial frame selected; you cannot go up.");
  uint64_t to = n >= w->nframes ? w->nframes : g->frame_sel + n;   /* no wrap for a huge N */
  return select_frame(g, w, to >= w->nframes ? w->nframes - 1 : (uint32_t)to);
}

static int cmd_down(dbg *g, char *args) {
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  char *t = dbg_trim(args);
  uint64_t n = 1;
  if (*t && parse_u64(t, &n)) return DR_USAGE;
  if (g->frame_sel == 0 && n) return dbg_err("Bottom (innermost) frame selected; you cannot go down.");
  return select_frame(g, w, n >= g->frame_sel ? 0 : g->frame_sel - (uint32_t)n);
}

/* One row of info cuda blocks: block b on SM sm, starred when in focus. */
static void block_row(const cta *focus, const cta *b, uint32_t sm) {
  uint32_t done = 0;
  for (uint32_t k = 0; k < b->nwarps; k++) done += b->warps[k].state == W_DONE;
  char id[48];
  snprintf(id, sizeof id, "(%u,%u,%u)", b->cta.x, b->cta.y, b->cta.z);
  printf("%c %-12s %3u %6u %8u\n", b == focus ? '*' : ' ', id, sm, b->nwarps, done);
}

/* info cuda blocks: the blocks running now: in timing mode every resident
 * one, with its SM and how many of its warps have finished. */
static int info_cuda_blocks(dbg *g) {
  if (!g->c || !g->in_launch || g->stop == S_END) { printf("No CUDA blocks.\n"); return DR_OK; }
  int64_t cycle = aw_timing_cycle(g->d);
  if (cycle < 0) {
    printf("  BlockIdx     SM  Warps Finished  (the functional core runs one block at a time)\n");
    block_row(g->c, g->c, g->c->smid);
    return DR_OK;
  }
  const void *p;
  uint32_t sm, n = 0;
  const cta *focus = dbg_assist_parent(g, NULL);   /* (an assist warp in focus: its parent's block) */
  if (!focus) focus = g->c;
  printf("  BlockIdx     SM  Warps Finished  (resident at cycle %lld)\n", (long long)cycle);
  for (; (p = aw_timing_cta(g->d, n, &sm)); n++) block_row(focus, p, sm);
  if (!n) printf("  (none: the launch's blocks have all finished)\n");
  return DR_OK;
}

/* info cuda kernels: the running launch (one at a time), as cuda-gdb lists kernels. */
static int info_cuda(dbg *g, char *args) {
  char *t = dbg_trim(args);
  if (!strcmp(t, "blocks")) return info_cuda_blocks(g);
  if (strcmp(t, "kernels")) return t[0] ? dbg_err("Undefined info cuda command: \"%s\" (this debugger has info cuda kernels and info cuda blocks).", t) : DR_USAGE;
  cta *c = g->c;
  if (!c || !g->in_launch) { printf("No CUDA kernels.\n"); return DR_OK; }
  uint32_t pid = 0;
  cta *assisted = dbg_assist_parent(g, &pid);   /* an assist warp in focus: the launch is its parent's */
  if (assisted) c = assisted;
  aw_module **mods;
  int nm = dbg_nmodules(g, &mods), mi = 0;
  for (int i = 0; i < nm; i++) if (mods[i] == c->m) mi = i + 1;
  const char *state = g->stop == S_FAULT ? "Faulted" : g->stop == S_END ? "Finished" : "Active";
  char grid[48], block[48], running[48];
  snprintf(grid, sizeof grid, "(%u,%u,%u)", c->grid.x, c->grid.y, c->grid.z);
  snprintf(block, sizeof block, "(%u,%u,%u)", c->block.x, c->block.y, c->block.z);
  snprintf(running, sizeof running, "(%u,%u,%u)", c->cta.x, c->cta.y, c->cta.z);
  printf("  Kernel Dev Grid Status   GridDim      BlockDim     Block now    Invocation\n");
  printf("* %6u %3d %4u %-8s %-12s %-12s %-12s %s %s\n", g->kernel_id, 0, g->kernel_id + 1, state, grid, block,
         g->stop == S_END ? "-" : running, c->line ? "subroutine" : "kernel", dbg_fname(c->m, c->kfunc));
  const char *file = c->m->img.nfiles ? isa_str(&c->m->img, c->m->img.files[0]) : "";
  printf("  module %d of %d%s%s\n", mi, nm, file[0] ? ", source " : "", file);
  if (assisted) printf("  focus: the assist warp running subroutine %s for block (%u,%u,%u), warp %u\n", dbg_fname(g->c->m, g->c->kfunc),
                       c->cta.x, c->cta.y, c->cta.z, pid);
  return DR_OK;
}

/* info frame: the selected frame, its caller and its callee. */
static int info_frame(dbg *g, char *args) {
  if (*dbg_trim(args)) return DR_USAGE;
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  uint32_t level = g->frame_sel < w->nframes ? g->frame_sel : 0;
  aw_module *m = g->c->m;
  frame *f = dbg_sel_frame(g, w);
  printf("Stack level %u, frame of %s in warp %u (lane %u in focus):\n", level, dbg_fname(m, f->func), w->id, g->fl);
  uint32_t pc = frame_pc(g, w, level);
  char wt[600];
  if (pc != NO_PC) { where_text(m, pc, wt, sizeof wt); printf("  pc: %s%s\n", wt, level ? " (the call it returns from)" : ""); }
  if (level + 1 < w->nframes) { where_text(m, frame_pc(g, w, level + 1), wt, sizeof wt); printf("  called by frame at level %u: %s\n", level + 1, wt); }
  else printf("  the outermost frame: the kernel or subroutine\n");
  if (level > 0) printf("  caller of frame at level %u: %s\n", level - 1, dbg_fname(m, w->frames[w->nframes - level].func));
  printf("  registers: %u slots of %s (info registers)\n", m->funcs[f->func].nslots, dbg_fname(m, f->func));
  return DR_OK;
}

/* x/NFU ADDRESS: gdb's examine.  Sizes b h w g; formats x d u o t f c i s; N at most X_MAX_UNITS. */
#define X_MAX_UNITS 4096

/* Reads x's NFU (fmtbuf: what follows the '/') into *count, *fmt and *size (left as they are
 * where NFU does not say).  DR_OK; DR_USAGE for a letter that is no format or size; DR_ERR,
 * with a message, for an N out of range. */
static int x_format(const char *fmtbuf, uint64_t *count, char *fmt, char *size) {
  const char *f = fmtbuf;
  if (isdigit((unsigned char)*f)) {
    char *end;
    errno = 0;
    *count = strtoull(f, &end, 10);
    if (!*count || *count > X_MAX_UNITS || errno)
      return dbg_err("x/%s: N is 1 to %d units at a time (a plain 'x' goes on where the last one stopped).", fmtbuf, X_MAX_UNITS);
    f = end;
  }
  for (; *f; f++) {
    if (strchr("bhwg", *f)) *size = *f;
    else if (strchr("xduotfcis", *f)) *fmt = *f;
    else return DR_USAGE;
  }
  return DR_OK;
}

static int do_examine(dbg *g, char *args, const char *lead) {
  char fmtbuf[32];
  char dummy;
  dbg_take_format(&args, &dummy, fmtbuf, sizeof fmtbuf);
  uint64_t count = 1;
  char fmt = g->x_valid ? g->x_fmt : 'x', size = g->x_valid ? g->x_size : 'w';
  int rc = x_format(fmtbuf, &count, &fmt, &size);
  if (rc) return rc;
  char *text = dbg_trim(args);
  int space = ISA_SP_GLOBAL;
  uint64_t addr;
  if (!*text) {
    if (!g->x_valid) return DR_USAGE;
    addr = g->x_next;
    space = g->x_space;
  } else {
    const char *rest = text;
    space = dbg_take_space(&rest);
    text += rest - text;
    char why[256];
    value v;
    if (dbg_eval(g, text, &v, why, sizeof why)) return dbg_err("%s", why);
    uint64_t u; double fv; int fl;
    parser ps = { g, "", "" };
    if (v.kind == V_MEM) { u = v.addr; space = v.space; fl = 0; }
    else if (dbg_value_number(&ps, &v, &u, &fv, &fl)) return dbg_err("%s", ps.err);
    if (fl) return dbg_err("an address must be an integer");
    addr = u;
  }
  if (fmt == 'i') {   /* instructions of the focused function, ADDRESS = pc */
    warp *w = dbg_focus_warp(g);
    aw_module *m = NULL;
    int cf = current_func(g, &m);
    if (cf < 0) return dbg_err("x/i needs a function: stop in one first.");
    uint32_t cur = w ? dbg_warp_pc(g, w, NULL) : NO_PC;
    for (uint64_t i = 0; i < count && addr + i < m->funcs[cf].ninsn; i++) {
      uint32_t pc = m->funcs[cf].first_pc + (uint32_t)(addr + i);
      char insn[512];
      insn_text(m, pc, insn, sizeof insn);
      printf("%s%s pc %u:\t%s;\n", pc == cur ? "=> " : "   ", dbg_fname(m, (uint32_t)cf), dbg_rel_pc(m, pc), insn);
    }
    g->x_next = addr + count; g->x_space = space; g->x_fmt = fmt; g->x_size = size; g->x_valid = 1;
    return DR_OK;
  }
  unsigned bytes = size == 'b' ? 1 : size == 'h' ? 2 : size == 'w' ? 4 : 8;
  if (fmt == 'f' && bytes < 4) bytes = 4, size = 'w';
  if (fmt == 's' || fmt == 'c') bytes = 1, size = 'b';
  int type = bytes == 1 ? ISA_T_U8 : bytes == 2 ? ISA_T_U16 : bytes == 4 ? ISA_T_U32 : ISA_T_U64;
  if (fmt == 'f') type = bytes == 4 ? ISA_T_F32 : ISA_T_F64;
  unsigned per = fmt == 's' ? 1 : bytes == 1 ? 8 : bytes == 2 ? 8 : bytes == 4 ? 4 : 2;
  char why[256];
  if (fmt == 's') {
    for (uint64_t i = 0; i < count; i++) {
      if (!dbg_mem_at(g, space, addr, 1, 0, why, sizeof why)) return dbg_err("Cannot access memory at 0x%llx: %s", (unsigned long long)addr, why);
      printf("%s%s%s0x%llx:\t\"", lead, space == ISA_SP_GLOBAL ? "" : dbg_space_name(space), space == ISA_SP_GLOBAL ? "" : ":", (unsigned long long)addr);
      for (int k = 0; k < 200; k++) {
        uint8_t *p = dbg_mem_at(g, space, addr, 1, 0, why, sizeof why);
        if (!p) { printf("\"\n"); return dbg_err("Cannot access memory: %s", why); }
        addr++;
        if (!*p) break;
        if (isprint(*p)) putchar(*p); else printf("\\%03o", *p);
      }
      printf("\"\n");
    }
  } else {
    for (uint64_t i = 0; i < count; i++) {
      uint8_t *p = dbg_mem_at(g, space, addr, bytes, 0, why, sizeof why);
      if (!p) {
        if (i % per) printf("\n");
        return dbg_err("Cannot access memory at %s%s0x%llx: %s", space == ISA_SP_GLOBAL ? "" : dbg_space_name(space), space == ISA_SP_GLOBAL ? "" : ":", (unsigned long long)addr, why);
      }
      if (i % per == 0) printf("%s%s%s%s0x%llx:", i ? "\n" : "", lead, space == ISA_SP_GLOBAL ? "" : dbg_space_name(space), space == ISA_SP_GLOBAL ? "" : ":", (unsigned long long)addr);
      uint64_t x = 0;
      for (unsigned k = 0; k < bytes; k++) x |= (uint64_t)p[k] << (8 * k);
      char b[96];
      if (fmt == 'x') snprintf(b, sizeof b, "0x%0*llx", (int)bytes * 2, (unsigned long long)x);
      else dbg_format_bits(x, fmt == 'd' ? (bytes == 1 ? ISA_T_S8 : bytes == 2 ? ISA_T_S16 : bytes == 4 ? ISA_T_S32 : ISA_T_S64) : type, fmt == 'd' ? 'd' : fmt, b, sizeof b);
      printf("\t%s", b);
      addr += bytes;
    }
    printf("\n");
  }
  g->x_next = addr; g->x_space = space; g->x_fmt = fmt; g->x_size = size; g->x_valid = 1;
  return DR_OK;
}
static int cmd_x(dbg *g, char *args) { return do_examine(g, args, ""); }

static int cmd_display(dbg *g, char *args) {
  char fmt;
  char fmtbuf[32];
  dbg_take_format(&args, &fmt, fmtbuf, sizeof fmtbuf);
  char *text = dbg_trim(args);
  if (!*text) {
    if (fmtbuf[0]) return DR_USAGE;
    do_displays(g);
    return DR_OK;
  }
  int examine = fmtbuf[0] && (strlen(fmtbuf) > 1 || strchr("is", fmtbuf[0]) || strchr("bhwg", fmtbuf[0]));
  if (fmtbuf[0] && !examine && !dbg_valid_fmt(fmt)) return DR_USAGE;
  if (examine) {   /* refused now, not at every stop */
    uint64_t n;
    char xf, xs;
    int rc = x_format(fmtbuf, &n, &xf, &xs);
    if (rc) return rc;
  }
  g->displays = realloc(g->displays, (size_t)(g->ndisplays + 1) * sizeof *g->displays);
  display *d = &g->displays[g->ndisplays++];
  d->id = ++g->next_display;
  d->fmt = strdup(fmtbuf);
  d->expr = strdup(text);
  if (g->c) {   /* show it now, as gdb does */
    int n = g->ndisplays;
    display *saved = g->displays;
    g->displays = d;
    g->ndisplays = 1;
    do_displays(g);
    g->displays = saved;
    g->ndisplays = n;
  }
  return DR_OK;
}

static void do_displays(dbg *g) {
  for (int i = 0; i < g->ndisplays; i++) {
    display *d = &g->displays[i];
    char lead[64];
    int examine = d->fmt[0] && (strlen(d->fmt) > 1 || strchr("isbhwg", d->fmt[0]));
    if (examine) {
      printf("%d: x/%s %s\n", d->id, d->fmt, d->expr);
      char args[1200];   /* a command line, so the expression, is at most 1023 characters */
      snprintf(args, sizeof args, "/%s %s", d->fmt, d->expr);
      int vx = g->x_valid; uint64_t xn = g->x_next;
      do_examine(g, args, "");
      g->x_valid = vx; g->x_next = xn;
      continue;
    }
    snprintf(lead, sizeof lead, "%d: %s%s%s", d->id, d->fmt[0] ? "/" : "", d->fmt, d->fmt[0] ? " " : "");
    char why[256];
    value v;
    if (dbg_eval(g, d->expr, &v, why, sizeof why)) { printf("%s%s = <%s>\n", lead, d->expr, why); continue; }
    dbg_print_value(g, &v, d->fmt[0], lead);
  }
}

static int cmd_undisplay(dbg *g, char *args) {
  char *p = args, *t;
  if (!*dbg_trim(args)) {
    for (int i = 0; i < g->ndisplays; i++) { free(g->displays[i].fmt); free(g->displays[i].expr); }
    g->ndisplays = 0;
    return DR_OK;
  }
  while ((t = dbg_word(&p))) {
    uint64_t id;
    if (parse_u64(t, &id)) return DR_USAGE;
    int found = 0;
    for (int i = 0; i < g->ndisplays; i++)
      if ((uint64_t)g->displays[i].id == id) {
        free(g->displays[i].fmt); free(g->displays[i].expr);
        memmove(&g->displays[i], &g->displays[i + 1], (size_t)(g->ndisplays - i - 1) * sizeof *g->displays);
        g->ndisplays--;
        found = 1;
        break;
      }
    if (!found) return dbg_err("No display number %llu.", (unsigned long long)id);
  }
  return DR_OK;
}

static int info_display(dbg *g, char *args) {
  (void)args;
  if (!g->ndisplays) { printf("There are no auto-display expressions now.\n"); return DR_OK; }
  printf("Auto-display expressions now in effect:\nNum Enb Expression\n");
  for (int i = 0; i < g->ndisplays; i++)
    printf("%-3d y   %s%s%s%s\n", g->displays[i].id, g->displays[i].fmt[0] ? "/" : "", g->displays[i].fmt, g->displays[i].fmt[0] ? " " : "", g->displays[i].expr);
  return DR_OK;
}

static int cmd_disassemble(dbg *g, char *args) {
  char *p = args;
  int with_source = 0;
  char *t;
  aw_module *m = NULL;
  int f = -1;
  uint32_t lo = 0, hi = UINT32_MAX;
  while ((t = dbg_word(&p))) {
    if (!strcmp(t, "/s") || !strcmp(t, "/m")) { with_source = 1; continue; }
    if (t[0] == '/') return DR_USAGE;
    char *comma = strchr(t, ',');
    if (comma || isdigit((unsigned char)t[0])) {   /* START,END or START,+N: pcs of the current function */
      f = current_func(g, &m);
      if (f < 0) return dbg_err("No function in focus: name one (disassemble FUNCTION).");
      char *end;
      unsigned long long x = strtoull(t, &end, 0);   /* (pcs past 2^32 - 1 were taken modulo 2^32) */
      if (end == t || (*end && *end != ',') || t[0] == '-' || x > UINT32_MAX) return DR_USAGE;
      lo = (uint32_t)x;
      if (comma) {
        int plus = comma[1] == '+';
        const char *vs = comma + 1 + plus;
        x = strtoull(vs, &end, 0);
        if (*end || end == vs || *vs == '-' || x > UINT32_MAX - (plus ? lo : 0)) return DR_USAGE;
        hi = plus ? lo + (uint32_t)x : (uint32_t)x;
      } else hi = lo + 1;
      continue;
    }
    aw_module **mods;
    int nm = known_modules(g, &mods);
    for (int i = nm; i-- > 0 && f < 0;)
      for (uint32_t k = 0; k < mods[i]->img.nfuncs; k++)
        if (mods[i]->img.funcs[k].has_body && !strcmp(dbg_fname(mods[i], k), t)) { m = mods[i]; f = (int)k; break; }
    for (int i = nm; i-- > 0 && f < 0;)   /* a C++ function by its source name */
      for (uint32_t k = 0; k < mods[i]->img.nfuncs; k++)
        if (mods[i]->img.funcs[k].has_body && source_named(mods[i], k, t, strlen(t))) { m = mods[i]; f = (int)k; break; }
    if (f < 0) return dbg_err("No function \"%s\" in the loaded modules.", t);
  }
  if (f < 0) f = current_func(g, &m);
  if (f < 0) return dbg_err("No function in focus: name one (disassemble FUNCTION).");
  warp *w = dbg_focus_warp(g);
  uint32_t cur = w && g->c && g->c->m == m ? dbg_warp_pc(g, w, NULL) : NO_PC;
  if (lo >= m->funcs[f].ninsn || hi <= lo)
    return dbg_err("No instructions in %u,%u: %s has pcs 0 to %u.", lo, hi, dbg_fname(m, (uint32_t)f), m->funcs[f].ninsn - 1);
  printf("Dump of code for %s %s:\n", m->img.funcs[f].kind == ISA_FN_ENTRY ? "kernel" : m->img.funcs[f].kind == ISA_FN_SUBR ? "subroutine" : "function", dbg_fname(m, (uint32_t)f));
  uint32_t last_file = 0, last_line = 0;
  for (uint32_t i = 0; i < m->funcs[f].ninsn; i++) {
    if (i < lo || i >= hi) continue;
    uint32_t pc = m->funcs[f].first_pc + i;
    const isa_line *ln = line_of(m, pc);
    if (with_source && ln->file && (ln->file != last_file || ln->line != last_line)) {
      const char *text = source_line(file_name(m, ln->file), ln->line);
      printf("%s:%u\t%s\n", file_name(m, ln->file), ln->line, text ? text : "");
      last_file = ln->file;
      last_line = ln->line;
    }
    char insn[512];
    insn_text(m, pc, insn, sizeof insn);
    char loc[64] = "";
    if (!with_source && ln->file) snprintf(loc, sizeof loc, "%u", ln->line);
    printf("%s%4u  %-6s %s;\n", pc == cur ? "=> " : "   ", i, loc, insn);
  }
  printf("End of dump.\n");
  return DR_OK;
}

static int cmd_list(dbg *g, char *args) {
  char *text = dbg_trim(args);
  const char *file = g->list_file;
  uint32_t first = g->list_line, asked = 0;
  char fbuf[512];
  if (*text) {
    if (!strcmp(text, "-")) { first = first > 20 ? first - 20 : 1; }
    else {
      uint32_t pcs[4];
      aw_module **mods;
      int nm = known_modules(g, &mods);
      uint32_t n = 0;
      aw_module *m = NULL;
      char *colon = strrchr(text, ':');
      int numeric = 1;
      for (char *q = colon ? colon + 1 : text; *q; q++) if (!isdigit((unsigned char)*q)) numeric = 0;
      if (numeric && !colon) {
        if (!file[0]) return dbg_err("No source file: stop somewhere first, or use FILE:LINE.");
        unsigned long long l = strtoull(text, NULL, 10);
        if (l > UINT32_MAX) return dbg_err("Line number %s out of range.", text);   /* (it was taken modulo 2^32) */
        asked = (uint32_t)l;
        first = l > 5 ? (uint32_t)l - 5 : 1;
      } else if (numeric && colon) {
        snprintf(fbuf, sizeof fbuf, "%.*s", (int)(colon - text), text);
        unsigned long long l = strtoull(colon + 1, NULL, 10);
        if (l > UINT32_MAX) return dbg_err("Line number %s out of range.", colon + 1);
        asked = (uint32_t)l;
        file = fbuf;
        /* a module's name for the file, when it knows it under a longer path */
        for (int i = 0; i < nm; i++)
          for (uint32_t k = 0; k < mods[i]->img.nfiles; k++) {
            const char *fn = isa_str(&mods[i]->img, mods[i]->img.files[k]);
            size_t fl = strlen(fn), bl = strlen(fbuf);
            if (fl >= bl && !strcmp(fn + fl - bl, fbuf) && (fl == bl || fn[fl - bl - 1] == '/')) { snprintf(fbuf, sizeof fbuf, "%s", fn); break; }
          }
        first = l > 5 ? (uint32_t)l - 5 : 1;
      } else {
        for (int i = nm; i-- > 0 && !n;) { n = resolve_in(g, mods[i], text, pcs, 4); m = mods[i]; }
        if (!n) return dbg_err("Function \"%s\" not defined.", text);
        const isa_line *ln = line_of(m, pcs[0]);
        if (!ln->file) return dbg_err("No source line for %s.", text);
        snprintf(fbuf, sizeof fbuf, "%s", file_name(m, ln->file));
        file = fbuf;
        first = ln->line > 5 ? ln->line - 5 : 1;
      }
    }
  }
  if (!file[0]) return dbg_err("No source file: stop somewhere first, or use list FILE:LINE.");
  source *s = source_get(file);
  if (!s) return dbg_err("%s: cannot read the source file", file);
  if (asked > s->nlines || first > s->nlines)
    return dbg_err("Line number %u out of range; \"%s\" has %u lines.", asked ? asked : first, file, s->nlines);
  uint32_t last = first + 9 < s->nlines ? first + 9 : s->nlines;
  for (uint32_t l = first; l <= last; l++) printf("%u\t%s\n", l, s->lines[l - 1]);
  if (file != g->list_file) snprintf(g->list_file, sizeof g->list_file, "%s", file);
  g->list_line = last + 1;
  return DR_OK;
}

static int cmd_set_var(dbg *g, char *args) {
  char *eq = strchr(args, '=');
  if (!eq || eq[1] == '=') return DR_USAGE;
  *eq = 0;
  char *lhs = dbg_trim(args), *rhs = dbg_trim(eq + 1);
  if (!*lhs || !*rhs) return DR_USAGE;
  char why[256];
  value dst, src;
  if (dbg_eval(g, lhs, &dst, why, sizeof why)) return dbg_err("%s", why);
  if (dst.kind == V_NUM || dst.kind == V_SREG) return dbg_err("Left operand of assignment is not an lvalue (a register, %%r[LANE], {TYPE}ADDRESS or BUFFER[INDEX]).");
  if (dbg_eval(g, rhs, &src, why, sizeof why)) return dbg_err("%s", why);
  parser ps = { g, "", "" };
  uint64_t u; double f; int fl;
  if (dbg_value_number(&ps, &src, &u, &f, &fl)) return dbg_err("%s", ps.err);
  int t = dst.type;
  uint64_t bits;
  double fv = fl ? f : dbg_int_to_double(u, src.type);
  if (t == ISA_T_F32) bits = emu_f32_bits((float)fv);
  else if (t == ISA_T_F64) bits = emu_f64_bits(fv);
  else if (fl && dbg_float_to_int(f, &bits)) return dbg_err("%.17g does not fit in %s (%s): it has no integer value in 64 bits", f, dst.name, isa_type_name(t));
  else bits = fl ? bits : u;
  unsigned w = isa_type_bits(t);
  if (t == ISA_T_PRED) bits = bits != 0;
  else if (w < 64) bits &= (1ull << w) - 1;   /* converted to the type, as C converts to an unsigned type */
  if (dst.kind == V_REG) {
    warp *wp = dbg_focus_warp(g);
    frame *fr = dbg_sel_frame(g, wp);
    for (int l = 0; l < WARP; l++)
      if (dst.lane == -2 || l == dbg_lane_of(g, &dst)) fr->regs[(size_t)dst.slot * WARP + (uint32_t)l] = bits & fr->slot_mask[dst.slot];
    return DR_OK;
  }
  uint8_t *p = dbg_mem_at(g, dst.space, dst.addr, dbg_type_bytes(t), 1, why, sizeof why);
  if (!p) return dbg_err("Cannot write %s: %s", dst.name, why);
  for (unsigned k = 0; k < dbg_type_bytes(t); k++) p[k] = (uint8_t)(bits >> (8 * k));
  /* the debugger's write is not the program's: watchpoints take it as their new value */
  for (int i = 0; i < g->nbps; i++) {
    breakpoint *b = &g->bps[i];
    if (b->kind != BP_WATCH) continue;
    emu_alloc *a = emu_find_alloc(g->d, b->addr, b->size);
    if (a) memcpy(b->old, a->data + (b->addr - a->addr), b->size);
  }
  return DR_OK;
}

/* info line: with an address, the memory line holding it (its state and
 * what each codec makes of it); lin/lout, the running subroutine's lines;
 * with nothing, the source line of the focused warp's pc. */
static int info_line(dbg *g, char *args) {
  char *text = dbg_trim(args);
  warp *w = dbg_focus_warp(g);
  if (!*text) {
    if (!w) return dbg_err("No line: the program is not stopped in a kernel.");
    uint32_t pc = dbg_sel_pc(g, w);   /* (the selected frame's) */
    if (pc == NO_PC) return dbg_err("No line: warp %u has exited.", w->id);
    const isa_line *ln = line_of(g->c->m, pc);
    if (!ln->file) { printf("No line number information for pc %u.\n", dbg_rel_pc(g->c->m, pc)); return DR_OK; }
    uint32_t a = pc, b = pc;
    uint32_t f = func_of(g->c->m, pc), fp = g->c->m->funcs[f].first_pc, fe = fp + g->c->m->funcs[f].ninsn;
    while (a > fp && same_line(g->c->m, a - 1, ln->file, ln->line)) a--;
    while (b + 1 < fe && same_line(g->c->m, b + 1, ln->file, ln->line)) b++;
    printf("Line %u of \"%s\" is at %s pc %u to pc %u.\n", ln->line, file_name(g->c->m, ln->file), dbg_fname(g->c->m, f), a - fp, b - fp);
    return DR_OK;
  }
  if (!strcmp(text, "lin") || !strcmp(text, "lout")) {
    if (!g->c || !g->c->line) return dbg_err("No assist-warp subroutine is running: .lin and .lout exist only then.");
    aw_line *ln = g->c->line;
    uint32_t enc, size, lsz, mag;
    memcpy(&enc, ln->meta, 4); memcpy(&size, ln->meta + 4, 4); memcpy(&lsz, ln->meta + 8, 4); memcpy(&mag, ln->meta + 12, 4);
    aw_module *m = g->c->m;
    const isa_image *img = &m->img;
    printf("Subroutine %s", dbg_fname(m, g->c->kfunc));
    /* its triggers as the source writes them; a 'pc' one also where in the kernel it fires */
    for (uint32_t i = 0; i < img->nsubrs; i++) {
      const isa_subr *sr = &img->subrs[i];
      if (sr->func != g->c->kfunc) continue;
      uint32_t npc = 0;   /* its pc triggers so far: load.c binds them in order, one m->pc_binds entry each */
      for (uint32_t k = 0; k < sr->ntrigger; k++) {
        const isa_trigger *tr = &img->triggers[sr->first_trigger + k];
        char as[512], at[700] = "";
        isa_trigger_text(tr, img->strtab, as, sizeof as);
        if (tr->event == ISA_TRIG_PC) {
          uint32_t seen = 0;
          for (uint32_t b = 0; b < m->npc_binds; b++) {
            if (m->pc_binds[b].subr != i || seen++ != npc) continue;
            char wt[600];
            if (m->pc_binds[b].pc < m->ncode) { where_text(m, m->pc_binds[b].pc, wt, sizeof wt); snprintf(at, sizeof at, " at %s", wt); }
            break;
          }
          npc++;
        }
        printf("%s '%s'%s", k ? "," : sr->ntrigger > 1 ? ", started by the triggers" : ", started by the trigger", as, at);
      }
    }
    printf("\n");
    printf("  .lin  %u bytes; .lout %u bytes\n", ln->in_bytes, ln->out_bytes);
    printf("  .lmeta: encoding %u, compressed size %u bytes, line size %u bytes, MAG %u bytes", enc, size, lsz, mag);
    if (mag && size) printf(" (%u burst%s)", codec_bursts(size, mag), codec_bursts(size, mag) == 1 ? "" : "s");
    printf("\n  %s\n", enc ? "the line is compressed (encoding != 0)" : "encoding 0: the line is stored uncompressed");
    return DR_OK;
  }
  char why[256];
  value v;
  if (dbg_eval(g, text, &v, why, sizeof why)) return dbg_err("%s", why);
  uint64_t addr;
  if (v.kind == V_MEM) addr = v.addr;
  else if (v.kind == V_NUM && !v.is_float) addr = v.bits;
  else return DR_USAGE;
  uint32_t lb = g->line_bytes;
  uint64_t base = addr & ~(uint64_t)(lb - 1);
  emu_alloc *a = emu_find_alloc(g->d, base, lb);
  uint8_t line[CODEC_MAX_LINE];
  memset(line, 0, sizeof line);
  if (!a) {
    emu_alloc *part = emu_find_alloc(g->d, addr, 1);
    if (!part) return dbg_err("0x%llx is not in device memory.", (unsigned long long)addr);
    for (uint32_t k = 0; k < lb; k++) {   /* an allocation that does not fill the line: the rest reads as zero */
      emu_alloc *q = emu_find_alloc(g->d, base + k, 1);
      if (q) line[k] = q->data[base + k - q->addr];
    }
  } else memcpy(line, a->data + (base - a->addr), lb);
  const char *owner = NULL;
  uint64_t ba = 0, bn = 0;
  int bt = 0;
  for (int i = 0;; i++) {
    const char *nm = dbg_buffer(g, i, &ba, &bn, &bt);
    if (!nm) break;
    if (addr >= ba && addr < ba + bn * dbg_type_bytes(bt)) { owner = nm; break; }
  }
  printf("Line 0x%llx-0x%llx (%u bytes)", (unsigned long long)base, (unsigned long long)(base + lb - 1), lb);
  if (owner) printf(" of buffer '%s'", owner);
  printf("\n  in device memory: uncompressed (this run models no compressed memory; the codecs below say what compression would give)\n");
  printf("  %-14s %-14s %6s %7s\n", "codec", "encoding", "bytes", "bursts");
  for (int i = 0; codecs[i]; i++) {
    uint8_t payload[CODEC_MAX_PAYLOAD];
    codec_meta meta;
    if (codecs[i]->compress(line, lb, 32, payload, &meta)) continue;
    const char *en = meta.encoding < codecs[i]->nencodings ? codecs[i]->encodings[meta.encoding] : "?";
    printf("  %-14s %-14s %6u %7u\n", codecs[i]->name, en, meta.size, codec_bursts(meta.size, 32));
  }
  printf("  (bursts of 32 bytes; the line uncompressed is %u)\n", codec_bursts(lb, 32));
  return DR_OK;
}

static int info_buffers(dbg *g, char *args) {
  (void)args;
  uint64_t a, n;
  int t;
  int any = 0;
  for (int i = 0;; i++) {
    const char *nm = dbg_buffer(g, i, &a, &n, &t);
    if (!nm) break;
    if (!any++) printf("%-16s %-5s %10s  %s\n", "Buffer", "Type", "Elements", "Address");
    printf("%-16s %-5s %10llu  0x%llx\n", nm, isa_type_name(t), (unsigned long long)n, (unsigned long long)a);
  }
  if (!any) printf("No buffers.\n");
  return DR_OK;
}

static int info_functions(dbg *g, char *args) {
  (void)args;
  aw_module **mods;
  int nm = known_modules(g, &mods);
  if (!nm) { printf("No modules loaded.\n"); return DR_OK; }
  for (int i = 0; i < nm; i++)
    for (uint32_t f = 0; f < mods[i]->img.nfuncs; f++) {
      const isa_func *fn = &mods[i]->img.funcs[f];
      if (!fn->has_body) continue;
      printf("%-10s %s (%u instructions)\n", fn->kind == ISA_FN_ENTRY ? "kernel" : fn->kind == ISA_FN_SUBR ? "subroutine" : "function",
             dbg_fname(mods[i], f), mods[i]->funcs[f].ninsn);
    }
  return DR_OK;
}

static int cmd_stats(dbg *g, char *args) {
  if (*dbg_trim(args)) return DR_USAGE;
  if (g->c) printf("(so far in the running %s)\n", g->c->line ? "subroutine" : "launch");
  if (g->program) {   /* no session: the device's counters */
    aw_stats l = aw_get_stats(g->d), t = aw_get_total_stats(g->d);
    for (int k = 0; k < 2; k++) {
      const aw_stats *a = k ? &t : &l;
      printf("%s: %llu warp instructions, %llu thread instructions, %llu CTAs, %llu warps, %llu branches (%llu divergent), %llu barriers\n",
             k ? "all launches" : "last launch", (unsigned long long)a->warp_insns, (unsigned long long)a->thread_insns,
             (unsigned long long)a->ctas, (unsigned long long)a->warps, (unsigned long long)a->branches,
             (unsigned long long)a->divergent_branches, (unsigned long long)a->barriers);
    }
    return DR_OK;
  }
  return aw_session_exec(g->s, "stats", "") ? DR_ERR : DR_OK;
}

/* ---- the command table ---- */

typedef struct {
  const char *name, *alias;
  int (*run)(dbg *g, char *args);
  const char *usage, *help;
  int repeats;            /* an empty line runs it again */
} dbg_command;

static int cmd_help(dbg *g, char *args);
static int cmd_info(dbg *g, char *args);
static int cmd_set(dbg *g, char *args);

static const dbg_command info_commands[] = {
  { "breakpoints", "b", info_breakpoints, "info breakpoints", "breakpoints and watchpoints, their conditions and hit counts", 0 },
  { "watchpoints", NULL, info_watchpoints, "info watchpoints", "watchpoints only", 0 },
  { "warps", NULL, info_warps, "info warps", "every warp of the running block: pc, active mask, stack depth, state", 0 },
  { "lanes", NULL, info_lanes, "info lanes", "every lane of the warp in focus: active, inactive, exited; its thread", 0 },
  { "registers", "r", info_registers, "info registers[/FMT] [REGISTER ...]", "registers of the function in focus, in the lane in focus", 0 },
  { "line", NULL, info_line, "info line [ADDRESS | lin | lout]", "a memory line (state, what each codec makes of it), a subroutine's lines, or the source line of the pc", 0 },
  { "display", NULL, info_display, "info display", "the expressions shown at every stop", 0 },
  { "buffers", NULL, info_buffers, "info buffers", "the script's buffers: type, elements, address", 0 },
  { "functions", NULL, info_functions, "info functions", "kernels, functions and subroutines of the loaded modules", 0 },
  { "frame", NULL, info_frame, "info frame", "the selected call frame of the warp in focus: its pc, caller and callee", 0 },
  { "cuda", NULL, info_cuda, "info cuda kernels|blocks", "cuda-gdb's: the running kernel or subroutine: id, grid, block, module, state; the blocks running (timing mode: every resident one, its SM)", 0 },
  { NULL, NULL, NULL, NULL, NULL, 0 },
};

static const dbg_command commands[] = {
  { "run", "r", cmd_run, "run", "run the script from the beginning (again, when it runs)", 0 },
  { "continue", "c", cmd_continue, "continue", "go on until a breakpoint, a watchpoint, a fault, Ctrl-C or the end", 0 },
  { "step", "s", cmd_step, "step [N]", "run the warp in focus to the next source line, into calls", 1 },
  { "stepi", "si", cmd_stepi, "stepi [N]", "run one instruction of the warp in focus (N instructions)", 1 },
  { "next", "n", cmd_next, "next [N]", "like step, over calls", 1 },
  { "nexti", "ni", cmd_nexti, "nexti [N]", "like stepi, over calls", 1 },
  { "finish", "fin", cmd_finish, "finish", "run until the function of the warp in focus returns", 0 },
  { "until", "u", cmd_until, "until [LOCATION]", "run the warp in focus past the current line without going back (a loop), or to LOCATION", 1 },
  { "advance", NULL, cmd_advance, "advance LOCATION", "run the warp in focus to LOCATION (or until its function returns)", 0 },
  { "kill", "k", cmd_kill, "kill", "end the running launch and the script", 0 },
  { "break", "b", cmd_break, "break [LOCATION] [if REGISTER[LANE] OP VALUE]", "stop where a warp reaches LOCATION: FUNCTION, FUNCTION:LABEL, LABEL, FILE:LINE, LINE, *PC or *FUNCTION+PC", 0 },
  { "tbreak", "tb", cmd_tbreak, "tbreak [LOCATION] [if REGISTER[LANE] OP VALUE]", "a breakpoint deleted when it stops", 0 },
  { "watch", NULL, cmd_watch, "watch {TYPE}ADDRESS | BUFFER[INDEX] | ADDRESS", "stop after a store writes a global location (shows old and new values, block, warp and lane)", 0 },
  { "delete", "d", cmd_delete, "delete [N ...]", "delete breakpoints (all when no number)", 0 },
  { "disable", NULL, cmd_disable, "disable [N ...]", "disable breakpoints (all when no number)", 0 },
  { "enable", NULL, cmd_enable, "enable [N ...]", "enable breakpoints (all when no number)", 0 },
  { "condition", NULL, cmd_condition, "condition N [REGISTER[LANE] OP VALUE]", "set or remove a breakpoint's condition", 0 },
  { "cuda", NULL, cmd_cuda, "cuda [sm N] [warp N] [lane N] [block (X,Y,Z)] [thread (X,Y,Z)]", "show or move the focus, by hardware or software coordinates", 0 },
  { "info", "i", cmd_info, "info SUBCOMMAND", "breakpoints watchpoints warps lanes registers line display buffers functions frame cuda", 0 },
  { "print", "p", dbg_cmd_print, "print[/FMT] EXPRESSION", "a value: %REG (lane in focus), %REG[LANE], %REG[*] (every lane), {TYPE}ADDRESS, BUFFER[INDEX], $pc $mask $active; FMT x d u o t f c", 0 },
  { "x", NULL, cmd_x, "x/NFU [SPACE:]ADDRESS", "examine memory: N units (1 to 4096), F format (x d u o t f c s i), U size (b h w g); SPACE global shared local param const lin lout lmeta generic", 1 },
  { "display", NULL, cmd_display, "display[/FMT] [EXPRESSION]", "print EXPRESSION at every stop (display/i $pc: the instruction)", 0 },
  { "undisplay", NULL, cmd_undisplay, "undisplay [N ...]", "stop displaying (all when no number)", 0 },
  { "disassemble", NULL, cmd_disassemble, "disassemble [/s] [FUNCTION | START,END | START,+N]", "the instructions of a function (=> marks the pc), /s with source lines", 0 },
  { "list", "l", cmd_list, "list [LINE | FILE:LINE | FUNCTION | -]", "source lines around the stop, or a place; again: the next ten", 1 },
  { "backtrace", "bt", cmd_backtrace, "backtrace", "the call frames of the warp in focus ('*' marks the selected one)", 0 },
  { "frame", "f", cmd_frame, "frame [N]", "select call frame N of the warp in focus (#0 the innermost) for print, info registers and info frame; show it", 0 },
  { "up", NULL, cmd_up, "up [N]", "select the frame N (1) levels out: the caller", 0 },
  { "down", NULL, cmd_down, "down [N]", "select the frame N (1) levels in: the callee", 0 },
  { "where", NULL, cmd_backtrace, "where", "the call frames of the warp in focus", 0 },
  { "set", NULL, cmd_set, "set var LVALUE = VALUE | set limit N | set memcheck on|stop|off | set var NAME VALUE", "change a register (%REG, %REG[LANE], %REG[*]) or memory ({TYPE}ADDRESS, BUFFER[INDEX]); or a run-script setting", 0 },
  { "stats", NULL, cmd_stats, "stats", "the launch's counters (so far, when it runs)", 0 },
  { "help", "h", cmd_help, "help [COMMAND]", "list the commands, or one command's usage", 0 },
  { "quit", "q", cmd_quit, "quit", "leave the debugger", 0 },
  { NULL, NULL, NULL, NULL, NULL, 0 },
};

/* Run-script commands the debugger takes over or refuses while a kernel runs. */
static int is_script_command(const char *name) {
  for (const aw_command *c = aw_commands; c->name; c++) if (!strcmp(c->name, name)) return 1;
  return 0;
}

/* Finds a command by name, alias or unique prefix.  *ambiguous lists the candidates when several match. */
static const dbg_command *lookup(const dbg_command *table, const char *name, const char **script, char *ambiguous, size_t cap) {
  *script = NULL;
  ambiguous[0] = 0;
  for (const dbg_command *c = table; c->name; c++) if (!strcmp(c->name, name) || (c->alias && !strcmp(c->alias, name))) return c;
  if (table == commands && is_script_command(name)) { *script = name; return NULL; }
  const dbg_command *found = NULL;
  const char *found_script = NULL;
  int n = 0;
  size_t len = strlen(name), used = 0;
  for (const dbg_command *c = table; c->name; c++)
    if (!strncmp(c->name, name, len)) {
      found = c; n++;
      used += (size_t)snprintf(ambiguous + used, used < cap ? cap - used : 0, "%s%s", used ? ", " : "", c->name);
    }
  if (table == commands)
    for (const aw_command *c = aw_commands; c->name; c++) {
      int dup = 0;
      for (const dbg_command *d = table; d->name; d++) if (!strcmp(d->name, c->name)) dup = 1;
      if (!dup && !strncmp(c->name, name, len)) {
        found_script = c->name; n++;
        used += (size_t)snprintf(ambiguous + used, used < cap ? cap - used : 0, "%s%s", used ? ", " : "", c->name);
      }
    }
  if (n == 1) { ambiguous[0] = 0; if (found_script) { *script = found_script; return NULL; } return found; }
  if (n == 0) ambiguous[0] = 0;
  return NULL;
}

static int cmd_info(dbg *g, char *args) {
  char *p = args;
  char *sub = dbg_word(&p);
  if (!sub) return DR_USAGE;
  char rest[1024];
  char *slash = strchr(sub, '/');
  if (slash) {   /* info registers/x: the format belongs to the subcommand's arguments */
    snprintf(rest, sizeof rest, "%s %s", slash, p);
    *slash = 0;
    p = rest;
  }
  const char *script;
  char amb[512];
  const dbg_command *c = lookup(info_commands, sub, &script, amb, sizeof amb);
  if (!c) {
    if (amb[0]) return dbg_err("Ambiguous info command \"%s\": %s.", sub, amb);
    return dbg_err("Undefined info command: \"%s\".  Try \"help info\".", sub);
  }
  int rc = c->run(g, p);
  if (rc == DR_USAGE) { fflush(stdout); fprintf(stderr, "usage: %s\n", c->usage); return DR_ERR; }
  return rc;
}

/* set limit N, set time-limit S, set memcheck MODE for a CUDA program: its device's (it has no
 * run-script session to run 'set' in). */
static int program_setting(dbg *g, const char *what, const char *v) {
  char *end = NULL;
  errno = 0;
  if (!strcmp(what, "limit")) {
    unsigned long long n = isdigit((unsigned char)*v) ? strtoull(v, &end, 0) : 0;
    if (!end || *end || errno) return dbg_err("limit '%s' is not a number of warp instructions (0: no limit)", v);
    aw_set_insn_limit(g->d, n);
  } else if (!strcmp(what, "time-limit")) {
    double t = strtod(v, &end);
    if (end == v || *end || !isfinite(t) || t < 0) return dbg_err("time limit '%s' is not a number of seconds >= 0 (0: no limit)", v);
    aw_set_time_limit(g->d, t);
  } else if (!strcmp(what, "memcheck")) {
    int mode = !strcmp(v, "on") ? AW_MEMCHECK_REPORT : !strcmp(v, "stop") ? AW_MEMCHECK_STOP : !strcmp(v, "off") ? AW_MEMCHECK_OFF : -1;
    if (mode < 0) return dbg_err("set memcheck takes on, stop or off, not '%s'", v);
    aw_set_memcheck(g->d, mode, NULL);
  } else return dbg_err("set var NAME VALUE defines a run script's variable; a CUDA program has none.");
  return DR_OK;
}

static int cmd_set(dbg *g, char *args) {
  char *p = args;
  while (isspace((unsigned char)*p)) p++;
  if (!strncmp(p, "var", 3) && isspace((unsigned char)p[3])) {
    char *rest = p + 4;
    if (strchr(rest, '=') || strchr(rest, '%') || strchr(rest, '{') || strchr(rest, '[')) return cmd_set_var(g, rest);
  } else if (*p == '%' || *p == '{') return cmd_set_var(g, p);
  /* the run-script settings: set limit N, set memcheck MODE, set var NAME VALUE */
  char copy[1024];
  snprintf(copy, sizeof copy, "%s", p);
  char *q = copy, *w1 = dbg_word(&q), *w2 = dbg_word(&q), *w3 = dbg_word(&q), *w4 = dbg_word(&q);
  int ok = w1 && (((!strcmp(w1, "limit") || !strcmp(w1, "memcheck")) && w2 && !w3) || (!strcmp(w1, "var") && w2 && w3 && !w4));
  if (g->program && w1 && !strcmp(w1, "time-limit") && w2 && !w3) ok = 1;
  if (!ok) return DR_USAGE;
  if (g->program) return program_setting(g, w1, w2);
  char line[1100];
  snprintf(line, sizeof line, "set %s", p);
  if (aw_session_exec(g->s, line, "")) return DR_ERR;
  /* settings of the debugging session: 'run' makes the script's session anew and applies them again */
  { g->presets = realloc(g->presets, (size_t)(g->npresets + 1) * sizeof *g->presets); g->presets[g->npresets++] = strdup(line); }
  return DR_OK;
}

static int cmd_help(dbg *g, char *args) {
  char *p = args;
  char *name = dbg_word(&p);
  if (!name) {
    printf("Debugger commands (unique prefixes work; an empty line repeats step, next, x and list):\n");
    for (const dbg_command *c = commands; c->name; c++)
      printf("  %s%s%s%s\n      %s\n", c->usage, c->alias ? "   (alias " : "", c->alias ? c->alias : "", c->alias ? ")" : "", c->help);
    if (!g->program) {   /* (a CUDA program has no run-script session) */
      printf("Run-script commands (emu/RUNSCRIPT.md), also at this prompt:\n");
      for (const aw_command *c = aw_commands; c->name; c++) {
        int dup = 0;
        for (const dbg_command *d = commands; d->name; d++) if (!strcmp(d->name, c->name)) dup = 1;
        if (!dup) printf("  %s\n      %s\n", c->usage, c->help);
      }
    }
    printf("Type \"help COMMAND\" for its usage.\n");
    return DR_OK;
  }
  const char *script;
  char amb[512];
  if (!strcmp(name, "info") && (name = dbg_word(&p))) {
    const dbg_command *c = lookup(info_commands, name, &script, amb, sizeof amb);
    if (!c) return dbg_err("Undefined info command: \"%s\".  Try \"help info\".", name);
    printf("usage: %s\n%s.\n", c->usage, c->help);
    return DR_OK;
  }
  if (!name) name = "info";
  const dbg_command *c = lookup(commands, name, &script, amb, sizeof amb);
  if (c) {
    printf("usage: %s\n%s.\n", c->usage, c->help);
    if (c->alias) printf("Alias: %s.\n", c->alias);
    if (c->run == cmd_info) for (const dbg_command *i = info_commands; i->name; i++) printf("  info %-12s %s\n", i->name, i->help);
    return DR_OK;
  }
  if (script) {
    for (const aw_command *s = aw_commands; s->name; s++)
      if (!strcmp(s->name, script)) { printf("usage: %s\n%s (run-script command).\n", s->usage, s->help); return DR_OK; }
  }
  if (amb[0]) return dbg_err("Ambiguous command \"%s\": %s.", name, amb);
  return dbg_err("Undefined command: \"%s\".  Try \"help\".", name);
}

/* Runs one command line.  Returns DR_RESUME when the program should go on. */
static int execute(dbg *g, char *line) {
  char *p = dbg_trim(line);
  if (!*p || *p == '#') return DR_OK;
  char name[64];
  size_t n = 0;
  while (p[n] && !isspace((unsigned char)p[n]) && p[n] != '/' && n + 1 < sizeof name) { name[n] = p[n]; n++; }
  name[n] = 0;
  if (!n) { dbg_err("Undefined command: \"%s\".  Try \"help\".", p); return DR_ERR; }
  char *args = p + n;
  const char *script;
  char amb[512];
  const dbg_command *c = lookup(commands, name, &script, amb, sizeof amb);
  if (!c && script && g->program)
    return dbg_err("'%s' is a run-script command: a CUDA program allocates its memory and launches its kernels itself "
                   "(break KERNEL stops in them).", script);
  if (!c && script) {
    if (g->stop != S_NONE && (!strcmp(script, "launch") || !strcmp(script, "runsub")))
      return dbg_err("A kernel is running (stopped): continue or kill it before starting another.");
    char full[4096];
    snprintf(full, sizeof full, "%s%s", script, args);
    int started = !strcmp(script, "launch") || !strcmp(script, "runsub");
    if (started) { g->running = 1; g->kill = 0; g->mode = M_CONT; }
    int rc = aw_session_exec(g->s, full, "");
    if (started) {
      aw_session_quiet(g->s, 0);
      g->running = 0;
      launch_over(g);
      if (g->kill) { g->kill = 0; if (!g->quit) printf("[%s killed]\n", script); return DR_OK; }
      char copy[4096], *q = copy;
      snprintf(copy, sizeof copy, "%s", args);
      char *kname = dbg_word(&q);
      if (!rc && !strcmp(script, "launch") && kname) printf("[kernel %s finished]\n", kname);
    }
    return rc ? DR_ERR : DR_OK;
  }
  if (!c) {
    if (amb[0]) return dbg_err("Ambiguous command \"%s\": %s.", name, amb);
    return dbg_err("Undefined command: \"%s\".  Try \"help\".", name);
  }
  int rc = c->run(g, args);
  if (rc == DR_USAGE) { fflush(stdout); fprintf(stderr, "usage: %s\n", c->usage); return DR_ERR; }
  return rc;
}

/* ---- input ---- */

static void on_sigint(int sig) {
  if (G && G->program && !G->in_launch && !at_prompt) {   /* a program in its host code: it ends, as without the debugger */
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  if (G) G->interrupted = 1;
  if (at_prompt) {   /* a fresh, empty prompt, as a shell gives */
    ssize_t r = write(STDOUT_FILENO, "\n", 1);
    (void)r;
#ifndef AWEMU_CUDART
    rl_on_new_line();
    rl_replace_line("", 0);
    rl_redisplay();
#else
    r = write(STDOUT_FILENO, PROMPT, strlen(PROMPT));
#endif
  }
}

/* One line of input, or NULL at the end; *from_user says it came from the terminal or standard input. */
static char *read_command(dbg *g, int *from_user) {
  *from_user = 0;
  if (g->iqueue < g->nqueue) {
    char *l = strdup(g->queue[g->iqueue++]);
    printf("%s%s\n", PROMPT, l);
    return l;
  }
  if (g->batch) return NULL;
  *from_user = 1;
#ifndef AWEMU_CUDART
  if (g->tty) {
    fflush(stdout);
    at_prompt = 1;
    char *l = readline(PROMPT);
    at_prompt = 0;
    if (l && *dbg_trim(l)) {
      HIST_ENTRY *h = history_length ? history_get(history_base + history_length - 1) : NULL;
      if (!h || strcmp(h->line, l)) add_history(l);
    }
    return l;
  }
#endif
  char *buf = NULL;   /* a line of any length is one command (a NUL ends it) */
  size_t cap = 0;
  if (g->tty) { printf("%s", PROMPT); fflush(stdout); at_prompt = 1; }   /* (a program's debugger: a plain prompt) */
  ssize_t n = getline(&buf, &cap, stdin);
  at_prompt = 0;
  if (n < 0) { free(buf); return NULL; }
  buf[strcspn(buf, "\n")] = 0;
  if (!g->tty) printf("%s%s\n", PROMPT, buf);
  return buf;
}

static int repeats(const char *line) {
  char name[64];
  size_t n = 0;
  while (line[n] && !isspace((unsigned char)line[n]) && line[n] != '/' && n + 1 < sizeof name) { name[n] = line[n]; n++; }
  name[n] = 0;
  for (const dbg_command *c = commands; c->name; c++)
    if (!strcmp(c->name, name) || (c->alias && !strcmp(c->alias, name))) return c->repeats;
  return 0;
}

/* The command loop: at top level, and inside the hook when stopped.
 * Returns when a command resumes the program (or at the end of input). */
static int repl(dbg *g) {
  for (;;) {
    if (g->quit) return DR_RESUME;
    int from_user;
    char *line = read_command(g, &from_user);
    if (!line) {   /* end of input: quit, killing what runs */
      if (g->tty && !g->batch) printf("quit\n");
      g->quit = 1;
      if (g->running) kill_run(g);
      return DR_RESUME;
    }
    char *t = dbg_trim(line);
    char cmd[1024];
    if (strlen(t) >= sizeof cmd) {   /* never cut: the rest of the line would be lost silently */
      dbg_err("A command line of %zu characters: at most %zu.", strlen(t), sizeof cmd - 1);
      free(line);
      g->errors++;
      continue;
    }
    if (!*t && from_user && g->last[0]) snprintf(cmd, sizeof cmd, "%s", g->last);
    else snprintf(cmd, sizeof cmd, "%s", t);
    if (*t) g->last[0] = 0;
    if (*t && from_user && repeats(t)) snprintf(g->last, sizeof g->last, "%s", t);
    if (!*t && from_user && g->last[0] && !strncmp(g->last, "x", 1)) snprintf(g->last, sizeof g->last, "x");
    if (!*t && from_user && g->last[0] && !strncmp(g->last, "list", 4)) snprintf(g->last, sizeof g->last, "list");
    free(line);
    g->interrupted = 0;
    int rc = execute(g, cmd);
    fflush(stdout);
    if (rc == DR_ERR) g->errors++;
    if (rc == DR_RESUME) { g->frame_sel = 0; return DR_RESUME; }   /* running, conditions and displays read the innermost frame */
  }
}

#ifndef AWEMU_CUDART   /* (readline's: not in libcudart.so.13) */
/* ---- completion ---- */

static char **cands;
static int ncands, icand;

static void cand_add(const char *s) {
  for (int i = 0; i < ncands; i++) if (!strcmp(cands[i], s)) return;
  cands = realloc(cands, (size_t)(ncands + 1) * sizeof *cands);
  cands[ncands++] = strdup(s);
}

static char *cand_next(const char *text, int state) {
  if (!state) icand = 0;
  size_t len = strlen(text);
  while (icand < ncands) {
    const char *c = cands[icand++];
    if (!strncmp(c, text, len)) return strdup(c);
  }
  return NULL;
}

static void cands_clear(void) {
  for (int i = 0; i < ncands; i++) free(cands[i]);
  free(cands);
  cands = NULL;
  ncands = 0;
}

static void cands_registers(dbg *g) {
  warp *w = dbg_focus_warp(g);
  aw_module **mods;
  int nm = known_modules(g, &mods);
  for (int i = 0; i < nm; i++) {
    aw_module *m = mods[i];
    for (uint32_t f = 0; f < m->img.nfuncs; f++) {
      if (w && (m != g->c->m || f != dbg_sel_frame(g, w)->func)) continue;
      for (uint32_t s = 0; s < m->funcs[f].nslots; s++) {
        char name[64];
        isa_dis_reg(&m->img, f, s, name, sizeof name);
        cand_add(name);
      }
    }
  }
  for (int i = 0; i < ISA_SR_COUNT; i++) {
    if (!isa_sregs[i].comps) { cand_add(isa_sregs[i].name); continue; }
    char b[64];
    for (int k = 0; k < 3; k++) { snprintf(b, sizeof b, "%s.%c", isa_sregs[i].name, 'x' + k); cand_add(b); }
  }
}

static void cands_symbols(dbg *g) {
  aw_module **mods;
  int nm = known_modules(g, &mods);
  for (int i = 0; i < nm; i++) {
    const isa_image *img = &mods[i]->img;
    for (uint32_t f = 0; f < img->nfuncs; f++) if (img->funcs[f].has_body) cand_add(dbg_fname(mods[i], f));
    for (uint32_t l = 0; l < img->nlabels; l++) cand_add(isa_str(img, img->labels[l].name));
  }
  uint64_t a, n;
  int t;
  for (int i = 0;; i++) { const char *b = dbg_buffer(g, i, &a, &n, &t); if (!b) break; cand_add(b); }
  cand_add("$pc"); cand_add("$mask"); cand_add("$active"); cand_add("$lane"); cand_add("$warp");
}

static char **complete(const char *text, int start, int end) {
  (void)end;
  dbg *g = G;
  rl_attempted_completion_over = 1;
  cands_clear();
  char first[64] = "";
  int nwords = 0;
  {
    const char *p = rl_line_buffer;
    while (isspace((unsigned char)*p)) p++;
    size_t n = 0;
    while (p[n] && !isspace((unsigned char)p[n]) && p[n] != '/' && n + 1 < sizeof first) { first[n] = p[n]; n++; }
    first[n] = 0;
    for (const char *q = rl_line_buffer; q < rl_line_buffer + start; q++)
      if (!isspace((unsigned char)*q) && (q == rl_line_buffer || isspace((unsigned char)q[-1]))) nwords++;
  }
  if (nwords == 0) {
    for (const dbg_command *c = commands; c->name; c++) cand_add(c->name);
    for (const aw_command *c = aw_commands; c->name; c++) cand_add(c->name);
  } else if (!strcmp(first, "info") || !strcmp(first, "i")) {
    if (nwords == 1) for (const dbg_command *c = info_commands; c->name; c++) cand_add(c->name);
    else { cands_registers(g); cands_symbols(g); }
  } else if (!strcmp(first, "help") || !strcmp(first, "h")) {
    for (const dbg_command *c = commands; c->name; c++) cand_add(c->name);
    for (const aw_command *c = aw_commands; c->name; c++) cand_add(c->name);
  } else if (!strcmp(first, "cuda")) {
    const char *w[] = { "sm", "warp", "lane", "block", "thread" };
    for (int i = 0; i < 5; i++) cand_add(w[i]);
  } else if (!strcmp(first, "set") && nwords == 1) {
    cand_add("var"); cand_add("limit"); cand_add("memcheck");
  } else if (text[0] == '%') {
    cands_registers(g);
  } else {
    cands_symbols(g);
    if (!strcmp(first, "break") || !strcmp(first, "b") || !strcmp(first, "tbreak")) cand_add("if");
  }
  char **m = rl_completion_matches(text, cand_next);
  return m;
}
#endif

/* ---- main ---- */

#define USAGE_LINE "usage: awemu debug [options] [SCRIPT | MODULE] [NAME=VALUE ...]\n" \
                   "       awemu debug [options] PROGRAM [ARGS...]\n"

#ifndef AWEMU_CUDART
/* After a usage error: the usage line and where the rest is. */
static void usage_short(void) { fputs(USAGE_LINE "(awemu debug --help says more)\n", stderr); }

static void usage(FILE *f) {
  fputs(USAGE_LINE
        "  SCRIPT      a run script (emu/RUNSCRIPT.md): 'run' runs it under the debugger\n"
        "  MODULE      a .ptx, .s or .aws file, loaded at once; type launch or runsub to run it\n"
        "  PROGRAM     a CUDA program built with nvcc -cudart shared (an ELF file), run with ARGS on awemu's\n"
        "              libcudart.so.13 as awemu exec runs it; the debugger stops it before its first CUDA call\n"
        "              and in its kernels, with the same commands (break KERNEL, run, step, print, ...)\n", f);
  aw_opts_help(f, AO_DEBUG);
  fputs("Options take their value as --opt=VALUE or --opt VALUE (-x and -ex: the next argument); awemu run and\n"
        "awemu exec take the same ones where they apply.  For a SCRIPT or MODULE, --config, --set, --subroutines,\n"
        "--timeout, --insn-limit and --memcheck apply to every run of it; --stats-json and --trace-timeline are\n"
        "written at the end, of the last run.  For a PROGRAM they are awemu exec's; the debugger reads its commands\n"
        "from standard input without readline, and quit or kill end the program.\n"
        "History: $AWEMU_HISTFILE, else ~/.awemu_history.  emu/DEBUGGER.md is the manual.\n"
        "Exit status: 0 every command succeeded, 1 some command failed, 2 usage or I/O error; for a PROGRAM its\n"
        "own where it ended by itself with a status other than 0.\n", f);
}
#endif

static void queue_add(dbg *g, const char *line, size_t len) {
  char *l = malloc(len + 1);
  char **q = realloc(g->queue, (size_t)(g->nqueue + 1) * sizeof *g->queue);
  if (!l || !q) { free(l); if (q) g->queue = q; fprintf(stderr, "awemu debug: out of memory\n"); return; }
  memcpy(l, line, len);
  l[len] = 0;
  g->queue = q;
  g->queue[g->nqueue++] = l;
}

#ifndef AWEMU_CUDART
static int queue_file(dbg *g, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "awemu debug: %s: cannot read: %s\n", path, strerror(errno)); return -1; }
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu debug: %s: is a directory, not a file of commands\n", path); fclose(f); return -1; }
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n;
  unsigned long lineno = 0;
  int rc = 0;
  while ((n = getline(&buf, &cap, f)) >= 0) {   /* a line of any length is one command */
    lineno++;
    if (memchr(buf, 0, (size_t)n)) { fprintf(stderr, "%s:%lu: error: a NUL byte in a command line\n", path, lineno); rc = -1; break; }
    buf[strcspn(buf, "\r\n")] = 0;
    queue_add(g, buf, strlen(buf));
  }
  if (!rc && ferror(f)) { fprintf(stderr, "awemu debug: %s: read error: %s\n", path, strerror(errno)); rc = -1; }
  free(buf);
  fclose(f);
  return rc;
}
#endif

static int is_script_file(const char *path) {
  size_t n = strlen(path);
  if ((n > 4 && !strcmp(path + n - 4, ".ptx")) || (n > 2 && !strcmp(path + n - 2, ".s")) || (n > 4 && !strcmp(path + n - 4, ".aws"))) return 0;
  return 1;
}

/* What the file at path holds: 'e' an ELF file (a program), 'b' other binary data (a NUL byte
 * in its first 4 KiB), 't' text (or it cannot be read: said when it is). */
static int file_kind(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 't';
  unsigned char b[4096];
  size_t n = fread(b, 1, sizeof b, f);
  fclose(f);
  if (n >= 4 && !memcmp(b, "\177ELF", 4)) return 'e';
  return memchr(b, 0, n) ? 'b' : 't';
}

/* Frees what the session g holds (not g itself). */
static void dbg_free(dbg *g) {
  if (g->timeline_open) { aw_timing_timeline(g->d, NULL); isa_out_abort(&g->timeline); g->timeline_open = 0; }
  if (g->s) aw_session_free(g->s);
  if (g->scratch) aw_session_free(g->scratch);
  if (g->scratch_out) fclose(g->scratch_out);
  maps_clear(g);
  for (int i = 0; i < g->nbps; i++) free(g->bps[i].spec);
  free(g->bps);
  for (int i = 0; i < g->ndisplays; i++) { free(g->displays[i].fmt); free(g->displays[i].expr); }
  free(g->displays);
  for (int i = 0; i < g->nqueue; i++) free(g->queue[i]);
  free(g->queue);
  free(g->vars);
  for (int i = 0; i < g->npresets; i++) free(g->presets[i]);
  free(g->presets);
  free(g->histfile);
#ifndef AWEMU_CUDART
  cands_clear();
#endif
  sources_free();
  if (G == g) G = NULL;
  memset(g, 0, sizeof *g);
}

/* Loads the target and runs the command loop until the end; the exit status. */
static int dbg_session(dbg *g, int quiet) {
  G = g;
  if (session_start(g)) return 2;
  if (g->target) {
    g->is_script = is_script_file(g->target);
    if (g->is_script) {
      FILE *f = fopen(g->target, "r");
      if (!f) { fprintf(stderr, "awemu debug: %s: cannot read: %s\n", g->target, strerror(errno)); return 2; }
      struct stat st;
      int dir = fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
      fclose(f);
      if (dir) { fprintf(stderr, "awemu debug: %s: is a directory, not a script or module\n", g->target); return 2; }
      /* never read as a script: what is no text (a program given where no ELF file is expected, an image without its .aws name) */
      if (file_kind(g->target) == 'b') {
        fprintf(stderr, "awemu debug: %s: binary data, neither a run script (text), a module (.ptx, .s, .aws) nor a program (an ELF file)\n", g->target);
        return 2;
      }
      scratch_load(g);
    } else {
      /* the script's load command on the name as it is: not a line of the script language, where
       * blanks would split it, '#' start a comment and ${NAME} be replaced */
      const aw_command *ld = NULL;
      for (const aw_command *c = aw_commands; c->name && !ld; c++) if (!strcmp(c->name, "load")) ld = c;
      char *av[2] = { (char *)"load", (char *)g->target };
      if (!ld || ld->run(g->s, av, 2, "")) return 2;
    }
  }
  if (!quiet) printf("awemu debugger.  Type \"help\" for the commands%s.\n",
                     g->is_script ? ", \"run\" to run the script" : g->target ? "; the module is loaded" : "");
  repl(g);
  return g->errors ? 1 : 0;
}

#ifndef AWEMU_CUDART
/* At the end of a session (a SCRIPT or MODULE): --stats-json and --trace-timeline written, of
 * the last run.  0, or 2 after a message. */
static int session_outputs(dbg *g) {
  int rc = 0;
  char err[600];
  const char *js = g->opts ? g->opts->stats_json : NULL;
  const char *kind = js && strcmp(js, "-") ? aw_session_input(g->s, js) : NULL;
  if (kind) { fprintf(stderr, "awemu debug: --stats-json %s is %s: not written (it would be overwritten)\n", js, kind); rc = 2; }
  else if (js && aw_stats_json(g->d, js, g->timing ? &g->cfg : NULL, err, sizeof err)) { fprintf(stderr, "awemu debug: %s\n", err); rc = 2; }
  if (g->timeline_open) {
    const char *tl = g->opts->timeline;
    aw_timing_timeline(g->d, NULL);
    g->timeline_open = 0;
    kind = strcmp(tl, "-") ? aw_session_input(g->s, tl) : NULL;
    if (kind) { fprintf(stderr, "awemu debug: --trace-timeline %s is %s: not written (it would be overwritten)\n", tl, kind); isa_out_abort(&g->timeline); rc = 2; }
    else if (!aw_timing_last_config(g->d)) {
      fprintf(stderr, "awemu debug: --trace-timeline %s: no launch of the last run ran in timing mode (--config NAME|FILE, or a 'config' line before the launches); not written\n", tl);
      isa_out_abort(&g->timeline);
      rc = 2;
    } else if (isa_out_commit(&g->timeline, err, sizeof err)) { fprintf(stderr, "awemu debug: %s\n", err); rc = 2; }
  }
  return rc;
}

/* Writes the history to g->histfile through isa/outfile.h: never replaces a
 * device, FIFO or symbolic link (readline's write_history renames a temporary
 * over the name, or over a link's target, which would replace a device node). */
static void history_save(dbg *g) {
  HIST_ENTRY **h = history_list();
  isa_outfile o;
  char why[600];
  if (isa_out_open(&o, g->histfile, 0, why, sizeof why)) { fprintf(stderr, "awemu debug: history not saved: %s\n", why); return; }
  for (int i = 0; h && h[i]; i++) fprintf(o.f, "%s\n", h[i]->line);
  if (isa_out_commit(&o, why, sizeof why)) fprintf(stderr, "awemu debug: history not saved: %s\n", why);
}

/* aw_opts_parse's stop: an ELF file (no module's name, no NAME=VALUE) is a PROGRAM; the
 * arguments after it are its own. */
static int stops_at_program(void *ctx, const char *arg) {
  (void)ctx;
  if (strchr(arg, '=') && arg[0] != '=') return 0;
  return is_script_file(arg) && file_kind(arg) == 'e';
}

/* awemu debug PROGRAM: the debugger's commands and flags into the program's environment (for
 * dbg_program_start in libcudart.so.13), then the program started as awemu exec starts it. */
static int debug_program(dbg *g, const aw_opts *o, char **pargv, int (*start_program)(const aw_opts *, char **)) {
  if (g->nvars) { fprintf(stderr, "awemu debug: %s: NAME=VALUE defines a run script's variable; a PROGRAM's arguments come after it\n", g->vars[0]); return 2; }
  size_t total = 1;
  for (int i = 0; i < g->nqueue; i++) total += strlen(g->queue[i]) + 1;
  if (total > 100000) {   /* (an environment variable's limit is 128 KiB) */
    fprintf(stderr, "awemu debug: the commands of -x and -ex are %zu bytes: at most 100000 are passed to a program\n", total);
    return 2;
  }
  char *cmds = malloc(total);
  if (!cmds) { fprintf(stderr, "awemu debug: out of memory\n"); return 2; }
  static char here[PATH_MAX + 3];   /* a name without '/' is the file here (it is one: stops_at_program read it), as gdb takes it */
  if (!strchr(pargv[0], '/') && strlen(pargv[0]) <= PATH_MAX) { snprintf(here, sizeof here, "./%s", pargv[0]); pargv[0] = here; }
  size_t used = 0;
  cmds[0] = 0;
  for (int i = 0; i < g->nqueue; i++) used += (size_t)snprintf(cmds + used, total - used, "%s\n", g->queue[i]);
  setenv("AWEMU_DEBUG", pargv[0], 1);
  setenv("AWEMU_DEBUG_COMMANDS", cmds, 1);
  setenv("AWEMU_DEBUG_FLAGS", o->batch ? "bq" : o->no_banner ? "q" : "", 1);
  setenv("AWEMU_SUMMARY", "0", 1);   /* (its host seconds would make every transcript differ) */
  free(cmds);
  return start_program(o, pargv);
}

int dbg_main(int argc, char **argv, int (*start_program)(const aw_opts *o, char **argv)) {
  aw_opts o;
  int rc = aw_opts_parse(&o, AO_DEBUG, argc, argv, stops_at_program, NULL);
  if (rc) { usage_short(); aw_opts_free(&o); return rc; }
  if (o.help) { usage(stdout); aw_opts_free(&o); return 0; }
  if (o.version) { printf("awemu debug (awemu) %s\n", AWEMU_VERSION); aw_opts_free(&o); return 0; }
  dbg g;
  memset(&g, 0, sizeof g);
  g.line_bytes = 128;
  g.opts = &o;
  for (int k = 0; k < o.ncommands; k++) {
    if (o.command_kind[k] == 'e') queue_add(&g, o.commands[k], strlen(o.commands[k]));
    else if (queue_file(&g, o.commands[k])) { rc = 2; goto out; }
  }
  g.vars = calloc((size_t)o.nargs + 1, sizeof *g.vars);
  if (!g.vars) { fprintf(stderr, "awemu debug: out of memory\n"); rc = 2; goto out; }
  for (int k = 0; k < o.nargs; k++) {
    const char *a = o.args[k];
    if (o.rest && k == o.nargs - 1) { rc = debug_program(&g, &o, argv + o.rest - 1, start_program); goto out; }
    if (strchr(a, '=') && a[0] != '=') { g.vars[g.nvars++] = o.args[k]; continue; }
    if (g.target) { fprintf(stderr, "awemu debug: more than one script or module ('%s', '%s')\n", g.target, a); rc = 2; goto out; }
    g.target = a;
  }
  /* a SCRIPT or MODULE (or none): the options apply to each session */
  if (o.nptx) { rc = aw_opts_refuse(&o, AO_PTX, "a run script or module", "it replaces a CUDA program's fat binary (awemu debug PROGRAM, awemu exec)"); goto out; }
  if (aw_opts_config(&o, &g.cfg, &g.timing) || aw_opts_timeout(&o, &g.timeout)) { rc = 2; goto out; }
  if (aw_opts_check_outputs(&o, g.target, g.target && is_script_file(g.target) ? "the SCRIPT" : "the MODULE")) { rc = 2; goto out; }
  if (o.timeline && !g.timing && g.target && is_script_file(g.target) && !aw_script_has_config(g.target)) {
    fprintf(stderr, "awemu debug: --trace-timeline needs timing mode: --config NAME|FILE, or a 'config' line in the script (%s has none)\n", g.target);
    rc = 2;
    goto out;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  g.batch = o.batch;
  g.tty = isatty(STDIN_FILENO) && !g.batch;
  G = &g;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  if (g.tty) {
    rl_catch_signals = 0;
    rl_readline_name = "awemu";
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = " \t\n\"'`@><=;|&{(,[";
    const char *hf = getenv("AWEMU_HISTFILE");
    const char *home = getenv("HOME");
    if (hf && *hf) g.histfile = strdup(hf);
    else if (home) { size_t n = strlen(home) + 32; g.histfile = malloc(n); if (g.histfile) snprintf(g.histfile, n, "%s/.awemu_history", home); }
    using_history();
    stifle_history(1000);
    if (g.histfile) read_history(g.histfile);
  }
  rc = dbg_session(&g, o.batch || o.no_banner);
  if (rc != 2) { int r = session_outputs(&g); if (r) rc = r; }
  if (g.tty && g.histfile && rc != 2) history_save(&g);
out:
  dbg_free(&g);
  aw_opts_free(&o);
  return rc;
}
#endif

int dbg_batch(const char *target, const char *text, size_t len) {
  dbg g;
  memset(&g, 0, sizeof g);
  g.line_bytes = 128;
  g.batch = 1;
  g.target = target;
  for (size_t at = 0; at < len;) {   /* one command per line; a NUL ends a line too */
    size_t e = at;
    while (e < len && text[e] != '\n' && text[e] != '\0') e++;
    size_t n = e - at;
    if (n && text[at + n - 1] == '\r') n--;
    queue_add(&g, text + at, n);
    at = e + 1;
  }
  int rc = dbg_session(&g, 1);
  fflush(stdout);
  dbg_free(&g);
  return rc;
}

/* ---- a CUDA program under the debugger (libcudart.so.13) ---- */

static dbg P;   /* the program's debugger: one per process, for its whole life */

/* The exit status: the program's, or 1 where it is 0 and a command failed. */
static int program_status(dbg *g, int status) { return status ? status : g->errors ? 1 : 0; }

/* The program has ended (how: "exited normally", "killed", ...): said, then the last prompt,
 * where what was set and hit can be looked at (unless quit ended it). */
static void program_end(dbg *g, const char *how) {
  g->exited = 1;
  g->running = 0;
  printf("[program %s %s]\n", g->target, how);
  if (!g->quit) repl(g);
  fflush(stdout);
}

int dbg_program_start(aw_device *d, int (*modules)(aw_module ***mods)) {
  const char *name = getenv("AWEMU_DEBUG");
  if (!name || !*name) return -2;
  dbg *g = &P;
  memset(g, 0, sizeof *g);
  g->line_bytes = 128;
  g->program = 1;
  g->target = strdup(name);
  g->d = d;
  g->modules = modules;
  const char *cmds = getenv("AWEMU_DEBUG_COMMANDS"), *flags = getenv("AWEMU_DEBUG_FLAGS");
  for (const char *p = cmds ? cmds : ""; *p;) {
    size_t n = strcspn(p, "\n");
    queue_add(g, p, n);
    p += n + (p[n] != 0);
  }
  g->batch = flags && strchr(flags, 'b');
  int quiet = flags && strchr(flags, 'q');
  /* (not passed on to the programs this one may start) */
  unsetenv("AWEMU_DEBUG");
  unsetenv("AWEMU_DEBUG_COMMANDS");
  unsetenv("AWEMU_DEBUG_FLAGS");
  if (!g->target) return 1;
  g->tty = isatty(STDIN_FILENO) && !g->batch;
  G = g;
  d->hook = hook;
  d->hook_ctx = g;
  g->running = 1;
  /* Ctrl-C: stops a launch; at the prompt, a new prompt; in the program's host code it ends the
   * program as without the debugger.  A SIGINT ignored when the program started stays so. */
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(SIGINT, &sa, NULL);
  watch_range(g);
  if (!quiet)
    printf("awemu debugger: %s, a CUDA program on awemu, stopped before its first CUDA call.\n"
           "Type \"help\" for the commands, \"run\" or \"continue\" to run it (break KERNEL first to stop in a kernel).\n", g->target);
  repl(g);
  fflush(stdout);
  if (g->quit || g->kill) { program_end(g, "killed"); return program_status(g, 0); }
  g->started = 1;
  return -1;
}

int dbg_program_after_launch(void) {
  dbg *g = &P;
  if (!g->program || (!g->kill && !g->quit)) return -1;
  program_end(g, "killed");
  return program_status(g, 0);
}

int dbg_program_exit(int status) {
  dbg *g = &P;
  if (!g->program || g->exited) return status;
  char how[64];
  if (status) snprintf(how, sizeof how, "exited with code %d", status);
  else snprintf(how, sizeof how, "exited normally");
  program_end(g, how);
  return program_status(g, status);
}
