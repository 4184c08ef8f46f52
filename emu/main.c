/* emu/main.c -- bin/awemu: run scripts, the debugger, compression reports. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "cudart/exec.h"
#include "datadir.h"
#include "debug.h"
#include "report.h"
#include "script.h"
#include "sweep.h"
#include "../asm/asm.h"
#include "../isa/outfile.h"
#include "../isa/version.h"
#include "timing/timing.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *f) {
  fputs("usage: awemu run [--config NAME|FILE] [--set KEY=VALUE]... [--subroutines FILE]... [--stats-json FILE] [--trace-timeline FILE] [--timeout SECONDS]\n"
        "                 [--insn-limit N] [--memcheck[=stop]] [--record DIR] SCRIPT [NAME=VALUE ...]   (awemu run --help)\n"
        "       awemu config [--list | --table | --show] [--config NAME|FILE] [--set KEY=VALUE]...   (timing configs)\n"
        "       awemu debug [-x FILE] [-batch] [SCRIPT | MODULE] [NAME=VALUE ...]   (the debugger; awemu debug --help)\n"
        "       awemu compress [options] FILE   (compression report; awemu compress --help)\n"
        "       awemu exec [options] PROGRAM [ARGS...]   (a CUDA program on awemu's libcudart; awemu exec --help)\n"
        "       awemu sweep [-j N] [--out DIR] FILE   (a grid of timing runs, merged; awemu sweep --help)\n"
        "       awemu --help | --version\n"
        "Runs a script of commands (emu/RUNSCRIPT.md): load modules, fill buffers, launch kernels, check results.\n"
        "Exit status: 0 when every command succeeded, 1 otherwise, 2 on usage errors, 130 when interrupted.\n", f);
}

static void run_usage(FILE *f) {
  fputs("usage: awemu run [options] SCRIPT [NAME=VALUE ...]\n"
        "Runs the commands of SCRIPT (emu/RUNSCRIPT.md), stopping at the first that fails; a SCRIPT of -\n"
        "is standard input (named <stdin> in messages).  NAME=VALUE defines ${NAME} for the script.\n"
        "  --config=NAME|FILE  timing mode: launches run on the cycle-level model of a preset (caba-gtx480,\n"
        "                      mag-gddr5, mpc-titanv) or a config file; totals are printed at the end\n"
        "  --set=KEY=VALUE     change one key of the config (repeatable; implies --config caba-gtx480\n"
        "                      when no --config is given); awemu config --table lists the keys\n"
        "  --subroutines=FILE  assemble FILE's assist-warp subroutines (e.g. subroutines/bdi/bdi.s) with every\n"
        "                      module the script loads from text (repeatable): what --set design=caba needs\n"
        "  --stats-json=FILE   write the statistics as JSON: in timing mode the timing figures (totals, and a\n"
        "                      'launches' list); in functional mode the counters of all launches and their host time\n"
        "  --trace-timeline=FILE  write a timeline (Chrome Trace Event JSON, opens in Perfetto): per SM and\n"
        "                      warp, what the warps and their assist warps issued and when, assist warps'\n"
        "                      starts and exits, L1 fills (timestamps in core cycles; at most 5 M events)\n"
        "  --timeout=SECONDS   a launch running longer than SECONDS of wall-clock time faults (default: 600,\n"
        "                      or $AWEMU_TIMEOUT when set; 0: no limit; the script's 'set time-limit S' too)\n"
        "  --insn-limit=N      a launch executing more than N warp instructions faults (0: no limit;\n"
        "                      the script's 'set limit N' changes it too)\n"
        "  --memcheck[=MODE]   report every global access outside every allocation (device memory is laid out\n"
        "                      in mapped pages as CUDA's allocator does, so such an access runs, as on a GPU):\n"
        "                      on (the default MODE) writes a line for each to standard error and goes on, stop\n"
        "                      makes the first a fault, off; the script's 'set memcheck MODE' changes it too\n"
        "  --record=DIR        record every launch into DIR (made, or empty): each module's PTX, each launch's\n"
        "                      kernel, dimensions, parameters and every allocation's bytes before and after it,\n"
        "                      for tests/gpu/replay.c to run on a real GPU and compare (tests/gpu/README.md)\n"
        "  -h, --help          this text\n"
        "  --version           print the version\n"
        "Options take their value as --opt=VALUE or --opt VALUE.  Ctrl-C (SIGINT) stops the running launch\n"
        "with the fault \"interrupted\" and ends the script; a second Ctrl-C ends awemu at once.\n"
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

/* ---- option values ---- */

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

