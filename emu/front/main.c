/* emu/front/main.c -- bin/awemu: run scripts, the debugger, compression reports. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "exec.h"
#include "../datadir.h"
#include "debug.h"
#include "options.h"
#include "report.h"
#include "script.h"
#include "sweep.h"
#include "../../asm/asm.h"
#include "../../isa/outfile.h"
#include "../../isa/version.h"
#include "../timing/timing.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *f) {
  fputs("usage: awemu run [options] SCRIPT [NAME=VALUE ...]   (a run script; awemu run --help)\n"
        "       awemu config [--list | --table | --show] [--config NAME|FILE] [--set KEY=VALUE]...   (timing configs)\n"
        "       awemu debug [options] [SCRIPT | MODULE] [NAME=VALUE ...]   (the debugger; awemu debug --help)\n"
        "       awemu debug [options] PROGRAM [ARGS...]   (a CUDA program under the debugger)\n"
        "       awemu compress [options] FILE   (compression report; awemu compress --help)\n"
        "       awemu exec [options] PROGRAM [ARGS...]   (a CUDA program on awemu's libcudart; awemu exec --help)\n"
        "       awemu sweep [-j N] [--out DIR] FILE   (a grid of timing runs, merged; awemu sweep --help)\n"
        "       awemu --help | --version\n"
        "run, debug and exec take the same options (--config, --set, --subroutines, --stats-json, --trace-timeline,\n"
        "--timeout, --insn-limit, --memcheck, ...) where they apply.\n"
        "Runs a script of commands (emu/RUNSCRIPT.md): load modules, fill buffers, launch kernels, check results.\n"
        "Exit status: 0 when every command succeeded, 1 otherwise, 2 on usage errors, 130 when interrupted.\n", f);
}

static void run_usage(FILE *f) {
  fputs("usage: awemu run [options] SCRIPT [NAME=VALUE ...]\n"
        "Runs the commands of SCRIPT (emu/RUNSCRIPT.md), stopping at the first that fails; a SCRIPT of -\n"
        "is standard input (named <stdin> in messages).  NAME=VALUE defines ${NAME} for the script.\n"
        "In timing mode (--config, --set, or the script's own 'config' lines) the totals are printed at the end.\n", f);
  aw_opts_help(f, AO_RUN);
  fputs("Options take their value as --opt=VALUE or --opt VALUE; awemu debug and awemu exec take the same ones\n"
        "where they apply.  Ctrl-C (SIGINT) stops the running launch with the fault \"interrupted\" and ends the\n"
        "script; a second Ctrl-C ends awemu at once.\n"
        "Exit status: 0 when every command succeeded, 1 otherwise, 2 on usage errors, 130 when interrupted.\n", f);
}

/* ---- SIGINT during awemu run ---- */

static aw_session *volatile run_session;
static volatile sig_atomic_t run_interrupted;

/* Async-signal-safe: aw_interrupt sets a flag; a second SIGINT takes the default action. */
static void on_sigint(int sig) {
  if (run_interrupted) { signal(sig, SIG_DFL); raise(sig); return; }
  run_interrupted = 1;
  if (run_session) aw_session_interrupt(run_session);
}

/* ---- awemu config ---- */

/* The value of long option 'name' in argv[*i] ("--name=V" or "--name V"), or
 * NULL when argv[*i] is not that option.  *missing is set when it is but has
 * no value. */
static const char *long_value(int argc, char **argv, int *i, const char *name, int *missing) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0) return NULL;
  if (a[n] == '=') return a + n + 1;
  if (a[n]) return NULL;
  if (*i + 1 >= argc) { *missing = 1; return NULL; }
  return argv[++*i];
}

/* --config NAME|FILE and --set KEY=VALUE (repeatable) of awemu config.  1 when argv[*i] was
 * one of them, 0 when not, -1 (message printed) when its value is missing. */
static int config_option(int argc, char **argv, int *i, const char *who, const char **config, const char **sets, int *nsets) {
  int missing = 0;
  const char *v;
  if ((v = long_value(argc, argv, i, "--config", &missing)) || missing) {
    if (missing) { fprintf(stderr, "%s: --config needs a preset name or a config file\n", who); return -1; }
    *config = v;
    return 1;
  }
  if ((v = long_value(argc, argv, i, "--set", &missing)) || missing) {
    if (missing) { fprintf(stderr, "%s: --set needs KEY=VALUE\n", who); return -1; }
    sets[(*nsets)++] = v;
    return 1;
  }
  return 0;
}

/* A config from a preset or file (caba-gtx480 when NULL) and KEY=VALUE
 * settings, checked.  0, or 2 with the message printed. */
