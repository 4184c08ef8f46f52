/* emu/front/options.c -- the options of awemu run, awemu debug and awemu exec (see options.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "options.h"
#include "../timing/timing.h"
#include "../../asm/asm.h"
#include "../../isa/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ALL (AO_RUN | AO_DEBUG | AO_EXEC)
#define DEFAULT_TIMEOUT 600   /* seconds: a launch's wall-clock limit when none is given (why: emu/cudart/README.md, "Limits") */

/* Every option of the three commands, in the order --help lists them. */
const aw_option aw_options[] = {
  { AO_CONFIG, "--config", NULL, 1, "NAME|FILE", "a preset name or a config file", ALL,
    "timing mode: launches run on the cycle-level model of a preset (caba-gtx480,\n"
    "mag-gddr5, mpc-titanv, h100, h200) or a config file", NULL },
  { AO_SET, "--set", NULL, 1, "KEY=VALUE", "KEY=VALUE", ALL,
    "change one key of the config (repeatable; implies --config caba-gtx480\n"
    "when no --config is given); awemu config --table lists the keys", NULL },
  { AO_SUBROUTINES, "--subroutines", NULL, 1, "FILE", "a file of subroutines (e.g. subroutines/bdi/bdi.s)", ALL,
    "assemble FILE's assist-warp subroutines (e.g. subroutines/bdi/bdi.s) with every\n"
    "module loaded from text (repeatable): what --set design=caba needs", NULL },
  { AO_PTX, "--ptx", NULL, 1, "FILE", "a PTX file", AO_DEBUG | AO_EXEC,
    "a CUDA program's kernels from FILE (PTX) instead of its fat binary (repeatable)",
    "it replaces a CUDA program's fat binary (awemu exec, awemu debug PROGRAM); a run script loads its modules itself (load FILE)" },
  { AO_STATS_JSON, "--stats-json", NULL, 1, "FILE", "a file name (- for standard output)", ALL,
    "write the statistics as JSON at the end: the timing figures (totals and a\n"
    "'launches' list) in timing mode, else the counters of all launches and their\n"
    "host time", NULL },
  { AO_TRACE_TIMELINE, "--trace-timeline", NULL, 1, "FILE", "a file name (- for standard output)", ALL,
    "write a timeline (Chrome Trace Event JSON, opens in Perfetto) of the launches run\n"
    "in timing mode, under whatever config each runs: per SM and warp, what the warps and\n"
    "their assist warps issued and when, assist warps' starts and exits, L1 fills\n"
    "(timestamps in core cycles; at most 5 M events)", NULL },
  { AO_TIMEOUT, "--timeout", NULL, 1, "SECONDS", "a number of seconds (0 or more; 0 is no limit)", ALL,
    "a launch running longer than SECONDS of wall-clock time faults (default: 600,\n"
    "or $AWEMU_TIMEOUT when set; 0: no limit; a run script's 'set time-limit S' too;\n"
    "time stopped at the debugger's prompt does not count)", NULL },
  { AO_INSN_LIMIT, "--insn-limit", NULL, 1, "N", "a whole number of warp instructions (0 is no limit)", ALL,
    "a launch executing more than N warp instructions faults (default 1000000000;\n"
    "0: no limit; a run script's 'set limit N' changes it too)", NULL },
  { AO_RESIDENT_CTAS, "--resident-ctas", NULL, 1, "N", "a whole number of CTAs (1 or more) or all", ALL,
    "functional mode: N CTAs of a launch resident at once, taking turns (all: every\n"
    "one), which CTAs waiting for one another need (default 1: one after another)", NULL },
  { AO_MEMCHECK, "--memcheck", NULL, 2, "MODE", "on, stop or off", ALL,
    "report every global access outside every allocation (device memory is laid out\n"
    "in mapped pages as CUDA's allocator does, so such an access runs, as on a GPU):\n"
    "on (the default MODE) writes a line for each to standard error and goes on, stop\n"
    "makes the first a fault, off; a run script's 'set memcheck MODE' changes it too", NULL },
  { AO_RECORD, "--record", NULL, 1, "DIR", "a directory (made, or empty)", AO_RUN | AO_EXEC,
    "record every launch into DIR (made, or empty): each module's PTX, each launch's\n"
    "kernel, dimensions, parameters and every allocation's bytes before and after it,\n"
    "for tests/gpu/replay.c to run on a real GPU and compare (tests/gpu/README.md)",
    "the debugger changes what it is told to (set var) and runs a script again at 'run', so a recording would not be one "
    "plain run's: record with awemu run --record or awemu exec --record" },
  { AO_FAULT_EXIT, "--fault-exit", NULL, 0, NULL, NULL, AO_EXEC,
    "exit status 1 when a launch faulted and the program ends with 0 anyway\n"
    "(a program that does not check its CUDA calls' errors)",
    "it is for CUDA programs that ignore their errors (awemu exec); a run script stops at a fault, with exit status 1, and "
    "the debugger stops there" },
  { AO_NO_SUMMARY, "--quiet", NULL, 0, NULL, NULL, AO_EXEC, "no summary line on standard error at exit",
    "it drops the summary line awemu exec writes at the program's exit" },
  { AO_LIBDIR, "--libdir", NULL, 0, NULL, NULL, AO_EXEC, "print the directory holding libcudart.so.13 and exit",
    "it prints where awemu exec finds libcudart.so.13 (awemu exec --libdir)" },
  { AO_COMMAND, "-x", "--command --x", 1, "FILE", "a FILE of commands", AO_DEBUG,
    "run the debugger commands in FILE first (each echoed after the prompt)",
    "it names a file of debugger commands (awemu debug -x FILE)" },
  { AO_EVAL, "-ex", "--eval-command --ex", 1, "COMMAND", "a COMMAND", AO_DEBUG, "run COMMAND first (in order with -x)",
    "it is a debugger command (awemu debug -ex COMMAND)" },
  { AO_BATCH, "-batch", "--batch", 0, NULL, NULL, AO_DEBUG, "exit when those commands are done (status 1 if any failed)",
    "it is the debugger's (awemu debug -batch)" },
  { AO_NO_BANNER, "-q", "--quiet -quiet", 0, NULL, NULL, AO_DEBUG, "no banner",
    "it drops the debugger's banner (awemu exec --quiet drops its summary line)" },
  { AO_HELP, "-h", "--help", 0, NULL, NULL, ALL, "this text", NULL },
  { AO_VERSION, "--version", NULL, 0, NULL, NULL, ALL, "print the version", NULL },
  { AO_HELP, NULL, NULL, 0, NULL, NULL, 0, NULL, NULL },
};

