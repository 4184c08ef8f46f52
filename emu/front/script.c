/* emu/front/script.c -- run scripts: sessions, buffers, launches, checks (see script.h and
 * emu/RUNSCRIPT.md).
 *
 * Values are checked against the type they are for (range, sign, finite), and
 * buffers move between host and device in chunks of CHUNK_ELEMS elements, so a
 * command needs host memory for a chunk, not for the whole buffer.
 *
 * This file has the session, its buffers and variables, the commands load, alloc, symbol,
 * copy, memset, free, print, set, config, subroutines and echo, the command table, the
 * lines and a whole script's run; the other files of run scripts (script_int.h): script_data.c
 * (element types and values, fill, dump, expect), script_launch.c (launch, runsub) and
 * script_out.c (stats, trace, printf, compare).
 */
#include "script_int.h"
#include "../timing/timing.h"
#include "../core/core.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define MAX_ELEMS (1ull << 32)             /* the most elements a buffer may have */
#define MAX_WORDS 64                       /* words on one command line */

int scr_error(aw_session *s, const char *where, const char *fmt, ...) {
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


void aw_session_free(aw_session *s) {
  if (!s) return;
  scr_end_trace(s, "");
  scr_end_printf(s, "");
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
int scr_open_output(aw_session *s, isa_outfile *o, const char *path, int append, const char *where) {
  const char *kind = aw_session_input(s, path);
  if (kind) return scr_error(s, where, "%s is %s: it would be overwritten", path, kind);
  char err[512];
  if (isa_out_open(o, path, append, err, sizeof err)) return scr_error(s, where, "%s", err);
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

/* ---- buffers ---- */

buffer *scr_find_buffer(aw_session *s, const char *name) {
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
uint8_t *scr_chunk_alloc(aw_session *s, const char *where, const buffer *b) {
  uint64_t n = b->count < CHUNK_ELEMS ? b->count : CHUNK_ELEMS;
  uint8_t *p = malloc((size_t)(n * scr_type_bytes(b->type)));
  if (!p) scr_error(s, where, "out of memory (%llu bytes for a chunk of buffer '%s')", (unsigned long long)(n * scr_type_bytes(b->type)), b->name);
  return p;
}

/* ---- commands ---- */

/* After a command that records (awemu run --record): recording that stopped (a full disk; the
 * reason is printed) fails the command, so an incomplete record is never reported as done. */
int scr_record_check(aw_session *s, const char *where, int was_recording) {
  if (!was_recording || s->dev->record_dir) return 0;
  return scr_error(s, where, "the record (awemu run --record) stopped here; it is incomplete");
}

static int cmd_load(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return scr_error(s, where, "usage: load FILE");
  struct stat st;
  if (stat(argv[1], &st) == 0 && S_ISDIR(st.st_mode)) return scr_error(s, where, "%s: is a directory", argv[1]);
  aw_module **nm = realloc(s->mods, (size_t)(s->nmods + 1) * sizeof *s->mods);
  if (!nm) return scr_error(s, where, "out of memory");
  s->mods = nm;
  char err[8192];
  int recording = s->dev->record_dir != NULL;
  aw_module *m = aw_module_load_file(s->dev, argv[1], err, sizeof err);
  if (!m) return scr_error(s, where, "%s", err);
  s->mods[s->nmods++] = m;
  if (!aw_session_input(s, argv[1]) && add_input(s, argv[1], "a module the script loaded")) return scr_error(s, where, "out of memory");
  return scr_record_check(s, where, recording);
}

static int cmd_alloc(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 4) return scr_error(s, where, "usage: alloc NAME TYPE COUNT");
  int t = scr_type_named(argv[2]);
  if (!t) return scr_error(s, where, "unknown element type '%s' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64, b8 b16 b32 b64)", argv[2]);
  uint64_t n;
  int r = scr_parse_u64(argv[3], &n);
  if (r == -1) return scr_error(s, where, "element count '%s' is not a number (decimal or 0x hexadecimal)", argv[3]);
  if (r == -2 || n > MAX_ELEMS) return scr_error(s, where, "element count %s is too large: at most 2^32 (4294967296) elements", argv[3]);
  if (!n) return scr_error(s, where, "element count 0: a buffer has at least 1 element");
  if (scr_find_buffer(s, argv[1])) return scr_error(s, where, "buffer '%s' already exists", argv[1]);
  uint64_t addr = aw_malloc(s->dev, n * scr_type_bytes(t));
  if (!addr) return scr_error(s, where, "cannot allocate %llu elements of %s (%llu bytes): out of memory", (unsigned long long)n, argv[2], (unsigned long long)(n * scr_type_bytes(t)));
  if (add_buffer(s, argv[1], t, n, addr)) { aw_free(s->dev, addr); return scr_error(s, where, "out of memory"); }
  return 0;
}

static int cmd_symbol(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3) return scr_error(s, where, "usage: symbol NAME TYPE");
  int t = scr_type_named(argv[2]);
  if (!t) return scr_error(s, where, "unknown element type '%s' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64, b8 b16 b32 b64)", argv[2]);
  if (scr_find_buffer(s, argv[1])) return scr_error(s, where, "buffer '%s' already exists", argv[1]);
  uint64_t addr = 0, bytes = 0;
  int found = 0;
  for (int i = s->nmods; i-- > 0 && !found;) found = aw_module_symbol(s->mods[i], argv[1], &addr, &bytes) == 0;
  if (!found) return scr_error(s, where, "no module-scope .global or .const variable named '%s'", argv[1]);
  if (bytes % scr_type_bytes(t) || !bytes) return scr_error(s, where, "'%s' has %llu bytes, not a whole number of %s elements", argv[1], (unsigned long long)bytes, argv[2]);
  if (add_buffer(s, argv[1], t, bytes / scr_type_bytes(t), addr)) return scr_error(s, where, "out of memory");
  s->bufs[s->nbufs - 1].symbol = 1;
  return 0;
}

/* ---- copy, memset, free ---- */

static int cmd_copy(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 4) return scr_error(s, where, "usage: copy DST[+N] SRC[+N] COUNT");
  uint64_t df, sf, count;
  char msg[400];
  buffer *d = scr_buffer_element(s, argv[1], &df, msg, sizeof msg), *src = d ? scr_buffer_element(s, argv[2], &sf, msg, sizeof msg) : NULL;
  if (!src) return scr_error(s, where, "copy: %s", msg);
  if (scr_parse_u64(argv[3], &count)) return scr_error(s, where, "bad COUNT '%s' (a number of elements)", argv[3]);
  unsigned eb = scr_type_bytes(src->type);
  if (count > src->count - sf) return scr_error(s, where, "copy: %llu elements from element %llu run past the end of '%s' (%llu elements)",
                                            (unsigned long long)count, (unsigned long long)sf, src->name, (unsigned long long)src->count);
  uint64_t bytes = count * eb, room = (d->count - df) * scr_type_bytes(d->type);
  if (bytes > room) return scr_error(s, where, "copy: %llu bytes do not fit in '%s' from element %llu (%llu bytes there)", (unsigned long long)bytes,
                                 d->name, (unsigned long long)df, (unsigned long long)room);
  uint64_t dst = d->addr + df * scr_type_bytes(d->type), from = src->addr + sf * eb;
  uint8_t *tmp = scr_chunk_alloc(s, where, src);
  if (!tmp) return -1;
  uint64_t step = (uint64_t)CHUNK_ELEMS * eb;
  /* through the host a chunk at a time; overlapping ranges copy as memmove does */
  int backward = dst > from && dst < from + bytes;
  for (uint64_t done = 0; done < bytes;) {
    uint64_t n = bytes - done < step ? bytes - done : step, at = backward ? bytes - done - n : done;
    if (aw_memcpy_dtoh(s->dev, tmp, from + at, (size_t)n) != AW_OK || aw_memcpy_htod(s->dev, dst + at, tmp, (size_t)n) != AW_OK) {
      free(tmp);
      return scr_error(s, where, "copy: device memory could not be read or written");
    }
    done += n;
  }
  free(tmp);
  return 0;
}

static int cmd_memset(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3 && argc != 5) return scr_error(s, where, "usage: memset NAME BYTE [FIRST COUNT]");
  buffer *b = scr_find_buffer(s, argv[1]);
  if (!b) return scr_error(s, where, "no buffer named '%s'", argv[1]);
  uint64_t v, first = 0, count = b->count;
  if (scr_parse_u64(argv[2], &v) || v > 255) return scr_error(s, where, "bad BYTE '%s' (0 to 255, or 0x00 to 0xff)", argv[2]);
  if (argc == 5 && (scr_parse_u64(argv[3], &first) || scr_parse_u64(argv[4], &count) || first > b->count || count > b->count - first))
    return scr_error(s, where, "memset: elements %s to %s + %s are not all in '%s' (%llu elements)", argv[3], argv[3], argv[4], b->name,
                 (unsigned long long)b->count);
  unsigned eb = scr_type_bytes(b->type);
  if (aw_memset(s->dev, b->addr + first * eb, (int)v, (size_t)(count * eb)) != AW_OK) return scr_error(s, where, "memset: device memory could not be written");
  return 0;
}

