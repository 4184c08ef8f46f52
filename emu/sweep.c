/* emu/sweep.c -- awemu sweep (sweep.h; the reference is emu/SWEEP.md). */
#define _XOPEN_SOURCE 700   /* realpath */
#define _DEFAULT_SOURCE     /* flock */
#include "sweep.h"
#include "plot.h"
#include "../asm/asm.h"
#include "timing/config.h"
#include "../isa/json.h"
#include "../isa/outfile.h"

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

#define MAX_AXES 16
#define MAX_VALS 256

typedef struct { char *key; char *vals[MAX_VALS]; int n; int line; } axis;

typedef struct {
  const char *file;
  char *name;
  axis wl, cfg, des, alg, subs, timeout;   /* workloads (run.aw paths once expanded), configs, designs, algorithms, subroutines, timeout */
  double timeout_s;                        /* timeout's seconds (0: none) */
  axis algsubs[16]; int nalgsubs;          /* subroutines.ALG */
  plot_figure figs[32]; int nfigs;         /* figure NAME = ... */
  axis sets[MAX_AXES]; int nsets;          /* set KEY = V ... and var NAME = V ... (vars: isvar) */
  int isvar[MAX_AXES];
} sweep;

typedef struct {
  char id[600];
  int w, c, d, a, s[MAX_AXES];
  char **argv;               /* made for this run, as many as it needs (freed with it) */
  char *own[96];             /* the strings made for this run: design, algorithm, 16 set or var, stats, DATA, dir; for
                                .exec workloads its work directory, config file and up to 64 subroutine files made absolute */
  int nown;
  int argc;
  char *dir;                 /* one of own */
  pid_t pid;
  double started, seconds;
  int state;                 /* 0 to run, 1 done before, 2 running, 3 done now, 4 failed */
  int status;
  int timed_out;             /* killed for the sweep's timeout */
  char *inputs;              /* while it runs: what it read (run_inputs), for DIR/runs/ID/inputs */
  char *work;                /* a .exec workload's run: the directory it runs in (DIR/runs/ID/work, absolute), else NULL */
  char **words; int nwords;  /* a .exec workload's run: its command's words, expanded */
} run;

static const char *out_dir;
static char awemu_path[PATH_MAX];

static uint64_t fnv1a(uint64_t h, const void *p, size_t n);
static uint64_t file_hash(const char *path);
static char *read_regular(const char *path, size_t *len);

/* Whether s ends with suffix. */
static int ends_with(const char *s, const char *suffix) {
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
        "A run is redone when its command or a file it reads changed (DIR/runs/ID/inputs).  One sweep at\n"
        "a time in DIR (DIR/lock).  SIGINT or SIGTERM stops the runs too, keeping no partial statistics.\n"
        "Exit status: 0 when every run succeeded, 1 when one failed (or, to --merge, is stale), 2 on a bad\n"
        "sweep file, usage, or DIR in use by another sweep; 130 or 143 when stopped by SIGINT or SIGTERM.\n", f);
}

