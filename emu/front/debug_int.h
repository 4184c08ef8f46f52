/* emu/front/debug_int.h -- private to the debugger (emu/front/debug*.c).
 *
 * Owns: the debugger's state (dbg), its breakpoints, watchpoints and displays,
 * the values its expressions evaluate to, and the helpers its files share
 * (prefix dbg_).  The files, from the ground up; each uses only those before
 * it: debug_state.c (the program's modules, functions and lines, the focus),
 * debug_expr.c (expressions and print), debug_break.c (breakpoints and
 * watchpoints), debug_inspect.c (the commands that look), debug_run.c (the
 * hook, sessions, the commands that run), debug.c (the command table, the
 * command loop, the entry points of debug.h).  The hook runs the command loop
 * through g->prompt, which debug.c sets.
 */
#ifndef AWEMU_DEBUG_INT_H
#define AWEMU_DEBUG_INT_H

#include "../core/core.h"
#include "options.h"
#include "script.h"
#include "../../isa/outfile.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { BP_BREAK, BP_WATCH };
/* A breakpoint's condition: a register or special register of a lane
 * (lane -1: any active lane) compared with a number. */
typedef struct {
  int present;
  char reg[64];           /* the register as written, without the lane */
  int lane;
  int op;                 /* 0 ==, 1 !=, 2 <, 3 <=, 4 >, 5 >= */
  char value[64];         /* as written */
  uint64_t want;          /* the value, parsed when the condition is set: its bits */
  int want_float;         /* want holds a double */
  int want_type;          /* ISA_T_* of an integer */
} condition;

typedef struct { aw_module *m; uint32_t pc; } location;

typedef struct {
  int id, kind, enabled, temp;
  char *spec;             /* as the user wrote it */
  condition cond;
  uint32_t hits;
  location *locs;         /* resolved in the modules seen so far */
  uint32_t nlocs;
  /* watchpoints: a global range and its last value */
  uint64_t addr;
  uint32_t size;
  int type;
  uint8_t old[8];
  /* a watchpoint on a buffer not allocated yet (watch BUF[I] before run): placed when it is */
  int pending;
  char buf[64];
  uint64_t index;
} breakpoint;

typedef struct { aw_module *m; uint8_t *at; } modmap;   /* per module: pcs that carry a breakpoint */

typedef struct { int id; char *fmt; char *expr; } display;

enum { M_CONT, M_STEPI, M_NEXTI, M_STEP, M_NEXT, M_FINISH, M_UNTIL, M_ADVANCE };
enum { S_NONE, S_INSN, S_FAULT, S_END };
enum { DR_OK = 0, DR_ERR = -1, DR_USAGE = -2, DR_RESUME = 1 };

typedef struct dbg {
  aw_session *s;          /* NULL for a CUDA program (program): it has no run-script session */
  aw_device *d;
  const char *target;     /* the SCRIPT, MODULE or PROGRAM named on the command line */
  int is_script;
  /* the command line's options (NULL: none, as for dbg_batch): applied to each new session */
  const aw_opts *opts;
  tm_config cfg;          /* --config and --set's config, when timing */
  int timing;
  double timeout;
  isa_outfile timeline;   /* --trace-timeline's file, while open */
  int timeline_open;
  /* a CUDA program under the debugger (libcudart.so.13): its device and modules are the runtime's */
  int program;
  int started;            /* it was told to run (run, continue) */
  int exited;             /* it has ended: the last prompt */
  int (*modules)(aw_module ***mods);
  char **vars;            /* NAME=VALUE from the command line, applied to each new session */
  int nvars;
  char **presets;         /* 'set limit' and 'set var NAME VALUE' typed at the prompt, applied to each new session */
  int npresets;
  aw_session *scratch;    /* modules of the script's load lines, for names before 'run' */
  FILE *scratch_out;      /* where the scratch session's messages go (nowhere) */
  /* breakpoints and watchpoints */
  breakpoint *bps;
  int nbps, next_bp;
  modmap *maps;
  int nmaps;
  aw_module *last_m;
  uint8_t *last_at;
  /* the running launch; every cta pointer below is the executor's, valid only until its launch
   * ends (launch_over in debug.c forgets them all then, and before a session is freed) */
  int running;            /* a script, launch or runsub is under way */
  cta *c;                 /* the CTA that runs, between EV_CTA and the end of the launch */
  uint64_t cta_serial;
  int stop;               /* S_*: why the command loop runs inside the hook */
  warp *stop_w;
  cta *stop_c;             /* its CTA (the focus may have moved to another resident one) */
  cta *writer;             /* timing mode: the resident CTA whose warp stored to a watched location, for stop_here to focus on */
  uint32_t writer_warp, writer_lane;
  uint32_t stop_pc;
  /* focus: warp and lane within the running CTA */
  uint32_t fw, fl;
  uint64_t focus_serial;
  cta *focus_c;           /* the CTA the focus is in (with focus_serial: still the same CTA) */
  uint32_t frame_sel;     /* the selected call frame of the focused warp: 0 innermost (up, down, frame) */
  /* launches: for info cuda kernels */
  int in_launch;
  uint32_t nlaunches;     /* launches and runsubs started in this session */
  uint32_t kernel_id;     /* the running one's number, from 0 */
  /* what a resume asked for */
  int mode;
  uint64_t count;
  int skip;               /* the focused warp's next instruction is the one it stands at: let it run */
  uint32_t ref_frames, ref_pc, ref_file, ref_line;
  aw_module *adv_m;
  uint32_t adv_pc;
  int kill, restart, quit;
  volatile sig_atomic_t interrupted;
  /* input */
  int (*prompt)(struct dbg *g);   /* the command loop (debug.c's), run where the hook stops */
  char **queue;           /* -ex commands and -x files' lines, in order */
  int nqueue, iqueue;
  int batch, tty, echo;
  char last[1024];        /* the command an empty line repeats */
  char *histfile;
  int errors;
  /* inspection state */
  display *displays;
  int ndisplays, next_display;
  uint64_t x_next;        /* where a repeated x goes on */
  int x_space;
  char x_fmt, x_size;
  int x_valid;
  char list_file[512];
  uint32_t list_line;
  uint32_t line_bytes;    /* for info line */
  uint32_t watch_last;    /* the watched range of the last watchpoint that changed */
} dbg;

