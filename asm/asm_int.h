/* asm/asm_int.h -- the assembler's private state, shared by asm.c, asm_insn.c,
 * asm_subr.c and the generated lexer and parser.  Not for other modules. */
#ifndef AWEMU_ASM_INT_H
#define AWEMU_ASM_INT_H

#include "asm.h"

#include <setjmp.h>

/* Growable array of fixed-size elements (bytes: the size of the block at p). */
typedef struct { void *p; uint32_t n, cap; size_t bytes; } asm_vec;

/* A name -> value hash map (open addressing; keys point into sources or the arena). */
typedef struct { const char *key; uint32_t len; uint32_t val; } asm_hent;
typedef struct { asm_hent *t; uint32_t cap, n; } asm_hmap;

/* Scoped symbol of a function: register declaration or variable. */
typedef struct {
  const char *name; uint32_t len;
  uint8_t kind;           /* SYM_REGDECL, SYM_VAR */
  uint32_t index;         /* regdecls[] or vars[] */
  uint32_t shadow;        /* previous entry with this name + 1, 0 = none */
  uint32_t block;         /* the block it was declared in */
} asm_scoped;

typedef struct asm_chunk { struct asm_chunk *next; size_t used, cap; char data[]; } asm_chunk;

struct asm_ctx {
  FILE *diag;
  /* memory: what the context holds, its limit (0: none), and where running out unwinds to */
  size_t mem_held, mem_limit;
  int out_of_memory;
  jmp_buf *unwind;
  void *scanner;           /* the lexer of the source being read (freed when unwinding) */
  const char *lexer_failed;   /* flex's message when it stopped for a reason other than memory */
  int no_warnings;
  int errors, warnings;
  /* the current source */
  const char *path;
  const char *text; size_t len;
  int line, col;           /* lexer position, 1-based */
  const char *last_tok;    /* start of the last token the lexer returned */
  int last_tok_len;
  int stopped;             /* unterminated comment: end the file */
  int skip_depth, skip_block;
  asm_loc skip_loc;        /* where the skipped directive began */
  int brace_depth;         /* '{' seen minus '}' seen */
  int draining;            /* dropping tokens up to the '}' that ends the current body */
  int recovering;          /* a syntax error at module scope awaits a place to resume */
  int pending;             /* a token held back behind a SYNC token */
  asm_tok pending_tok;
  int pending_loc[4];
  int dims_n, dims_unsized;
  asm_tok dims[ISA_MAX_DIMS];
  asm_init *init;
  asm_hmap warned;
  /* scratch memory for one statement */
  asm_chunk *arena, *arena_cur;
  asm_vec perm;            /* malloc'd blocks kept until asm_free */
  asm_vec sources;         /* (path, text) of every source, kept for diagnostics */
  asm_hmap mnem_cache;     /* mnemonic text -> parsed header + 1 */
  asm_vec mnems;           /* parsed headers */
  asm_vec slot_types;      /* register slot -> ISA_T_* of the current function */
  asm_vec funcitems;       /* every function's outline, in definition order */
  asm_vec loc_uses;        /* (.file number, loc) first use by .loc in this file */
  asm_vec trig_pending;    /* for checking pc triggers at the end */
  /* the image under construction */
  asm_vec strtab, files, vars, regs, funcs, labels, outline, code, lines, subrs, triggers, pool, data;
  asm_hmap strs;           /* string -> offset */
  asm_hmap globals;        /* module scope: name -> (kind << 28 | index) */
  uint32_t version, target, address_size;
  asm_vec modout;          /* module outline, appended to the outline at the end */
  asm_vec funcout;         /* the current function's outline */
  /* per source file */
  asm_vec filemap;         /* pairs (.file number, files[] index) */
  uint32_t unit_first_line;
  /* the current function */
  int in_func, in_body;
  uint32_t func;           /* funcs[] index */
  asm_vec scoped;          /* asm_scoped stack */
  asm_hmap scope_names;    /* name -> scoped index + 1 */
  asm_vec scope_marks;     /* scoped.n at each open block */
  uint32_t scope_count, scope_cur;
  asm_vec scope_parent;    /* block number -> enclosing block */
  asm_hmap labelmap;       /* name -> labels[] index */
  asm_vec label_defined;   /* per label of this function: definition loc (line 0 = undefined) */
  uint32_t nslots;
  int loc_file; uint32_t loc_line, loc_col; int loc_set;  /* current .loc */
  /* subroutine attributes of the current function */
  int subr_priority;
  asm_vec subr_trigs;      /* isa_trigger, unresolved */
  asm_vec subr_live;       /* (is_out, token) pairs to resolve at the end (with .lanes' and .lanemask's numbers) */
  int subr_autoend;        /* .autoend */
  uint32_t subr_active;    /* .active MASK; 0: none */
  int func_had_error;
  int target_open;         /* the image's .target is being read (the first file's) */
  uint32_t dir_line[3];    /* where the current file declared .version, .target, .address_size (0: not yet) */
  int func_redecl, pending_linkage;
  asm_loc func_loc;        /* the current function's name */
  uint32_t run;            /* instructions since the last outline item */
  asm_vec trig_locs_cur;   /* where each pending trigger was written */
  /* asm_finish's tables under construction */
  asm_vec kernels;         /* isa_kernel */
  asm_vec canon;           /* the string table in canonical order */
  asm_hmap canon_seen;     /* string -> its offset there */
};