static int err_at(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int err_at(const char *file, int line, const char *fmt, ...) {
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
static void fmt(char *buf, size_t cap, const char *f, ...) __attribute__((format(printf, 3, 4)));
static void fmt(char *buf, size_t cap, const char *f, ...) {
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

static int exists(const char *p) { struct stat st; return stat(p, &st) == 0; }
static int is_dir(const char *p) { struct stat st; return stat(p, &st) == 0 && S_ISDIR(st.st_mode); }

static int mkdirs(const char *path) {
  char buf[PATH_MAX];
  fmt(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') { *p = 0; if (mkdir(buf, 0777) && errno != EEXIST) return -1; *p = '/'; }
  return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

/* ---- the sweep file ---- */

static void free_axis(axis *x, int keep_key) {
  for (int i = 0; i < x->n; i++) free(x->vals[i]);
  if (!keep_key) free(x->key);
  x->n = 0;
}

static int add_vals(axis *x, char *rest, const char *file, int line) {
  for (char *t = strtok(rest, " \t"); t; t = strtok(NULL, " \t")) {
    if (x->n == MAX_VALS) return err_at(file, line, "more than %d values", MAX_VALS);
    x->vals[x->n++] = strdup(t);
  }
  if (!x->n) return err_at(file, line, "'%s' needs at least one value", x->key);
  x->line = line;
  return 0;
}

static int parse(sweep *w, const char *file) {
  memset(w, 0, sizeof *w);
  FILE *f = fopen(file, "r");
  if (!f) return err_at(file, 0, "%s: cannot read: %s", file, strerror(errno));
  w->file = file;
  char buf[8192];
  int line = 0, rc = 0;
  while (!rc && fgets(buf, sizeof buf, f)) {
    line++;
    size_t blen = strlen(buf);
    if (blen == sizeof buf - 1 && buf[blen - 1] != '\n' && !feof(f)) { rc = err_at(file, line, "line longer than %d characters", (int)sizeof buf - 2); break; }
    char *h = strchr(buf, '#');
    if (h) *h = 0;
    char *p = buf;
    while (isspace((unsigned char)*p)) p++;
    if (!*p) continue;
    char *eq = strchr(p, '=');
    if (!strncmp(p, "figure", 6) && isspace((unsigned char)p[6])) {
      p += 6;
      while (isspace((unsigned char)*p)) p++;
      char *fe = strchr(p, '=');
      if (!fe) { rc = err_at(file, line, "expected figure NAME = bars|stack METRIC by AXIS ..."); break; }
      char *ne = fe;
      while (ne > p && isspace((unsigned char)ne[-1])) ne--;
      *ne = 0;
      fe[strcspn(fe, "\r\n")] = 0;
      char err[600];
      if (w->nfigs == 32) { rc = err_at(file, line, "more than 32 figures"); break; }
      for (int i = 0; i < w->nfigs; i++) if (!strcmp(w->figs[i].name, p)) { rc = err_at(file, line, "figure %s given twice", p); break; }
      if (rc) break;
      if (!*p) { rc = err_at(file, line, "figure: a NAME before '='"); break; }
      if (plot_parse(&w->figs[w->nfigs], p, fe + 1, err, sizeof err)) { plot_free(&w->figs[w->nfigs]); rc = err_at(file, line, "%s", err); break; }
      w->figs[w->nfigs].file = file;
      w->figs[w->nfigs++].line = line;
      continue;
    }
    int is_set = !strncmp(p, "set", 3) && isspace((unsigned char)p[3]), is_var = !strncmp(p, "var", 3) && isspace((unsigned char)p[3]);
    if (is_set || is_var) { p += 3; while (isspace((unsigned char)*p)) p++; }
    if (!eq) { rc = err_at(file, line, "expected KEY = VALUE ..."); break; }
    char *ke = eq;
    while (ke > p && isspace((unsigned char)ke[-1])) ke--;
    *ke = 0;
    char *rest = eq + 1;
    rest[strcspn(rest, "\r\n")] = 0;
    const char *key = p;
    axis *x = NULL;
    if (is_set || is_var) {
      for (int i = 0; i < w->nsets; i++) if (!strcmp(w->sets[i].key, key)) { rc = err_at(file, line, "%s given twice", key); break; }
      if (rc) break;
      if (w->nsets == MAX_AXES) { rc = err_at(file, line, "more than %d set and var lines", MAX_AXES); break; }
      tm_config c;
      char err[512];
      tm_config_defaults(&c);
      if (is_set && tm_config_set(&c, key, "0", "x", err, sizeof err) && strstr(err, "unknown key")) {
        rc = err_at(file, line, "set: unknown config key '%s' (awemu config --table lists them)", key);
        break;
      }
      if (is_var && (!*key || key[strspn(key, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")] || !strcmp(key, "DATA"))) {
        rc = err_at(file, line, "var: '%s' is not a script variable name (letters, digits, _; DATA is the sweep's)", key);
        break;
      }
      w->isvar[w->nsets] = is_var;
      x = &w->sets[w->nsets++];
    } else if (!strcmp(key, "name")) {
      if (w->name) { rc = err_at(file, line, "name given twice"); break; }
      while (isspace((unsigned char)*rest)) rest++;
      char *e = rest + strlen(rest);
      while (e > rest && isspace((unsigned char)e[-1])) *--e = 0;
      if (!*rest || strpbrk(rest, "/ \t") || strlen(rest) > 200) { rc = err_at(file, line, "name: one word without '/' (at most 200 characters)"); break; }
      w->name = strdup(rest);
      continue;
    } else if (!strcmp(key, "workloads")) x = &w->wl;
    else if (!strcmp(key, "configs")) x = &w->cfg;
    else if (!strcmp(key, "designs")) x = &w->des;
    else if (!strcmp(key, "algorithms")) x = &w->alg;
    else if (!strcmp(key, "subroutines")) x = &w->subs;
    else if (!strcmp(key, "timeout")) x = &w->timeout;
    else if (!strncmp(key, "subroutines.", 12) && key[12]) {
      if (w->nalgsubs == 16) { rc = err_at(file, line, "more than 16 subroutines.ALG lines"); break; }
      for (int i = 0; i < w->nalgsubs; i++) if (!strcmp(w->algsubs[i].key, key)) { rc = err_at(file, line, "%s given twice", key); break; }
      if (rc) break;
      x = &w->algsubs[w->nalgsubs++];
    } else {
      rc = err_at(file, line, "unknown key '%s' (name, workloads, configs, designs, algorithms, subroutines, subroutines.ALG, timeout, set KEY, var NAME)", key);
      break;
    }
    if (x->n) { rc = err_at(file, line, "%s given twice", key); break; }
    x->key = strdup(key);
    rc = add_vals(x, rest, file, line);
  }
  fclose(f);
  if (rc) return -1;
  if (!w->wl.n) return err_at(file, 0, "%s: no 'workloads = ...' line", file);
  if (!w->name) {   /* the file's name without its extension */
    const char *b = strrchr(file, '/');
    b = b ? b + 1 : file;
    w->name = strdup(b);
    char *dot = strrchr(w->name, '.');
    if (dot && dot != w->name) *dot = 0;
  }
  if (!w->cfg.n) { w->cfg.key = strdup("configs"); w->cfg.vals[w->cfg.n++] = strdup("caba-gtx480"); }
  return 0;
}

/* Each run's config as a whole, before anything runs: the checks that span keys
 * (tm_config_check) refuse values that are fine alone, such as an l2_bytes that the
 * config's slices and ways do not divide.  The message names the line the value came
 * from, and the run's other coordinates.  0, or -1 (reported). */
static int check_combinations(const sweep *w) {
  int idx[MAX_AXES + 2], nax = 0;
  const axis *ax[MAX_AXES + 2];
  const char *key[MAX_AXES + 2];
  if (w->des.n) { ax[nax] = &w->des; key[nax++] = "design"; }
  if (w->alg.n) { ax[nax] = &w->alg; key[nax++] = "compression"; }
  for (int k = 0; k < w->nsets; k++) if (!w->isvar[k]) { ax[nax] = &w->sets[k]; key[nax++] = w->sets[k].key; }
  long combos = w->cfg.n;
  for (int a = 0; a < nax && combos <= 1000000; a++) combos *= ax[a]->n;
  if (combos > 1000000) return 0;   /* (more runs than a sweep may have: expand refuses it) */
  for (int i = 0; i < w->cfg.n; i++) {
    if (!strcmp(w->cfg.vals[i], "functional")) continue;
    tm_config base;
    char err[600], where[PATH_MAX + 32];
    tm_config_defaults(&base);
    if (tm_config_load(&base, w->cfg.vals[i], err, sizeof err)) return err_at(w->file, w->cfg.line, "configs: %s", err);
    memset(idx, 0, sizeof idx);
    for (;;) {   /* every combination of the axes' values, the last fastest */
      tm_config c = base;
      for (int a = 0; a < nax; a++) {
        fmt(where, sizeof where, "%s:%d", w->file, ax[a]->line);
        if (tm_config_set(&c, key[a], ax[a]->vals[idx[a]], where, err, sizeof err)) return err_at(w->file, 0, "%s", err);
      }
      if (tm_config_check(&c, err, sizeof err)) {
        char runs[1024] = "";
        size_t l = 0;
        for (int a = 0; a < nax && l < sizeof runs; a++)
          l += (size_t)snprintf(runs + l, sizeof runs - l, ", %s=%s", key[a], ax[a]->vals[idx[a]]);
        fprintf(stderr, "%s\n", err);
        return err_at(w->file, 0, "the runs with config %s%s would stop with that error: nothing has run", w->cfg.vals[i], runs);
      }
      int a = nax - 1;
      while (a >= 0 && ++idx[a] == ax[a]->n) idx[a--] = 0;
      if (a < 0) break;
    }
  }
  return 0;
}

/* Script variables: ${NAME} in run scripts and .exec files (SCRIPT_DIR, DATA, the sweep's var values). */
typedef struct { char *name, *value; } script_var;
#define MAX_SCRIPT_VARS (MAX_AXES + 64)

static void var_set(script_var *v, int *nv, const char *name, const char *value) {
  int i = 0;
  while (i < *nv && strcmp(v[i].name, name)) i++;
  if (i == *nv) {
    if (*nv == MAX_SCRIPT_VARS) return;   /* (a script of more variables: the rest stay unreplaced) */
    v[i].name = strdup(name);
    v[i].value = NULL;
    (*nv)++;
  }
  free(v[i].value);
  v[i].value = strdup(value);
}

/* A word with its ${NAME}s replaced (an unknown one stays as written), malloc'd. */
static char *var_expand(const char *tok, const script_var *v, int nv) {
  char *out = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&out, &n);
  if (!f) return NULL;
  for (const char *p = tok; *p;) {
    const char *e = p[0] == '$' && p[1] == '{' ? strchr(p, '}') : NULL, *val = NULL;
    for (int i = 0; e && i < nv; i++)
      if (strlen(v[i].name) == (size_t)(e - p - 2) && !strncmp(v[i].name, p + 2, (size_t)(e - p - 2))) val = v[i].value;
    if (val) { fputs(val, f); p = e + 1; }
    else fputc(*p++, f);
  }
  fclose(f);
  return out;
}

/* ---- .exec workloads: CUDA programs run by awemu exec ---- */

#define MAX_EXEC_WORDS 256

static void free_words(char **words, int n) {
  for (int i = 0; i < n; i++) free(words[i]);
  free(words);
}

/* The command of a .exec file (emu/SWEEP.md): awemu exec's options, the program and its
 * arguments, as words separated by blanks and newlines; '...' or "..." makes one word of what it
 * holds (blanks included); # outside quotes starts a comment to the end of the line; ${NAME} is
 * replaced in every word (quoted or not) from vars.  0 with the malloc'd words, or -1 with
 * "FILE:LINE: MESSAGE" in err. */
static int exec_words(const char *path, const script_var *vars, int nv, char ***out, int *nout, char *err, size_t cap) {
  size_t len;
  char *text = read_regular(path, &len);
  *out = NULL;
  *nout = 0;
  if (!text) { snprintf(err, cap, "%s: cannot read: %s", path, errno == EINVAL ? "not a regular file" : strerror(errno)); return -1; }
  if (strlen(text) != len) { snprintf(err, cap, "%s: a NUL byte: not a text file", path); free(text); return -1; }
  char **words = calloc(MAX_EXEC_WORDS, sizeof *words), *word = NULL;
  size_t wl = 0;
  int n = 0, line = 1, quote_line = 0, rc = 0;
  char quote = 0;
  FILE *w = NULL;
  if (!words) { free(text); snprintf(err, cap, "out of memory"); return -1; }
  for (const char *p = text;; p++) {
    char c = *p;
    if (!quote && (c == 0 || c == ' ' || c == '\t' || c == '\r' || c == '\n' || (c == '#' && !w))) {
      if (c == '#') { while (p[1] && p[1] != '\n') p++; continue; }
      if (w) {   /* a word ends */
        fclose(w);
        w = NULL;
        if (n == MAX_EXEC_WORDS) { snprintf(err, cap, "%s:%d: more than %d words", path, line, MAX_EXEC_WORDS); rc = -1; free(word); break; }
        words[n] = var_expand(word, vars, nv);
        free(word);
        if (!words[n]) { snprintf(err, cap, "out of memory"); rc = -1; break; }
        n++;
      }
      if (c == 0) break;
      if (c == '\n') line++;
      continue;
    }
    if (c == 0) { snprintf(err, cap, "%s:%d: the quote (%c) opened here is not closed", path, quote_line, quote); rc = -1; break; }
    if (!w && !(w = open_memstream(&word, &wl))) { snprintf(err, cap, "out of memory"); rc = -1; break; }
    if (quote && c == quote) quote = 0;
    else if (!quote && (c == '\'' || c == '"')) { quote = c; quote_line = line; }
    else {
      if (c == '\n') line++;
      fputc(c, w);
    }
  }
  if (w) { fclose(w); free(word); }
  free(text);
  if (!rc && !n) { snprintf(err, cap, "%s: no program: a .exec file holds awemu exec's options, the program and its arguments", path); rc = -1; }
  if (rc) { free_words(words, n); return -1; }
  *out = words;
  *nout = n;
  return 0;
}

/* An absolute form of path: as it is when it starts with '/', else the current directory joined
 * to it (the file need not exist). */
static void abs_path(const char *path, char *buf, size_t cap) {
  char cwd[PATH_MAX];
  if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) { fmt(buf, cap, "%s", path); return; }
  while (path[0] == '.' && path[1] == '/') path += 2;
  fmt(buf, cap, "%s/%s", cwd, path);
}

/* The directory of a workload's file, absolute (realpath when it exists). */
static void workload_dir(const char *file, char *buf, size_t cap) {
  char dir[PATH_MAX];
  fmt(dir, sizeof dir, "%s", file);
  char *slash = strrchr(dir, '/');
  if (!slash) strcpy(dir, ".");
  else if (slash == dir) dir[1] = 0;
  else *slash = 0;
  char *real = realpath(dir, NULL);
  if (real) { fmt(buf, cap, "%s", real); free(real); }
  else abs_path(dir, buf, cap);
}


/* Workload patterns to run.aw and .exec paths; configs, designs, algorithms, set values and timeout checked. */
static int check(sweep *w) {
  axis got = { .key = "workloads", .line = w->wl.line };
  for (int i = 0; i < w->wl.n; i++) {
    glob_t g;
    int r = glob(w->wl.vals[i], 0, NULL, &g);
    if (r == GLOB_NOMATCH || (r == 0 && !g.gl_pathc)) { globfree(&g); free_axis(&got, 1); return err_at(w->file, w->wl.line, "workloads: '%s' matches nothing", w->wl.vals[i]); }
    if (r) { globfree(&g); free_axis(&got, 1); return err_at(w->file, w->wl.line, "workloads: '%s': cannot expand", w->wl.vals[i]); }
    for (size_t k = 0; k < g.gl_pathc; k++) {
      char p[PATH_MAX];
      const char *m = g.gl_pathv[k];
      size_t ml = strlen(m);
      if (is_dir(m)) {
        fmt(p, sizeof p, "%s%srun.aw", m, m[ml - 1] == '/' ? "" : "/");
        if (!exists(p)) fmt(p, sizeof p, "%s%srun.exec", m, m[ml - 1] == '/' ? "" : "/");
      } else fmt(p, sizeof p, "%s", m);
      if (!exists(p) || is_dir(p) || !(ends_with(p, ".aw") || ends_with(p, ".exec"))) {
        if (strpbrk(w->wl.vals[i], "*?[")) continue;   /* a pattern's other matches (a README, a directory without run.aw) are not workloads */
        err_at(w->file, w->wl.line, "workloads: %s: no run script (a directory with run.aw or run.exec, an .aw file, or an .exec file)", m);
        globfree(&g);
        free_axis(&got, 1);
        return -1;
      }
      if (got.n == MAX_VALS) { globfree(&g); free_axis(&got, 1); return err_at(w->file, w->wl.line, "workloads: more than %d", MAX_VALS); }
      got.vals[got.n++] = strdup(p);
    }
    globfree(&g);
  }
  got.key = w->wl.key;
  free_axis(&w->wl, 1);
  w->wl = got;   /* (freed with the sweep, also on the errors below) */
  if (!got.n) return err_at(w->file, w->wl.line, "workloads: no run script matched");
  for (int i = 0; i < got.n; i++) {   /* a .exec file that does not parse is refused now, with its line */
    char **words, err[PATH_MAX + 128];
    int nw;
    if (!ends_with(got.vals[i], ".exec")) continue;
    if (exec_words(got.vals[i], NULL, 0, &words, &nw, err, sizeof err)) return err_at(w->file, w->wl.line, "workloads: %s", err);
    free_words(words, nw);
  }
  char err[600];
  int functional = 0, timing_axes = w->des.n || w->alg.n;
  for (int k = 0; k < w->nsets; k++) timing_axes |= !w->isvar[k];
  for (int i = 0; i < w->cfg.n; i++) {
    if (!strcmp(w->cfg.vals[i], "functional")) { functional = 1; continue; }   /* awemu run without --config */
    tm_config c;
    tm_config_defaults(&c);
    if (tm_config_load(&c, w->cfg.vals[i], err, sizeof err)) return err_at(w->file, w->cfg.line, "configs: %s", err);
  }
  if (functional && timing_axes)
    return err_at(w->file, w->cfg.line, "configs: functional runs take no designs, algorithms or set axes (those are timing mode's)");
  char where[PATH_MAX + 32];
  tm_config c;
  tm_config_defaults(&c);
  for (int i = 0; i < w->des.n; i++) {
    fmt(where, sizeof where, "%s:%d", w->file, w->des.line);
    if (tm_config_set(&c, "design", w->des.vals[i], where, err, sizeof err)) return err_at(w->file, 0, "designs: %s", err);
  }
  for (int i = 0; i < w->alg.n; i++) {
    fmt(where, sizeof where, "%s:%d", w->file, w->alg.line);
    if (tm_config_set(&c, "compression", w->alg.vals[i], where, err, sizeof err)) return err_at(w->file, 0, "algorithms: %s", err);
  }
  for (int k = 0; k < w->nsets; k++)
    for (int i = 0; i < w->sets[k].n && !w->isvar[k]; i++) {
      fmt(where, sizeof where, "%s:%d", w->file, w->sets[k].line);
      if (tm_config_set(&c, w->sets[k].key, w->sets[k].vals[i], where, err, sizeof err)) return err_at(w->file, 0, "%s", err);
    }
  /* an axis and a 'set' of the same key: every run would get both, the set last */
  for (int k = 0; k < w->nsets; k++) {
    if (w->isvar[k]) continue;
    if (w->des.n && !strcmp(w->sets[k].key, "design"))
      return err_at(w->file, w->sets[k].line, "set design: 'designs' (line %d) is the design axis already: give the designs there", w->des.line);
    if (w->alg.n && !strcmp(w->sets[k].key, "compression"))
      return err_at(w->file, w->sets[k].line, "set compression: 'algorithms' (line %d) is the compression axis already: give the algorithms there", w->alg.line);
  }
  if (check_combinations(w)) return -1;
  if (w->subs.n > 32) return err_at(w->file, w->subs.line, "subroutines: at most 32 files");
  for (int a = 0; a < w->nalgsubs; a++) if (w->algsubs[a].n > 32) return err_at(w->file, w->algsubs[a].line, "%s: at most 32 files", w->algsubs[a].key);
  for (int i = 0; i < w->subs.n; i++)
    if (access(w->subs.vals[i], R_OK)) return err_at(w->file, w->subs.line, "subroutines: %s: %s", w->subs.vals[i], strerror(errno));
  for (int a = 0; a < w->nalgsubs; a++) {
    const char *alg = w->algsubs[a].key + 12;
    int known = 0;
    for (int i = 0; i < w->alg.n; i++) known |= !strcmp(w->alg.vals[i], alg);
    if (!known) return err_at(w->file, w->algsubs[a].line, "subroutines.%s: '%s' is not in 'algorithms'", alg, alg);
    for (int i = 0; i < w->algsubs[a].n; i++)
      if (access(w->algsubs[a].vals[i], R_OK)) return err_at(w->file, w->algsubs[a].line, "%s: %s", w->algsubs[a].vals[i], strerror(errno));
  }
  if (w->timeout.n) {
    char *end;
    double t = strtod(w->timeout.vals[0], &end);
    if (w->timeout.n != 1 || end == w->timeout.vals[0] || *end || !isfinite(t) || t < 0 || t > 1e9) return err_at(w->file, w->timeout.line, "timeout: one number of seconds");
    w->timeout_s = t;
  }
  return 0;
}

/* ---- runs ---- */

/* The workloads' names in run ids and tables: the last part of each one's
 * directory (or script, without .aw), with as many parts before it as it
 * takes to tell apart workloads whose last parts agree (caba_bfs, examples_bfs). */
static char *wnames[MAX_VALS];
static void name_workloads(const sweep *w) {
  int parts[MAX_VALS];
  for (int i = 0; i < w->wl.n; i++) parts[i] = 1;
  for (int round = 0; round < 64; round++) {
    for (int i = 0; i < w->wl.n; i++) {
      char p[PATH_MAX];
      fmt(p, sizeof p, "%s", w->wl.vals[i]);
      size_t n = strlen(p);
      if (n > 7 && !strcmp(p + n - 7, "/run.aw")) p[n - 7] = 0;
      else if (n > 3 && !strcmp(p + n - 3, ".aw")) p[n - 3] = 0;
      else if (n > 9 && !strcmp(p + n - 9, "/run.exec")) p[n - 9] = 0;
      else if (n > 5 && !strcmp(p + n - 5, ".exec")) p[n - 5] = 0;
      char *start = p + strlen(p);
      for (int k = 0; k < parts[i] && start > p; k++) { start--; while (start > p && start[-1] != '/') start--; if (k + 1 < parts[i] && start > p) start--; }
      while (*start == '/' || *start == '.') start++;
      free(wnames[i]);
      wnames[i] = strdup(*start ? start : "workload");
      for (char *c = wnames[i]; *c; c++) if (*c == '/') *c = '_';
    }
    int again = 0;
    for (int i = 0; i < w->wl.n; i++)
      for (int j = 0; j < w->wl.n; j++)
        if (i != j && !strcmp(wnames[i], wnames[j]) && strcmp(w->wl.vals[i], w->wl.vals[j])) { parts[i]++; again = 1; break; }
    if (!again) return;
  }
}


static void config_name(const char *c, char *buf, size_t cap) {
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
static void data_dir(int i, char *buf, size_t cap) { fmt(buf, cap, "%s/data/%s", out_dir, wnames[i]); }

/* Whether the file done holds want. */
static int holds(const char *done, const char *want) {
  size_t len;
  char *had = read_regular(done, &len);
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
    data_dir(i, dir, sizeof dir);
    fmt(src, sizeof src, "%s", w->wl.vals[i]);
    char *slash = strrchr(src, '/');
    fmt(slash ? slash + 1 : src, sizeof src - (size_t)(slash ? slash + 1 - src : 0), "ref.c");
    fmt(done, sizeof done, "%s/.prepared", dir);
    if (!exists(src)) continue;
    fmt(ref, sizeof ref, "%s/ref", dir);
    const char *cc = getenv("CC");
    fmt(cmd, sizeof cmd, "'%s' -std=c11 -O2 -ffp-contract=off -o '%s' '%s' -lm && '%s' '%s' > /dev/null", cc && *cc ? cc : "cc", ref, src, ref, dir);
    fmt(want, sizeof want, "%016llx\n", (unsigned long long)fnv1a(file_hash(src), cmd, strlen(cmd)));
    if (holds(done, want)) continue;
    if (mkdirs(dir)) { rc = err_at(NULL, 0, "%s: cannot make: %s", dir, strerror(errno)); break; }
    if (lfd < 0) {
      char lp[PATH_MAX + 16];
      fmt(lp, sizeof lp, "%s/data/.lock", out_dir);   /* (no workload is named .lock: names never start with a dot) */
      if ((lfd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666)) < 0 || flock(lfd, LOCK_EX)) { rc = err_at(NULL, 0, "%s: cannot lock: %s", lp, strerror(errno)); break; }
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
    if (st != 0) { rc = err_at(NULL, 0, "%s: the reference program failed (%s)", src, cmd); break; }
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
    free(r[i].argv); free(r[i].inputs); free_words(r[i].words, r[i].nwords);
  }
  free(r);
}

static void free_sweep(sweep *w) {
  free(w->name);
  free_axis(&w->wl, 0); free_axis(&w->cfg, 0); free_axis(&w->des, 0); free_axis(&w->alg, 0);
  free_axis(&w->subs, 0); free_axis(&w->timeout, 0);
  for (int i = 0; i < w->nalgsubs; i++) free_axis(&w->algsubs[i], 0);
  for (int i = 0; i < w->nsets; i++) free_axis(&w->sets[i], 0);
  for (int i = 0; i < w->nfigs; i++) plot_free(&w->figs[i]);
  for (int i = 0; i < MAX_VALS; i++) { free(wnames[i]); wnames[i] = NULL; }
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
  if (total > max_runs) { err_at(w->file, 0, "more than %ld runs (workloads x configs x designs x algorithms x set and var axes)", max_runs); return NULL; }
  int nargv = 16 + 2 * w->nsets + 2 * w->subs.n;   /* awemu run, config, design, algorithm, sets, subroutines, timeout, stats, script, DATA, vars, NULL */
  for (int a = 0; a < w->nalgsubs; a++) nargv += 2 * w->algsubs[a].n;
  run *r = calloc((size_t)total, sizeof *r);
  if (!r) { err_at(NULL, 0, "out of memory"); return NULL; }
  for (long i = 0; i < total; i++) {
    run *x = &r[i];
    long q = i;
    for (int k = w->nsets; k-- > 0;) { x->s[k] = (int)(q % w->sets[k].n); q /= w->sets[k].n; }
    x->a = (int)(q % na); q /= na;
    x->d = (int)(q % nd); q /= nd;
    x->c = (int)(q % w->cfg.n); q /= w->cfg.n;
    x->w = (int)q;
    char wn[PATH_MAX], cn[PATH_MAX];
    fmt(wn, sizeof wn, "%s", wnames[x->w]);
    config_name(w->cfg.vals[x->c], cn, sizeof cn);
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
      err_at(w->file, ln, "a run's name (workload.config.design.algorithm.KEY=VALUE...) is longer than %d characters: %.60s...", (int)sizeof x->id - 1, x->id);
      free_runs(r, (int)i + 1);
      return NULL;
    }
    sanitize(x->id);
    x->dir = own(x, dup_printf("%s/runs/%s", out_dir, x->id));
    if (strlen(x->dir) + 32 >= PATH_MAX) {
      err_at(NULL, 0, "%s: a path too long", x->dir);
      free_runs(r, (int)i + 1);
      return NULL;
    }
    int is_exec = ends_with(w->wl.vals[x->w], ".exec");
    char dd[PATH_MAX];
    data_dir(x->w, dd, sizeof dd);
    if (is_exec) {   /* its words, with ${SCRIPT_DIR} and ${DATA} absolute: the run starts in its own directory */
      char sd[PATH_MAX], ad[PATH_MAX], err[PATH_MAX + 128];
      script_var vars[MAX_SCRIPT_VARS];
      int nv = 0;
      workload_dir(w->wl.vals[x->w], sd, sizeof sd);
      abs_path(dd, ad, sizeof ad);
      var_set(vars, &nv, "SCRIPT_DIR", sd);
      var_set(vars, &nv, "DATA", ad);
      for (int k = 0; k < w->nsets; k++) if (w->isvar[k]) var_set(vars, &nv, w->sets[k].key, w->sets[k].vals[x->s[k]]);
      int unread = exec_words(w->wl.vals[x->w], vars, nv, &x->words, &x->nwords, err, sizeof err);
      for (int k = 0; k < nv; k++) { free(vars[k].name); free(vars[k].value); }
      if (unread) { err_at(w->file, w->wl.line, "workloads: %s", err); free_runs(r, (int)i + 1); return NULL; }
      abs_path(x->dir, ad, sizeof ad);
      x->work = own(x, dup_printf("%s/work", ad));
    }
    x->argv = calloc((size_t)nargv + (size_t)x->nwords, sizeof *x->argv);
    if (!x->argv) { err_at(NULL, 0, "out of memory"); free_runs(r, (int)i + 1); return NULL; }
    int c = 0;
    x->argv[c++] = awemu_path;
    x->argv[c++] = is_exec ? "exec" : "run";
    if (strcmp(w->cfg.vals[x->c], "functional")) {
      x->argv[c++] = "--config";
      x->argv[c++] = w->cfg.vals[x->c];
      if (is_exec && exists(w->cfg.vals[x->c])) {   /* a config file, from the run's own directory */
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
      abs_path(x->dir, ad, sizeof ad);
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
  if (!by_id) { err_at(NULL, 0, "out of memory"); free_runs(r, (int)total); return NULL; }
  for (long i = 0; i < total; i++) by_id[i] = &r[i];
  qsort(by_id, (size_t)total, sizeof *by_id, cmp_id);
  for (long i = 1; i < total; i++)
    if (!strcmp(by_id[i]->id, by_id[i - 1]->id)) {
      const run *a = by_id[i - 1], *b = by_id[i];   /* the line of the first axis where they differ */
      int ln = a->w != b->w ? w->wl.line : a->c != b->c ? w->cfg.line : a->d != b->d ? w->des.line : a->a != b->a ? w->alg.line : 0;
      for (int k = 0; k < w->nsets && !ln; k++) if (a->s[k] != b->s[k]) ln = w->sets[k].line;
      err_at(w->file, ln, "two runs are both named %s: a value given twice, or two that differ only in their "
             "directories or in characters other than letters, digits and ._=+-", b->id);
      free(by_id);
      free_runs(r, (int)total);
      return NULL;
    }
  free(by_id);
  *nruns = (int)total;
  return r;
}

/* ---- what a run read: its identity ---- */

/* A run is reused only while its command and the contents of everything it reads are those it
 * ran with.  DIR/runs/ID/inputs records them, one line each: the FNV-1a 64 hash, then what was
 * hashed ("command", "config NAME", "file PATH").  The hashes of files and configs are kept for
 * the life of the sweep (a sweep of many runs reads each input once). */

#define INPUTS_HEAD "# what this run read: FNV-1a 64 hashes (awemu sweep reuses the run only while every line is the same)\n"
#define FNV_START 0xcbf29ce484222325ULL

static uint64_t fnv1a(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ULL; }
  return h;
}

typedef struct { char *key; uint64_t h; } memo_slot;
static memo_slot *memo;          /* open addressing, a power of two in size */
static size_t memo_cap, memo_n;

static memo_slot *memo_find(const char *key) {
  if (!memo_cap) return NULL;
  size_t i = (size_t)fnv1a(FNV_START, key, strlen(key)) & (memo_cap - 1);
  while (memo[i].key && strcmp(memo[i].key, key)) i = (i + 1) & (memo_cap - 1);
  return &memo[i];
}

static void memo_put(const char *key, uint64_t h) {
  if (2 * (memo_n + 1) > memo_cap) {   /* grow: at most half full */
    size_t old = memo_cap;
    memo_slot *o = memo;
    memo_cap = old ? 2 * old : 256;
    memo = calloc(memo_cap, sizeof *memo);
    if (!memo) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
    for (size_t i = 0; i < old; i++) if (o[i].key) *memo_find(o[i].key) = o[i];
    free(o);
  }
  memo_slot *s = memo_find(key);
  if (!s->key) { s->key = strdup(key); memo_n++; }
  if (!s->key) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
  s->h = h;
}

static void memo_free(void) {
  for (size_t i = 0; i < memo_cap; i++) free(memo[i].key);
  free(memo);
  memo = NULL;
  memo_cap = memo_n = 0;
}

/* A regular file's bytes (never blocking on a FIFO or a device); NULL with errno set (EINVAL:
 * not a regular file), else malloc'd and NUL-terminated, its length in *len. */
static char *read_regular(const char *path, size_t *len) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return NULL;
  struct stat st;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) { close(fd); errno = EINVAL; return NULL; }
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = malloc(cap + 1);
  for (ssize_t k = 1; buf && k > 0;) {
    if (n == cap) { char *nb = realloc(buf, 2 * cap + 1); if (!nb) { free(buf); buf = NULL; break; } buf = nb; cap *= 2; }
    k = read(fd, buf + n, cap - n);
    if (k < 0 && errno == EINTR) { k = 1; continue; }
    if (k < 0) { int e = errno; free(buf); close(fd); errno = e; return NULL; }
    n += (size_t)k;
  }
  close(fd);
  if (!buf) { errno = ENOMEM; return NULL; }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* The hash of a file's bytes; a file that is missing, unreadable or not a regular file hashes as
 * such (then it is there, or readable, when it was not: a change). */
static uint64_t file_hash(const char *path) {
  char key[PATH_MAX + 8];
  fmt(key, sizeof key, "f:%s", path);
  memo_slot *m = memo_find(key);
  if (m && m->key) return m->h;
  uint64_t h = FNV_START;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  struct stat st;
  if (fd < 0) h = fnv1a(h, "\1missing", 8);
  else if (fstat(fd, &st) || !S_ISREG(st.st_mode)) h = fnv1a(h, "\1not a regular file", 19);
  else {
    static unsigned char buf[65536];
    ssize_t k;
    while ((k = read(fd, buf, sizeof buf)) != 0) {
      if (k < 0 && errno == EINTR) continue;
      if (k < 0) { h = fnv1a(FNV_START, "\1unreadable", 11); break; }
      h = fnv1a(h, buf, (size_t)k);
    }
  }
  if (fd >= 0) close(fd);
  memo_put(key, h);
  return h;
}

/* The hash of a config (preset or file, with the files its 'base' lines name) as awemu config
 * --show writes it: every value and where it came from. */
static uint64_t config_hash(const char *name) {
  char key[PATH_MAX + 8];
  fmt(key, sizeof key, "c:%s", name);
  memo_slot *m = memo_find(key);
  if (m && m->key) return m->h;
  tm_config c;
  char err[600], *text = NULL;
  size_t len = 0;
  uint64_t h = FNV_START;
  tm_config_defaults(&c);
  FILE *f = tm_config_load(&c, name, err, sizeof err) ? NULL : open_memstream(&text, &len);
  if (f) { tm_config_write(&c, f); fclose(f); h = fnv1a(h, text, len); }
  else h = fnv1a(h, "\1no such config", 15);
  free(text);
  memo_put(key, h);
  return h;
}

static void put_input(FILE *f, const char *what, const char *path, uint64_t h) {
  fprintf(f, "%016llx %s %s\n", (unsigned long long)h, what, path);
}

/* The files a run script reads, as far as its text says: the paths of load, subroutines,
 * config, fill and expect (file, text), and compare, after ${NAME} is replaced as awemu run
 * replaces it (SCRIPT_DIR, DATA, the sweep's var values, set var); a file the script writes
 * (dump, trace, stats json, printf) is its output, not an input. */
static void script_inputs(FILE *out, const char *script, const run *x, const sweep *w, const char *data) {
  size_t len;
  char *text = read_regular(script, &len);
  if (!text) return;   /* (its own line says it is missing) */
  char dir[PATH_MAX], *outputs[256];
  int nout = 0;
  fmt(dir, sizeof dir, "%s", script);
  char *slash = strrchr(dir, '/');
  if (!slash) strcpy(dir, ".");
  else if (slash == dir) dir[1] = 0;
  else *slash = 0;
  for (int pass = 0; pass < 2; pass++) {   /* the outputs first, then the inputs that are not outputs */
    script_var vars[MAX_SCRIPT_VARS];
    int nv = 0;
    var_set(vars, &nv, "SCRIPT_DIR", dir);
    var_set(vars, &nv, "DATA", data);
    for (int k = 0; k < w->nsets; k++) if (w->isvar[k]) var_set(vars, &nv, w->sets[k].key, w->sets[k].vals[x->s[k]]);
    for (const char *line = text; *line;) {
      size_t ll = strcspn(line, "\n");
      char *copy = strndup(line, ll), *argv[64];
      int argc = 0;
      line += ll + (line[ll] == '\n');
      if (!copy) break;
      char *hash = strchr(copy, '#'), *save = NULL;
      if (hash) *hash = 0;
      for (char *tok = strtok_r(copy, " \t\r", &save); tok && argc < 64; tok = strtok_r(NULL, " \t\r", &save)) {
        char *word = var_expand(tok, vars, nv);
        if (word && *word) argv[argc++] = word;
        else free(word);
      }
      free(copy);
      const char *in[2] = { NULL, NULL }, *output = NULL;
      if (argc >= 2 && (!strcmp(argv[0], "load") || !strcmp(argv[0], "subroutines"))) in[0] = argv[1];
      else if (argc >= 2 && !strcmp(argv[0], "config") && strcmp(argv[1], "off")) { if (pass) put_input(out, "config", argv[1], config_hash(argv[1])); }
      else if (argc >= 4 && (!strcmp(argv[0], "fill") || !strcmp(argv[0], "expect")) && (!strcmp(argv[2], "file") || !strcmp(argv[2], "text"))) in[0] = argv[3];
      else if (argc >= 3 && !strcmp(argv[0], "compare")) { in[0] = argv[1]; in[1] = argv[2]; }
      else if (argc >= 3 && !strcmp(argv[0], "dump")) output = argv[2];
      else if (argc >= 2 && !strcmp(argv[0], "trace") && strcmp(argv[1], "on") && strcmp(argv[1], "off")) output = argv[1];
      else if (argc >= 3 && !strcmp(argv[0], "stats") && !strcmp(argv[1], "json")) output = argv[2];
      else if (argc >= 2 && !strcmp(argv[0], "printf") && strcmp(argv[1], "out")) output = argv[1];
      else if (argc >= 4 && !strcmp(argv[0], "set") && !strcmp(argv[1], "var")) var_set(vars, &nv, argv[2], argv[3]);
      if (pass == 0 && output && nout < 256) outputs[nout++] = strdup(output);
      for (int k = 0; pass == 1 && k < 2 && in[k]; k++) {
        int is_out = 0;
        for (int o = 0; o < nout; o++) is_out |= outputs[o] && !strcmp(outputs[o], in[k]);
        if (!is_out) put_input(out, "file", in[k], file_hash(in[k]));
      }
      for (int k = 0; k < argc; k++) free(argv[k]);
    }
    for (int i = 0; i < nv; i++) { free(vars[i].name); free(vars[i].value); }
  }
  for (int o = 0; o < nout; o++) free(outputs[o]);
  free(text);
}

/* Run x's inputs as DIR/runs/ID/inputs records them (INPUTS_HEAD, then a line each), malloc'd. */
static char *run_inputs(const sweep *w, const run *x) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
  fputs(INPUTS_HEAD, f);
  uint64_t h = FNV_START;   /* the command but the path of awemu, which differs from machine to machine */
  for (int i = 1; i < x->argc; i++) h = fnv1a(h, x->argv[i], strlen(x->argv[i]) + 1);
  fprintf(f, "%016llx command\n", (unsigned long long)h);
  const char *cfg = w->cfg.vals[x->c];
  if (strcmp(cfg, "functional")) put_input(f, "config", cfg, config_hash(cfg));
  for (int i = 0; i + 1 < x->argc; i++)
    if (!strcmp(x->argv[i], "--subroutines")) put_input(f, "file", x->argv[i + 1], file_hash(x->argv[i + 1]));
  const char *script = w->wl.vals[x->w];
  put_input(f, "file", script, file_hash(script));
  char data[PATH_MAX];
  data_dir(x->w, data, sizeof data);
  if (!x->work) script_inputs(f, script, x, w, data);
  for (int i = 0; i < x->nwords; i++) {   /* a .exec command's files: each word (or --option=VALUE) naming a file by its absolute path */
    const char *v = x->words[i], *eq = v[0] == '-' ? strchr(v, '=') : NULL;
    struct stat st;
    if (eq) v = eq + 1;
    if (v[0] == '/' && stat(v, &st) == 0 && S_ISREG(st.st_mode)) put_input(f, "file", v, file_hash(v));
  }
  if (fclose(f)) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
  return text;
}

/* ---- a run's state ---- */

/* The length of the UTF-8 sequence at p (1 to 4 bytes, no overlong form, no surrogate), or 0. */
static int utf8_len(const unsigned char *p) {
  int k = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
  for (int i = 1; i < k; i++) if ((p[i] & 0xc0) != 0x80) return 0;
  if (k == 3 && ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0))) return 0;
  if (k == 4 && ((p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))) return 0;
  return k;
}

/* Whether s[0..n) is one JSON value (RFC 8259) and nothing else, at most 256 deep; else the
 * byte offset of the first error in *at. */
typedef struct { const char *s; size_t n, i; int depth; } json_in;
static void json_ws(json_in *j) { while (j->i < j->n && strchr(" \t\r\n", j->s[j->i])) j->i++; }
static int json_value(json_in *j);
static int json_string(json_in *j) {
  if (j->i >= j->n || j->s[j->i] != '"') return 0;
  for (j->i++; j->i < j->n; j->i++) {
    unsigned char c = (unsigned char)j->s[j->i];
    if (c == '"') { j->i++; return 1; }
    if (c < 0x20) return 0;
    if (c >= 0x80) {   /* UTF-8 only */
      int k = j->n - j->i >= 4 ? utf8_len((const unsigned char *)j->s + j->i) : 0;
      if (!k && j->n - j->i < 4) { unsigned char t[4] = { 0 }; memcpy(t, j->s + j->i, j->n - j->i); k = utf8_len(t); }
      if (!k) return 0;
      j->i += (size_t)k - 1;
      continue;
    }
    if (c == '\\') {
      if (++j->i >= j->n) return 0;
      c = (unsigned char)j->s[j->i];
      if (c == 'u') {
        for (int k = 0; k < 4; k++) if (++j->i >= j->n || !isxdigit((unsigned char)j->s[j->i])) return 0;
      } else if (!strchr("\"\\/bfnrt", c) || !c) return 0;
    }
  }
  return 0;
}
static int json_digits(json_in *j) {
  size_t s = j->i;
  while (j->i < j->n && isdigit((unsigned char)j->s[j->i])) j->i++;
  return j->i > s;
}
static int json_value(json_in *j) {
  json_ws(j);
  if (j->i >= j->n || ++j->depth > 256) return 0;
  char c = j->s[j->i];
  int ok = 1;
  if (c == '{' || c == '[') {
    char end = c == '{' ? '}' : ']';
    j->i++;
    json_ws(j);
    if (j->i < j->n && j->s[j->i] == end) j->i++;
    else for (;;) {
      if (c == '{') {
        json_ws(j);
        if (!json_string(j)) return 0;
        json_ws(j);
        if (j->i >= j->n || j->s[j->i++] != ':') return 0;
      }
      if (!json_value(j)) return 0;
      json_ws(j);
      if (j->i < j->n && j->s[j->i] == ',') { j->i++; continue; }
      if (j->i < j->n && j->s[j->i] == end) { j->i++; break; }
      return 0;
    }
  } else if (c == '"') ok = json_string(j);
  else if (c == '-' || isdigit((unsigned char)c)) {
    if (c == '-') j->i++;
    if (j->i < j->n && j->s[j->i] == '0') j->i++;
    else ok = json_digits(j);
    if (ok && j->i < j->n && j->s[j->i] == '.') { j->i++; ok = json_digits(j); }
    if (ok && j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
      j->i++;
      if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-')) j->i++;
      ok = json_digits(j);
    }
  } else {
    static const char *const words[] = { "true", "false", "null" };
    ok = 0;
    for (int k = 0; k < 3 && !ok; k++) {
      size_t l = strlen(words[k]);
      if (j->n - j->i >= l && !memcmp(j->s + j->i, words[k], l)) { j->i += l; ok = 1; }
    }
  }
  j->depth--;
  return ok;
}
static int json_valid(const char *s, size_t n, size_t *at) {
  json_in j = { s, n, 0, 0 };
  json_ws(&j);
  int ok = j.i < n && s[j.i] == '{' && json_value(&j);   /* a statistics file is an object */
  json_ws(&j);
  ok = ok && j.i == n;
  *at = j.i;
  return ok;
}

enum { RUN_NONE, RUN_OK, RUN_DAMAGED, RUN_STALE };

/* Whether run x is done: its stats.json is there and whole, and what it read is unchanged.  RUN_OK;
 * RUN_NONE (no statistics); RUN_DAMAGED (not a JSON object: the run is redone); RUN_STALE (made
 * with another command or other inputs: it is redone).  For the last two, why in why (if not NULL). */
static int run_state(const sweep *w, const run *x, char *why, size_t cap) {
  char path[PATH_MAX + 16];
  size_t len, at;
  fmt(path, sizeof path, "%s/stats.json", x->dir);
  if (!exists(path)) return RUN_NONE;
  char *stats = read_regular(path, &len);
  if (!stats || !json_valid(stats, len, &at)) {
    if (why && stats) snprintf(why, cap, "%s is damaged (not a JSON object: the first error at byte %zu)", path, at);
    else if (why) snprintf(why, cap, "%s cannot be read: %s", path, errno == EINVAL ? "not a regular file" : strerror(errno));
    free(stats);
    return RUN_DAMAGED;
  }
  free(stats);
  fmt(path, sizeof path, "%s/inputs", x->dir);
  char *had = read_regular(path, &len), *now = run_inputs(w, x);
  int same = had && strlen(had) == len && !strcmp(had, now);
  if (!same && why) {   /* the first line of now that was not there */
    if (!had || strncmp(had, INPUTS_HEAD, strlen(INPUTS_HEAD))) snprintf(why, cap, "no record of what it read (%s)", path);
    else {
      snprintf(why, cap, "what it read has changed");
      for (char *l = now + strlen(INPUTS_HEAD), *e; *l; l = e + 1) {
        e = strchr(l, '\n');
        if (!e) break;
        *e = 0;
        int found = 0;
        for (const char *p = had; (p = strstr(p, l)); p++) if ((p == had || p[-1] == '\n') && (p[strlen(l)] == '\n' || !p[strlen(l)])) { found = 1; break; }
        if (!found) { snprintf(why, cap, "its %s changed since it ran", l + 17); break; }
        *e = '\n';
      }
      /* (every line still there: one fewer input now) */
    }
  }
  free(had);
  free(now);
  return same ? RUN_OK : RUN_STALE;
}

/* A word as a shell reads it back. */
static void put_quoted(FILE *f, const char *s) {
  if (*s && !s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+=./:,@")]) { fputs(s, f); return; }
  fputc('\'', f);
  for (; *s; s++) { if (*s == '\'') fputs("'\\''", f); else fputc(*s, f); }
  fputc('\'', f);
}

static void put_command(FILE *f, const run *x) {
  for (int i = 0; i < x->argc; i++) { if (i) fputc(' ', f); put_quoted(f, x->argv[i]); }
}

/* DIR/runs/ID/NAME, for one of a run's files. */
static void run_file(const run *x, const char *name, char *buf, size_t cap) { fmt(buf, cap, "%s/%s", x->dir, name); }

/* A run as one shell command line, as awemu sweep runs it: make its directory and remove what an
 * earlier run of other inputs left, run it with its output in its log (killed a second after the
 * sweep's timeout), and on success record what it read and name its statistics stats.json. */
static void put_shell(FILE *f, const sweep *w, const run *x) {
  char p[PATH_MAX + 32];
  char *in = run_inputs(w, x);
  fputs("mkdir -p ", f); put_quoted(f, x->dir);
  run_file(x, "stats.json", p, sizeof p); fputs(" && rm -f ", f); put_quoted(f, p);
  run_file(x, "inputs", p, sizeof p); fputc(' ', f); put_quoted(f, p);
  if (x->work) {   /* a .exec workload: in an empty directory of its own */
    fputs(" && rm -rf ", f); put_quoted(f, x->work);
    fputs(" && mkdir ", f); put_quoted(f, x->work);
    fputs(" && (cd ", f); put_quoted(f, x->work); fputs(" && exec ", f);
  } else fputs(" && ", f);
  if (w->timeout_s > 0) fprintf(f, "timeout -s KILL %g ", w->timeout_s + 1);
  put_command(f, x);
  if (x->work) fputc(')', f);
  run_file(x, "log", p, sizeof p); fputs(" > ", f); put_quoted(f, p);
  fputs(" 2>&1 && printf '%s\\n'", f);
  for (char *l = in, *e; *l; l = e + 1) {
    e = strchr(l, '\n');
    if (!e) break;
    *e = 0;
    fputc(' ', f);
    put_quoted(f, l);
    *e = '\n';
  }
  run_file(x, "inputs", p, sizeof p); fputs(" > ", f); put_quoted(f, p);
  run_file(x, "stats.part.json", p, sizeof p); fputs(" && mv ", f); put_quoted(f, p);
  run_file(x, "stats.json", p, sizeof p); fputc(' ', f); put_quoted(f, p);
  free(in);
}

static void fmt_time(double s, char *buf, size_t cap) {
  if (s < 60) fmt(buf, cap, "%.0f s", s);
  else if (s < 3600) fmt(buf, cap, "%dm%02ds", (int)s / 60, (int)s % 60);
  else fmt(buf, cap, "%dh%02dm", (int)s / 3600, (int)s % 3600 / 60);
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
  run_file(x, "seconds", path, sizeof path);
  FILE *sf = fopen(path, "w");
  if (sf) { fprintf(sf, "%.3f\n", x->seconds); fclose(sf); }
  run_file(x, "stats.part.json", path, sizeof path);
  run_file(x, "stats.json", fin, sizeof fin);
  int ok = x->status == 0 && !x->timed_out && exists(path);
  if (ok) {   /* inputs first: a sweep stopped between the two finds no stats.json, and runs it again */
    isa_outfile o;
    run_file(x, "inputs", fin, sizeof fin);
    if (isa_out_open(&o, fin, 0, err, sizeof err)) { err_at(NULL, 0, "%s", err); ok = 0; }
    else { fputs(x->inputs, o.f); if (isa_out_commit(&o, err, sizeof err)) { err_at(NULL, 0, "%s", err); ok = 0; } }
    run_file(x, "stats.json", fin, sizeof fin);
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
    int s = run_state(w, &r[i], why, sizeof why);
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
      if (mkdirs(x->dir)) { err_at(NULL, 0, "%s: cannot make: %s", x->dir, strerror(errno)); x->state = 4; failed++; continue; }
      x->inputs = run_inputs(w, x);   /* as they are now: what the run reads */
      run_file(x, "stats.json", path, sizeof path);   /* what a run of other inputs left */
      unlink(path);
      run_file(x, "inputs", path, sizeof path);
      unlink(path);
      if (x->work && (remove_tree(x->work) || mkdir(x->work, 0777))) {   /* what an earlier run of it wrote goes */
        err_at(NULL, 0, "%s: cannot make it empty: %s", x->work, strerror(errno));
        free(x->inputs); x->inputs = NULL; x->state = 4; failed++; continue;
      }
      run_file(x, "command", path, sizeof path);
      FILE *cf = fopen(path, "w");
      if (cf) { put_command(cf, x); fputc('\n', cf); fclose(cf); }
      run_file(x, "log", path, sizeof path);
      fflush(NULL);
      pid_t pid = fork();
      if (pid < 0) { err_at(NULL, 0, "fork: %s", strerror(errno)); free(x->inputs); x->inputs = NULL; x->state = 4; failed++; continue; }
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
        put_command(stderr, x);
        fputc('\n', stderr);
      }
      double t = now_s(), left = done ? sum / done * (todo - done - failed) / (jobs < todo ? jobs : todo) : 0;
      if (!stop_signal && (tty || t - last_print >= 2 || done + failed == todo)) {
        char lt[32];
        fmt_time(left, lt, sizeof lt);
        int waiting = todo - done - failed - running, shown = running + waiting < jobs ? running + waiting : jobs;   /* running once refilled */
        fprintf(stderr, "%s[sweep] %d/%d done, %d running, %d failed, %s left   %s", tty ? "\r" : "", done, todo, shown, failed,
                done ? lt : "? s", tty ? "" : "\n");
        last_print = t;
      }
    }
    if (pid < 0 && errno == ECHILD && running) { err_at(NULL, 0, "waitpid: %s", strerror(errno)); break; }   /* (never: every run is our child) */
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
  fmt_time(now_s() - t0, tt, sizeof tt);
  if (stop_signal) {
    fprintf(stderr, "[sweep] stopped by %s: %d runs done, %d failed, %d stopped part way (no statistics kept), in %s: run the sweep again to go on\n",
            strsignal(stop_signal), done, failed, interrupted, tt);
    *stopped = stop_signal;
  } else fprintf(stderr, "[sweep] %d runs done, %d failed, in %s\n", done, failed, tt);
  return failed;
}

/* ---- merging ---- */


typedef struct { char *names[512]; int n; } columns;

static int column_of(columns *c, const char *name) {
  for (int i = 0; i < c->n; i++) if (!strcmp(c->names[i], name)) return i;
  if (c->n == 512) {
    static int said;
    if (!said++) fprintf(stderr, "awemu sweep: more than 512 statistics: the rest are left out of results.csv (results.json has them all)\n");
    return -1;
  }
  c->names[c->n] = strdup(name);
  return c->n++;
}

/* The scalars of a stats JSON as awemu writes it: top-level "key": value
 * lines and one-line objects ("l1.hits"), up to the launches list.  Calls fn
 * for each (the value as written, strings without their quotes). */
static void each_scalar(const char *path, void (*fn)(const char *key, const char *value, void *arg), void *arg) {
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[65536], key[256], full[512], val[512];
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "  \"", 3)) continue;
    if (!strncmp(line, "  \"launches\"", 12)) break;
    char *q = strchr(line + 3, '"');
    if (!q || q[1] != ':' || (size_t)(q - line - 3) >= sizeof key) continue;
    memcpy(key, line + 3, (size_t)(q - line - 3));
    key[q - line - 3] = 0;
    char *v = q + 2;
    while (*v == ' ') v++;
    if (*v == '[') continue;
    if (*v == '{') {   /* {"a": 1, "b": 2} */
      for (char *p = v + 1; (p = strchr(p, '"'));) {
        char *e = strchr(p + 1, '"');
        if (!e || e[1] != ':') break;
        int nf = snprintf(full, sizeof full, "%s.%.*s", key, (int)(e - p - 1), p + 1);
        char *s = e + 2;
        while (*s == ' ') s++;
        size_t len = *s == '"' ? strcspn(s + 1, "\"") : strcspn(s, ",}");
        if (*s == '"' && s[1 + len] != '"') break;   /* an unterminated string: never past the line's end */
        if (nf > 0 && (size_t)nf < sizeof full && len < sizeof val) {   /* not a statistic awemu writes: left out */
          snprintf(val, sizeof val, "%.*s", (int)len, *s == '"' ? s + 1 : s);
          fn(full, val, arg);
        }
        p = s + len + (*s == '"' ? 2 : 0);
      }
      continue;
    }
    size_t len = *v == '"' ? strcspn(v + 1, "\"") : strcspn(v, ",\n");
    if (len >= sizeof val) continue;   /* not a statistic awemu writes: left out */
    snprintf(val, sizeof val, "%.*s", (int)len, *v == '"' ? v + 1 : v);
    fn(key, val, arg);
  }
  fclose(f);
}

