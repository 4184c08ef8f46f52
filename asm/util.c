/* asm/util.c -- the assembler's containers, scratch memory and diagnostics. */
#include "asm_int.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- memory ---- */

/* Every block the context holds comes from here: 'old' bytes at p become n
 * (p NULL: a new block).  Over the limit, or when the system has no memory,
 * the assembly stops (asm_out_of_memory does not return). */
static void *mem_resize(asm_ctx *c, void *p, size_t old, size_t n) {
  if (c->mem_limit && c->mem_held - old + n > c->mem_limit) asm_out_of_memory(c);
  void *q = realloc(p, n ? n : 1);
  if (!q) asm_out_of_memory(c);
  c->mem_held = c->mem_held - old + n;
  return q;
}

static void mem_release(asm_ctx *c, void *p, size_t n) {
  free(p);
  c->mem_held -= p ? n : 0;
}

void *asm_mem_alloc(asm_ctx *c, size_t n) {
  void *p = mem_resize(c, NULL, 0, n);
  memset(p, 0, n);
  return p;
}

void asm_mem_free(asm_ctx *c, void *p, size_t n) { mem_release(c, p, n); }

_Noreturn void asm_out_of_memory(asm_ctx *c) {
  c->out_of_memory = 1;
  if (!c->unwind) abort();   /* internal: every entry point that allocates sets one */
  longjmp(*c->unwind, 1);
}

/* ---- growable arrays ---- */

void *asm_vec_push(asm_ctx *c, asm_vec *v, size_t elem, uint32_t count) {
  if (count > UINT32_MAX / 2 - v->n) asm_out_of_memory(c);   /* (the doubling below would wrap) */
  if (v->n + count > v->cap || !v->p) {
    uint32_t cap = v->cap ? v->cap : 16;
    while (cap < v->n + count) cap *= 2;
    v->p = mem_resize(c, v->p, v->bytes, (size_t)cap * elem);
    v->cap = cap;
    v->bytes = (size_t)cap * elem;
  }
  void *at = (char *)v->p + (size_t)v->n * elem;
  memset(at, 0, (size_t)count * elem);
  v->n += count;
  return at;
}

void asm_vec_free(asm_ctx *c, asm_vec *v) {
  mem_release(c, v->p, v->bytes);
  v->p = NULL;
  v->n = v->cap = 0;
  v->bytes = 0;
}

void *asm_vec_take(asm_ctx *c, asm_vec *v) {
  void *p = v->p ? v->p : asm_mem_alloc(c, 1);
  c->mem_held -= v->p ? v->bytes : 1;   /* the caller owns it now (free() it) */
  v->p = NULL;
  v->n = v->cap = 0;
  v->bytes = 0;
  return p;
}

/* ---- hash maps ---- */