const char *aw_opts_cmd_name(unsigned cmd) { return cmd == AO_RUN ? "run" : cmd == AO_DEBUG ? "debug" : "exec"; }

/* Whether a (up to its '=' when eq) is one of the option's spellings; *dash1: it is a single-dash one. */
static int spelled(const aw_option *r, const char *a, size_t len, int *dash1) {
  const char *s = r->name;
  for (int k = 0; s; k++) {
    size_t n = strcspn(s, " ");
    if (n == len && !strncmp(s, a, len)) { *dash1 = s[1] != '-'; return 1; }
    if (k == 0) s = r->aliases;
    else s = s[n] ? s + n + 1 : NULL;
  }
  return 0;
}

/* The row of argument a ("--name" or "--name=V") for cmd: the one that takes it, else another
 * command's (*other); *len: the length of its name in a. */
static const aw_option *row_of(const char *a, unsigned cmd, const aw_option **other, size_t *len, int *dash1) {
  const char *eq = a[1] == '-' ? strchr(a, '=') : NULL;
  *len = eq ? (size_t)(eq - a) : strlen(a);
  *other = NULL;
  for (const aw_option *r = aw_options; r->name; r++) {
    if (!spelled(r, a, *len, dash1)) continue;
    if (r->cmds & cmd) return r;
    if (!*other) *other = r;
  }
  return NULL;
}

/* "awemu run and awemu exec" for bits of a row's cmds. */
static void cmds_text(unsigned cmds, char *buf, size_t cap) {
  buf[0] = 0;
  int n = 0;
  for (unsigned c = AO_RUN; c <= AO_EXEC; c <<= 1)
    if (cmds & c) n++;
  int k = 0;
  for (unsigned c = AO_RUN; c <= AO_EXEC; c <<= 1)
    if (cmds & c) {
      k++;
      snprintf(buf + strlen(buf), cap - strlen(buf), "%sawemu %s", k == 1 ? "" : k == n ? " and " : ", ", aw_opts_cmd_name(c));
    }
}

