/* emu/front/plot.c -- a sweep's figures (plot.h). */
#include "plot.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- the figure line ---- */

static char *dup_n(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (!p) { fprintf(stderr, "awemu: out of memory\n"); exit(2); }
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

int plot_parse(plot_figure *f, const char *name, const char *text, char *err, size_t cap) {
  memset(f, 0, sizeof *f);
  f->name = dup_n(name, strlen(name));
  for (const char *c = name; *c; c++)
    if (!isalnum((unsigned char)*c) && !strchr("_-.", *c)) { snprintf(err, cap, "figure '%s': a name of letters, digits, '_', '-', '.'", name); return -1; }
  const char *colon = strchr(text, ':');
  if (colon) {
    const char *t = colon + 1;
    while (isspace((unsigned char)*t)) t++;
    size_t n = strlen(t);
    while (n && isspace((unsigned char)t[n - 1])) n--;
    f->title = dup_n(t, n);
  }
  char words[32][256];
  int nw = 0;
  for (const char *p = text; p < (colon ? colon : text + strlen(text));) {
    while (p < (colon ? colon : text + strlen(text)) && isspace((unsigned char)*p)) p++;
    const char *s = p;
    while (p < (colon ? colon : text + strlen(text)) && !isspace((unsigned char)*p)) p++;
    if (p > s) {
      if ((size_t)(p - s) >= sizeof words[0] || nw == 32) { snprintf(err, cap, "figure %s: a word too long, or more than 32 words", name); return -1; }
      memcpy(words[nw], s, (size_t)(p - s));
      words[nw++][p - s] = 0;
    }
  }
  if (nw < 4 || (strcmp(words[0], "bars") && strcmp(words[0], "stack")) || strcmp(words[2], "by")) {
    snprintf(err, cap, "figure %s: expected 'bars|stack METRIC by AXIS [vs BASE] [where KEY=VALUE]... [: TITLE]'", name);
    return -1;
  }
  f->stack = words[0][0] == 's';
  f->metric = dup_n(words[1], strlen(words[1]));
  f->axis = dup_n(words[3], strlen(words[3]));
  for (int i = 4; i < nw; i++) {
    if (!strcmp(words[i], "vs") && i + 1 < nw && !f->stack && !f->base) { f->base = dup_n(words[i + 1], strlen(words[i + 1])); i++; continue; }
    if (!strcmp(words[i], "where") && i + 1 < nw) {
      char *eq = strchr(words[i + 1], '=');
      if (!eq || eq == words[i + 1] || f->nwhere == PLOT_MAX_WHERE) { snprintf(err, cap, "figure %s: 'where KEY=VALUE' (at most %d)", name, PLOT_MAX_WHERE); return -1; }
      f->where_key[f->nwhere] = dup_n(words[i + 1], (size_t)(eq - words[i + 1]));
      f->where_val[f->nwhere++] = dup_n(eq + 1, strlen(eq + 1));
      i++;
      continue;
    }
    snprintf(err, cap, "figure %s: unexpected '%s' (after 'by AXIS': vs BASE (bars only), where KEY=VALUE, : TITLE)", name, words[i]);
    return -1;
  }
  if (!f->title) f->title = dup_n(name, strlen(name));
  return 0;
}

void plot_free(plot_figure *f) {
  free(f->name); free(f->metric); free(f->axis); free(f->base); free(f->title); free(f->ylabel);
  for (int i = 0; i < f->nwhere; i++) { free(f->where_key[i]); free(f->where_val[i]); }
  memset(f, 0, sizeof *f);
}

/* ---- results.csv ---- */

typedef struct { char **cell; int n; } csv_row;
typedef struct { csv_row head; csv_row *rows; int nrows; } csv_table;

static void free_row(csv_row *r) {
  for (int i = 0; i < r->n; i++) free(r->cell[i]);
  free(r->cell);
}

/* One record of our CSV (fields quoted only when they hold , " or a newline). */
static int read_record(FILE *f, csv_row *r) {
  r->cell = NULL;
  r->n = 0;
  int c = fgetc(f);
  if (c == EOF) return 0;
  char *buf = NULL;
  size_t len = 0, cap = 0;
  int quoted = 0;
  for (;; c = fgetc(f)) {
    int end_field = 0, end_rec = 0;
    if (c == EOF) end_field = end_rec = 1;
    else if (quoted) {
      if (c == '"') { int d = fgetc(f); if (d == '"') goto add; ungetc(d, f); quoted = 0; continue; }
    } else if (c == '"' && len == 0) { quoted = 1; continue; }
    else if (c == ',') end_field = 1;
    else if (c == '\n') end_field = end_rec = 1;
    else if (c == '\r') continue;
    if (end_field) {
      char **cells = realloc(r->cell, (size_t)(r->n + 1) * sizeof *cells);
      if (!cells) exit(2);
      r->cell = cells;
      r->cell[r->n++] = dup_n(buf ? buf : "", len);
      len = 0;
      if (end_rec) break;
      continue;
    }
  add:
    if (len + 2 > cap) { char *b = realloc(buf, cap = cap * 2 + 64); if (!b) exit(2); buf = b; }
    buf[len++] = (char)c;
  }
  free(buf);
  return 1;
}

static int read_csv(const char *path, csv_table *t, char *err, size_t cap) {
  FILE *f = fopen(path, "r");
  if (!f) { snprintf(err, cap, "%s: cannot read: %s", path, strerror(errno)); return -1; }
  memset(t, 0, sizeof *t);
  if (!read_record(f, &t->head)) { fclose(f); snprintf(err, cap, "%s: empty", path); return -1; }
  csv_row r;
  while (read_record(f, &r)) {
    if (r.n == 1 && !r.cell[0][0]) { free_row(&r); continue; }
    csv_row *rows = realloc(t->rows, (size_t)(t->nrows + 1) * sizeof *rows);
    if (!rows) exit(2);
    t->rows = rows;
    t->rows[t->nrows++] = r;
  }
  fclose(f);
  return 0;
}

static void free_csv(csv_table *t) {
  free_row(&t->head);
  for (int i = 0; i < t->nrows; i++) free_row(&t->rows[i]);
  free(t->rows);
}

static int col(const csv_table *t, const char *name) {
  for (int i = 0; i < t->head.n; i++) if (!strcmp(t->head.cell[i], name)) return i;
  return -1;
}

static const char *cell(const csv_row *r, int c) { return c >= 0 && c < r->n ? r->cell[c] : ""; }

/* ---- drawing ---- */

static int index_of(char **list, int n, const char *s) {
  for (int i = 0; i < n; i++) if (!strcmp(list[i], s)) return i;
  return -1;
}

/* Runs gnuplot on the script in dir.  0; 1 when gnuplot is missing; -1 when it failed. */
static int gnuplot(const char *dir, const char *script) {
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (chdir(dir)) _exit(126);
    if (!freopen("/dev/null", "w", stdout)) _exit(126);
    execlp("gnuplot", "gnuplot", script, (char *)NULL);
    _exit(errno == ENOENT ? 127 : 126);
  }
  int st;
  if (waitpid(pid, &st, 0) < 0) return -1;
  if (WIFEXITED(st) && WEXITSTATUS(st) == 127) return 1;
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static void gp_quote(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) { if (*s == '"' || *s == '\\') fputc('\\', f); fputc(*s, f); }
  fputc('"', f);
}

