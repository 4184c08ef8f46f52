/* emu/front/script.c -- run scripts: buffers, launches, checks.
 *
 * Values are checked against the type they are for (range, sign, finite), and
 * buffers move between host and device in chunks of CHUNK_ELEMS elements, so a
 * command needs host memory for a chunk, not for the whole buffer.
 */
/* fopencookie (glibc, musl): the trace's byte cap is a FILE that counts what it writes */
#define _GNU_SOURCE
#include "script.h"
#include "../timing/timing.h"
#include "../core.h"   /* emu_half_round, emu_bits_f64: f16/bf16 and float arguments */
#include "../../isa/outfile.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#define CHUNK_ELEMS (1u << 20)             /* elements moved between host and device at a time */
#define MAX_ELEMS (1ull << 32)             /* the most elements a buffer may have */
#define MAX_WORDS 64                       /* words on one command line */
#define DEFAULT_TRACE_CAP (1ull << 30)     /* bytes a trace may write unless told otherwise */

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

static int error(aw_session *s, const char *where, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int error(aw_session *s, const char *where, const char *fmt, ...) {
  if (s->quiet) return -1;
  va_list ap;
  va_start(ap, fmt);
  if (where && *where) fprintf(s->err, "%s: ", where);
  fprintf(s->err, "error: ");
  vfprintf(s->err, fmt, ap);
  fputc('\n', s->err);
  va_end(ap);
  return -1;
}

static int end_trace(aw_session *s, const char *where);

aw_session *aw_session_new(FILE *out, FILE *err) {
  aw_session *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->out = out;
  s->err = err;
  s->dev = aw_device_new();
  if (!s->dev) { free(s); return NULL; }
  aw_set_printf(s->dev, out);   /* device printf goes with the script's own output */
  return s;
}

static int end_printf(aw_session *s, const char *where);

void aw_session_free(aw_session *s) {
  if (!s) return;
  end_trace(s, "");
  end_printf(s, "");
  aw_device_free(s->dev);
  for (int i = 0; i < s->nbufs; i++) free(s->bufs[i].name);
  for (int i = 0; i < s->nvars; i++) { free(s->vars[i].name); free(s->vars[i].value); }
  free(s->bufs); free(s->vars); free(s->mods);
  for (int i = 0; i < s->ninputs; i++) free(s->inputs[i].path);
  free(s->inputs);
  free(s->trace_where);
  free(s->printf_where);
  free(s);
}

/* Records 'path' as an input of kind 'kind' (a static string).  0, or -1 out of memory. */
static int add_input(aw_session *s, const char *path, const char *kind) {
  struct input *ni = realloc(s->inputs, (size_t)(s->ninputs + 1) * sizeof *ni);
  if (!ni) return -1;
  s->inputs = ni;
  if (!(ni[s->ninputs].path = strdup(path))) return -1;
  ni[s->ninputs++].kind = kind;
  return 0;
}

const char *aw_session_input(aw_session *s, const char *path) {
  for (int i = 0; i < s->ninputs; i++) if (isa_same_file(path, s->inputs[i].path)) return s->inputs[i].kind;
  return NULL;
}

/* Opens output 'path' for a command, unless it is one of the session's inputs: 0, or the command's failure. */
static int open_output(aw_session *s, isa_outfile *o, const char *path, int append, const char *where) {
  const char *kind = aw_session_input(s, path);
  if (kind) return error(s, where, "%s is %s: it would be overwritten", path, kind);
  char err[512];
  if (isa_out_open(o, path, append, err, sizeof err)) return error(s, where, "%s", err);
  return 0;
}

aw_device *aw_session_device(aw_session *s) { return s->dev; }

void aw_session_quiet(aw_session *s, int on) { s->quiet = on; }

int aw_session_modules(aw_session *s, aw_module ***mods) { *mods = s->mods; return s->nmods; }

const char *aw_session_buffer(aw_session *s, int i, uint64_t *addr, uint64_t *count, int *type) {
  if (i < 0 || i >= s->nbufs) return NULL;
  *addr = s->bufs[i].addr; *count = s->bufs[i].count; *type = s->bufs[i].type;
  return s->bufs[i].name;
}

static char *dup_str(const char *t) {
  size_t n = strlen(t) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, t, n);
  return p;
}

void aw_session_set_var(aw_session *s, const char *name, const char *value) {
  char *v = dup_str(value);
  if (!v) return;   /* out of memory: the variable keeps its old value (or stays undefined) */
  for (int i = 0; i < s->nvars; i++)
    if (!strcmp(s->vars[i].name, name)) { free(s->vars[i].value); s->vars[i].value = v; return; }
  char *n = dup_str(name);
  var *nv = n ? realloc(s->vars, (size_t)(s->nvars + 1) * sizeof *s->vars) : NULL;
  if (!nv) { free(n); free(v); return; }
  s->vars = nv;
  s->vars[s->nvars].name = n;
  s->vars[s->nvars].value = v;
  s->nvars++;
}

/* ---- element types and values ---- */

static const struct { const char *name; int type; } types[] = {
  { "u8", ISA_T_U8 }, { "s8", ISA_T_S8 }, { "u16", ISA_T_U16 }, { "s16", ISA_T_S16 }, { "u32", ISA_T_U32 },
  { "s32", ISA_T_S32 }, { "u64", ISA_T_U64 }, { "s64", ISA_T_S64 }, { "f32", ISA_T_F32 }, { "f64", ISA_T_F64 },
  { "b8", ISA_T_U8 }, { "b16", ISA_T_U16 }, { "b32", ISA_T_U32 }, { "b64", ISA_T_U64 },
};

static int type_named(const char *n) {
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) if (!strcmp(types[i].name, n)) return types[i].type;
  return 0;
}
static unsigned type_bytes(int t) { unsigned b = isa_type_bits(t); return b < 8 ? 1 : b / 8; }
static int is_float(int t) { return t == ISA_T_F32 || t == ISA_T_F64; }
static int is_signed(int t) { return isa_type_kind(t) == TK_SGN; }

/* The range of an integer type: [*lo, *hi] with lo as a magnitude (it is 0 or negative). */
static void int_range(int t, uint64_t *neg_lo, uint64_t *hi) {
  unsigned w = type_bytes(t) * 8;
  if (is_signed(t)) { *neg_lo = 1ull << (w - 1); *hi = (1ull << (w - 1)) - 1; }
  else { *neg_lo = 0; *hi = w >= 64 ? ~0ull : (1ull << w) - 1; }
}

/* What a type holds, for messages: "0 to 255", "-128 to 127", "finite values up to 3.40282347e+38 in magnitude". */
static void describe_range(char *buf, size_t cap, int t) {
  if (t == ISA_T_F32) { snprintf(buf, cap, "finite values at most %.9g in magnitude", (double)FLT_MAX); return; }
  if (t == ISA_T_F64) { snprintf(buf, cap, "finite values at most %.17g in magnitude", DBL_MAX); return; }
  uint64_t nlo, hi;
  int_range(t, &nlo, &hi);
  if (nlo) snprintf(buf, cap, "-%llu to %llu", (unsigned long long)nlo, (unsigned long long)hi);
  else snprintf(buf, cap, "0 to %llu", (unsigned long long)hi);
}

/* An unsigned integer: decimal digits, or 0x and hexadecimal digits; nothing else.
 * 0 on success, -1 when it is not such a number, -2 when it is beyond 2^64-1. */
static int parse_u64(const char *t, uint64_t *v) {
  int base = 10;
  if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) { base = 16; t += 2; if (!isxdigit((unsigned char)t[0])) return -1; }
  else if (!isdigit((unsigned char)t[0])) return -1;
  char *end;
  errno = 0;
  unsigned long long x = strtoull(t, &end, base);
  if (*end) return -1;
  if (errno == ERANGE) return -2;
  *v = x;
  return 0;
}

/* Parses a number for element type t into its bits (the low bytes of the
 * type's width).  0 on success; -1 with the reason in msg ("'256' is out of
 * range for u8 (0 to 255)") otherwise. */
