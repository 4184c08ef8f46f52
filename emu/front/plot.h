/* emu/front/plot.h -- a sweep's figures: results.csv to data, a gnuplot script, SVG and PNG, and a Markdown table.
 *
 * Owns: the figure kinds of a sweep file (emu/SWEEP.md, "Figures").
 * Promises: every figure is drawn from the merged results alone; a figure
 * that does not fit them (an unknown column, two runs where one bar goes)
 * is an error naming the figure and the file line, never a silently wrong
 * picture.
 */
#ifndef AWEMU_PLOT_H
#define AWEMU_PLOT_H

#include <stddef.h>

#define PLOT_MAX_WHERE 8

typedef struct {
  char *name;            /* files NAME.{dat,gp,svg,png,md} */
  int stack;             /* 0: grouped bars of one metric; 1: stacked parts of a metric family */
  char *metric;          /* a results.csv column or a ratio of two (A/B) (bars), or the prefix of several (stack: issue_fractions) */
  char *axis;            /* the column whose values make the bars of a group (design, algorithm, a set key) */
  char *base;            /* bars: show base's metric over each one's (speedup from cycles); NULL: the metric itself */
  char *where_key[PLOT_MAX_WHERE], *where_val[PLOT_MAX_WHERE];
  int nwhere;
  char *title, *ylabel;
  const char *file;      /* the sweep file and line, for messages */
  int line;
} plot_figure;

/* Parses the text after "figure NAME =": KIND METRIC by AXIS [vs BASE] [where KEY=VALUE]... [: TITLE].
 * 0, or -1 with a message in err. */
int plot_parse(plot_figure *f, const char *name, const char *text, char *err, size_t cap);
/* Frees what plot_parse allocated. */
void plot_free(plot_figure *f);
/* Draws f from the CSV at csv into dir (made if need be).  Writes NAME.dat,
 * NAME.gp and NAME.md, then runs gnuplot for NAME.svg and NAME.png.  0; -1
 * with a message in err (1 when only gnuplot is missing: the rest is written). */
int plot_draw(const plot_figure *f, const char *csv, const char *dir, char *err, size_t cap);

#endif