/* --timeout's value: 0, or -1 (not a number of seconds 0 or more). */
static int parse_seconds(const char *v, double *t) {
  char *end = NULL;
  errno = 0;
  *t = strtod(v, &end);
  return end == v || *end || !isfinite(*t) || *t < 0 || errno == ERANGE ? -1 : 0;
}

static int take(aw_opts *o, const aw_option *r, const char *arg, size_t len, const char *v, int missing) {
  char a[64];   /* the option as written, without its value */
  snprintf(a, sizeof a, "%.*s", (int)len, arg);
  const char *who = aw_opts_cmd_name(o->cmd);
  if (missing) {
    fprintf(stderr, "awemu %s: %s needs %s, got nothing\n", who, a, r->needs);
    return 2;
  }
  switch (r->id) {
  case AO_CONFIG: o->config = v; break;
  case AO_SET: o->sets[o->nsets++] = v; break;
  case AO_SUBROUTINES: o->subs[o->nsubs++] = v; break;
  case AO_PTX: o->ptx[o->nptx++] = v; break;
  case AO_STATS_JSON: o->stats_json = v; break;
  case AO_TRACE_TIMELINE: o->timeline = v; break;
  case AO_RECORD: o->record = v; break;
  case AO_TIMEOUT:
    if (parse_seconds(v, &o->timeout)) { fprintf(stderr, "awemu %s: %s needs %s, got '%s'\n", who, a, r->needs, v); return 2; }
    o->have_timeout = 1;
    break;
  case AO_INSN_LIMIT: {
    char *end = NULL;
    errno = 0;
    unsigned long long n = *v < '0' || *v > '9' ? 0 : strtoull(v, &end, 10);
    if (!end || *end) { fprintf(stderr, "awemu %s: %s needs %s, got '%s'\n", who, a, r->needs, v); return 2; }
    if (errno == ERANGE) { fprintf(stderr, "awemu %s: %s is at most 2^64-1 = %llu, got '%s'\n", who, a, (unsigned long long)UINT64_MAX, v); return 2; }
    o->insn_limit = n;
    o->have_insn_limit = 1;
    break;
  }
  case AO_RESIDENT_CTAS: {
    char *end = NULL;
    errno = 0;
    unsigned long long n = !strcmp(v, "all") ? 0 : *v < '0' || *v > '9' ? 0 : strtoull(v, &end, 10);
    if (strcmp(v, "all") && (!end || *end || errno == ERANGE || n == 0 || n > UINT32_MAX)) {
      fprintf(stderr, "awemu %s: %s needs %s, got '%s'\n", who, a, r->needs, v);
      return 2;
    }
    o->resident_ctas = (uint32_t)n;
    o->have_resident_ctas = 1;
    break;
  }
  case AO_MEMCHECK: {
    const char *m = v ? v : "on";
    o->memcheck = !strcmp(m, "on") ? AW_MEMCHECK_REPORT : !strcmp(m, "stop") ? AW_MEMCHECK_STOP : !strcmp(m, "off") ? AW_MEMCHECK_OFF : -2;
    if (o->memcheck == -2) { fprintf(stderr, "awemu %s: %s takes on, stop or off, not '%s'\n", who, a, m); return 2; }
    break;
  }
  case AO_COMMAND: case AO_EVAL:
    o->commands[o->ncommands] = v;
    o->command_kind[o->ncommands++] = r->id == AO_COMMAND ? 'x' : 'e';
    break;
  case AO_FAULT_EXIT: o->fault_exit = 1; break;
  case AO_NO_SUMMARY: o->no_summary = 1; break;
  case AO_LIBDIR: o->libdir = 1; break;
  case AO_BATCH: o->batch = 1; break;
  case AO_NO_BANNER: o->no_banner = 1; break;
  case AO_HELP: o->help = 1; break;
  case AO_VERSION: o->version = 1; break;
  }
  return 0;
}