static int build_config(tm_config *c, const char *config, const char **sets, int nsets, const char *who) {
  char err[512];
  tm_config_defaults(c);
  if (tm_config_load(c, config ? config : "caba-gtx480", err, sizeof err)) { fprintf(stderr, "%s: %s\n", who, err); return 2; }
  for (int i = 0; i < nsets; i++)
    if (tm_config_set_pair(c, sets[i], "--set", err, sizeof err)) { fprintf(stderr, "%s: %s\n", who, err); return 2; }
  if (tm_config_check(c, err, sizeof err)) { fprintf(stderr, "%s: %s\n", who, err); return 2; }
  return 0;
}

/* After a run in timing mode: the totals on standard output. */
static void timing_report(aw_device *d, const tm_config *c) {
  const tm_stats *launches, *total;
  const char *const *kernels;
  uint32_t n = aw_timing_launches(d, &launches, &kernels, &total);
  if (n) c = aw_timing_total_config(d);   /* the config the launches ran under (NULL: different ones) */
  printf("timing (%u launch%s):\n", n, n == 1 ? "" : "es");
  tm_stats_print(total, c, stdout);
}

static void config_usage(FILE *f) {
  fputs("usage: awemu config [--list | --table | --show] [--config NAME|FILE] [--set KEY=VALUE]...\n"
        "The timing model's configurations.\n"
        "  --list              the presets, one per line\n"
        "  --table             every key with its unit, default, accepted values and meaning (Markdown)\n"
        "  --show              the config --config and --set make (default caba-gtx480), every key with\n"
        "                      where its value came from; a file that loads back to the same config\n"
        "Exit status: 0, or 2 on a bad config or usage.\n", f);
}

/* awemu config; argv[0] is "config". */
static int config_main(int argc, char **argv, const char **sets) {
  const char *config = NULL;
  int nsets = 0, what = 's';
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int k;
    if (!strcmp(a, "--list")) what = 'l';
    else if (!strcmp(a, "--table")) what = 't';
    else if (!strcmp(a, "--show")) what = 's';
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { config_usage(stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("awemu (awemu) %s\n", AWEMU_VERSION); return 0; }
    else if ((k = config_option(argc, argv, &i, "awemu config", &config, sets, &nsets)) != 0) { if (k < 0) return 2; }
    else { fprintf(stderr, "awemu config: unknown argument '%s' (awemu config --help)\n", a); return 2; }
  }
  if (what == 'l') {
    for (int i = 0; tm_preset_name(i, NULL); i++) puts(tm_preset_name(i, NULL));
    return 0;
  }
  if (what == 't') { tm_config_table(stdout); return 0; }
  tm_config c;
  if (build_config(&c, config, sets, nsets, "awemu config")) return 2;
  tm_config_write(&c, stdout);
  return 0;
}

/* awemu run; argv[0] is "run". */

