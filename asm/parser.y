/* asm/parser.y -- grammar of the PTX-like assembly language.
 *
 * Syntax only: every action hands what it recognized to the assembler
 * (asm.c, asm_insn.c, asm_subr.c), which checks meaning and builds the
 * image.  Errors recover at the next ';' (or '}' at module scope) so one
 * mistake does not hide the rest of the file.
 */
%define api.pure full
%define parse.error custom
%define parse.lac full
%locations
%param {void *scanner}
%parse-param {asm_ctx *ctx}

%code requires {
#include "asm.h"
}

%code {
#include <string.h>
#include "asm_int.h"
int yylex(YYSTYPE *lvalp, YYLTYPE *llocp, void *scanner);
static void yyerror(YYLTYPE *loc, void *scanner, asm_ctx *ctx, const char *msg);
static asm_loc L(YYLTYPE l) { asm_loc r = { l.first_line, l.first_column }; return r; }
static asm_opnd *op_new(asm_ctx *ctx, asm_okind k, YYLTYPE l) {
  asm_opnd *o = asm_alloc(ctx, sizeof *o);
  o->kind = k; o->loc = L(l);
  return o;
}
static asm_opnd *op_append(asm_opnd *list, asm_opnd *o) {
  if (!list) return o;
  asm_opnd *p = list;
  while (p->next) p = p->next;
  p->next = o;
  return list;
}
}

%union {
  asm_tok tok;
  asm_opnd *opnd;
  asm_attr *attr;
  asm_decl *decl;
  asm_init *init;
  int num;
}

%token <tok> WORD "identifier"
%token <tok> DIR "directive"
%token <tok> UNKNOWN_DIR "unknown directive"
%token <tok> NUMBER "number"
%token <tok> STRING "string"
%token <tok> K_VERSION ".version"
%token <tok> K_TARGET ".target"
%token <tok> K_ADDRSIZE ".address_size"
%token <tok> K_ENTRY ".entry"
%token <tok> K_FUNC ".func"
%token <tok> K_SUBROUTINE ".subroutine"
%token <tok> K_REG ".reg"
%token <tok> K_ALIGN ".align"
%token <tok> K_FILE ".file"
%token <tok> K_LOC ".loc"
%token <tok> K_PERF "performance directive"
%token <tok> K_SUBR_ATTR "subroutine directive"
%token LEX_ERROR_TOK "invalid token"
%token SYNC "start of a declaration"   /* only after a syntax error: see yylex */

%type <attr> attrs attr
%type <decl> decl decl_list param_list params param ret_params
%type <init> init init_list
%type <opnd> operands operand_list operand addr vec_list vec_elem num_list subr_args subr_arg list_items
%type <num> dims

%%

module:
    %empty
  | module top
  ;

top:
    K_VERSION NUMBER                     { asm_version(ctx, $1, $2); }
  | K_TARGET { asm_target_begin(ctx, $1); } target_list
  | K_ADDRSIZE NUMBER                    { asm_address_size(ctx, $1, $2); }
  | K_FILE NUMBER STRING file_extra      { asm_file(ctx, $2, $3); }
  | K_LOC NUMBER NUMBER NUMBER loc_extra { asm_loc_dir(ctx, $2, $3, $4); }
  | UNKNOWN_DIR                          { asm_unknown_directive(ctx, $1); }
  | attrs decl_list ';'                  { asm_var_decl(ctx, $1, $2); asm_stmt_done(ctx); }
  | func
  | ';'
  | error ';'                            { yyerrok; asm_stmt_done(ctx); asm_recover_top(ctx); }
  | error '}'                            { yyerrok; asm_stmt_done(ctx); ctx->recovering = 0; }
  | error SYNC                           { yyerrok; asm_stmt_done(ctx); }
  ;

target_list:
    WORD                                 { asm_target(ctx, $1); }
  | target_list ',' WORD                 { asm_target(ctx, $3); }
  ;

file_extra:
    %empty
  | ',' NUMBER ',' NUMBER
  ;

loc_extra:
    %empty
  | loc_extra ',' WORD WORD
  | loc_extra ',' WORD NUMBER NUMBER NUMBER
  ;

