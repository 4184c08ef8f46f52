/* emu/front/sweep.c -- awemu sweep (sweep.h; the reference is emu/SWEEP.md).
 *
 * This file has the helpers every part uses, the runs a sweep expands into, running them, the
 * lock, Slurm and the entry points; the other files of the sweep (sweep_int.h): sweep_file.c
 * (the sweep file and .exec workloads), sweep_id.c (what a run read, its state) and
 * sweep_merge.c (results.csv and .json, the figures).
 */
#define _XOPEN_SOURCE 700   /* realpath */
#define _DEFAULT_SOURCE     /* flock */
#include "sweep_int.h"
#include "../../asm/asm.h"
#include "../timing/config.h"
#include "../../isa/outfile.h"

#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <glob.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/file.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>


const char *sw_out_dir;
static char awemu_path[PATH_MAX];


/* Whether s ends with suffix. */
int sw_ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

static void usage(FILE *f) {
  fputs("usage: awemu sweep [-j N] [--out DIR] FILE                 run the sweep (runs with results are skipped)\n"
        "       awemu sweep --list [--out DIR] FILE                  the commands of the runs not done yet, one a line\n"
        "       awemu sweep --merge [--out DIR] FILE                 merge the results into DIR/results.csv and .json\n"
        "       awemu sweep --plot [--out DIR] FILE                  draw FILE's figures from DIR/results.csv (gnuplot)\n"
        "       awemu sweep --slurm [--tasks N] [--out DIR] FILE     write a Slurm array job (DIR/slurm/submit.sh)\n"
        "       awemu sweep --task K/N [--out DIR] FILE              run the runs K, K+N, K+2N, ... (a Slurm task's share)\n"
        "Expands FILE (workloads x configs x designs x algorithms x set axes; emu/SWEEP.md) into runs of\n"
        "awemu run (awemu exec for .exec workloads), each writing DIR/runs/ID/stats.json, and merges them.\n"
        "DIR defaults to NAME.runs.\n"
        "  -j N   runs at a time (default: the number of cores)\n"
        "A run is redone when its command, a file it reads or awemu itself changed (DIR/runs/ID/inputs).\n"
        "One sweep at a time in DIR (DIR/lock).  SIGINT or SIGTERM stops the runs too, keeping no\n"
        "partial statistics.\n"
        "Exit status: 0 when every run succeeded, 1 when one failed (or, to --merge, is stale), 2 on a bad\n"
        "sweep file, usage, or DIR in use by another sweep; 130 or 143 when stopped by SIGINT or SIGTERM.\n", f);
}