typedef struct { columns *c; char **vals; } row_ctx;
/* A statistic named like a column of the run's own (design, compression...) is "stats.NAME". */
static const sweep *merging;
static const char *stat_name(const char *key, char *buf, size_t cap) {
  static const char *const own[] = { "run", "workload", "config", "design", "algorithm", "status", "host_seconds" };
  int clash = 0;
  for (size_t i = 0; i < sizeof own / sizeof *own; i++) clash |= !strcmp(key, own[i]);
  for (int k = 0; merging && k < merging->nsets; k++) clash |= !strcmp(key, merging->sets[k].key);
  if (!clash) return key;
  fmt(buf, cap, "stats.%s", key);
  return buf;
}
static void collect_col(const char *key, const char *value, void *arg) {
  char b[600];
  (void)value;
  column_of(arg, stat_name(key, b, sizeof b));
}
static void collect_val(const char *key, const char *value, void *arg) {
  row_ctx *r = arg;
  char b[600];
  int i = column_of(r->c, stat_name(key, b, sizeof b));
  if (i >= 0) { free(r->vals[i]); r->vals[i] = strdup(value); }
}

static void csv_field(FILE *f, const char *s) {
  if (!strpbrk(s, ",\"\n")) { fputs(s, f); return; }
  fputc('"', f);
  for (; *s; s++) { if (*s == '"') fputc('"', f); fputc(*s, f); }
  fputc('"', f);
}

