/* asm/asm.c -- meaning: declarations, symbols, instructions, the image. */
#include "asm_int.h"
#include "util.h"
#include "parser.h"
#include "lexer.h"
#include "../isa/disasm.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { SYM_REGDECL = 1, SYM_VAR = 2 };
enum { G_VAR = 1, G_FUNC = 2 };
#define G_MAKE(kind, idx) (((uint32_t)(kind) << 28) | (idx))
#define G_KIND(v) ((v) >> 28)
#define G_INDEX(v) ((v) & 0x0fffffffu)
#define LINE_IMPLICIT 0x7fffffffu
#define LINE_EXPLICIT 0x80000000u

typedef struct { uint32_t label; asm_loc loc; int defined; } label_state;
/* A register a subroutine directive names, resolved at the subroutine's end.  is_out: 0 .livein,
 * 1 .liveout, 2 .keep, 3 .skipif, 4 .lanes (n1 its scale, n2 its offset), 5 .lanemask (n1 its
 * offset), 6 .lastenc. */
enum { LIVE_IN, LIVE_OUT, LIVE_KEEP, LIVE_SKIPIF, LIVE_LANES, LIVE_LANEMASK, LIVE_LASTENC };
typedef struct { int is_out; asm_tok name; uint32_t n1, n2; } live_ref;
typedef struct { uint32_t number; asm_loc loc; } loc_use;
typedef struct { uint32_t number, index; } file_map;

/* A parsed mnemonic, cached by its text. */
typedef struct {
  int ok;
  uint8_t op, type[4];
  uint8_t field[CAT_COUNT];
  uint32_t flags;
} mnem_info;

#define FUNCS(c) ((isa_func *)(c)->funcs.p)
#define VARS(c) ((isa_var *)(c)->vars.p)
#define REGS(c) ((isa_regdecl *)(c)->regs.p)

static asm_loc tokloc(const asm_tok *t) { return t->loc; }

/* ---- permanent memory and strings ---- */

static void *perm_alloc(asm_ctx *c, size_t n) {
  void **slot = VEC_PUSH(c, c->perm, void *);   /* the slot first: a block is never lost */
  *slot = asm_mem_alloc(c, n ? n : 1);
  return *slot;
}

static const char *perm_str(asm_ctx *c, const char *s, size_t n) {
  char *p = perm_alloc(c, n + 1);
  memcpy(p, s, n);
  return p;
}

static uint32_t intern(asm_ctx *c, const char *s, size_t n) {
  uint32_t off;
  if (asm_hmap_get(&c->strs, s, (uint32_t)n, &off)) return off;
  off = c->strtab.n;
  char *d = asm_vec_push(c, &c->strtab, 1, (uint32_t)n + 1);
  memcpy(d, s, n);
  asm_hmap_put(c, &c->strs, perm_str(c, s, n), (uint32_t)n, off);
  return off;
}

static const char *str_at(asm_ctx *c, uint32_t off) { return (const char *)c->strtab.p + off; }

/* ---- context ---- */

/* The string table's first entry, offset 0: the empty string.  0, or -1 out of memory. */
static int empty_string(asm_ctx *c) {
  jmp_buf out_of_memory;
  c->unwind = &out_of_memory;
  if (setjmp(out_of_memory)) { c->unwind = NULL; return -1; }
  asm_vec_push(c, &c->strtab, 1, 1);
  c->unwind = NULL;
  return 0;
}

asm_ctx *asm_new(void) {
  asm_ctx *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->diag = stderr;
  if (empty_string(c)) { asm_free(c); return NULL; }
  return c;
}

void asm_set_diag(asm_ctx *c, FILE *f) { c->diag = f; }
void asm_set_warnings(asm_ctx *c, int on) { c->no_warnings = !on; }
void asm_set_memory_limit(asm_ctx *c, size_t bytes) { c->mem_limit = bytes; }
int asm_error_count(const asm_ctx *c) { return c->errors; }
int asm_warning_count(const asm_ctx *c) { return c->warnings; }

void asm_free(asm_ctx *c) {
  if (!c) return;
  asm_vec *vecs[] = { &c->strtab, &c->files, &c->vars, &c->regs, &c->funcs, &c->labels, &c->outline,
                      &c->code, &c->lines, &c->subrs, &c->triggers, &c->pool, &c->data, &c->modout,
                      &c->funcout, &c->filemap, &c->scoped, &c->scope_marks, &c->scope_parent,
                      &c->label_defined, &c->subr_trigs, &c->subr_live, &c->sources,
                      &c->mnems, &c->slot_types, &c->funcitems, &c->loc_uses,
                      &c->trig_pending, &c->trig_locs_cur, &c->kernels, &c->canon };
  for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++) asm_vec_free(c, vecs[i]);
  for (uint32_t i = 0; i < c->perm.n; i++) free(VEC_AT(c->perm, void *, i));
  asm_vec_free(c, &c->perm);
  asm_hmap *maps[] = { &c->strs, &c->globals, &c->scope_names, &c->labelmap, &c->warned, &c->mnem_cache, &c->canon_seen };
  for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) asm_hmap_free(c, maps[i]);
  if (c->scanner) yylex_destroy(c->scanner);
  asm_arena_free(c);
  free(c);
}

/* "-" is standard input (read to its end, not closed); a directory is
 * refused with EISDIR (fopen opens one for reading on Linux, and fread then
 * fails, which used to read as an empty or unreadable file). */
char *asm_read_file(const char *path, size_t *len) {
  int is_stdin = !strcmp(path, "-");
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    if (!is_stdin) fclose(f);
    errno = EISDIR;
    return NULL;
  }
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap + 1);
  for (;;) {
    if (!buf) { if (!is_stdin) fclose(f); errno = ENOMEM; return NULL; }
    size_t k = fread(buf + n, 1, cap - n, f);
    n += k;
    if (n < cap) break;
    cap *= 2;
    char *nb = realloc(buf, cap + 1);
    if (!nb) free(buf);
    buf = nb;
  }
  int bad = ferror(f), err = errno;
  if (is_stdin) clearerr(f); else fclose(f);
  if (bad) { free(buf); errno = err ? err : EIO; return NULL; }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* ---- files and source positions ---- */

/* A source's path as the image records it: as it is when it can stand
 * between the quotes of a .file directive (the disassembly writes one), else
 * with '"', '\\' and newlines escaped, so that the disassembly assembles to
 * the same image. */
static const char *recorded_path(asm_ctx *c, const char *path) {
  int ok = 1;
  for (const char *p = path; *p && ok; p++) {
    if (*p == '"' || *p == '\n' || (*p == '\\' && (!p[1] || p[1] == '\n'))) ok = 0;
    if (*p == '\\' && p[1]) p++;
  }
  if (ok) return path;
  char *r = perm_alloc(c, 2 * strlen(path) + 1), *q = r;
  for (const char *p = path; *p; p++) {
    if (*p == '"' || *p == '\\' || *p == '\n') *q++ = '\\';
    *q++ = *p == '\n' ? 'n' : *p;
  }
  return r;
}

static uint32_t file_index(asm_ctx *c, const char *name, size_t n) {
  uint32_t s = intern(c, name, n);
  for (uint32_t i = 0; i < c->files.n; i++) if (VEC_AT(c->files, uint32_t, i) == s) return i;
  *VEC_PUSH(c, c->files, uint32_t) = s;
  return c->files.n - 1;
}

void asm_file(asm_ctx *c, asm_tok num, asm_tok name) {
  if (num.fkind != 0 || num.u > 0x7ffffffe) { asm_error(c, tokloc(&num), "file number must be a small non-negative integer"); return; }
  /* the text between the quotes (an unterminated string, already reported, has no closing one) */
  size_t n = (size_t)name.len - 1;
  if (n && name.s[name.len - 1] == '"') n--;
  uint32_t idx = file_index(c, name.s + 1, n);
  for (uint32_t i = 0; i < c->filemap.n; i++) {
    file_map *m = &VEC_AT(c->filemap, file_map, i);
    if (m->number == num.u) {
      if (m->index != idx) asm_error(c, tokloc(&num), "file number %u is already declared as \"%s\"", m->number, str_at(c, VEC_AT(c->files, uint32_t, m->index)));
      return;
    }
  }
  file_map *m = VEC_PUSH(c, c->filemap, file_map);
  m->number = (uint32_t)num.u;
  m->index = idx;
}

void asm_loc_dir(asm_ctx *c, asm_tok file, asm_tok line, asm_tok col) {
  asm_tok *bad = file.fkind || file.u > 0x7ffffffe ? &file : line.fkind || line.u > 0xffffffffu ? &line :
                 col.fkind || col.u > 0xffffffffu ? &col : NULL;
  if (bad) { asm_error(c, tokloc(bad), ".loc takes three non-negative integers: file, line, column"); return; }
  c->loc_set = 1;
  c->loc_file = (int)file.u;
  c->loc_line = (uint32_t)line.u;
  c->loc_col = (uint32_t)col.u;
  for (uint32_t i = 0; i < c->loc_uses.n; i++) if (VEC_AT(c->loc_uses, loc_use, i).number == file.u) return;
  loc_use *u = VEC_PUSH(c, c->loc_uses, loc_use);
  u->number = (uint32_t)file.u;
  u->loc = tokloc(&file);
}

/* At the end of a source file: .loc file numbers become files[] indices. */
static void resolve_unit_lines(asm_ctx *c) {
  uint32_t implicit = UINT32_MAX;
  for (uint32_t i = 0; i < c->loc_uses.n; i++) {
    loc_use *u = &VEC_AT(c->loc_uses, loc_use, i);
    uint32_t k = 0;
    while (k < c->filemap.n && VEC_AT(c->filemap, file_map, k).number != u->number) k++;
    if (k == c->filemap.n) asm_error(c, u->loc, "file number %u is not declared by a .file directive", u->number);
  }
  for (uint32_t i = c->unit_first_line; i < c->lines.n; i++) {
    isa_line *l = &VEC_AT(c->lines, isa_line, i);
    if (l->file == LINE_IMPLICIT) {
      if (implicit == UINT32_MAX) { const char *rp = recorded_path(c, c->path); implicit = file_index(c, rp, strlen(rp)); }
      l->file = implicit + 1;
    } else if (l->file & LINE_EXPLICIT) {
      uint32_t num = l->file & ~LINE_EXPLICIT, k = 0;
      while (k < c->filemap.n && VEC_AT(c->filemap, file_map, k).number != num) k++;
      l->file = k < c->filemap.n ? VEC_AT(c->filemap, file_map, k).index + 1 : 0;
    }
  }
  c->unit_first_line = c->lines.n;
  c->filemap.n = 0;
  c->loc_uses.n = 0;
}

/* ---- module directives ---- */

/* Directive dir (0 .version, 1 .target, 2 .address_size) at 'at': 0 when the
 * current file has declared it before (an error, naming where). */
static int once_per_file(asm_ctx *c, int dir, asm_loc at) {
  static const char *const names[3] = { ".version", ".target", ".address_size" };
  if (c->dir_line[dir]) { asm_error(c, at, "a second %s directive (the first is at line %u)", names[dir], c->dir_line[dir]); return 0; }
  c->dir_line[dir] = (uint32_t)at.line;
  return 1;
}

void asm_version(asm_ctx *c, asm_tok dir, asm_tok v) {
  int k = 0;   /* MAJOR.MINOR, decimal, as PTX writes it (the image checker wants that form) */
  while (k < v.len && v.s[k] >= '0' && v.s[k] <= '9') k++;
  int m = k + 1;
  while (m < v.len && v.s[m] >= '0' && v.s[m] <= '9') m++;
  if (!k || k >= v.len || v.s[k] != '.' || m == k + 1 || m != v.len) {
    asm_error(c, tokloc(&v), "'.version' takes MAJOR.MINOR, as in '.version 8.0'");
    return;
  }
  if (once_per_file(c, 0, tokloc(&dir)) && !c->version) c->version = intern(c, v.s, (size_t)v.len);
}

void asm_target_begin(asm_ctx *c, asm_tok dir) {
  c->target_open = once_per_file(c, 1, tokloc(&dir)) && !c->target;
}

void asm_target(asm_ctx *c, asm_tok t) {
  if (!c->target_open) return;
  if (!c->target) { c->target = intern(c, t.s, (size_t)t.len); return; }
  const char *was = str_at(c, c->target);
  size_t n = strlen(was) + 2 + (size_t)t.len;   /* (a list of over 511 bytes lost its later names) */
  char *buf = perm_alloc(c, n + 1);
  snprintf(buf, n + 1, "%s, %.*s", was, t.len, t.s);
  c->target = intern(c, buf, n);
}

void asm_address_size(asm_ctx *c, asm_tok dir, asm_tok n) {
  if (!once_per_file(c, 2, tokloc(&dir))) return;
  if (n.fkind || (n.u != 32 && n.u != 64)) { asm_error(c, tokloc(&n), "address size must be 32 or 64"); return; }
  if (c->address_size && c->address_size != n.u) { asm_error(c, tokloc(&n), "address size %u conflicts with %u declared earlier", (unsigned)n.u, c->address_size); return; }
  c->address_size = (uint32_t)n.u;
}

void asm_unknown_directive(asm_ctx *c, asm_tok dir) {
  uint32_t v;
  if (asm_hmap_get(&c->warned, dir.s, (uint32_t)dir.len, &v)) return;
  asm_hmap_put(c, &c->warned, perm_str(c, dir.s, (size_t)dir.len), (uint32_t)dir.len, 1);
  asm_warning(c, tokloc(&dir), "directive '%.*s' is not modeled; skipped (further ones in this file are skipped silently)", dir.len, dir.s);
}

/* ---- declarations ---- */

typedef struct {
  int space, type, vec, linkage, ptr, ptr_space;
  uint32_t align, ptr_align;
  asm_loc loc;
} decl_attrs;

static const char *const linkage_names[] = { "", "visible", "extern", "weak", "common" };

