/* emu/front/script_out.c -- what a run script writes besides its buffers: statistics (stats,
 * stats json), the instruction trace with its byte cap, device printf to a file, and compare
 * (a text file against the expected one) (see script_int.h).
 */
/* fopencookie (glibc, musl): the trace's byte cap is a FILE that counts what it writes */
#define _GNU_SOURCE
#include "script_int.h"
#include "../timing/timing.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_TRACE_CAP (1ull << 30)     /* bytes a trace may write unless told otherwise */

/* ---- stats ---- */

/* Every field of aw_stats, in the order printed: name in text, key in JSON. */
#define STATS_FIELDS(X) \
  X(warp_insns, "warp instructions") X(thread_insns, "thread instructions") X(loads, "loads") \
  X(stores, "stores") X(param_loads, "param loads") X(param_stores, "param stores") \
  X(atomics, "atomics") X(barriers, "barrier arrivals") X(branches, "branches") \
  X(divergent_branches, "divergent branches") X(ctas, "CTAs") X(warps, "warps")

void scr_print_stats(aw_session *s, const char *last_name) {
  aw_stats l = aw_get_stats(s->dev), t = aw_get_total_stats(s->dev);
  char head[64];
  snprintf(head, sizeof head, "all %llu launches", (unsigned long long)s->launches);
  fprintf(s->out, "%-20s %20s %20s\n", "", last_name, s->launches == 1 ? "all 1 launch" : head);
#define X(f, name) fprintf(s->out, "%-20s %20llu %20llu\n", name, (unsigned long long)l.f, (unsigned long long)t.f);
  STATS_FIELDS(X)
#undef X
  if (t.assist_warps) {   /* functional mode's assist warps ('pc' triggers) */
    fprintf(s->out, "%-20s %20llu %20llu\n", "assist warps", (unsigned long long)l.assist_warps, (unsigned long long)t.assist_warps);
    fprintf(s->out, "%-20s %20llu %20llu\n", "assist instructions", (unsigned long long)l.assist_insns, (unsigned long long)t.assist_insns);
  }
  if (t.skip_hits || t.skip_misses) {   /* 'skip' triggers (memoization): lanes that skipped, lanes that ran the region */
    fprintf(s->out, "%-20s %20llu %20llu\n", "lanes skipped", (unsigned long long)l.skip_hits, (unsigned long long)t.skip_hits);
    fprintf(s->out, "%-20s %20llu %20llu\n", "lanes not skipped", (unsigned long long)l.skip_misses, (unsigned long long)t.skip_misses);
  }
  const tm_config *c = aw_timing_config(s->dev);
  const tm_stats *launches, *total;
  uint32_t n = aw_timing_launches(s->dev, &launches, NULL, &total);
  if (c && n) {   /* each under the config it ran under (a 'set' since changes later launches only) */
    fprintf(s->out, "timing, last launch:\n");
    tm_stats_print(&launches[n - 1], aw_timing_launch_config(s->dev, n - 1), s->out);
    fprintf(s->out, "timing, all %u launch%s:\n", n, n == 1 ? "" : "es");
    tm_stats_print(total, aw_timing_total_config(s->dev), s->out);
  }
}

static void json_stats(FILE *f, const char *key, const aw_stats *st, const uint64_t *launches) {
  fprintf(f, "  \"%s\": {\n", key);
#define X(fl, name) fprintf(f, "    \"%s\": %llu,\n", #fl, (unsigned long long)st->fl);
  STATS_FIELDS(X)
#undef X
  if (st->assist_warps) fprintf(f, "    \"assist_warps\": %llu,\n    \"assist_insns\": %llu,\n", (unsigned long long)st->assist_warps, (unsigned long long)st->assist_insns);
  if (st->skip_hits || st->skip_misses) fprintf(f, "    \"skip_lanes_hit\": %llu,\n    \"skip_lanes_miss\": %llu,\n", (unsigned long long)st->skip_hits, (unsigned long long)st->skip_misses);
  if (launches) fprintf(f, "    \"launches\": %llu,\n", (unsigned long long)*launches);
  fprintf(f, "    \"seconds\": %.9f\n  }", isfinite(st->seconds) ? st->seconds : 0.0);
}