static int parse_value(const char *text, int t, uint64_t *bits, char *msg, size_t cap) {
  char range[96];
  describe_range(range, sizeof range, t);
  const char *tn = isa_type_name(t);
  if (is_float(t)) {
    unsigned digits = t == ISA_T_F32 ? 8 : 16;
    if (text[0] == '0' && (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' || text[1] == 'D') && isxdigit((unsigned char)text[2])) {
      /* 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX: the bits, as in PTX */
      size_t n = strlen(text + 2);
      uint64_t v = 0;
      int ok = n <= digits && (text[1] == 'f' || text[1] == 'F') == (t == ISA_T_F32);
      for (size_t i = 0; ok && i < n; i++) {
        int c = (unsigned char)text[2 + i];
        if (!isxdigit(c)) ok = 0;
        else v = v << 4 | (uint64_t)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
      }
      if (!ok) { snprintf(msg, cap, "'%s' is not a %s value (bits are written 0%c and at most %u hexadecimal digits)", text, tn, t == ISA_T_F32 ? 'f' : 'd', digits); return -1; }
      *bits = v;
      return 0;
    }
    char *end;
    errno = 0;
    if (t == ISA_T_F32) {
      float v = strtof(text, &end);
      if (end == text || *end || isspace((unsigned char)text[0])) { snprintf(msg, cap, "'%s' is not a %s value", text, tn); return -1; }
      if (errno == ERANGE && isinf(v)) { snprintf(msg, cap, "'%s' is out of range for f32 (%s; write inf for infinity)", text, range); return -1; }
      *bits = emu_f32_bits(v);
    } else {
      double v = strtod(text, &end);
      if (end == text || *end || isspace((unsigned char)text[0])) { snprintf(msg, cap, "'%s' is not a %s value", text, tn); return -1; }
      if (errno == ERANGE && isinf(v)) { snprintf(msg, cap, "'%s' is out of range for f64 (%s; write inf for infinity)", text, range); return -1; }
      *bits = emu_f64_bits(v);
    }
    return 0;
  }
  int neg = text[0] == '-';
  uint64_t mag, nlo, hi;
  int r = parse_u64(text + neg, &mag);
  if (r == -1) { snprintf(msg, cap, "'%s' is not a %s value (an integer: decimal or 0x hexadecimal)", text, tn); return -1; }
  int_range(t, &nlo, &hi);
  if (r == -2 || (neg && mag > nlo) || (!neg && mag > hi)) {
    if (neg && !nlo && mag) snprintf(msg, cap, "'%s' is negative; %s holds %s", text, tn, range);
    else snprintf(msg, cap, "'%s' is out of range for %s (%s)", text, tn, range);
    return -1;
  }
  unsigned w = type_bytes(t) * 8;
  uint64_t v = neg ? 0 - mag : mag;
  *bits = w >= 64 ? v : v & ((1ull << w) - 1);
  return 0;
}

/* A signed 64-bit value of an integer element's bits. */
static int64_t as_int(uint64_t bits, int t) {
  unsigned w = type_bytes(t) * 8;
  if (w >= 64) return (int64_t)bits;
  uint64_t m = 1ull << (w - 1), v = bits & ((m << 1) - 1);
  return (int64_t)((v ^ m) - m);
}

static double as_double(uint64_t bits, int t) {
  if (t == ISA_T_F32) return emu_bits_f32((uint32_t)bits);
  if (t == ISA_T_F64) return emu_bits_f64(bits);
  if (is_signed(t)) return (double)as_int(bits, t);
  return (double)bits;
}

static void format_value(char *buf, size_t cap, uint64_t bits, int t) {
  if (t == ISA_T_F32) snprintf(buf, cap, "%.9g", emu_bits_f32((uint32_t)bits));
  else if (t == ISA_T_F64) snprintf(buf, cap, "%.17g", emu_bits_f64(bits));
  else if (is_signed(t)) snprintf(buf, cap, "%lld", (long long)as_int(bits, t));
  else snprintf(buf, cap, "%llu", (unsigned long long)bits);
}

static uint64_t get_elem(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes && i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}
static void put_elem(uint8_t *p, uint64_t v, unsigned bytes) { for (unsigned i = 0; i < bytes && i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }

/* ---- files ---- */

/* Opens a file to read; NULL with a message ("PATH: is a directory",
 * "PATH: cannot read: REASON") otherwise.  *st gets its status. */
static FILE *open_input(aw_session *s, const char *where, const char *path, struct stat *st) {
  FILE *f = fopen(path, "rb");
  if (!f) { error(s, where, "%s: cannot read: %s", path, strerror(errno)); return NULL; }
  if (fstat(fileno(f), st) != 0) { error(s, where, "%s: cannot read: %s", path, strerror(errno)); fclose(f); return NULL; }
  if (S_ISDIR(st->st_mode)) { error(s, where, "%s: is a directory", path); fclose(f); return NULL; }
  return f;
}

/* Reads whitespace- (or comma-) separated words of a text file one at a time. */
typedef struct {
  FILE *f;
  uint64_t line, tokline;   /* the line being read; the line of the last word */
  char tok[128];
} words;

static int is_sep(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == '\v' || c == '\f'; }

/* 1: a word is in w->tok; 0: the end of the file; -1: a read error; -2: a word too long to be a number. */
static int next_word(words *w) {
  int c;
  while ((c = getc(w->f)) != EOF && is_sep(c)) if (c == '\n') w->line++;
  if (c == EOF) return ferror(w->f) ? -1 : 0;
  w->tokline = w->line;
  size_t n = 0;
  for (; c != EOF && !is_sep(c); c = getc(w->f)) {
    if (n + 1 >= sizeof w->tok) return -2;
    w->tok[n++] = c ? (char)c : '?';   /* a NUL byte makes the word no number */
  }
  w->tok[n] = 0;
  if (c == '\n') w->line++;
  return 1;
}

/* Reads the next value of a text file for type t.  1: *bits holds it; 0: the
 * file has ended; -1: an error, reported. */
static int next_value(aw_session *s, const char *where, const char *path, words *w, int t, uint64_t *bits) {
  int r = next_word(w);
  if (r == 0) return 0;
  if (r == -1) return error(s, where, "%s: cannot read: %s", path, strerror(errno));
  if (r == -2) return error(s, where, "%s:%llu: a word of more than %zu characters is no number", path, (unsigned long long)w->tokline, sizeof w->tok - 2);
  char msg[320];
  if (parse_value(w->tok, t, bits, msg, sizeof msg)) return error(s, where, "%s:%llu: %s", path, (unsigned long long)w->tokline, msg);
  return 1;
}

/* ---- buffers ---- */

static buffer *find_buffer(aw_session *s, const char *name) {
  for (int i = 0; i < s->nbufs; i++) if (!strcmp(s->bufs[i].name, name)) return &s->bufs[i];
  return NULL;
}

static int add_buffer(aw_session *s, const char *name, int t, uint64_t count, uint64_t addr) {
  char *n = dup_str(name);
  buffer *nb = n ? realloc(s->bufs, (size_t)(s->nbufs + 1) * sizeof *s->bufs) : NULL;
  if (!nb) { free(n); return -1; }
  s->bufs = nb;
  buffer *b = &s->bufs[s->nbufs++];
  b->name = n; b->type = t; b->count = count; b->addr = addr; b->symbol = 0;
  return 0;
}

/* A host array for one chunk of b (at most CHUNK_ELEMS elements); NULL with a message. */
static uint8_t *chunk_alloc(aw_session *s, const char *where, const buffer *b) {
  uint64_t n = b->count < CHUNK_ELEMS ? b->count : CHUNK_ELEMS;
  uint8_t *p = malloc((size_t)(n * type_bytes(b->type)));
  if (!p) error(s, where, "out of memory (%llu bytes for a chunk of buffer '%s')", (unsigned long long)(n * type_bytes(b->type)), b->name);
  return p;
}

/* ---- commands ---- */

/* After a command that records (awemu run --record): recording that stopped (a full disk; the
 * reason is printed) fails the command, so an incomplete record is never reported as done. */
static int record_check(aw_session *s, const char *where, int was_recording) {
  if (!was_recording || s->dev->record_dir) return 0;
  return error(s, where, "the record (awemu run --record) stopped here; it is incomplete");
}

static int cmd_load(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return error(s, where, "usage: load FILE");
  struct stat st;
  if (stat(argv[1], &st) == 0 && S_ISDIR(st.st_mode)) return error(s, where, "%s: is a directory", argv[1]);
  aw_module **nm = realloc(s->mods, (size_t)(s->nmods + 1) * sizeof *s->mods);
  if (!nm) return error(s, where, "out of memory");
  s->mods = nm;
  char err[8192];
  int recording = s->dev->record_dir != NULL;
  aw_module *m = aw_module_load_file(s->dev, argv[1], err, sizeof err);
  if (!m) return error(s, where, "%s", err);
  s->mods[s->nmods++] = m;
  if (!aw_session_input(s, argv[1]) && add_input(s, argv[1], "a module the script loaded")) return error(s, where, "out of memory");
  return record_check(s, where, recording);
}

static int cmd_alloc(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 4) return error(s, where, "usage: alloc NAME TYPE COUNT");
  int t = type_named(argv[2]);
  if (!t) return error(s, where, "unknown element type '%s' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64, b8 b16 b32 b64)", argv[2]);
  uint64_t n;
  int r = parse_u64(argv[3], &n);
  if (r == -1) return error(s, where, "element count '%s' is not a number (decimal or 0x hexadecimal)", argv[3]);
  if (r == -2 || n > MAX_ELEMS) return error(s, where, "element count %s is too large: at most 2^32 (4294967296) elements", argv[3]);
  if (!n) return error(s, where, "element count 0: a buffer has at least 1 element");
  if (find_buffer(s, argv[1])) return error(s, where, "buffer '%s' already exists", argv[1]);
  uint64_t addr = aw_malloc(s->dev, n * type_bytes(t));
  if (!addr) return error(s, where, "cannot allocate %llu elements of %s (%llu bytes): out of memory", (unsigned long long)n, argv[2], (unsigned long long)(n * type_bytes(t)));
  if (add_buffer(s, argv[1], t, n, addr)) { aw_free(s->dev, addr); return error(s, where, "out of memory"); }
  return 0;
}

static int cmd_symbol(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3) return error(s, where, "usage: symbol NAME TYPE");
  int t = type_named(argv[2]);
  if (!t) return error(s, where, "unknown element type '%s' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64, b8 b16 b32 b64)", argv[2]);
  if (find_buffer(s, argv[1])) return error(s, where, "buffer '%s' already exists", argv[1]);
  uint64_t addr = 0, bytes = 0;
  int found = 0;
  for (int i = s->nmods; i-- > 0 && !found;) found = aw_module_symbol(s->mods[i], argv[1], &addr, &bytes) == 0;
  if (!found) return error(s, where, "no module-scope .global or .const variable named '%s'", argv[1]);
  if (bytes % type_bytes(t) || !bytes) return error(s, where, "'%s' has %llu bytes, not a whole number of %s elements", argv[1], (unsigned long long)bytes, argv[2]);
  if (add_buffer(s, argv[1], t, bytes / type_bytes(t), addr)) return error(s, where, "out of memory");
  s->bufs[s->nbufs - 1].symbol = 1;
  return 0;
}

/* ---- fill ---- */

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* What fill const, ramp and random compute for element i (called in order). */
typedef struct {
  enum { GEN_CONST, GEN_RAMP, GEN_RANDOM } kind;
  uint64_t value;               /* const: the bits */
  uint64_t cur, step;           /* ramp of integers: this element's value and the step, mod 2^64 */
  double start, fstep;          /* ramp of floats */
  uint64_t state;               /* random: splitmix64's state */
  uint64_t lo, span;            /* random integers: LO and HI - LO + 1, mod 2^64 (span 0: all 2^64 values) */
  double flo, fhi;              /* random floats */
} generator;

static uint64_t float_bits(double v, int t) { return t == ISA_T_F32 ? emu_f32_bits((float)v) : emu_f64_bits(v); }

static uint64_t generate(generator *g, int t, uint64_t i) {
  if (g->kind == GEN_CONST) return g->value;
  if (g->kind == GEN_RAMP) {
    if (is_float(t)) return float_bits(g->start + (double)i * g->fstep, t);
    uint64_t v = g->cur;
    g->cur += g->step;
    return v;
  }
  uint64_t z = splitmix64(&g->state);
  if (!is_float(t)) return g->lo + (g->span ? z % g->span : z);
  double u = (double)(z >> 11) * 0x1p-53, d = g->fhi - g->flo, v;
  /* HI - LO beyond the largest double (LO -1e308, HI 1e308): the same point, weighted */
  v = isinf(d) ? g->flo * (1 - u) + g->fhi * u : g->flo + d * u;
  if (v < g->flo) v = g->flo;
  if (v > g->fhi) v = g->fhi;
  return float_bits(v, t);
}

__extension__ typedef __int128 wide_int;   /* a ramp's end: |START| < 2^64 plus (2^32-1) * |STEP| < 2^96 */

static void format_wide(char *buf, size_t cap, wide_int v) {
  char tmp[48];
  size_t n = 0;
  int neg = v < 0;
  unsigned __int128 m = neg ? (unsigned __int128)0 - (unsigned __int128)v : (unsigned __int128)v;
  do { tmp[n++] = (char)('0' + (int)(m % 10)); m /= 10; } while (m);
  size_t k = 0;
  if (neg && k + 1 < cap) buf[k++] = '-';
  while (n && k + 1 < cap) buf[k++] = tmp[--n];
  buf[k] = 0;
}

/* An integer of any sign with magnitude below 2^64: 0, or -1 (not an integer) / -2 (too large). */
static int parse_wide(const char *t, wide_int *v) {
  int neg = t[0] == '-';
  uint64_t m;
  int r = parse_u64(t + neg, &m);
  if (r) return r;
  *v = neg ? -(wide_int)m : (wide_int)m;
  return 0;
}

/* 1 when the double d rounds to an infinite float: |d| at or past the midpoint
 * between FLT_MAX and 2^128 (tested without the conversion, which is undefined
 * behaviour out of range). */
static int beyond_f32(double d) { return isfinite(d) && fabs(d) >= 0x1.ffffffp127; }

/* A finite or infinite double in the range of t (f32 or f64): 0, or -1 with a message. */
static int parse_double(const char *text, int t, double *v, char *msg, size_t cap) {
  char *end;
  errno = 0;
  double d = strtod(text, &end);
  char range[96];
  describe_range(range, sizeof range, t);
  if (end == text || *end || isspace((unsigned char)text[0])) { snprintf(msg, cap, "'%s' is not a number", text); return -1; }
  if ((errno == ERANGE && isinf(d)) || (t == ISA_T_F32 && beyond_f32(d))) {
    snprintf(msg, cap, "'%s' is out of range for %s (%s)", text, isa_type_name(t), range);
    return -1;
  }
  *v = d;
  return 0;
}

/* Sets up the generator of 'fill NAME ramp START STEP'; checks that every element fits. */
static int setup_ramp(aw_session *s, const char *where, const buffer *b, char **argv, generator *g) {
  int t = b->type;
  const char *tn = isa_type_name(t);
  char msg[320], range[96];
  describe_range(range, sizeof range, t);
  g->kind = GEN_RAMP;
  if (is_float(t)) {
    if (parse_double(argv[3], t, &g->start, msg, sizeof msg)) return error(s, where, "ramp START: %s", msg);
    if (parse_double(argv[4], ISA_T_F64, &g->fstep, msg, sizeof msg)) return error(s, where, "ramp STEP: %s", msg);
    if (!isfinite(g->start) || !isfinite(g->fstep)) return error(s, where, "ramp START and STEP must be finite ('%s', '%s')", argv[3], argv[4]);
    double last = g->start + (double)(b->count - 1) * g->fstep;
    if (!isfinite(last) || (t == ISA_T_F32 && beyond_f32(last)))
      return error(s, where, "ramp reaches %.17g at element %llu, more than %s holds (%s)", last, (unsigned long long)(b->count - 1), tn, range);
    return 0;
  }
  wide_int start = 0, step = 0;
  int r = parse_wide(argv[3], &start);
  if (r == -1) return error(s, where, "ramp START '%s' is not an integer (decimal or 0x hexadecimal)", argv[3]);
  uint64_t nlo, hi;
  int_range(t, &nlo, &hi);
  if (r == -2 || start < -(wide_int)nlo || start > (wide_int)hi) return error(s, where, "ramp START '%s' is out of range for %s (%s)", argv[3], tn, range);
  r = parse_wide(argv[4], &step);
  if (r == -1) return error(s, where, "ramp STEP '%s' is not an integer (decimal or 0x hexadecimal)", argv[4]);
  if (r == -2) return error(s, where, "ramp STEP '%s' is too large: at most 2^64-1 in magnitude", argv[4]);
  wide_int last = start + (wide_int)(b->count - 1) * step;
  if (last < -(wide_int)nlo || last > (wide_int)hi) {
    char l[48];
    format_wide(l, sizeof l, last);
    if (last > (wide_int)hi) return error(s, where, "ramp reaches %s at element %llu, more than %s holds (at most %llu)", l, (unsigned long long)(b->count - 1), tn, (unsigned long long)hi);
    return error(s, where, "ramp reaches %s at element %llu, less than %s holds (at least %s%llu)", l, (unsigned long long)(b->count - 1), tn, nlo ? "-" : "", (unsigned long long)nlo);
  }
  g->cur = (uint64_t)start;
  g->step = (uint64_t)step;
  return 0;
}