static int read_attrs(asm_ctx *c, asm_attr *a, decl_attrs *d, int allow_linkage) {
  memset(d, 0, sizeof *d);
  int ok = 1;
  for (; a; a = a->next) {
    const char *s = a->tok.s + 1;
    size_t n = (size_t)a->tok.len - 1;
    asm_loc at = tokloc(&a->tok);
    if (a->has_arg) {
      if (a->arg.fkind || a->arg.u == 0 || (a->arg.u & (a->arg.u - 1)) || a->arg.u > (1u << 30)) {
        asm_error(c, tokloc(&a->arg), "alignment must be a power of two");
        ok = 0;
      } else if (d->ptr) d->ptr_align = (uint32_t)a->arg.u;
      else if (d->align) { asm_error(c, at, "duplicate .align"); ok = 0; }
      else d->align = (uint32_t)a->arg.u;
      continue;
    }
    int l = 0;
    for (int i = 1; i < ISA_LINK_COUNT; i++) if (strlen(linkage_names[i]) == n && memcmp(linkage_names[i], s, n) == 0) l = i;
    if (l) {
      if (!allow_linkage) { asm_error(c, at, "'.%s' is not allowed here", linkage_names[l]); ok = 0; }
      else if (d->linkage) { asm_error(c, at, "more than one linkage directive"); ok = 0; }
      else d->linkage = l;
      continue;
    }
    if (n == 3 && memcmp(s, "ptr", 3) == 0) { d->ptr = 1; continue; }
    int m = isa_mod_find_any(s, n);
    while (m >= 0 && isa_mods[m].cat != CAT_TYPE && isa_mods[m].cat != CAT_SPACE && isa_mods[m].cat != CAT_VEC) m = -1;
    if (m < 0) { asm_error(c, at, "'%.*s' is not allowed in a declaration", a->tok.len, a->tok.s); ok = 0; continue; }
    int cat = isa_mods[m].cat, val = isa_mod_value(m);
    if (cat == CAT_SPACE) {
      if (d->ptr && d->space) {
        if (d->ptr_space) { asm_error(c, at, "duplicate state space after .ptr"); ok = 0; }
        d->ptr_space = val;
      } else if (d->space) { asm_error(c, at, "more than one state space"); ok = 0; }
      else d->space = val;
    } else if (cat == CAT_TYPE) {
      if (d->type) { asm_error(c, at, "more than one type"); ok = 0; }
      d->type = val;
    } else {
      if (d->vec) { asm_error(c, at, "more than one vector width"); ok = 0; }
      d->vec = val;
    }
  }
  return ok;
}


/* Looks a name up in the function's scopes: returns the scoped entry + 1, or 0. */
static uint32_t scope_find(asm_ctx *c, const char *s, uint32_t n) {
  uint32_t v;
  if (!c->in_body || !asm_hmap_get(&c->scope_names, s, n, &v)) return 0;
  return v;
}

static int scope_put(asm_ctx *c, asm_tok name, int kind, uint32_t index) {
  uint32_t prev = scope_find(c, name.s, (uint32_t)name.len);
  if (prev && VEC_AT(c->scoped, asm_scoped, prev - 1).block == c->scope_cur) {
    asm_error(c, tokloc(&name), "redeclaration of '%.*s'", name.len, name.s);
    return 0;
  }
  asm_scoped *e = VEC_PUSH(c, c->scoped, asm_scoped);
  e->name = name.s; e->len = (uint32_t)name.len; e->kind = (uint8_t)kind; e->index = index;
  e->shadow = prev; e->block = c->scope_cur;
  asm_hmap_put(c, &c->scope_names, name.s, (uint32_t)name.len, c->scoped.n);
  return 1;
}

static uint64_t type_bytes(int t) { unsigned b = isa_type_bits(t); return b <= 8 ? 1 : b / 8; }

/* Converts one number to 'bytes' of element type t at p; 0 on error. */
static int number_bits(asm_ctx *c, const asm_tok *num, int neg, int t, uint64_t *out);

/* The shape an initializer fills: the array's dimensions, then a vector's elements, as
 * levels of nelem[] scalars each (stride[i]: the scalars one element of level i holds). */
typedef struct { int n; uint64_t count[ISA_MAX_DIMS + 1], stride[ISA_MAX_DIMS + 1]; } init_shape;

/* Fills level 'lv' of the shape from the braced list 'list', its first scalar at 'base', as C
 * reads an initializer: a braced item fills one element of the level (the rest of it zero), a
 * bare number the next scalar (braces may be left out, "given flat or nested").  buf NULL:
 * only measures (the first level unbounded, for an unsized array).  *end: one past the last
 * scalar written.  0 on error. */
static int fill_level(asm_ctx *c, const asm_init *list, int t, uint8_t *buf, const init_shape *sh, int lv, uint64_t base, uint64_t *end, int depth) {
  uint64_t limit = lv == 0 && !buf ? UINT64_MAX : base + sh->count[lv] * sh->stride[lv];   /* (one past this level's scalars) */
  uint64_t pos = base;
  if (depth > 8) { asm_error(c, list->num.loc, "initializer nested too deeply"); return 0; }
  for (const asm_init *in = list->elems; in; in = in->next) {
    if (in->is_list) {
      if (lv + 1 >= sh->n) { asm_error(c, in->num.loc, "a braced list where a scalar belongs: the initializer is nested deeper than the variable"); return 0; }
      uint64_t st = sh->stride[lv];
      pos = (pos - base + st - 1) / st * st + base;   /* a list starts an element of this level */
      if (pos >= limit) {
        asm_error(c, in->num.loc, "too many initializers: the %s has %llu %s", lv ? "row" : "variable", (unsigned long long)sh->count[lv], lv ? "elements" : "rows");
        return 0;
      }
      uint64_t sub_end;
      if (!fill_level(c, in, t, buf, sh, lv + 1, pos, &sub_end, depth + 1)) return 0;
      pos += st;
      continue;
    }
    if (in->num.fkind == -1) { asm_error(c, in->num.loc, "initializers that name a symbol ('%.*s') are not supported", in->num.len, in->num.s); return 0; }
    if (pos >= limit) {
      asm_error(c, in->num.loc, "too many initializers: the %s has %llu elements", lv ? "row" : "variable", (unsigned long long)(limit - base));
      return 0;
    }
    uint64_t bits;
    if (!number_bits(c, &in->num, in->neg, t, &bits)) return 0;
    if (buf) {
      uint64_t eb = type_bytes(t);
      for (uint64_t k = 0; k < eb; k++) buf[pos * eb + k] = (uint8_t)(bits >> (8 * k));
    }
    pos++;
  }
  *end = pos;
  return 1;
}

/* The variable's initializer 'in' into buf (zeroed: what it does not name stays zero).  A scalar
 * takes a number or a braced one; an array or vector, a braced list.  0 on error. */
static int fill_init(asm_ctx *c, const asm_init *in, int t, uint8_t *buf, const init_shape *sh) {
  static const init_shape scalar = { 1, { 1 }, { 1 } };
  if (!in->is_list && sh->n) { asm_error(c, in->num.loc, "an array or vector's initializer is a list in braces: {...}"); return 0; }
  asm_init one = *in, wrap = { .is_list = 1, .elems = &one, .num = in->num };   /* (a bare number: as if braced) */
  one.next = NULL;
  uint64_t end;
  return fill_level(c, in->is_list ? in : &wrap, t, buf, sh->n ? sh : &scalar, 0, 0, &end, 0);
}

/* The levels of variable v: its dimensions (the first 'first0' when it is unsized), then its vector. */
static void shape_of(const isa_var *v, uint64_t first0, init_shape *sh) {
  sh->n = 0;
  for (unsigned i = 0; i < v->ndims && i < ISA_MAX_DIMS; i++) sh->count[sh->n++] = i == 0 && first0 ? first0 : v->dims[i];
  if (isa_vec_count(v->vec) > 1) sh->count[sh->n++] = isa_vec_count(v->vec);
  uint64_t st = 1;
  for (int i = sh->n; i-- > 0;) { sh->stride[i] = st; st *= sh->count[i]; }
}

void asm_var_decl(asm_ctx *c, asm_attr *attrs, asm_decl *decls) {
  decl_attrs d;
  if (!read_attrs(c, attrs, &d, !c->in_body)) return;
  asm_loc at = attrs ? tokloc(&attrs->tok) : decls->name.loc;
  if (!attrs && !decls->next && !decls->ndims && !decls->init && !decls->range) {
    const char *dot = memchr(decls->name.s, '.', (size_t)decls->name.len);
    if (isa_op_lookup(decls->name.s, dot ? (size_t)(dot - decls->name.s) : (size_t)decls->name.len) >= 0) {
      asm_error(c, at, "instruction '%.*s' outside a function body", decls->name.len, decls->name.s);
      return;
    }
  }
  if (!d.space) { asm_error(c, at, "declaration of '%.*s' has no state space", decls->name.len, decls->name.s); return; }
  if (!d.type) { asm_error(c, at, "declaration of '%.*s' has no type", decls->name.len, decls->name.s); return; }
  if (d.type == ISA_T_PRED) { asm_error(c, at, "variables cannot have type .pred"); return; }
  if (d.ptr) { asm_error(c, at, ".ptr is only allowed on kernel parameters"); return; }
  if (d.space > ISA_SP_CONST || d.space == ISA_SP_SHARED_CTA) { asm_error(c, at, "variables cannot be declared in this state space"); return; }
  if (c->in_body && (d.space == ISA_SP_GLOBAL || d.space == ISA_SP_CONST)) { asm_error(c, at, ".global and .const variables must be declared at module scope"); return; }
  if (!c->in_body && d.space == ISA_SP_PARAM) { asm_error(c, at, ".param variables must be declared in a function"); return; }
  if (c->in_func && !c->in_body) { asm_error(c, at, "declarations must be inside the function body"); return; }
  for (asm_decl *x = decls; x; x = x->next) {
    if (x->range) { asm_error(c, tokloc(&x->name), "a <N> range is only allowed in .reg declarations"); continue; }
    if (x->ndims > ISA_MAX_DIMS) continue;
    isa_var v;
    memset(&v, 0, sizeof v);
    v.space = (uint8_t)d.space; v.type = (uint8_t)d.type; v.vec = (uint8_t)d.vec;
    v.linkage = (uint8_t)d.linkage; v.align = d.align;
    v.ndims = (uint8_t)x->ndims;
    int bad = 0;
    for (int i = 0; i < x->ndims; i++) {
      if (i == 0 && x->unsized) continue;
      if (x->dims[i].fkind || x->dims[i].u == 0 || x->dims[i].u > 0xffffffffu) {
        asm_error(c, tokloc(&x->dims[i]), "array dimension must be a positive integer");
        bad = 1;
      } else v.dims[i] = (uint32_t)x->dims[i].u;
    }
    if (bad) continue;
    if (x->unsized) {
      if (x->init) {   /* its first dimension: as many elements as the initializer fills */
        init_shape sh;
        shape_of(&v, 1, &sh);
        uint64_t end = 0;
        if (!x->init->is_list) { asm_error(c, tokloc(&x->name), "an array's initializer is a list in braces: {...}"); continue; }
        if (!fill_level(c, x->init, v.type, NULL, &sh, 0, 0, &end, 0)) continue;
        uint64_t n = (end + sh.stride[0] - 1) / sh.stride[0];
        if (!n || n > 0xffffffffu) { asm_error(c, tokloc(&x->name), "bad initializer size"); continue; }
        v.dims[0] = (uint32_t)n;
      } else v.flags |= ISA_VAR_UNSIZED;
    }
    if (isa_var_bytes(&v) > 0xffffffffu) { asm_error(c, tokloc(&x->name), "variable '%.*s' is larger than 4 GiB", x->name.len, x->name.s); continue; }
    if ((v.flags & ISA_VAR_UNSIZED) && (d.space != ISA_SP_SHARED || d.linkage != ISA_LINK_EXTERN)) { asm_error(c, tokloc(&x->name), "only .extern .shared arrays may be unsized"); continue; }
    if (x->init) {
      if (d.space != ISA_SP_GLOBAL && d.space != ISA_SP_CONST) { asm_error(c, tokloc(&x->name), "only .global and .const variables may have initializers"); continue; }
      uint64_t bytes = isa_var_bytes(&v);
      if (bytes > (64u << 20)) { asm_error(c, tokloc(&x->name), "initialized variable larger than 64 MiB"); continue; }
      uint32_t off = c->data.n;
      uint8_t *buf = asm_vec_push(c, &c->data, 1, (uint32_t)bytes);
      init_shape sh;
      shape_of(&v, 0, &sh);
      if (!fill_init(c, x->init, d.type, buf, &sh)) { c->data.n = off; continue; }
      v.init_off = off;
      v.init_len = (uint32_t)bytes;
    }
    v.name = intern(c, x->name.s, (size_t)x->name.len);
    if (c->in_body) {
      v.owner = c->func + 1;
      v.scope = c->scope_cur;
      uint32_t idx = c->vars.n;
      if (!scope_put(c, x->name, SYM_VAR, idx)) continue;
      *VEC_PUSH(c, c->vars, isa_var) = v;
      isa_item *it = VEC_PUSH(c, c->funcout, isa_item);
      it->kind = ISA_IT_VAR; it->index = idx;
    } else {
      uint32_t g;
      if (asm_hmap_get(&c->globals, x->name.s, (uint32_t)x->name.len, &g)) {
        if (G_KIND(g) == G_VAR) {
          isa_var *o = &VARS(c)[G_INDEX(g)];
          int same = o->space == v.space && o->type == v.type && o->vec == v.vec && o->ndims == v.ndims &&
                     memcmp(o->dims, v.dims, sizeof v.dims) == 0 && o->flags == v.flags;
          if (same && (o->linkage == ISA_LINK_EXTERN || v.linkage == ISA_LINK_EXTERN) && !(o->init_len && v.init_len)) {
            if (v.linkage != ISA_LINK_EXTERN) { o->linkage = v.linkage; o->init_off = v.init_off; o->init_len = v.init_len; o->align = v.align; }
            continue;
          }
        }
        asm_error(c, tokloc(&x->name), "redefinition of '%.*s'", x->name.len, x->name.s);
        continue;
      }
      uint32_t idx = c->vars.n;
      *VEC_PUSH(c, c->vars, isa_var) = v;
      asm_hmap_put(c, &c->globals, perm_str(c, x->name.s, (size_t)x->name.len), (uint32_t)x->name.len, G_MAKE(G_VAR, idx));
      isa_item *it = VEC_PUSH(c, c->modout, isa_item);
      it->kind = ISA_IT_VAR; it->index = idx;
    }
  }
}

