/* asm/asm.c -- meaning: the context, sources and directives, declarations, functions, scopes and
 * labels, the image (instructions: asm_insn.c; subroutines: asm_subr.c). */
#include "asm_int.h"
#include "util.h"
#include "parser.h"
#include "lexer.h"
#include "../isa/disasm.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct { uint32_t number; asm_loc loc; } loc_use;
typedef struct { uint32_t number, index; } file_map;

asm_loc asmi_tokloc(const asm_tok *t) { return t->loc; }

/* ---- permanent memory and strings ---- */

static void *perm_alloc(asm_ctx *c, size_t n) {
  void **slot = VEC_PUSH(c, c->perm, void *);   /* the slot first: a block is never lost */
  *slot = asm_mem_alloc(c, n ? n : 1);
  return *slot;
}

const char *asmi_perm_str(asm_ctx *c, const char *s, size_t n) {
  char *p = perm_alloc(c, n + 1);
  memcpy(p, s, n);
  return p;
}

uint32_t asmi_intern(asm_ctx *c, const char *s, size_t n) {
  uint32_t off;
  if (asm_hmap_get(&c->strs, s, (uint32_t)n, &off)) return off;
  off = c->strtab.n;
  char *d = asm_vec_push(c, &c->strtab, 1, (uint32_t)n + 1);
  memcpy(d, s, n);
  asm_hmap_put(c, &c->strs, asmi_perm_str(c, s, n), (uint32_t)n, off);
  return off;
}

const char *asmi_str_at(asm_ctx *c, uint32_t off) { return (const char *)c->strtab.p + off; }

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
  uint32_t s = asmi_intern(c, name, n);
  for (uint32_t i = 0; i < c->files.n; i++) if (VEC_AT(c->files, uint32_t, i) == s) return i;
  *VEC_PUSH(c, c->files, uint32_t) = s;
  return c->files.n - 1;
}