/* The gnuplot script: SVG, then PNG, of the same plot.  Bars: one cluster per
 * row of NAME.dat (ncols values each).  Stacks (groups > 0): the data file
 * holds a block per workload; each becomes a labelled group of stacked bars,
 * one per axis value.  'bars' (the bars drawn) sets the width. */
static void write_gp(FILE *g, const plot_figure *f, int ncols, int stack, const char *ylabel, char **groups, int ngroups, int bars) {
  int width = 240 + 18 * bars + 24 * ngroups;
  if (width < 960) width = 960;
  if (width > 4000) width = 4000;
  fputs("set datafile separator \"\\t\"\nset style data histograms\nset style fill solid 0.85 border -1\nset boxwidth 0.9\n"
        "set xtics rotate by -35 scale 0 nomirror\nset key outside right top\nset grid ytics\nset yrange [0:*]\n", g);
  fprintf(g, "set style histogram %s\n", stack ? "rowstacked title offset 0,-2.5" : "clustered gap 1");
  if (stack) fputs("set bmargin 9\n", g);
  fputs("set title ", g); gp_quote(g, f->title); fputc('\n', g);
  fputs("set ylabel ", g); gp_quote(g, ylabel); fputc('\n', g);
  for (int t = 0; t < 2; t++) {
    if (t == 0) fprintf(g, "set terminal svg size %d,460 dynamic noenhanced font \"sans,11\"\nset output \"%s.svg\"\n", width, f->name);
    else fprintf(g, "set terminal pngcairo size %d,460 noenhanced font \"sans,10\"\nset output \"%s.png\"\n", width, f->name);
    if (!stack) {
      fprintf(g, "plot for [i=2:%d] \"%s.dat\" using i:xtic(1) title columnheader(i)\n", ncols + 1, f->name);
      continue;
    }
    fputs("plot ", g);
    for (int k = 0; k < ngroups; k++) {
      fputs(k ? ", \\\n  newhistogram " : "newhistogram ", g);
      gp_quote(g, groups[k]);
      fputs(" lt 1", g);
      for (int c = 0; c < ncols; c++) {
        fprintf(g, ", \"%s.dat\" index %d using %d%s", f->name, k, c + 2, c == 0 ? ":xtic(1)" : "");
        if (k == 0) fprintf(g, " title columnheader(%d)", c + 2);
        else fputs(" notitle", g);
      }
    }
    fputc('\n', g);
  }
}