/* s as a JSON string: valid UTF-8 as it is (isa/json.h). */
static void json_str(FILE *f, const char *s) { isa_json_string(f, s, ISA_JSON_UTF8); }

/* DIR/results.csv (a row per run: its coordinates, status, host seconds and
 * every scalar of its statistics) and DIR/results.json (the same runs, each
 * with its whole statistics).  A run is "ok" only when run_state says so: a
 * damaged stats.json is "failed" and one of other inputs "stale", each named
 * on standard error with no statistics merged.  The number of runs failed or
 * stale, or -1 when the results could not be written. */
static int merge(const sweep *w, run *r, int n) {
  columns cols = { .n = 0 };
  char path[PATH_MAX + 32], err[600], why[PATH_MAX + 256];
  int *state = calloc((size_t)n + 1, sizeof *state), bad_runs = 0, nok = 0;
  if (!state) return err_at(NULL, 0, "out of memory");
  merging = w;
  for (int i = 0; i < n; i++) {
    state[i] = run_state(w, &r[i], why, sizeof why);
    if (state[i] == RUN_DAMAGED || state[i] == RUN_STALE) {
      fprintf(stderr, "[sweep] %s %s: %s (run the sweep again to redo it)\n", state[i] == RUN_STALE ? "STALE" : "FAILED", r[i].id, why);
      bad_runs++;
    }
    if (state[i] == RUN_NONE && is_dir(r[i].dir)) bad_runs++;
    if (state[i] != RUN_OK) continue;
    nok++;
    run_file(&r[i], "stats.json", path, sizeof path);
    each_scalar(path, collect_col, &cols);
  }
  isa_outfile csv, js;
  fmt(path, sizeof path, "%s/results.csv", out_dir);
  if (isa_out_open(&csv, path, 0, err, sizeof err)) { free(state); return err_at(NULL, 0, "%s", err); }
  fmt(path, sizeof path, "%s/results.json", out_dir);
  if (isa_out_open(&js, path, 0, err, sizeof err)) { isa_out_abort(&csv); free(state); return err_at(NULL, 0, "%s", err); }
  fputs("run,workload,config,design,algorithm", csv.f);
  for (int k = 0; k < w->nsets; k++) { fputc(',', csv.f); csv_field(csv.f, w->sets[k].key); }
  fputs(",status,host_seconds", csv.f);
  for (int i = 0; i < cols.n; i++) { fputc(',', csv.f); csv_field(csv.f, cols.names[i]); }
  fputc('\n', csv.f);
  fputs("[\n", js.f);
  char **vals = calloc((size_t)cols.n + 1, sizeof *vals);
  for (int i = 0; i < n; i++) {
    const run *x = &r[i];
    int ok = state[i] == RUN_OK;
    char wn[PATH_MAX], cn[PATH_MAX], secs[64] = "";
    fmt(wn, sizeof wn, "%s", wnames[x->w]);
    config_name(w->cfg.vals[x->c], cn, sizeof cn);
    const char *des = w->des.n ? w->des.vals[x->d] : "", *alg = w->alg.n ? w->alg.vals[x->a] : "";
    const char *st = ok ? "ok" : state[i] == RUN_STALE ? "stale" : state[i] == RUN_DAMAGED || is_dir(x->dir) ? "failed" : "not run";
    size_t len;
    run_file(x, "seconds", path, sizeof path);
    char *text = read_regular(path, &len), *end;
    if (text) {   /* a number, or nothing */
      text[strcspn(text, "\n")] = 0;
      double sv = strtod(text, &end);
      if (end != text && !*end && isfinite(sv) && sv >= 0) fmt(secs, sizeof secs, "%.3f", sv);
    }
    free(text);
    csv_field(csv.f, x->id); fputc(',', csv.f); csv_field(csv.f, wn); fputc(',', csv.f); csv_field(csv.f, cn);
    fputc(',', csv.f); csv_field(csv.f, des); fputc(',', csv.f); csv_field(csv.f, alg);
    for (int k = 0; k < w->nsets; k++) { fputc(',', csv.f); csv_field(csv.f, w->sets[k].vals[x->s[k]]); }
    fprintf(csv.f, ",%s,%s", st, secs);
    for (int k = 0; k < cols.n; k++) { free(vals[k]); vals[k] = NULL; }
    run_file(x, "stats.json", path, sizeof path);
    row_ctx rc = { &cols, vals };
    if (ok) each_scalar(path, collect_val, &rc);
    for (int k = 0; k < cols.n; k++) { fputc(',', csv.f); if (vals[k]) csv_field(csv.f, vals[k]); }
    fputc('\n', csv.f);
    fprintf(js.f, "%s  {\"run\": ", i ? ",\n" : "");
    json_str(js.f, x->id);
    fputs(", \"workload\": ", js.f); json_str(js.f, wn);
    fputs(", \"script\": ", js.f); json_str(js.f, w->wl.vals[x->w]);
    fputs(", \"config\": ", js.f); json_str(js.f, cn);
    fputs(", \"design\": ", js.f); json_str(js.f, des);
    fputs(", \"algorithm\": ", js.f); json_str(js.f, alg);
    fputs(", \"set\": {", js.f);
    for (int k = 0; k < w->nsets; k++) {
      fputs(k ? ", " : "", js.f); json_str(js.f, w->sets[k].key); fputs(": ", js.f); json_str(js.f, w->sets[k].vals[x->s[k]]);
    }
    fputs("}, \"status\": ", js.f); json_str(js.f, st);
    fprintf(js.f, ", \"host_seconds\": %s, \"command\": ", secs[0] ? secs : "null");
    run_file(x, "command", path, sizeof path);
    text = read_regular(path, &len);
    if (text) { text[strcspn(text, "\n")] = 0; json_str(js.f, text); }
    else fputs("null", js.f);
    free(text);
    fputs(", \"stats\": ", js.f);
    run_file(x, "stats.json", path, sizeof path);
    text = ok ? read_regular(path, &len) : NULL;   /* (checked whole by run_state) */
    while (text && len && isspace((unsigned char)text[len - 1])) len--;
    if (text && len) fwrite(text, 1, len, js.f);
    else fputs("null", js.f);
    free(text);
    fputc('}', js.f);
  }
  fputs("\n]\n", js.f);
  for (int k = 0; k < cols.n; k++) { free(vals[k]); free(cols.names[k]); }
  free(vals);
  free(state);
  int bad = isa_out_commit(&csv, err, sizeof err);
  if (bad) err_at(NULL, 0, "%s", err);
  if (isa_out_commit(&js, err, sizeof err)) { err_at(NULL, 0, "%s", err); bad = 1; }
  if (!bad) fprintf(stderr, "[sweep] merged %d runs into %s/results.csv and %s/results.json: %d ok, %d failed or stale\n", n, out_dir, out_dir, nok, bad_runs);
  return bad ? -1 : bad_runs;
}