void asm_file(asm_ctx *c, asm_tok num, asm_tok name) {
  if (num.fkind != 0 || num.u > 0x7ffffffe) { asm_error(c, asmi_tokloc(&num), "file number must be a small non-negative integer"); return; }
  /* the text between the quotes (an unterminated string, already reported, has no closing one) */
  size_t n = (size_t)name.len - 1;
  if (n && name.s[name.len - 1] == '"') n--;
  uint32_t idx = file_index(c, name.s + 1, n);
  for (uint32_t i = 0; i < c->filemap.n; i++) {
    file_map *m = &VEC_AT(c->filemap, file_map, i);
    if (m->number == num.u) {
      if (m->index != idx) asm_error(c, asmi_tokloc(&num), "file number %u is already declared as \"%s\"", m->number, asmi_str_at(c, VEC_AT(c->files, uint32_t, m->index)));
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
  if (bad) { asm_error(c, asmi_tokloc(bad), ".loc takes three non-negative integers: file, line, column"); return; }
  c->loc_set = 1;
  c->loc_file = (int)file.u;
  c->loc_line = (uint32_t)line.u;
  c->loc_col = (uint32_t)col.u;
  for (uint32_t i = 0; i < c->loc_uses.n; i++) if (VEC_AT(c->loc_uses, loc_use, i).number == file.u) return;
  loc_use *u = VEC_PUSH(c, c->loc_uses, loc_use);
  u->number = (uint32_t)file.u;
  u->loc = asmi_tokloc(&file);
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
    asm_error(c, asmi_tokloc(&v), "'.version' takes MAJOR.MINOR, as in '.version 8.0'");
    return;
  }
  if (once_per_file(c, 0, asmi_tokloc(&dir)) && !c->version) c->version = asmi_intern(c, v.s, (size_t)v.len);
}

void asm_target_begin(asm_ctx *c, asm_tok dir) {
  c->target_open = once_per_file(c, 1, asmi_tokloc(&dir)) && !c->target;
}

void asm_target(asm_ctx *c, asm_tok t) {
  if (!c->target_open) return;
  if (!c->target) { c->target = asmi_intern(c, t.s, (size_t)t.len); return; }
  const char *was = asmi_str_at(c, c->target);
  size_t n = strlen(was) + 2 + (size_t)t.len;   /* (a list of over 511 bytes lost its later names) */
  char *buf = perm_alloc(c, n + 1);
  snprintf(buf, n + 1, "%s, %.*s", was, t.len, t.s);
  c->target = asmi_intern(c, buf, n);
}

void asm_address_size(asm_ctx *c, asm_tok dir, asm_tok n) {
  if (!once_per_file(c, 2, asmi_tokloc(&dir))) return;
  if (n.fkind || (n.u != 32 && n.u != 64)) { asm_error(c, asmi_tokloc(&n), "address size must be 32 or 64"); return; }
  if (c->address_size && c->address_size != n.u) { asm_error(c, asmi_tokloc(&n), "address size %u conflicts with %u declared earlier", (unsigned)n.u, c->address_size); return; }
  c->address_size = (uint32_t)n.u;
}

void asm_unknown_directive(asm_ctx *c, asm_tok dir) {
  uint32_t v;
  if (asm_hmap_get(&c->warned, dir.s, (uint32_t)dir.len, &v)) return;
  asm_hmap_put(c, &c->warned, asmi_perm_str(c, dir.s, (size_t)dir.len), (uint32_t)dir.len, 1);
  asm_warning(c, asmi_tokloc(&dir), "directive '%.*s' is not modeled; skipped (further ones in this file are skipped silently)", dir.len, dir.s);
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
    asm_loc at = asmi_tokloc(&a->tok);
    if (a->has_arg) {
      if (a->arg.fkind || a->arg.u == 0 || (a->arg.u & (a->arg.u - 1)) || a->arg.u > (1u << 30)) {
        asm_error(c, asmi_tokloc(&a->arg), "alignment must be a power of two");
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
uint32_t asmi_scope_find(asm_ctx *c, const char *s, uint32_t n) {
  uint32_t v;
  if (!c->in_body || !asm_hmap_get(&c->scope_names, s, n, &v)) return 0;
  return v;
}

static int scope_put(asm_ctx *c, asm_tok name, int kind, uint32_t index) {
  uint32_t prev = asmi_scope_find(c, name.s, (uint32_t)name.len);
  if (prev && VEC_AT(c->scoped, asm_scoped, prev - 1).block == c->scope_cur) {
    asm_error(c, asmi_tokloc(&name), "redeclaration of '%.*s'", name.len, name.s);
    return 0;
  }
  asm_scoped *e = VEC_PUSH(c, c->scoped, asm_scoped);
  e->name = name.s; e->len = (uint32_t)name.len; e->kind = (uint8_t)kind; e->index = index;
  e->shadow = prev; e->block = c->scope_cur;
  asm_hmap_put(c, &c->scope_names, name.s, (uint32_t)name.len, c->scoped.n);
  return 1;
}

static uint64_t type_bytes(int t) { unsigned b = isa_type_bits(t); return b <= 8 ? 1 : b / 8; }

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
    if (!asmi_number_bits(c, &in->num, in->neg, t, &bits)) return 0;
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
  asm_loc at = attrs ? asmi_tokloc(&attrs->tok) : decls->name.loc;
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
    if (x->range) { asm_error(c, asmi_tokloc(&x->name), "a <N> range is only allowed in .reg declarations"); continue; }
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
        asm_error(c, asmi_tokloc(&x->dims[i]), "array dimension must be a positive integer");
        bad = 1;
      } else v.dims[i] = (uint32_t)x->dims[i].u;
    }
    if (bad) continue;
    if (x->unsized) {
      if (x->init) {   /* its first dimension: as many elements as the initializer fills */
        init_shape sh;
        shape_of(&v, 1, &sh);
        uint64_t end = 0;
        if (!x->init->is_list) { asm_error(c, asmi_tokloc(&x->name), "an array's initializer is a list in braces: {...}"); continue; }
        if (!fill_level(c, x->init, v.type, NULL, &sh, 0, 0, &end, 0)) continue;
        uint64_t n = (end + sh.stride[0] - 1) / sh.stride[0];
        if (!n || n > 0xffffffffu) { asm_error(c, asmi_tokloc(&x->name), "bad initializer size"); continue; }
        v.dims[0] = (uint32_t)n;
      } else v.flags |= ISA_VAR_UNSIZED;
    }
    if (isa_var_bytes(&v) > 0xffffffffu) { asm_error(c, asmi_tokloc(&x->name), "variable '%.*s' is larger than 4 GiB", x->name.len, x->name.s); continue; }
    if ((v.flags & ISA_VAR_UNSIZED) && (d.space != ISA_SP_SHARED || d.linkage != ISA_LINK_EXTERN)) { asm_error(c, asmi_tokloc(&x->name), "only .extern .shared arrays may be unsized"); continue; }
    if (x->init) {
      if (d.space != ISA_SP_GLOBAL && d.space != ISA_SP_CONST) { asm_error(c, asmi_tokloc(&x->name), "only .global and .const variables may have initializers"); continue; }
      uint64_t bytes = isa_var_bytes(&v);
      if (bytes > (64u << 20)) { asm_error(c, asmi_tokloc(&x->name), "initialized variable larger than 64 MiB"); continue; }
      uint32_t off = c->data.n;
      uint8_t *buf = asm_vec_push(c, &c->data, 1, (uint32_t)bytes);
      init_shape sh;
      shape_of(&v, 0, &sh);
      if (!fill_init(c, x->init, d.type, buf, &sh)) { c->data.n = off; continue; }
      v.init_off = off;
      v.init_len = (uint32_t)bytes;
    }
    v.name = asmi_intern(c, x->name.s, (size_t)x->name.len);
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
        asm_error(c, asmi_tokloc(&x->name), "redefinition of '%.*s'", x->name.len, x->name.s);
        continue;
      }
      uint32_t idx = c->vars.n;
      *VEC_PUSH(c, c->vars, isa_var) = v;
      asm_hmap_put(c, &c->globals, asmi_perm_str(c, x->name.s, (size_t)x->name.len), (uint32_t)x->name.len, G_MAKE(G_VAR, idx));
      isa_item *it = VEC_PUSH(c, c->modout, isa_item);
      it->kind = ISA_IT_VAR; it->index = idx;
    }
  }
}