attrs:
    %empty                               { $$ = NULL; }
  | attrs attr                           { if (!$1) $$ = $2; else { asm_attr *p = $1; while (p->next) p = p->next; p->next = $2; $$ = $1; } }
  ;

attr:
    DIR                                  { $$ = asm_alloc(ctx, sizeof *$$); $$->tok = $1; }
  | K_ALIGN NUMBER                       { $$ = asm_alloc(ctx, sizeof *$$); $$->tok = $1; $$->has_arg = 1; $$->arg = $2; }
  ;

decl_list:
    decl
  | decl_list ',' decl                   { asm_decl *p = $1; while (p->next) p = p->next; p->next = $3; $$ = $1; }
  ;

decl:
    WORD                                 { $$ = asm_alloc(ctx, sizeof *$$); $$->name = $1; }
  | WORD '<' NUMBER '>'                  { $$ = asm_alloc(ctx, sizeof *$$); $$->name = $1; $$->range = 1; $$->range_n = $3; }
  | WORD { ctx->dims_n = 0; ctx->dims_unsized = 0; } dims init_opt
                                         { $$ = asm_alloc(ctx, sizeof *$$); $$->name = $1;
                                           $$->ndims = ctx->dims_n; $$->unsized = ctx->dims_unsized;
                                           for (int i = 0; i < ctx->dims_n && i < ISA_MAX_DIMS; i++) $$->dims[i] = ctx->dims[i];
                                           $$->init = ctx->init; ctx->init = NULL; }
  | WORD '=' init                        { $$ = asm_alloc(ctx, sizeof *$$); $$->name = $1; $$->init = $3; }
  ;

dims:
    '[' ']'                              { $$ = 1; asm_decl_dim(ctx, NULL, L(@1)); }
  | '[' NUMBER ']'                       { $$ = 1; asm_decl_dim(ctx, &$2, L(@1)); }
  | dims '[' NUMBER ']'                  { $$ = $1 + 1; asm_decl_dim(ctx, &$3, L(@2)); }
  | dims '[' ']'                         { $$ = $1 + 1; asm_decl_dim(ctx, NULL, L(@2)); }
  ;

init_opt:
    %empty                               { ctx->init = NULL; }
  | '=' init                             { ctx->init = $2; }
  ;

init:
    NUMBER                               { $$ = asm_alloc(ctx, sizeof *$$); $$->num = $1; }
  | '-' NUMBER                           { $$ = asm_alloc(ctx, sizeof *$$); $$->num = $2; $$->neg = 1; $$->num.loc = L(@1); }
  | WORD                                 { $$ = asm_alloc(ctx, sizeof *$$); $$->num = $1; $$->num.fkind = -1; }
  | '{' init_list '}'                    { $$ = asm_alloc(ctx, sizeof *$$); $$->is_list = 1; $$->elems = $2; $$->num.loc = L(@1); }
  ;

init_list:
    init
  | init_list ',' init                   { asm_init *p = $1; while (p->next) p = p->next; p->next = $3; $$ = $1; }
  ;

func:
    func_head perf_list body             { asm_func_end(ctx, 1); }
  | func_head perf_list ';'              { asm_func_end(ctx, 0); }
  ;

func_head:
    attrs K_ENTRY WORD params            { asm_func_begin(ctx, $1, ISA_FN_ENTRY, $3, 0, NULL, $4); asm_stmt_done(ctx); }
  | attrs K_FUNC ret_params WORD params  { asm_func_begin(ctx, $1, ISA_FN_FUNC, $4, 1, $3, $5); asm_stmt_done(ctx); }
  | attrs K_FUNC WORD params             { asm_func_begin(ctx, $1, ISA_FN_FUNC, $3, 0, NULL, $4); asm_stmt_done(ctx); }
  | K_SUBROUTINE WORD                    { asm_func_begin(ctx, NULL, ISA_FN_SUBR, $2, 0, NULL, NULL); asm_stmt_done(ctx); }
  ;

ret_params:
    '(' ')'                              { $$ = NULL; }
  | '(' param_list ')'                   { $$ = $2; }
  ;