int sw_err_at(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (line) fprintf(stderr, "%s:%d: error: ", file, line);
  else fprintf(stderr, "awemu sweep: ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return -1;
}

/* snprintf that ends the program rather than truncate a path or name. */
void sw_fmt(char *buf, size_t cap, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vsnprintf(buf, cap, f, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= cap) { fprintf(stderr, "awemu sweep: a path or name is too long: %.100s...\n", buf); exit(2); }
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int sw_exists(const char *p) { struct stat st; return stat(p, &st) == 0; }
int sw_is_dir(const char *p) { struct stat st; return stat(p, &st) == 0 && S_ISDIR(st.st_mode); }

static int mkdirs(const char *path) {
  char buf[PATH_MAX];
  sw_fmt(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') { *p = 0; if (mkdir(buf, 0777) && errno != EEXIST) return -1; *p = '/'; }
  return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

/* ---- runs ---- */

/* The workloads' names in run ids and tables: the last part of each one's
 * directory (or script, without .aw), with as many parts before it as it
 * takes to tell apart workloads whose last parts agree (caba_bfs, examples_bfs). */
char *sw_wnames[MAX_VALS];
static void name_workloads(const sweep *w) {
  int parts[MAX_VALS];
  for (int i = 0; i < w->wl.n; i++) parts[i] = 1;
  for (int round = 0; round < 64; round++) {
    for (int i = 0; i < w->wl.n; i++) {
      char p[PATH_MAX];
      sw_fmt(p, sizeof p, "%s", w->wl.vals[i]);
      size_t n = strlen(p);
      if (n > 7 && !strcmp(p + n - 7, "/run.aw")) p[n - 7] = 0;
      else if (n > 3 && !strcmp(p + n - 3, ".aw")) p[n - 3] = 0;
      else if (n > 9 && !strcmp(p + n - 9, "/run.exec")) p[n - 9] = 0;
      else if (n > 5 && !strcmp(p + n - 5, ".exec")) p[n - 5] = 0;
      char *start = p + strlen(p);
      for (int k = 0; k < parts[i] && start > p; k++) { start--; while (start > p && start[-1] != '/') start--; if (k + 1 < parts[i] && start > p) start--; }
      while (*start == '/' || *start == '.') start++;
      free(sw_wnames[i]);
      sw_wnames[i] = strdup(*start ? start : "workload");
      for (char *c = sw_wnames[i]; *c; c++) if (*c == '/') *c = '_';
    }
    int again = 0;
    for (int i = 0; i < w->wl.n; i++)
      for (int j = 0; j < w->wl.n; j++)
        if (i != j && !strcmp(sw_wnames[i], sw_wnames[j]) && strcmp(w->wl.vals[i], w->wl.vals[j])) { parts[i]++; again = 1; break; }
    if (!again) return;
  }
}


void sw_config_name(const char *c, char *buf, size_t cap) {
  const char *b = strrchr(c, '/');
  snprintf(buf, cap, "%s", b ? b + 1 : c);   /* a name too long for it is too long for a run's id too: expand refuses it */
  char *dot = strrchr(buf, '.');
  if (dot && dot != buf) *dot = 0;
}

static void sanitize(char *s) {
  for (; *s; s++) if (!isalnum((unsigned char)*s) && !strchr("._=+-", *s)) *s = '_';
}

static char *dup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dup_printf(const char *fmt, ...) {
  va_list ap, aq;
  va_start(ap, fmt);
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (p) vsnprintf(p, (size_t)n + 1, fmt, aq);
  va_end(aq);
  if (!p) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
  return p;
}

/* The data directory of workload i: its reference program's output (ref.c beside run.aw), made once. */
void sw_data_dir(int i, char *buf, size_t cap) { sw_fmt(buf, cap, "%s/data/%s", sw_out_dir, sw_wnames[i]); }

/* Whether the file done holds want. */
static int holds(const char *done, const char *want) {
  size_t len;
  char *had = sw_read_regular(done, &len);
  int same = had && !strcmp(had, want);
  free(had);
  return same;
}

/* Builds and runs each workload's ref.c into its data directory, unless done before with the same
 * ref.c and command: DATA/.prepared holds their hash (another ref.c makes other data, and the runs
 * that read them run again).  Sweeps into one directory prepare one at a time (DIR/data/.lock: the
 * tasks of a Slurm array start together).  0, or -1. */
static int prepare(const sweep *w) {
  int lfd = -1, rc = 0;
  for (int i = 0; i < w->wl.n && !rc; i++) {
    char dir[PATH_MAX], ref[PATH_MAX + 8], done[PATH_MAX + 16], src[PATH_MAX], cmd[4 * PATH_MAX], want[40];
    sw_data_dir(i, dir, sizeof dir);
    sw_fmt(src, sizeof src, "%s", w->wl.vals[i]);
    char *slash = strrchr(src, '/');
    sw_fmt(slash ? slash + 1 : src, sizeof src - (size_t)(slash ? slash + 1 - src : 0), "ref.c");
    sw_fmt(done, sizeof done, "%s/.prepared", dir);
    if (!sw_exists(src)) continue;
    sw_fmt(ref, sizeof ref, "%s/ref", dir);
    const char *cc = getenv("CC");
    sw_fmt(cmd, sizeof cmd, "'%s' -std=c11 -O2 -ffp-contract=off -o '%s' '%s' -lm && '%s' '%s' > /dev/null", cc && *cc ? cc : "cc", ref, src, ref, dir);
    sw_fmt(want, sizeof want, "%016llx\n", (unsigned long long)sw_fnv1a(sw_file_hash(src), cmd, strlen(cmd)));
    if (holds(done, want)) continue;
    if (mkdirs(dir)) { rc = sw_err_at(NULL, 0, "%s: cannot make: %s", dir, strerror(errno)); break; }
    if (lfd < 0) {
      char lp[PATH_MAX + 16];
      sw_fmt(lp, sizeof lp, "%s/data/.lock", sw_out_dir);   /* (no workload is named .lock: names never start with a dot) */
      if ((lfd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666)) < 0 || flock(lfd, LOCK_EX)) { rc = sw_err_at(NULL, 0, "%s: cannot lock: %s", lp, strerror(errno)); break; }
      if (holds(done, want)) continue;   /* another made them while this one waited */
    }
    unlink(done);
    fprintf(stderr, "[sweep] preparing %s's data (%s)\n", w->wl.vals[i], src);
    int st = system(cmd);
    if (st != -1 && ((WIFSIGNALED(st) && (WTERMSIG(st) == SIGINT || WTERMSIG(st) == SIGQUIT)) || (WIFEXITED(st) && WEXITSTATUS(st) == 128 + SIGINT))) {
      /* Ctrl-C: system() kept it from us, and the shell or the compiler took it; the sweep
       * stops as it does when it comes while the runs run (128 + SIGINT to the shell) */
      fprintf(stderr, "[sweep] interrupted while preparing %s's data\n", w->wl.vals[i]);
      fflush(stderr);
      signal(SIGINT, SIG_DFL);
      raise(SIGINT);
      rc = -1;
      break;
    }
    if (st != 0) { rc = sw_err_at(NULL, 0, "%s: the reference program failed (%s)", src, cmd); break; }
    FILE *f = fopen(done, "w");
    if (f) { fputs(want, f); fclose(f); }
  }
  if (lfd >= 0) close(lfd);
  return rc;
}

/* p, kept in x's list of strings to free. */
static char *own(run *x, char *p) { x->own[x->nown++] = p; return p; }

static void free_runs(run *r, int n) {
  for (int i = 0; r && i < n; i++) {
    for (int k = 0; k < r[i].nown; k++) free(r[i].own[k]);
    free(r[i].argv); free(r[i].inputs); sw_free_words(r[i].words, r[i].nwords);
  }
  free(r);
}

static void free_sweep(sweep *w) {
  free(w->name);
  sw_free_axis(&w->wl, 0); sw_free_axis(&w->cfg, 0); sw_free_axis(&w->des, 0); sw_free_axis(&w->alg, 0);
  sw_free_axis(&w->subs, 0); sw_free_axis(&w->timeout, 0);
  for (int i = 0; i < w->nalgsubs; i++) sw_free_axis(&w->algsubs[i], 0);
  for (int i = 0; i < w->nsets; i++) sw_free_axis(&w->sets[i], 0);
  for (int i = 0; i < w->nfigs; i++) plot_free(&w->figs[i]);
  for (int i = 0; i < MAX_VALS; i++) { free(sw_wnames[i]); sw_wnames[i] = NULL; }
}

/* Appends to a run's id; -1 when it does not fit. */
static int id_add(char *id, size_t cap, const char *f, ...) __attribute__((format(printf, 3, 4)));
static int id_add(char *id, size_t cap, const char *f, ...) {
  size_t l = strlen(id);
  va_list ap;
  va_start(ap, f);
  int n = vsnprintf(id + l, cap - l, f, ap);
  va_end(ap);
  return n < 0 || (size_t)n >= cap - l ? -1 : 0;
}

static int cmp_id(const void *a, const void *b) { return strcmp((*(run *const *)a)->id, (*(run *const *)b)->id); }

/* Every run of the sweep, in order: workloads, configs, designs, algorithms, then the set axes (the
 * first slowest); NULL (message printed) past max_runs runs, or when two runs would share a name. */
static run *expand(const sweep *w, int *nruns, long max_runs) {
  int nd = w->des.n ? w->des.n : 1, na = w->alg.n ? w->alg.n : 1;
  long total = (long)w->wl.n * w->cfg.n * nd * na;   /* at most 256^4 */
  for (int k = 0; k < w->nsets && total <= max_runs; k++) total *= w->sets[k].n;   /* never past 2^40 */
  if (total > max_runs) { sw_err_at(w->file, 0, "more than %ld runs (workloads x configs x designs x algorithms x set and var axes)", max_runs); return NULL; }
  int nargv = 16 + 2 * w->nsets + 2 * w->subs.n;   /* awemu run, config, design, algorithm, sets, subroutines, timeout, stats, script, DATA, vars, NULL */
  for (int a = 0; a < w->nalgsubs; a++) nargv += 2 * w->algsubs[a].n;
  run *r = calloc((size_t)total, sizeof *r);
  if (!r) { sw_err_at(NULL, 0, "out of memory"); return NULL; }
  for (long i = 0; i < total; i++) {
    run *x = &r[i];
    long q = i;
    for (int k = w->nsets; k-- > 0;) { x->s[k] = (int)(q % w->sets[k].n); q /= w->sets[k].n; }
    x->a = (int)(q % na); q /= na;
    x->d = (int)(q % nd); q /= nd;
    x->c = (int)(q % w->cfg.n); q /= w->cfg.n;
    x->w = (int)q;
    char wn[PATH_MAX], cn[PATH_MAX];
    sw_fmt(wn, sizeof wn, "%s", sw_wnames[x->w]);
    sw_config_name(w->cfg.vals[x->c], cn, sizeof cn);
    int bad = id_add(x->id, sizeof x->id, "%s.%s", wn, cn);
    if (w->des.n) bad |= id_add(x->id, sizeof x->id, ".%s", w->des.vals[x->d]);
    if (w->alg.n) bad |= id_add(x->id, sizeof x->id, ".%s", w->alg.vals[x->a]);
    for (int k = 0; k < w->nsets; k++)
      bad |= id_add(x->id, sizeof x->id, ".%s=%s", w->sets[k].key, w->sets[k].vals[x->s[k]]);
    if (bad) {   /* named at the line of its longest part */
      size_t lm = strlen(wn), l;
      int ln = w->wl.line;
      if ((l = strlen(cn)) > lm) { lm = l; ln = w->cfg.line; }
      if (w->des.n && (l = strlen(w->des.vals[x->d])) > lm) { lm = l; ln = w->des.line; }
      if (w->alg.n && (l = strlen(w->alg.vals[x->a])) > lm) { lm = l; ln = w->alg.line; }
      for (int k = 0; k < w->nsets; k++) if ((l = strlen(w->sets[k].key) + strlen(w->sets[k].vals[x->s[k]])) > lm) { lm = l; ln = w->sets[k].line; }
      sw_err_at(w->file, ln, "a run's name (workload.config.design.algorithm.KEY=VALUE...) is longer than %d characters: %.60s...", (int)sizeof x->id - 1, x->id);
      free_runs(r, (int)i + 1);
      return NULL;
    }
    sanitize(x->id);
    x->dir = own(x, dup_printf("%s/runs/%s", sw_out_dir, x->id));
    if (strlen(x->dir) + 32 >= PATH_MAX) {
      sw_err_at(NULL, 0, "%s: a path too long", x->dir);
      free_runs(r, (int)i + 1);
      return NULL;
    }
    int is_exec = sw_ends_with(w->wl.vals[x->w], ".exec");
    char dd[PATH_MAX];
    sw_data_dir(x->w, dd, sizeof dd);
    if (is_exec) {   /* its words, with ${SCRIPT_DIR} and ${DATA} absolute: the run starts in its own directory */
      char sd[PATH_MAX], ad[PATH_MAX], err[PATH_MAX + 128];
      script_var vars[MAX_SCRIPT_VARS];
      int nv = 0;
      sw_workload_dir(w->wl.vals[x->w], sd, sizeof sd);
      sw_abs_path(dd, ad, sizeof ad);
      sw_var_set(vars, &nv, "SCRIPT_DIR", sd);
      sw_var_set(vars, &nv, "DATA", ad);
      for (int k = 0; k < w->nsets; k++) if (w->isvar[k]) sw_var_set(vars, &nv, w->sets[k].key, w->sets[k].vals[x->s[k]]);
      int unread = sw_exec_words(w->wl.vals[x->w], vars, nv, &x->words, &x->nwords, err, sizeof err);
      for (int k = 0; k < nv; k++) { free(vars[k].name); free(vars[k].value); }
      if (unread) { sw_err_at(w->file, w->wl.line, "workloads: %s", err); free_runs(r, (int)i + 1); return NULL; }
      sw_abs_path(x->dir, ad, sizeof ad);
      x->work = own(x, dup_printf("%s/work", ad));
    }
    x->argv = calloc((size_t)nargv + (size_t)x->nwords, sizeof *x->argv);
    if (!x->argv) { sw_err_at(NULL, 0, "out of memory"); free_runs(r, (int)i + 1); return NULL; }
    int c = 0;
    x->argv[c++] = awemu_path;
    x->argv[c++] = is_exec ? "exec" : "run";
    if (strcmp(w->cfg.vals[x->c], "functional")) {
      x->argv[c++] = "--config";
      x->argv[c++] = w->cfg.vals[x->c];
      if (is_exec && sw_exists(w->cfg.vals[x->c])) {   /* a config file, from the run's own directory */
        char *real = realpath(w->cfg.vals[x->c], NULL);
        if (real) x->argv[c - 1] = own(x, real);
      }
    }
    if (w->des.n) { x->argv[c++] = "--set"; x->argv[c++] = own(x, dup_printf("design=%s", w->des.vals[x->d])); }
    if (w->alg.n) { x->argv[c++] = "--set"; x->argv[c++] = own(x, dup_printf("compression=%s", w->alg.vals[x->a])); }
    for (int k = 0; k < w->nsets; k++)
      if (!w->isvar[k]) { x->argv[c++] = "--set"; x->argv[c++] = own(x, dup_printf("%s=%s", w->sets[k].key, w->sets[k].vals[x->s[k]])); }
    for (int k = 0; k < w->subs.n; k++) { x->argv[c++] = "--subroutines"; x->argv[c++] = w->subs.vals[k]; }
    if (w->alg.n)
      for (int a = 0; a < w->nalgsubs; a++)
        if (!strcmp(w->algsubs[a].key + 12, w->alg.vals[x->a]))
          for (int k = 0; k < w->algsubs[a].n; k++) { x->argv[c++] = "--subroutines"; x->argv[c++] = w->algsubs[a].vals[k]; }
    for (int k = 2; is_exec && k < c; k++)   /* the subroutines, from the run's own directory */
      if (!strcmp(x->argv[k - 1], "--subroutines")) { char *real = realpath(x->argv[k], NULL); if (real) x->argv[k] = own(x, real); }
    if (w->timeout.n) { x->argv[c++] = "--timeout"; x->argv[c++] = w->timeout.vals[0]; }
    x->argv[c++] = "--stats-json";
    if (is_exec) {   /* renamed stats.json when the run succeeds */
      char ad[PATH_MAX];
      sw_abs_path(x->dir, ad, sizeof ad);
      x->argv[c++] = own(x, dup_printf("%s/stats.part.json", ad));
      for (int k = 0; k < x->nwords; k++) x->argv[c++] = x->words[k];
    } else {
      x->argv[c++] = own(x, dup_printf("%s/stats.part.json", x->dir));
      x->argv[c++] = w->wl.vals[x->w];
      x->argv[c++] = own(x, dup_printf("DATA=%s", dd));
      for (int k = 0; k < w->nsets; k++)
        if (w->isvar[k]) x->argv[c++] = own(x, dup_printf("%s=%s", w->sets[k].key, w->sets[k].vals[x->s[k]]));
    }
    x->argv[c] = NULL;
    x->argc = c;
  }
  /* two runs of one name would share a directory: a workload or value given twice, workloads or
   * configs whose paths end alike (a/caba-gtx480.cfg and the preset), values that sanitize alike */
  run **by_id = malloc((size_t)total * sizeof *by_id);
  if (!by_id) { sw_err_at(NULL, 0, "out of memory"); free_runs(r, (int)total); return NULL; }
  for (long i = 0; i < total; i++) by_id[i] = &r[i];
  qsort(by_id, (size_t)total, sizeof *by_id, cmp_id);
  for (long i = 1; i < total; i++)
    if (!strcmp(by_id[i]->id, by_id[i - 1]->id)) {
      const run *a = by_id[i - 1], *b = by_id[i];   /* the line of the first axis where they differ */
      int ln = a->w != b->w ? w->wl.line : a->c != b->c ? w->cfg.line : a->d != b->d ? w->des.line : a->a != b->a ? w->alg.line : 0;
      for (int k = 0; k < w->nsets && !ln; k++) if (a->s[k] != b->s[k]) ln = w->sets[k].line;
      sw_err_at(w->file, ln, "two runs are both named %s: a value given twice, or two that differ only in their "
             "directories or in characters other than letters, digits and ._=+-", b->id);
      free(by_id);
      free_runs(r, (int)total);
      return NULL;
    }
  free(by_id);
  *nruns = (int)total;
  return r;
}

/* ---- running ---- */

/* Removes path and everything under it (symbolic links as links); 0, or -1 with errno set.  A
 * path that does not exist is removed already. */
static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st; (void)ftw;
  return flag == FTW_DP ? rmdir(path) : unlink(path);
}
static int remove_tree(const char *path) {
  struct stat st;
  if (lstat(path, &st)) return errno == ENOENT ? 0 : -1;
  return nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* SIGINT, SIGTERM or SIGHUP to the sweep while its runs run: each run is in its own process group
 * (a terminal's Ctrl-C reaches the sweep alone), so the sweep passes the signal on to them, waits
 * for them (SIGKILL after 5 seconds), removes what they left part way, and then ends by the same
 * signal.  A run also ends with the sweep when the sweep is killed (PR_SET_PDEATHSIG). */
static volatile sig_atomic_t stop_signal;
static void on_stop(int sig) { if (!stop_signal) stop_signal = sig; }
static void on_child(int sig) { (void)sig; }
static const int stop_signals[3] = { SIGINT, SIGTERM, SIGHUP };

/* Run x ended: its wall time, and its statistics named stats.json with what it read beside them
 * if it succeeded; else no partial file.  1 when it succeeded. */
static int finish_run(run *x, int st) {
  char path[PATH_MAX + 32], fin[PATH_MAX + 32], err[600];
  x->seconds = now_s() - x->started;
  x->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  sw_run_file(x, "seconds", path, sizeof path);
  FILE *sf = fopen(path, "w");
  if (sf) { fprintf(sf, "%.3f\n", x->seconds); fclose(sf); }
  sw_run_file(x, "stats.part.json", path, sizeof path);
  sw_run_file(x, "stats.json", fin, sizeof fin);
  int ok = x->status == 0 && !x->timed_out && sw_exists(path);
  if (ok) {   /* inputs first: a sweep stopped between the two finds no stats.json, and runs it again */
    isa_outfile o;
    sw_run_file(x, "inputs", fin, sizeof fin);
    if (isa_out_open(&o, fin, 0, err, sizeof err)) { sw_err_at(NULL, 0, "%s", err); ok = 0; }
    else { fputs(x->inputs, o.f); if (isa_out_commit(&o, err, sizeof err)) { sw_err_at(NULL, 0, "%s", err); ok = 0; } }
    sw_run_file(x, "stats.json", fin, sizeof fin);
    ok = ok && rename(path, fin) == 0;
  }
  if (!ok) unlink(path);
  free(x->inputs);
  x->inputs = NULL;
  return ok;
}

/* Runs the runs of r (those in the share 'task' of 'tasks' when tasks > 0) that are not done
 * (run_state), 'jobs' at a time.  Returns how many failed; *stopped is the signal that stopped
 * the sweep (0: none). */
static int run_all(const sweep *w, run *r, int n, int jobs, int task, int tasks, int *stopped) {
  int todo = 0, before = 0, again = 0, failed = 0, done = 0, running = 0, next = 0, interrupted = 0, killed = 0;
  double sum = 0, t0 = now_s(), last_print = 0, kill_at = 0;
  int tty = isatty(2);
  *stopped = 0;
  for (int i = 0; i < n; i++) {
    char why[PATH_MAX + 256];
    if (tasks && i % tasks != task) { r[i].state = 1; continue; }
    int s = sw_run_state(w, &r[i], why, sizeof why);
    if (s == RUN_OK) { r[i].state = 1; before++; continue; }
    r[i].state = 0;
    todo++;
    if (s != RUN_NONE && again++ < 10) fprintf(stderr, "[sweep] %s runs again: %s\n", r[i].id, why);
  }
  if (again > 10) fprintf(stderr, "[sweep] ... and %d more run again\n", again - 10);
  fprintf(stderr, "[sweep] %d runs%s: %d done before, %d to run, %d at a time\n", tasks ? todo + before : n, tasks ? " in this task" : "", before, todo, jobs);
  /* signals: SIGCHLD and the stopping ones are taken only while waiting (pselect), so none is missed */
  sigset_t block, old, waitmask;
  struct sigaction sa, old_sa[3], old_chld;
  sigemptyset(&block);
  sigaddset(&block, SIGCHLD);
  for (int k = 0; k < 3; k++) sigaddset(&block, stop_signals[k]);
  sigprocmask(SIG_BLOCK, &block, &old);
  waitmask = old;
  sigdelset(&waitmask, SIGCHLD);
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  stop_signal = 0;
  sa.sa_handler = on_stop;
  for (int k = 0; k < 3; k++) {   /* a signal ignored when the sweep started (nohup) stays ignored */
    sigaction(stop_signals[k], NULL, &old_sa[k]);
    if (old_sa[k].sa_handler != SIG_IGN) { sigaction(stop_signals[k], &sa, NULL); sigdelset(&waitmask, stop_signals[k]); }
  }
  sa.sa_handler = on_child;
  sigaction(SIGCHLD, &sa, &old_chld);
  pid_t self = getpid();
  for (;;) {
    while (!stop_signal && running < jobs && next < n) {
      run *x = &r[next++];
      if (x->state != 0) continue;
      char path[PATH_MAX + 32];
      if (mkdirs(x->dir)) { sw_err_at(NULL, 0, "%s: cannot make: %s", x->dir, strerror(errno)); x->state = 4; failed++; continue; }
      x->inputs = sw_run_inputs(w, x);   /* as they are now: what the run reads */
      sw_run_file(x, "stats.json", path, sizeof path);   /* what a run of other inputs left */
      unlink(path);
      sw_run_file(x, "inputs", path, sizeof path);
      unlink(path);
      if (x->work && (remove_tree(x->work) || mkdir(x->work, 0777))) {   /* what an earlier run of it wrote goes */
        sw_err_at(NULL, 0, "%s: cannot make it empty: %s", x->work, strerror(errno));
        free(x->inputs); x->inputs = NULL; x->state = 4; failed++; continue;
      }
      sw_run_file(x, "command", path, sizeof path);
      FILE *cf = fopen(path, "w");
      if (cf) { sw_put_command(cf, x); fputc('\n', cf); fclose(cf); }
      sw_run_file(x, "log", path, sizeof path);
      fflush(NULL);
      pid_t pid = fork();
      if (pid < 0) { sw_err_at(NULL, 0, "fork: %s", strerror(errno)); free(x->inputs); x->inputs = NULL; x->state = 4; failed++; continue; }
      if (pid == 0) {
        setpgid(0, 0);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != self) _exit(127);   /* the sweep ended before the line above */
#endif
        for (int k = 0; k < 3; k++) sigaction(stop_signals[k], &old_sa[k], NULL);
        sigaction(SIGCHLD, &old_chld, NULL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        FILE *lf = freopen(path, "w", stdout);
        if (!lf || dup2(1, 2) < 0 || !freopen("/dev/null", "r", stdin)) _exit(127);
        if (x->work && chdir(x->work)) { fprintf(stderr, "awemu sweep: %s: %s\n", x->work, strerror(errno)); _exit(127); }
        execv(awemu_path, x->argv);
        fprintf(stderr, "awemu sweep: %s: %s\n", awemu_path, strerror(errno));
        _exit(127);
      }
      setpgid(pid, pid);   /* (also here: the group exists before any signal is passed on) */
      x->pid = pid;
      x->started = now_s();
      x->timed_out = 0;
      x->state = 2;
      running++;
    }
    if (!running && (stop_signal || next >= n)) break;
    int st, reaped = 0;
    pid_t pid;
    while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
      run *x = NULL;
      for (int i = 0; i < n && !x; i++) if (r[i].state == 2 && r[i].pid == pid) x = &r[i];
      if (!x) continue;
      reaped = 1;
      running--;
      if (finish_run(x, st)) { x->state = 3; done++; sum += x->seconds; }
      else if (stop_signal && !x->timed_out) { x->state = 4; interrupted++; }
      else {
        x->state = 4;
        failed++;
        if (tty) fputc('\n', stderr);
        if (x->timed_out)
          fprintf(stderr, "[sweep] FAILED %s (timed out: killed after %.0f s, a second past the sweep's timeout of %g s at %s:%d, which covers the whole run; log %s/log): ",
                  x->id, x->seconds, w->timeout_s, w->file, w->timeout.line, x->dir);
        else fprintf(stderr, "[sweep] FAILED %s (exit %d; log %s/log): ", x->id, x->status, x->dir);
        sw_put_command(stderr, x);
        fputc('\n', stderr);
      }
      double t = now_s(), left = done ? sum / done * (todo - done - failed) / (jobs < todo ? jobs : todo) : 0;
      if (!stop_signal && (tty || t - last_print >= 2 || done + failed == todo)) {
        char lt[32];
        sw_fmt_time(left, lt, sizeof lt);
        int waiting = todo - done - failed - running, shown = running + waiting < jobs ? running + waiting : jobs;   /* running once refilled */
        fprintf(stderr, "%s[sweep] %d/%d done, %d running, %d failed, %s left   %s", tty ? "\r" : "", done, todo, shown, failed,
                done ? lt : "? s", tty ? "" : "\n");
        last_print = t;
      }
    }
    if (pid < 0 && errno == ECHILD && running) { sw_err_at(NULL, 0, "waitpid: %s", strerror(errno)); break; }   /* (never: every run is our child) */
    double t = now_s(), wake = -1;
    if (stop_signal && !kill_at) {
      if (tty) fputc('\n', stderr);
      fprintf(stderr, "[sweep] %s: stopping the %d runs running\n", strsignal(stop_signal), running);
      for (int i = 0; i < n; i++) if (r[i].state == 2) kill(-r[i].pid, stop_signal);
      kill_at = t + 5;
    }
    if (stop_signal && !killed && t >= kill_at) {   /* runs that did not end on the signal */
      for (int i = 0; i < n; i++) if (r[i].state == 2) kill(-r[i].pid, SIGKILL);
      killed = 1;
    } else if (stop_signal && !killed) wake = kill_at;
    for (int i = 0; i < n && !stop_signal && w->timeout_s > 0; i++) {   /* the timeout: the whole run */
      run *x = &r[i];
      if (x->state != 2 || x->timed_out) continue;
      double limit = x->started + w->timeout_s + 1;
      if (t >= limit) { x->timed_out = 1; kill(-x->pid, SIGKILL); }
      else if (wake < 0 || limit < wake) wake = limit;
    }
    if (reaped) continue;   /* start the next ones first */
    struct timespec ts;
    if (wake >= 0) { double d = wake - t + 0.001; ts.tv_sec = (time_t)d; ts.tv_nsec = (long)((d - (double)ts.tv_sec) * 1e9); }
    pselect(0, NULL, NULL, NULL, wake >= 0 ? &ts : NULL, &waitmask);
  }
  for (int k = 0; k < 3; k++) sigaction(stop_signals[k], &old_sa[k], NULL);
  sigaction(SIGCHLD, &old_chld, NULL);
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (tty) fputc('\n', stderr);
  char tt[32];
  sw_fmt_time(now_s() - t0, tt, sizeof tt);
  if (stop_signal) {
    fprintf(stderr, "[sweep] stopped by %s: %d runs done, %d failed, %d stopped part way (no statistics kept), in %s: run the sweep again to go on\n",
            strsignal(stop_signal), done, failed, interrupted, tt);
    *stopped = stop_signal;
  } else fprintf(stderr, "[sweep] %d runs done, %d failed, in %s\n", done, failed, tt);
  return failed;
}

/* ---- the lock ---- */

/* DIR/lock, held (flock) while the sweep runs, lists or prepares: exclusive, or shared by the tasks
 * of a Slurm array (they run at once, each its own share).  Another sweep into DIR is refused, its
 * message naming the holder (whose line the exclusive holder writes into the file).  The lock goes
 * with the process (and its file descriptor is not passed to the runs).  0, or -1 (said). */
static int lock_fd = -1;
static int take_lock(int shared, int argc, char **argv) {
  char path[PATH_MAX + 8];
  sw_fmt(path, sizeof path, "%s/lock", sw_out_dir);
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) return sw_err_at(NULL, 0, "%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) { close(fd); return sw_err_at(NULL, 0, "%s: not a regular file", path); }
  if (flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB)) {
    int e = errno;
    char who[600];
    ssize_t k = e == EWOULDBLOCK ? pread(fd, who, sizeof who - 1, 0) : -1;
    who[k > 0 ? k : 0] = 0;
    who[strcspn(who, "\n")] = 0;
    long pid = 0;
    if (sscanf(who, "pid %ld", &pid) != 1 || pid <= 0 || (kill((pid_t)pid, 0) && errno == ESRCH)) snprintf(who, sizeof who, "the tasks of a Slurm array of a sweep");
    close(fd);
    if (e != EWOULDBLOCK) return sw_err_at(NULL, 0, "%s: cannot lock: %s", path, strerror(e));
    return sw_err_at(NULL, 0, "%s is in use by another sweep (%s): wait for it to end, or give this one another --out", sw_out_dir, who);
  }
  if (!shared && ftruncate(fd, 0) == 0) {
    char line[1200];
    size_t l = (size_t)snprintf(line, sizeof line, "pid %ld: awemu", (long)getpid());
    for (int i = 0; i < argc && l < sizeof line; i++) l += (size_t)snprintf(line + l, sizeof line - l, " %s", argv[i]);
    time_t t = time(NULL);
    struct tm tmv;
    if (l < sizeof line && localtime_r(&t, &tmv)) l += strftime(line + l, sizeof line - l, ", since %Y-%m-%d %H:%M:%S", &tmv);
    if (l >= sizeof line - 1) l = sizeof line - 2;
    line[l++] = '\n';
    if (pwrite(fd, line, l, 0) < 0) { /* (the lock holds all the same; only its message is lost) */ }
  }
  lock_fd = fd;
  return 0;
}

static void release_lock(void) {
  if (lock_fd < 0) return;
  if (flock(lock_fd, LOCK_EX | LOCK_NB) == 0 && ftruncate(lock_fd, 0)) { /* (a line left behind names a pid that has ended) */ }
  close(lock_fd);
  lock_fd = -1;
}

/* ---- Slurm ---- */

/* DIR/slurm/{array.sbatch, merge.sbatch, submit.sh}: an array job whose task K runs
 * `awemu sweep --task K/N`, and a merge job after it (afterany: a failed run still gets merged). */
static int write_slurm(const char *file, int nruns, int tasks) {
  char dir[PATH_MAX + 8], path[PATH_MAX + 32], err[600], abs_file[PATH_MAX], abs_out[PATH_MAX];
  sw_fmt(dir, sizeof dir, "%s/slurm", sw_out_dir);
  if (mkdirs(dir)) return sw_err_at(NULL, 0, "%s: cannot make: %s", dir, strerror(errno));
  if (!realpath(file, abs_file) || !realpath(sw_out_dir, abs_out)) return sw_err_at(NULL, 0, "cannot resolve %s or %s", file, sw_out_dir);
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return sw_err_at(NULL, 0, "getcwd: %s", strerror(errno));
  const char *names[3] = { "array.sbatch", "merge.sbatch", "submit.sh" };
  for (int k = 0; k < 3; k++) {
    isa_outfile o;
    sw_fmt(path, sizeof path, "%s/%s", dir, names[k]);
    if (isa_out_open(&o, path, 0, err, sizeof err)) return sw_err_at(NULL, 0, "%s", err);
    FILE *f = o.f;
    if (k == 0) {
      fprintf(f, "#!/bin/sh\n# awemu sweep %s: %d runs in %d array tasks (written by awemu sweep --slurm)\n", abs_file, nruns, tasks);
      fprintf(f, "#SBATCH --job-name=awemu-sweep\n#SBATCH --array=0-%d\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n", tasks - 1);
      fprintf(f, "#SBATCH --output=%s/slurm/task-%%a.out\n", abs_out);
      fprintf(f, "cd '%s' || exit 1\nexec '%s' sweep --task \"$SLURM_ARRAY_TASK_ID/%d\" --out '%s' '%s'\n", cwd, awemu_path, tasks, abs_out, abs_file);
    } else if (k == 1) {
      fprintf(f, "#!/bin/sh\n# the merge after the array job (written by awemu sweep --slurm)\n");
      fprintf(f, "#SBATCH --job-name=awemu-sweep-merge\n#SBATCH --ntasks=1\n#SBATCH --output=%s/slurm/merge.out\n", abs_out);
      fprintf(f, "cd '%s' || exit 1\nexec '%s' sweep --merge --out '%s' '%s'\n", cwd, awemu_path, abs_out, abs_file);
    } else {
      fprintf(f, "#!/bin/sh\n# submits the sweep's array job, then its merge once every task has ended (written by awemu sweep --slurm)\n");
      fprintf(f, "set -e\njob=$(sbatch --parsable '%s/slurm/array.sbatch')\njob=${job%%%%;*}\n", abs_out);
      fprintf(f, "merge=$(sbatch --parsable --dependency=afterany:$job '%s/slurm/merge.sbatch')\nmerge=${merge%%%%;*}\n", abs_out);
      fprintf(f, "echo \"array job $job, merge job $merge: results in %s/results.csv\"\n", abs_out);
    }
    if (isa_out_commit(&o, err, sizeof err)) return sw_err_at(NULL, 0, "%s", err);
    if (k == 2) chmod(path, 0755);
  }
  fprintf(stderr, "[sweep] %d runs in %d Slurm array tasks: sh %s/submit.sh (then %s/results.csv)\n", nruns, tasks, dir, sw_out_dir);
  return 0;
}

/* ---- main ---- */

int aw_sweep_main(int argc, char **argv) {
  const char *file = NULL, *out = NULL;
  int jobs = 0, list = 0, merge_only = 0, plot_only = 0, slurm = 0, tasks = 0, task = -1, ntask = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
    else if (!strcmp(a, "--list")) list = 1;
    else if (!strcmp(a, "--merge")) merge_only = 1;
    else if (!strcmp(a, "--plot")) plot_only = 1;
    else if (!strcmp(a, "--slurm")) slurm = 1;
    else if (!strcmp(a, "-j") || !strcmp(a, "--out") || !strcmp(a, "--tasks") || !strcmp(a, "--task") ||
             !strncmp(a, "-j", 2) || !strncmp(a, "--out=", 6) || !strncmp(a, "--tasks=", 8) || !strncmp(a, "--task=", 7)) {
      const char *eq = a[1] == 'j' ? (a[2] ? a + 2 : NULL) : strchr(a, '=') ? strchr(a, '=') + 1 : NULL;
      v = eq ? eq : i + 1 < argc ? argv[++i] : NULL;
      if (!v || !*v) { fprintf(stderr, "awemu sweep: %s needs a value\n", a); return 2; }
      char *end;
      long lv = 0;
      int tail = -1;
      if (a[1] == 'j') { lv = strtol(v, &end, 10); jobs = lv >= 1 && lv <= 1024 ? (int)lv : 0; if (end == v || *end || !jobs) { fprintf(stderr, "awemu sweep: -j %s: a number from 1 to 1024\n", v); return 2; } }
      else if (!strncmp(a, "--out", 5)) out = v;
      else if (!strncmp(a, "--tasks", 7)) { lv = strtol(v, &end, 10); tasks = lv >= 1 && lv <= 100000 ? (int)lv : 0; if (end == v || *end || !tasks) { fprintf(stderr, "awemu sweep: --tasks %s: a number from 1 to 100000\n", v); return 2; } }
      else if (sscanf(v, "%d/%d%n", &task, &ntask, &tail) != 2 || tail < 0 || v[tail] || ntask < 1 || task < 0 || task >= ntask) { fprintf(stderr, "awemu sweep: --task %s: K/N with 0 <= K < N\n", v); return 2; }
    } else if (a[0] == '-') { fprintf(stderr, "awemu sweep: unknown option '%s' (awemu sweep --help)\n", a); return 2; }
    else if (file) { fprintf(stderr, "awemu sweep: one sweep FILE only ('%s' and '%s')\n", file, a); return 2; }
    else file = a;
  }
  if (!file) { usage(stderr); return 2; }
  if (list + merge_only + plot_only + slurm + (task >= 0) > 1) { fprintf(stderr, "awemu sweep: --list, --merge, --plot, --slurm and --task go alone\n"); return 2; }
  ssize_t k = readlink("/proc/self/exe", awemu_path, sizeof awemu_path - 1);
  if (k <= 0) { fprintf(stderr, "awemu sweep: cannot find this awemu (/proc/self/exe)\n"); return 2; }
  awemu_path[k] = 0;
  sweep w;
  int rc = 2, n = 0;
  run *r = NULL;
  if (sw_parse(&w, file) || sw_check(&w)) goto done;
  name_workloads(&w);
  char def[PATH_MAX];
  sw_fmt(def, sizeof def, "%s.runs", w.name);
  sw_out_dir = out ? out : def;
  if (!(r = expand(&w, &n, 1000000))) goto done;
  if (mkdirs(sw_out_dir) || !sw_is_dir(sw_out_dir)) {
    fprintf(stderr, "awemu sweep: %s: cannot make the output directory: %s\n", sw_out_dir, sw_is_dir(sw_out_dir) ? strerror(errno) : "a file of that name is in the way");
    goto done;
  }
  if (merge_only) { int m = sw_merge(&w, r, n); rc = m < 0 || sw_draw(&w, 0) ? 2 : m > 0 ? 1 : 0; goto done; }
  if (plot_only) { rc = sw_draw(&w, 1) ? 2 : 0; goto done; }
  if (take_lock(task >= 0, argc, argv) || prepare(&w)) goto done;
  if (list) {
    for (int i = 0; i < n; i++) if (sw_run_state(&w, &r[i], NULL, 0) != RUN_OK) { sw_put_shell(stdout, &w, &r[i]); putchar('\n'); }
    rc = 0;
    goto done;
  }
  if (slurm) { rc = write_slurm(file, n, tasks ? (tasks < n ? tasks : n) : (n < 64 ? n : 64)) ? 2 : 0; goto done; }
  if (!jobs) { long c = sysconf(_SC_NPROCESSORS_ONLN); jobs = c > 0 ? (int)c : 1; }
  int stopped = 0, failed = run_all(&w, r, n, task >= 0 ? 1 : jobs, task >= 0 ? task : 0, task >= 0 ? ntask : 0, &stopped);
  if (stopped) {   /* SIGINT or SIGTERM: the sweep ends by it, as the convention is (status 130, 143) */
    free_runs(r, n);
    free_sweep(&w);
    sw_memo_free();
    release_lock();
    fflush(NULL);
    signal(stopped, SIG_DFL);
    raise(stopped);
    return 128 + stopped;
  }
  if (task >= 0) rc = failed ? 1 : 0;
  else { int m = sw_merge(&w, r, n); rc = m < 0 || sw_draw(&w, 0) ? 2 : failed || m > 0 ? 1 : 0; }
done:
  free_runs(r, n);
  free_sweep(&w);
  sw_memo_free();
  release_lock();
  return rc;
}

int aw_sweep_dry(const char *file, const char *out, long max_runs, FILE *f) {
  if (!awemu_path[0]) snprintf(awemu_path, sizeof awemu_path, "awemu");
  sweep w;
  int rc = 2, n = 0;
  run *r = NULL;
  char def[PATH_MAX];
  if (sw_parse(&w, file) || sw_check(&w)) goto done;
  name_workloads(&w);
  sw_fmt(def, sizeof def, "%s.runs", w.name);
  sw_out_dir = out ? out : def;
  if (!(r = expand(&w, &n, max_runs))) goto done;
  for (int i = 0; i < n; i++) { sw_put_shell(f, &w, &r[i]); fputc('\n', f); }
  rc = 0;
done:
  free_runs(r, n);
  free_sweep(&w);
  sw_memo_free();
  sw_out_dir = NULL;
  return rc;
}