int aw_opts_parse(aw_opts *o, unsigned cmd, int argc, char **argv, int (*stop)(void *ctx, const char *arg), void *ctx) {
  memset(o, 0, sizeof *o);
  o->cmd = cmd;
  o->memcheck = -1;
  size_t n = argc > 0 ? (size_t)argc : 1;
  o->sets = calloc(n, sizeof *o->sets);
  o->subs = calloc(n, sizeof *o->subs);
  o->ptx = calloc(n, sizeof *o->ptx);
  o->commands = calloc(n, sizeof *o->commands);
  o->command_kind = calloc(n, 1);
  o->args = calloc(n, sizeof *o->args);
  const char *who = aw_opts_cmd_name(cmd);
  if (!o->sets || !o->subs || !o->ptx || !o->commands || !o->command_kind || !o->args) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
  int done = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (done || a[0] != '-' || !a[1]) {
      o->args[o->nargs++] = argv[i];
      if (stop && stop(ctx, a)) { o->rest = i + 1; return 0; }
      continue;
    }
    if (!strcmp(a, "--")) { done = 1; continue; }
    const aw_option *other;
    size_t len;
    int dash1 = 0;
    const aw_option *r = row_of(a, cmd, &other, &len, &dash1);
    if (!r && other) {
      char cmds[96];
      cmds_text(other->cmds, cmds, sizeof cmds);
      fprintf(stderr, "awemu %s: %.*s is an option of %s, not of awemu %s: %s\n", who, (int)len, a, cmds, who,
              other->why_not ? other->why_not : "it means something else there");
      return 2;
    }
    if (!r) { fprintf(stderr, "awemu %s: unknown option '%s' (awemu %s --help lists them)\n", who, a, who); return 2; }
    const char *v = NULL;
    int missing = 0;
    if (a[len] == '=') {
      if (!r->value || dash1) { fprintf(stderr, "awemu %s: option '%.*s' takes no value\n", who, (int)len, a); return 2; }
      v = a + len + 1;
    } else if (r->value == 1) {
      if (i + 1 < argc) v = argv[++i];
      else missing = 1;
    }
    if (take(o, r, a, len, v, missing)) return 2;
    if (o->help || o->version) return 0;
  }
  return 0;
}

void aw_opts_free(aw_opts *o) {
  free(o->sets); free(o->subs); free(o->ptx); free(o->commands); free(o->command_kind); free(o->args);
  memset(o, 0, sizeof *o);
}

void aw_opts_help(FILE *f, unsigned cmd) {
  for (const aw_option *r = aw_options; r->name; r++) {
    if (!(r->cmds & cmd)) continue;
    char left[96];
    int dash1 = r->name[1] != '-';
    if (!r->value) snprintf(left, sizeof left, "%s", r->name);
    else if (r->value == 2) snprintf(left, sizeof left, "%s[=%s]", r->name, r->arg);
    else snprintf(left, sizeof left, "%s%s%s", r->name, dash1 ? " " : "=", r->arg);
    if (r->aliases) {   /* the first other spelling (the rest are gdb's, accepted too) */
      const char *s = r->aliases;
      size_t n = strcspn(s, " ");
      snprintf(left + strlen(left), sizeof left - strlen(left), ", %.*s%s%s", (int)n, s, r->value && s[1] == '-' ? "=" : r->value ? " " : "",
               r->value ? r->arg : "");
    }
    const char *h = r->help;
    if (strlen(left) > 19) fprintf(f, "  %s\n%22s", left, "");
    else fprintf(f, "  %-19s ", left);
    for (;;) {
      size_t n = strcspn(h, "\n");
      fprintf(f, "%.*s\n", (int)n, h);
      if (!h[n]) break;
      h += n + 1;
      fprintf(f, "%22s", "");
    }
  }
}

int aw_opts_refuse(const aw_opts *o, aw_opt_id id, const char *what, const char *why) {
  const char *name = "?";
  for (const aw_option *r = aw_options; r->name; r++) if (r->id == id) { name = r->name; break; }
  fprintf(stderr, "awemu %s: %s does not apply to %s: %s\n", aw_opts_cmd_name(o->cmd), name, what, why);
  return 2;
}