params:
    %empty                               { $$ = NULL; }
  | '(' ')'                              { $$ = NULL; }
  | '(' param_list ')'                   { $$ = $2; }
  ;

param_list:
    param
  | param_list ',' param                 { asm_decl *p = $1; while (p->next) p = p->next; p->next = $3; $$ = $1; }
  ;

param:
    attrs WORD                           { $$ = asm_alloc(ctx, sizeof *$$); $$->attrs = $1; $$->name = $2; }
  | attrs WORD { ctx->dims_n = 0; ctx->dims_unsized = 0; } dims
                                         { $$ = asm_alloc(ctx, sizeof *$$); $$->attrs = $1; $$->name = $2;
                                           $$->ndims = ctx->dims_n; $$->unsized = ctx->dims_unsized;
                                           for (int i = 0; i < ctx->dims_n && i < ISA_MAX_DIMS; i++) $$->dims[i] = ctx->dims[i]; }
  ;

perf_list:
    %empty
  | perf_list K_PERF num_list            { asm_func_perf(ctx, $2, $3); asm_stmt_done(ctx); }
  | perf_list K_PERF                     { asm_func_perf(ctx, $2, NULL); }
  | perf_list K_SUBR_ATTR subr_args      { asm_subr_attr(ctx, $2, $3); asm_stmt_done(ctx); }
  ;

num_list:
    NUMBER                               { $$ = op_new(ctx, AO_NUM, @1); $$->num = $1; }
  | num_list ',' NUMBER                  { asm_opnd *o = op_new(ctx, AO_NUM, @3); o->num = $3; $$ = op_append($1, o); }
  ;

subr_args:
    %empty                               { $$ = NULL; }
  | subr_args subr_arg                   { $$ = $2 ? op_append($1, $2) : $1; }
  ;

subr_arg:
    WORD                                 { $$ = op_new(ctx, AO_NAME, @1); $$->name = $1; }
  | NUMBER                               { $$ = op_new(ctx, AO_NUM, @1); $$->num = $1; }
  | '-' NUMBER                           { $$ = op_new(ctx, AO_NUM, @1); $$->num = $2; $$->neg = 1; }
  | '+' NUMBER                           { $$ = op_new(ctx, AO_NUM, @1); $$->num = $2; $$->plus = 1; }
  | ','                                  { $$ = NULL; }
  | '(' ')'                              { $$ = op_new(ctx, AO_LIST, @1); }
  | '(' list_items ')'                   { $$ = op_new(ctx, AO_LIST, @1); $$->elems = $2; }
  ;

body:
    '{'                                  { asm_func_body_begin(ctx); }
    stmts '}'
  ;

stmts:
    %empty
  | stmts stmt
  ;

stmt:
    K_REG attrs decl_list ';'            { asm_reg_decl(ctx, $2, $3); asm_stmt_done(ctx); }
  | attr attrs decl_list ';'             { $1->next = $2; asm_var_decl(ctx, $1, $3); asm_stmt_done(ctx); }
  | WORD ':'                             { asm_label(ctx, $1); }
  | WORD operands ';'                    { asm_insn(ctx, NULL, 0, $1, $2); asm_stmt_done(ctx); }
  | '@' WORD WORD operands ';'           { asm_insn(ctx, &$2, 0, $3, $4); asm_stmt_done(ctx); }
  | '@' '!' WORD WORD operands ';'       { asm_insn(ctx, &$3, 1, $4, $5); asm_stmt_done(ctx); }
  | '{'                                  { asm_block_open(ctx, L(@1)); }
    stmts '}'                            { asm_block_close(ctx, L(@4)); }
  | K_LOC NUMBER NUMBER NUMBER loc_extra { asm_loc_dir(ctx, $2, $3, $4); }
  | UNKNOWN_DIR                          { asm_unknown_directive(ctx, $1); }
  | ';'
  | error ';'                            { yyerrok; asm_stmt_done(ctx); }
  ;

operands:
    %empty                               { $$ = NULL; }
  | operand_list
  ;

operand_list:
    operand
  | operand_list ',' operand             { $$ = op_append($1, $3); }
  ;

