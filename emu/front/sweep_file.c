/* emu/front/sweep_file.c -- a sweep file read and checked: its axes (workloads, configs, designs,
 * algorithms, subroutines, set and var values, timeout) and figures, the combinations it allows,
 * script variables, and .exec workloads, CUDA programs whose command lines awemu exec runs (see
 * sweep_int.h and emu/SWEEP.md).
 */
#define _XOPEN_SOURCE 700   /* realpath */
#define _DEFAULT_SOURCE     /* flock */
#include "sweep_int.h"
#include "../timing/config.h"

#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the sweep file ---- */

void sw_free_axis(axis *x, int keep_key) {
  for (int i = 0; i < x->n; i++) free(x->vals[i]);
  if (!keep_key) free(x->key);
  x->n = 0;
}

static int add_vals(axis *x, char *rest, const char *file, int line) {
  for (char *t = strtok(rest, " \t"); t; t = strtok(NULL, " \t")) {
    if (x->n == MAX_VALS) return sw_err_at(file, line, "more than %d values", MAX_VALS);
    x->vals[x->n++] = strdup(t);
  }
  if (!x->n) return sw_err_at(file, line, "'%s' needs at least one value", x->key);
  x->line = line;
  return 0;
}

int sw_parse(sweep *w, const char *file) {
  memset(w, 0, sizeof *w);
  FILE *f = fopen(file, "r");
  if (!f) return sw_err_at(file, 0, "%s: cannot read: %s", file, strerror(errno));
  w->file = file;
  char buf[8192];
  int line = 0, rc = 0;
  while (!rc && fgets(buf, sizeof buf, f)) {
    line++;
    size_t blen = strlen(buf);
    if (blen == sizeof buf - 1 && buf[blen - 1] != '\n' && !feof(f)) { rc = sw_err_at(file, line, "line longer than %d characters", (int)sizeof buf - 2); break; }
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
      if (!fe) { rc = sw_err_at(file, line, "expected figure NAME = bars|stack METRIC by AXIS ..."); break; }
      char *ne = fe;
      while (ne > p && isspace((unsigned char)ne[-1])) ne--;
      *ne = 0;
      fe[strcspn(fe, "\r\n")] = 0;
      char err[600];
      if (w->nfigs == 32) { rc = sw_err_at(file, line, "more than 32 figures"); break; }
      for (int i = 0; i < w->nfigs; i++) if (!strcmp(w->figs[i].name, p)) { rc = sw_err_at(file, line, "figure %s given twice", p); break; }
      if (rc) break;
      if (!*p) { rc = sw_err_at(file, line, "figure: a NAME before '='"); break; }
      if (plot_parse(&w->figs[w->nfigs], p, fe + 1, err, sizeof err)) { plot_free(&w->figs[w->nfigs]); rc = sw_err_at(file, line, "%s", err); break; }
      w->figs[w->nfigs].file = file;
      w->figs[w->nfigs++].line = line;
      continue;
    }
    int is_set = !strncmp(p, "set", 3) && isspace((unsigned char)p[3]), is_var = !strncmp(p, "var", 3) && isspace((unsigned char)p[3]);
    if (is_set || is_var) { p += 3; while (isspace((unsigned char)*p)) p++; }
    if (!eq) { rc = sw_err_at(file, line, "expected KEY = VALUE ..."); break; }
    char *ke = eq;
    while (ke > p && isspace((unsigned char)ke[-1])) ke--;
    *ke = 0;
    char *rest = eq + 1;
    rest[strcspn(rest, "\r\n")] = 0;
    const char *key = p;
    axis *x = NULL;
    if (is_set || is_var) {
      for (int i = 0; i < w->nsets; i++) if (!strcmp(w->sets[i].key, key)) { rc = sw_err_at(file, line, "%s given twice", key); break; }
      if (rc) break;
      if (w->nsets == MAX_AXES) { rc = sw_err_at(file, line, "more than %d set and var lines", MAX_AXES); break; }
      tm_config c;
      char err[512];
      tm_config_defaults(&c);
      if (is_set && tm_config_set(&c, key, "0", "x", err, sizeof err) && strstr(err, "unknown key")) {
        rc = sw_err_at(file, line, "set: unknown config key '%s' (awemu config --table lists them)", key);
        break;
      }
      if (is_var && (!*key || key[strspn(key, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")] || !strcmp(key, "DATA"))) {
        rc = sw_err_at(file, line, "var: '%s' is not a script variable name (letters, digits, _; DATA is the sweep's)", key);
        break;
      }
      w->isvar[w->nsets] = is_var;
      x = &w->sets[w->nsets++];
    } else if (!strcmp(key, "name")) {
      if (w->name) { rc = sw_err_at(file, line, "name given twice"); break; }
      while (isspace((unsigned char)*rest)) rest++;
      char *e = rest + strlen(rest);
      while (e > rest && isspace((unsigned char)e[-1])) *--e = 0;
      if (!*rest || strpbrk(rest, "/ \t") || strlen(rest) > 200) { rc = sw_err_at(file, line, "name: one word without '/' (at most 200 characters)"); break; }
      w->name = strdup(rest);
      continue;
    } else if (!strcmp(key, "workloads")) x = &w->wl;
    else if (!strcmp(key, "configs")) x = &w->cfg;
    else if (!strcmp(key, "designs")) x = &w->des;
    else if (!strcmp(key, "algorithms")) x = &w->alg;
    else if (!strcmp(key, "subroutines")) x = &w->subs;
    else if (!strcmp(key, "timeout")) x = &w->timeout;
    else if (!strncmp(key, "subroutines.", 12) && key[12]) {
      if (w->nalgsubs == 16) { rc = sw_err_at(file, line, "more than 16 subroutines.ALG lines"); break; }
      for (int i = 0; i < w->nalgsubs; i++) if (!strcmp(w->algsubs[i].key, key)) { rc = sw_err_at(file, line, "%s given twice", key); break; }
      if (rc) break;
      x = &w->algsubs[w->nalgsubs++];
    } else {
      rc = sw_err_at(file, line, "unknown key '%s' (name, workloads, configs, designs, algorithms, subroutines, subroutines.ALG, timeout, set KEY, var NAME)", key);
      break;
    }
    if (x->n) { rc = sw_err_at(file, line, "%s given twice", key); break; }
    x->key = strdup(key);
    rc = add_vals(x, rest, file, line);
  }
  fclose(f);
  if (rc) return -1;
  if (!w->wl.n) return sw_err_at(file, 0, "%s: no 'workloads = ...' line", file);
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
    if (tm_config_load(&base, w->cfg.vals[i], err, sizeof err)) return sw_err_at(w->file, w->cfg.line, "configs: %s", err);
    memset(idx, 0, sizeof idx);
    for (;;) {   /* every combination of the axes' values, the last fastest */
      tm_config c = base;
      for (int a = 0; a < nax; a++) {
        sw_fmt(where, sizeof where, "%s:%d", w->file, ax[a]->line);
        if (tm_config_set(&c, key[a], ax[a]->vals[idx[a]], where, err, sizeof err)) return sw_err_at(w->file, 0, "%s", err);
      }
      if (tm_config_check(&c, err, sizeof err)) {
        char runs[1024] = "";
        size_t l = 0;
        for (int a = 0; a < nax && l < sizeof runs; a++)
          l += (size_t)snprintf(runs + l, sizeof runs - l, ", %s=%s", key[a], ax[a]->vals[idx[a]]);
        fprintf(stderr, "%s\n", err);
        return sw_err_at(w->file, 0, "the runs with config %s%s would stop with that error: nothing has run", w->cfg.vals[i], runs);
      }
      int a = nax - 1;
      while (a >= 0 && ++idx[a] == ax[a]->n) idx[a--] = 0;
      if (a < 0) break;
    }
  }
  return 0;
}


void sw_var_set(script_var *v, int *nv, const char *name, const char *value) {
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
char *sw_var_expand(const char *tok, const script_var *v, int nv) {
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

void sw_free_words(char **words, int n) {
  for (int i = 0; i < n; i++) free(words[i]);
  free(words);
}

/* The command of a .exec file (emu/SWEEP.md): awemu exec's options, the program and its
 * arguments, as words separated by blanks and newlines; '...' or "..." makes one word of what it
 * holds (blanks included); # outside quotes starts a comment to the end of the line; ${NAME} is
 * replaced in every word (quoted or not) from vars.  0 with the malloc'd words, or -1 with
 * "FILE:LINE: MESSAGE" in err. */
int sw_exec_words(const char *path, const script_var *vars, int nv, char ***out, int *nout, char *err, size_t cap) {
  size_t len;
  char *text = sw_read_regular(path, &len);
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
        words[n] = sw_var_expand(word, vars, nv);
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
  if (rc) { sw_free_words(words, n); return -1; }
  *out = words;
  *nout = n;
  return 0;
}

/* An absolute form of path: as it is when it starts with '/', else the current directory joined
 * to it (the file need not exist). */
void sw_abs_path(const char *path, char *buf, size_t cap) {
  char cwd[PATH_MAX];
  if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) { sw_fmt(buf, cap, "%s", path); return; }
  while (path[0] == '.' && path[1] == '/') path += 2;
  sw_fmt(buf, cap, "%s/%s", cwd, path);
}

/* The directory of a workload's file, absolute (realpath when it exists). */
void sw_workload_dir(const char *file, char *buf, size_t cap) {
  char dir[PATH_MAX];
  sw_fmt(dir, sizeof dir, "%s", file);
  char *slash = strrchr(dir, '/');
  if (!slash) strcpy(dir, ".");
  else if (slash == dir) dir[1] = 0;
  else *slash = 0;
  char *real = realpath(dir, NULL);
  if (real) { sw_fmt(buf, cap, "%s", real); free(real); }
  else sw_abs_path(dir, buf, cap);
}


/* Workload patterns to run.aw and .exec paths; configs, designs, algorithms, set values and timeout checked. */
int sw_check(sweep *w) {
  axis got = { .key = "workloads", .line = w->wl.line };
  for (int i = 0; i < w->wl.n; i++) {
    glob_t g;
    int r = glob(w->wl.vals[i], 0, NULL, &g);
    if (r == GLOB_NOMATCH || (r == 0 && !g.gl_pathc)) { globfree(&g); sw_free_axis(&got, 1); return sw_err_at(w->file, w->wl.line, "workloads: '%s' matches nothing", w->wl.vals[i]); }
    if (r) { globfree(&g); sw_free_axis(&got, 1); return sw_err_at(w->file, w->wl.line, "workloads: '%s': cannot expand", w->wl.vals[i]); }
    for (size_t k = 0; k < g.gl_pathc; k++) {
      char p[PATH_MAX];
      const char *m = g.gl_pathv[k];
      size_t ml = strlen(m);
      if (sw_is_dir(m)) {
        sw_fmt(p, sizeof p, "%s%srun.aw", m, m[ml - 1] == '/' ? "" : "/");
        if (!sw_exists(p)) sw_fmt(p, sizeof p, "%s%srun.exec", m, m[ml - 1] == '/' ? "" : "/");
      } else sw_fmt(p, sizeof p, "%s", m);
      if (!sw_exists(p) || sw_is_dir(p) || !(sw_ends_with(p, ".aw") || sw_ends_with(p, ".exec"))) {
        if (strpbrk(w->wl.vals[i], "*?[")) continue;   /* a pattern's other matches (a README, a directory without run.aw) are not workloads */
        sw_err_at(w->file, w->wl.line, "workloads: %s: no run script (a directory with run.aw or run.exec, an .aw file, or an .exec file)", m);
        globfree(&g);
        sw_free_axis(&got, 1);
        return -1;
      }
      if (got.n == MAX_VALS) { globfree(&g); sw_free_axis(&got, 1); return sw_err_at(w->file, w->wl.line, "workloads: more than %d", MAX_VALS); }
      got.vals[got.n++] = strdup(p);
    }
    globfree(&g);
  }
  got.key = w->wl.key;
  sw_free_axis(&w->wl, 1);
  w->wl = got;   /* (freed with the sweep, also on the errors below) */
  if (!got.n) return sw_err_at(w->file, w->wl.line, "workloads: no run script matched");
  for (int i = 0; i < got.n; i++) {   /* a .exec file that does not parse is refused now, with its line */
    char **words, err[PATH_MAX + 128];
    int nw;
    if (!sw_ends_with(got.vals[i], ".exec")) continue;
    if (sw_exec_words(got.vals[i], NULL, 0, &words, &nw, err, sizeof err)) return sw_err_at(w->file, w->wl.line, "workloads: %s", err);
    sw_free_words(words, nw);
  }
  char err[600];
  int functional = 0, timing_axes = w->des.n || w->alg.n;
  for (int k = 0; k < w->nsets; k++) timing_axes |= !w->isvar[k];
  for (int i = 0; i < w->cfg.n; i++) {
    if (!strcmp(w->cfg.vals[i], "functional")) { functional = 1; continue; }   /* awemu run without --config */
    tm_config c;
    tm_config_defaults(&c);
    if (tm_config_load(&c, w->cfg.vals[i], err, sizeof err)) return sw_err_at(w->file, w->cfg.line, "configs: %s", err);
  }
  if (functional && timing_axes)
    return sw_err_at(w->file, w->cfg.line, "configs: functional runs take no designs, algorithms or set axes (those are timing mode's)");
  char where[PATH_MAX + 32];
  tm_config c;
  tm_config_defaults(&c);
  for (int i = 0; i < w->des.n; i++) {
    sw_fmt(where, sizeof where, "%s:%d", w->file, w->des.line);
    if (tm_config_set(&c, "design", w->des.vals[i], where, err, sizeof err)) return sw_err_at(w->file, 0, "designs: %s", err);
  }
  for (int i = 0; i < w->alg.n; i++) {
    sw_fmt(where, sizeof where, "%s:%d", w->file, w->alg.line);
    if (tm_config_set(&c, "compression", w->alg.vals[i], where, err, sizeof err)) return sw_err_at(w->file, 0, "algorithms: %s", err);
  }
  for (int k = 0; k < w->nsets; k++)
    for (int i = 0; i < w->sets[k].n && !w->isvar[k]; i++) {
      sw_fmt(where, sizeof where, "%s:%d", w->file, w->sets[k].line);
      if (tm_config_set(&c, w->sets[k].key, w->sets[k].vals[i], where, err, sizeof err)) return sw_err_at(w->file, 0, "%s", err);
    }
  /* an axis and a 'set' of the same key: every run would get both, the set last */
  for (int k = 0; k < w->nsets; k++) {
    if (w->isvar[k]) continue;
    if (w->des.n && !strcmp(w->sets[k].key, "design"))
      return sw_err_at(w->file, w->sets[k].line, "set design: 'designs' (line %d) is the design axis already: give the designs there", w->des.line);
    if (w->alg.n && !strcmp(w->sets[k].key, "compression"))
      return sw_err_at(w->file, w->sets[k].line, "set compression: 'algorithms' (line %d) is the compression axis already: give the algorithms there", w->alg.line);
  }
  if (check_combinations(w)) return -1;
  if (w->subs.n > 32) return sw_err_at(w->file, w->subs.line, "subroutines: at most 32 files");
  for (int a = 0; a < w->nalgsubs; a++) if (w->algsubs[a].n > 32) return sw_err_at(w->file, w->algsubs[a].line, "%s: at most 32 files", w->algsubs[a].key);
  for (int i = 0; i < w->subs.n; i++)
    if (access(w->subs.vals[i], R_OK)) return sw_err_at(w->file, w->subs.line, "subroutines: %s: %s", w->subs.vals[i], strerror(errno));
  for (int a = 0; a < w->nalgsubs; a++) {
    const char *alg = w->algsubs[a].key + 12;
    int known = 0;
    for (int i = 0; i < w->alg.n; i++) known |= !strcmp(w->alg.vals[i], alg);
    if (!known) return sw_err_at(w->file, w->algsubs[a].line, "subroutines.%s: '%s' is not in 'algorithms'", alg, alg);
    for (int i = 0; i < w->algsubs[a].n; i++)
      if (access(w->algsubs[a].vals[i], R_OK)) return sw_err_at(w->file, w->algsubs[a].line, "%s: %s", w->algsubs[a].vals[i], strerror(errno));
  }
  if (w->timeout.n) {
    char *end;
    double t = strtod(w->timeout.vals[0], &end);
    if (w->timeout.n != 1 || end == w->timeout.vals[0] || *end || !isfinite(t) || t < 0 || t > 1e9) return sw_err_at(w->file, w->timeout.line, "timeout: one number of seconds");
    w->timeout_s = t;
  }
  return 0;
}