static int cmd_free(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return scr_error(s, where, "usage: free NAME");
  buffer *b = scr_find_buffer(s, argv[1]);
  if (!b) return scr_error(s, where, "no buffer named '%s'", argv[1]);
  if (b->symbol) return scr_error(s, where, "'%s' is the module's variable (symbol): it cannot be freed", b->name);
  if (aw_free(s->dev, b->addr) != AW_OK) return scr_error(s, where, "free: '%s' is not an allocation", b->name);
  free(b->name);
  memmove(b, b + 1, (size_t)(s->bufs + --s->nbufs - b) * sizeof *b);
  return 0;
}

static int cmd_print(aw_session *s, char **argv, int argc, const char *where) {
  if (argc < 2 || argc > 4) return scr_error(s, where, "usage: print NAME [FIRST [COUNT]]");
  buffer *b = scr_find_buffer(s, argv[1]);
  if (!b) return scr_error(s, where, "no buffer named '%s'", argv[1]);
  uint64_t first = 0, count = 16;
  if (argc > 2 && scr_parse_u64(argv[2], &first)) return scr_error(s, where, "FIRST '%s' is not an index (decimal or 0x hexadecimal)", argv[2]);
  if (argc > 3 && scr_parse_u64(argv[3], &count)) return scr_error(s, where, "COUNT '%s' is not a number (decimal or 0x hexadecimal)", argv[3]);
  if (first >= b->count) return scr_error(s, where, "index %s is outside buffer '%s' (%llu elements: 0 to %llu)", argv[2], b->name, (unsigned long long)b->count, (unsigned long long)(b->count - 1));
  if (count > b->count - first) count = b->count - first;
  unsigned eb = scr_type_bytes(b->type);
  for (uint64_t i = first; i < first + count; i++) {
    uint8_t e[8];
    if (aw_memcpy_dtoh(s->dev, e, b->addr + i * eb, eb) != AW_OK) return scr_error(s, where, "cannot read buffer '%s'", b->name);
    char v[64];
    scr_format_value(v, sizeof v, scr_get_elem(e, eb), b->type);
    fprintf(s->out, "%s[%llu] = %s\n", b->name, (unsigned long long)i, v);
  }
  return 0;
}