/* Sets up the generator of 'fill NAME random SEED LO HI'. */
static int setup_random(aw_session *s, const char *where, const buffer *b, char **argv, generator *g) {
  int t = b->type;
  char msg[320];
  g->kind = GEN_RANDOM;
  if (parse_u64(argv[3], &g->state)) return error(s, where, "random SEED '%s' is not an integer from 0 to 2^64-1 (decimal or 0x hexadecimal)", argv[3]);
  if (is_float(t)) {
    if (parse_double(argv[4], t, &g->flo, msg, sizeof msg)) return error(s, where, "random LO: %s", msg);
    if (parse_double(argv[5], t, &g->fhi, msg, sizeof msg)) return error(s, where, "random HI: %s", msg);
    if (!isfinite(g->flo)) return error(s, where, "random LO '%s' is not finite", argv[4]);
    if (!isfinite(g->fhi)) return error(s, where, "random HI '%s' is not finite", argv[5]);
    if (g->flo > g->fhi) return error(s, where, "random LO %s is more than HI %s", argv[4], argv[5]);
    return 0;
  }
  uint64_t lo, hi;
  if (parse_value(argv[4], t, &lo, msg, sizeof msg)) return error(s, where, "random LO: %s", msg);
  if (parse_value(argv[5], t, &hi, msg, sizeof msg)) return error(s, where, "random HI: %s", msg);
  int less = is_signed(t) ? as_int(hi, t) < as_int(lo, t) : hi < lo;
  if (less) return error(s, where, "random LO %s is more than HI %s", argv[4], argv[5]);
  /* in 2^64 arithmetic: sign-extended LO plus z mod (HI - LO + 1) is exact for every type */
  uint64_t l = is_signed(t) ? (uint64_t)as_int(lo, t) : lo, h = is_signed(t) ? (uint64_t)as_int(hi, t) : hi;
  g->lo = l;
  g->span = h - l + 1;
  return 0;
}

/* Writes generated elements to the whole buffer, a chunk at a time. */
static int fill_generated(aw_session *s, const char *where, const buffer *b, generator *g) {
  unsigned eb = type_bytes(b->type);
  uint8_t *chunk = chunk_alloc(s, where, b);
  if (!chunk) return -1;
  int rc = 0;
  for (uint64_t base = 0; base < b->count && !rc; base += CHUNK_ELEMS) {
    uint64_t n = b->count - base < CHUNK_ELEMS ? b->count - base : CHUNK_ELEMS;
    for (uint64_t i = 0; i < n; i++) put_elem(chunk + i * eb, generate(g, b->type, base + i), eb);
    if (aw_memcpy_htod(s->dev, b->addr + base * eb, chunk, (size_t)(n * eb)) != AW_OK) rc = error(s, where, "cannot write buffer '%s'", b->name);
  }
  free(chunk);
  return rc;
}

static int fill_file(aw_session *s, const char *where, const buffer *b, const char *path) {
  uint64_t size = b->count * type_bytes(b->type);
  struct stat st;
  FILE *f = open_input(s, where, path, &st);
  if (!f) return -1;
  unsigned eb = type_bytes(b->type);
  if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > size) {
    fclose(f);
    return error(s, where, "%s has %llu bytes; buffer '%s' holds %llu", path, (unsigned long long)st.st_size, b->name, (unsigned long long)size);
  }
  if (S_ISREG(st.st_mode) && (uint64_t)st.st_size % eb) {
    fclose(f);
    return error(s, where, "%s has %llu bytes, not a whole number of %s elements (%u bytes each)", path, (unsigned long long)st.st_size, isa_type_name(b->type), eb);
  }
  size_t cap = 1u << 20;
  uint8_t *chunk = malloc(cap);
  if (!chunk) { fclose(f); return error(s, where, "out of memory"); }
  uint64_t at = 0;
  int rc = 0;
  for (;;) {
    size_t k = fread(chunk, 1, cap, f);
    if (!k) break;
    if (k > size - at) { rc = error(s, where, "%s has more than %llu bytes; buffer '%s' holds %llu", path, (unsigned long long)size, b->name, (unsigned long long)size); break; }
    if (aw_memcpy_htod(s->dev, b->addr + at, chunk, k) != AW_OK) { rc = error(s, where, "cannot write buffer '%s'", b->name); break; }
    at += k;
  }
  if (!rc && ferror(f)) rc = error(s, where, "%s: cannot read: %s", path, strerror(errno));
  if (!rc && at % eb) rc = error(s, where, "%s has %llu bytes, not a whole number of %s elements (%u bytes each)", path, (unsigned long long)at, isa_type_name(b->type), eb);
  free(chunk);
  fclose(f);
  return rc;
}

static int fill_text(aw_session *s, const char *where, const buffer *b, const char *path) {
  unsigned eb = type_bytes(b->type);
  struct stat st;
  FILE *f = open_input(s, where, path, &st);
  if (!f) return -1;
  uint8_t *chunk = chunk_alloc(s, where, b);
  if (!chunk) { fclose(f); return -1; }
  words w = { f, 1, 1, { 0 } };
  uint64_t at = 0, n = 0;
  int rc = 0;
  for (;;) {
    uint64_t bits;
    int r = next_value(s, where, path, &w, b->type, &bits);
    if (r < 0) { rc = -1; break; }
    if (r && at + n == b->count) { rc = error(s, where, "%s has more than %llu values; buffer '%s' holds %llu", path, (unsigned long long)b->count, b->name, (unsigned long long)b->count); break; }
    if (r) put_elem(chunk + (n++) * eb, bits, eb);
    if (n == CHUNK_ELEMS || (!r && n)) {
      if (aw_memcpy_htod(s->dev, b->addr + at * eb, chunk, (size_t)(n * eb)) != AW_OK) { rc = error(s, where, "cannot write buffer '%s'", b->name); break; }
      at += n;
      n = 0;
    }
    if (!r) break;
  }
  free(chunk);
  fclose(f);
  return rc;
}

static int cmd_fill(aw_session *s, char **argv, int argc, const char *where) {
  const char *usage = "usage: fill NAME const V | ramp START STEP | random SEED LO HI | hex DIGITS | file PATH | text PATH";
  if (argc < 3) return error(s, where, "%s", usage);
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  unsigned eb = type_bytes(b->type);
  const char *how = argv[2];
  generator g;
  memset(&g, 0, sizeof g);
  char msg[320];
  if (!strcmp(how, "const") && argc == 4) {
    g.kind = GEN_CONST;
    if (parse_value(argv[3], b->type, &g.value, msg, sizeof msg)) return error(s, where, "%s", msg);
    return fill_generated(s, where, b, &g);
  }
  if (!strcmp(how, "ramp") && argc == 5) return setup_ramp(s, where, b, argv, &g) ? -1 : fill_generated(s, where, b, &g);
  if (!strcmp(how, "random") && argc == 6) return setup_random(s, where, b, argv, &g) ? -1 : fill_generated(s, where, b, &g);
  if (!strcmp(how, "hex") && argc == 4) {
    size_t hl = strlen(argv[3]);
    uint64_t size = b->count * eb;
    if (hl % 2) return error(s, where, "hex string of %zu digits: an odd number (two digits make a byte)", hl);
    if (hl / 2 > size) return error(s, where, "hex string of %zu digits (%zu bytes) does not fit buffer '%s' (%llu bytes)", hl, hl / 2, b->name, (unsigned long long)size);
    uint8_t *bytes = malloc(hl / 2 + 1);
    if (!bytes) return error(s, where, "out of memory");
    for (size_t i = 0; i < hl / 2; i++) {
      int hi = (unsigned char)argv[3][2 * i], lo = (unsigned char)argv[3][2 * i + 1];
      if (!isxdigit(hi) || !isxdigit(lo)) { free(bytes); return error(s, where, "'%c%c' (digits %zu and %zu) is not hexadecimal", hi, lo, 2 * i + 1, 2 * i + 2); }
      bytes[i] = (uint8_t)((isdigit(hi) ? hi - '0' : tolower(hi) - 'a' + 10) << 4 | (isdigit(lo) ? lo - '0' : tolower(lo) - 'a' + 10));
    }
    int rc = hl && aw_memcpy_htod(s->dev, b->addr, bytes, hl / 2) != AW_OK ? error(s, where, "cannot write buffer '%s'", b->name) : 0;
    free(bytes);
    return rc;
  }
  if (!strcmp(how, "file") && argc == 4) return fill_file(s, where, b, argv[3]);
  if (!strcmp(how, "text") && argc == 4) return fill_text(s, where, b, argv[3]);
  return error(s, where, "%s", usage);
}

/* ---- launch ---- */

/* GRID or BLOCK: X, X,Y or X,Y,Z, each from 1 to 2^31-1. */
static int parse_dim(const char *t, aw_dim3 *d) {
  uint64_t v[3] = { 1, 1, 1 };
  char part[32];
  int n = 0;
  const char *p = t;
  for (;;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (n == 3 || len >= sizeof part) return -1;
    memcpy(part, p, len);
    part[len] = 0;
    if (parse_u64(part, &v[n]) || !v[n] || v[n] > 0x7fffffff) return -1;
    n++;
    if (!comma) break;
    p = comma + 1;
  }
  d->x = (uint32_t)v[0]; d->y = (uint32_t)v[1]; d->z = (uint32_t)v[2];
  return 0;
}

static int find_kernel(aw_session *s, const char *name, aw_module **m) {
  for (int i = s->nmods; i-- > 0;) {
    int k = aw_kernel_find(s->mods[i], name);
    if (k >= 0) { *m = s->mods[i]; return k; }
  }
  return -1;
}

/* 1 when a fault ended a launch early but usefully: its statistics so far are printed. */
static int stopped_early(const aw_fault *f) {
  return !strncmp(f->what, "interrupted", 11) || !strncmp(f->what, "instruction limit", 17) || !strncmp(f->what, "time limit", 10);
}

static void print_stats(aw_session *s, const char *last_name);
static int trace_after_run(aw_session *s, const char *where);

/* After a launch or subroutine run that faulted: the message, and for one
 * stopped by a limit or Ctrl-C, what it did so far. */
static int report_fault(aw_session *s, const char *where, aw_fault *f, const char *what_ran) {
  char msg[1024];
  aw_fault_format(f, msg, sizeof msg);
  int rc = error(s, where, "%s", msg);
  if (!s->quiet && stopped_early(f)) {
    fprintf(s->out, "statistics of the stopped %s so far:\n", what_ran);
    print_stats(s, !strcmp(what_ran, "launch") ? "this launch" : "this run");
    fflush(s->out);
  }
  return rc;
}

/* ---- launch arguments ---- */

/* "NAME" or "NAME+N": the buffer and its element N (up to its element count:
 * one past the end, as C allows).  NULL with a message in msg. */
static buffer *buffer_element(aw_session *s, const char *text, uint64_t *first, char *msg, size_t cap) {
  char name[128];
  const char *plus = strchr(text, '+');
  size_t n = plus ? (size_t)(plus - text) : strlen(text);
  if (n >= sizeof name) { snprintf(msg, cap, "no buffer named '%s'", text); return NULL; }
  memcpy(name, text, n);
  name[n] = 0;
  buffer *b = find_buffer(s, name);
  if (!b) { snprintf(msg, cap, "no buffer named '%s' (scalars are written TYPE:VALUE)", name); return NULL; }
  *first = 0;
  if (plus && (parse_u64(plus + 1, first) || *first > b->count)) {
    snprintf(msg, cap, "'%s': the element offset must be a number from 0 to %llu (buffer '%s' has %llu elements)", text,
             (unsigned long long)b->count, name, (unsigned long long)b->count);
    return NULL;
  }
  return b;
}

/* A buffer's address, or that of its element N ("NAME+N").  0, or -1 with msg. */
static int buffer_address(aw_session *s, const char *text, uint64_t *addr, char *msg, size_t cap) {
  uint64_t off;
  const buffer *b = buffer_element(s, text, &off, msg, cap);
  if (!b) return -1;
  *addr = b->addr + off * type_bytes(b->type);
  return 0;
}