/* The sweep's figures from DIR/results.csv into DIR/figures.  0, or -1 when one failed.  Without
 * gnuplot the figures' tables, data and scripts are still written: an error when drawing is what
 * was asked for (--plot), else a warning (the runs and their tables are the sweep's work). */
static int draw(const sweep *w, int strict) {
  char csv[PATH_MAX + 16], dir[PATH_MAX + 16], err[1200];
  int bad = 0;
  fmt(csv, sizeof csv, "%s/results.csv", out_dir);
  fmt(dir, sizeof dir, "%s/figures", out_dir);
  for (int i = 0; i < w->nfigs; i++) {
    int r = plot_draw(&w->figs[i], csv, dir, err, sizeof err);
    if (r == 1 && !strict) fprintf(stderr, "%s:%d: warning: %s; its table is %s/%s.md\n", w->file, w->figs[i].line, err, dir, w->figs[i].name);
    else if (r) { err_at(w->file, w->figs[i].line, "%s", err); bad = 1; }
    else fprintf(stderr, "[sweep] figure %s: %s/%s.svg, .png, .md\n", w->figs[i].name, dir, w->figs[i].name);
  }
  return bad ? -1 : 0;
}

/* ---- the lock ---- */

/* DIR/lock, held (flock) while the sweep runs, lists or prepares: exclusive, or shared by the tasks
 * of a Slurm array (they run at once, each its own share).  Another sweep into DIR is refused, its
 * message naming the holder (whose line the exclusive holder writes into the file).  The lock goes
 * with the process (and its file descriptor is not passed to the runs).  0, or -1 (said). */