static uint32_t hash_bytes(const char *s, uint32_t n) {
  uint32_t h = 2166136261u;
  for (uint32_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

static void hmap_grow(asm_ctx *c, asm_hmap *m) {
  if (m->cap > UINT32_MAX / 4) asm_out_of_memory(c);
  uint32_t cap = m->cap ? m->cap * 2 : 64;
  asm_hent *t = asm_mem_alloc(c, (size_t)cap * sizeof *t);
  for (uint32_t i = 0; i < m->cap; i++) {
    if (!m->t[i].key) continue;
    uint32_t h = hash_bytes(m->t[i].key, m->t[i].len) & (cap - 1);
    while (t[h].key) h = (h + 1) & (cap - 1);
    t[h] = m->t[i];
  }
  mem_release(c, m->t, (size_t)m->cap * sizeof *m->t);
  m->t = t;
  m->cap = cap;
}

int asm_hmap_get(const asm_hmap *m, const char *key, uint32_t len, uint32_t *val) {
  if (!m->cap) return 0;
  uint32_t h = hash_bytes(key, len) & (m->cap - 1);
  for (; m->t[h].key; h = (h + 1) & (m->cap - 1))
    if (m->t[h].len == len && memcmp(m->t[h].key, key, len) == 0) { *val = m->t[h].val; return 1; }
  return 0;
}

void asm_hmap_put(asm_ctx *c, asm_hmap *m, const char *key, uint32_t len, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap) hmap_grow(c, m);
  uint32_t h = hash_bytes(key, len) & (m->cap - 1);
  for (; m->t[h].key; h = (h + 1) & (m->cap - 1))
    if (m->t[h].len == len && memcmp(m->t[h].key, key, len) == 0) { m->t[h].val = val; return; }
  m->t[h].key = key; m->t[h].len = len; m->t[h].val = val;
  m->n++;
}

void asm_hmap_clear(asm_hmap *m) { if (m->t) memset(m->t, 0, (size_t)m->cap * sizeof *m->t); m->n = 0; }
void asm_hmap_free(asm_ctx *c, asm_hmap *m) { mem_release(c, m->t, (size_t)m->cap * sizeof *m->t); m->t = NULL; m->cap = m->n = 0; }

/* ---- scratch memory, freed after each statement ---- */

void *asm_alloc(asm_ctx *c, size_t n) {
  n = (n + 15) & ~(size_t)15;
  asm_chunk *k = c->arena_cur;
  while (k && k->used + n > k->cap) {
    if (k->next && k->next->cap >= n) { k = k->next; k->used = 0; break; }
    size_t cap = n > 65536 ? n : 65536;
    asm_chunk *nk = mem_resize(c, NULL, 0, sizeof *nk + cap);
    nk->cap = cap; nk->used = 0; nk->next = k->next; k->next = nk;
    k = nk;
  }
  if (!k) {
    k = mem_resize(c, NULL, 0, sizeof *k + 65536 + n);
    k->cap = 65536 + n; k->used = 0; k->next = NULL;
    c->arena = k;
  }
  c->arena_cur = k;
  void *p = k->data + k->used;
  k->used += n;
  memset(p, 0, n);
  return p;
}

void asm_stmt_done(asm_ctx *c) {
  for (asm_chunk *k = c->arena; k; k = k->next) k->used = 0;
  c->arena_cur = c->arena;
}

void asm_arena_free(asm_ctx *c) {
  asm_chunk *k = c->arena;
  while (k) { asm_chunk *n = k->next; mem_release(c, k, sizeof *k + k->cap); k = n; }
  c->arena = c->arena_cur = NULL;
}

/* ---- diagnostics ---- */

static void show_line(asm_ctx *c, asm_loc loc) {
  if (!c->text || loc.line <= 0) return;
  const char *p = c->text, *end = c->text + c->len;
  for (int l = 1; l < loc.line && p < end; p++) if (*p == '\n') l++;
  const char *e = p;
  while (e < end && *e != '\n') e++;
  if (e > p && e[-1] == '\r') e--;
  fprintf(c->diag, " %.*s\n ", (int)(e - p), p);
  for (int i = 1; i < loc.col && p + i - 1 < e; i++) fputc(p[i - 1] == '\t' ? '\t' : ' ', c->diag);
  fputs("^\n", c->diag);
}

static void vdiag(asm_ctx *c, asm_loc loc, const char *kind, const char *fmt, va_list ap) {
  if (!c->diag) return;
  if (loc.line > 0) fprintf(c->diag, "%s:%d:%d: %s: ", c->path ? c->path : "<input>", loc.line, loc.col, kind);
  else fprintf(c->diag, "%s: %s: ", c->path ? c->path : "<input>", kind);
  vfprintf(c->diag, fmt, ap);
  fputc('\n', c->diag);
  show_line(c, loc);
}

void asm_error(asm_ctx *c, asm_loc loc, const char *fmt, ...) {
  c->errors++;
  c->func_had_error = 1;
  if (c->errors > ASM_MAX_ERRORS) {
    if (c->errors == ASM_MAX_ERRORS + 1 && c->diag)
      fprintf(c->diag, "%s: note: too many errors, stopping\n", c->path ? c->path : "<input>");
    c->stopped = 1;
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  vdiag(c, loc, "error", fmt, ap);
  va_end(ap);
}

void asm_warning(asm_ctx *c, asm_loc loc, const char *fmt, ...) {
  c->warnings++;
  if (c->no_warnings) return;
  va_list ap;
  va_start(ap, fmt);
  vdiag(c, loc, "warning", fmt, ap);
  va_end(ap);
}

/* ---- lexer support ---- */

int asm_lex_line(asm_ctx *c) { return c->line; }
int asm_lex_col(asm_ctx *c) { return c->col; }
void asm_lex_stop(asm_ctx *c) { c->stopped = 1; }
int asm_lex_stopped(asm_ctx *c) { return c->stopped; }

void asm_lex_advance(asm_ctx *c, const char *text, size_t len) {
  c->last_tok = text;
  c->last_tok_len = (int)len;
  for (size_t i = 0; i < len; i++) {
    if (text[i] == '\n') { c->line++; c->col = 1; } else c->col++;
  }
}

int asm_lex_int(asm_ctx *c, asm_tok *t) {
  const char *s = t->s;
  int n = t->len;
  if (n > 0 && (s[n - 1] == 'u' || s[n - 1] == 'U')) n--;
  int base = 10, i = 0;
  if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; i = 2; }
  else if (n > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) { base = 2; i = 2; }
  else if (n > 1 && s[0] == '0') { base = 8; i = 1; }
  uint64_t v = 0;
  for (; i < n; i++) {
    int d = s[i] >= 'a' ? s[i] - 'a' + 10 : s[i] >= 'A' ? s[i] - 'A' + 10 : s[i] - '0';
    if (d >= base) { asm_error(c, t->loc, "invalid digit '%c' in %s constant", s[i], base == 8 ? "octal" : "binary"); t->u = 0; return 1; }
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) {
      asm_error(c, t->loc, "integer constant '%.*s%s' is too large for 64 bits", t->len > 40 ? 40 : t->len, t->s, t->len > 40 ? "..." : "");
      t->u = 0;
      return 1;
    }
    v = v * (uint64_t)base + (uint64_t)d;
  }
  t->u = v;
  t->fkind = 0;
  return 0;
}