int scr_cmd_stats(aw_session *s, char **argv, int argc, const char *where) {
  if (argc == 1) { scr_print_stats(s, "last launch"); return 0; }
  if (argc != 3 || strcmp(argv[1], "json")) return scr_error(s, where, "usage: stats | stats json FILE");
  isa_outfile o;
  char err[4200];
  if (scr_open_output(s, &o, argv[2], 0, where)) return -1;
  aw_stats l = aw_get_stats(s->dev), t = aw_get_total_stats(s->dev);
  fprintf(o.f, "{\n");
  json_stats(o.f, "last", &l, NULL);
  fprintf(o.f, ",\n");
  json_stats(o.f, "total", &t, &s->launches);
  const tm_config *c = aw_timing_config(s->dev);
  const tm_stats *launches, *total;
  const char *const *kernels;
  uint32_t n = aw_timing_launches(s->dev, &launches, &kernels, &total);
  if (c) {
    fprintf(o.f, ",\n  \"timing\": ");
    tm_stats_json(total, launches, kernels, n, n ? aw_timing_total_config(s->dev) : c, o.f);
    fprintf(o.f, "}\n");
  } else fprintf(o.f, "\n}\n");
  if (isa_out_commit(&o, err, sizeof err)) return scr_error(s, where, "%s", err);
  return 0;
}

/* ---- trace ---- */

/* Takes the bytes the device wrote; passes on whole lines until the cap. */
static int sink_take(trace_sink *t, const char *buf, size_t n) {
  if (t->stopped || t->failed) return 0;
  if (t->npending + n > t->cappending) {
    size_t cap = (t->npending + n) * 2;
    char *p = realloc(t->pending, cap);
    if (!p) { t->failed = 1; t->err = ENOMEM; return -1; }
    t->pending = p;
    t->cappending = cap;
  }
  memcpy(t->pending + t->npending, buf, n);
  t->npending += n;
  size_t whole = t->npending;
  while (whole && t->pending[whole - 1] != '\n') whole--;
  if (t->cap && t->written + whole > t->cap) {
    whole = (size_t)(t->cap - t->written);
    while (whole && t->pending[whole - 1] != '\n') whole--;
    t->stopped = 1;
  }
  if (whole && fwrite(t->pending, 1, whole, t->to) != whole) { t->failed = 1; t->err = errno; }
  t->written += whole;
  memmove(t->pending, t->pending + whole, t->npending - whole);
  t->npending -= whole;
  if (t->stopped) {
    t->npending = 0;
    fprintf(t->s->err, "trace: stopped at the limit of %llu bytes; trace FILE BYTES raises it\n", (unsigned long long)t->cap);
  }
  return t->failed ? -1 : 0;
}

#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__)
static int sink_write(void *c, const char *buf, int n) { return sink_take(c, buf, (size_t)n) ? -1 : n; }
static FILE *sink_open(trace_sink *t) { return funopen(t, NULL, sink_write, NULL, NULL); }
#define HAVE_SINK 1
#elif defined(__GLIBC__) || defined(__linux__)
static ssize_t sink_write(void *c, const char *buf, size_t n) { return sink_take(c, buf, n) ? -1 : (ssize_t)n; }
static FILE *sink_open(trace_sink *t) {
  cookie_io_functions_t io = { NULL, sink_write, NULL, NULL };
  return fopencookie(t, "w", io);
}
#define HAVE_SINK 1
#else
#define HAVE_SINK 0   /* no counting FILE on this system: traces have no cap */
#endif

/* Where a message about an output file goes: the current line, else (at the end of a script,
 * or in the debugger) the line that opened the file. */