/* One scalar: a buffer address (NAME, NAME+N: 8 bytes) or TYPE:VALUE, TYPE
 * one of the element types or f16/bf16 (the number rounded to nearest even,
 * as __float2half_rn does).  *kind: 'a' address, 'i' integer, 'f' float, 'b'
 * bits (a .bN type).  0, or -1 with msg. */
static int scalar_value(aw_session *s, const char *arg, uint64_t *bits, unsigned *bytes, int *kind, char *msg, size_t cap) {
  const char *colon = strchr(arg, ':');
  if (!colon) { *bytes = 8; *kind = 'a'; return buffer_address(s, arg, bits, msg, cap); }
  char tname[16];
  size_t tl = (size_t)(colon - arg);
  if (tl >= sizeof tname) { snprintf(msg, cap, "bad type in '%s'", arg); return -1; }
  memcpy(tname, arg, tl);
  tname[tl] = 0;
  if (!strcmp(tname, "f16") || !strcmp(tname, "bf16")) {
    int bf = tname[0] == 'b';
    if (parse_value(colon + 1, ISA_T_F64, bits, msg, cap)) return -1;
    double x = emu_bits_f64(*bits);
    *bits = emu_half_round(x, bf, 1);
    if (isfinite(x) && isinf(emu_half_value((uint32_t)*bits, bf))) {
      snprintf(msg, cap, "'%s' is out of range for %s (finite values at most %s in magnitude; write inf for infinity)", colon + 1, tname,
               bf ? "3.38953139e+38" : "65504");
      return -1;
    }
    *bytes = 2;
    *kind = 'f';
    return 0;
  }
  int t = type_named(tname);
  if (!t) { snprintf(msg, cap, "unknown type '%s' in '%s'", tname, arg); return -1; }
  if (parse_value(colon + 1, t, bits, msg, cap)) return -1;
  *bytes = type_bytes(t);
  *kind = tname[0] == 'b' ? 'b' : is_float(t) ? 'f' : 'i';
  return 0;
}

/* A by-value struct: {FIELD,FIELD,...}, each field a scalar as above laid
 * out as C lays out a struct (each at a multiple of its size, the whole
 * padded to a multiple of the largest), or hex:DIGITS, the bytes
 * themselves.  Writes *len bytes into out (cap bytes).  0, or -1 with msg. */
static int struct_value(aw_session *s, const char *arg, uint8_t *out, uint64_t cap_bytes, uint64_t *len, char *msg, size_t cap) {
  uint64_t at = 0, align = 1;
  if (!strncmp(arg, "hex:", 4)) {
    size_t n = strlen(arg + 4);
    if (n % 2 || n / 2 > cap_bytes) { snprintf(msg, cap, "'%s': hex: takes two digits a byte, at most %llu bytes here", arg, (unsigned long long)cap_bytes); return -1; }
    for (size_t i = 0; i < n / 2; i++) {
      int hi = arg[4 + 2 * i], lo = arg[5 + 2 * i];
      if (!isxdigit(hi) || !isxdigit(lo)) { snprintf(msg, cap, "'%s': '%c%c' is not a hexadecimal byte", arg, hi, lo); return -1; }
      out[i] = (uint8_t)((isdigit(hi) ? hi - '0' : tolower(hi) - 'a' + 10) << 4 | (isdigit(lo) ? lo - '0' : tolower(lo) - 'a' + 10));
    }
    *len = n / 2;
    return 0;
  }
  size_t n = strlen(arg);
  if (n < 2 || arg[n - 1] != '}') { snprintf(msg, cap, "'%s': a struct is written {FIELD,FIELD,...}", arg); return -1; }
  char field[256];
  for (const char *p = arg + 1; p < arg + n - 1;) {
    const char *e = p;
    while (e < arg + n - 1 && *e != ',') e++;
    if (e == p || (size_t)(e - p) >= sizeof field) { snprintf(msg, cap, "'%s': an empty or overlong field", arg); return -1; }
    memcpy(field, p, (size_t)(e - p));
    field[e - p] = 0;
    uint64_t bits;
    unsigned bytes;
    int kind;
    char why[200];
    if (scalar_value(s, field, &bits, &bytes, &kind, why, sizeof why)) { snprintf(msg, cap, "struct field '%.60s': %s", field, why); return -1; }
    at = (at + bytes - 1) / bytes * bytes;
    if (at + bytes > cap_bytes) { snprintf(msg, cap, "'%s' is larger than the parameter's %llu bytes", arg, (unsigned long long)cap_bytes); return -1; }
    put_elem(out + at, bits, bytes);
    at += bytes;
    if (bytes > align) align = bytes;
    p = e + (*e == ',');
  }
  *len = (at + align - 1) / align * align;
  return 0;
}

/* Writes launch argument i (from 1) 'arg' for parameter pv (named pname, of
 * kernel kname) at out.  0, or -1 with the whole message in msg. */
static int launch_arg(aw_session *s, uint32_t i, const char *arg, const isa_var *pv, const char *pname, const char *kname, uint8_t *out,
                      char *msg, size_t cap) {
  uint64_t psize = isa_var_bytes(pv);
  int ptype = pv->type, scalar = !pv->vec && !pv->ndims;
  char why[400];
  if (arg[0] == '{' || !strncmp(arg, "hex:", 4)) {
    uint64_t len;
    if (struct_value(s, arg, out, psize, &len, why, sizeof why)) { snprintf(msg, cap, "argument %u: %s", i, why); return -1; }
    if (len != psize) {
      snprintf(msg, cap, "argument %u ('%s') is %llu bytes; parameter '%s' of %s is %llu bytes", i, arg, (unsigned long long)len, pname, kname,
               (unsigned long long)psize);
      return -1;
    }
    return 0;
  }
  uint64_t bits;
  unsigned bytes;
  int kind;
  if (scalar_value(s, arg, &bits, &bytes, &kind, why, sizeof why)) { snprintf(msg, cap, "argument %u: %s", i, why); return -1; }
  /* the kinds must agree (integer or float) and the sizes; .bN on either side is bits of any kind */
  if (scalar && kind == 'a' && (is_float(ptype) || psize != 8)) {
    snprintf(msg, cap, "argument %u is buffer '%s' (a .u64 address) but parameter '%s' of %s is .%s", i, arg, pname, kname, isa_type_name(ptype));
    return -1;
  }
  if (scalar && kind != 'a' && (bytes != psize || (kind != 'b' && isa_type_kind(ptype) != TK_BIT && (kind == 'f') != is_float(ptype)))) {
    snprintf(msg, cap, "launch: argument %u is %.*s but parameter '%s' of %s is .%s", i, (int)(strchr(arg, ':') - arg), arg, pname, kname,
             isa_type_name(ptype));
    return -1;
  }
  if (bytes != psize) {
    snprintf(msg, cap, "argument %u ('%s') is %u bytes; parameter '%s' of %s is %llu bytes", i, arg, bytes, pname, kname, (unsigned long long)psize);
    return -1;
  }
  put_elem(out, bits, bytes);
  return 0;
}

static int cmd_launch(aw_session *s, char **argv, int argc, const char *where) {
  if (argc < 4) return error(s, where, "usage: launch KERNEL GRID BLOCK [shared=BYTES] ARG ...");
  aw_module *m;
  int k = find_kernel(s, argv[1], &m);
  if (k < 0) return error(s, where, "no kernel named '%s' in the loaded modules", argv[1]);
  aw_dim3 grid, block;
  if (parse_dim(argv[2], &grid)) return error(s, where, "bad grid '%s' (X, X,Y or X,Y,Z; each from 1 to 2147483647)", argv[2]);
  if (parse_dim(argv[3], &block)) return error(s, where, "bad block '%s' (X, X,Y or X,Y,Z; each from 1 to 2147483647)", argv[3]);
  int a = 4;
  uint32_t shared = 0;
  if (a < argc && !strncmp(argv[a], "shared=", 7)) {
    uint64_t v;
    int r = parse_u64(argv[a] + 7, &v);
    if (r == -1) return error(s, where, "shared size '%s' is not a number", argv[a] + 7);
    if (r == -2 || v > (1u << 24)) return error(s, where, "shared size %s is too large: at most 16 MiB (16777216 bytes)", argv[a] + 7);
    shared = (uint32_t)v;
    a++;
  }
  const isa_func *fn = &m->img.funcs[m->kernels[k]];
  uint32_t count = fn->nparam;
  if ((uint32_t)(argc - a) != count) return error(s, where, "kernel '%s' takes %u arguments, %d given", argv[1], count, argc - a);
  uint32_t pbytes = aw_kernel_param_bytes(m, k);
  uint8_t *params = calloc(pbytes ? pbytes : 1, 1);
  if (!params) return error(s, where, "out of memory");
  for (uint32_t i = 0; i < count; i++, a++) {
    const isa_var *pv = &m->img.vars[fn->first_param + i];
    char msg[600];
    if (launch_arg(s, i + 1, argv[a], pv, isa_str(&m->img, pv->name), argv[1], params + m->var_off[fn->first_param + i], msg, sizeof msg)) {
      free(params);
      return error(s, where, "%s", msg);
    }
  }
  aw_fault f;
  int recording = s->dev->record_dir != NULL;
  errno = 0;
  aw_status st = aw_launch(s->dev, m, k, grid, block, shared, params, pbytes, &f);
  free(params);
  if (st == AW_OK || st == AW_FAULT) s->launches++;
  int out_bad = trace_after_run(s, where);
  if (st == AW_FAULT) return report_fault(s, where, &f, "launch");
  if (st != AW_OK) return error(s, where, "launch of '%s' failed: %s", argv[1], f.what[0] ? f.what : "bad arguments");
  if (out_bad) return -1;
  return record_check(s, where, recording);
}

/* ---- runsub ---- */

/* The trigger of subroutine function fn: ISA_TRIG_COMPRESS, _DECOMPRESS, ... or -1. */
static int subroutine_trigger(const aw_module *m, uint32_t fn) {
  const isa_image *img = &m->img;
  for (uint32_t i = 0; i < img->nsubrs; i++)
    if (img->subrs[i].func == fn && img->subrs[i].ntrigger && img->subrs[i].first_trigger < img->ntriggers)
      return (int)img->triggers[img->subrs[i].first_trigger].event;
  return -1;
}

/* Reads a whole (small) buffer; NULL with a message. */
static uint8_t *read_small(aw_session *s, const char *where, const buffer *b) {
  size_t n = (size_t)(b->count * type_bytes(b->type));
  uint8_t *p = malloc(n ? n : 1);
  if (!p) { error(s, where, "out of memory (%zu bytes for buffer '%s')", n, b->name); return NULL; }
  if (aw_memcpy_dtoh(s->dev, p, b->addr, n) != AW_OK) { free(p); error(s, where, "cannot read buffer '%s'", b->name); return NULL; }
  return p;
}