void asm_reg_decl(asm_ctx *c, asm_attr *attrs, asm_decl *decls) {
  decl_attrs d;
  if (!read_attrs(c, attrs, &d, 0)) return;
  asm_loc at = decls->name.loc;
  if (d.space || d.align || d.ptr) { asm_error(c, attrs ? tokloc(&attrs->tok) : at, ".reg declarations take a type only"); return; }
  if (!d.type) { asm_error(c, at, ".reg declaration of '%.*s' has no type", decls->name.len, decls->name.s); return; }
  if (d.vec) { asm_error(c, at, "vector registers (.v2, .v4, .v8) are not supported: declare one register per element"); return; }
  if (d.type == ISA_T_B128) { asm_error(c, at, "registers of this type are not supported"); return; }
  for (asm_decl *x = decls; x; x = x->next) {
    if (x->ndims || x->init) { asm_error(c, tokloc(&x->name), "registers cannot be arrays or have initializers"); continue; }
    uint64_t count = 0;
    if (x->range) {
      if (x->range_n.fkind || x->range_n.u == 0 || x->range_n.u > 1000000) {
        asm_error(c, tokloc(&x->range_n), "register range must be between 1 and 1000000");
        continue;
      }
      count = x->range_n.u;
    }
    if (c->nslots + (count ? count : 1) > 4000000) { asm_error(c, tokloc(&x->name), "too many registers in one function"); continue; }
    isa_regdecl r;
    memset(&r, 0, sizeof r);
    r.name = intern(c, x->name.s, (size_t)x->name.len);
    r.type = (uint8_t)d.type; r.vec = (uint8_t)d.vec;
    r.count = (uint32_t)count;
    r.first_slot = c->nslots;
    r.owner = c->func;
    r.scope = c->scope_cur;
    uint32_t idx = c->regs.n;
    if (!scope_put(c, x->name, SYM_REGDECL, idx)) continue;
    *VEC_PUSH(c, c->regs, isa_regdecl) = r;
    uint32_t n = count ? (uint32_t)count : 1;
    uint8_t *st = asm_vec_push(c, &c->slot_types, 1, n);
    memset(st, d.type, n);
    c->nslots += n;
    isa_item *it = VEC_PUSH(c, c->funcout, isa_item);
    it->kind = ISA_IT_REG; it->index = idx;
  }
}

/* ---- functions ---- */

static int params_match(asm_ctx *c, uint32_t first, uint32_t n, asm_decl *p) {
  uint32_t k = 0;
  for (; p; p = p->next, k++) {
    if (k >= n) return 0;
    decl_attrs d;
    if (!read_attrs(c, p->attrs, &d, 0)) return 0;
    isa_var *v = &VARS(c)[first + k];
    if (v->type != d.type || v->vec != d.vec || v->ndims != p->ndims) return 0;
    for (int i = 0; i < p->ndims && i < ISA_MAX_DIMS; i++) if (v->dims[i] != p->dims[i].u) return 0;
  }
  return k == n;
}

static void rename_params(asm_ctx *c, uint32_t first, asm_decl *p) {
  for (uint32_t k = 0; p; p = p->next, k++) VARS(c)[first + k].name = intern(c, p->name.s, (size_t)p->name.len);
}

static int add_params(asm_ctx *c, uint32_t f, asm_decl *p, asm_decl *others, uint8_t flag, int kind) {
  int ok = 1;
  asm_decl *all = p;
  for (; p; p = p->next) {
    decl_attrs d;
    if (!read_attrs(c, p->attrs, &d, 0)) { ok = 0; continue; }
    if (d.space != ISA_SP_PARAM) { asm_error(c, tokloc(&p->name), "parameter '%.*s' must be declared .param", p->name.len, p->name.s); ok = 0; continue; }
    if (!d.type || d.type == ISA_T_PRED) { asm_error(c, tokloc(&p->name), "parameter '%.*s' needs a type", p->name.len, p->name.s); ok = 0; continue; }
    if (d.ptr && kind != ISA_FN_ENTRY) { asm_error(c, tokloc(&p->name), ".ptr is only allowed on kernel parameters"); ok = 0; continue; }
    if (d.ptr && d.type != ISA_T_U64 && d.type != ISA_T_U32 && d.type != ISA_T_B64 && d.type != ISA_T_B32) { asm_error(c, tokloc(&p->name), ".ptr needs a .u32 or .u64 parameter"); ok = 0; continue; }
    int dup = 0;
    for (asm_decl *q = all; q != p; q = q->next) dup |= q->name.len == p->name.len && !memcmp(q->name.s, p->name.s, (size_t)p->name.len);
    for (asm_decl *q = others; q; q = q->next) dup |= q->name.len == p->name.len && !memcmp(q->name.s, p->name.s, (size_t)p->name.len);
    if (dup) { asm_error(c, tokloc(&p->name), "redeclaration of '%.*s'", p->name.len, p->name.s); ok = 0; continue; }
    isa_var v;
    memset(&v, 0, sizeof v);
    v.name = intern(c, p->name.s, (size_t)p->name.len);
    v.space = ISA_SP_PARAM; v.type = (uint8_t)d.type; v.vec = (uint8_t)d.vec;
    v.align = d.align; v.flags = flag | (d.ptr ? ISA_VAR_PTR : 0);
    v.ptr_space = (uint8_t)d.ptr_space; v.ptr_align = d.ptr_align;
    v.owner = f + 1;
    v.ndims = (uint8_t)p->ndims;
    for (int i = 0; i < p->ndims && i < ISA_MAX_DIMS; i++) {
      if (p->unsized && i == 0) { asm_error(c, tokloc(&p->name), "parameters cannot be unsized arrays"); ok = 0; break; }
      if (p->dims[i].fkind || p->dims[i].u == 0 || p->dims[i].u > 0xffffffffu) { asm_error(c, tokloc(&p->dims[i]), "array dimension must be a positive integer"); ok = 0; break; }
      v.dims[i] = (uint32_t)p->dims[i].u;
    }
    *VEC_PUSH(c, c->vars, isa_var) = v;
  }
  return ok;
}

static uint32_t count_decls(asm_decl *p) { uint32_t n = 0; for (; p; p = p->next) n++; return n; }

void asm_func_begin(asm_ctx *c, asm_attr *attrs, int kind, asm_tok name, int has_rets, asm_decl *rets, asm_decl *params) {
  decl_attrs d;
  c->in_func = 1;
  c->in_body = 0;
  c->func_had_error = 0;
  c->subr_priority = 0;
  c->subr_trigs.n = 0;
  c->subr_live.n = 0;
  c->subr_autoend = 0;
  c->subr_active = 0;
  c->func_loc = name.loc;
  c->trig_locs_cur.n = 0;
  if (!read_attrs(c, attrs, &d, 1)) { c->func = UINT32_MAX; return; }
  if (d.space || d.type || d.vec || d.align || d.ptr) { asm_error(c, tokloc(&name), "a function takes only a linkage directive before .entry or .func"); c->func = UINT32_MAX; return; }
  if (kind == ISA_FN_ENTRY && has_rets) { asm_error(c, tokloc(&name), "kernels cannot return values"); c->func = UINT32_MAX; return; }
  uint32_t g;
  if (asm_hmap_get(&c->globals, name.s, (uint32_t)name.len, &g)) {
    if (G_KIND(g) != G_FUNC) { asm_error(c, tokloc(&name), "'%.*s' redeclared as a different kind of symbol", name.len, name.s); c->func = UINT32_MAX; return; }
    isa_func *fn = &FUNCS(c)[G_INDEX(g)];
    if (fn->kind != kind || !params_match(c, fn->first_param, fn->nparam, params) || !params_match(c, fn->first_ret, fn->nret, rets)) {
      asm_error(c, tokloc(&name), "conflicting declaration of '%.*s'", name.len, name.s);
      c->func = UINT32_MAX;
      return;
    }
    c->func = G_INDEX(g);
    c->func_redecl = 1;
    c->pending_linkage = d.linkage ? d.linkage : -1;
    if (!fn->has_body) {   /* the latest declaration names the parameters */
      rename_params(c, fn->first_param, params);
      rename_params(c, fn->first_ret, rets);
    }
    return;
  }
  c->func_redecl = 0;
  isa_func fn;
  memset(&fn, 0, sizeof fn);
  fn.name = intern(c, name.s, (size_t)name.len);
  fn.kind = (uint8_t)kind;
  fn.linkage = (uint8_t)d.linkage;
  uint32_t f = c->funcs.n;
  fn.first_ret = c->vars.n;
  fn.nret = count_decls(rets);
  int ok = add_params(c, f, rets, NULL, ISA_VAR_RET, kind);
  fn.first_param = c->vars.n;
  fn.nparam = count_decls(params);
  ok &= add_params(c, f, params, rets, ISA_VAR_PARAM, kind);
  if (!ok) { c->vars.n = fn.first_ret; c->func = UINT32_MAX; return; }
  *VEC_PUSH(c, c->funcs, isa_func) = fn;
  asm_hmap_put(c, &c->globals, perm_str(c, name.s, (size_t)name.len), (uint32_t)name.len, G_MAKE(G_FUNC, f));
  c->func = f;
  c->pending_linkage = -1;
}

void asm_func_perf(asm_ctx *c, asm_tok dir, asm_opnd *nums) {
  if (c->func == UINT32_MAX) return;
  isa_func *fn = &FUNCS(c)[c->func];
  uint32_t v[3] = { 0, 0, 0 };
  int n = 0;
  for (asm_opnd *o = nums; o; o = o->next, n++) {
    if (n >= 3 || o->num.fkind || o->num.u == 0 || o->num.u > 0xffffffffu) {
      asm_error(c, o->loc, "'%.*s' takes one to three positive integers", dir.len, dir.s);
      return;
    }
    v[n] = (uint32_t)o->num.u;
  }
  const char *s = dir.s + 1;
  if (!strncmp(s, "explicitcluster", 15) || !strncmp(s, "reqnctapercluster", 17) || !strncmp(s, "maxclusterrank", 14)) {
    /* sm_90's thread-block clusters (nvcc writes them after a cluster kernel's header): the
     * model runs no clusters, so they are skipped as other directives it does not model are */
    if (fn->kind != ISA_FN_ENTRY) { asm_error(c, tokloc(&dir), "'%.*s' applies to kernels (.entry) only", dir.len, dir.s); return; }
    asm_unknown_directive(c, dir);
    return;
  }
  int is_noreturn = strncmp(s, "noreturn", 8) == 0;
  if (is_noreturn) {
    if (n) asm_error(c, tokloc(&dir), ".noreturn takes no arguments");
    else if (fn->kind != ISA_FN_FUNC) asm_error(c, tokloc(&dir), ".noreturn applies to .func only");
    return;   /* accepted and not modeled: the emulator needs no hint */
  }
  if (fn->kind != ISA_FN_ENTRY) { asm_error(c, tokloc(&dir), "'%.*s' applies to kernels (.entry) only", dir.len, dir.s); return; }
  if (!n) { asm_error(c, tokloc(&dir), "'%.*s' needs a value", dir.len, dir.s); return; }
  if (strncmp(s, "maxntid", 7) == 0) { for (int i = 0; i < 3; i++) fn->maxntid[i] = i < n ? v[i] : 1; }
  else if (strncmp(s, "reqntid", 7) == 0) { for (int i = 0; i < 3; i++) fn->reqntid[i] = i < n ? v[i] : 1; }
  else if (n != 1) asm_error(c, tokloc(&dir), "'%.*s' takes one value", dir.len, dir.s);
  else if (strncmp(s, "minnctapersm", 12) == 0) fn->minnctapersm = v[0];
  else fn->maxnreg = v[0];
}