int aw_opts_config(const aw_opts *o, tm_config *c, int *timing) {
  char err[512];
  const char *who = aw_opts_cmd_name(o->cmd);
  *timing = o->config || o->nsets;
  if (!*timing) return 0;
  tm_config_defaults(c);
  if (tm_config_load(c, o->config ? o->config : "caba-gtx480", err, sizeof err)) { fprintf(stderr, "awemu %s: %s\n", who, err); return 2; }
  for (int i = 0; i < o->nsets; i++)
    if (tm_config_set_pair(c, o->sets[i], "--set", err, sizeof err)) { fprintf(stderr, "awemu %s: %s\n", who, err); return 2; }
  if (tm_config_check(c, err, sizeof err)) { fprintf(stderr, "awemu %s: %s\n", who, err); return 2; }
  return 0;
}

int aw_opts_timeout(const aw_opts *o, double *seconds) {
  if (o->have_timeout) { *seconds = o->timeout; return 0; }
  const char *env = getenv("AWEMU_TIMEOUT");
  if (!env || !*env) { *seconds = DEFAULT_TIMEOUT; return 0; }
  if (parse_seconds(env, seconds)) {
    fprintf(stderr, "awemu %s: AWEMU_TIMEOUT needs a number of seconds (0 or more; 0 is no limit), got '%s'\n", aw_opts_cmd_name(o->cmd), env);
    return 2;
  }
  return 0;
}

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

/* An output option's FILE: empty, a directory, or in a directory that does not exist or cannot
 * be written.  What is not a regular file (-, a FIFO, a device) is left to be opened when it is
 * written.  0, or 2 with a message. */
static int check_output(const char *who, const char *opt, const char *path) {
  if (!strcmp(path, "-")) return 0;
  if (!*path) { fprintf(stderr, "awemu %s: %s: an empty file name\n", who, opt); return 2; }
  struct stat st;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu %s: %s %s: is a directory\n", who, opt, path); return 2; }
    return 0;
  }
  char dir[PATH_MAX];
  const char *slash = strrchr(path, '/');
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash == path ? 1 : slash - path) : 1, slash ? path : ".");
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu %s: %s %s: no directory %s\n", who, opt, path, dir); return 2; }
  if (access(dir, W_OK | X_OK)) { fprintf(stderr, "awemu %s: %s %s: cannot write in %s: %s\n", who, opt, path, dir, strerror(errno)); return 2; }
  return 0;
}

int aw_opts_check_outputs(const aw_opts *o, const char *main, const char *main_kind) {
  const char *who = aw_opts_cmd_name(o->cmd);
  const char *tl = o->timeline, *js = o->stats_json;
  char pa[2 * PATH_MAX], pb[2 * PATH_MAX];
  if (tl && js && (!strcmp(tl, js) || isa_same_file(tl, js) ||
                   (strcmp(tl, "-") && strcmp(js, "-") && out_place(tl, pa, sizeof pa) && out_place(js, pb, sizeof pb) && !strcmp(pa, pb)))) {
    fprintf(stderr, "awemu %s: --trace-timeline and --stats-json name the same file\n", who);   /* (./x and x, before x exists) */
    return 2;
  }
  if (js && check_output(who, "--stats-json", js)) return 2;
  if (tl && check_output(who, "--trace-timeline", tl)) return 2;
  /* an output that is one of the inputs would be overwritten by the figures */
  for (int k = 0; k < 2; k++) {
    const char *out = k ? tl : js, *opt = k ? "--trace-timeline" : "--stats-json", *what = NULL;
    if (!out || !strcmp(out, "-")) continue;
    if (main && strcmp(main, "-") && isa_same_file(out, main)) what = main_kind;
    for (int i = 0; !what && i < o->nsubs; i++) if (isa_same_file(out, o->subs[i])) what = "a --subroutines file";
    for (int i = 0; !what && i < o->nptx; i++) if (isa_same_file(out, o->ptx[i])) what = "a --ptx file";
    if (!what && o->config && isa_same_file(out, o->config)) what = "the --config file";
    if (what) { fprintf(stderr, "awemu %s: %s %s is %s: it would be overwritten\n", who, opt, out, what); return 2; }
  }
  struct stat st;   /* --record: a directory of its own, made or empty (the record is refused in it otherwise) */
  if (o->record && stat(o->record, &st) == 0) {
    DIR *dd = S_ISDIR(st.st_mode) ? opendir(o->record) : NULL;
    struct dirent *e;
    int empty = dd != NULL;
    while (dd && (e = readdir(dd))) if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = 0;
    if (dd) closedir(dd);
    if (!empty) {
      fprintf(stderr, "awemu %s: --record %s: %s\n", who, o->record, S_ISDIR(st.st_mode) ? "not empty (a new or empty directory is needed)" : "not a directory");
      return 2;
    }
  }
  return 0;
}