/* Out of memory, or over the context's limit: unwinds to the entry point
 * that is running (asm_add_source, asm_finish), which reports it (util.c). */
_Noreturn void asm_out_of_memory(asm_ctx *c);

/* lexer support */
_Noreturn void asm_lex_fatal(void *scanner, const char *msg);
int asm_lex_line(asm_ctx *c);
int asm_lex_col(asm_ctx *c);
void asm_lex_advance(asm_ctx *c, const char *text, size_t len);
int asm_lex_int(asm_ctx *c, asm_tok *t);
void asm_lex_stop(asm_ctx *c);
int asm_lex_stopped(asm_ctx *c);
int asm_is_attr_dir(const char *s, size_t n);
void asm_skip_begin(asm_ctx *c, const char *dir);
int asm_skip_brace(asm_ctx *c, int delta);
int asm_skip_ends(asm_ctx *c);
void asm_skip_eof(asm_ctx *c);
void asm_bad_number(asm_ctx *c, asm_tok *t);
/* Error recovery at module scope reached a ';': if it lies inside a body, drop the rest of the body. */
void asm_recover_top(asm_ctx *c);
/* parser support */
void asm_decl_dim(asm_ctx *c, asm_tok *n, asm_loc at);
int64_t asm_offset(asm_ctx *c, asm_tok *n, int neg);
/* "unexpected identifier 'x', expected ';' or ','" from bison's view of the error */
void asm_syntax_message(asm_ctx *c, char *buf, size_t cap, const char *unexpected,
                        int nexp, const char *e1, const char *e2, const char *e3);

/* ---- shared by asm.c, asm_insn.c and asm_subr.c ---- */

enum { SYM_REGDECL = 1, SYM_VAR = 2 };
enum { G_VAR = 1, G_FUNC = 2 };
#define G_MAKE(kind, idx) (((uint32_t)(kind) << 28) | (idx))
#define G_KIND(v) ((v) >> 28)
#define G_INDEX(v) ((v) & 0x0fffffffu)
#define LINE_IMPLICIT 0x7fffffffu
#define LINE_EXPLICIT 0x80000000u

typedef struct { uint32_t label; asm_loc loc; int defined; } label_state;

#define FUNCS(c) ((isa_func *)(c)->funcs.p)
#define VARS(c) ((isa_var *)(c)->vars.p)
#define REGS(c) ((isa_regdecl *)(c)->regs.p)

/* asm.c */
asm_loc asmi_tokloc(const asm_tok *t);
/* A copy of s[0..n) kept until asm_free (NUL-terminated). */
const char *asmi_perm_str(asm_ctx *c, const char *s, size_t n);
/* The string table's offset of s[0..n), added when new; asmi_str_at: the string at an offset. */
uint32_t asmi_intern(asm_ctx *c, const char *s, size_t n);
const char *asmi_str_at(asm_ctx *c, uint32_t off);
/* Looks a name up in the function's scopes: returns the scoped entry + 1, or 0. */
uint32_t asmi_scope_find(asm_ctx *c, const char *s, uint32_t n);
/* Finds or creates the label; returns its labels[] index. */
uint32_t asmi_label_ref(asm_ctx *c, const asm_tok *name);
/* The register slot a name denotes in the current function, or UINT32_MAX. */
uint32_t asmi_find_slot(asm_ctx *c, const char *s, uint32_t n, int *is_range);
/* asm_insn.c: converts one number to 'bytes' of element type t at p; 0 on error. */
int asmi_number_bits(asm_ctx *c, const asm_tok *num, int neg, int t, uint64_t *out);
/* asm_subr.c: the subroutine function f ends (its record, its live lists, its checks);
 * at the end of the assembly, its triggers are checked against the kernels. */
void asmi_finish_subr(asm_ctx *c, uint32_t f);
void asmi_check_pc_triggers(asm_ctx *c);
void asmi_check_trigger_conflicts(asm_ctx *c);

#endif