void asm_subr_attr(asm_ctx *c, asm_tok dir, asm_opnd *args) {
  if (c->func == UINT32_MAX) return;
  isa_func *fn = &FUNCS(c)[c->func];
  asm_loc at = tokloc(&dir);
  if (fn->kind != ISA_FN_SUBR) { asm_error(c, at, "'%.*s' applies to .subroutine only", dir.len, dir.s); return; }
  const char *s = dir.s + 1;
  if (strncmp(s, "priority", 8) == 0) {
    if (!args || args->next || args->kind != AO_NAME) { asm_error(c, at, ".priority takes 'high' or 'low'"); return; }
    int p = 0;
    if (args->name.len == 4 && memcmp(args->name.s, "high", 4) == 0) p = ISA_PRIO_HIGH;
    else if (args->name.len == 3 && memcmp(args->name.s, "low", 3) == 0) p = ISA_PRIO_LOW;
    if (!p) { asm_error(c, args->loc, "unknown priority '%.*s' (expected 'high' or 'low')", args->name.len, args->name.s); return; }
    if (c->subr_priority) { asm_error(c, at, "duplicate .priority"); return; }
    c->subr_priority = p;
  } else if (strncmp(s, "trigger", 7) == 0) {
    if (!args || args->kind != AO_NAME) { asm_error(c, at, ".trigger needs an event name"); return; }
    int ev = -1;
    for (int i = 0; i < ISA_TRIG_COUNT; i++)
      if (strlen(isa_trigger_names[i]) == (size_t)args->name.len && memcmp(isa_trigger_names[i], args->name.s, (size_t)args->name.len) == 0) ev = i;
    if (ev < 0) { asm_error(c, args->loc, "unknown trigger event '%.*s'", args->name.len, args->name.s); return; }
    isa_trigger t;
    memset(&t, 0, sizeof t);
    t.event = (uint32_t)ev;
    asm_opnd *a = args->next;
    if (ev == ISA_TRIG_DECOMPRESS || ev == ISA_TRIG_COMPRESS) {
      t.arg = -1;
      if (a && a->kind == AO_NUM && !a->num.fkind && a->num.u < 256 && !a->neg) { t.arg = (int32_t)a->num.u; a = a->next; }
      else if (ev == ISA_TRIG_DECOMPRESS) { asm_error(c, a ? a->loc : at, "'decompress' trigger needs an encoding number (0-255)"); return; }
      else if (a && a->kind == AO_NUM) { asm_error(c, a->loc, "'compress' trigger: an encoding number is 0-255"); return; }   /* (it said "unexpected argument") */
      if (a && a->kind == AO_NAME && a->name.len == 4 && memcmp(a->name.s, "line", 4) == 0) {   /* for lines of one size only */
        asm_opnd *n = a->next;
        if (!n || n->kind != AO_NUM || n->num.fkind || n->neg || n->num.u < 4 || n->num.u > ISA_TRIG_MAX_LINE || (n->num.u & (n->num.u - 1))) {
          asm_error(c, n ? n->loc : a->loc, "'line' needs a line size in bytes, a power of two from 4 to %d", ISA_TRIG_MAX_LINE);
          return;
        }
        t.line = (uint32_t)n->num.u;
        a = n->next;
      }
    } else if (ev == ISA_TRIG_PC) {
      if (!a || a->kind != AO_NAME || !a->next || a->next->kind != AO_NAME) { asm_error(c, a ? a->loc : at, "'pc' trigger needs a kernel name and a label"); return; }
      t.kernel = intern(c, a->name.s, (size_t)a->name.len);
      t.label = intern(c, a->next->name.s, (size_t)a->next->name.len);
      a = a->next->next;
      if (a && a->kind == AO_NUM && a->plus) {   /* LABEL+N: N instructions after the label */
        if (a->num.fkind || a->num.u > 1000000) { asm_error(c, a->loc, "a label offset is a number of instructions (0 to 1000000)"); return; }
        t.label_off = (uint32_t)a->num.u;
        a = a->next;
      }
      if (a && a->kind == AO_LIST) {
        t.bind_off = c->pool.n;
        for (asm_opnd *e = a->elems; e; e = e->next) { *VEC_PUSH(c, c->pool, uint32_t) = intern(c, e->name.s, (size_t)e->name.len); t.nbind++; }
        if (!t.nbind) t.bind_off = 0;   /* '()' is no list: as the disassembler writes it (it pointed into the pool) */
        a = a->next;
      }
      if (a && a->kind == AO_NAME && a->name.len == 4 && memcmp(a->name.s, "skip", 4) == 0) {   /* skip LABEL[+N]: where lanes that skip resume */
        asm_opnd *l = a->next;
        if (!l || l->kind != AO_NAME) { asm_error(c, l ? l->loc : a->loc, "'skip' needs a label of the kernel"); return; }
        t.skip = intern(c, l->name.s, (size_t)l->name.len);
        a = l->next;
        if (a && a->kind == AO_NUM && a->plus) {
          if (a->num.fkind || a->num.u > 1000000) { asm_error(c, a->loc, "a label offset is a number of instructions (0 to 1000000)"); return; }
          t.skip_off = (uint32_t)a->num.u;
          a = a->next;
        }
      }
    }
    if (a) { asm_error(c, a->loc, "unexpected argument to the '%s' trigger", isa_trigger_names[ev]); return; }
    *VEC_PUSH(c, c->subr_trigs, isa_trigger) = t;
    *VEC_PUSH(c, c->trig_locs_cur, asm_loc) = ev == ISA_TRIG_PC ? args->next->next->loc : at;
  } else if (dir.len == 8 && strncmp(s, "autoend", 7) == 0) {   /* the controller ends the warp after its last instruction */
    if (args) { asm_error(c, args->loc, ".autoend takes no argument"); return; }
    if (c->subr_autoend) { asm_error(c, at, "duplicate .autoend"); return; }
    c->subr_autoend = 1;
  } else if (dir.len == 7 && strncmp(s, "active", 6) == 0) {   /* the lanes the warp starts with */
    if (!args || args->kind != AO_NUM || args->num.fkind || args->neg || args->plus || args->num.u > 0xffffffffu) {
      asm_error(c, args ? args->loc : at, ".active takes a lane mask: an integer from 1 to 0xffffffff (bit i: lane i)");
      return;
    }
    if (args->next) { asm_error(c, args->next->loc, ".active takes one lane mask"); return; }
    if (!args->num.u) { asm_error(c, args->loc, ".active 0 starts no lane: the mask needs at least one"); return; }
    if (c->subr_active) { asm_error(c, at, "duplicate .active"); return; }
    c->subr_active = (uint32_t)args->num.u;
  } else if ((dir.len == 6 && strncmp(s, "lanes", 5) == 0) || (dir.len == 9 && strncmp(s, "lanemask", 8) == 0)) {
    int mask = s[4] == 'm';
    const char *d = mask ? ".lanemask" : ".lanes", *form = mask ? ".lanemask %p, OFFSET" : ".lanes %r, SCALE[, OFFSET]";
    if (!args || args->kind != AO_NAME) { asm_error(c, args ? args->loc : at, "%s needs a register first: %s", d, form); return; }
    asm_opnd *n1 = args->next, *n2 = n1 ? n1->next : NULL;
    uint32_t lim1 = mask ? ISA_MAX_LANEMASK_OFFSET : ISA_MAX_LANES_SCALE;
    if (!n1) { asm_error(c, args->loc, "%s needs %s after the register: %s", d, mask ? "the mask's byte offset in .lin" : "a scale", form); return; }
    if (n1->kind != AO_NUM || n1->num.fkind || n1->neg || n1->plus || n1->num.u > lim1) {
      asm_error(c, n1->loc, "%s: the %s is an integer from 0 to %u", d, mask ? "offset" : "scale", lim1);
      return;
    }
    if (n2 && (mask || n2->next)) { asm_error(c, mask ? n2->loc : n2->next->loc, "unexpected argument to %s (%s)", d, form); return; }
    if (n2 && (n2->kind != AO_NUM || n2->num.fkind || n2->neg || n2->plus || n2->num.u > ISA_MAX_LANES_OFFSET)) {
      asm_error(c, n2->loc, "%s: the offset is an integer from 0 to %d", d, ISA_MAX_LANES_OFFSET);
      return;
    }
    uint32_t have = 0, most = mask ? ISA_MAX_LANEMASK : ISA_MAX_LANES;
    for (uint32_t i = 0; i < c->subr_live.n; i++) have += VEC_AT(c->subr_live, live_ref, i).is_out == (mask ? LIVE_LANEMASK : LIVE_LANES);
    if (have == most) { asm_error(c, at, "more than %u %s in one subroutine", most, d); return; }
    live_ref *r = VEC_PUSH(c, c->subr_live, live_ref);
    r->is_out = mask ? LIVE_LANEMASK : LIVE_LANES;
    r->name = args->name;
    r->name.s = perm_str(c, args->name.s, (size_t)args->name.len);
    r->n1 = (uint32_t)n1->num.u;
    r->n2 = n2 ? (uint32_t)n2->num.u : 0;
  } else if (dir.len == 8 && strncmp(s, "lastenc", 7) == 0) {   /* the encoding the trigger's last compression chose */
    if (!args || args->kind != AO_NAME) { asm_error(c, args ? args->loc : at, ".lastenc needs a register"); return; }
    if (args->next) { asm_error(c, args->next->loc, ".lastenc takes one register"); return; }
    for (uint32_t i = 0; i < c->subr_live.n; i++)
      if (VEC_AT(c->subr_live, live_ref, i).is_out == LIVE_LASTENC) { asm_error(c, at, "duplicate .lastenc"); return; }
    live_ref *r = VEC_PUSH(c, c->subr_live, live_ref);
    r->is_out = LIVE_LASTENC;
    r->name = args->name;
    r->name.s = perm_str(c, args->name.s, (size_t)args->name.len);
    r->n1 = r->n2 = 0;
  } else {
    int out = strncmp(s, "liveout", 7) == 0 ? 1 : strncmp(s, "keep", 4) == 0 ? 2 : strncmp(s, "skipif", 6) == 0 ? 3 : 0;
    if (!args) { asm_error(c, at, "'%.*s' needs %s", dir.len, dir.s, out == 3 ? "a predicate register" : "at least one register"); return; }
    if (out == 3) {
      if (args->next) { asm_error(c, args->next->loc, ".skipif takes one predicate register"); return; }
      for (uint32_t i = 0; i < c->subr_live.n; i++)
        if (VEC_AT(c->subr_live, live_ref, i).is_out == 3) { asm_error(c, at, "duplicate .skipif"); return; }
    }
    for (asm_opnd *a = args; a; a = a->next) {
      if (a->kind != AO_NAME) { asm_error(c, a->loc, "expected a register name"); return; }
      live_ref *r = VEC_PUSH(c, c->subr_live, live_ref);
      r->is_out = out;
      r->name = a->name;
      r->name.s = perm_str(c, a->name.s, (size_t)a->name.len);
      r->n1 = r->n2 = 0;
    }
  }
}

void asm_func_body_begin(asm_ctx *c) {
  c->in_body = 1;
  if (c->func == UINT32_MAX) return;
  isa_func *fn = &FUNCS(c)[c->func];
  if (fn->has_body) {
    asm_error(c, c->func_loc, "redefinition of '%s'", str_at(c, fn->name));
    c->func = UINT32_MAX;
    return;
  }
  fn->has_body = 1;
  fn->code_off = c->code.n;
  fn->first_insn = c->lines.n;
  fn->first_reg = c->regs.n;
  fn->first_label = c->labels.n;
  fn->first_item = c->funcitems.n;
  c->nslots = 0;
  c->slot_types.n = 0;
  c->scoped.n = 0;
  asm_hmap_clear(&c->scope_names);
  asm_hmap_clear(&c->labelmap);
  c->label_defined.n = 0;
  c->funcout.n = 0;
  c->scope_count = 0;
  c->scope_cur = 0;
  c->scope_marks.n = 0;
  c->scope_parent.n = 0;
  c->run = 0;
  c->loc_set = 0;
  /* parameters are visible by name in the body */
  for (uint32_t k = 0; k < fn->nret + fn->nparam; k++) {
    uint32_t vi = k < fn->nret ? fn->first_ret + k : fn->first_param + k - fn->nret;
    const char *nm = str_at(c, VARS(c)[vi].name);
    asm_tok t;
    memset(&t, 0, sizeof t);
    t.len = (int)strlen(nm);
    t.s = perm_str(c, nm, (size_t)t.len);   /* the string table moves as it grows */
    t.loc = c->func_loc;
    scope_put(c, t, SYM_VAR, vi);
  }
}

static void flush_run(asm_ctx *c) {
  if (!c->run) return;
  isa_item *it = VEC_PUSH(c, c->funcout, isa_item);
  it->kind = ISA_IT_INSNS;
  it->index = c->run;
  c->run = 0;
}

static uint32_t find_slot(asm_ctx *c, const char *s, uint32_t n, int *is_range);

/* The source position of a live list's first register (is_out: 0 .livein, 1 .liveout), or the subroutine's name. */
static asm_loc live_loc(asm_ctx *c, int is_out) {
  for (uint32_t i = 0; i < c->subr_live.n; i++)
    if (VEC_AT(c->subr_live, live_ref, i).is_out == is_out) return VEC_AT(c->subr_live, live_ref, i).name.loc;
  return c->func_loc;
}

/* What the loader requires of a subroutine's triggers and live registers that
 * needs no kernel (emu/core/load.c, bind_pc_triggers), checked here so that awasm
 * does not write an image the loader refuses: a 'pc' trigger names as many
 * parent registers as there are live-ins and live-outs; a low-priority
 * subroutine started by 'pc' or 'miss' has no live-outs and skips nothing;
 * a 'miss' subroutine has no live registers; at most ISA_MAX_LIVE of each. */
static void check_subr_bindings(asm_ctx *c, const isa_subr *sr) {
  const char *name = str_at(c, FUNCS(c)[sr->func].name);
  int low = sr->priority == ISA_PRIO_LOW, low_out = 0;   /* the messages are the loader's */
  if (sr->nlivein > ISA_MAX_LIVE) asm_error(c, live_loc(c, 0), "subroutine '%s' has %u live-ins; at most %d", name, sr->nlivein, ISA_MAX_LIVE);
  if (sr->nliveout > ISA_MAX_LIVE) asm_error(c, live_loc(c, 1), "subroutine '%s' has %u live-outs; at most %d", name, sr->nliveout, ISA_MAX_LIVE);
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) {
    const isa_trigger *t = &VEC_AT(c->subr_trigs, isa_trigger, i);
    asm_loc at = VEC_AT(c->trig_locs_cur, asm_loc, i);
    if ((t->event == ISA_TRIG_PC || t->event == ISA_TRIG_MISS) && low && sr->nliveout && !low_out++)
      asm_error(c, live_loc(c, 1), "a low-priority subroutine has live-outs, but its parent warp does not wait for it "
                "(make it '.priority high' or drop '.liveout')");
    if (t->event == ISA_TRIG_MISS && (sr->nlivein || sr->nliveout))
      asm_error(c, at, "a 'miss' trigger binds no parent registers, but the subroutine has live-ins or live-outs");
    if (t->event != ISA_TRIG_PC) continue;
    if (t->skip && low)
      asm_error(c, at, "a low-priority subroutine skips lanes of its parent warp, which does not wait for it (make it '.priority high')");
    uint32_t need = sr->nlivein + sr->nliveout;
    if (t->nbind != need)   /* (the loader's words) */
      asm_error(c, at, "the trigger names %u parent registers; the subroutine has %u live-ins and %u live-outs, so it needs %u "
                "(the live-ins' sources, then the live-outs' destinations, in parentheses after the point)", t->nbind, sr->nlivein, sr->nliveout, need);
  }
}

/* Where instruction pc of the current function was written (its .loc's
 * position is another file's: then the function's name). */
static asm_loc insn_loc(asm_ctx *c, uint32_t first_insn, uint32_t pc) {
  const isa_line *l = &VEC_AT(c->lines, isa_line, first_insn + pc);
  if (l->file != LINE_IMPLICIT) return c->func_loc;
  asm_loc at = { (int)l->line, (int)l->col };
  return at;
}

/* A subroutine must end every path with exit, awkill, ret or trap: an assist
 * warp that runs past its last instruction faults ("control ran past the end
 * of the function").  The paths are followed from the entry as the loader
 * follows them (an unguarded bra goes only to its label). */