static int cmd_runsub(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 5) return error(s, where, "usage: runsub SUBROUTINE IN OUT META  (IN, OUT: u8 buffers; META: a u32 buffer of 8)");
  aw_module *m = NULL;
  uint32_t fn = 0;
  for (int i = s->nmods; i-- > 0 && !m;)
    for (uint32_t f = 0; f < s->mods[i]->img.nfuncs; f++)
      if (s->mods[i]->img.funcs[f].kind == ISA_FN_SUBR && !strcmp(isa_str(&s->mods[i]->img, s->mods[i]->img.funcs[f].name), argv[1])) { m = s->mods[i]; fn = f; }
  if (!m) return error(s, where, "no subroutine named '%s' in the loaded modules", argv[1]);
  buffer *bi = find_buffer(s, argv[2]), *bo = find_buffer(s, argv[3]), *bm = find_buffer(s, argv[4]);
  if (!bi || !bo || !bm) return error(s, where, "no buffer named '%s'", !bi ? argv[2] : !bo ? argv[3] : argv[4]);
  if (type_bytes(bi->type) != 1 || type_bytes(bo->type) != 1) return error(s, where, "IN and OUT must be u8 buffers");
  if (bi->count > UINT32_MAX || bo->count > UINT32_MAX) return error(s, where, "IN and OUT may have at most 2^32-1 (4294967295) bytes");
  if (bm->count * type_bytes(bm->type) != 32) return error(s, where, "META must be 32 bytes (u32 x 8)");
  uint8_t *in = read_small(s, where, bi), *out = in ? read_small(s, where, bo) : NULL, *meta = out ? read_small(s, where, bm) : NULL;
  if (!meta) { free(in); free(out); return -1; }
  aw_line line;
  memset(&line, 0, sizeof line);
  line.in = in; line.in_bytes = (uint32_t)bi->count;
  line.out = out; line.out_bytes = (uint32_t)bo->count;
  memcpy(line.meta, meta, 32);
  /* .lmeta byte 8: line size, byte 12: MAG (isa/ISA.md); zeros get defaults, and a word saying so */
  uint32_t lsize = (uint32_t)get_elem(line.meta + 8, 4), mag = (uint32_t)get_elem(line.meta + 12, 4);
  if (!lsize || !mag) {
    int trig = subroutine_trigger(m, fn);
    uint32_t dl = trig == ISA_TRIG_COMPRESS ? line.in_bytes : trig == ISA_TRIG_DECOMPRESS ? line.out_bytes : 128;
    if (!dl) dl = 128;
    if (!lsize && !mag) fprintf(s->out, "runsub: metadata gives no line size; using %u bytes, MAG 32\n", dl);
    else if (!lsize) fprintf(s->out, "runsub: metadata gives no line size; using %u bytes\n", dl);
    else fprintf(s->out, "runsub: metadata gives no MAG; using 32 bytes\n");
    if (!lsize) put_elem(line.meta + 8, dl, 4);
    if (!mag) put_elem(line.meta + 12, 32, 4);
  }
  /* a decompression subroutine's .lin is the line buffer: the payload, then zeros up to the line size */
  uint32_t lbytes = (uint32_t)get_elem(line.meta + 8, 4);
  if (subroutine_trigger(m, fn) == ISA_TRIG_DECOMPRESS && line.in_bytes < lbytes && lbytes <= 65536) {
    uint8_t *pad = calloc(lbytes, 1);
    if (!pad) { free(in); free(out); free(meta); return error(s, where, "out of memory (%u bytes for the line buffer)", lbytes); }
    memcpy(pad, in, line.in_bytes);
    free(in);
    in = pad;
    line.in = in; line.in_bytes = lbytes;
  }
  aw_fault f;
  errno = 0;
  aw_status st = aw_run_subroutine(s->dev, m, argv[1], &line, &f);
  int out_bad = trace_after_run(s, where);
  int rc = 0;
  if (out_bad) rc = -1;
  else if (st == AW_FAULT) rc = report_fault(s, where, &f, "subroutine run");
  else if (st != AW_OK) rc = error(s, where, "%s", f.what);
  else if (aw_memcpy_htod(s->dev, bo->addr, out, (size_t)bo->count) != AW_OK || aw_memcpy_htod(s->dev, bm->addr, line.meta, 32) != AW_OK)
    rc = error(s, where, "cannot write buffers '%s' and '%s'", bo->name, bm->name);
  else {
    aw_stats st2 = aw_get_stats(s->dev);
    fprintf(s->out, "%s: %llu warp instructions, %llu thread instructions (%.1f lanes active on average)\n", argv[1],
            (unsigned long long)st2.warp_insns, (unsigned long long)st2.thread_insns,
            st2.warp_insns ? (double)st2.thread_insns / (double)st2.warp_insns : 0.0);
  }
  free(in); free(out); free(meta);
  return rc;
}

/* ---- dump ---- */

static int cmd_dump(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3 && !(argc == 4 && !strcmp(argv[3], "text"))) return error(s, where, "usage: dump NAME PATH [text]");
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  unsigned eb = type_bytes(b->type);
  uint8_t *chunk = chunk_alloc(s, where, b);
  if (!chunk) return -1;
  isa_outfile o;
  char err[4200];
  if (open_output(s, &o, argv[2], argc == 3, where)) { free(chunk); return -1; }
  int rc = 0;
  for (uint64_t base = 0; base < b->count && !rc; base += CHUNK_ELEMS) {
    uint64_t n = b->count - base < CHUNK_ELEMS ? b->count - base : CHUNK_ELEMS;
    if (aw_memcpy_dtoh(s->dev, chunk, b->addr + base * eb, (size_t)(n * eb)) != AW_OK) { rc = error(s, where, "cannot read buffer '%s'", b->name); break; }
    if (argc == 4) {
      char v[64];
      for (uint64_t i = 0; i < n; i++) { format_value(v, sizeof v, get_elem(chunk + i * eb, eb), b->type); fprintf(o.f, "%s\n", v); }
    } else fwrite(chunk, eb, (size_t)n, o.f);
    if (ferror(o.f)) rc = error(s, where, "%s: cannot write: %s", argv[2], strerror(errno));
  }
  free(chunk);
  if (rc) { isa_out_abort(&o); return rc; }
  if (isa_out_commit(&o, err, sizeof err)) return error(s, where, "%s", err);
  return 0;
}

/* ---- expect ---- */

/* kind: 0 exact, 1 abs, 2 rel, 3 ulp; x the number; n the largest integer at most x (2^64 - 1
 * when x is more), exact where the text is an integer: an integer distance d (integers' abs,
 * floats' ulp) is within the tolerance when d <= n, nothing rounded */
typedef struct { int kind; double x; uint64_t n; } tolerance;

/* The largest integer at most x (x >= 0, not NaN), 2^64 - 1 for x >= 2^64. */
static uint64_t floor_u64(double x) { return x >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)x; }

static int parse_tol(const char *t, tolerance *tol) {
  const char *eq = strchr(t, '=');
  if (!eq) return -1;
  char *end;
  errno = 0;
  double v = strtod(eq + 1, &end);
  if (end == eq + 1 || *end || isnan(v) || v < 0 || isspace((unsigned char)eq[1])) return -1;
  size_t n = (size_t)(eq - t);
  if (n == 3 && !strncmp(t, "abs", 3)) tol->kind = 1;
  else if (n == 3 && !strncmp(t, "rel", 3)) tol->kind = 2;
  else if (n == 3 && !strncmp(t, "ulp", 3)) tol->kind = 3;
  else return -1;
  tol->x = v;
  if (parse_u64(eq + 1, &tol->n)) tol->n = floor_u64(v);   /* ulp=9007199254740993 is not 2^53 */
  return 0;
}

static int64_t ordered(uint64_t bits, int t) {   /* floats as integers that order like the values */
  if (t == ISA_T_F32) { int32_t i = (int32_t)(uint32_t)bits; return i < 0 ? (int64_t)INT32_MIN - i : i; }
  int64_t i = (int64_t)bits;
  return i < 0 ? INT64_MIN - i : i;
}

/* |a - b| of two int64_t, exact: up to 2^64 - 1 (INT64_MIN to INT64_MAX), which int64_t does not hold */
static uint64_t distance_s64(int64_t a, int64_t b) { return a >= b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a; }

/* |got - want| of two integer elements, exact (a double holds integers only up to 2^53). */
static uint64_t int_distance(uint64_t got, uint64_t want, int t) {
  if (is_signed(t)) return distance_s64(as_int(got, t), as_int(want, t));
  return got >= want ? got - want : want - got;
}

/* |want| of an integer element, exact (|INT64_MIN| is 2^63). */
static uint64_t int_magnitude(uint64_t want, int t) {
  if (!is_signed(t)) return want;
  int64_t w = as_int(want, t);
  return w < 0 ? 0 - (uint64_t)w : (uint64_t)w;
}

/* |g - w| <= X (abs) or X * |w| (rel) for floats, in doubles: each side rounds at most half a
 * unit in its own last place, as X did when it was read.  Where a side overflows to inf, both
 * are halved (-DBL_MAX and DBL_MAX are 2 * DBL_MAX apart: more than rel=1.5 allows, though as
 * doubles both sides are inf); that takes |g| and |w| of at least 2^970, or |w| > 1 for the
 * bound, whose halves are exact. */
static int float_within(double g, double w, const tolerance *tol) {
  double d = fabs(g - w), bound = tol->kind == 1 ? tol->x : tol->x * fabs(w);
  if ((isinf(d) || isinf(bound)) && isfinite(g) && isfinite(w) && isfinite(tol->x)) {
    d = fabs(g * 0.5 - w * 0.5);
    bound = tol->kind == 1 ? tol->x * 0.5 : tol->x * fabs(w * 0.5);
  }
  return d <= bound;
}

static int matches(uint64_t got, uint64_t want, int t, const tolerance *tol) {
  if (got == want) return 1;
  if (!tol->kind) return 0;
  if (!is_float(t)) {   /* integers: the distance exactly, in 64 bits; ulp is for floats */
    uint64_t d = int_distance(got, want, t), m = int_magnitude(want, t);
    if (tol->kind == 1) return d <= tol->n;
    if (tol->kind == 2) return m && d <= floor_u64(tol->x * (double)m);   /* want 0: only 0 is within X * 0 */
    return 0;
  }
  double g = as_double(got, t), w = as_double(want, t);
  if (g != g || w != w) return (g != g) && (w != w);
  if (tol->kind != 3) return float_within(g, w, tol);
  /* ulp: the exact distance of the ordered integers (f64's are 2^64 - 2^53 apart at most) */
  return distance_s64(ordered(got, t), ordered(want, t)) <= tol->n;
}

/* The comparison of an expect: counts and prints the first mismatches. */
/* For integers the largest absolute error is max_int, exact; for floats max_abs. */
typedef struct { uint64_t bad, checked, inexact; double max_abs, max_rel; uint64_t max_int, at_abs, at_rel; } verdict;

static void compare_elem(aw_session *s, const char *where, const buffer *b, const tolerance *tol, verdict *v, uint64_t i, uint64_t got, uint64_t want) {
  v->checked++;
  if (got != want && tol->kind && !is_float(b->type)) {   /* within or beyond a tolerance: the error is measured */
    uint64_t e = int_distance(got, want, b->type), m = int_magnitude(want, b->type);
    double r = m ? (double)e / (double)m : INFINITY;
    v->inexact++;
    if (e > v->max_int) { v->max_int = e; v->at_abs = i; }
    if (r > v->max_rel) { v->max_rel = r; v->at_rel = i; }
  } else if (got != want && tol->kind) {
    double g = as_double(got, b->type), w = as_double(want, b->type), e = fabs(g - w), r = w != 0 ? e / fabs(w) : e != 0 ? INFINITY : 0;
    if (g == g && w == w) {
      v->inexact++;
      if (e > v->max_abs) { v->max_abs = e; v->at_abs = i; }
      if (r > v->max_rel) { v->max_rel = r; v->at_rel = i; }
    }
  }
  if (matches(got, want, b->type, tol)) return;
  if (v->bad < 10) {
    char g[64], wv[64];
    format_value(g, sizeof g, got, b->type);
    format_value(wv, sizeof wv, want, b->type);
    if (!v->bad) fprintf(s->err, "%s%serror: buffer '%s' differs from what is expected:\n", where, *where ? ": " : "", b->name);
    fprintf(s->err, "  [%llu] got %s (0x%llx), want %s (0x%llx)\n", (unsigned long long)i, g, (unsigned long long)got, wv, (unsigned long long)want);
  }
  v->bad++;
}