enum { V_NUM, V_REG, V_SREG, V_MEM };
typedef struct {
  int kind;
  int type;               /* ISA_T_* */
  uint64_t bits;          /* V_NUM */
  int is_float;           /* V_NUM: bits hold a double */
  uint32_t slot;          /* V_REG */
  uint32_t sreg, comp;    /* V_SREG */
  int lane;               /* V_REG, V_SREG: -1 the focused lane, -2 every lane */
  int space;              /* V_MEM */
  uint64_t addr;
  uint64_t left;          /* V_MEM of a script buffer: elements from addr to its end (0: not a buffer's) */
  char name[64];          /* how to call it when printing */
} value;

typedef struct { dbg *g; const char *p; char err[256]; } parser;

/* Source files, read once (debug_state.c keeps them until dbg_sources_free). */
typedef struct { char *path; char *text; char **lines; uint32_t nlines; } dbg_source;

/* ---- debug_state.c ---- */

/* Prints a message (and a newline) on stderr after flushing stdout; returns DR_ERR. */
int dbg_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* p without leading and trailing blanks (in place). */
char *dbg_trim(char *p);
/* The next whitespace-separated word of *p (NULL at the end); *p moves past it. */
char *dbg_word(char **p);
/* A whole unsigned number (C's prefixes: 0x, 0); -1 when t is none. */
int dbg_parse_u64(const char *t, uint64_t *v);
/* The session's modules (a program's so far), oldest first; how many. */
int dbg_nmodules(dbg *g, aw_module ***mods);
/* Buffer i (from 0) of the run script: its name, address, elements and type; NULL past the last
 * (and always for a CUDA program, which has none). */
const char *dbg_buffer(dbg *g, int i, uint64_t *addr, uint64_t *count, int *type);
/* Modules whose names the user may mean: the session's, else the script's. */
int dbg_known_modules(dbg *g, aw_module ***mods);
/* Function f's name; the function of pc; the pc's index within its function; pc's source
 * position; a file's name (file from 1; "" for 0); the instruction's text; "FUNC pc N (FILE:LINE)". */
const char *dbg_fname(aw_module *m, uint32_t f);
uint32_t dbg_func_of(aw_module *m, uint32_t pc);
uint32_t dbg_rel_pc(aw_module *m, uint32_t pc);
const isa_line *dbg_line_of(aw_module *m, uint32_t pc);
const char *dbg_file_name(aw_module *m, uint32_t file);
void dbg_insn_text(aw_module *m, uint32_t pc, char *buf, size_t cap);
void dbg_where_text(aw_module *m, uint32_t pc, char *buf, size_t cap);
/* A source file (NULL when it cannot be read), one of its lines (from 1; NULL past its end),
 * and the end of them all. */
