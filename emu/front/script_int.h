/* emu/front/script_int.h -- private to run scripts (emu/front/script*.c).
 *
 * Owns: the session (struct aw_session), its buffers, variables and trace, and the helpers the
 * files of run scripts share (prefix scr_).  script.c has the session, its buffers, the command
 * table and the lines; script_data.c element types and values and the commands that fill, dump
 * and check a buffer's contents; script_launch.c launch and runsub; script_out.c stats, trace,
 * printf and compare.
 */
#ifndef AWEMU_SCRIPT_INT_H
#define AWEMU_SCRIPT_INT_H

#include "script.h"
#include "../../isa/outfile.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#define CHUNK_ELEMS (1u << 20)             /* elements moved between host and device at a time */

typedef struct { char *name; int type; uint64_t count; uint64_t addr; int symbol; } buffer;   /* symbol: a module variable (not freed) */
typedef struct { char *name, *value; } var;

/* A trace: the FILE the device writes to counts the bytes and stops at the cap. */
typedef struct {
  aw_session *s;
  FILE *to;                 /* where whole lines go: the output file or the session's out */
  uint64_t written, cap;    /* cap 0 = none */
  int stopped;              /* the cap was reached: later lines are dropped */
  int failed;               /* a write to 'to' failed */
  int err;                  /* its errno */
  char *pending;            /* the start of a line not yet complete */
  size_t npending, cappending;
} trace_sink;

struct aw_session {
  FILE *out, *err;
  aw_device *dev;
  aw_module **mods;
  int nmods;
  buffer *bufs;
  int nbufs;
  var *vars;
  int nvars;
  FILE *trace;              /* what the device writes to (a counting FILE, or the target itself) */
  trace_sink *sink;         /* the counter behind 'trace'; NULL without one */
  isa_outfile trace_file;   /* the trace's output file when it is not the session's out */
  int trace_to_file;
  isa_outfile printf_file;  /* 'printf FILE': where device printf goes (else the session's out) */
  int printf_to_file;
  char *trace_where, *printf_where;   /* the script line that opened each file ("run.aw:3"), for messages at its end */
  uint64_t launches;        /* launches finished or faulted (what aw_get_total_stats covers) */
  int quiet;                /* errors are not printed (the debugger ends a launch on purpose) */
  volatile sig_atomic_t interrupted;   /* aw_session_interrupt: no further command runs */
  int stop_file;            /* aw_session_stop: the script file being run reads no further line */
  struct input { char *path; const char *kind; } *inputs;   /* every file a script run reads (kind: in messages): no output replaces them */
  int ninputs;
};

/* ---- script.c ---- */

/* Prints "WHERE: error: MESSAGE" on the session's err (nothing when quiet); returns -1. */
int scr_error(aw_session *s, const char *where, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Opens output 'path' for a command, unless it is one of the session's inputs: 0, or the command's failure. */
int scr_open_output(aw_session *s, isa_outfile *o, const char *path, int append, const char *where);
/* The buffer named name; NULL when none is. */
buffer *scr_find_buffer(aw_session *s, const char *name);
/* A host array for one chunk of b (at most CHUNK_ELEMS elements); NULL with a message. */
uint8_t *scr_chunk_alloc(aw_session *s, const char *where, const buffer *b);
/* After a command that records (awemu run --record): 0, or the command's failure when recording stopped. */
int scr_record_check(aw_session *s, const char *where, int was_recording);

/* ---- script_data.c ---- */

/* The element type (ISA_T_*) a name (u8 ... f64, b8 ... b64) means, 0 none; its bytes; whether a float. */
int scr_type_named(const char *n);
unsigned scr_type_bytes(int t);
int scr_is_float(int t);
/* An unsigned integer (decimal, or 0x and hexadecimal digits): 0, -1 when t is none, -2 beyond 2^64-1. */
int scr_parse_u64(const char *t, uint64_t *v);
/* A value of type t in text: 0 with its bits, or -1 with why in msg. */
int scr_parse_value(const char *text, int t, uint64_t *bits, char *msg, size_t cap);
/* The bits of a value of type t, as print shows them. */
void scr_format_value(char *buf, size_t cap, uint64_t bits, int t);
/* An element of 'bytes' bytes, little-endian, read from p or written to p. */
uint64_t scr_get_elem(const uint8_t *p, unsigned bytes);
void scr_put_elem(uint8_t *p, uint64_t v, unsigned bytes);
/* Opens a file to read; NULL with a message.  *st gets its status. */
FILE *scr_open_input(aw_session *s, const char *where, const char *path, struct stat *st);

/* ---- script_launch.c ---- */

/* "NAME" or "NAME+N": the buffer and its element N; NULL with a message in msg. */
buffer *scr_buffer_element(aw_session *s, const char *text, uint64_t *first, char *msg, size_t cap);

/* ---- script_out.c ---- */

/* The counters of the last launch (named last_name) and of all, as the stats command prints them. */
void scr_print_stats(aw_session *s, const char *last_name);
/* After a launch or runsub: a trace at its cap is switched off; a trace or printf file that
 * could not be written is ended and the command fails.  0, or -1 with a message. */
int scr_trace_after_run(aw_session *s, const char *where);
/* Ends the trace, or sends device printf back to the session's output; the file each wrote is
 * completed (one that could not be written is removed, the old file kept).  0, or -1 with a message. */
int scr_end_trace(aw_session *s, const char *where);
int scr_end_printf(aw_session *s, const char *where);

/* ---- the commands (their table is script.c's): 0, or -1 after a message ---- */

int scr_cmd_fill(aw_session *s, char **argv, int argc, const char *where);      /* script_data.c */
int scr_cmd_dump(aw_session *s, char **argv, int argc, const char *where);
int scr_cmd_expect(aw_session *s, char **argv, int argc, const char *where);
int scr_cmd_launch(aw_session *s, char **argv, int argc, const char *where);    /* script_launch.c */
int scr_cmd_runsub(aw_session *s, char **argv, int argc, const char *where);
int scr_cmd_stats(aw_session *s, char **argv, int argc, const char *where);     /* script_out.c */
int scr_cmd_trace(aw_session *s, char **argv, int argc, const char *where);
int scr_cmd_printf(aw_session *s, char **argv, int argc, const char *where);
int scr_cmd_compare(aw_session *s, char **argv, int argc, const char *where);

#endif