/* Directives that the parser takes as declaration attributes (DIR). */
int asm_is_attr_dir(const char *s, size_t n) {
  static const char *const attrs[] = { "visible", "extern", "weak", "common", "ptr", "const", NULL };
  for (int i = 0; attrs[i]; i++) if (strlen(attrs[i]) == n && memcmp(attrs[i], s, n) == 0) return 1;
  int m = isa_mod_find_any(s, n);
  if (m < 0) return 0;
  int cat = isa_mods[m].cat;
  return cat == CAT_TYPE || cat == CAT_SPACE || cat == CAT_VEC;
}

void asm_skip_begin(asm_ctx *c, const char *dir) {
  c->skip_depth = 0;
  c->skip_loc.line = c->line;
  c->skip_loc.col = c->col - (int)strlen(dir);
  c->skip_block = strncmp(dir, ".section", 8) == 0;   /* .section NAME { ... } */
}

int asm_skip_brace(asm_ctx *c, int delta) {
  c->skip_depth += delta;
  if (c->skip_depth <= 0 && delta < 0) { c->skip_depth = 0; return 1; }
  return 0;
}

int asm_skip_ends(asm_ctx *c) { return c->skip_depth == 0 && !c->skip_block; }

void asm_skip_eof(asm_ctx *c) {
  if (c->skip_block || c->skip_depth) asm_error(c, c->skip_loc, "'.section' block is not closed before the end of the file");
}

void asm_recover_top(asm_ctx *c) { c->recovering = 0; if (c->brace_depth > 0) c->draining = 1; }

void asm_bad_number(asm_ctx *c, asm_tok *t) {
  int n = t->len > 40 ? 40 : t->len;
  const char *more = t->len > 40 ? "..." : "";
  t->u = 0;
  t->fkind = 0;
  if (t->len > 2 && t->s[0] == '0' && strchr("fFdD", t->s[1])) {
    int f = t->s[1] == 'f' || t->s[1] == 'F';
    asm_error(c, t->loc, "0%c constant '%.*s%s' needs exactly %d hexadecimal digits", f ? 'f' : 'd', n, t->s, more, f ? 8 : 16);
    return;
  }
  int k = 0;
  while (k < t->len && t->s[k] >= '0' && t->s[k] <= '9') k++;
  if (k < t->len && t->s[k] != '.' && !(t->s[0] == '0' && k == 1 && strchr("xXbB", t->s[1])))
    asm_error(c, t->loc, "invalid suffix '%.*s%s' on integer constant", t->len - k > 40 ? 40 : t->len - k, t->s + k, t->len - k > 40 ? "..." : "");
  else asm_error(c, t->loc, "invalid number '%.*s%s'", n, t->s, more);
}

/* ---- parser support ---- */

void asm_decl_dim(asm_ctx *c, asm_tok *n, asm_loc at) {
  if (c->dims_n >= ISA_MAX_DIMS) {
    if (c->dims_n == ISA_MAX_DIMS) asm_error(c, at, "more than %d array dimensions", ISA_MAX_DIMS);
    c->dims_n++;
    return;
  }
  if (!n) {
    if (c->dims_n != 0) asm_error(c, at, "only the first array dimension may be left empty");
    c->dims_unsized = 1;
    memset(&c->dims[c->dims_n], 0, sizeof c->dims[0]);
    c->dims[c->dims_n].loc = at;
  } else c->dims[c->dims_n] = *n;
  c->dims_n++;
}

int64_t asm_offset(asm_ctx *c, asm_tok *n, int neg) {
  if (n->fkind != 0) { asm_error(c, n->loc, "address offset must be an integer"); return 0; }
  if (n->u > (uint64_t)INT64_MAX) { asm_error(c, n->loc, "address offset out of range"); return 0; }
  return neg ? -(int64_t)n->u : (int64_t)n->u;
}

void asm_syntax_message(asm_ctx *c, char *buf, size_t cap, const char *unexpected,
                        int nexp, const char *e1, const char *e2, const char *e3) {
  size_t len = 0;
  if (!unexpected) len += (size_t)snprintf(buf, cap, "unexpected end of file");
  else if (c->last_tok && c->last_tok_len > 0 && c->last_tok_len < 40 && (unexpected[0] != '"' || strcmp(unexpected, "\"end of file\"")))
    len += (size_t)snprintf(buf, cap, "unexpected %s '%.*s'", unexpected[0] == '\'' ? "token" : unexpected,
                            c->last_tok_len, c->last_tok);
  else len += (size_t)snprintf(buf, cap, "unexpected %s", unexpected);
  const char *e[3] = { e1, e2, e3 };
  for (int i = 0; i < nexp && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", i == 0 ? ", expected " : i == nexp - 1 ? " or " : ", ", e[i]);
}