static int draw_table(const plot_figure *f, const csv_table *tp, const char *dir, char *err, size_t cap);

/* What a series of bars is, for the legend and the table's header: the axis's value, as KEY=VALUE
 * where the axis is a set or var key (a bare "1" or "0.5" says nothing); where the figure has one
 * series only (a 'where' fixes its axis), what the bars show (the y label). */
static void series_label(const plot_figure *f, const char *value, int nseries, const char *ylabel, char *buf, size_t cap) {
  static const char *const named[] = { "design", "algorithm", "config", "workload" };
  if (nseries == 1) { snprintf(buf, cap, "%s", ylabel); return; }
  for (size_t i = 0; i < sizeof named / sizeof *named; i++)
    if (!strcmp(f->axis, named[i])) { snprintf(buf, cap, "%s", value); return; }
  snprintf(buf, cap, "%s=%s", f->axis, value);
}

int plot_draw(const plot_figure *f, const char *csv, const char *dir, char *err, size_t cap) {
  csv_table t;
  if (read_csv(csv, &t, err, cap)) return -1;
  int r = draw_table(f, &t, dir, err, cap);
  free_csv(&t);
  return r;
}

/* Opens the figure's files DIR/NAME.dat, .md and .gp to write: 0, or -1 with none of them open. */
static int open_figure(const char *dir, const char *name, FILE **dat, FILE **md, FILE **gp) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s.dat", dir, name);
  *dat = fopen(path, "w");
  snprintf(path, sizeof path, "%s/%s.md", dir, name);
  *md = fopen(path, "w");
  snprintf(path, sizeof path, "%s/%s.gp", dir, name);
  *gp = fopen(path, "w");
  if (*dat && *md && *gp) return 0;
  if (*dat) fclose(*dat);
  if (*md) fclose(*md);
  if (*gp) fclose(*gp);
  return -1;
}

/* The y axis's label: the metric, or for a figure with a baseline, the speedup over it. */
static void figure_ylabel(const plot_figure *f, char *ylabel, size_t cap) {
  if (f->stack) snprintf(ylabel, cap, "%s", f->metric);
  else if (f->base) snprintf(ylabel, cap, "%s of %s over each (speedup)", f->metric, f->base);
  else snprintf(ylabel, cap, "%s", f->metric);
}