static void check_subr_end(asm_ctx *c, uint32_t f) {
  const isa_func *fn = &FUNCS(c)[f];
  const char *name = str_at(c, fn->name);
  uint32_t n = fn->ninsn;
  if (!n) { asm_error(c, c->func_loc, "subroutine '%s' has no instructions: it needs at least 'exit'", name); return; }
  uint32_t *word = asm_alloc(c, (size_t)n * sizeof *word), *stack = asm_alloc(c, (size_t)n * sizeof *stack);
  uint8_t *seen = asm_alloc(c, n);
  const uint64_t *code = (const uint64_t *)c->code.p + fn->code_off;
  isa_insn in;
  const char *why;
  for (uint32_t pc = 0, w = 0; pc < n; pc++) {
    word[pc] = w;
    size_t k = isa_decode(code + w, fn->code_words - w, &in, &why);
    if (!k) return;   /* (cannot happen: the assembler encoded it) */
    w += (uint32_t)k;
  }
  uint32_t sp = 0, past = UINT32_MAX, via_label = UINT32_MAX;
  stack[sp++] = 0;
  seen[0] = 1;
  while (sp) {
    uint32_t pc = stack[--sp], next[2], nn = 0;
    isa_decode(code + word[pc], fn->code_words - word[pc], &in, &why);
    uint32_t fl = isa_ops[in.op].flags;
    if (in.op == ISA_OP_BRA) {
      uint32_t l = in.opnd[0].index;
      next[nn++] = VEC_AT(c->labels, isa_label, l).pc;
      if (next[0] >= n && l < via_label) via_label = l;
      if (in.guard) next[nn++] = pc + 1;
    } else if (fl & (F_EXIT | F_RET)) {
      if (in.guard) next[nn++] = pc + 1;
    } else next[nn++] = pc + 1;
    for (uint32_t k = 0; k < nn; k++) {
      if (next[k] >= n) { if (next[k] == pc + 1 && pc < past) past = pc; continue; }
      if (!seen[next[k]]) { seen[next[k]] = 1; stack[sp++] = next[k]; }
    }
  }
  if (past != UINT32_MAX)
    asm_error(c, insn_loc(c, fn->first_insn, past), "control runs past the end of subroutine '%s' after this instruction "
              "(end every path with 'exit', or 'awkill')", name);
  else if (via_label != UINT32_MAX)
    asm_error(c, VEC_AT(c->label_defined, label_state, via_label - fn->first_label).loc, "label '%s' is at the end of subroutine '%s': "
              "a branch to it runs past the end (put 'exit' after it)", str_at(c, VEC_AT(c->labels, isa_label, via_label).name), name);
}

/* The pool entry of the register that live list 'out' (LIVE_LANES: .lanes, LIVE_LANEMASK) of sr
 * names k-th: its slot. */
static uint32_t start_slot(asm_ctx *c, const isa_subr *sr, int out, uint32_t k) {
  return out == LIVE_LANES ? VEC_AT(c->pool, uint32_t, sr->lanes_off + 3 * k) : VEC_AT(c->pool, uint32_t, sr->lanemask_off + 2 * k);
}

/* .lanes, .lanemask and .lastenc of the subroutine being finished, into sr (after its live lists):
 * registers the assist-warp controller sets at the start, taking no instruction (ISA.md,
 * "Assist-warp extensions").  Each names a register of the subroutine of the kind it sets (a 32- or
 * 64-bit integer, a predicate, a 32-bit integer), and a register gets its starting value from one
 * place: one of these, .livein or .keep.  .lastenc only with a 'compress' trigger. */
static void start_regs(asm_ctx *c, isa_subr *sr) {
  static const char *const dirs[] = { ".livein", ".liveout", ".keep", ".skipif", ".lanes", ".lanemask", ".lastenc" };
  int compress = 0;
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) compress |= VEC_AT(c->subr_trigs, isa_trigger, i).event == ISA_TRIG_COMPRESS;
  for (int out = LIVE_LANES; out <= LIVE_LASTENC; out++) {
    uint32_t off = c->pool.n, n = 0;
    if (out == LIVE_LANES) sr->lanes_off = off;
    if (out == LIVE_LANEMASK) sr->lanemask_off = off;
    for (uint32_t i = 0; i < c->subr_live.n; i++) {
      live_ref *r = &VEC_AT(c->subr_live, live_ref, i);
      if (r->is_out != out) continue;
      int is_range = 0, len = r->name.len;
      const char *nm = r->name.s;
      uint32_t slot = find_slot(c, nm, (uint32_t)len, &is_range);
      if (slot == UINT32_MAX) { asm_error(c, r->name.loc, "'%.*s' in %s is not a register of this subroutine", len, nm, dirs[out]); continue; }
      int t = VEC_AT(c->slot_types, uint8_t, slot);
      int i32 = t == ISA_T_B32 || t == ISA_T_U32 || t == ISA_T_S32, i64 = t == ISA_T_B64 || t == ISA_T_U64 || t == ISA_T_S64;
      if (out == LIVE_LANES && !i32 && !i64) {
        asm_error(c, r->name.loc, "'%.*s' in .lanes is a .%s register: .lanes sets a 32- or 64-bit integer (.b32, .u32, .s32, .b64, .u64 or .s64)", len, nm, isa_type_name(t));
        continue;
      }
      if (out == LIVE_LANEMASK && t != ISA_T_PRED) { asm_error(c, r->name.loc, "'%.*s' in .lanemask is not a predicate register", len, nm); continue; }
      if (out == LIVE_LASTENC && !i32) {
        asm_error(c, r->name.loc, "'%.*s' in .lastenc is a .%s register: .lastenc sets a 32-bit integer (.b32, .u32 or .s32)", len, nm, isa_type_name(t));
        continue;
      }
      if (out == LIVE_LASTENC && !compress) {
        asm_error(c, r->name.loc, ".lastenc needs a 'compress' trigger: it holds the encoding the trigger's last compression ended with");
        continue;
      }
      int where = -1;   /* the list that sets it already */
      for (uint32_t j = 0; j < sr->nlivein; j++) if (VEC_AT(c->pool, uint32_t, sr->livein_off + j) == slot) where = LIVE_IN;
      for (uint32_t j = 0; j < sr->nkeep; j++) if (VEC_AT(c->pool, uint32_t, sr->keep_off + j) == slot) where = LIVE_KEEP;
      for (uint32_t j = 0; j < sr->nlanes; j++) if (start_slot(c, sr, LIVE_LANES, j) == slot) where = LIVE_LANES;
      for (uint32_t j = 0; j < sr->nlanemask; j++) if (start_slot(c, sr, LIVE_LANEMASK, j) == slot) where = LIVE_LANEMASK;
      if (where == out) { asm_error(c, r->name.loc, "'%.*s' appears twice in %s", len, nm, dirs[out]); continue; }
      if (where >= 0) {
        asm_error(c, r->name.loc, "'%.*s' is in %s and %s: a register gets its value at the start from one of them", len, nm, dirs[where], dirs[out]);
        continue;
      }
      if (out == LIVE_LASTENC) { sr->lastenc = slot + 1; continue; }
      uint32_t *e = asm_vec_push(c, &c->pool, sizeof(uint32_t), out == LIVE_LANES ? 3 : 2);
      e[0] = slot;
      e[1] = r->n1;
      if (out == LIVE_LANES) e[2] = r->n2;
      n++;
      if (out == LIVE_LANES) sr->nlanes = n; else sr->nlanemask = n;
    }
    if (!n && out == LIVE_LANES) sr->lanes_off = 0;   /* (an empty list is no list: as the disassembly writes it) */
    if (!n && out == LIVE_LANEMASK) sr->lanemask_off = 0;
  }
}

static void finish_subr(asm_ctx *c, uint32_t f) {
  isa_subr sr;
  memset(&sr, 0, sizeof sr);
  sr.func = f;
  sr.priority = c->subr_priority ? (uint32_t)c->subr_priority : ISA_PRIO_HIGH;
  sr.first_trigger = c->triggers.n;
  sr.ntrigger = c->subr_trigs.n;
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) {
    *VEC_PUSH(c, c->triggers, isa_trigger) = VEC_AT(c->subr_trigs, isa_trigger, i);
    *VEC_PUSH(c, c->trig_pending, asm_loc) = VEC_AT(c->trig_locs_cur, asm_loc, i);
  }
  static const char *const lists[4] = { ".livein", ".liveout", ".keep", ".skipif" };
  for (int out = 0; out < 4; out++) {
    uint32_t off = c->pool.n, n = 0;
    for (uint32_t i = 0; i < c->subr_live.n; i++) {
      live_ref *r = &VEC_AT(c->subr_live, live_ref, i);
      if (r->is_out != out) continue;
      int is_range = 0;
      uint32_t slot = find_slot(c, r->name.s, (uint32_t)r->name.len, &is_range);
      if (slot == UINT32_MAX) {
        asm_error(c, r->name.loc, "'%.*s' in %s is not a register of this subroutine", r->name.len, r->name.s, lists[out]);
        continue;
      }
      if (out == 3) {
        if (VEC_AT(c->slot_types, uint8_t, slot) != ISA_T_PRED) { asm_error(c, r->name.loc, "'%.*s' in .skipif is not a predicate register", r->name.len, r->name.s); continue; }
        sr.skipif = slot + 1;
        continue;
      }
      int twice = 0;
      for (uint32_t j = 0; j < n; j++) twice |= VEC_AT(c->pool, uint32_t, off + j) == slot;
      if (twice) { asm_error(c, r->name.loc, "'%.*s' appears twice in %s", r->name.len, r->name.s, lists[out]); continue; }
      if (out == 2)   /* (.livein's list is complete: out 0 came first) */
        for (uint32_t j = 0; j < sr.nlivein; j++)
          if (VEC_AT(c->pool, uint32_t, sr.livein_off + j) == slot) {
            asm_error(c, r->name.loc, "'%.*s' is in .livein and .keep: a kept register keeps its own value, a live-in takes the parent's", r->name.len, r->name.s);
            twice = 1;
          }
      if (twice) continue;
      *VEC_PUSH(c, c->pool, uint32_t) = slot;
      n++;
    }
    if (out == 2) { sr.keep_off = off; sr.nkeep = n; }
    else if (out == 1) { sr.liveout_off = off; sr.nliveout = n; }
    else if (out == 0) { sr.livein_off = off; sr.nlivein = n; }
  }
  start_regs(c, &sr);
  sr.flags = c->subr_autoend ? ISA_SUBR_AUTOEND : 0;
  sr.active = c->subr_active;
  uint32_t nskip = 0;
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) nskip += VEC_AT(c->subr_trigs, isa_trigger, i).skip != 0;
  if (nskip && !sr.skipif) asm_error(c, c->func_loc, "subroutine '%s': a 'pc' trigger with 'skip' needs .skipif naming the predicate that says which lanes skip", str_at(c, FUNCS(c)[f].name));
  else if (sr.skipif && (!nskip || nskip != sr.ntrigger)) asm_error(c, c->func_loc, "subroutine '%s': .skipif needs every trigger to be a 'pc' trigger with 'skip LABEL'", str_at(c, FUNCS(c)[f].name));
  sr.nregs = c->nslots;
  if (!c->func_had_error) check_subr_bindings(c, &sr);
  if (!c->func_had_error && !c->subr_autoend) check_subr_end(c, f);   /* (.autoend: the end is the controller's 'exit') */
  *VEC_PUSH(c, c->subrs, isa_subr) = sr;
}

static void func_end(asm_ctx *c, int had_body);

void asm_func_end(asm_ctx *c, int had_body) {
  func_end(c, had_body);
  c->in_func = 0;
  c->in_body = 0;
}

static void func_end(asm_ctx *c, int had_body) {
  uint32_t f = c->func;
  if (f == UINT32_MAX) return;
  isa_func *fn = &FUNCS(c)[f];
  if (c->pending_linkage >= 0 && c->func_redecl) {
    if (had_body || !fn->has_body) fn->linkage = (uint8_t)c->pending_linkage;
  }
  if (!had_body) {
    if (fn->kind == ISA_FN_SUBR) { asm_error(c, c->func_loc, "a .subroutine needs a body"); return; }
    isa_item *it = VEC_PUSH(c, c->modout, isa_item);
    it->kind = ISA_IT_FDECL; it->index = f;
    return;
  }
  flush_run(c);
  for (uint32_t i = 0; i < c->label_defined.n; i++) {
    label_state *ls = &VEC_AT(c->label_defined, label_state, i);
    if (!ls->defined) asm_error(c, ls->loc, "label '%s' is used but not defined", str_at(c, VEC_AT(c->labels, isa_label, ls->label).name));
  }
  fn = &FUNCS(c)[f];
  fn->code_words = c->code.n - fn->code_off;
  fn->ninsn = c->lines.n - fn->first_insn;
  fn->nreg = c->regs.n - fn->first_reg;
  fn->nslots = c->nslots;
  fn->nlabel = c->labels.n - fn->first_label;
  fn->nitem = c->funcout.n;
  isa_item *dst = asm_vec_push(c, &c->funcitems, sizeof(isa_item), c->funcout.n);
  if (c->funcout.n) memcpy(dst, c->funcout.p, (size_t)c->funcout.n * sizeof(isa_item));
  if (fn->kind == ISA_FN_SUBR) finish_subr(c, f);
  isa_item *it = VEC_PUSH(c, c->modout, isa_item);
  it->kind = ISA_IT_FDEF; it->index = f;
}

/* ---- blocks and labels ---- */

void asm_block_open(asm_ctx *c, asm_loc loc) {
  (void)loc;
  if (!c->in_body) return;
  flush_run(c);
  *VEC_PUSH(c, c->scope_marks, uint32_t) = c->scoped.n;
  *VEC_PUSH(c, c->scope_parent, uint32_t) = c->scope_cur;
  c->scope_cur = ++c->scope_count;
  isa_item *it = VEC_PUSH(c, c->funcout, isa_item);
  it->kind = ISA_IT_OPEN;
}

void asm_block_close(asm_ctx *c, asm_loc loc) {
  (void)loc;
  if (!c->in_body || !c->scope_marks.n) return;
  flush_run(c);
  uint32_t mark = VEC_AT(c->scope_marks, uint32_t, --c->scope_marks.n);
  while (c->scoped.n > mark) {
    asm_scoped *e = &VEC_AT(c->scoped, asm_scoped, c->scoped.n - 1);
    if (e->shadow) asm_hmap_put(c, &c->scope_names, e->name, e->len, e->shadow);
    else asm_hmap_put(c, &c->scope_names, e->name, e->len, 0);
    c->scoped.n--;
  }
  c->scope_cur = VEC_AT(c->scope_parent, uint32_t, --c->scope_parent.n);
  isa_item *it = VEC_PUSH(c, c->funcout, isa_item);
  it->kind = ISA_IT_CLOSE;
}