static const char *out_where(const char *where, const char *opened) {
  return where && *where ? where : opened ? opened : "";
}

/* Records where an output file was opened ('run.aw:3'), for messages at its end. */
static void set_where(char **slot, const char *where) {
  free(*slot);
  *slot = where && *where ? strdup(where) : NULL;
}

/* Ends the trace: flushes it and commits its file (a failed one is removed, the old file kept).
 * 0, or -1 with a message. */
int scr_end_trace(aw_session *s, const char *where) {
  if (!s->trace) return 0;
  aw_set_trace(s->dev, NULL);
  int bad = 0, e = 0;
  if (s->sink) {
    if (fclose(s->trace) != 0) { bad = 1; e = errno; }
    if (!s->sink->stopped && !s->sink->failed && s->sink->npending &&
        fwrite(s->sink->pending, 1, s->sink->npending, s->sink->to) != s->sink->npending) { s->sink->failed = 1; s->sink->err = errno; }
    if (s->sink->failed) { bad = 1; e = s->sink->err; }
    free(s->sink->pending);
    free(s->sink);
    s->sink = NULL;
  }
  s->trace = NULL;
  int rc = 0;
  if (s->trace_to_file) {
    char err[4200];
    s->trace_to_file = 0;
    if (bad) {
      rc = scr_error(s, out_where(where, s->trace_where), "%s: cannot write the trace: %s", s->trace_file.path ? s->trace_file.path : "trace", strerror(e ? e : EIO));
      isa_out_abort(&s->trace_file);
    } else if (isa_out_commit(&s->trace_file, err, sizeof err)) rc = scr_error(s, out_where(where, s->trace_where), "%s", err);
  } else fflush(s->out);   /* trace on: a failed write to the output is the output's (awemu checks it at its end) */
  return rc;
}

/* After a launch: a trace that reached its cap is switched off (the file stays open until trace
 * off); a trace or printf file that could not be written is ended (the old file kept) and the
 * command fails, so the script does not go on as if it had been written.  0, or -1. */
int scr_trace_after_run(aw_session *s, const char *where) {
  int e = errno;   /* (the launch's last write's, as the caller set it to 0 before the launch) */
  if (s->sink && s->sink->stopped) aw_set_trace(s->dev, NULL);
  int rc = 0;
  int trace_bad = s->trace_to_file && ((s->sink && s->sink->failed) || ferror(s->trace_file.f));
  if (trace_bad && scr_end_trace(s, where)) rc = -1;
  errno = 0;
  int flushed = s->printf_to_file && fflush(s->printf_file.f) == 0;
  if (s->printf_to_file && !flushed && errno) e = errno;
  if (s->printf_to_file && (!flushed || ferror(s->printf_file.f))) {
    rc = scr_error(s, where, "%s: cannot write the device printf%s%s", s->printf_file.path ? s->printf_file.path : "standard output",
               e ? ": " : "", e ? strerror(e) : "");
    aw_set_printf(s->dev, s->out);
    s->printf_to_file = 0;
    isa_out_abort(&s->printf_file);
  }
  return rc;
}

int scr_cmd_trace(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2 && argc != 3) return scr_error(s, where, "usage: trace on [MAX_BYTES] | off | FILE [MAX_BYTES]");
  if (!strcmp(argv[1], "off")) {
    if (argc != 2) return scr_error(s, where, "usage: trace off");
    return scr_end_trace(s, where);
  }
  uint64_t cap = DEFAULT_TRACE_CAP;
  if (argc == 3) {
    int r = scr_parse_u64(argv[2], &cap);
    if (r == -2) return scr_error(s, where, "trace limit %s is too large: at most 2^64-1 bytes (0: no limit)", argv[2]);
    if (r) return scr_error(s, where, "trace limit '%s' is not a number of bytes (decimal or 0x hexadecimal; 0: no limit)", argv[2]);
  }
  if (scr_end_trace(s, where)) return -1;
  FILE *to = s->out;
  if (strcmp(argv[1], "on")) {
    if (scr_open_output(s, &s->trace_file, argv[1], 0, where)) return -1;
    s->trace_to_file = 1;
    set_where(&s->trace_where, where);
    to = s->trace_file.f;
  }