static int cmd_expect(aw_session *s, char **argv, int argc, const char *where) {
  const char *usage = "usage: expect NAME file PATH [TOL] | text PATH [TOL] | value V [TOL] | at INDEX V [TOL]  (TOL: abs=X, rel=X or ulp=N)";
  if (argc < 4) return error(s, where, "%s", usage);
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  const char *how = argv[2];
  int nargs = !strcmp(how, "at") ? 2 : 1;
  tolerance tol = { 0, 0, 0 };
  if (argc == 3 + nargs + 1) { if (parse_tol(argv[3 + nargs], &tol)) return error(s, where, "bad tolerance '%s' (abs=X, rel=X or ulp=N; X a number >= 0)", argv[3 + nargs]); }
  else if (argc != 3 + nargs) return error(s, where, "%s", usage);
  unsigned eb = type_bytes(b->type);
  char msg[320];
  verdict v = { 0, 0, 0, 0, 0, 0, 0, 0 };
  if (!strcmp(how, "at")) {
    uint64_t idx, want, got = 0;
    if (parse_u64(argv[3], &idx)) return error(s, where, "INDEX '%s' is not an index (decimal or 0x hexadecimal)", argv[3]);
    if (idx >= b->count) return error(s, where, "index '%s' is outside buffer '%s' (%llu elements: 0 to %llu)", argv[3], b->name, (unsigned long long)b->count, (unsigned long long)(b->count - 1));
    if (parse_value(argv[4], b->type, &want, msg, sizeof msg)) return error(s, where, "%s", msg);
    uint8_t e[8];
    if (aw_memcpy_dtoh(s->dev, e, b->addr + idx * eb, eb) != AW_OK) return error(s, where, "cannot read buffer '%s'", b->name);
    got = get_elem(e, eb);
    compare_elem(s, where, b, &tol, &v, idx, got, want);
  } else {
    int kind = !strcmp(how, "file") ? 1 : !strcmp(how, "text") ? 2 : !strcmp(how, "value") ? 3 : 0;
    if (!kind) return error(s, where, "%s", usage);
    uint64_t value = 0;
    if (kind == 3 && parse_value(argv[3], b->type, &value, msg, sizeof msg)) return error(s, where, "%s", msg);
    FILE *f = NULL;
    struct stat st;
    uint64_t size = b->count * eb;
    if (kind != 3) {
      if (!(f = open_input(s, where, argv[3], &st))) return -1;
      if (kind == 1 && S_ISREG(st.st_mode) && (uint64_t)st.st_size != size) {
        fclose(f);
        return error(s, where, "%s has %llu bytes; buffer '%s' has %llu", argv[3], (unsigned long long)st.st_size, b->name, (unsigned long long)size);
      }
    }
    uint8_t *got = chunk_alloc(s, where, b), *raw = kind == 1 ? chunk_alloc(s, where, b) : NULL;
    if (!got || (kind == 1 && !raw)) { free(got); free(raw); if (f) fclose(f); return -1; }
    words w = { f, 1, 1, { 0 } };
    int rc = 0;
    for (uint64_t base = 0; base < b->count && !rc; base += CHUNK_ELEMS) {
      uint64_t n = b->count - base < CHUNK_ELEMS ? b->count - base : CHUNK_ELEMS;
      if (aw_memcpy_dtoh(s->dev, got, b->addr + base * eb, (size_t)(n * eb)) != AW_OK) { rc = error(s, where, "cannot read buffer '%s'", b->name); break; }
      if (kind == 1) {
        size_t k = fread(raw, 1, (size_t)(n * eb), f);
        if (k != n * eb) {
          if (ferror(f)) rc = error(s, where, "%s: cannot read: %s", argv[3], strerror(errno));
          else rc = error(s, where, "%s has %llu bytes; buffer '%s' has %llu", argv[3], (unsigned long long)(base * eb + k), b->name, (unsigned long long)size);
          break;
        }
      }
      for (uint64_t i = 0; i < n && !rc; i++) {
        uint64_t want = value;
        if (kind == 1) want = get_elem(raw + i * eb, eb);
        else if (kind == 2) {
          int r = next_value(s, where, argv[3], &w, b->type, &want);
          if (r < 0) { rc = -1; break; }
          if (!r) { rc = error(s, where, "%s has %llu values; buffer '%s' has %llu", argv[3], (unsigned long long)(base + i), b->name, (unsigned long long)b->count); break; }
        }
        compare_elem(s, where, b, &tol, &v, base + i, get_elem(got + i * eb, eb), want);
      }
    }
    if (!rc && kind == 1 && getc(f) != EOF) rc = error(s, where, "%s has more than %llu bytes; buffer '%s' has %llu", argv[3], (unsigned long long)size, b->name, (unsigned long long)size);
    if (!rc && kind == 2) {
      uint64_t extra;
      int r = next_value(s, where, argv[3], &w, b->type, &extra);
      if (r < 0) rc = -1;
      else if (r) rc = error(s, where, "%s has more than %llu values; buffer '%s' has %llu", argv[3], (unsigned long long)b->count, b->name, (unsigned long long)b->count);
    }
    free(got);
    free(raw);
    if (f) fclose(f);
    if (rc) return rc;
  }
  if (v.inexact) {   /* an expect with a tolerance says how close it came */
    char e[32];
    if (is_float(b->type)) snprintf(e, sizeof e, "%.9g", v.max_abs);
    else snprintf(e, sizeof e, "%llu", (unsigned long long)v.max_int);
    fprintf(v.bad ? s->err : s->out, "%s%sexpect %s: %llu of %llu elements not bit-exact; largest error %s absolute (element %llu), %.9g relative (element %llu)\n",
            where, *where ? ": " : "", b->name, (unsigned long long)v.inexact, (unsigned long long)v.checked, e, (unsigned long long)v.at_abs,
            v.max_rel, (unsigned long long)v.at_rel);
  }
  if (v.bad) { fprintf(s->err, "  %llu of %llu elements differ\n", (unsigned long long)v.bad, (unsigned long long)v.checked); return -1; }
  return 0;
}

/* ---- copy, memset, free ---- */

static int cmd_copy(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 4) return error(s, where, "usage: copy DST[+N] SRC[+N] COUNT");
  uint64_t df, sf, count;
  char msg[400];
  buffer *d = buffer_element(s, argv[1], &df, msg, sizeof msg), *src = d ? buffer_element(s, argv[2], &sf, msg, sizeof msg) : NULL;
  if (!src) return error(s, where, "copy: %s", msg);
  if (parse_u64(argv[3], &count)) return error(s, where, "bad COUNT '%s' (a number of elements)", argv[3]);
  unsigned eb = type_bytes(src->type);
  if (count > src->count - sf) return error(s, where, "copy: %llu elements from element %llu run past the end of '%s' (%llu elements)",
                                            (unsigned long long)count, (unsigned long long)sf, src->name, (unsigned long long)src->count);
  uint64_t bytes = count * eb, room = (d->count - df) * type_bytes(d->type);
  if (bytes > room) return error(s, where, "copy: %llu bytes do not fit in '%s' from element %llu (%llu bytes there)", (unsigned long long)bytes,
                                 d->name, (unsigned long long)df, (unsigned long long)room);
  uint64_t dst = d->addr + df * type_bytes(d->type), from = src->addr + sf * eb;
  uint8_t *tmp = chunk_alloc(s, where, src);
  if (!tmp) return -1;
  uint64_t step = (uint64_t)CHUNK_ELEMS * eb;
  /* through the host a chunk at a time; overlapping ranges copy as memmove does */
  int backward = dst > from && dst < from + bytes;
  for (uint64_t done = 0; done < bytes;) {
    uint64_t n = bytes - done < step ? bytes - done : step, at = backward ? bytes - done - n : done;
    if (aw_memcpy_dtoh(s->dev, tmp, from + at, (size_t)n) != AW_OK || aw_memcpy_htod(s->dev, dst + at, tmp, (size_t)n) != AW_OK) {
      free(tmp);
      return error(s, where, "copy: device memory could not be read or written");
    }
    done += n;
  }
  free(tmp);
  return 0;
}

static int cmd_memset(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3 && argc != 5) return error(s, where, "usage: memset NAME BYTE [FIRST COUNT]");
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  uint64_t v, first = 0, count = b->count;
  if (parse_u64(argv[2], &v) || v > 255) return error(s, where, "bad BYTE '%s' (0 to 255, or 0x00 to 0xff)", argv[2]);
  if (argc == 5 && (parse_u64(argv[3], &first) || parse_u64(argv[4], &count) || first > b->count || count > b->count - first))
    return error(s, where, "memset: elements %s to %s + %s are not all in '%s' (%llu elements)", argv[3], argv[3], argv[4], b->name,
                 (unsigned long long)b->count);
  unsigned eb = type_bytes(b->type);
  if (aw_memset(s->dev, b->addr + first * eb, (int)v, (size_t)(count * eb)) != AW_OK) return error(s, where, "memset: device memory could not be written");
  return 0;
}

static int cmd_free(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return error(s, where, "usage: free NAME");
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  if (b->symbol) return error(s, where, "'%s' is the module's variable (symbol): it cannot be freed", b->name);
  if (aw_free(s->dev, b->addr) != AW_OK) return error(s, where, "free: '%s' is not an allocation", b->name);
  free(b->name);
  memmove(b, b + 1, (size_t)(s->bufs + --s->nbufs - b) * sizeof *b);
  return 0;
}

static int cmd_print(aw_session *s, char **argv, int argc, const char *where) {
  if (argc < 2 || argc > 4) return error(s, where, "usage: print NAME [FIRST [COUNT]]");
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  uint64_t first = 0, count = 16;
  if (argc > 2 && parse_u64(argv[2], &first)) return error(s, where, "FIRST '%s' is not an index (decimal or 0x hexadecimal)", argv[2]);
  if (argc > 3 && parse_u64(argv[3], &count)) return error(s, where, "COUNT '%s' is not a number (decimal or 0x hexadecimal)", argv[3]);
  if (first >= b->count) return error(s, where, "index %s is outside buffer '%s' (%llu elements: 0 to %llu)", argv[2], b->name, (unsigned long long)b->count, (unsigned long long)(b->count - 1));
  if (count > b->count - first) count = b->count - first;
  unsigned eb = type_bytes(b->type);
  for (uint64_t i = first; i < first + count; i++) {
    uint8_t e[8];
    if (aw_memcpy_dtoh(s->dev, e, b->addr + i * eb, eb) != AW_OK) return error(s, where, "cannot read buffer '%s'", b->name);
    char v[64];
    format_value(v, sizeof v, get_elem(e, eb), b->type);
    fprintf(s->out, "%s[%llu] = %s\n", b->name, (unsigned long long)i, v);
  }
  return 0;
}

static int cmd_set(aw_session *s, char **argv, int argc, const char *where) {
  if (argc == 3 && !strcmp(argv[1], "limit")) {
    uint64_t v;
    int r = parse_u64(argv[2], &v);
    if (r == -2) return error(s, where, "limit %s is too large: at most 2^64-1 (18446744073709551615)", argv[2]);
    if (r) return error(s, where, "limit '%s' is not a number of warp instructions (decimal or 0x hexadecimal; 0: no limit)", argv[2]);
    aw_set_insn_limit(s->dev, v);
    return 0;
  }
  if (argc == 3 && !strcmp(argv[1], "time-limit")) {
    char *end;
    errno = 0;
    double v = strtod(argv[2], &end);
    if (end == argv[2] || *end || !isfinite(v) || v < 0) return error(s, where, "time limit '%s' is not a number of seconds >= 0 (0: no limit)", argv[2]);
    aw_set_time_limit(s->dev, v);
    return 0;
  }
  if (argc == 3 && !strcmp(argv[1], "memcheck")) {
    const char *m = argv[2];
    int mode = !strcmp(m, "on") ? AW_MEMCHECK_REPORT : !strcmp(m, "stop") ? AW_MEMCHECK_STOP : !strcmp(m, "off") ? AW_MEMCHECK_OFF : -1;
    if (mode < 0) return error(s, where, "set memcheck takes on (report each access outside every allocation and go on), stop (fault at the first) or off, not '%s'", m);
    aw_set_memcheck(s->dev, mode, NULL);
    return 0;
  }
  if (argc == 4 && !strcmp(argv[1], "var")) { aw_session_set_var(s, argv[2], argv[3]); return 0; }
  if (argc >= 2 && strchr(argv[1], '=')) {   /* a key of the timing config */
    const tm_config *cur = aw_timing_config(s->dev);
    if (!cur) return error(s, where, "set %s: timing keys need timing mode (config NAME|FILE first, or awemu run --config)", argv[1]);
    char kv[512], err[600];
    size_t n = 0;
    kv[0] = 0;
    for (int i = 1; i < argc; i++) n += (size_t)snprintf(kv + n, n < sizeof kv ? sizeof kv - n : 0, "%s%s", i > 1 ? " " : "", argv[i]);
    if (n >= sizeof kv) return error(s, where, "set: KEY=VALUE longer than %zu characters", sizeof kv - 1);
    tm_config c = *cur;
    /* err names the place itself ("WHERE: error: ...", WHERE the line that set the key to blame) */
    if (tm_config_set_pair(&c, kv, where && *where ? where : "set", err, sizeof err) || tm_config_check(&c, err, sizeof err)) {
      if (!s->quiet) fprintf(s->err, "%s\n", err);
      return -1;
    }
    if (aw_set_timing(s->dev, &c)) return error(s, where, "out of host memory");
    return 0;
  }
  return error(s, where, "usage: set limit N | set time-limit SECONDS | set memcheck on|stop|off | set var NAME VALUE | set KEY=VALUE (timing)");
}

/* ---- timing ---- */