static int draw_table(const plot_figure *f, const csv_table *tp, const char *dir, char *err, size_t cap) {
  const csv_table t = *tp;
  int cw = col(&t, "workload"), ca = col(&t, f->axis), cs = col(&t, "status"), cm = f->stack ? -1 : col(&t, f->metric), cd = -1;
  const char *slash = f->stack ? NULL : strchr(f->metric, '/');
  if (slash) {   /* a ratio of two columns: warp_instructions/host_seconds */
    char num[256];
    snprintf(num, sizeof num, "%.*s", (int)(slash - f->metric), f->metric);
    cm = col(&t, num);
    cd = col(&t, slash + 1);
    if (cd < 0) { snprintf(err, cap, "figure %s: results.csv has no column '%s'", f->name, slash + 1); return -1; }
  }
  if (ca < 0) { snprintf(err, cap, "figure %s: results.csv has no column '%s' (an axis: design, algorithm, config, or a set/var key)", f->name, f->axis); return -1; }
  if (!f->stack && cm < 0) { snprintf(err, cap, "figure %s: results.csv has no column '%s'", f->name, f->metric); return -1; }
  int cwhere[PLOT_MAX_WHERE];
  for (int k = 0; k < f->nwhere; k++)
    if ((cwhere[k] = col(&t, f->where_key[k])) < 0) { snprintf(err, cap, "figure %s: results.csv has no column '%s' (in where)", f->name, f->where_key[k]); return -1; }
  /* the parts of a stack: the columns METRIC.* */
  int parts[64], nparts = 0;
  if (f->stack) {
    size_t ml = strlen(f->metric);
    for (int i = 0; i < t.head.n; i++)
      if (!strncmp(t.head.cell[i], f->metric, ml) && t.head.cell[i][ml] == '.') {
        if (nparts == 64) { snprintf(err, cap, "figure %s: more than 64 columns '%s.*' to stack", f->name, f->metric); return -1; }
        parts[nparts++] = i;
      }
    if (!nparts) { snprintf(err, cap, "figure %s: results.csv has no columns '%s.*'", f->name, f->metric); return -1; }
  }
  /* the runs drawn, in order: their workloads and axis values */
  char *wl[512], *av[256];
  int nwl = 0, nav = 0;
  int *use = calloc((size_t)t.nrows + 1, sizeof *use);
  for (int i = 0; i < t.nrows; i++) {
    csv_row *r = &t.rows[i];
    if (strcmp(cell(r, cs), "ok")) continue;
    int ok = 1;
    for (int k = 0; k < f->nwhere; k++) ok &= !strcmp(cell(r, cwhere[k]), f->where_val[k]);
    if (!ok) continue;
    use[i] = 1;
    if ((index_of(wl, nwl, cell(r, cw)) < 0 && nwl == 512) || (index_of(av, nav, cell(r, ca)) < 0 && nav == 256)) {
      free(use);
      snprintf(err, cap, "figure %s: more than 512 workloads or 256 values of %s", f->name, f->axis);
      return -1;
    }
    if (index_of(wl, nwl, cell(r, cw)) < 0) wl[nwl++] = (char *)cell(r, cw);
    if (index_of(av, nav, cell(r, ca)) < 0) av[nav++] = (char *)cell(r, ca);
  }
  if (!nwl) { free(use); snprintf(err, cap, "figure %s: no successful run matches it", f->name); return -1; }
  /* the baseline: 'vs VALUE', the run of the same workload with the axis at VALUE; 'vs KEY=VALUE', the run
   * of the same workload and axis value with KEY at VALUE (the where conditions on KEY set aside) */
  const char *beq = f->base ? strchr(f->base, '=') : NULL;
  char bkey[256] = "";
  int cb = -1, bi = -1;
  if (beq) {
    snprintf(bkey, sizeof bkey, "%.*s", (int)(beq - f->base), f->base);
    if ((cb = col(&t, bkey)) < 0) { free(use); snprintf(err, cap, "figure %s: results.csv has no column '%s' (in vs)", f->name, bkey); return -1; }
  } else if (f->base && (bi = index_of(av, nav, f->base)) < 0) {
    free(use);
    snprintf(err, cap, "figure %s: no run has %s = %s (the 'vs' baseline)", f->name, f->axis, f->base);
    return -1;
  }
  double *bv = calloc((size_t)nwl * (size_t)nav, sizeof *bv);
  char *bhave = calloc((size_t)nwl * (size_t)nav, 1);
  for (int i = 0; beq && i < t.nrows; i++) {
    csv_row *r = &t.rows[i];
    if (strcmp(cell(r, cs), "ok") || strcmp(cell(r, cb), beq + 1)) continue;
    int ok = 1;
    for (int k = 0; k < f->nwhere; k++) if (strcmp(f->where_key[k], bkey)) ok &= !strcmp(cell(r, cwhere[k]), f->where_val[k]);
    int w = index_of(wl, nwl, cell(r, cw)), a = index_of(av, nav, cell(r, ca));
    if (!ok || w < 0 || a < 0) continue;
    if (bhave[w * nav + a]) {
      snprintf(err, cap, "figure %s: workload %s has several baseline runs (%s) with %s = %s: fix the other axes with 'where'", f->name, wl[w], f->base, f->axis, av[a]);
      free(use); free(bv); free(bhave);
      return -1;
    }
    bhave[w * nav + a] = 1;
    bv[(size_t)w * nav + a] = cd >= 0 ? (atof(cell(r, cd)) > 0 ? atof(cell(r, cm)) / atof(cell(r, cd)) : 0) : atof(cell(r, cm));
  }
  /* the value of each (workload, axis value): one run each */
  double *v = calloc((size_t)nwl * (size_t)nav * (size_t)(f->stack ? nparts : 1), sizeof *v);
  char *have = calloc((size_t)nwl * (size_t)nav, 1);
  for (int i = 0; i < t.nrows; i++) {
    if (!use[i]) continue;
    csv_row *r = &t.rows[i];
    int w = index_of(wl, nwl, cell(r, cw)), a = index_of(av, nav, cell(r, ca));
    if (w < 0 || a < 0) continue;
    if (have[w * nav + a]) {
      snprintf(err, cap, "figure %s: workload %s has several runs with %s = %s: fix the other axes with 'where KEY=VALUE'", f->name, wl[w], f->axis, av[a]);
      free(use); free(v); free(have); free(bv); free(bhave);
      return -1;
    }
    have[w * nav + a] = 1;
    if (f->stack) for (int p = 0; p < nparts; p++) v[((size_t)w * nav + a) * nparts + p] = atof(cell(r, parts[p]));
    else if (cd >= 0) { double d = atof(cell(r, cd)); v[(size_t)w * nav + a] = d > 0 ? atof(cell(r, cm)) / d : 0; }
    else v[(size_t)w * nav + a] = atof(cell(r, cm));
  }
  if (mkdir(dir, 0777) && errno != EEXIST) { snprintf(err, cap, "%s: cannot make: %s", dir, strerror(errno)); free(use); free(v); free(have); free(bv); free(bhave); return -1; }
  char path[4096];
  FILE *dat, *md, *gp;
  if (open_figure(dir, f->name, &dat, &md, &gp)) {
    snprintf(err, cap, "%s: cannot write the figure's files", dir);
    free(use); free(v); free(have); free(bv); free(bhave);
    return -1;
  }
  char ylabel[512];
  figure_ylabel(f, ylabel, sizeof ylabel);
  if (f->stack) {
    /* rows: workload/axis value; columns: the parts */
    fputs("run", dat);
    fprintf(md, "| workload | %s |", f->axis);
    for (int p = 0; p < nparts; p++) {
      const char *pn = t.head.cell[parts[p]] + strlen(f->metric) + 1;
      fprintf(dat, "\t%s", pn);
      fprintf(md, " %s |", pn);
    }
    fputs("\n", dat);
    fputs("\n|---|---|", md);
    for (int p = 0; p < nparts; p++) fputs("---:|", md);
    fputc('\n', md);
    char *groups[512];
    int ngroups = 0, bars = 0;
    for (int w = 0; w < nwl; w++) {
      if (ngroups) fputs("\n\n", dat);   /* a block per workload: gnuplot's index */
      groups[ngroups++] = wl[w];
      for (int a = 0; a < nav; a++) {
        if (!have[w * nav + a]) continue;
        bars++;
        fprintf(dat, "%s", av[a]);
        fprintf(md, "| %s | %s |", wl[w], av[a]);
        for (int p = 0; p < nparts; p++) {
          double x = v[((size_t)w * nav + a) * nparts + p];
          fprintf(dat, "\t%.6g", x);
          fprintf(md, " %.3f |", x);
        }
        fputc('\n', dat);
        fputc('\n', md);
      }
    }
    write_gp(gp, f, nparts, 1, ylabel, groups, ngroups, bars);
  } else {
    /* rows: workloads and the mean; columns: the axis values */
    fputs("workload", dat);
    fputs("| workload |", md);
    for (int a = 0; a < nav; a++) {
      char label[800];
      series_label(f, av[a], nav, ylabel, label, sizeof label);
      fprintf(dat, "\t%s", label);
      fprintf(md, " %s |", label);
    }
    fputs("\n", dat);
    fputs("\n|---|", md);
    for (int a = 0; a < nav; a++) fputs("---:|", md);
    fputc('\n', md);
    double *sum = calloc((size_t)nav, sizeof *sum);
    int *cnt = calloc((size_t)nav, sizeof *cnt);
    for (int w = 0; w < nwl; w++) {
      fprintf(dat, "%s", wl[w]);
      fprintf(md, "| %s |", wl[w]);
      for (int a = 0; a < nav; a++) {
        double x = v[(size_t)w * nav + a];
        int ok = have[w * nav + a];
        if (ok && f->base) {
          double b = beq ? bv[(size_t)w * nav + a] : v[(size_t)w * nav + bi];
          ok = (beq ? bhave[w * nav + a] : have[w * nav + bi]) && x > 0;
          x = ok ? b / x : 0;
        }
        if (ok) { sum[a] += f->base ? log(x) : x; cnt[a]++; }
        if (ok) { fprintf(dat, "\t%.6g", x); fprintf(md, " %.3f |", x); }
        else { fputs("\t?", dat); fputs(" - |", md); }
      }
      fputc('\n', dat);
      fputc('\n', md);
    }
    const char *mean = f->base ? "GMEAN" : "MEAN";
    fprintf(dat, "%s", mean);
    fprintf(md, "| **%s** |", mean);
    for (int a = 0; a < nav; a++) {
      double m = cnt[a] ? (f->base ? exp(sum[a] / cnt[a]) : sum[a] / cnt[a]) : 0;
      fprintf(dat, "\t%.6g", m);
      fprintf(md, " **%.3f** |", m);
    }
    fputc('\n', dat);
    fputc('\n', md);
    free(sum);
    free(cnt);
    write_gp(gp, f, nav, 0, ylabel, NULL, 0, (nwl + 1) * (nav + 1));
  }
  fclose(dat);
  fclose(md);
  int bad = fclose(gp);
  free(use); free(v); free(have); free(bv); free(bhave);
  if (bad) { snprintf(err, cap, "%s: cannot write %s.gp", dir, f->name); return -1; }
  snprintf(path, sizeof path, "%s.gp", f->name);
  int r = gnuplot(dir, path);
  if (r == 1) { snprintf(err, cap, "figure %s: gnuplot is not installed (Debian's gnuplot-nox); %s/%s.gp and .dat are ready for it", f->name, dir, f->name); return 1; }
  if (r) { snprintf(err, cap, "figure %s: gnuplot failed on %s/%s.gp", f->name, dir, f->name); return -1; }
  return 0;
}
