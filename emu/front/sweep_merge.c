/* emu/front/sweep_merge.c -- a sweep's results: every run's scalar statistics merged into
 * DIR/results.csv and DIR/results.json (a run's state beside them), and the sweep's figures
 * drawn from results.csv (see sweep_int.h and emu/SWEEP.md).
 */
#define _XOPEN_SOURCE 700   /* realpath */
#define _DEFAULT_SOURCE     /* flock */
#include "sweep_int.h"
#include "../../isa/json.h"
#include "../../isa/outfile.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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
  sw_fmt(buf, cap, "stats.%s", key);
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
int sw_merge(const sweep *w, run *r, int n) {
  columns cols = { .n = 0 };
  char path[PATH_MAX + 32], err[600], why[PATH_MAX + 256];
  int *state = calloc((size_t)n + 1, sizeof *state), bad_runs = 0, nok = 0;
  if (!state) return sw_err_at(NULL, 0, "out of memory");
  merging = w;
  for (int i = 0; i < n; i++) {
    state[i] = sw_run_state(w, &r[i], why, sizeof why);
    if (state[i] == RUN_DAMAGED || state[i] == RUN_STALE) {
      fprintf(stderr, "[sweep] %s %s: %s (run the sweep again to redo it)\n", state[i] == RUN_STALE ? "STALE" : "FAILED", r[i].id, why);
      bad_runs++;
    }
    if (state[i] == RUN_NONE && sw_is_dir(r[i].dir)) bad_runs++;
    if (state[i] != RUN_OK) continue;
    nok++;
    sw_run_file(&r[i], "stats.json", path, sizeof path);
    each_scalar(path, collect_col, &cols);
  }
  isa_outfile csv, js;
  sw_fmt(path, sizeof path, "%s/results.csv", sw_out_dir);
  if (isa_out_open(&csv, path, 0, err, sizeof err)) { free(state); return sw_err_at(NULL, 0, "%s", err); }
  sw_fmt(path, sizeof path, "%s/results.json", sw_out_dir);
  if (isa_out_open(&js, path, 0, err, sizeof err)) { isa_out_abort(&csv); free(state); return sw_err_at(NULL, 0, "%s", err); }
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
    sw_fmt(wn, sizeof wn, "%s", sw_wnames[x->w]);
    sw_config_name(w->cfg.vals[x->c], cn, sizeof cn);
    const char *des = w->des.n ? w->des.vals[x->d] : "", *alg = w->alg.n ? w->alg.vals[x->a] : "";
    const char *st = ok ? "ok" : state[i] == RUN_STALE ? "stale" : state[i] == RUN_DAMAGED || sw_is_dir(x->dir) ? "failed" : "not run";
    size_t len;
    sw_run_file(x, "seconds", path, sizeof path);
    char *text = sw_read_regular(path, &len), *end;
    if (text) {   /* a number, or nothing */
      text[strcspn(text, "\n")] = 0;
      double sv = strtod(text, &end);
      if (end != text && !*end && isfinite(sv) && sv >= 0) sw_fmt(secs, sizeof secs, "%.3f", sv);
    }
    free(text);
    csv_field(csv.f, x->id); fputc(',', csv.f); csv_field(csv.f, wn); fputc(',', csv.f); csv_field(csv.f, cn);
    fputc(',', csv.f); csv_field(csv.f, des); fputc(',', csv.f); csv_field(csv.f, alg);
    for (int k = 0; k < w->nsets; k++) { fputc(',', csv.f); csv_field(csv.f, w->sets[k].vals[x->s[k]]); }
    fprintf(csv.f, ",%s,%s", st, secs);
    for (int k = 0; k < cols.n; k++) { free(vals[k]); vals[k] = NULL; }
    sw_run_file(x, "stats.json", path, sizeof path);
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
    sw_run_file(x, "command", path, sizeof path);
    text = sw_read_regular(path, &len);
    if (text) { text[strcspn(text, "\n")] = 0; json_str(js.f, text); }
    else fputs("null", js.f);
    free(text);
    fputs(", \"stats\": ", js.f);
    sw_run_file(x, "stats.json", path, sizeof path);
    text = ok ? sw_read_regular(path, &len) : NULL;   /* (checked whole by run_state) */
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
  if (bad) sw_err_at(NULL, 0, "%s", err);
  if (isa_out_commit(&js, err, sizeof err)) { sw_err_at(NULL, 0, "%s", err); bad = 1; }
  if (!bad) fprintf(stderr, "[sweep] merged %d runs into %s/results.csv and %s/results.json: %d ok, %d failed or stale\n", n, sw_out_dir, sw_out_dir, nok, bad_runs);
  return bad ? -1 : bad_runs;
}

/* The sweep's figures from DIR/results.csv into DIR/figures.  0, or -1 when one failed.  Without
 * gnuplot the figures' tables, data and scripts are still written: an error when drawing is what
 * was asked for (--plot), else a warning (the runs and their tables are the sweep's work). */
int sw_draw(const sweep *w, int strict) {
  char csv[PATH_MAX + 16], dir[PATH_MAX + 16], err[1200];
  int bad = 0;
  sw_fmt(csv, sizeof csv, "%s/results.csv", sw_out_dir);
  sw_fmt(dir, sizeof dir, "%s/figures", sw_out_dir);
  for (int i = 0; i < w->nfigs; i++) {
    int r = plot_draw(&w->figs[i], csv, dir, err, sizeof err);
    if (r == 1 && !strict) fprintf(stderr, "%s:%d: warning: %s; its table is %s/%s.md\n", w->file, w->figs[i].line, err, dir, w->figs[i].name);
    else if (r) { sw_err_at(w->file, w->figs[i].line, "%s", err); bad = 1; }
    else fprintf(stderr, "[sweep] figure %s: %s/%s.svg, .png, .md\n", w->figs[i].name, dir, w->figs[i].name);
  }
  return bad ? -1 : 0;
}
