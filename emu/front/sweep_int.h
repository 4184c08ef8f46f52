/* emu/front/sweep_int.h -- private to awemu sweep (emu/front/sweep*.c).
 *
 * Owns: a sweep file read (sweep), its axes, the runs it expands into (run), and the helpers the
 * sweep's files share (prefix sw_).  sweep.c has the helpers, the runs, running them, the lock,
 * Slurm and the entry points; sweep_file.c reads and checks the sweep file and .exec workloads;
 * sweep_id.c says what a run read and whether it is done; sweep_merge.c merges the results and
 * draws the figures.  Each .c defines _XOPEN_SOURCE 700 and _DEFAULT_SOURCE before it.
 */
#ifndef AWEMU_SWEEP_INT_H
#define AWEMU_SWEEP_INT_H

#include "sweep.h"
#include "plot.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

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

/* Script variables: ${NAME} in run scripts and .exec files (SCRIPT_DIR, DATA, the sweep's var values). */
typedef struct { char *name, *value; } script_var;
#define MAX_SCRIPT_VARS (MAX_AXES + 64)

/* What sw_run_state finds of a run. */
enum { RUN_NONE, RUN_OK, RUN_DAMAGED, RUN_STALE };

/* ---- sweep.c ---- */

/* The output directory (--out DIR, else NAME.runs); the workloads' names in run ids and tables. */
extern const char *sw_out_dir;
extern char *sw_wnames[MAX_VALS];
/* Whether s ends with suffix. */
int sw_ends_with(const char *s, const char *suffix);
/* "FILE:LINE: error: MESSAGE" (line 0: "awemu sweep: MESSAGE") on stderr; returns -1. */
int sw_err_at(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* snprintf that ends the program rather than truncate a path or name. */
void sw_fmt(char *buf, size_t cap, const char *f, ...) __attribute__((format(printf, 3, 4)));
/* Whether a path exists; whether it is a directory. */
int sw_exists(const char *p);
int sw_is_dir(const char *p);
/* A config's name in run ids: its file name without the directory and extension. */
void sw_config_name(const char *c, char *buf, size_t cap);
/* The data directory of workload i: DIR/data/NAME. */
void sw_data_dir(int i, char *buf, size_t cap);

/* ---- sweep_file.c ---- */

/* Reads the sweep file into w: 0, or -1 after a message.  sw_free_axis frees an axis's values (and its key unless keep_key). */
int sw_parse(sweep *w, const char *file);
void sw_free_axis(axis *x, int keep_key);
/* Workload patterns to run.aw and .exec paths; configs, designs, algorithms, set values and timeout checked. */
int sw_check(sweep *w);
/* Script variables: set (NAME to VALUE, at most MAX_SCRIPT_VARS) and a word with its ${NAME}s replaced (malloc'd). */
void sw_var_set(script_var *v, int *nv, const char *name, const char *value);
char *sw_var_expand(const char *tok, const script_var *v, int nv);
/* A .exec file's command as words, ${NAME}s replaced: 0, or -1 with "FILE:LINE: MESSAGE" in err; the words freed. */
int sw_exec_words(const char *path, const script_var *vars, int nv, char ***out, int *nout, char *err, size_t cap);
void sw_free_words(char **words, int n);
/* An absolute form of path (the file need not exist); the directory of a workload's file, absolute. */
void sw_abs_path(const char *path, char *buf, size_t cap);
void sw_workload_dir(const char *file, char *buf, size_t cap);

/* ---- sweep_id.c ---- */

/* FNV-1a 64 of n bytes, from h; the hash of a file's bytes (missing or unreadable ones hash as such). */
uint64_t sw_fnv1a(uint64_t h, const void *p, size_t n);
uint64_t sw_file_hash(const char *path);
/* A regular file's bytes, malloc'd and NUL-terminated (*len: its length); NULL with errno set. */
char *sw_read_regular(const char *path, size_t *len);
/* The file hashes remembered, forgotten. */
void sw_memo_free(void);
/* Run x's inputs as DIR/runs/ID/inputs records them, malloc'd. */
char *sw_run_inputs(const sweep *w, const run *x);
/* The length of the UTF-8 sequence at p (1 to 4 bytes), or 0. */
int sw_utf8_len(const unsigned char *p);
/* Whether run x is done: RUN_OK, RUN_NONE, RUN_DAMAGED or RUN_STALE (why in why, if not NULL). */
int sw_run_state(const sweep *w, const run *x, char *why, size_t cap);
/* DIR/runs/ID/NAME, for one of a run's files. */
void sw_run_file(const run *x, const char *name, char *buf, size_t cap);
/* A run's command (its words quoted for a shell); the whole shell line awemu sweep runs it as. */
void sw_put_command(FILE *f, const run *x);
void sw_put_shell(FILE *f, const sweep *w, const run *x);
/* Seconds as the progress lines show them. */
void sw_fmt_time(double s, char *buf, size_t cap);

/* ---- sweep_merge.c ---- */

/* Merges the runs' statistics into DIR/results.csv and .json: the runs failed or stale, or -1. */
int sw_merge(const sweep *w, run *r, int n);
/* The sweep's figures from DIR/results.csv into DIR/figures: 0, or -1 when one failed. */
int sw_draw(const sweep *w, int strict);

#endif