/* Finds or creates the label; returns its labels[] index. */
static uint32_t label_ref(asm_ctx *c, const asm_tok *name) {
  uint32_t v;
  if (asm_hmap_get(&c->labelmap, name->s, (uint32_t)name->len, &v)) return v;
  uint32_t idx = c->labels.n;
  isa_label *l = VEC_PUSH(c, c->labels, isa_label);
  l->name = intern(c, name->s, (size_t)name->len);
  l->func = c->func;
  asm_hmap_put(c, &c->labelmap, name->s, (uint32_t)name->len, idx);
  label_state *ls = VEC_PUSH(c, c->label_defined, label_state);
  ls->label = idx;
  ls->loc = name->loc;
  return idx;
}

void asm_label(asm_ctx *c, asm_tok name) {
  if (!c->in_body || c->func == UINT32_MAX) return;
  uint32_t idx = label_ref(c, &name);
  label_state *ls = &VEC_AT(c->label_defined, label_state, idx - FUNCS(c)[c->func].first_label);
  if (ls->defined) { asm_error(c, tokloc(&name), "label '%.*s' is defined twice", name.len, name.s); return; }
  ls->defined = 1;
  ls->loc = name.loc;   /* (until now, where it was first used) */
  VEC_AT(c->labels, isa_label, idx).pc = c->lines.n - FUNCS(c)[c->func].first_insn;
  flush_run(c);
  isa_item *it = VEC_PUSH(c, c->funcout, isa_item);
  it->kind = ISA_IT_LABEL; it->index = idx;
}

/* ---- registers ---- */

/* The register slot a name denotes in the current function, or UINT32_MAX. */
static uint32_t find_slot(asm_ctx *c, const char *s, uint32_t n, int *is_range) {
  *is_range = 0;
  uint32_t e = scope_find(c, s, n);
  if (e) {
    asm_scoped *sc = &VEC_AT(c->scoped, asm_scoped, e - 1);
    if (sc->kind != SYM_REGDECL) return UINT32_MAX;
    isa_regdecl *r = &REGS(c)[sc->index];
    if (r->count) { *is_range = 1; return UINT32_MAX; }
    return r->first_slot;
  }
  /* name<N>: a prefix and a decimal index without leading zeros */
  uint32_t k = n;
  while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9') k--;
  if (k == n || k == 0 || n - k > 9 || (s[k] == '0' && n - k > 1)) return UINT32_MAX;
  uint32_t idx = 0;
  for (uint32_t i = k; i < n; i++) idx = idx * 10 + (uint32_t)(s[i] - '0');
  e = scope_find(c, s, k);
  if (!e) return UINT32_MAX;
  asm_scoped *sc = &VEC_AT(c->scoped, asm_scoped, e - 1);
  if (sc->kind != SYM_REGDECL) return UINT32_MAX;
  isa_regdecl *r = &REGS(c)[sc->index];
  if (!r->count || idx >= r->count) return UINT32_MAX;
  return r->first_slot + idx;
}

/* ---- the source file ---- */

static void add_source(asm_ctx *c, const char *path, const char *text, size_t len) {
  c->path = perm_str(c, path, strlen(path));
  c->text = text;
  c->len = len;
  c->line = 1;
  c->col = 1;
  c->stopped = c->errors > ASM_MAX_ERRORS;
  c->in_func = c->in_body = 0;
  c->target_open = 0;
  memset(c->dir_line, 0, sizeof c->dir_line);
  c->brace_depth = 0;
  c->draining = 0;
  c->recovering = 0;
  c->pending = 0;
  c->skip_block = c->skip_depth = 0;
  asm_hmap_clear(&c->warned);
  char *buf = perm_alloc(c, len + 2);
  memcpy(buf, text, len);
  buf[len] = buf[len + 1] = 0;
  if (yylex_init_extra(c, &c->scanner)) { c->scanner = NULL; asm_out_of_memory(c); }
  YY_BUFFER_STATE b = yy_scan_buffer(buf, len + 2, c->scanner);
  yyparse(c->scanner, c);
  yy_delete_buffer(b, c->scanner);
  yylex_destroy(c->scanner);
  c->scanner = NULL;
  asm_stmt_done(c);
  if (c->in_func && c->func != UINT32_MAX) {
    /* the parser gave up inside a function */
    c->in_func = c->in_body = 0;
  }
  resolve_unit_lines(c);
}

/* After running out of memory: the lexer is freed and the error reported
 * (always, even past ASM_MAX_ERRORS).  The context takes no more sources. */
static void report_out_of_memory(asm_ctx *c) {
  if (c->scanner) { yylex_destroy(c->scanner); c->scanner = NULL; }
  asm_stmt_done(c);
  c->errors++;
  if (!c->diag) return;
  if (c->lexer_failed) fprintf(c->diag, "%s: error: internal error in the lexer: %s\n", c->path ? c->path : "<input>", c->lexer_failed);
  else if (c->mem_limit) fprintf(c->diag, "%s: error: out of memory (the assembly's limit is %zu bytes)\n", c->path ? c->path : "<input>", c->mem_limit);
  else fprintf(c->diag, "%s: error: out of memory\n", c->path ? c->path : "<input>");
}

int asm_add_source(asm_ctx *c, const char *path, const char *text, size_t len) {
  if (c->out_of_memory) return c->errors;
  jmp_buf out_of_memory;
  c->unwind = &out_of_memory;
  if (setjmp(out_of_memory) == 0) add_source(c, path, text, len);
  else report_out_of_memory(c);
  c->unwind = NULL;
  return c->errors;
}

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