static int lock_fd = -1;
static int take_lock(int shared, int argc, char **argv) {
  char path[PATH_MAX + 8];
  fmt(path, sizeof path, "%s/lock", out_dir);
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) return err_at(NULL, 0, "%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) { close(fd); return err_at(NULL, 0, "%s: not a regular file", path); }
  if (flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB)) {
    int e = errno;
    char who[600];
    ssize_t k = e == EWOULDBLOCK ? pread(fd, who, sizeof who - 1, 0) : -1;
    who[k > 0 ? k : 0] = 0;
    who[strcspn(who, "\n")] = 0;
    long pid = 0;
    if (sscanf(who, "pid %ld", &pid) != 1 || pid <= 0 || (kill((pid_t)pid, 0) && errno == ESRCH)) snprintf(who, sizeof who, "the tasks of a Slurm array of a sweep");
    close(fd);
    if (e != EWOULDBLOCK) return err_at(NULL, 0, "%s: cannot lock: %s", path, strerror(e));
    return err_at(NULL, 0, "%s is in use by another sweep (%s): wait for it to end, or give this one another --out", out_dir, who);
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
  fmt(dir, sizeof dir, "%s/slurm", out_dir);
  if (mkdirs(dir)) return err_at(NULL, 0, "%s: cannot make: %s", dir, strerror(errno));
  if (!realpath(file, abs_file) || !realpath(out_dir, abs_out)) return err_at(NULL, 0, "cannot resolve %s or %s", file, out_dir);
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return err_at(NULL, 0, "getcwd: %s", strerror(errno));
  const char *names[3] = { "array.sbatch", "merge.sbatch", "submit.sh" };
  for (int k = 0; k < 3; k++) {
    isa_outfile o;
    fmt(path, sizeof path, "%s/%s", dir, names[k]);
    if (isa_out_open(&o, path, 0, err, sizeof err)) return err_at(NULL, 0, "%s", err);
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
    if (isa_out_commit(&o, err, sizeof err)) return err_at(NULL, 0, "%s", err);
    if (k == 2) chmod(path, 0755);
  }
  fprintf(stderr, "[sweep] %d runs in %d Slurm array tasks: sh %s/submit.sh (then %s/results.csv)\n", nruns, tasks, dir, out_dir);
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
  if (parse(&w, file) || check(&w)) goto done;
  name_workloads(&w);
  char def[PATH_MAX];
  fmt(def, sizeof def, "%s.runs", w.name);
  out_dir = out ? out : def;
  if (!(r = expand(&w, &n, 1000000))) goto done;
  if (mkdirs(out_dir) || !is_dir(out_dir)) {
    fprintf(stderr, "awemu sweep: %s: cannot make the output directory: %s\n", out_dir, is_dir(out_dir) ? strerror(errno) : "a file of that name is in the way");
    goto done;
  }
  if (merge_only) { int m = merge(&w, r, n); rc = m < 0 || draw(&w, 0) ? 2 : m > 0 ? 1 : 0; goto done; }
  if (plot_only) { rc = draw(&w, 1) ? 2 : 0; goto done; }
  if (take_lock(task >= 0, argc, argv) || prepare(&w)) goto done;
  if (list) {
    for (int i = 0; i < n; i++) if (run_state(&w, &r[i], NULL, 0) != RUN_OK) { put_shell(stdout, &w, &r[i]); putchar('\n'); }
    rc = 0;
    goto done;
  }
  if (slurm) { rc = write_slurm(file, n, tasks ? (tasks < n ? tasks : n) : (n < 64 ? n : 64)) ? 2 : 0; goto done; }
  if (!jobs) { long c = sysconf(_SC_NPROCESSORS_ONLN); jobs = c > 0 ? (int)c : 1; }
  int stopped = 0, failed = run_all(&w, r, n, task >= 0 ? 1 : jobs, task >= 0 ? task : 0, task >= 0 ? ntask : 0, &stopped);
  if (stopped) {   /* SIGINT or SIGTERM: the sweep ends by it, as the convention is (status 130, 143) */
    free_runs(r, n);
    free_sweep(&w);
    memo_free();
    release_lock();
    fflush(NULL);
    signal(stopped, SIG_DFL);
    raise(stopped);
    return 128 + stopped;
  }
  if (task >= 0) rc = failed ? 1 : 0;
  else { int m = merge(&w, r, n); rc = m < 0 || draw(&w, 0) ? 2 : failed || m > 0 ? 1 : 0; }
done:
  free_runs(r, n);
  free_sweep(&w);
  memo_free();
  release_lock();
  return rc;
}

int aw_sweep_dry(const char *file, const char *out, long max_runs, FILE *f) {
  if (!awemu_path[0]) snprintf(awemu_path, sizeof awemu_path, "awemu");
  sweep w;
  int rc = 2, n = 0;
  run *r = NULL;
  char def[PATH_MAX];
  if (parse(&w, file) || check(&w)) goto done;
  name_workloads(&w);
  fmt(def, sizeof def, "%s.runs", w.name);
  out_dir = out ? out : def;
  if (!(r = expand(&w, &n, max_runs))) goto done;
  for (int i = 0; i < n; i++) { put_shell(f, &w, &r[i]); fputc('\n', f); }
  rc = 0;
done:
  free_runs(r, n);
  free_sweep(&w);
  memo_free();
  out_dir = NULL;
  return rc;
}
