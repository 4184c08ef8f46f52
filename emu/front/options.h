/* emu/front/options.h -- the options of awemu run, awemu debug and awemu exec: one table, one parser.
 *
 * Owns: the table of every option these commands take ({name, value, commands, help, why
 * not}), the parser that reads a command line against it, the --help lines made from it, and
 * what the three commands do alike with the values: the timing config built and checked, the
 * output files checked before anything runs, a device set up (config, subroutines, limits,
 * memcheck, record, timeline) and the statistics written as JSON.
 * Promises: one message per mistake, the same in every command, prefixed "awemu CMD: "; an
 * option that does not apply to a command says why; nothing is written or run by the parser.
 */
#ifndef AWEMU_OPTIONS_H
#define AWEMU_OPTIONS_H

#include "../awemu.h"
#include "../timing/config.h"

#include <stdio.h>

/* The commands, as bits of aw_option.cmds. */
enum { AO_RUN = 1, AO_DEBUG = 2, AO_EXEC = 4 };

typedef enum {
  AO_CONFIG, AO_SET, AO_SUBROUTINES, AO_STATS_JSON, AO_TRACE_TIMELINE, AO_TIMEOUT, AO_INSN_LIMIT, AO_RESIDENT_CTAS, AO_MEMCHECK, AO_RECORD,
  AO_PTX, AO_FAULT_EXIT, AO_NO_SUMMARY, AO_LIBDIR, AO_COMMAND, AO_EVAL, AO_BATCH, AO_NO_BANNER, AO_HELP, AO_VERSION
} aw_opt_id;

typedef struct {
  aw_opt_id id;
  const char *name;       /* as --help shows it first: "--config", "-x" */
  const char *aliases;    /* other spellings, blank-separated ("--command --x"); NULL: none */
  int value;              /* 0: takes none; 1: takes one (--opt=V, --opt V; a single-dash name: -x V); 2: --opt[=V] */
  const char *arg;        /* the value as --help names it ("NAME|FILE") */
  const char *needs;      /* what the value must be, for "OPT needs ..." */
  unsigned cmds;          /* AO_RUN | AO_DEBUG | AO_EXEC: the commands that take it */
  const char *help;       /* its lines in --help ('\n' between lines) */
  const char *why_not;    /* why the other commands do not take it */
} aw_option;

extern const aw_option aw_options[];

/* A command line read against the table. */
typedef struct {
  unsigned cmd;                   /* AO_RUN, AO_DEBUG or AO_EXEC */
  const char *config;             /* --config */
  const char **sets; int nsets;   /* --set, in order */
  const char **subs; int nsubs;   /* --subroutines */
  const char **ptx; int nptx;     /* --ptx */
  const char *stats_json, *timeline, *record;
  double timeout; int have_timeout;
  uint64_t insn_limit; int have_insn_limit;
  uint32_t resident_ctas; int have_resident_ctas;   /* --resident-ctas: 0 all */
  int memcheck;                   /* AW_MEMCHECK_*, or -1 when not given */
  int fault_exit, no_summary, libdir, batch, no_banner, help, version;
  const char **commands; char *command_kind; int ncommands;   /* -x FILE ('x') and -ex CMD ('e'), in order */
  char **args; int nargs;         /* the arguments that are no options, in order */
  int rest;                       /* when 'stop' took an argument: the index in argv after it, else 0 */
} aw_opts;

/* Reads argv[1..argc-1] (argv[0] is the command's name) for command cmd into *o.  Options may
 * come anywhere until "--" or until stop(ctx, ARG) returns 1 for an argument that is no
 * option: that argument is o->args' last and the rest of argv (from o->rest) is left alone
 * (a PROGRAM's own arguments).  stop may be NULL.  --help and --version end the reading at
 * once (o->help, o->version).  0, or 2 after a message on stderr ("awemu CMD: ..."). */
int aw_opts_parse(aw_opts *o, unsigned cmd, int argc, char **argv, int (*stop)(void *ctx, const char *arg), void *ctx);
void aw_opts_free(aw_opts *o);

/* "run", "debug", "exec". */
const char *aw_opts_cmd_name(unsigned cmd);
/* The option lines of cmd's --help, from the table. */
void aw_opts_help(FILE *f, unsigned cmd);
/* For an option o->cmd took but cannot use in this case (--ptx for a run script): the message
 * "awemu CMD: OPTION does not apply to WHAT: WHY" on stderr; returns 2. */
int aw_opts_refuse(const aw_opts *o, aw_opt_id id, const char *what, const char *why);

/* The timing config --config and --set make, checked (*timing 0 and c untouched when neither
 * was given).  0, or 2 after a message. */
int aw_opts_config(const aw_opts *o, tm_config *c, int *timing);
/* A launch's wall-clock limit: --timeout, else $AWEMU_TIMEOUT, else 600 s.  0, or 2 after a message. */
int aw_opts_timeout(const aw_opts *o, double *seconds);
/* The output files (--stats-json, --trace-timeline) checked before anything runs: not empty, no
 * directory, in a directory that exists and can be written, not the same file as each other,
 * nor one of the inputs: 'main' (the SCRIPT or PROGRAM; NULL: none; main_kind says which: "the
 * SCRIPT"), the --subroutines, --ptx and --config files.  0, or 2 after a message. */
int aw_opts_check_outputs(const aw_opts *o, const char *main, const char *main_kind);
/* Sets device d up as the options say: timing under *cfg (NULL: functional), the --subroutines
 * files, the time limit, the instruction limit, the resident CTAs, memcheck and --record.  0, or 2 after a message. */
int aw_opts_setup(const aw_opts *o, aw_device *d, const tm_config *cfg, double timeout);

/* The statistics of d's launches as JSON into path ("-": standard output): the timing figures
 * (totals and a "launches" list) when a launch ran timed or cfg (the config asked for) is not
 * NULL, else the functional counters of all launches and their host time.  0, or -1 with the
 * reason in err. */
int aw_stats_json(aw_device *d, const char *path, const tm_config *cfg, char *err, size_t cap);

/* Whether the run script at path has a 'config' line (its first word): it selects a timing
 * config itself.  1 also for standard input ("-") and a file that cannot be read (not known
 * before it runs). */
int aw_script_has_config(const char *path);

#endif