static int cmd_set(aw_session *s, char **argv, int argc, const char *where) {
  if (argc == 3 && !strcmp(argv[1], "limit")) {
    uint64_t v;
    int r = scr_parse_u64(argv[2], &v);
    if (r == -2) return scr_error(s, where, "limit %s is too large: at most 2^64-1 (18446744073709551615)", argv[2]);
    if (r) return scr_error(s, where, "limit '%s' is not a number of warp instructions (decimal or 0x hexadecimal; 0: no limit)", argv[2]);
    aw_set_insn_limit(s->dev, v);
    return 0;
  }
  if (argc == 3 && !strcmp(argv[1], "time-limit")) {
    char *end;
    errno = 0;
    double v = strtod(argv[2], &end);
    if (end == argv[2] || *end || !isfinite(v) || v < 0) return scr_error(s, where, "time limit '%s' is not a number of seconds >= 0 (0: no limit)", argv[2]);
    aw_set_time_limit(s->dev, v);
    return 0;
  }
  if (argc == 3 && !strcmp(argv[1], "resident-ctas")) {
    uint64_t v = 0;
    if (strcmp(argv[2], "all") && (scr_parse_u64(argv[2], &v) || !v || v > UINT32_MAX))
      return scr_error(s, where, "resident-ctas '%s' is not a number of CTAs (1 to 2^32-1) or all", argv[2]);
    aw_set_resident_ctas(s->dev, (uint32_t)v);
    return 0;
  }
  if (argc == 3 && !strcmp(argv[1], "memcheck")) {
    const char *m = argv[2];
    int mode = !strcmp(m, "on") ? AW_MEMCHECK_REPORT : !strcmp(m, "stop") ? AW_MEMCHECK_STOP : !strcmp(m, "off") ? AW_MEMCHECK_OFF : -1;
    if (mode < 0) return scr_error(s, where, "set memcheck takes on (report each access outside every allocation and go on), stop (fault at the first) or off, not '%s'", m);
    aw_set_memcheck(s->dev, mode, NULL);
    return 0;
  }
  if (argc == 4 && !strcmp(argv[1], "var")) { aw_session_set_var(s, argv[2], argv[3]); return 0; }
  if (argc >= 2 && strchr(argv[1], '=')) {   /* a key of the timing config */
    const tm_config *cur = aw_timing_config(s->dev);
    if (!cur) return scr_error(s, where, "set %s: timing keys need timing mode (config NAME|FILE first, or awemu run --config)", argv[1]);
    char kv[512], err[600];
    size_t n = 0;
    kv[0] = 0;
    for (int i = 1; i < argc; i++) n += (size_t)snprintf(kv + n, n < sizeof kv ? sizeof kv - n : 0, "%s%s", i > 1 ? " " : "", argv[i]);
    if (n >= sizeof kv) return scr_error(s, where, "set: KEY=VALUE longer than %zu characters", sizeof kv - 1);
    tm_config c = *cur;
    /* err names the place itself ("WHERE: error: ...", WHERE the line that set the key to blame) */
    if (tm_config_set_pair(&c, kv, where && *where ? where : "set", err, sizeof err) || tm_config_check(&c, err, sizeof err)) {
      if (!s->quiet) fprintf(s->err, "%s\n", err);
      return -1;
    }
    if (aw_set_timing(s->dev, &c)) return scr_error(s, where, "out of host memory");
    return 0;
  }
  return scr_error(s, where, "usage: set limit N | set time-limit SECONDS | set resident-ctas N|all | set memcheck on|stop|off | set var NAME VALUE | set KEY=VALUE (timing)");
}

