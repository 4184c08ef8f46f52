/* asm/asm.h -- the assembler: PTX-like source to an AWS image.
 *
 * Owns: the assembly context (asm_ctx), diagnostics, symbol tables, and
 * the building of an isa_image from the statements the parser hands over.
 * Depends on isa/.  The parser (parser.y) and lexer (lexer.l) only
 * recognize syntax; every check of meaning happens here.
 * Promises: no input makes it crash or loop; every error is reported in GNU
 * form (file:line:col: error: ...) with the source line and a caret, and
 * assembly goes on to the end of the file (up to ASM_MAX_ERRORS).  It never
 * ends the process: running out of memory is an error like any other
 * (asm_add_source and asm_finish report it and return).
 */
#ifndef AWEMU_ASM_H
#define AWEMU_ASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../isa/image.h"
#include "../isa/isa.h"

#define ASM_MAX_ERRORS 50

typedef struct { int line, col; } asm_loc;

/* A token's text and value, as the lexer saw it. */
typedef struct {
  const char *s;
  int len;
  asm_loc loc;
  uint64_t u;        /* integers: the value; 0f/0d literals: the bits */
  double d;          /* decimal floats */
  int fkind;         /* 0 integer, 32 = 0f bits, 64 = 0d bits, 1 = decimal float */
} asm_tok;

/* A parsed operand, before names are resolved. */
typedef enum {
  AO_NAME, AO_NEG, AO_PAIR, AO_NUM, AO_SINK, AO_MEM, AO_VEC, AO_LIST, AO_TEX
} asm_okind;

typedef struct asm_opnd {
  asm_okind kind;
  asm_loc loc;
  asm_tok name;            /* NAME, NEG, PAIR (first), MEM base (len 0: absolute) */
  asm_tok name2;           /* PAIR second */
  asm_tok num;             /* NUM */
  int neg;                 /* NUM: written with a leading '-' */
  int plus;                /* NUM: written with a leading '+' (a label offset) */
  int64_t off;             /* MEM offset */
  struct asm_opnd *elems;  /* VEC, LIST: first element */
  struct asm_opnd *next;
} asm_opnd;

/* A declaration's attributes: the directive words before its name. */
typedef struct asm_attr {
  asm_tok tok;             /* the directive (".align", ".global", ".b32", ...) */
  int has_arg;
  asm_tok arg;             /* .align N */
  struct asm_attr *next;
} asm_attr;

/* One declarator: name, optional <N> range or [dims], optional initializer. */
typedef struct asm_init {
  asm_tok num;
  int neg;
  int is_list;
  struct asm_init *elems;  /* nested { } */
  struct asm_init *next;
} asm_init;

typedef struct asm_decl {
  asm_attr *attrs;         /* parameters: their own attributes */
  asm_tok name;
  int range;               /* reg<N>: 1 */
  asm_tok range_n;
  int ndims;
  int unsized;             /* [] */
  asm_tok dims[ISA_MAX_DIMS];
  asm_init *init;
  struct asm_decl *next;
} asm_decl;

typedef struct asm_ctx asm_ctx;

/* ---- driver ---- */
/* A new context, or NULL when there is no memory for one. */
asm_ctx *asm_new(void);
void asm_free(asm_ctx *c);
/* Assembles one source file into the image under construction.  'text'
 * must stay alive until asm_finish.  Returns the number of errors so far. */
int asm_add_source(asm_ctx *c, const char *path, const char *text, size_t len);
/* Resolves cross-file references and completes the image; returns errors. */
int asm_finish(asm_ctx *c, isa_image *out);
int asm_error_count(const asm_ctx *c);
int asm_warning_count(const asm_ctx *c);
/* Where diagnostics go (stderr by default; NULL silences them). */
void asm_set_diag(asm_ctx *c, FILE *f);
/* Whether warnings are printed (they are counted either way). */
void asm_set_warnings(asm_ctx *c, int on);
/* The most memory, in bytes, the context's tables may hold (0, the default:
 * as much as the system gives); past it the assembly stops with the error
 * "out of memory".  (The lexer's and parser's own few kilobytes are not
 * counted.) */
void asm_set_memory_limit(asm_ctx *c, size_t bytes);
/* Whether img is an image awasm writes: its disassembly (isa_dis_image)
 * assembles back to the very same bytes.  isa_image_read accepts images that
 * are well formed in structure; this also refuses those whose names, tables
 * or instructions awasm would not have written (awdis and the loader call
 * it, so that what awdis prints assembles back, and nothing is run that
 * awasm would refuse).  0, or -1 with a message. */
int asm_check_image(const isa_image *img, char *err, size_t cap);
/* Reads a whole file ("-": standard input); returns malloc'd text or NULL
 * with errno set (EISDIR for a directory). */
char *asm_read_file(const char *path, size_t *len);

/* ---- what the parser calls ---- */
void *asm_alloc(asm_ctx *c, size_t n);
void asm_error(asm_ctx *c, asm_loc loc, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));
void asm_warning(asm_ctx *c, asm_loc loc, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));

/* The module directives, once per source file (ptxas refuses a second); the
 * first file's .version and .target describe the image. */
void asm_version(asm_ctx *c, asm_tok dir, asm_tok v);
void asm_target_begin(asm_ctx *c, asm_tok dir);
void asm_target(asm_ctx *c, asm_tok t);
void asm_address_size(asm_ctx *c, asm_tok dir, asm_tok n);
void asm_file(asm_ctx *c, asm_tok num, asm_tok name);
void asm_loc_dir(asm_ctx *c, asm_tok file, asm_tok line, asm_tok col);
void asm_unknown_directive(asm_ctx *c, asm_tok dir);

void asm_var_decl(asm_ctx *c, asm_attr *attrs, asm_decl *decls);
void asm_reg_decl(asm_ctx *c, asm_attr *attrs, asm_decl *decls);

/* kind: ISA_FN_ENTRY / ISA_FN_FUNC / ISA_FN_SUBR */
void asm_func_begin(asm_ctx *c, asm_attr *attrs, int kind, asm_tok name,
                    int has_rets, asm_decl *rets, asm_decl *params);
/* .maxntid 256,1,1 etc.; nums is a chain of AO_NUM operands */
void asm_func_perf(asm_ctx *c, asm_tok dir, asm_opnd *nums);
/* .priority/.trigger/.livein/.liveout: args is a chain of AO_NAME, AO_NUM and AO_LIST */
void asm_subr_attr(asm_ctx *c, asm_tok dir, asm_opnd *args);
void asm_func_body_begin(asm_ctx *c);
void asm_func_end(asm_ctx *c, int had_body);

void asm_block_open(asm_ctx *c, asm_loc loc);
void asm_block_close(asm_ctx *c, asm_loc loc);
void asm_label(asm_ctx *c, asm_tok name);
void asm_insn(asm_ctx *c, asm_tok *guard, int guard_neg, asm_tok mnem, asm_opnd *ops);
/* Called once per statement: frees the statement's scratch memory. */
void asm_stmt_done(asm_ctx *c);

#endif