static int number_bits(asm_ctx *c, const asm_tok *num, int neg, int t, uint64_t *out) {
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

static const mnem_info *parse_mnemonic(asm_ctx *c, const asm_tok *t) {
  uint32_t v;
  if (asm_hmap_get(&c->mnem_cache, t->s, (uint32_t)t->len, &v)) return &VEC_AT(c->mnems, mnem_info, v);
  mnem_info mi;
  memset(&mi, 0, sizeof mi);
  const char *s = t->s, *end = s + t->len;
  const char *dot = memchr(s, '.', (size_t)t->len);
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
    asm_loc sl = { at.line, at.col + (int)(p - s) };
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
  const isa_op_info *o = &isa_ops[op];
  const char *name = o->name;
  if (op == ISA_OP_WMMAMMA && ntypes == 2) {   /* wmma.mma...dtype.ctype: A and B are .f16 */
    mi.type[3] = mi.type[1]; type_at[3] = type_at[1];
    mi.type[1] = mi.type[2] = ISA_T_F16;
    ntypes = 4;
  }
  if (o->ntypes == 4 && ntypes == 4)
    for (int i = 0; i < 4; i++)
      if (!(o->types[i] & (1u << mi.type[i]))) {
        static const char *const role[4] = { "D", "A", "B", "C" };
        asm_error(c, type_at[i], "type '.%s' is not valid for %s of '%s'", isa_type_name(mi.type[i]), role[i], name); goto done;
      }
  if (ntypes < o->ntypes && o->ntypes == 4) {
    if (op == ISA_OP_WMMAMMA) asm_error(c, at, "'wmma.mma' needs the types of D and C (.f16 A and B: .f32.f32) or of D, A, B and C (.f32.bf16.bf16.f32)");
    else asm_error(c, at, "'%s' needs the types of D, A, B and C (.f32.f16.f16.f32)", name);
    goto done;
  }
  if (ntypes < o->ntypes && o->ntypes == 3) { asm_error(c, at, "'%s' needs the types of d, a and b (.u32 or .s32 each)", name); goto done; }
  if (ntypes < o->ntypes) { asm_error(c, at, "'%.*s' needs %s type suffix", t->len, t->s, o->ntypes - ntypes == 2 ? "two" : ntypes ? "a second" : "a"); goto done; }
  static const struct { int cat; const char *what; } need[] = {
    { CAT_CMP, "a comparison (.eq, .lt, ...)" }, { CAT_ATOMOP, "an operation (.add, .cas, ...)" },
    { CAT_SHFL, "a mode (.up, .down, .bfly, .idx)" }, { CAT_VOTE, "a mode (.all, .any, .uni, .ballot)" },
    { CAT_TESTP, "a class (.finite, .normal, ...)" }, { CAT_SHFDIR, "a direction (.l or .r)" },
    { CAT_BAR, "a mode (.sync or .arrive)" }, { CAT_SHAPE, "a shape (.m16n16k16, .m16n8k16, ...)" },
    { CAT_FRAG, "the matrix it moves (.a, .b, .c or .d)" }, { CAT_LAYA, "a layout (.row or .col)" },
    { CAT_LAYB, "the layouts of A and B (.row.col, ...)" }, { CAT_NUM, "a count (.x1, .x2 or .x4)" },
  };
  for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
    if ((o->cats & (1u << need[i].cat)) && !mi.field[need[i].cat]) { asm_error(c, at, "'%s' needs %s", name, need[i].what); goto done; }
  int k0 = isa_type_kind(mi.type[0]);
  if ((op == ISA_OP_REDUX || op == ISA_OP_MATCH || op == ISA_OP_ELECT) && !(mi.flags & FL_SYNC)) { asm_error(c, at, "'%s' needs .sync", name); goto done; }
  int half = mi.type[0] >= ISA_T_F16 && mi.type[0] <= ISA_T_BF16X2;
  if ((mi.flags & FL_RELU) && (op == ISA_OP_MIN || op == ISA_OP_MAX) && mi.type[0] != ISA_T_S16X2 && mi.type[0] != ISA_T_S32) {
    asm_error(c, flag_at[FLB_RELU], "'%s.relu' needs type .s16x2 or .s32", name); goto done;
  }
  if ((mi.flags & FL_RELU) && !half && op != ISA_OP_MIN && op != ISA_OP_MAX) { asm_error(c, flag_at[FLB_RELU], "'.relu' needs a .f16, .f16x2, .bf16 or .bf16x2 type"); goto done; }
  if ((op >= ISA_OP_VADD2 && op <= ISA_OP_VSET4) && (mi.flags & FL_SAT) && (mi.flags & FL_ACC)) {
    asm_error(c, flag_at[FLB_SAT], "'%s' takes .sat or .add, not both", name); goto done;
  }
  if ((op == ISA_OP_VSET2 || op == ISA_OP_VSET4) && mi.field[CAT_CMP] > 6) {
    asm_error(c, cat_at[CAT_CMP], "'%s' compares with .eq, .ne, .lt, .le, .gt or .ge", name); goto done;
  }
  if (op == ISA_OP_ISSPACEP) {
    int sp = mi.field[CAT_SPACE];
    if (!sp) { asm_error(c, at, "'isspacep' needs a state space (.global, .shared, .local, .const)"); goto done; }
    if (sp == ISA_SP_PARAM || sp >= ISA_SP_LIN) { asm_error(c, cat_at[CAT_SPACE], "'isspacep.%s' is not supported (.global, .shared, .shared::cta, .local, .const are)", isa_mods[isa_mod_of(CAT_SPACE, sp)].text); goto done; }
  }
  if (op == ISA_OP_APPLYPRIO || op == ISA_OP_DISCARD) {
    int sp = mi.field[CAT_SPACE];
    if (sp && sp != ISA_SP_GLOBAL) { asm_error(c, cat_at[CAT_SPACE], "'%s' works on .global memory", name); goto done; }
    if (op == ISA_OP_APPLYPRIO && mi.field[CAT_EVICT2] != ISA_SUB(L2_EVICT_NORMAL, L2_EVICT_NORMAL)) { asm_error(c, at, "'applypriority' needs .L2::evict_normal"); goto done; }
    if (op == ISA_OP_DISCARD && !(mi.flags & FL_L2)) { asm_error(c, at, "'discard' needs .L2"); goto done; }
  }
  if (half && (op == ISA_OP_ADD || op == ISA_OP_SUB || op == ISA_OP_MUL || op == ISA_OP_FMA) && mi.field[CAT_RND] && mi.field[CAT_RND] != 1) {
    asm_error(c, cat_at[CAT_RND], "half-precision '%s' rounds to nearest even only (.rn)", name); goto done;
  }
  if (op == ISA_OP_REDUX) {
    int ao = mi.field[CAT_ATOMOP], arith = ao == ISA_ATOMOP(AADD) || ao == ISA_ATOMOP(AMIN) || ao == ISA_ATOMOP(AMAX);
    int logic = ao == ISA_ATOMOP(AAND) || ao == ISA_ATOMOP(AOR) || ao == ISA_ATOMOP(AXOR);
    if (!arith && !logic) { asm_error(c, cat_at[CAT_ATOMOP], "'redux' takes .add, .min, .max, .and, .or or .xor"); goto done; }
    if (arith && mi.type[0] == ISA_T_B32) { asm_error(c, at, "'redux.%s' needs type .u32 or .s32", isa_mods[isa_mod_of(CAT_ATOMOP, ao)].text); goto done; }
    if (logic && mi.type[0] != ISA_T_B32) { asm_error(c, at, "'redux.%s' needs type .b32", isa_mods[isa_mod_of(CAT_ATOMOP, ao)].text); goto done; }
  }
  if (op == ISA_OP_MATCH && mi.field[CAT_VOTE] != ISA_SUB(VALL, VALL) && mi.field[CAT_VOTE] != ISA_SUB(VANY, VALL)) {
    asm_error(c, cat_at[CAT_VOTE], "'match' takes .any or .all"); goto done;
  }
  if ((o->cats & C_MULMODE) && op == ISA_OP_MADC && mi.field[CAT_MULMODE] == 3) { asm_error(c, cat_at[CAT_MULMODE], "'madc' takes .lo or .hi, not .wide"); goto done; }
  if (op == ISA_OP_DP2A) {
    int mm = mi.field[CAT_MULMODE];
    if (mm != ISA_SUB(MLO, MLO) && mm != ISA_SUB(MHI, MLO)) { asm_error(c, mm ? cat_at[CAT_MULMODE] : at, "'dp2a' needs .lo or .hi (which two bytes of b)"); goto done; }
  } else if (o->cats & C_MULMODE) {
    int mm = mi.field[CAT_MULMODE];
    if (k0 == TK_FLT && mm) { asm_error(c, cat_at[CAT_MULMODE], "'.%s' is not valid for floating-point '%s'", isa_mods[isa_mod_of(CAT_MULMODE, mm)].text, name); goto done; }
    if (k0 != TK_FLT && !mm) { asm_error(c, at, "integer '%s' needs .lo, .hi or .wide", name); goto done; }
    if (mm == 3 && isa_type_bits(mi.type[0]) > 32) { asm_error(c, cat_at[CAT_MULMODE], "'.wide' needs a 16- or 32-bit type"); goto done; }
  }
  if ((mi.flags & FL_SAT) && k0 != TK_FLT && op != ISA_OP_CVT && mi.type[0] != ISA_T_S32 && !(op >= ISA_OP_VADD2 && op <= ISA_OP_VSET4)) {
    asm_error(c, flag_at[FLB_SAT], "'.sat' on integer '%s' needs type .s32", name); goto done;
  }
  if (mi.field[CAT_RND] && k0 != TK_FLT && op != ISA_OP_CVT) { asm_error(c, cat_at[CAT_RND], "rounding modifier on integer '%s'", name); goto done; }
  if (op == ISA_OP_CVT && (mi.type[0] == ISA_T_F16X2 || mi.type[0] == ISA_T_BF16X2) && mi.type[1] != ISA_T_F32) {
    asm_error(c, at, "cvt to .%s converts two .f32 values", isa_type_name(mi.type[0])); goto done;
  }
  if (op == ISA_OP_CVT) {
    int kd = isa_type_kind(mi.type[0]), ks = isa_type_kind(mi.type[1]);
    unsigned bd = isa_type_bits(mi.type[0]), bs = isa_type_bits(mi.type[1]);
    int r = mi.field[CAT_RND];
    int irnd = r >= 5, frnd = r >= 1 && r <= 4;
    if (ks == TK_FLT && kd != TK_FLT && !irnd) { asm_error(c, at, "cvt from .%s to .%s needs an integer rounding modifier (.rni, .rzi, .rmi or .rpi)", isa_type_name(mi.type[1]), isa_type_name(mi.type[0])); goto done; }
    if (ks != TK_FLT && kd == TK_FLT && !frnd) { asm_error(c, at, "cvt from .%s to .%s needs a rounding modifier (.rn, .rz, .rm or .rp)", isa_type_name(mi.type[1]), isa_type_name(mi.type[0])); goto done; }
    if (ks == TK_FLT && kd == TK_FLT && bd < bs && !frnd) { asm_error(c, at, "cvt from .%s to .%s needs a rounding modifier (.rn, .rz, .rm or .rp)", isa_type_name(mi.type[1]), isa_type_name(mi.type[0])); goto done; }
    if (ks != TK_FLT && kd != TK_FLT && r) { asm_error(c, at, "rounding modifier on an integer-to-integer cvt"); goto done; }
    if (ks == TK_FLT && kd == TK_FLT && bd > bs && frnd) { asm_error(c, at, "cvt to a wider float is exact and takes no rounding modifier"); goto done; }
  }
  if ((op == ISA_OP_DIV || op == ISA_OP_RCP || op == ISA_OP_SQRT) && k0 == TK_FLT && mi.type[0] == ISA_T_F32 &&
      !mi.field[CAT_RND] && !(mi.flags & (FL_APPROX | FL_FULL))) {
    asm_error(c, at, "'%s.f32' needs .approx%s or a rounding modifier", name, op == ISA_OP_DIV ? ", .full" : ""); goto done;
  }
  if ((op == ISA_OP_DIV || op == ISA_OP_RCP || op == ISA_OP_SQRT) && mi.type[0] == ISA_T_F64 && !mi.field[CAT_RND] && !(mi.flags & FL_APPROX)) {
    asm_error(c, at, "'%s.f64' needs a rounding modifier", name); goto done;
  }
  if ((op == ISA_OP_EX2 || op == ISA_OP_LG2 || op == ISA_OP_SIN || op == ISA_OP_COS || op == ISA_OP_TANH ||
       (op == ISA_OP_RSQRT)) && !(mi.flags & FL_APPROX)) {
    asm_error(c, at, "'%s' needs .approx", name); goto done;
  }
  int ftz_ok = mi.type[0] == ISA_T_F32 || mi.type[1] == ISA_T_F32 || mi.type[0] == ISA_T_F16 || mi.type[0] == ISA_T_F16X2 ||
               (op == ISA_OP_EX2 && (mi.type[0] == ISA_T_BF16 || mi.type[0] == ISA_T_BF16X2)) ||   /* ex2.approx.ftz.bf16 */
               ((op == ISA_OP_RCP || op == ISA_OP_RSQRT) && mi.type[0] == ISA_T_F64 && (mi.flags & FL_APPROX));
  if ((mi.flags & FL_FTZ) && !ftz_ok) {
    asm_error(c, flag_at[FLB_FTZ], "'.ftz' applies to .f32 and .f16 only"); goto done;
  }
  if (op == ISA_OP_VOTE && (mi.field[CAT_VOTE] == 4) != (mi.type[0] == ISA_T_B32)) {
    asm_error(c, at, "vote%s needs type .%s", mi.field[CAT_VOTE] == 4 ? ".ballot" : " .all/.any/.uni", mi.field[CAT_VOTE] == 4 ? "b32" : "pred"); goto done;
  }
  if (mi.field[CAT_VEC] && !(o->flags & (F_LOAD | F_STORE))) { asm_error(c, at, "vector suffix on '%s'", name); goto done; }
  if (op == ISA_OP_SET) {   /* the PTX ISA's forms of set: a half destination, or half sources */
    int dt = mi.type[0], st = mi.type[1], pair = st == ISA_T_F16X2 || st == ISA_T_BF16X2;
    int scalar_half = st == ISA_T_F16 || st == ISA_T_BF16;
    if (pair && dt != st && dt != ISA_T_U32 && dt != ISA_T_S32) {
      asm_error(c, at, "set on .%s sources writes .%s, .u32 or .s32 (each half: 1.0, or 0xffff, or 0)", isa_type_name(st), isa_type_name(st)); goto done;
    }
    if (!pair && (dt == ISA_T_F16X2 || dt == ISA_T_BF16X2)) { asm_error(c, at, "set writes .%s from .%s sources only", isa_type_name(dt), isa_type_name(dt)); goto done; }
    if ((dt == ISA_T_U16 || dt == ISA_T_S16) && !scalar_half) { asm_error(c, at, "set writes .%s from .f16 or .bf16 sources only", isa_type_name(dt)); goto done; }
    if (dt == ISA_T_F32 && scalar_half) { asm_error(c, at, "set on .%s sources writes .f16, .bf16, .u16, .s16, .u32 or .s32", isa_type_name(st)); goto done; }
  }
  if (o->cats & C_SHAPE) {
    isa_insn ti;
    memset(&ti, 0, offsetof(isa_insn, opnd));
    ti.op = (uint8_t)op; memcpy(ti.type, mi.type, sizeof ti.type); memcpy(ti.field, mi.field, sizeof ti.field); ti.flags = mi.flags;
    const char *bad = isa_tensor_check(&ti);
    if (bad) { asm_error(c, at, "'%s': %s", name, bad); goto done; }
    if ((mi.flags & (FL_SYNC | FL_ALIGNED)) != (FL_SYNC | FL_ALIGNED)) { asm_error(c, at, "'%s' needs .sync.aligned (every lane of the warp executes it)", name); goto done; }
  }
  if (op == ISA_OP_CPASYNC) {
    int sp = mi.field[CAT_SPACE];
    if (sp != ISA_SP_SHARED && sp != ISA_SP_SHARED_CTA) { asm_error(c, sp ? cat_at[CAT_SPACE] : at, "cp.async copies into .shared (cp.async.ca.shared.global)"); goto done; }
    if (!(mi.flags & FL_GLOBAL_SRC)) { asm_error(c, at, "cp.async copies from .global (cp.async.ca.shared.global)"); goto done; }
    if (mi.field[CAT_CACHE] != ISA_SUB(CA, CA) && mi.field[CAT_CACHE] != ISA_SUB(CG, CA)) {
      asm_error(c, mi.field[CAT_CACHE] ? cat_at[CAT_CACHE] : at, "cp.async needs .ca or .cg"); goto done;
    }
  }
  if (op == ISA_OP_CPMBAR || op == ISA_OP_MBINIT || op == ISA_OP_MBINVAL || op == ISA_OP_MBARRIVE || op == ISA_OP_MBDROP ||
      op == ISA_OP_MBTEST || op == ISA_OP_MBTRY) {   /* the mbarrier object */
    int sp = mi.field[CAT_SPACE];
    if (sp && sp != ISA_SP_SHARED && sp != ISA_SP_SHARED_CTA) { asm_error(c, cat_at[CAT_SPACE], "an mbarrier object is in .shared memory"); goto done; }
  }
  if (op == ISA_OP_ST && (mi.field[CAT_EVICT1] == ISA_SUB(L1_NO_ALLOCATE, L1_EVICT_NORMAL))) { asm_error(c, cat_at[CAT_EVICT1], "'.L1::no_allocate' is for loads"); goto done; }
  mi.ok = 1;
done:
  if (!mi.ok) {   /* not cached: every use of a bad mnemonic is reported where it stands */
    static mnem_info bad;
    return &bad;
  }
  v = c->mnems.n;
  *VEC_PUSH(c, c->mnems, mnem_info) = mi;
  asm_hmap_put(c, &c->mnem_cache, perm_str(c, t->s, (size_t)t->len), (uint32_t)t->len, v);
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
  uint32_t slot = find_slot(c, t->s, (uint32_t)t->len, &r.is_range);
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
  uint32_t e = scope_find(c, t->s, (uint32_t)t->len);
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
  uint32_t e = k && k < (uint32_t)t->len ? scope_find(c, t->s, k) : 0;
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
  if (!number_bits(c, &o->num, o->neg, want, &bits)) return 0;
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

static int shape_count(const char *s, int *req) {
  int n = 0, r = -1;
  for (; *s; s++) { if (*s == '?') r = n; else n++; }
  *req = r < 0 ? n : r;
  return n;
}

static char shape_at(const char *s, int i) {
  for (; *s; s++) { if (*s == '?') continue; if (i-- == 0) return *s; }
  return 0;
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
    int req, tot = shape_count(o->shape, &req), n = 0;
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
      char l = shape_at(shape, i);
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
      case 'l':
        if (x->kind != AO_NAME) { asm_error(c, x->loc, "expected a label"); ok = 0; break; }
        {
          name_ref r = resolve_name(c, &x->name);
          if (r.kind == N_REG || r.kind == N_SREG) { asm_error(c, x->loc, "'%.*s' is a register; indirect branches are not supported", x->name.len, x->name.s); ok = 0; break; }
        }
        d->kind = ISA_K_SYM; d->aux = ISA_SYM_LABEL; d->index = label_ref(c, &x->name);
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
        } else if (x->kind == AO_MEM) {
          asm_error(c, x->loc, "'%s' does not take a memory operand here", o->name); ok = 0;
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

/* ---- the end ---- */

/* The register of kernel function fn named 'name' (the loader's rule,
 * emu_reg_slot: the first declaration that gives it, a range's NAMEk
 * included): 1 with its type, else 0. */
static int kernel_reg(asm_ctx *c, const isa_func *fn, const char *name, int *type) {
  size_t nl = strlen(name);
  for (uint32_t i = 0; i < fn->nreg; i++) {
    const isa_regdecl *rd = &REGS(c)[fn->first_reg + i];
    const char *dn = str_at(c, rd->name);
    size_t dl = strlen(dn);
    if (!rd->count) { if (!strcmp(dn, name)) { *type = rd->type; return 1; } continue; }
    if (nl <= dl || strncmp(name, dn, dl) || name[dl] < '0' || name[dl] > '9' || (name[dl] == '0' && name[dl + 1])) continue;
    uint64_t k = 0;
    const char *p = name + dl;
    while (*p >= '0' && *p <= '9' && k < UINT32_MAX) k = k * 10 + (uint64_t)(*p++ - '0');
    if (!*p && k < rd->count) { *type = rd->type; return 1; }
  }
  return 0;
}

/* The declared type of register slot 'slot' of function fn. */
static int slot_type(asm_ctx *c, const isa_func *fn, uint32_t slot) {
  for (uint32_t i = 0; i < fn->nreg; i++) {
    const isa_regdecl *rd = &REGS(c)[fn->first_reg + i];
    if (slot >= rd->first_slot && slot - rd->first_slot < (rd->count ? rd->count : 1)) return rd->type;
  }
  return ISA_T_NONE;
}

/* A trigger point NAME+OFF in kernel fn (is_skip: the trigger's 'skip'
 * point): its pc, or UINT32_MAX after an error at 'at'. */
static uint32_t trigger_point(asm_ctx *c, asm_loc at, const isa_func *fn, uint32_t name, uint32_t off, int is_skip) {
  const char *kn = str_at(c, fn->name), *ln = str_at(c, name);
  uint64_t pc = 0;
  switch (isa_trigger_point(fn, c->labels.p, c->strtab.p, name, off, &pc)) {
  case ISA_POINT_NONE:
    asm_error(c, at, "kernel '%s' has no label '%s'%s (a point is LABEL+N, or %s+N: the N-th instruction after the kernel's first)",
              kn, ln, is_skip ? " for the trigger's 'skip'" : "", kn);
    return UINT32_MAX;
  case ISA_POINT_AMBIGUOUS:
    asm_error(c, at, "'%s'%s is both kernel '%s' (its entry) and one of its labels: give the point as another label+N", ln,
              is_skip ? " (the trigger's 'skip')" : "", kn);
    return UINT32_MAX;
  }
  if (pc >= fn->ninsn) {
    char last[160];
    if (fn->ninsn == 1) snprintf(last, sizeof last, "its one instruction is %s+0", kn);
    else snprintf(last, sizeof last, "its %u instructions are %s+0 to %s+%u", fn->ninsn, kn, kn, fn->ninsn ? fn->ninsn - 1 : 0);
    asm_error(c, at, "%s'%s+%u' is past the end of kernel '%s' (%s)", is_skip ? "the 'skip' point " : "", ln, off, kn, last);
    return UINT32_MAX;
  }
  return (uint32_t)pc;
}

/* The subroutine whose trigger t is, or NULL. */
static const isa_subr *trigger_subr(asm_ctx *c, uint32_t t) {
  for (uint32_t s = 0; s < c->subrs.n; s++) {
    const isa_subr *x = &VEC_AT(c->subrs, isa_subr, s);
    if (t >= x->first_trigger && t - x->first_trigger < x->ntrigger) return x;
  }
  return NULL;
}

/* 'pc' triggers whose kernel is in this assembly, checked as the loader
 * checks them (emu/core/load.c): the points are instructions of the kernel, the
 * bound registers are the kernel's, each as wide as its live-in or live-out,
 * and no two triggers name one instruction.  (A trigger for a kernel that is
 * not here is bound when the subroutine is assembled with its module.) */
static void check_pc_triggers(asm_ctx *c) {
  uint32_t *pcs = asm_alloc(c, (size_t)(c->triggers.n ? c->triggers.n : 1) * sizeof *pcs);
  for (uint32_t t = 0; t < c->triggers.n; t++) {
    isa_trigger *tr = &VEC_AT(c->triggers, isa_trigger, t);
    pcs[t] = UINT32_MAX;
    if (tr->event != ISA_TRIG_PC) continue;
    asm_loc at = VEC_AT(c->trig_pending, asm_loc, t);
    uint32_t g;
    const char *kn = str_at(c, tr->kernel);
    if (!asm_hmap_get(&c->globals, kn, (uint32_t)strlen(kn), &g)) continue;   /* bound at load time */
    if (G_KIND(g) != G_FUNC || FUNCS(c)[G_INDEX(g)].kind != ISA_FN_ENTRY) { asm_error(c, at, "trigger names '%s', which is not a kernel", kn); continue; }
    const isa_func *fn = &FUNCS(c)[G_INDEX(g)];
    if (!fn->has_body) { asm_error(c, at, "kernel '%s' is declared here but not defined: a trigger needs its code", kn); continue; }
    uint32_t pc = trigger_point(c, at, fn, tr->label, tr->label_off, 0);
    if (tr->skip) trigger_point(c, at, fn, tr->skip, tr->skip_off, 1);
    if (pc == UINT32_MAX) continue;
    pcs[t] = pc;
    const isa_subr *sr = trigger_subr(c, t);
    if (sr && tr->nbind == sr->nlivein + sr->nliveout) {   /* (a wrong count is reported with the subroutine) */
      const isa_func *sf = &FUNCS(c)[sr->func];
      for (uint32_t i = 0; i < tr->nbind; i++) {
        const char *rn = str_at(c, VEC_AT(c->pool, uint32_t, tr->bind_off + i));
        int out = i >= sr->nlivein, kt;
        uint32_t ss = VEC_AT(c->pool, uint32_t, out ? sr->liveout_off + i - sr->nlivein : sr->livein_off + i);
        if (!kernel_reg(c, fn, rn, &kt)) { asm_error(c, at, "kernel '%s' has no register %s", kn, rn); continue; }
        char sn[96];
        unsigned kb = isa_type_bits(kt), sb = isa_type_bits(slot_type(c, sf, ss));
        if (kb != sb) {
          isa_image view;
          memset(&view, 0, sizeof view);
          view.strtab = c->strtab.p; view.strtab_len = c->strtab.n; view.funcs = c->funcs.p; view.regs = c->regs.p;
          isa_dis_reg(&view, sr->func, ss, sn, sizeof sn);
          asm_error(c, at, "%s is %u bits wide, the %s it is bound to %u (%s)", rn, kb, out ? "live-out" : "live-in", sb, sn);
        }
      }
    }
    for (uint32_t o = 0; o < t; o++) {   /* one instruction, two names (L and M+2): one event starts one subroutine */
      const isa_trigger *ot = &VEC_AT(c->triggers, isa_trigger, o);
      if (pcs[o] != pc || ot->kernel != tr->kernel || (ot->label == tr->label && ot->label_off == tr->label_off)) continue;
      char now[160];   /* (the loader's words) */
      isa_trigger_text(tr, c->strtab.p, now, sizeof now);
      const isa_subr *os = trigger_subr(c, o);
      asm_error(c, at, "subroutine %s: trigger '%s' is at the instruction where subroutine %s's 'pc' trigger is (kernel '%s' pc %u): "
                "one event starts one subroutine (that one is on line %d)", sr ? str_at(c, FUNCS(c)[sr->func].name) : "?", now,
                os ? str_at(c, FUNCS(c)[os->func].name) : "?", kn, pc, VEC_AT(c->trig_pending, asm_loc, o).line);
      break;
    }
  }
}

/* The string table in a canonical order: strings appear in the order the
 * tables below name them, so the bytes of an image do not depend on the
 * order in which the source mentioned its names. */
static void canonical_strings(asm_ctx *c) {
  asm_vec_push(c, &c->canon, 1, 1);
  const char *old = c->strtab.p;
#define REMAP(field) do {                                                  \
    const char *s_ = old + (field);                                        \
    uint32_t n_ = (uint32_t)strlen(s_), v_;                                \
    if (!n_) { (field) = 0; break; }                                       \
    if (!asm_hmap_get(&c->canon_seen, s_, n_, &v_)) {                      \
      v_ = c->canon.n;                                                     \
      memcpy(asm_vec_push(c, &c->canon, 1, n_ + 1), s_, n_);               \
      asm_hmap_put(c, &c->canon_seen, s_, n_, v_);                         \
    }                                                                      \
    (field) = v_;                                                          \
  } while (0)
  REMAP(c->version);
  REMAP(c->target);
  for (uint32_t i = 0; i < c->files.n; i++) REMAP(VEC_AT(c->files, uint32_t, i));
  for (uint32_t i = 0; i < c->vars.n; i++) REMAP(VARS(c)[i].name);
  for (uint32_t i = 0; i < c->funcs.n; i++) REMAP(FUNCS(c)[i].name);
  for (uint32_t i = 0; i < c->regs.n; i++) REMAP(REGS(c)[i].name);
  for (uint32_t i = 0; i < c->labels.n; i++) REMAP(VEC_AT(c->labels, isa_label, i).name);
  for (uint32_t i = 0; i < c->triggers.n; i++) {
    isa_trigger *t = &VEC_AT(c->triggers, isa_trigger, i);
    REMAP(t->kernel);
    REMAP(t->label);
    REMAP(t->skip);
    for (uint32_t k = 0; k < t->nbind; k++) REMAP(VEC_AT(c->pool, uint32_t, t->bind_off + k));
  }
#undef REMAP
  asm_hmap_free(c, &c->canon_seen);
  asm_vec_free(c, &c->strtab);
  c->strtab = c->canon;
  memset(&c->canon, 0, sizeof c->canon);
}

/* Two subroutines bound to one event: an error at the second binding. */
static void check_trigger_conflicts(asm_ctx *c) {
  const isa_trigger *tr = (const isa_trigger *)c->triggers.p;
  uint32_t n = c->triggers.n, a, b, from = 0;
  while (from < n && isa_triggers_conflict(tr + from, n - from, c->strtab.p, &a, &b)) {
    a += from; b += from;
    char what[160];
    isa_trigger_text(&tr[a], c->strtab.p, what, sizeof what);
    const char *first = "";
    for (uint32_t s = 0; s < c->subrs.n; s++) {
      const isa_subr *sr = &VEC_AT(c->subrs, isa_subr, s);
      if (a >= sr->first_trigger && a < sr->first_trigger + sr->ntrigger) first = str_at(c, FUNCS(c)[sr->func].name);
    }
    asm_loc at = VEC_AT(c->trig_pending, asm_loc, b), was = VEC_AT(c->trig_pending, asm_loc, a);
    asm_error(c, at, "'%s' is already bound to subroutine '%s' (line %d): one event starts one subroutine", what, first, was.line);
    from = a + 1;   /* report each conflicting pair once */
  }
}

static void finish(asm_ctx *c, isa_image *out) {
  check_pc_triggers(c);
  check_trigger_conflicts(c);
  if (c->errors) return;
  canonical_strings(c);
  /* module items first, then every function's items; functions point past the module's */
  uint32_t nmod = c->modout.n;
  isa_item *all = asm_vec_push(c, &c->outline, sizeof(isa_item), nmod + c->funcitems.n);
  if (nmod) memcpy(all, c->modout.p, nmod * sizeof(isa_item));
  if (c->funcitems.n) memcpy(all + nmod, c->funcitems.p, c->funcitems.n * sizeof(isa_item));
  for (uint32_t f = 0; f < c->funcs.n; f++) if (FUNCS(c)[f].has_body) FUNCS(c)[f].first_item += nmod;
  isa_image view;   /* the tables isa_kernel_info reads, still the context's */
  memset(&view, 0, sizeof view);
  view.strtab = c->strtab.p; view.strtab_len = c->strtab.n;
  view.vars = c->vars.p; view.nvars = c->vars.n; view.funcs = c->funcs.p; view.nfuncs = c->funcs.n;
  for (uint32_t f = 0; f < c->funcs.n; f++) {
    if (FUNCS(c)[f].kind != ISA_FN_ENTRY || !FUNCS(c)[f].has_body) continue;
    isa_kernel_info(&view, f, VEC_PUSH(c, c->kernels, isa_kernel));
  }
  for (uint32_t s = 0; s < c->subrs.n; s++) {
    isa_subr *sr = &VEC_AT(c->subrs, isa_subr, s);
    isa_kernel k;
    isa_kernel_info(&view, sr->func, &k);
    sr->shared_bytes = k.shared_bytes;
  }
  out->version = c->version; out->target = c->target; out->address_size = c->address_size;
  out->module_items = nmod;
  out->strtab_len = c->strtab.n; out->strtab = asm_vec_take(c, &c->strtab);
  out->nfiles = c->files.n; out->files = asm_vec_take(c, &c->files);
  out->nvars = c->vars.n; out->vars = asm_vec_take(c, &c->vars);
  out->nregs = c->regs.n; out->regs = asm_vec_take(c, &c->regs);
  out->nfuncs = c->funcs.n; out->funcs = asm_vec_take(c, &c->funcs);
  out->nlabels = c->labels.n; out->labels = asm_vec_take(c, &c->labels);
  out->noutline = c->outline.n; out->outline = asm_vec_take(c, &c->outline);
  out->ncode = c->code.n; out->code = asm_vec_take(c, &c->code);
  out->nlines = c->lines.n; out->lines = asm_vec_take(c, &c->lines);
  out->nsubrs = c->subrs.n; out->subrs = asm_vec_take(c, &c->subrs);
  out->ntriggers = c->triggers.n; out->triggers = asm_vec_take(c, &c->triggers);
  out->npool = c->pool.n; out->pool = asm_vec_take(c, &c->pool);
  out->nkernels = c->kernels.n; out->kernels = asm_vec_take(c, &c->kernels);
  out->ndata = c->data.n; out->data = asm_vec_take(c, &c->data);
  char err[512];
  if (isa_image_validate(out, err, sizeof err)) {
    fprintf(c->diag ? c->diag : stderr, "awasm: internal error: the image fails validation: %s\n", err);
    c->errors++;
  }
}

int asm_finish(asm_ctx *c, isa_image *out) {
  memset(out, 0, sizeof *out);
  if (c->out_of_memory) return c->errors;
  jmp_buf out_of_memory;
  c->unwind = &out_of_memory;
  if (setjmp(out_of_memory) == 0) finish(c, out);
  else {   /* the tables taken so far are out's */
    isa_image_free(out);
    memset(out, 0, sizeof *out);
    report_out_of_memory(c);
  }
  c->unwind = NULL;
  return c->errors;
}

/* ---- images awasm writes ---- */

int asm_check_image(const isa_image *img, char *err, size_t cap) {
  char *text = NULL, *msgs = NULL;
  size_t len = 0, mlen = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return isa_fail(err, cap, "out of memory checking the image");
  isa_dis_image(img, f);
  int bad_text = ferror(f);
  if (fclose(f) || bad_text) { free(text); return isa_fail(err, cap, "out of memory checking the image"); }
  FILE *mf = open_memstream(&msgs, &mlen);
  asm_ctx *c = mf ? asm_new() : NULL;
  if (!c) { if (mf) fclose(mf); free(msgs); free(text); return isa_fail(err, cap, "out of memory checking the image"); }
  asm_set_diag(c, mf);
  asm_set_warnings(c, 0);
  asm_add_source(c, "<disassembly>", text, len);
  isa_image again;
  int errors = asm_finish(c, &again), oom = c->out_of_memory;
  asm_free(c);
  fclose(mf);
  int rc = 0;
  if (oom) rc = isa_fail(err, cap, "out of memory checking the image");
  else if (errors) {   /* "<disassembly>:LINE:COL: error: MESSAGE": the first one */
    const char *m = msgs ? strstr(msgs, ": error: ") : NULL;
    const char *at = msgs ? strchr(msgs, ':') : NULL;
    int line = at ? atoi(at + 1) : 0;
    size_t n = m ? strcspn(m + 9, "\n") : 0;
    rc = isa_fail(err, cap, "corrupt image: not one awasm writes: its disassembly does not assemble (line %d: %.*s)",
                  line, (int)(n > 300 ? 300 : n), m ? m + 9 : "");
  } else {
    size_t n1 = 0, n2 = 0;
    uint8_t *b1 = isa_image_write(img, &n1), *b2 = isa_image_write(&again, &n2);
    if (!b1 || !b2) rc = isa_fail(err, cap, "out of memory checking the image");
    else if (isa_image_difference(b1, n1, b2, n2))
      rc = isa_fail(err, cap, "corrupt image: not one awasm writes: its disassembly assembles to a different image (the %s section differs)",
                    isa_image_difference(b1, n1, b2, n2));
    free(b1);
    free(b2);
  }
  isa_image_free(&again);
  free(msgs);
  free(text);
  return rc;
}