/* ---- timing ---- */

static int cmd_config(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return scr_error(s, where, "usage: config NAME|FILE | config off");
  if (!strcmp(argv[1], "off")) { aw_set_timing(s->dev, NULL); return 0; }
  tm_config c;
  char err[600];
  tm_config_defaults(&c);
  if (tm_config_load(&c, argv[1], err, sizeof err) || tm_config_check(&c, err, sizeof err)) return scr_error(s, where, "%s", err);
  if (aw_set_timing(s->dev, &c)) return scr_error(s, where, "out of host memory");
  return 0;
}

static int cmd_subroutines(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return scr_error(s, where, "usage: subroutines FILE");
  struct stat st;
  if (stat(argv[1], &st) != 0) return scr_error(s, where, "%s: %s", argv[1], strerror(errno));
  if (S_ISDIR(st.st_mode)) return scr_error(s, where, "%s: is a directory", argv[1]);
  FILE *f = fopen(argv[1], "rb");
  if (!f) return scr_error(s, where, "%s: %s", argv[1], strerror(errno));
  char *text = malloc((size_t)st.st_size + 1);
  size_t n = text ? fread(text, 1, (size_t)st.st_size, f) : 0;
  int bad = !text || ferror(f);
  fclose(f);
  if (bad) { free(text); return scr_error(s, where, "%s: cannot read it", argv[1]); }
  int r = aw_add_subroutines(s->dev, argv[1], text, n);
  free(text);
  if (r == -2) return scr_error(s, where, "%s: an AWS image: subroutines are given as assembly source (.s), assembled with each module loaded after them (an image that holds its kernels is loaded itself)", argv[1]);
  return r ? scr_error(s, where, "out of memory") : 0;
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
  { "fill", scr_cmd_fill, "fill NAME const V | ramp START STEP | random SEED LO HI | hex DIGITS | file PATH | text PATH", "set a buffer's contents" },
  { "launch", scr_cmd_launch, "launch KERNEL GRID BLOCK [shared=BYTES] ARG ...", "run a kernel to completion (ARG: buffer name or TYPE:VALUE)" },
  { "runsub", scr_cmd_runsub, "runsub SUBROUTINE IN OUT META", "run an assist-warp subroutine on its own: .lin = IN, .lout = OUT, .lmeta = META" },
  { "copy", cmd_copy, "copy DST[+N] SRC[+N] COUNT", "copy COUNT elements of SRC (from element N) into DST (from element N), device to device" },
  { "memset", cmd_memset, "memset NAME BYTE [FIRST COUNT]", "set every byte of the buffer (or of elements FIRST to FIRST+COUNT-1) to BYTE, as cudaMemset" },
  { "free", cmd_free, "free NAME", "free a buffer (cudaFree); its name may be allocated again" },
  { "dump", scr_cmd_dump, "dump NAME PATH [text]", "write a buffer to a file" },
  { "expect", scr_cmd_expect, "expect NAME file PATH [TOL] | text PATH [TOL] | value V [TOL] | at INDEX V [TOL]", "fail unless the buffer holds what is expected" },
  { "print", cmd_print, "print NAME [FIRST [COUNT]]", "print elements of a buffer" },
  { "set", cmd_set, "set limit N | set time-limit SECONDS | set memcheck on|stop|off | set var NAME VALUE | set KEY=VALUE", "set the instruction limit, the time limit, memcheck (accesses outside every allocation), a script variable or a key of the timing config" },
  { "config", cmd_config, "config NAME|FILE | config off", "later launches run on the cycle-level timing model of a preset or config file (off: functional only)" },
  { "stats", scr_cmd_stats, "stats | stats json FILE", "counters of the last launch and of all launches" },
  { "trace", scr_cmd_trace, "trace on [MAX_BYTES] | off | FILE [MAX_BYTES]", "write every warp instruction executed (cta, warp, pc, active mask, instruction); at most 1 GiB unless MAX_BYTES says" },
  { "printf", scr_cmd_printf, "printf FILE | printf out", "write the device printf of later launches to FILE (replaced when complete), or back to the output" },
  { "compare", scr_cmd_compare, "compare FILE EXPECTED", "fail unless two text files agree line by line ('#' lines of EXPECTED are comments)" },
  { "echo", cmd_echo, "echo TEXT", "print TEXT" },
  { NULL, NULL, NULL, NULL },
};