dbg_source *dbg_source_get(const char *path);
const char *dbg_source_line(const char *path, uint32_t line);
void dbg_sources_free(void);
/* The warp in focus (NULL when no block runs); its selected call frame; the pc a warp
 * stands at (the stop's pc for the warp stopped in; NO_PC when it has exited). */
warp *dbg_focus_warp(dbg *g);
frame *dbg_sel_frame(dbg *g, warp *w);
uint32_t dbg_sel_pc(dbg *g, warp *w);
uint32_t dbg_warp_pc(dbg *g, warp *w, uint32_t *mask);
/* The pc warp w goes on at (its mask and stack depth); NO_PC when it has finished. */
uint32_t dbg_warp_next(warp *w, uint32_t *mask, uint32_t *depth);
/* "ready", "at barrier", "exited" or "faulted"; the thread index of a lane. */
const char *dbg_state_name(dbg *g, warp *w);
void dbg_thread_of(warp *w, uint32_t lane, uint32_t t[3]);
/* Timing mode: whether CTA c runs a live assist warp (*parent, *pid: the block and warp it
 * works for).  dbg_assist_parent: the same for the focus's block, the parent's block or NULL. */
int dbg_assist_of(dbg *g, const cta *c, const cta **parent, uint32_t *pid);
cta *dbg_assist_parent(dbg *g, uint32_t *pid);
/* "[LEADkernel K, block (..), thread (..), sm S, warp W, lane L]" of the focus. */
void dbg_print_focus(dbg *g, const char *lead);
/* Timing mode: the resident CTA of block b (NULL: any) on SM sm (-1: any); NULL when none is. */
cta *dbg_resident_cta(dbg *g, const uint32_t *b, int64_t sm);
/* The focus to warp wid, lane lane of the running CTA (said when it moved and announce is set). */
void dbg_set_focus(dbg *g, uint32_t wid, uint32_t lane, int announce);
/* The function a bare pc or line means (*mo: its module); -1 when unclear. */
int dbg_current_func(dbg *g, aw_module **mo);
/* "=> FUNC pc N  mask M  INSN;" and the source line; list goes on from there. */
void dbg_print_location(dbg *g, aw_module *m, uint32_t pc, uint32_t mask);
/* Whether pc stands on source line file:line. */
int dbg_same_line(aw_module *m, uint32_t pc, uint32_t file, uint32_t line);

/* ---- debug_expr.c ---- */

/* Bytes of an ISA_T_* type (1 for predicates and 8-bit types). */
unsigned dbg_type_bytes(int t);
/* A "SPACE:" prefix at *p: its space, *p moved past it; global when there is none. */
int dbg_take_space(const char **p);
const char *dbg_space_name(int sp);
/* Host memory behind [space:]addr for the lane in focus; NULL with a message in why. */
uint8_t *dbg_mem_at(dbg *g, int space, uint64_t addr, uint32_t size, int store, char *why, size_t cap);
/* The lane a value reads: its own, else the lane in focus. */
int dbg_lane_of(dbg *g, const value *v);
/* A value as a number: integers as u64 (sign-extended), floats as double. */
int dbg_value_number(parser *ps, const value *v, uint64_t *u, double *f, int *is_float);
/* A float as a 64-bit integer (toward zero); -1 when it has none. */
int dbg_float_to_int(double f, uint64_t *u);
/* An integer value's number as a double: u64 unsigned, the others signed. */
double dbg_int_to_double(uint64_t u, int type);
/* Parses all of text as one expression; -1 with a message in why. */
int dbg_eval(dbg *g, const char *text, value *v, char *why, size_t cap);
/* bits of an ISA_T_* type in format fmt (x d u o t f c; 0: the type's own). */
void dbg_format_bits(uint64_t bits, int type, char fmt, char *buf, size_t cap);
int dbg_valid_fmt(char f);
/* Prints a value: one lane, or every lane of the focused warp; DR_OK or DR_ERR. */
int dbg_print_value(dbg *g, const value *v, char fmt, const char *lead);
/* "/x" at the start of args: the format letter in *fmt (0 none, '?' more than one letter). */
int dbg_take_format(char **args, char *fmt, char *fmtbuf, size_t cap);
/* The print command: print[/F] EXPR, LVALUE@N, BUFFER [FIRST [COUNT]]. */
int dbg_cmd_print(dbg *g, char *args);

/* ---- debug_break.c ---- */

/* Whether function f of m is called name[0..len) in its source (a C++ function's unmangled name). */
int dbg_source_named(aw_module *m, uint32_t f, const char *name, size_t len);
/* The pcs of module m that spec names (FUNC, FUNC:LABEL, LABEL, FILE:LINE, LINE, *PC,
 * *FUNC+PC); how many were written (at most max). */