int aw_opts_setup(const aw_opts *o, aw_device *d, const tm_config *cfg, double timeout) {
  const char *who = aw_opts_cmd_name(o->cmd);
  if (cfg && aw_set_timing(d, cfg)) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
  for (int k = 0; k < o->nsubs; k++) {
    size_t len;
    errno = 0;
    char *text = asm_read_file(o->subs[k], &len);
    if (!text) { fprintf(stderr, "awemu %s: --subroutines %s: %s\n", who, o->subs[k], errno ? strerror(errno) : "cannot be read"); return 2; }
    int r = aw_add_subroutines(d, o->subs[k], text, len);
    free(text);
    if (r == -2) {
      fprintf(stderr, "awemu %s: --subroutines %s: an AWS image: subroutines are given as assembly source (.s), assembled with each "
                      "module loaded after them (an image that holds its kernels is loaded itself)\n", who, o->subs[k]);
      return 2;
    }
    if (r) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
  }
  aw_set_time_limit(d, timeout);
  if (o->cmd == AO_RUN) aw_set_limit_hints(d, NULL, "awemu run --timeout S, AWEMU_TIMEOUT=S or set time-limit S raises it; 0 lifts it");
  else aw_set_limit_hints(d, NULL, "awemu debug --timeout S, AWEMU_TIMEOUT=S or set time-limit S raises it; 0 lifts it");
  if (o->have_insn_limit) aw_set_insn_limit(d, o->insn_limit);
  if (o->have_resident_ctas) aw_set_resident_ctas(d, o->resident_ctas);
  if (o->memcheck >= 0) aw_set_memcheck(d, o->memcheck, NULL);
  if (o->record && aw_set_record(d, o->record)) {
    fprintf(stderr, "awemu %s: --record %s: %s\n", who, o->record, errno == ENOTEMPTY ? "not empty (a new or empty directory is needed)" : strerror(errno));
    return 2;
  }
  return 0;
}

int aw_stats_json(aw_device *d, const char *path, const tm_config *cfg, char *err, size_t cap) {
  isa_outfile o;
  if (isa_out_open(&o, path, 0, err, cap)) return -1;
  const tm_stats *launches, *total;
  const char *const *kernels;
  uint32_t n = aw_timing_launches(d, &launches, &kernels, &total);
  if (n || cfg) tm_stats_json(total, launches, kernels, n, n ? aw_timing_total_config(d) : cfg, o.f);
  else {
    aw_stats t = aw_get_total_stats(d);
    fprintf(o.f, "{\n  \"mode\": \"functional\",\n  \"warp_instructions\": %llu,\n  \"thread_instructions\": %llu,\n"
                 "  \"ctas\": %llu,\n  \"warps\": %llu,\n  \"branches\": %llu,\n  \"divergent_branches\": %llu,\n"
                 "  \"barriers\": %llu,\n  \"launch_seconds\": %.6f\n}\n",
            (unsigned long long)t.warp_insns, (unsigned long long)t.thread_insns, (unsigned long long)t.ctas, (unsigned long long)t.warps,
            (unsigned long long)t.branches, (unsigned long long)t.divergent_branches, (unsigned long long)t.barriers, t.seconds);
  }
  return isa_out_commit(&o, err, cap) ? -1 : 0;
}

int aw_script_has_config(const char *path) {
  if (!strcmp(path, "-")) return 1;
  FILE *f = fopen(path, "r");
  if (!f) return 1;
  char line[4096];
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    const char *p = line + strspn(line, " \t");
    found = !strncmp(p, "config", 6) && (p[6] == ' ' || p[6] == '\t');
  }
  fclose(f);
  return found;
}