/* ---- lines ---- */

static char *expand(aw_session *s, const char *line, const char *where, int *ok) {
  size_t cap = strlen(line) + 256, n = 0;
  char *out = malloc(cap);
  *ok = 1;
  if (!out) { scr_error(s, where, "out of memory"); *ok = 0; return NULL; }
  for (const char *p = line; *p;) {
    const char *val = NULL;
    size_t vl = 1;
    if (p[0] == '$' && p[1] == '{') {
      const char *e = strchr(p, '}');
      if (!e) { scr_error(s, where, "unterminated ${ in '%s'", line); *ok = 0; break; }
      for (int i = 0; i < s->nvars; i++)
        if (strlen(s->vars[i].name) == (size_t)(e - p - 2) && !strncmp(s->vars[i].name, p + 2, (size_t)(e - p - 2))) val = s->vars[i].value;
      if (!val) { scr_error(s, where, "${%.*s} is not defined (give NAME=VALUE on the command line)", (int)(e - p - 2), p + 2); *ok = 0; break; }
      vl = strlen(val);
      p = e + 1;
    } else val = p++;
    if (n + vl + 1 >= cap) {
      cap = (n + vl + 1) * 2;
      char *no = realloc(out, cap);
      if (!no) { scr_error(s, where, "out of memory"); *ok = 0; break; }
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
  if (!text) return scr_error(s, where, "out of memory");
  char *hash = strchr(text, '#');
  if (hash) *hash = 0;
  int rc = 0;
  char *save = NULL;
  for (char *tok = strtok_r(text, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
    if (*argc == MAX_WORDS) { rc = scr_error(s, where, "more than %d words on one line", MAX_WORDS); break; }
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
  if (argc && !rc && s->interrupted) rc = scr_error(s, where, "interrupted");
  if (argc && !rc) {
    const aw_command *c = aw_commands;
    while (c->name && strcmp(c->name, argv[0])) c++;
    if (!c->name) rc = scr_error(s, where, "unknown command '%s'", argv[0]);
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
 * json) that is one of them, read before or after that line, is an scr_error at that line:
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
    return scr_error(s, name, "out of memory");
  }
  for (int o = 0; o < out.n; o++)
    for (int i = 0; i < in.n; i++) {
      /* the same existing file (device and inode, through any link or spelling); a file that does
       * not exist before the run is the script's own making (a dump read back by 'expect file') */
      if (!isa_same_file(out.v[o].path, in.v[i].path)) continue;
      snprintf(where, wl, "%s:%llu", name, (unsigned long long)out.v[o].line);
      scr_error(s, where, "%s is %s: it would be overwritten", out.v[o].path, in.v[i].kind);
      rc = 1;   /* (every such line is reported) */
      break;
    }
  free(where);
  /* the inputs stay the session's, also when the script does not run: no later output (the
   * debugger's, awemu run's --stats-json written at the end) replaces them */
  for (int i = 0; i < in.n; i++)
    if (!aw_session_input(s, in.v[i].path) && add_input(s, in.v[i].path, in.v[i].kind)) { rc = scr_error(s, name, "out of memory"); break; }
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
    if (!lines[l]) rc = scr_error(s, where, "a NUL byte in the line");
    else rc = aw_session_exec(s, lines[l], where);
  }
  /* the script's trace and printf files are complete when it ends: one that cannot be written
   * fails the script, named by the line that opened it */
  if (scr_end_trace(s, "")) rc = -1;
  if (scr_end_printf(s, "")) rc = -1;
  free(where);
  free(lines);
  free(text);
  return rc;
}