/* Functional mode's --stats-json: the counters of all the script's launches,
 * named as timing mode's JSON names them where they mean the same, and the
 * host seconds spent in the launches.  0, or -1 with a message. */
static int functional_report(aw_device *d, const char *json) {
  aw_stats t = aw_get_total_stats(d);
  isa_outfile o;
  char err[512];
  if (isa_out_open(&o, json, 0, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); return -1; }
  fprintf(o.f, "{\n  \"mode\": \"functional\",\n  \"warp_instructions\": %llu,\n  \"thread_instructions\": %llu,\n"
               "  \"ctas\": %llu,\n  \"warps\": %llu,\n  \"branches\": %llu,\n  \"divergent_branches\": %llu,\n"
               "  \"barriers\": %llu,\n  \"launch_seconds\": %.6f\n}\n",
          (unsigned long long)t.warp_insns, (unsigned long long)t.thread_insns, (unsigned long long)t.ctas, (unsigned long long)t.warps,
          (unsigned long long)t.branches, (unsigned long long)t.divergent_branches, (unsigned long long)t.barriers, t.seconds);
  if (isa_out_commit(&o, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); return -1; }
  return 0;
}

/* ---- timing configs ---- */

/* The timing options both commands take: --config NAME|FILE and --set KEY=VALUE
 * (repeatable).  1 when argv[*i] was one of them, 0 when not, -1 (message
 * printed) when its value is missing. */
/* Where an output file named 'path' would go: its directory made absolute and its last part, in
 * buf; NULL when the directory does not exist.  Two names with the same place are one file, also
 * before it exists (isa_same_file compares files that exist). */
static const char *out_place(const char *path, char *buf, size_t cap) {
  char dir[PATH_MAX], real[PATH_MAX];
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash == path ? 1 : slash - path), path);
  else snprintf(dir, sizeof dir, ".");
  if (!realpath(dir, real)) return NULL;
  snprintf(buf, cap, "%s/%s", real, base);
  return buf;
}

/* An output option's FILE, checked before the script runs, so that a name it could never
 * write is not found out after a long run (and its figures lost): empty, a directory, or in a
 * directory that does not exist or cannot be written.  What is not a regular file (-, a FIFO,
 * a device) is left to be opened when it is written.  0, or -1 with a message. */
static int check_output(const char *opt, const char *path) {
  if (!strcmp(path, "-")) return 0;
  if (!*path) { fprintf(stderr, "awemu run: %s: an empty file name\n", opt); return -1; }
  struct stat st;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu run: %s %s: is a directory\n", opt, path); return -1; }
    return 0;
  }
  char dir[PATH_MAX];
  const char *slash = strrchr(path, '/');
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash == path ? 1 : slash - path) : 1, slash ? path : ".");
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu run: %s %s: no directory %s\n", opt, path, dir); return -1; }
  if (access(dir, W_OK | X_OK)) { fprintf(stderr, "awemu run: %s %s: cannot write in %s: %s\n", opt, path, dir, strerror(errno)); return -1; }
  return 0;
}

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

/* After a run in timing mode: the totals on standard output, and the JSON
 * file when asked.  0, or -1 when the file could not be written. */
