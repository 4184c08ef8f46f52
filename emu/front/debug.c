/* emu/front/debug.c -- awemu debug: breakpoints, stepping, focus and inspection
 * over the functional core, at a GNU readline prompt (see debug.h and
 * emu/DEBUGGER.md).  This file has the command table, the command loop and
 * the entry points; the debugger's other files, from the ground up (none
 * uses a file above it): debug_state.c (the program's modules and lines, the
 * focus), debug_expr.c (expressions, print), debug_break.c (breakpoints and
 * watchpoints), debug_inspect.c (the commands that look), debug_run.c (the
 * hook, sessions, the commands that run).
 *
 * How it stops: the device's hook (emu_int.h) is called before every
 * instruction.  It answers "go on" quickly unless a breakpoint sits at the
 * pc, a watched global range was stored to, Ctrl-C was pressed, or a step
 * of the focused warp is complete; then it runs the command loop right
 * there (g->prompt, this file's repl), with the executor's state as it is
 * between two instructions.  A command that resumes (continue, step, ...)
 * returns from the loop and so from the hook.  kill, run (restart) and quit
 * make the hook answer "stop": the launch ends with a fault and the script
 * stops.
 *
 * A CUDA program (awemu debug PROGRAM) is debugged by this same code compiled into
 * libcudart.so.13 (AWEMU_CUDART defined: no readline, no dbg_main): the runtime hands it its
 * device and modules at the program's first CUDA call (dbg_program_start); there is no run
 * script and no session (g->s NULL), and kill and quit end the program.
 */
#include "debug.h"
#include "debug_int.h"
#include "../../isa/disasm.h"
#include "../../isa/outfile.h"
#include "../../isa/version.h"
#include "../timing/timing.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef AWEMU_CUDART   /* libcudart.so.13's debugger (a CUDA program's) reads plain lines */
#include <readline/history.h>
#include <readline/readline.h>
#endif

#define PROMPT "(awemu) "

static dbg *G;            /* for the signal handler and readline's completion */
static volatile sig_atomic_t at_prompt;

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
  { "breakpoints", "b", dbg_info_breakpoints, "info breakpoints", "breakpoints and watchpoints, their conditions and hit counts", 0 },
  { "watchpoints", NULL, dbg_info_watchpoints, "info watchpoints", "watchpoints only", 0 },
  { "warps", NULL, dbg_info_warps, "info warps", "every warp of the running block: pc, active mask, stack depth, state", 0 },
  { "lanes", NULL, dbg_info_lanes, "info lanes", "every lane of the warp in focus: active, inactive, exited; its thread", 0 },
  { "registers", "r", dbg_info_registers, "info registers[/FMT] [REGISTER ...]", "registers of the function in focus, in the lane in focus", 0 },
  { "line", NULL, dbg_info_line, "info line [ADDRESS | lin | lout]", "a memory line (state, what each codec makes of it), a subroutine's lines, or the source line of the pc", 0 },
  { "display", NULL, dbg_info_display, "info display", "the expressions shown at every stop", 0 },
  { "buffers", NULL, dbg_info_buffers, "info buffers", "the script's buffers: type, elements, address", 0 },
  { "functions", NULL, dbg_info_functions, "info functions", "kernels, functions and subroutines of the loaded modules", 0 },
  { "frame", NULL, dbg_info_frame, "info frame", "the selected call frame of the warp in focus: its pc, caller and callee", 0 },
  { "cuda", NULL, dbg_info_cuda, "info cuda kernels|blocks", "cuda-gdb's: the running kernel or subroutine: id, grid, block, module, state; the blocks running (timing mode: every resident one, its SM)", 0 },
  { NULL, NULL, NULL, NULL, NULL, 0 },
};