static int cmd_config(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return error(s, where, "usage: config NAME|FILE | config off");
  if (!strcmp(argv[1], "off")) { aw_set_timing(s->dev, NULL); return 0; }
  tm_config c;
  char err[600];
  tm_config_defaults(&c);
  if (tm_config_load(&c, argv[1], err, sizeof err) || tm_config_check(&c, err, sizeof err)) return error(s, where, "%s", err);
  if (aw_set_timing(s->dev, &c)) return error(s, where, "out of host memory");
  return 0;
}

/* ---- stats ---- */

/* Every field of aw_stats, in the order printed: name in text, key in JSON. */
#define STATS_FIELDS(X) \
  X(warp_insns, "warp instructions") X(thread_insns, "thread instructions") X(loads, "loads") \
  X(stores, "stores") X(param_loads, "param loads") X(param_stores, "param stores") \
  X(atomics, "atomics") X(barriers, "barrier arrivals") X(branches, "branches") \
  X(divergent_branches, "divergent branches") X(ctas, "CTAs") X(warps, "warps")

static void print_stats(aw_session *s, const char *last_name) {
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

static int cmd_stats(aw_session *s, char **argv, int argc, const char *where) {
  if (argc == 1) { print_stats(s, "last launch"); return 0; }
  if (argc != 3 || strcmp(argv[1], "json")) return error(s, where, "usage: stats | stats json FILE");
  isa_outfile o;
  char err[4200];
  if (open_output(s, &o, argv[2], 0, where)) return -1;
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
  if (isa_out_commit(&o, err, sizeof err)) return error(s, where, "%s", err);
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
static int end_trace(aw_session *s, const char *where) {
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
      rc = error(s, out_where(where, s->trace_where), "%s: cannot write the trace: %s", s->trace_file.path ? s->trace_file.path : "trace", strerror(e ? e : EIO));
      isa_out_abort(&s->trace_file);
    } else if (isa_out_commit(&s->trace_file, err, sizeof err)) rc = error(s, out_where(where, s->trace_where), "%s", err);
  } else fflush(s->out);   /* trace on: a failed write to the output is the output's (awemu checks it at its end) */
  return rc;
}

/* After a launch: a trace that reached its cap is switched off (the file stays open until trace
 * off); a trace or printf file that could not be written is ended (the old file kept) and the
 * command fails, so the script does not go on as if it had been written.  0, or -1. */
static int trace_after_run(aw_session *s, const char *where) {
  int e = errno;   /* (the launch's last write's, as the caller set it to 0 before the launch) */
  if (s->sink && s->sink->stopped) aw_set_trace(s->dev, NULL);
  int rc = 0;
  int trace_bad = s->trace_to_file && ((s->sink && s->sink->failed) || ferror(s->trace_file.f));
  if (trace_bad && end_trace(s, where)) rc = -1;
  errno = 0;
  int flushed = s->printf_to_file && fflush(s->printf_file.f) == 0;
  if (s->printf_to_file && !flushed && errno) e = errno;
  if (s->printf_to_file && (!flushed || ferror(s->printf_file.f))) {
    rc = error(s, where, "%s: cannot write the device printf%s%s", s->printf_file.path ? s->printf_file.path : "standard output",
               e ? ": " : "", e ? strerror(e) : "");
    aw_set_printf(s->dev, s->out);
    s->printf_to_file = 0;
    isa_out_abort(&s->printf_file);
  }
  return rc;
}

static int cmd_trace(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2 && argc != 3) return error(s, where, "usage: trace on [MAX_BYTES] | off | FILE [MAX_BYTES]");
  if (!strcmp(argv[1], "off")) {
    if (argc != 2) return error(s, where, "usage: trace off");
    return end_trace(s, where);
  }
  uint64_t cap = DEFAULT_TRACE_CAP;
  if (argc == 3) {
    int r = parse_u64(argv[2], &cap);
    if (r == -2) return error(s, where, "trace limit %s is too large: at most 2^64-1 bytes (0: no limit)", argv[2]);
    if (r) return error(s, where, "trace limit '%s' is not a number of bytes (decimal or 0x hexadecimal; 0: no limit)", argv[2]);
  }
  if (end_trace(s, where)) return -1;
  FILE *to = s->out;
  if (strcmp(argv[1], "on")) {
    if (open_output(s, &s->trace_file, argv[1], 0, where)) return -1;
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
    return error(s, where, "cannot start the trace: out of memory");
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
static int end_printf(aw_session *s, const char *where) {
  if (!s->printf_to_file) return 0;
  char err[4200];
  aw_set_printf(s->dev, s->out);
  s->printf_to_file = 0;
  if (isa_out_commit(&s->printf_file, err, sizeof err)) return error(s, out_where(where, s->printf_where), "%s", err);
  return 0;
}

/* printf FILE | printf out: where the device printf of later launches goes. */
static int cmd_printf(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return error(s, where, "usage: printf FILE | printf out");
  if (end_printf(s, where)) return -1;
  if (!strcmp(argv[1], "out")) return 0;
  if (open_output(s, &s->printf_file, argv[1], 0, where)) return -1;
  s->printf_to_file = 1;
  set_where(&s->printf_where, where);
  aw_set_printf(s->dev, s->printf_file.f);
  return 0;
}

/* Compares two text files line by line (a trace against the expected one). */
static int cmd_compare(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3) return error(s, where, "usage: compare FILE EXPECTED");
  /* comparing the file being traced: the trace ends first, so the file is complete */
  if (s->trace_to_file && s->trace_file.path && !strcmp(s->trace_file.path, argv[1]) && end_trace(s, where)) return -1;
  /* comparing the file printf writes to: it is completed first, and printf goes back to the output */
  if (s->printf_to_file && s->printf_file.path && !strcmp(s->printf_file.path, argv[1]) && end_printf(s, where)) return -1;
  struct stat st;
  FILE *fa = open_input(s, where, argv[1], &st);
  if (!fa) return -1;
  FILE *fb = open_input(s, where, argv[2], &st);
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
      rc = error(s, where, "%s differs from %s at line %llu:\n  got:  %s\n  want: %s", argv[1], argv[2], (unsigned long long)line,
                 na < 0 ? "(end of file)" : la, nb < 0 ? "(end of file)" : lb);
      break;
    }
  }
  if (!rc && (ferror(fa) || ferror(fb))) rc = error(s, where, "cannot read %s", ferror(fa) ? argv[1] : argv[2]);
  free(la); free(lb);
  fclose(fa); fclose(fb);
  return rc;
}

static int cmd_subroutines(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return error(s, where, "usage: subroutines FILE");
  struct stat st;
  if (stat(argv[1], &st) != 0) return error(s, where, "%s: %s", argv[1], strerror(errno));
  if (S_ISDIR(st.st_mode)) return error(s, where, "%s: is a directory", argv[1]);
  FILE *f = fopen(argv[1], "rb");
  if (!f) return error(s, where, "%s: %s", argv[1], strerror(errno));
  char *text = malloc((size_t)st.st_size + 1);
  size_t n = text ? fread(text, 1, (size_t)st.st_size, f) : 0;
  int bad = !text || ferror(f);
  fclose(f);
  if (bad) { free(text); return error(s, where, "%s: cannot read it", argv[1]); }
  int r = aw_add_subroutines(s->dev, argv[1], text, n);
  free(text);
  if (r == -2) return error(s, where, "%s: an AWS image: subroutines are given as assembly source (.s), assembled with each module loaded after them (an image that holds its kernels is loaded itself)", argv[1]);
  return r ? error(s, where, "out of memory") : 0;
}

static int cmd_echo(aw_session *s, char **argv, int argc, const char *where) {
  (void)where;
  for (int i = 1; i < argc; i++) fprintf(s->out, "%s%s", i > 1 ? " " : "", argv[i]);
  fputc('\n', s->out);
  return 0;
}

const aw_command aw_commands[] = {
  { "load", cmd_load, "load FILE", "load an AWS image or assemble a .ptx/.s file" },
  { "subroutines", cmd_subroutines, "subroutines FILE", "assemble FILE's assist-warp subroutines with every module loaded from text after it" },
  { "alloc", cmd_alloc, "alloc NAME TYPE COUNT", "allocate a zeroed device buffer of COUNT elements (at most 2^32)" },
  { "symbol", cmd_symbol, "symbol NAME TYPE", "a buffer that is the module's .global or .const variable NAME (to fill or check it)" },
  { "fill", cmd_fill, "fill NAME const V | ramp START STEP | random SEED LO HI | hex DIGITS | file PATH | text PATH", "set a buffer's contents" },
  { "launch", cmd_launch, "launch KERNEL GRID BLOCK [shared=BYTES] ARG ...", "run a kernel to completion (ARG: buffer name or TYPE:VALUE)" },
  { "runsub", cmd_runsub, "runsub SUBROUTINE IN OUT META", "run an assist-warp subroutine on its own: .lin = IN, .lout = OUT, .lmeta = META" },
  { "copy", cmd_copy, "copy DST[+N] SRC[+N] COUNT", "copy COUNT elements of SRC (from element N) into DST (from element N), device to device" },
  { "memset", cmd_memset, "memset NAME BYTE [FIRST COUNT]", "set every byte of the buffer (or of elements FIRST to FIRST+COUNT-1) to BYTE, as cudaMemset" },
  { "free", cmd_free, "free NAME", "free a buffer (cudaFree); its name may be allocated again" },
  { "dump", cmd_dump, "dump NAME PATH [text]", "write a buffer to a file" },
  { "expect", cmd_expect, "expect NAME file PATH [TOL] | text PATH [TOL] | value V [TOL] | at INDEX V [TOL]", "fail unless the buffer holds what is expected" },
  { "print", cmd_print, "print NAME [FIRST [COUNT]]", "print elements of a buffer" },
  { "set", cmd_set, "set limit N | set time-limit SECONDS | set memcheck on|stop|off | set var NAME VALUE | set KEY=VALUE", "set the instruction limit, the time limit, memcheck (accesses outside every allocation), a script variable or a key of the timing config" },
  { "config", cmd_config, "config NAME|FILE | config off", "later launches run on the cycle-level timing model of a preset or config file (off: functional only)" },
  { "stats", cmd_stats, "stats | stats json FILE", "counters of the last launch and of all launches" },
  { "trace", cmd_trace, "trace on [MAX_BYTES] | off | FILE [MAX_BYTES]", "write every warp instruction executed (cta, warp, pc, active mask, instruction); at most 1 GiB unless MAX_BYTES says" },
  { "printf", cmd_printf, "printf FILE | printf out", "write the device printf of later launches to FILE (replaced when complete), or back to the output" },
  { "compare", cmd_compare, "compare FILE EXPECTED", "fail unless two text files agree line by line ('#' lines of EXPECTED are comments)" },
  { "echo", cmd_echo, "echo TEXT", "print TEXT" },
  { NULL, NULL, NULL, NULL },
};

/* ---- lines ---- */

static char *expand(aw_session *s, const char *line, const char *where, int *ok) {
  size_t cap = strlen(line) + 256, n = 0;
  char *out = malloc(cap);
  *ok = 1;
  if (!out) { error(s, where, "out of memory"); *ok = 0; return NULL; }
  for (const char *p = line; *p;) {
    const char *val = NULL;
    size_t vl = 1;
    if (p[0] == '$' && p[1] == '{') {
      const char *e = strchr(p, '}');
      if (!e) { error(s, where, "unterminated ${ in '%s'", line); *ok = 0; break; }
      for (int i = 0; i < s->nvars; i++)
        if (strlen(s->vars[i].name) == (size_t)(e - p - 2) && !strncmp(s->vars[i].name, p + 2, (size_t)(e - p - 2))) val = s->vars[i].value;
      if (!val) { error(s, where, "${%.*s} is not defined (give NAME=VALUE on the command line)", (int)(e - p - 2), p + 2); *ok = 0; break; }
      vl = strlen(val);
      p = e + 1;
    } else val = p++;
    if (n + vl + 1 >= cap) {
      cap = (n + vl + 1) * 2;
      char *no = realloc(out, cap);
      if (!no) { error(s, where, "out of memory"); *ok = 0; break; }
      out = no;
    }
    memcpy(out + n, val, vl);
    n += vl;
  }
  out[n] = 0;
  return out;
}

void aw_session_stop(aw_session *s) { s->stop_file = 1; }

void aw_session_interrupt(aw_session *s) {
  s->interrupted = 1;
  aw_interrupt(s->dev);
}

/* Splits a line into words, then expands each word's ${NAME}s: a value with blanks or '#' in it
 * (a path) stays one word and is no comment; a word that comes out empty is no word.  The
 * words are malloc'd into argv.  0, or -1 with a message (no words kept). */