static int timing_report(aw_device *d, const tm_config *c, const char *json) {
  const tm_stats *launches, *total;
  const char *const *kernels;
  uint32_t n = aw_timing_launches(d, &launches, &kernels, &total);
  if (n) c = aw_timing_total_config(d);   /* the config the launches ran under (NULL: different ones) */
  printf("timing (%u launch%s):\n", n, n == 1 ? "" : "es");
  tm_stats_print(total, c, stdout);
  if (!json) return 0;
  isa_outfile o;
  char err[512];
  if (isa_out_open(&o, json, 0, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); return -1; }
  tm_stats_json(total, launches, kernels, n, c, o.f);
  if (isa_out_commit(&o, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); return -1; }
  return 0;
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
/* Reads a whole file into a malloc'd buffer; NULL with errno set. */
static char *read_whole(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  struct stat st;
  if (fstat(fileno(f), &st) || S_ISDIR(st.st_mode)) { fclose(f); errno = EISDIR; return NULL; }
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  while (b) {
    size_t r = fread(b + n, 1, cap - n, f);
    n += r;
    if (n < cap) break;
    char *nb = realloc(b, cap *= 2);
    if (!nb) { free(b); b = NULL; }
    else b = nb;
  }
  if (b && ferror(f)) { free(b); b = NULL; }
  fclose(f);
  if (b) *len = n;
  return b;
}

#define RUN_TIMEOUT 600   /* seconds: awemu run's wall-clock limit of one launch when none is given */

static int run_main(int argc, char **argv, int *vars, const char **sets) {
  const char *script = NULL, *config = NULL, *stats_json = NULL, *timeline = NULL;
  const char *subs[64];
  int nsets = 0, nsubs = 0;
  double timeout = -1;   /* not given: $AWEMU_TIMEOUT, else RUN_TIMEOUT */
  uint64_t insn_limit = 0;
  int have_limit = 0, nvars = 0, options_done = 0, memcheck = -1;
  const char *record = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    int k;
    int missing = 0;
    if (options_done || a[0] != '-' || !a[1]) {
      if (!script) { script = a; continue; }
      const char *eq = strchr(a, '=');
      if (!eq || eq == a) { fprintf(stderr, "awemu run: '%s' is not NAME=VALUE (only one SCRIPT is run)\n", a); return 2; }
      vars[nvars++] = i;
    } else if (!strcmp(a, "--")) options_done = 1;
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { run_usage(stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("awemu (awemu) %s\n", AWEMU_VERSION); return 0; }
    else if ((k = config_option(argc, argv, &i, "awemu run", &config, sets, &nsets)) != 0) { if (k < 0) return 2; }
    else if ((v = long_value(argc, argv, &i, "--subroutines", &missing)) || missing) {
      if (missing) { fprintf(stderr, "awemu run: --subroutines needs a file of subroutines (e.g. subroutines/bdi/bdi.s)\n"); return 2; }
      if (nsubs == 64) { fprintf(stderr, "awemu run: at most 64 --subroutines files\n"); return 2; }
      subs[nsubs++] = v;
    } else if ((v = long_value(argc, argv, &i, "--stats-json", &missing)) || missing) {
      if (missing) { fprintf(stderr, "awemu run: --stats-json needs a file name (- for standard output)\n"); return 2; }
      stats_json = v;
    } else if ((v = long_value(argc, argv, &i, "--trace-timeline", &missing)) || missing) {
      if (missing) { fprintf(stderr, "awemu run: --trace-timeline needs a file name (- for standard output)\n"); return 2; }
      timeline = v;
    } else if ((v = long_value(argc, argv, &i, "--record", &missing)) || missing) {
      if (missing) { fprintf(stderr, "awemu run: --record needs a directory (made, or empty)\n"); return 2; }
      record = v;
    } else if ((v = long_value(argc, argv, &i, "--timeout", &missing)) || missing) {
      char *end = NULL;
      errno = 0;
      double t = missing ? 0 : strtod(v, &end);
      if (missing || end == v || *end || !isfinite(t) || t < 0 || errno == ERANGE) {
        fprintf(stderr, "awemu run: --timeout needs a number of seconds (0 or more; 0 is no limit), got %s%s%s\n",
                missing ? "nothing" : "'", missing ? "" : v, missing ? "" : "'");
        return 2;
      }
      timeout = t;
    } else if (!strcmp(a, "--memcheck") || !strncmp(a, "--memcheck=", 11)) {
      const char *m = a[10] ? a + 11 : "on";
      memcheck = !strcmp(m, "on") ? AW_MEMCHECK_REPORT : !strcmp(m, "stop") ? AW_MEMCHECK_STOP : !strcmp(m, "off") ? AW_MEMCHECK_OFF : -2;
      if (memcheck == -2) { fprintf(stderr, "awemu run: --memcheck takes on, stop or off, not '%s'\n", m); return 2; }
    } else if ((v = long_value(argc, argv, &i, "--insn-limit", &missing)) || missing) {
      char *end = NULL;
      errno = 0;
      unsigned long long n = missing || *v < '0' || *v > '9' ? 0 : strtoull(v, &end, 10);
      if (missing || !end || *end) {
        fprintf(stderr, "awemu run: --insn-limit needs a whole number of warp instructions (0 is no limit), got %s%s%s\n",
                missing ? "nothing" : "'", missing ? "" : v, missing ? "" : "'");
        return 2;
      }
      if (errno == ERANGE) { fprintf(stderr, "awemu run: --insn-limit is at most 2^64-1 = %llu, got '%s'\n", (unsigned long long)UINT64_MAX, v); return 2; }
      insn_limit = n;
      have_limit = 1;
    } else {
      const char *eq = a[1] == '-' ? strchr(a, '=') : NULL;
      if (eq && (!strncmp(a, "--help=", 7) || !strncmp(a, "--version=", 10)))
        fprintf(stderr, "awemu run: option '%.*s' takes no value\n", (int)(eq - a), a);
      else fprintf(stderr, "awemu run: unknown option '%s' (awemu run --help lists them)\n", a);
      return 2;
    }
  }
  if (!script) { fprintf(stderr, "awemu run: no SCRIPT given\n"); run_usage(stderr); return 2; }
  if (timeout < 0) {   /* a launch's default wall-clock limit (why 600 s: emu/cudart/README.md, "Limits") */
    const char *env = getenv("AWEMU_TIMEOUT");
    char *end = NULL;
    timeout = env && *env ? strtod(env, &end) : RUN_TIMEOUT;
    if (env && *env && (*end || !isfinite(timeout) || timeout < 0)) {
      fprintf(stderr, "awemu run: AWEMU_TIMEOUT needs a number of seconds (0 or more; 0 is no limit), got '%s'\n", env);
      return 2;
    }
  }
  int is_stdin = !strcmp(script, "-");
  struct stat st;
  if (!is_stdin && stat(script, &st) == 0 && S_ISDIR(st.st_mode)) {
    fprintf(stderr, "awemu run: %s: is a directory\n", script);
    return 2;
  }
  tm_config cfg;
  int timing = config || nsets;
  if (timing && build_config(&cfg, config, sets, nsets, "awemu run")) return 2;
  if (timeline && !timing) { fprintf(stderr, "awemu run: --trace-timeline needs timing mode (--config NAME|FILE)\n"); return 2; }
  char pa[2 * PATH_MAX], pb[2 * PATH_MAX];
  if (timeline && stats_json && (!strcmp(timeline, stats_json) || isa_same_file(timeline, stats_json) ||
                                 (strcmp(timeline, "-") && strcmp(stats_json, "-") && out_place(timeline, pa, sizeof pa) &&
                                  out_place(stats_json, pb, sizeof pb) && !strcmp(pa, pb)))) {   /* (./x and x, before x exists) */
    fprintf(stderr, "awemu run: --trace-timeline and --stats-json name the same file\n");
    return 2;
  }
  if (stats_json && check_output("--stats-json", stats_json)) return 2;
  /* an output that is one of the inputs would be overwritten by the run's figures */
  for (int o = 0; o < 2; o++) {
    const char *outp = o ? timeline : stats_json, *opt = o ? "--trace-timeline" : "--stats-json";
    if (!outp || !strcmp(outp, "-")) continue;
    if (!is_stdin && isa_same_file(outp, script)) { fprintf(stderr, "awemu run: %s %s is the SCRIPT: it would be overwritten\n", opt, outp); return 2; }
    for (int k = 0; k < nsubs; k++)
      if (isa_same_file(outp, subs[k])) { fprintf(stderr, "awemu run: %s %s is a --subroutines file: it would be overwritten\n", opt, outp); return 2; }
    if (config && isa_same_file(outp, config)) { fprintf(stderr, "awemu run: %s %s is the --config file: it would be overwritten\n", opt, outp); return 2; }
  }
  aw_session *s = aw_session_new(stdout, stderr);
  if (!s) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
  aw_device *d = aw_session_device(s);
  if (timing && aw_set_timing(d, &cfg)) { fprintf(stderr, "awemu: out of memory\n"); aw_session_free(s); return 2; }
  for (int k = 0; k < nsubs; k++) {
    size_t len;
    char *text = read_whole(subs[k], &len);
    if (!text) { fprintf(stderr, "awemu run: --subroutines %s: %s\n", subs[k], strerror(errno)); aw_session_free(s); return 2; }
    int r = aw_add_subroutines(d, subs[k], text, len);
    free(text);
    if (r == -2) { fprintf(stderr, "awemu run: --subroutines %s: an AWS image: subroutines are given as assembly source (.s), assembled with each module loaded after them (an image that holds its kernels is loaded itself)\n", subs[k]); aw_session_free(s); return 2; }
    if (r) { fprintf(stderr, "awemu: out of memory\n"); aw_session_free(s); return 2; }
  }
  isa_outfile tl;
  if (timeline) {
    char err[512];
    if (isa_out_open(&tl, timeline, 0, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); aw_session_free(s); return 2; }
    if (aw_timing_timeline(d, tl.f)) { fprintf(stderr, "awemu: out of memory\n"); isa_out_abort(&tl); aw_session_free(s); return 2; }
  }
  aw_set_time_limit(d, timeout);
  aw_set_limit_hints(d, NULL, "awemu run --timeout S, AWEMU_TIMEOUT=S or set time-limit S raises it; 0 lifts it");
  if (have_limit) aw_set_insn_limit(d, insn_limit);
  if (memcheck >= 0) aw_set_memcheck(d, memcheck, NULL);
  if (record && aw_set_record(d, record)) {
    fprintf(stderr, "awemu run: --record %s: %s\n", record, errno == ENOTEMPTY ? "not empty (a new or empty directory is needed)" : strerror(errno));
    if (timeline) isa_out_abort(&tl);
    aw_session_free(s);
    return 2;
  }
  for (int k = 0; k < nvars; k++) {
    char *a = argv[vars[k]], *eq = strchr(a, '=');
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
  const char *kind = stats_json && strcmp(stats_json, "-") ? aw_session_input(s, stats_json) : NULL;
  if (kind) { fprintf(stderr, "awemu run: --stats-json %s is %s: not written (it would be overwritten)\n", stats_json, kind); stats_json = NULL; rc = rc ? rc : 2; }
  if (timing && timing_report(d, last ? last : &cfg, stats_json)) rc = rc ? rc : 2;
  if (!timing && stats_json && functional_report(d, stats_json)) rc = rc ? rc : 2;
  if (timeline) {   /* the events so far, also when the run failed: they show where */
    char err[512];
    aw_timing_timeline(d, NULL);
    kind = strcmp(timeline, "-") ? aw_session_input(s, timeline) : NULL;
    if (kind) { fprintf(stderr, "awemu run: --trace-timeline %s is %s: not written (it would be overwritten)\n", timeline, kind); isa_out_abort(&tl); rc = rc ? rc : 2; }
    else if (isa_out_commit(&tl, err, sizeof err)) { fprintf(stderr, "awemu run: %s\n", err); rc = rc ? rc : 2; }
  }
  aw_session_free(s);
  if (run_interrupted) return 130;
  return rc ? 1 : 0;
}

static int awemu_main(int argc, char **argv) {
  aw_data_setup_codecs();   /* codec_mpc's models from the data root, not the working directory */
  if (argc < 2) { usage(stderr); return 2; }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) { usage(stdout); return 0; }
  if (!strcmp(cmd, "--version")) { printf("awemu (awemu) %s\n", AWEMU_VERSION); return 0; }
  if (!strcmp(cmd, "run") || !strcmp(cmd, "config")) {
    int *vars = calloc((size_t)argc, sizeof *vars);
    const char **sets = calloc((size_t)argc, sizeof *sets);
    if (!vars || !sets) { fprintf(stderr, "awemu: out of memory\n"); free(vars); free(sets); return 2; }
    int rc = cmd[0] == 'r' ? run_main(argc - 1, argv + 1, vars, sets) : config_main(argc - 1, argv + 1, sets);
    free(vars);
    free(sets);
    return rc;
  }
  if (!strcmp(cmd, "debug")) return dbg_main(argc - 1, argv + 1);
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