static const dbg_command commands[] = {
  { "run", "r", dbg_cmd_run, "run", "run the script from the beginning (again, when it runs)", 0 },
  { "continue", "c", dbg_cmd_continue, "continue", "go on until a breakpoint, a watchpoint, a fault, Ctrl-C or the end", 0 },
  { "step", "s", dbg_cmd_step, "step [N]", "run the warp in focus to the next source line, into calls", 1 },
  { "stepi", "si", dbg_cmd_stepi, "stepi [N]", "run one instruction of the warp in focus (N instructions)", 1 },
  { "next", "n", dbg_cmd_next, "next [N]", "like step, over calls", 1 },
  { "nexti", "ni", dbg_cmd_nexti, "nexti [N]", "like stepi, over calls", 1 },
  { "finish", "fin", dbg_cmd_finish, "finish", "run until the function of the warp in focus returns", 0 },
  { "until", "u", dbg_cmd_until, "until [LOCATION]", "run the warp in focus past the current line without going back (a loop), or to LOCATION", 1 },
  { "advance", NULL, dbg_cmd_advance, "advance LOCATION", "run the warp in focus to LOCATION (or until its function returns)", 0 },
  { "kill", "k", dbg_cmd_kill, "kill", "end the running launch and the script", 0 },
  { "break", "b", dbg_cmd_break, "break [LOCATION] [if REGISTER[LANE] OP VALUE]", "stop where a warp reaches LOCATION: FUNCTION, FUNCTION:LABEL, LABEL, FILE:LINE, LINE, *PC or *FUNCTION+PC", 0 },
  { "tbreak", "tb", dbg_cmd_tbreak, "tbreak [LOCATION] [if REGISTER[LANE] OP VALUE]", "a breakpoint deleted when it stops", 0 },
  { "watch", NULL, dbg_cmd_watch, "watch {TYPE}ADDRESS | BUFFER[INDEX] | ADDRESS", "stop after a store writes a global location (shows old and new values, block, warp and lane)", 0 },
  { "delete", "d", dbg_cmd_delete, "delete [N ...]", "delete breakpoints (all when no number)", 0 },
  { "disable", NULL, dbg_cmd_disable, "disable [N ...]", "disable breakpoints (all when no number)", 0 },
  { "enable", NULL, dbg_cmd_enable, "enable [N ...]", "enable breakpoints (all when no number)", 0 },
  { "condition", NULL, dbg_cmd_condition, "condition N [REGISTER[LANE] OP VALUE]", "set or remove a breakpoint's condition", 0 },
  { "cuda", NULL, dbg_cmd_cuda, "cuda [sm N] [warp N] [lane N] [block (X,Y,Z)] [thread (X,Y,Z)]", "show or move the focus, by hardware or software coordinates", 0 },
  { "info", "i", cmd_info, "info SUBCOMMAND", "breakpoints watchpoints warps lanes registers line display buffers functions frame cuda", 0 },
  { "print", "p", dbg_cmd_print, "print[/FMT] EXPRESSION", "a value: %REG (lane in focus), %REG[LANE], %REG[*] (every lane), {TYPE}ADDRESS, BUFFER[INDEX], $pc $mask $active; FMT x d u o t f c", 0 },
  { "x", NULL, dbg_cmd_x, "x/NFU [SPACE:]ADDRESS", "examine memory: N units (1 to 4096), F format (x d u o t f c s i), U size (b h w g); SPACE global shared local param const lin lout lmeta generic", 1 },
  { "display", NULL, dbg_cmd_display, "display[/FMT] [EXPRESSION]", "print EXPRESSION at every stop (display/i $pc: the instruction)", 0 },
  { "undisplay", NULL, dbg_cmd_undisplay, "undisplay [N ...]", "stop displaying (all when no number)", 0 },
  { "disassemble", NULL, dbg_cmd_disassemble, "disassemble [/s] [FUNCTION | START,END | START,+N]", "the instructions of a function (=> marks the pc), /s with source lines", 0 },
  { "list", "l", dbg_cmd_list, "list [LINE | FILE:LINE | FUNCTION | -]", "source lines around the stop, or a place; again: the next ten", 1 },
  { "backtrace", "bt", dbg_cmd_backtrace, "backtrace", "the call frames of the warp in focus ('*' marks the selected one)", 0 },
  { "frame", "f", dbg_cmd_frame, "frame [N]", "select call frame N of the warp in focus (#0 the innermost) for print, info registers and info frame; show it", 0 },
  { "up", NULL, dbg_cmd_up, "up [N]", "select the frame N (1) levels out: the caller", 0 },
  { "down", NULL, dbg_cmd_down, "down [N]", "select the frame N (1) levels in: the callee", 0 },
  { "where", NULL, dbg_cmd_backtrace, "where", "the call frames of the warp in focus", 0 },
  { "set", NULL, cmd_set, "set var LVALUE = VALUE | set limit N | set memcheck on|stop|off | set var NAME VALUE", "change a register (%REG, %REG[LANE], %REG[*]) or memory ({TYPE}ADDRESS, BUFFER[INDEX]); or a run-script setting", 0 },
  { "stats", NULL, dbg_cmd_stats, "stats", "the launch's counters (so far, when it runs)", 0 },
  { "help", "h", cmd_help, "help [COMMAND]", "list the commands, or one command's usage", 0 },
  { "quit", "q", dbg_cmd_quit, "quit", "leave the debugger", 0 },
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
    if (strchr(rest, '=') || strchr(rest, '%') || strchr(rest, '{') || strchr(rest, '[')) return dbg_cmd_set_var(g, rest);
  } else if (*p == '%' || *p == '{') return dbg_cmd_set_var(g, p);
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
      dbg_launch_over(g);
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
      if (g->running) dbg_kill_run(g);
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
  int nm = dbg_known_modules(g, &mods);
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
  int nm = dbg_known_modules(g, &mods);
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
  dbg_maps_clear(g);
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
  dbg_sources_free();
  if (G == g) G = NULL;
  memset(g, 0, sizeof *g);
}

/* Loads the target and runs the command loop until the end; the exit status. */
static int dbg_session(dbg *g, int quiet) {
  G = g;
  if (dbg_session_start(g)) return 2;
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
      dbg_scratch_load(g);
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
  g.prompt = repl;
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
  g.prompt = repl;
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
  g->prompt = repl;
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
  d->hook = dbg_hook;
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
  dbg_watch_range(g);
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