static int split_words(aw_session *s, const char *line, const char *where, char **argv, int *argc) {
  *argc = 0;
  char *text = strdup(line);
  if (!text) return error(s, where, "out of memory");
  char *hash = strchr(text, '#');
  if (hash) *hash = 0;
  int rc = 0;
  char *save = NULL;
  for (char *tok = strtok_r(text, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
    if (*argc == MAX_WORDS) { rc = error(s, where, "more than %d words on one line", MAX_WORDS); break; }
    int ok;
    char *word = expand(s, tok, where, &ok);
    if (!ok) { free(word); rc = -1; break; }
    if (!*word) { free(word); continue; }
    argv[(*argc)++] = word;
  }
  free(text);
  if (rc) {
    for (int i = 0; i < *argc; i++) free(argv[i]);
    *argc = 0;
  }
  return rc;
}

int aw_session_exec(aw_session *s, const char *line, const char *where) {
  char *argv[MAX_WORDS];
  int argc;
  int rc = split_words(s, line, where, argv, &argc);
  if (argc && !rc && s->interrupted) rc = error(s, where, "interrupted");
  if (argc && !rc) {
    const aw_command *c = aw_commands;
    while (c->name && strcmp(c->name, argv[0])) c++;
    if (!c->name) rc = error(s, where, "unknown command '%s'", argv[0]);
    else rc = c->run(s, argv, argc, where);
  }
  for (int i = 0; i < argc; i++) free(argv[i]);
  return rc;
}

/* ---- a whole script's files, checked before it runs ---- */

/* A file a script line names: its expanded path, what it is for the script and the line. */
typedef struct { char *path; const char *kind; uint64_t line; } named_file;
typedef struct { named_file *v; int n; } file_list;

static int list_add(file_list *l, const char *path, const char *kind, uint64_t line) {
  if (!strcmp(path, "-")) return 0;   /* standard input or output: no file */
  named_file *nv = realloc(l->v, (size_t)(l->n + 1) * sizeof *nv);
  if (!nv) return -1;
  l->v = nv;
  if (!(nv[l->n].path = strdup(path))) return -1;
  nv[l->n].kind = kind;
  nv[l->n++].line = line;
  return 0;
}

static void list_free(file_list *l) {
  for (int i = 0; i < l->n; i++) free(l->v[i].path);
  free(l->v);
}

/* 1 when 'name' is a preset (as tm_config_load reads it), not a file. */
static int is_preset(const char *name) {
  if (strchr(name, '/') || strstr(name, ".cfg")) return 0;
  for (int i = 0; tm_preset_name(i, NULL); i++) if (!strcmp(tm_preset_name(i, NULL), name)) return 1;
  return 0;
}

/* The files the session read before the script: --subroutines files, and the config files
 * (and their bases) the current timing config came from (each key's origin, "my.cfg:12"). */
static int inputs_before(aw_session *s, file_list *in) {
  for (uint32_t i = 0; i < s->dev->nextra; i++)
    if (list_add(in, s->dev->extra_name[i], "a --subroutines file", 0)) return -1;
  const tm_config *c = aw_timing_config(s->dev);
  for (int k = 0; c && k < TM_NKEYS; k++) {
    char path[sizeof c->origin[k]];
    snprintf(path, sizeof path, "%s", c->origin[k]);
    char *colon = strrchr(path, ':');
    if (!colon || colon == path || !isdigit((unsigned char)colon[1])) continue;   /* "default", "--set" */
    *colon = 0;
    struct stat st;
    if (is_preset(path) || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    int seen = 0;
    for (int i = 0; i < in->n && !seen; i++) seen = !strcmp(in->v[i].path, path);
    if (!seen && list_add(in, path, "the --config file", 0)) return -1;
  }
  return 0;
}

/* What a script line reads and writes: its files added to 'in' and 'out'. */
static int line_files(char **argv, int argc, uint64_t line, file_list *in, file_list *out) {
  const char *cmd = argv[0];
  if (!strcmp(cmd, "load") && argc == 2) return list_add(in, argv[1], "a module the script loaded", line);
  if (!strcmp(cmd, "subroutines") && argc == 2) return list_add(in, argv[1], "a subroutines file the script assembled", line);
  if (!strcmp(cmd, "config") && argc == 2 && strcmp(argv[1], "off") && !is_preset(argv[1]))
    return list_add(in, argv[1], "a config file the script used", line);
  if ((!strcmp(cmd, "fill") || !strcmp(cmd, "expect")) && argc >= 4 && (!strcmp(argv[2], "file") || !strcmp(argv[2], "text")))
    return list_add(in, argv[3], "a data file the script read", line);
  if (!strcmp(cmd, "compare") && argc == 3) return list_add(in, argv[2], "a file the script compared with", line);   /* (FILE: the script's own output, usually) */
  if (!strcmp(cmd, "dump") && (argc == 3 || argc == 4)) return list_add(out, argv[2], "dump", line);
  if (!strcmp(cmd, "trace") && (argc == 2 || argc == 3) && strcmp(argv[1], "on") && strcmp(argv[1], "off")) return list_add(out, argv[1], "trace", line);
  if (!strcmp(cmd, "printf") && argc == 2 && strcmp(argv[1], "out")) return list_add(out, argv[1], "printf", line);
  if (!strcmp(cmd, "stats") && argc == 3 && !strcmp(argv[1], "json")) return list_add(out, argv[2], "stats json", line);
  return 0;
}

/* Before a script runs: every file it reads (the script itself, load, subroutines, config,
 * fill and expect files, compare's EXPECTED, and --subroutines and --config) becomes one of
 * the session's inputs, and an output a line names (dump, trace FILE, printf FILE, stats
 * json) that is one of them, read before or after that line, is an error at that line:
 * then nothing runs.  ${NAME}s are expanded as the run will expand them, 'set var'
 * included (the variables are put back after).  0, or -1 with the messages. */
static int check_script_files(aw_session *s, const char *name, const char *path, char **lines, uint64_t nlines) {
  file_list in = { NULL, 0 }, out = { NULL, 0 };
  int rc = 0, nsaved = s->nvars, quiet = s->quiet;
  var *saved = malloc((size_t)(nsaved ? nsaved : 1) * sizeof *saved);
  for (int i = 0; saved && i < nsaved; i++) {
    saved[i].name = dup_str(s->vars[i].name);
    saved[i].value = dup_str(s->vars[i].value);
    if (!saved[i].name || !saved[i].value) rc = -1;
  }
  if (!saved || rc || list_add(&in, path, "the script being run", 0) || inputs_before(s, &in)) rc = -1;
  s->quiet = 1;   /* a line that does not split or expand is reported when it runs */
  for (uint64_t l = 0; l < nlines && !rc; l++) {
    char *argv[MAX_WORDS];
    int argc;
    if (!lines[l] || split_words(s, lines[l], "", argv, &argc) || !argc) continue;
    if (!strcmp(argv[0], "set") && argc == 4 && !strcmp(argv[1], "var")) aw_session_set_var(s, argv[2], argv[3]);
    rc = line_files(argv, argc, l + 1, &in, &out);
    for (int i = 0; i < argc; i++) free(argv[i]);
  }
  s->quiet = quiet;
  /* the variables as they were: the run sets them again line by line */
  for (int i = 0; i < s->nvars; i++) { free(s->vars[i].name); free(s->vars[i].value); }
  free(s->vars);
  s->vars = NULL;
  s->nvars = 0;
  for (int i = 0; saved && i < nsaved; i++) {
    if (saved[i].name && saved[i].value) aw_session_set_var(s, saved[i].name, saved[i].value);
    free(saved[i].name);
    free(saved[i].value);
  }
  free(saved);
  size_t wl = strlen(name) + 32;
  char *where = rc ? NULL : malloc(wl);
  if (!where) {
    list_free(&in);
    list_free(&out);
    return error(s, name, "out of memory");
  }
  for (int o = 0; o < out.n; o++)
    for (int i = 0; i < in.n; i++) {
      /* the same existing file (device and inode, through any link or spelling); a file that does
       * not exist before the run is the script's own making (a dump read back by 'expect file') */
      if (!isa_same_file(out.v[o].path, in.v[i].path)) continue;
      snprintf(where, wl, "%s:%llu", name, (unsigned long long)out.v[o].line);
      error(s, where, "%s is %s: it would be overwritten", out.v[o].path, in.v[i].kind);
      rc = 1;   /* (every such line is reported) */
      break;
    }
  free(where);
  /* the inputs stay the session's, also when the script does not run: no later output (the
   * debugger's, awemu run's --stats-json written at the end) replaces them */
  for (int i = 0; i < in.n; i++)
    if (!aw_session_input(s, in.v[i].path) && add_input(s, in.v[i].path, in.v[i].kind)) { rc = error(s, name, "out of memory"); break; }
  list_free(&in);
  list_free(&out);
  return rc ? -1 : 0;
}

/* Reads a whole script (path, or standard input for "-") into lines: lines[i] is line i + 1,
 * NUL-terminated, or NULL when it holds a NUL byte.  The text, or NULL with a message. */
static char *read_script(aw_session *s, const char *path, char ***lines_out, uint64_t *nlines_out) {
  int from_stdin = !strcmp(path, "-");
  FILE *f = from_stdin ? stdin : fopen(path, "r");
  if (!f) { fprintf(s->err, "awemu: %s: cannot read: %s\n", path, strerror(errno)); return NULL; }
  struct stat st;
  if (!from_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fprintf(s->err, "awemu: %s: is a directory\n", path);
    fclose(f);
    return NULL;
  }
  size_t cap = 4096, n = 0;
  char *text = malloc(cap + 1);
  while (text) {
    n += fread(text + n, 1, cap - n, f);
    if (n < cap) break;
    char *nt = realloc(text, (cap *= 2) + 1);
    if (!nt) { free(text); text = NULL; }
    else text = nt;
  }
  int bad = ferror(f);
  if (!from_stdin) fclose(f);
  if (!text || bad) {
    if (text) fprintf(s->err, "awemu: %s: cannot read: %s\n", from_stdin ? "<stdin>" : path, strerror(errno));
    else fprintf(s->err, "awemu: out of memory\n");
    free(text);
    return NULL;
  }
  text[n] = 0;
  uint64_t nl = 0;
  for (size_t i = 0; i < n; i++) nl += text[i] == '\n';
  if (n && text[n - 1] != '\n') nl++;
  char **lines = malloc((size_t)(nl ? nl : 1) * sizeof *lines);
  if (!lines) { free(text); fprintf(s->err, "awemu: out of memory\n"); return NULL; }
  char *p = text, *end = text + n;
  for (uint64_t l = 0; l < nl; l++) {
    char *e = memchr(p, '\n', (size_t)(end - p));
    if (!e) e = end;
    lines[l] = memchr(p, 0, (size_t)(e - p)) ? NULL : p;
    *e = 0;
    p = e + 1;
  }
  *lines_out = lines;
  *nlines_out = nl;
  return text;
}

int aw_session_run_file(aw_session *s, const char *path) {
  int from_stdin = !strcmp(path, "-");
  const char *name = from_stdin ? "<stdin>" : path;
  char **lines;
  uint64_t nlines;
  char *text = read_script(s, path, &lines, &nlines);
  if (!text) return -1;
  size_t pl = strlen(name);
  char *dir = malloc(strlen(path) + 2), *where = malloc(pl + 32);
  if (!dir || !where) { free(dir); free(where); free(lines); free(text); fprintf(s->err, "awemu: out of memory\n"); return -1; }
  strcpy(dir, path);
  char *slash = strrchr(dir, '/');
  if (from_stdin || !slash) strcpy(dir, ".");
  else if (slash == dir) dir[1] = 0;   /* a script in / */
  else *slash = 0;
  aw_session_set_var(s, "SCRIPT_DIR", dir);
  free(dir);
  int rc = check_script_files(s, name, path, lines, nlines);
  s->stop_file = 0;
  for (uint64_t l = 0; l < nlines && !rc && !s->stop_file; l++) {
    snprintf(where, pl + 32, "%s:%llu", name, (unsigned long long)(l + 1));
    if (!lines[l]) rc = error(s, where, "a NUL byte in the line");
    else rc = aw_session_exec(s, lines[l], where);
  }
  /* the script's trace and printf files are complete when it ends: one that cannot be written
   * fails the script, named by the line that opened it */
  if (end_trace(s, "")) rc = -1;
  if (end_printf(s, "")) rc = -1;
  free(where);
  free(lines);
  free(text);
  return rc;
}