#if HAVE_SINK
  trace_sink *t = calloc(1, sizeof *t);
  FILE *f = t ? sink_open(t) : NULL;
  if (!f) {
    free(t);
    if (s->trace_to_file) { isa_out_abort(&s->trace_file); s->trace_to_file = 0; }
    return scr_error(s, where, "cannot start the trace: out of memory");
  }
  t->s = s; t->to = to; t->cap = cap;
  s->sink = t;
  s->trace = f;
#else
  (void)cap;
  s->trace = to;
#endif
  aw_set_trace(s->dev, s->trace);
  return 0;
}

/* Device printf back to the session's output; a file it went to is completed.  0, or -1 with
 * a message (the file could not be written: the old one is kept). */
int scr_end_printf(aw_session *s, const char *where) {
  if (!s->printf_to_file) return 0;
  char err[4200];
  aw_set_printf(s->dev, s->out);
  s->printf_to_file = 0;
  if (isa_out_commit(&s->printf_file, err, sizeof err)) return scr_error(s, out_where(where, s->printf_where), "%s", err);
  return 0;
}

/* printf FILE | printf out: where the device printf of later launches goes. */
int scr_cmd_printf(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return scr_error(s, where, "usage: printf FILE | printf out");
  if (scr_end_printf(s, where)) return -1;
  if (!strcmp(argv[1], "out")) return 0;
  if (scr_open_output(s, &s->printf_file, argv[1], 0, where)) return -1;
  s->printf_to_file = 1;
  set_where(&s->printf_where, where);
  aw_set_printf(s->dev, s->printf_file.f);
  return 0;
}

/* Compares two text files line by line (a trace against the expected one). */
int scr_cmd_compare(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3) return scr_error(s, where, "usage: compare FILE EXPECTED");
  /* comparing the file being traced: the trace ends first, so the file is complete */
  if (s->trace_to_file && s->trace_file.path && !strcmp(s->trace_file.path, argv[1]) && scr_end_trace(s, where)) return -1;
  /* comparing the file printf writes to: it is completed first, and printf goes back to the output */
  if (s->printf_to_file && s->printf_file.path && !strcmp(s->printf_file.path, argv[1]) && scr_end_printf(s, where)) return -1;
  struct stat st;
  FILE *fa = scr_open_input(s, where, argv[1], &st);
  if (!fa) return -1;
  FILE *fb = scr_open_input(s, where, argv[2], &st);
  if (!fb) { fclose(fa); return -1; }
  char *la = NULL, *lb = NULL;
  size_t ca = 0, cb = 0;
  uint64_t line = 0;
  int rc = 0;
  for (;;) {
    ssize_t na = getline(&la, &ca, fa), nb;
    do nb = getline(&lb, &cb, fb); while (nb > 0 && lb[0] == '#');   /* '#' lines of EXPECTED are comments */
    line++;
    if (na < 0 && nb < 0) break;
    if (na > 0 && la[na - 1] == '\n') la[--na] = 0;
    if (nb > 0 && lb[nb - 1] == '\n') lb[--nb] = 0;
    if (na < 0 || nb < 0 || na != nb || memcmp(la, lb, (size_t)na)) {
      rc = scr_error(s, where, "%s differs from %s at line %llu:\n  got:  %s\n  want: %s", argv[1], argv[2], (unsigned long long)line,
                 na < 0 ? "(end of file)" : la, nb < 0 ? "(end of file)" : lb);
      break;
    }
  }
  if (!rc && (ferror(fa) || ferror(fb))) rc = scr_error(s, where, "cannot read %s", ferror(fa) ? argv[1] : argv[2]);
  free(la); free(lb);
  fclose(fa); fclose(fb);
  return rc;
}
