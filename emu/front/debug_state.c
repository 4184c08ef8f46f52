/* emu/front/debug_state.c -- what the debugger knows of the program it stops: the modules,
 * functions, source lines and files, the focus (block, warp, lane, frame) and where a warp
 * stands, with the messages and words every command uses (see debug_int.h).  The ground
 * floor of the debugger: its other files use this one, and it uses none of them.
 */
#include "debug_int.h"
#include "../../isa/disasm.h"
#include "../timing/timing.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

int dbg_parse_u64(const char *t, uint64_t *v) {
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

/* Modules whose names the user may mean: the session's, else the script's. */
int dbg_known_modules(dbg *g, aw_module ***mods) {
  int n = dbg_nmodules(g, mods);
  if (!n && g->scratch) n = aw_session_modules(g->scratch, mods);
  return n;
}

const char *dbg_fname(aw_module *m, uint32_t f) { return isa_str(&m->img, m->img.funcs[f].name); }
uint32_t dbg_func_of(aw_module *m, uint32_t pc) { return m->code[pc].func; }
uint32_t dbg_rel_pc(aw_module *m, uint32_t pc) { return pc - m->funcs[dbg_func_of(m, pc)].first_pc; }
/* The source position of pc; a line 0 (".loc 1 0 0": code of no line) reads as no position. */
const isa_line *dbg_line_of(aw_module *m, uint32_t pc) {
  static const isa_line none = { 0, 0, 0 };
  const isa_line *ln = &m->img.lines[m->code[pc].line];
  return ln->line ? ln : &none;
}
const char *dbg_file_name(aw_module *m, uint32_t file) { return file ? isa_str(&m->img, m->img.files[file - 1]) : ""; }

void dbg_insn_text(aw_module *m, uint32_t pc, char *buf, size_t cap) {
  const emu_insn *in = &m->code[pc];
  const isa_func *fn = &m->img.funcs[in->func];
  isa_insn d;
  const char *why;
  snprintf(buf, cap, "?");
  if (isa_decode(m->img.code + fn->code_off + in->word, fn->code_words - in->word, &d, &why))
    isa_dis_insn(&m->img, in->func, &d, buf, cap);
}

/* "saxpy pc 3 (examples/saxpy/saxpy.cu:9)" */
void dbg_where_text(aw_module *m, uint32_t pc, char *buf, size_t cap) {
  const isa_line *ln = dbg_line_of(m, pc);
  int n = snprintf(buf, cap, "%s pc %u", dbg_fname(m, dbg_func_of(m, pc)), dbg_rel_pc(m, pc));
  if (ln->file && n > 0 && (size_t)n < cap) snprintf(buf + n, cap - (size_t)n, " (%s:%u)", dbg_file_name(m, ln->file), ln->line);
}

/* Source files, read once. */
static dbg_source *sources;
static int nsources;

dbg_source *dbg_source_get(const char *path) {
  for (int i = 0; i < nsources; i++) if (!strcmp(sources[i].path, path)) return sources[i].text ? &sources[i] : NULL;
  sources = realloc(sources, (size_t)(nsources + 1) * sizeof *sources);
  dbg_source *s = &sources[nsources++];
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

void dbg_sources_free(void) {
  for (int i = 0; i < nsources; i++) { free(sources[i].path); free(sources[i].text); free(sources[i].lines); }
  free(sources);
  sources = NULL;
  nsources = 0;
}

/* A source line's text, or NULL. */
const char *dbg_source_line(const char *path, uint32_t line) {
  dbg_source *s = path && *path ? dbg_source_get(path) : NULL;
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
uint32_t dbg_warp_next(warp *w, uint32_t *mask, uint32_t *depth) {
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
  uint32_t pc = dbg_warp_next(w, mask, NULL);
  if ((g->stop == S_INSN || g->stop == S_FAULT) && w == g->stop_w && g->c && g->stop_pc < g->c->m->ncode) pc = g->stop_pc;
  return pc;
}

const char *dbg_state_name(dbg *g, warp *w) {
  if (g->stop == S_FAULT && w == g->stop_w) return "faulted";
  return w->state == W_DONE ? "exited" : w->state == W_BARRIER ? "at barrier" : "ready";
}

void dbg_thread_of(warp *w, uint32_t lane, uint32_t t[3]) {
  t[0] = (uint32_t)w->tid[0][lane]; t[1] = (uint32_t)w->tid[1][lane]; t[2] = (uint32_t)w->tid[2][lane];
}

/* Timing mode: whether CTA c runs a live assist warp; *parent: the block of the warp it works
 * for (NULL when that block has finished since), *pid: that warp's index (when it is one). */
int dbg_assist_of(dbg *g, const cta *c, const cta **parent, uint32_t *pid) {
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
  return dbg_assist_of(g, g->c, &p, pid) ? (cta *)p : NULL;
}

void dbg_print_focus(dbg *g, const char *lead) {
  warp *w = dbg_focus_warp(g);
  if (!w) return;
  uint32_t t[3];
  dbg_thread_of(w, g->fl, t);
  uint32_t pid = 0;
  const cta *p = NULL;
  if (dbg_assist_of(g, g->c, &p, &pid)) {   /* an assist warp: its parent (a compression outlives its block) */
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
cta *dbg_resident_cta(dbg *g, const uint32_t *b, int64_t sm) {
  const void *p;
  uint32_t at;
  for (uint32_t i = 0; (p = aw_timing_cta(g->d, i, &at)); i++) {
    cta *c = (cta *)p;
    if ((!b || (c->cta.x == b[0] && c->cta.y == b[1] && c->cta.z == b[2])) && (sm < 0 || at == (uint64_t)sm)) return c;
  }
  return NULL;
}

void dbg_set_focus(dbg *g, uint32_t wid, uint32_t lane, int announce) {
  int changed = wid != g->fw || lane != g->fl || g->focus_serial != g->cta_serial;
  if (wid != g->fw || g->focus_serial != g->cta_serial) g->frame_sel = 0;
  g->fw = wid;
  g->fl = lane;
  g->focus_serial = g->cta_serial;
  g->focus_c = g->c;
  if (changed && announce) dbg_print_focus(g, "Switching focus to ");
}

/* ---- the function a location means ---- */

/* The function the user means by a bare pc or line: the focused warp's,
 * else the only kernel or subroutine of the newest module.  -1 when unclear. */
int dbg_current_func(dbg *g, aw_module **mo) {
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

/* ---- where a warp stands ---- */

void dbg_print_location(dbg *g, aw_module *m, uint32_t pc, uint32_t mask) {
  char insn[512];
  dbg_insn_text(m, pc, insn, sizeof insn);
  const isa_line *ln = dbg_line_of(m, pc);
  printf("=> %s pc %u  mask %08x  %s;\n", dbg_fname(m, dbg_func_of(m, pc)), dbg_rel_pc(m, pc), mask, insn);
  const char *fn = dbg_file_name(m, ln->file);
  size_t fl = strlen(fn);
  int is_asm = fl >= 4 && (!strcmp(fn + fl - 4, ".ptx") || !strcmp(fn + fl - 2, ".s"));
  const char *text = ln->file && !is_asm ? dbg_source_line(fn, ln->line) : NULL;
  if (text) printf("%u\t%s\n", ln->line, text);
  if (ln->file) { snprintf(g->list_file, sizeof g->list_file, "%s", fn); g->list_line = ln->line > 5 ? ln->line - 5 : 1; }
}

int dbg_same_line(aw_module *m, uint32_t pc, uint32_t file, uint32_t line) {
  const isa_line *ln = dbg_line_of(m, pc);
  return ln->line && ln->file == file && ln->line == line;
}