static int run_script(const aw_opts *o) {
  if (!o->nargs) { fprintf(stderr, "awemu run: no SCRIPT given\n"); run_usage(stderr); return 2; }
  const char *script = o->args[0];
  for (int k = 1; k < o->nargs; k++) {
    const char *eq = strchr(o->args[k], '=');
    if (!eq || eq == o->args[k]) { fprintf(stderr, "awemu run: '%s' is not NAME=VALUE (only one SCRIPT is run)\n", o->args[k]); return 2; }
  }
  if (o->nptx) return aw_opts_refuse(o, AO_PTX, "awemu run", "it replaces a CUDA program's fat binary (awemu exec, awemu debug PROGRAM); a run script loads its modules itself (load FILE)");
  double timeout;
  if (aw_opts_timeout(o, &timeout)) return 2;
  int is_stdin = !strcmp(script, "-");
  struct stat st;
  if (!is_stdin && stat(script, &st) == 0 && S_ISDIR(st.st_mode)) {
    fprintf(stderr, "awemu run: %s: is a directory\n", script);
    return 2;
  }
  tm_config cfg;
  int timing;
  if (aw_opts_config(o, &cfg, &timing)) return 2;
  /* the timeline records the launches run timed: under --config, or under the script's own 'config' */
  if (o->timeline && !timing && !aw_script_has_config(script)) {
    fprintf(stderr, "awemu run: --trace-timeline needs timing mode: --config NAME|FILE, or a 'config' line in the script (%s has none)\n", script);
    return 2;
  }
  if (aw_opts_check_outputs(o, script, "the SCRIPT")) return 2;
  aw_session *s = aw_session_new(stdout, stderr);
  if (!s) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
  aw_device *d = aw_session_device(s);
  if (aw_opts_setup(o, d, timing ? &cfg : NULL, timeout)) { aw_session_free(s); return 2; }
  isa_outfile tl;
  if (o->timeline) {
    char err[512];
    if (isa_out_open(&tl, o->timeline, 0, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); aw_session_free(s); return 2; }
    if (aw_timing_timeline(d, tl.f)) { fprintf(stderr, "awemu: out of memory\n"); isa_out_abort(&tl); aw_session_free(s); return 2; }
  }
  for (int k = 1; k < o->nargs; k++) {
    char *a = o->args[k], *eq = strchr(a, '=');
    *eq = 0;
    aw_session_set_var(s, a, eq + 1);
    *eq = '=';
  }
  run_session = s;
  /* a SIGINT that was ignored when awemu started (a background job of a
   * shell without job control) stays ignored, as the convention is */
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  int caught = sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN && sigaction(SIGINT, &sa, NULL) == 0;
  int rc = aw_session_run_file(s, script);   /* (- is standard input: checked as a whole first, as a file is) */
  if (caught) sigaction(SIGINT, &old, NULL);
  run_session = NULL;
  /* timing figures when launches ran timed: from --config, or after the
   * script's own 'config' (then under the config it left, or --config's) */
  const tm_config *last = aw_timing_last_config(d);
  if (last) timing = 1;
  /* a module the script loaded is no place for the figures (the script and the other inputs were checked before it ran) */
  const char *stats_json = o->stats_json;
  const char *kind = stats_json && strcmp(stats_json, "-") ? aw_session_input(s, stats_json) : NULL;
  if (kind) { fprintf(stderr, "awemu run: --stats-json %s is %s: not written (it would be overwritten)\n", stats_json, kind); stats_json = NULL; rc = rc ? rc : 2; }
  if (timing) timing_report(d, last ? last : &cfg);
  if (stats_json) {
    char err[512];
    if (aw_stats_json(d, stats_json, timing ? (last ? last : &cfg) : NULL, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); rc = rc ? rc : 2; }
  }
  if (o->timeline) {   /* the events so far, also when the run failed: they show where */
    char err[512];
    aw_timing_timeline(d, NULL);
    kind = strcmp(o->timeline, "-") ? aw_session_input(s, o->timeline) : NULL;
    if (kind) { fprintf(stderr, "awemu run: --trace-timeline %s is %s: not written (it would be overwritten)\n", o->timeline, kind); isa_out_abort(&tl); rc = rc ? rc : 2; }
    else if (!last) {   /* the script's config lines were never reached (or were 'config off') */
      fprintf(stderr, "awemu run: --trace-timeline %s: no launch ran in timing mode (--config NAME|FILE, or a 'config' line before the launches); not written\n", o->timeline);
      isa_out_abort(&tl);
      rc = rc ? rc : 2;
    } else if (isa_out_commit(&tl, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); rc = rc ? rc : 2; }
  }
  aw_session_free(s);
  if (run_interrupted) return 130;
  return rc ? 1 : 0;
}

static int run_main(int argc, char **argv) {
  aw_opts o;
  int rc = aw_opts_parse(&o, AO_RUN, argc, argv, NULL, NULL);
  if (!rc && o.help) run_usage(stdout);
  else if (!rc && o.version) printf("awemu (awemu) %s\n", AWEMU_VERSION);
  else if (!rc) rc = run_script(&o);
  aw_opts_free(&o);
  return rc;
}

static int awemu_main(int argc, char **argv) {
  aw_data_setup_codecs();   /* codec_mpc's models from the data root, not the working directory */
  if (argc < 2) { usage(stderr); return 2; }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) { usage(stdout); return 0; }
  if (!strcmp(cmd, "--version")) { printf("awemu (awemu) %s\n", AWEMU_VERSION); return 0; }
  if (!strcmp(cmd, "run")) return run_main(argc - 1, argv + 1);
  if (!strcmp(cmd, "config")) {
    const char **sets = calloc((size_t)argc, sizeof *sets);
    if (!sets) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
    int rc = config_main(argc - 1, argv + 1, sets);
    free(sets);
    return rc;
  }
  if (!strcmp(cmd, "debug")) return dbg_main(argc - 1, argv + 1, cr_exec_program);
  if (!strcmp(cmd, "compress")) return aw_compress_main(argc - 2, argv + 2, stdout, stderr);
  if (!strcmp(cmd, "exec")) return cr_exec_main(argc - 1, argv + 1);
  if (!strcmp(cmd, "sweep")) return aw_sweep_main(argc - 1, argv + 1);
  if (cmd[0] == '-') fprintf(stderr, "awemu: unknown option '%s'\n", cmd);
  else fprintf(stderr, "awemu: unknown command '%s' (run, debug, exec, sweep, compress or config)\n", cmd);
  usage(stderr);
  return 2;
}

/* standard output is checked at the end, as GNU tools do: a full disk under '>' is an error (exit 2) */
int main(int argc, char **argv) { return isa_close_stdout("awemu", awemu_main(argc, argv)); }