void asm_reg_decl(asm_ctx *c, asm_attr *attrs, asm_decl *decls) {
  decl_attrs d;
  if (!read_attrs(c, attrs, &d, 0)) return;
  asm_loc at = decls->name.loc;
  if (d.space || d.align || d.ptr) { asm_error(c, attrs ? asmi_tokloc(&attrs->tok) : at, ".reg declarations take a type only"); return; }
  if (!d.type) { asm_error(c, at, ".reg declaration of '%.*s' has no type", decls->name.len, decls->name.s); return; }
  if (d.vec) { asm_error(c, at, "vector registers (.v2, .v4, .v8) are not supported: declare one register per element"); return; }
  if (d.type == ISA_T_B128) { asm_error(c, at, "registers of this type are not supported"); return; }
  for (asm_decl *x = decls; x; x = x->next) {
    if (x->ndims || x->init) { asm_error(c, asmi_tokloc(&x->name), "registers cannot be arrays or have initializers"); continue; }
    uint64_t count = 0;
    if (x->range) {
      if (x->range_n.fkind || x->range_n.u == 0 || x->range_n.u > 1000000) {
        asm_error(c, asmi_tokloc(&x->range_n), "register range must be between 1 and 1000000");
        continue;
      }
      count = x->range_n.u;
    }
    if (c->nslots + (count ? count : 1) > 4000000) { asm_error(c, asmi_tokloc(&x->name), "too many registers in one function"); continue; }
    isa_regdecl r;
    memset(&r, 0, sizeof r);
    r.name = asmi_intern(c, x->name.s, (size_t)x->name.len);
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
  for (uint32_t k = 0; p; p = p->next, k++) VARS(c)[first + k].name = asmi_intern(c, p->name.s, (size_t)p->name.len);
}

static int add_params(asm_ctx *c, uint32_t f, asm_decl *p, asm_decl *others, uint8_t flag, int kind) {
  int ok = 1;
  asm_decl *all = p;
  for (; p; p = p->next) {
    decl_attrs d;
    if (!read_attrs(c, p->attrs, &d, 0)) { ok = 0; continue; }
    if (d.space != ISA_SP_PARAM) { asm_error(c, asmi_tokloc(&p->name), "parameter '%.*s' must be declared .param", p->name.len, p->name.s); ok = 0; continue; }
    if (!d.type || d.type == ISA_T_PRED) { asm_error(c, asmi_tokloc(&p->name), "parameter '%.*s' needs a type", p->name.len, p->name.s); ok = 0; continue; }
    if (d.ptr && kind != ISA_FN_ENTRY) { asm_error(c, asmi_tokloc(&p->name), ".ptr is only allowed on kernel parameters"); ok = 0; continue; }
    if (d.ptr && d.type != ISA_T_U64 && d.type != ISA_T_U32 && d.type != ISA_T_B64 && d.type != ISA_T_B32) { asm_error(c, asmi_tokloc(&p->name), ".ptr needs a .u32 or .u64 parameter"); ok = 0; continue; }
    int dup = 0;
    for (asm_decl *q = all; q != p; q = q->next) dup |= q->name.len == p->name.len && !memcmp(q->name.s, p->name.s, (size_t)p->name.len);
    for (asm_decl *q = others; q; q = q->next) dup |= q->name.len == p->name.len && !memcmp(q->name.s, p->name.s, (size_t)p->name.len);
    if (dup) { asm_error(c, asmi_tokloc(&p->name), "redeclaration of '%.*s'", p->name.len, p->name.s); ok = 0; continue; }
    isa_var v;
    memset(&v, 0, sizeof v);
    v.name = asmi_intern(c, p->name.s, (size_t)p->name.len);
    v.space = ISA_SP_PARAM; v.type = (uint8_t)d.type; v.vec = (uint8_t)d.vec;
    v.align = d.align; v.flags = flag | (d.ptr ? ISA_VAR_PTR : 0);
    v.ptr_space = (uint8_t)d.ptr_space; v.ptr_align = d.ptr_align;
    v.owner = f + 1;
    v.ndims = (uint8_t)p->ndims;
    for (int i = 0; i < p->ndims && i < ISA_MAX_DIMS; i++) {
      if (p->unsized && i == 0) { asm_error(c, asmi_tokloc(&p->name), "parameters cannot be unsized arrays"); ok = 0; break; }
      if (p->dims[i].fkind || p->dims[i].u == 0 || p->dims[i].u > 0xffffffffu) { asm_error(c, asmi_tokloc(&p->dims[i]), "array dimension must be a positive integer"); ok = 0; break; }
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
  if (d.space || d.type || d.vec || d.align || d.ptr) { asm_error(c, asmi_tokloc(&name), "a function takes only a linkage directive before .entry or .func"); c->func = UINT32_MAX; return; }
  if (kind == ISA_FN_ENTRY && has_rets) { asm_error(c, asmi_tokloc(&name), "kernels cannot return values"); c->func = UINT32_MAX; return; }
  uint32_t g;
  if (asm_hmap_get(&c->globals, name.s, (uint32_t)name.len, &g)) {
    if (G_KIND(g) != G_FUNC) { asm_error(c, asmi_tokloc(&name), "'%.*s' redeclared as a different kind of symbol", name.len, name.s); c->func = UINT32_MAX; return; }
    isa_func *fn = &FUNCS(c)[G_INDEX(g)];
    if (fn->kind != kind || !params_match(c, fn->first_param, fn->nparam, params) || !params_match(c, fn->first_ret, fn->nret, rets)) {
      asm_error(c, asmi_tokloc(&name), "conflicting declaration of '%.*s'", name.len, name.s);
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
  fn.name = asmi_intern(c, name.s, (size_t)name.len);
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
  asm_hmap_put(c, &c->globals, asmi_perm_str(c, name.s, (size_t)name.len), (uint32_t)name.len, G_MAKE(G_FUNC, f));
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
    if (fn->kind != ISA_FN_ENTRY) { asm_error(c, asmi_tokloc(&dir), "'%.*s' applies to kernels (.entry) only", dir.len, dir.s); return; }
    asm_unknown_directive(c, dir);
    return;
  }
  int is_noreturn = strncmp(s, "noreturn", 8) == 0;
  if (is_noreturn) {
    if (n) asm_error(c, asmi_tokloc(&dir), ".noreturn takes no arguments");
    else if (fn->kind != ISA_FN_FUNC) asm_error(c, asmi_tokloc(&dir), ".noreturn applies to .func only");
    return;   /* accepted and not modeled: the emulator needs no hint */
  }
  if (fn->kind != ISA_FN_ENTRY) { asm_error(c, asmi_tokloc(&dir), "'%.*s' applies to kernels (.entry) only", dir.len, dir.s); return; }
  if (!n) { asm_error(c, asmi_tokloc(&dir), "'%.*s' needs a value", dir.len, dir.s); return; }
  if (strncmp(s, "maxntid", 7) == 0) { for (int i = 0; i < 3; i++) fn->maxntid[i] = i < n ? v[i] : 1; }
  else if (strncmp(s, "reqntid", 7) == 0) { for (int i = 0; i < 3; i++) fn->reqntid[i] = i < n ? v[i] : 1; }
  else if (n != 1) asm_error(c, asmi_tokloc(&dir), "'%.*s' takes one value", dir.len, dir.s);
  else if (strncmp(s, "minnctapersm", 12) == 0) fn->minnctapersm = v[0];
  else fn->maxnreg = v[0];
}

void asm_func_body_begin(asm_ctx *c) {
  c->in_body = 1;
  if (c->func == UINT32_MAX) return;
  isa_func *fn = &FUNCS(c)[c->func];
  if (fn->has_body) {
    asm_error(c, c->func_loc, "redefinition of '%s'", asmi_str_at(c, fn->name));
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
    const char *nm = asmi_str_at(c, VARS(c)[vi].name);
    asm_tok t;
    memset(&t, 0, sizeof t);
    t.len = (int)strlen(nm);
    t.s = asmi_perm_str(c, nm, (size_t)t.len);   /* the string table moves as it grows */
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
    if (!ls->defined) asm_error(c, ls->loc, "label '%s' is used but not defined", asmi_str_at(c, VEC_AT(c->labels, isa_label, ls->label).name));
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
  if (fn->kind == ISA_FN_SUBR) asmi_finish_subr(c, f);
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
uint32_t asmi_label_ref(asm_ctx *c, const asm_tok *name) {
  uint32_t v;
  if (asm_hmap_get(&c->labelmap, name->s, (uint32_t)name->len, &v)) return v;
  uint32_t idx = c->labels.n;
  isa_label *l = VEC_PUSH(c, c->labels, isa_label);
  l->name = asmi_intern(c, name->s, (size_t)name->len);
  l->func = c->func;
  asm_hmap_put(c, &c->labelmap, name->s, (uint32_t)name->len, idx);
  label_state *ls = VEC_PUSH(c, c->label_defined, label_state);
  ls->label = idx;
  ls->loc = name->loc;
  return idx;
}

void asm_label(asm_ctx *c, asm_tok name) {
  if (!c->in_body || c->func == UINT32_MAX) return;
  uint32_t idx = asmi_label_ref(c, &name);
  label_state *ls = &VEC_AT(c->label_defined, label_state, idx - FUNCS(c)[c->func].first_label);
  if (ls->defined) { asm_error(c, asmi_tokloc(&name), "label '%.*s' is defined twice", name.len, name.s); return; }
  ls->defined = 1;
  ls->loc = name.loc;   /* (until now, where it was first used) */
  VEC_AT(c->labels, isa_label, idx).pc = c->lines.n - FUNCS(c)[c->func].first_insn;
  flush_run(c);
  isa_item *it = VEC_PUSH(c, c->funcout, isa_item);
  it->kind = ISA_IT_LABEL; it->index = idx;
}

/* ---- registers ---- */

/* The register slot a name denotes in the current function, or UINT32_MAX. */
uint32_t asmi_find_slot(asm_ctx *c, const char *s, uint32_t n, int *is_range) {
  *is_range = 0;
  uint32_t e = asmi_scope_find(c, s, n);
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
  e = asmi_scope_find(c, s, k);
  if (!e) return UINT32_MAX;
  asm_scoped *sc = &VEC_AT(c->scoped, asm_scoped, e - 1);
  if (sc->kind != SYM_REGDECL) return UINT32_MAX;
  isa_regdecl *r = &REGS(c)[sc->index];
  if (!r->count || idx >= r->count) return UINT32_MAX;
  return r->first_slot + idx;
}

/* ---- the source file ---- */

static void add_source(asm_ctx *c, const char *path, const char *text, size_t len) {
  c->path = asmi_perm_str(c, path, strlen(path));
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

/* ---- the end ---- */

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

static void finish(asm_ctx *c, isa_image *out) {
  asmi_check_pc_triggers(c);
  asmi_check_trigger_conflicts(c);
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