operand:
    WORD                                 { $$ = op_new(ctx, AO_NAME, @1); $$->name = $1; }
  | '!' WORD                             { $$ = op_new(ctx, AO_NEG, @1); $$->name = $2; }
  | WORD '|' WORD                        { $$ = op_new(ctx, AO_PAIR, @1); $$->name = $1; $$->name2 = $3; }
  | NUMBER                               { $$ = op_new(ctx, AO_NUM, @1); $$->num = $1; }
  | '-' NUMBER                           { $$ = op_new(ctx, AO_NUM, @1); $$->num = $2; $$->neg = 1; }
  | '[' addr ']'                         { $$ = $2; $$->loc = L(@1); }
  | '[' WORD ',' '{' vec_list '}' ']'    { $$ = op_new(ctx, AO_TEX, @1); $$->name = $2; $$->elems = $5; }   /* tex: [texture, {coordinates}] */
  | '{' vec_list '}'                     { $$ = op_new(ctx, AO_VEC, @1); $$->elems = $2; }
  | '(' ')'                              { $$ = op_new(ctx, AO_LIST, @1); }
  | '(' list_items ')'                   { $$ = op_new(ctx, AO_LIST, @1); $$->elems = $2; }
  ;

list_items:
    WORD                                 { $$ = op_new(ctx, AO_NAME, @1); $$->name = $1; }
  | list_items ',' WORD                  { asm_opnd *o = op_new(ctx, AO_NAME, @3); o->name = $3; $$ = op_append($1, o); }
  ;

vec_list:
    vec_elem
  | vec_list ',' vec_elem                { $$ = op_append($1, $3); }
  ;

vec_elem:
    WORD                                 { $$ = op_new(ctx, AO_NAME, @1); $$->name = $1; }
  | NUMBER                               { $$ = op_new(ctx, AO_NUM, @1); $$->num = $1; }
  | '-' NUMBER                           { $$ = op_new(ctx, AO_NUM, @1); $$->num = $2; $$->neg = 1; }
  ;

addr:
    WORD                                 { $$ = op_new(ctx, AO_MEM, @1); $$->name = $1; }
  | WORD '+' NUMBER                      { $$ = op_new(ctx, AO_MEM, @1); $$->name = $1; $$->off = asm_offset(ctx, &$3, 0); }
  | WORD '+' '-' NUMBER                  { $$ = op_new(ctx, AO_MEM, @1); $$->name = $1; $$->off = asm_offset(ctx, &$4, 1); }
  | WORD '-' NUMBER                      { $$ = op_new(ctx, AO_MEM, @1); $$->name = $1; $$->off = asm_offset(ctx, &$3, 1); }
  | NUMBER                               { $$ = op_new(ctx, AO_MEM, @1); $$->off = asm_offset(ctx, &$1, 0); }
  ;

%%

static void yyerror(YYLTYPE *loc, void *scanner, asm_ctx *ctx, const char *msg) {
  (void)scanner;
  if (strcmp(msg, "memory exhausted") == 0) asm_error(ctx, L(*loc), "nested too deeply for the parser");
  else asm_error(ctx, L(*loc), "%s", msg);
}

static int yyreport_syntax_error(const yypcontext_t *pc, void *scanner, asm_ctx *ctx) {
  (void)scanner;
  yysymbol_kind_t tok = yypcontext_token(pc);
  if (tok == YYSYMBOL_LEX_ERROR_TOK) return 0;   /* the lexer has reported it */
  YYLTYPE *loc = yypcontext_location(pc);
  if (ctx->brace_depth == 0) ctx->recovering = 1;
  yysymbol_kind_t expected[4];
  int n = yypcontext_expected_tokens(pc, expected, 4);
  char msg[256];
  asm_syntax_message(ctx, msg, sizeof msg, tok == YYSYMBOL_YYEOF ? NULL : yysymbol_name(tok),
                     n > 0 && n < 4 ? n : 0,
                     n > 0 ? yysymbol_name(expected[0]) : NULL,
                     n > 1 ? yysymbol_name(expected[1]) : NULL,
                     n > 2 ? yysymbol_name(expected[2]) : NULL);
  asm_error(ctx, L(*loc), "%s", msg);
  return 0;
}
