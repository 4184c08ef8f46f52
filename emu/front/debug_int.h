/* emu/front/debug_int.h -- private to the debugger (emu/front/debug.c, emu/front/debug_expr.c).
 *
 * Owns: the debugger's state (dbg), its breakpoints, watchpoints and displays,
 * the values its expressions evaluate to, and the helpers its files share
 * (prefix dbg_).  debug.c has the stopping, the commands and the prompt;
 * debug_expr.c evaluates and prints expressions.
 */
#ifndef AWEMU_DEBUG_INT_H
#define AWEMU_DEBUG_INT_H

#include "debug.h"
#include "../core.h"
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

typedef struct {
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

/* ---- debug.c ---- */

/* Prints a message (and a newline) on stderr after flushing stdout; returns DR_ERR. */
int dbg_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* p without leading and trailing blanks (in place). */
char *dbg_trim(char *p);
/* The next whitespace-separated word of *p (NULL at the end); *p moves past it. */
char *dbg_word(char **p);
/* The session's modules (a program's so far), oldest first; how many. */
int dbg_nmodules(dbg *g, aw_module ***mods);
/* Buffer i (from 0) of the run script: its name, address, elements and type; NULL past the last
 * (and always for a CUDA program, which has none). */
const char *dbg_buffer(dbg *g, int i, uint64_t *addr, uint64_t *count, int *type);
/* Function f's name; the pc's index within its function. */
const char *dbg_fname(aw_module *m, uint32_t f);
uint32_t dbg_rel_pc(aw_module *m, uint32_t pc);
/* The warp in focus (NULL when no block runs); its selected call frame; the pc a warp
 * stands at (the stop's pc for the warp stopped in; NO_PC when it has exited). */
warp *dbg_focus_warp(dbg *g);
/* Timing mode, the focus on an assist warp: the block of the warp it assists (*pid: that
 * warp's index in it); NULL when the focus is on a block's warp (or the parent is gone). */
cta *dbg_assist_parent(dbg *g, uint32_t *pid);
frame *dbg_sel_frame(dbg *g, warp *w);
uint32_t dbg_sel_pc(dbg *g, warp *w);
uint32_t dbg_warp_pc(dbg *g, warp *w, uint32_t *mask);

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

#endif