uint32_t dbg_resolve_in(dbg *g, aw_module *m, const char *spec, uint32_t *pcs, uint32_t max);
/* Module m's breakpoint map (made the first time m is seen), every map made anew, all dropped. */
modmap *dbg_map_of(dbg *g, aw_module *m);
void dbg_maps_rebuild(dbg *g);
void dbg_maps_clear(dbg *g);
/* Tells the executor which global ranges to note stores to. */
void dbg_watch_range(dbg *g);
/* Reports the watchpoints whose location a store wrote; how many. */
int dbg_check_watches(dbg *g);
/* The breakpoint (its index) at which warp w of c stops before pc, its condition holding
 * (*lane: the lane); -1 none. */
int dbg_bp_hit(dbg *g, cta *c, warp *w, uint32_t pc, uint32_t *lane);
/* Places the pending watchpoints whose buffer the script has allocated by now. */
void dbg_watch_place_pending(dbg *g);

/* ---- the commands (their table is debug.c's): the arguments after the command's name;
 * DR_OK, DR_ERR (said), DR_USAGE (the usage line is said) or DR_RESUME (the program goes on) ---- */

/* debug_break.c */
int dbg_cmd_break(dbg *g, char *args);
int dbg_cmd_tbreak(dbg *g, char *args);
int dbg_cmd_watch(dbg *g, char *args);
int dbg_cmd_delete(dbg *g, char *args);
int dbg_cmd_disable(dbg *g, char *args);
int dbg_cmd_enable(dbg *g, char *args);
int dbg_cmd_condition(dbg *g, char *args);
int dbg_info_breakpoints(dbg *g, char *args);
int dbg_info_watchpoints(dbg *g, char *args);
/* debug_inspect.c */
int dbg_cmd_cuda(dbg *g, char *args);
int dbg_info_warps(dbg *g, char *args);
int dbg_info_lanes(dbg *g, char *args);
int dbg_info_registers(dbg *g, char *args);
int dbg_cmd_backtrace(dbg *g, char *args);
int dbg_cmd_frame(dbg *g, char *args);
int dbg_cmd_up(dbg *g, char *args);
int dbg_cmd_down(dbg *g, char *args);
int dbg_info_cuda(dbg *g, char *args);
int dbg_info_frame(dbg *g, char *args);
int dbg_cmd_x(dbg *g, char *args);
int dbg_cmd_display(dbg *g, char *args);
int dbg_cmd_undisplay(dbg *g, char *args);
int dbg_info_display(dbg *g, char *args);
int dbg_cmd_disassemble(dbg *g, char *args);
int dbg_cmd_list(dbg *g, char *args);
int dbg_cmd_set_var(dbg *g, char *args);
int dbg_info_line(dbg *g, char *args);
int dbg_info_buffers(dbg *g, char *args);
int dbg_info_functions(dbg *g, char *args);
int dbg_cmd_stats(dbg *g, char *args);
/* debug_run.c */
int dbg_cmd_run(dbg *g, char *args);
int dbg_cmd_continue(dbg *g, char *args);
int dbg_cmd_stepi(dbg *g, char *args);
int dbg_cmd_nexti(dbg *g, char *args);
int dbg_cmd_step(dbg *g, char *args);
int dbg_cmd_next(dbg *g, char *args);
int dbg_cmd_finish(dbg *g, char *args);
int dbg_cmd_until(dbg *g, char *args);
int dbg_cmd_advance(dbg *g, char *args);
int dbg_cmd_kill(dbg *g, char *args);
int dbg_cmd_quit(dbg *g, char *args);

/* ---- debug_inspect.c ---- */

/* Prints the displays (display EXPR), as at each stop. */
void dbg_do_displays(dbg *g);

/* ---- debug_run.c ---- */

/* The device's hook (emu_int.h): ctx is the dbg. */
int dbg_hook(void *ctx, int ev, cta *c, warp *w, uint32_t pc);
/* A launch or runsub has ended: every pointer to its CTAs is forgotten. */
void dbg_launch_over(dbg *g);
/* A new session (at startup, and for each run), the command line's options applied; 0, or 2
 * after a message. */
int dbg_session_start(dbg *g);
/* The modules of the script's load lines, assembled once for names before run. */
void dbg_scratch_load(dbg *g);
/* Ends what runs on purpose (kill, run again, quit). */
void dbg_kill_run(dbg *g);

#endif
