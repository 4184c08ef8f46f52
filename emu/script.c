/* emu/script.c -- run scripts: buffers, launches, checks. */
#include "script.h"
#include "emu_int.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char *name; int type; uint64_t count; uint64_t addr; } buffer;
typedef struct { char *name, *value; } var;

struct aw_session {
  FILE *out, *err;
  aw_device *dev;
  aw_module **mods;
  int nmods;
  buffer *bufs;
  int nbufs;
  var *vars;
  int nvars;
  FILE *trace;
  int quiet;              /* errors are not printed (the debugger ends a launch on purpose) */
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

aw_session *aw_session_new(FILE *out, FILE *err) {
  aw_session *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->out = out;
  s->err = err;
  s->dev = aw_device_new();
  return s;
}

void aw_session_free(aw_session *s) {
  if (!s) return;
  aw_device_free(s->dev);
  if (s->trace && s->trace != s->out) fclose(s->trace);
  for (int i = 0; i < s->nbufs; i++) free(s->bufs[i].name);
  for (int i = 0; i < s->nvars; i++) { free(s->vars[i].name); free(s->vars[i].value); }
  free(s->bufs); free(s->vars); free(s->mods);
  free(s);
}

aw_device *aw_session_device(aw_session *s) { return s->dev; }

void aw_session_quiet(aw_session *s, int on) { s->quiet = on; }

int aw_session_modules(aw_session *s, aw_module ***mods) { *mods = s->mods; return s->nmods; }

const char *aw_session_buffer(aw_session *s, int i, uint64_t *addr, uint64_t *count, int *type) {
  if (i < 0 || i >= s->nbufs) return NULL;
  *addr = s->bufs[i].addr; *count = s->bufs[i].count; *type = s->bufs[i].type;
  return s->bufs[i].name;
}

void aw_session_set_var(aw_session *s, const char *name, const char *value) {
  for (int i = 0; i < s->nvars; i++)
    if (!strcmp(s->vars[i].name, name)) { free(s->vars[i].value); s->vars[i].value = strdup(value); return; }
  s->vars = realloc(s->vars, (size_t)(s->nvars + 1) * sizeof *s->vars);
  s->vars[s->nvars].name = strdup(name);
  s->vars[s->nvars].value = strdup(value);
  s->nvars++;
}

/* ---- element types ---- */

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

/* Parses a number for element type t into its bits.  0 on success. */
static int parse_value(const char *text, int t, uint64_t *bits) {
  char *end;
  errno = 0;
  if (is_float(t)) {
    if ((text[0] == '0') && (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' || text[1] == 'D') && isxdigit((unsigned char)text[2])) {
      *bits = strtoull(text + 2, &end, 16);
      return *end ? -1 : 0;
    }
    double v = strtod(text, &end);
    if (end == text || *end) return -1;
    *bits = t == ISA_T_F32 ? emu_f32_bits((float)v) : emu_f64_bits(v);
    return 0;
  }
  unsigned w = type_bytes(t) * 8;
  if (text[0] == '-') {
    long long v = strtoll(text, &end, 0);
    if (end == text || *end || errno) return -1;
    if (w < 64 && v < -(1ll << (w - 1))) return -1;
    *bits = (uint64_t)v & (w >= 64 ? ~0ull : (1ull << w) - 1);
    return 0;
  }
  unsigned long long v = strtoull(text, &end, 0);
  if (end == text || *end || errno) return -1;
  if (w < 64 && v >> w) return -1;
  *bits = v;
  return 0;
}

static double as_double(uint64_t bits, int t) {
  unsigned w = type_bytes(t) * 8;
  if (t == ISA_T_F32) return emu_bits_f32((uint32_t)bits);
  if (t == ISA_T_F64) return emu_bits_f64(bits);
  if (is_signed(t)) { uint64_t m = 1ull << (w - 1); uint64_t v = w >= 64 ? bits : bits & ((m << 1) - 1); return (double)(int64_t)(w >= 64 ? v : (v ^ m) - m); }
  return (double)bits;
}

static void format_value(char *buf, size_t cap, uint64_t bits, int t) {
  if (t == ISA_T_F32) snprintf(buf, cap, "%.9g", emu_bits_f32((uint32_t)bits));
  else if (t == ISA_T_F64) snprintf(buf, cap, "%.17g", emu_bits_f64(bits));
  else if (is_signed(t)) snprintf(buf, cap, "%.0f", as_double(bits, t));
  else snprintf(buf, cap, "%llu", (unsigned long long)bits);
}

static uint64_t get_elem(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}
static void put_elem(uint8_t *p, uint64_t v, unsigned bytes) { for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i)); }

/* ---- buffers ---- */

static buffer *find_buffer(aw_session *s, const char *name) {
  for (int i = 0; i < s->nbufs; i++) if (!strcmp(s->bufs[i].name, name)) return &s->bufs[i];
  return NULL;
}

static uint8_t *read_buffer(aw_session *s, buffer *b) {
  size_t n = (size_t)(b->count * type_bytes(b->type));
  uint8_t *p = malloc(n ? n : 1);
  if (p && aw_memcpy_dtoh(s->dev, p, b->addr, n) != AW_OK) { free(p); return NULL; }
  return p;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap + 1);
  for (;;) {
    if (n == cap) { cap *= 2; char *nb = realloc(buf, cap + 1); if (!nb) { free(buf); fclose(f); return NULL; } buf = nb; }
    size_t k = fread(buf + n, 1, cap - n, f);
    if (!k) break;
    n += k;
  }
  fclose(f);
  buf[n] = 0;
  *len = n;
  return buf;
}

/* Reads the numbers of a text file into 'out' (at most 'max'); returns how many, or -1. */
static long read_text_values(const char *path, int t, uint64_t *out, uint64_t max, char *bad, size_t badcap) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) return -1;
  long n = 0;
  char *save = NULL;
  for (char *tok = strtok_r(text, " \t\r\n,", &save); tok; tok = strtok_r(NULL, " \t\r\n,", &save)) {
    if ((uint64_t)n >= max) break;
    if (parse_value(tok, t, &out[n])) { snprintf(bad, badcap, "%s", tok); free(text); return -2; }
    n++;
  }
  free(text);
  return n;
}

/* ---- commands ---- */

static int cmd_load(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return error(s, where, "usage: load FILE");
  char err[8192];
  aw_module *m = aw_module_load_file(s->dev, argv[1], err, sizeof err);
  if (!m) return error(s, where, "%s", err);
  s->mods = realloc(s->mods, (size_t)(s->nmods + 1) * sizeof *s->mods);
  s->mods[s->nmods++] = m;
  return 0;
}

static int cmd_alloc(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 4) return error(s, where, "usage: alloc NAME TYPE COUNT");
  int t = type_named(argv[2]);
  if (!t) return error(s, where, "unknown element type '%s' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)", argv[2]);
  char *end;
  unsigned long long n = strtoull(argv[3], &end, 0);
  if (*end || !n || n > (1ull << 32)) return error(s, where, "bad element count '%s'", argv[3]);
  if (find_buffer(s, argv[1])) return error(s, where, "buffer '%s' already exists", argv[1]);
  uint64_t addr = aw_malloc(s->dev, n * type_bytes(t));
  if (!addr) return error(s, where, "cannot allocate %llu elements", n);
  s->bufs = realloc(s->bufs, (size_t)(s->nbufs + 1) * sizeof *s->bufs);
  buffer *b = &s->bufs[s->nbufs++];
  b->name = strdup(argv[1]); b->type = t; b->count = n; b->addr = addr;
  return 0;
}

static int cmd_symbol(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3) return error(s, where, "usage: symbol NAME TYPE");
  int t = type_named(argv[2]);
  if (!t) return error(s, where, "unknown element type '%s'", argv[2]);
  if (find_buffer(s, argv[1])) return error(s, where, "buffer '%s' already exists", argv[1]);
  uint64_t addr = 0, bytes = 0;
  int found = 0;
  for (int i = s->nmods; i-- > 0 && !found;) found = aw_module_symbol(s->mods[i], argv[1], &addr, &bytes) == 0;
  if (!found) return error(s, where, "no module-scope .global or .const variable named '%s'", argv[1]);
  if (bytes % type_bytes(t) || !bytes) return error(s, where, "'%s' has %llu bytes, not a whole number of %s elements", argv[1], (unsigned long long)bytes, argv[2]);
  s->bufs = realloc(s->bufs, (size_t)(s->nbufs + 1) * sizeof *s->bufs);
  buffer *b = &s->bufs[s->nbufs++];
  b->name = strdup(argv[1]); b->type = t; b->count = bytes / type_bytes(t); b->addr = addr;
  return 0;
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int cmd_fill(aw_session *s, char **argv, int argc, const char *where) {
  if (argc < 3) return error(s, where, "usage: fill NAME const V | ramp START STEP | random SEED LO HI | hex DIGITS | file PATH | text PATH");
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  unsigned eb = type_bytes(b->type);
  uint8_t *data = read_buffer(s, b);
  if (!data) return error(s, where, "cannot read buffer '%s'", argv[1]);
  const char *how = argv[2];
  int rc = 0;
  if (!strcmp(how, "const") && argc == 4) {
    uint64_t v;
    if (parse_value(argv[3], b->type, &v)) { free(data); return error(s, where, "'%s' is not a %s value", argv[3], isa_type_name(b->type)); }
    for (uint64_t i = 0; i < b->count; i++) put_elem(data + i * eb, v, eb);
  } else if (!strcmp(how, "ramp") && argc == 5) {
    char *e1, *e2;
    double start = strtod(argv[3], &e1), step = strtod(argv[4], &e2);
    if (*e1 || *e2) { free(data); return error(s, where, "ramp takes two numbers"); }
    for (uint64_t i = 0; i < b->count; i++) {
      double v = start + (double)i * step;
      uint64_t bits = b->type == ISA_T_F32 ? emu_f32_bits((float)v) : b->type == ISA_T_F64 ? emu_f64_bits(v)
                    : is_signed(b->type) ? (uint64_t)(int64_t)v : (uint64_t)v;
      put_elem(data + i * eb, bits, eb);
    }
  } else if (!strcmp(how, "random") && argc == 6) {
    char *e0, *e1, *e2;
    uint64_t state = strtoull(argv[3], &e0, 0);
    double lo = strtod(argv[4], &e1), hi = strtod(argv[5], &e2);
    if (*e0 || *e1 || *e2 || hi < lo) { free(data); return error(s, where, "random takes SEED LO HI with LO <= HI"); }
    for (uint64_t i = 0; i < b->count; i++) {
      uint64_t z = splitmix64(&state), bits;
      if (is_float(b->type)) {
        double u = (double)(z >> 11) * 0x1p-53, v = lo + (hi - lo) * u;
        bits = b->type == ISA_T_F32 ? emu_f32_bits((float)v) : emu_f64_bits(v);
      } else {
        int64_t l = (int64_t)lo, h = (int64_t)hi;
        bits = (uint64_t)(l + (int64_t)(z % (uint64_t)(h - l + 1)));
      }
      put_elem(data + i * eb, bits, eb);
    }
  } else if (!strcmp(how, "hex") && argc == 4) {
    size_t hl = strlen(argv[3]);
    if (hl % 2 || hl / 2 > b->count * eb) { free(data); return error(s, where, "hex string of %zu digits does not fit buffer '%s' (%llu bytes)", hl, b->name, (unsigned long long)(b->count * eb)); }
    for (size_t i = 0; i < hl / 2; i++) {
      char two[3] = { argv[3][2 * i], argv[3][2 * i + 1], 0 };
      char *end;
      unsigned long v = strtoul(two, &end, 16);
      if (*end || !isxdigit((unsigned char)two[0])) { free(data); return error(s, where, "'%s' is not hexadecimal", argv[3]); }
      data[i] = (uint8_t)v;
    }
  } else if (!strcmp(how, "file") && argc == 4) {
    size_t len;
    char *f = read_file(argv[3], &len);
    if (!f) { free(data); return error(s, where, "%s: cannot read: %s", argv[3], strerror(errno)); }
    size_t n = (size_t)(b->count * eb);
    if (len > n) { free(f); free(data); return error(s, where, "%s has %zu bytes; buffer '%s' holds %zu", argv[3], len, b->name, n); }
    memcpy(data, f, len);
    free(f);
  } else if (!strcmp(how, "text") && argc == 4) {
    uint64_t *vals = malloc((size_t)b->count * sizeof *vals);
    char bad[64];
    long n = read_text_values(argv[3], b->type, vals, b->count, bad, sizeof bad);
    if (n == -1) rc = error(s, where, "%s: cannot read: %s", argv[3], strerror(errno));
    else if (n == -2) rc = error(s, where, "%s: '%s' is not a %s value", argv[3], bad, isa_type_name(b->type));
    else for (long i = 0; i < n; i++) put_elem(data + (uint64_t)i * eb, vals[i], eb);
    free(vals);
  } else {
    free(data);
    return error(s, where, "usage: fill NAME const V | ramp START STEP | random SEED LO HI | hex DIGITS | file PATH | text PATH");
  }
  if (!rc) aw_memcpy_htod(s->dev, b->addr, data, (size_t)(b->count * eb));
  free(data);
  return rc;
}

static int parse_dim(const char *t, aw_dim3 *d) {
  unsigned long v[3] = { 1, 1, 1 };
  int n = 0;
  const char *p = t;
  while (*p && n < 3) {
    char *end;
    v[n++] = strtoul(p, &end, 0);
    if (end == p || v[n - 1] == 0 || v[n - 1] > 0x7fffffff) return -1;
    p = end;
    if (*p == ',') p++;
    else if (*p) return -1;
  }
  if (*p) return -1;
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

static int cmd_launch(aw_session *s, char **argv, int argc, const char *where) {
  if (argc < 4) return error(s, where, "usage: launch KERNEL GRID BLOCK [shared=BYTES] ARG ...");
  aw_module *m;
  int k = find_kernel(s, argv[1], &m);
  if (k < 0) return error(s, where, "no kernel named '%s' in the loaded modules", argv[1]);
  aw_dim3 grid, block;
  if (parse_dim(argv[2], &grid)) return error(s, where, "bad grid '%s' (X, X,Y or X,Y,Z)", argv[2]);
  if (parse_dim(argv[3], &block)) return error(s, where, "bad block '%s' (X, X,Y or X,Y,Z)", argv[3]);
  int a = 4;
  uint32_t shared = 0;
  if (a < argc && !strncmp(argv[a], "shared=", 7)) {
    char *end;
    unsigned long v = strtoul(argv[a] + 7, &end, 0);
    if (*end || v > (1u << 24)) return error(s, where, "bad shared size '%s'", argv[a] + 7);
    shared = (uint32_t)v;
    a++;
  }
  uint32_t count, sizes[256], offs[256];
  aw_kernel_params(m, k, &count, sizes, offs, 256);
  if ((uint32_t)(argc - a) != count) return error(s, where, "kernel '%s' takes %u arguments, %d given", argv[1], count, argc - a);
  uint32_t pbytes = aw_kernel_param_bytes(m, k);
  uint8_t *params = calloc(pbytes ? pbytes : 1, 1);
  for (uint32_t i = 0; i < count && i < 256; i++, a++) {
    const char *arg = argv[a];
    const char *colon = strchr(arg, ':');
    uint64_t bits;
    unsigned bytes;
    if (!colon) {
      buffer *b = find_buffer(s, arg);
      if (!b) { free(params); return error(s, where, "argument %u: no buffer named '%s' (scalars are written TYPE:VALUE)", i + 1, arg); }
      bits = b->addr;
      bytes = 8;
    } else {
      char tname[16];
      size_t tl = (size_t)(colon - arg);
      if (tl >= sizeof tname) { free(params); return error(s, where, "argument %u: bad type in '%s'", i + 1, arg); }
      memcpy(tname, arg, tl);
      tname[tl] = 0;
      int t = type_named(tname);
      if (!t) { free(params); return error(s, where, "argument %u: unknown type '%s'", i + 1, tname); }
      if (parse_value(colon + 1, t, &bits)) { free(params); return error(s, where, "argument %u: '%s' is not a %s value", i + 1, colon + 1, tname); }
      bytes = type_bytes(t);
    }
    if (bytes != sizes[i]) { free(params); return error(s, where, "argument %u ('%s') is %u bytes; the kernel's parameter %u is %u bytes", i + 1, arg, bytes, i + 1, sizes[i]); }
    put_elem(params + offs[i], bits, bytes);
  }
  aw_fault f;
  aw_status st = aw_launch(s->dev, m, k, grid, block, shared, params, pbytes, &f);
  free(params);
  if (st == AW_FAULT) {
    char msg[1024];
    aw_fault_format(&f, msg, sizeof msg);
    return error(s, where, "%s", msg);
  }
  if (st != AW_OK) return error(s, where, "launch of '%s' failed: %s", argv[1], f.what[0] ? f.what : "bad arguments");
  return 0;
}

static int cmd_runsub(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 5) return error(s, where, "usage: runsub SUBROUTINE IN OUT META  (IN, OUT: u8 buffers; META: a u32 buffer of 8)");
  aw_module *m = NULL;
  for (int i = s->nmods; i-- > 0 && !m;)
    for (uint32_t f = 0; f < s->mods[i]->img.nfuncs; f++)
      if (s->mods[i]->img.funcs[f].kind == ISA_FN_SUBR && !strcmp(isa_str(&s->mods[i]->img, s->mods[i]->img.funcs[f].name), argv[1])) m = s->mods[i];
  if (!m) return error(s, where, "no subroutine named '%s' in the loaded modules", argv[1]);
  buffer *bi = find_buffer(s, argv[2]), *bo = find_buffer(s, argv[3]), *bm = find_buffer(s, argv[4]);
  if (!bi || !bo || !bm) return error(s, where, "no buffer named '%s'", !bi ? argv[2] : !bo ? argv[3] : argv[4]);
  if (type_bytes(bi->type) != 1 || type_bytes(bo->type) != 1) return error(s, where, "IN and OUT must be u8 buffers");
  if (bm->count * type_bytes(bm->type) != 32) return error(s, where, "META must be 32 bytes (u32 x 8)");
  uint8_t *in = read_buffer(s, bi), *out = read_buffer(s, bo), *meta = read_buffer(s, bm);
  aw_line line;
  memset(&line, 0, sizeof line);
  line.in = in; line.in_bytes = (uint32_t)bi->count;
  line.out = out; line.out_bytes = (uint32_t)bo->count;
  memcpy(line.meta, meta, 32);
  aw_fault f;
  aw_status st = aw_run_subroutine(s->dev, m, argv[1], &line, &f);
  int rc = 0;
  if (st == AW_FAULT) { char msg[1024]; aw_fault_format(&f, msg, sizeof msg); rc = error(s, where, "%s", msg); }
  else if (st != AW_OK) rc = error(s, where, "%s", f.what);
  else {
    aw_memcpy_htod(s->dev, bo->addr, out, (size_t)bo->count);
    aw_memcpy_htod(s->dev, bm->addr, line.meta, 32);
    aw_stats st2 = aw_get_stats(s->dev);
    fprintf(s->out, "%s: %llu warp instructions, %llu thread instructions (%.1f lanes active on average)\n", argv[1],
            (unsigned long long)st2.warp_insns, (unsigned long long)st2.thread_insns,
            st2.warp_insns ? (double)st2.thread_insns / (double)st2.warp_insns : 0.0);
  }
  free(in); free(out); free(meta);
  return rc;
}

static int cmd_dump(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3 && !(argc == 4 && !strcmp(argv[3], "text"))) return error(s, where, "usage: dump NAME PATH [text]");
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  uint8_t *data = read_buffer(s, b);
  FILE *f = fopen(argv[2], argc == 4 ? "w" : "wb");
  if (!f) { free(data); return error(s, where, "%s: cannot write: %s", argv[2], strerror(errno)); }
  unsigned eb = type_bytes(b->type);
  if (argc == 4) {
    char v[64];
    for (uint64_t i = 0; i < b->count; i++) { format_value(v, sizeof v, get_elem(data + i * eb, eb), b->type); fprintf(f, "%s\n", v); }
  } else fwrite(data, eb, (size_t)b->count, f);
  int bad = ferror(f) | (fclose(f) != 0);
  free(data);
  return bad ? error(s, where, "%s: write failed", argv[2]) : 0;
}

/* ---- expect ---- */

typedef struct { int kind; double x; } tolerance;   /* kind: 0 exact, 1 abs, 2 rel, 3 ulp */

static int parse_tol(const char *t, tolerance *tol) {
  const char *eq = strchr(t, '=');
  if (!eq) return -1;
  char *end;
  double v = strtod(eq + 1, &end);
  if (*end || v < 0) return -1;
  size_t n = (size_t)(eq - t);
  if (n == 3 && !strncmp(t, "abs", 3)) tol->kind = 1;
  else if (n == 3 && !strncmp(t, "rel", 3)) tol->kind = 2;
  else if (n == 3 && !strncmp(t, "ulp", 3)) tol->kind = 3;
  else return -1;
  tol->x = v;
  return 0;
}

static int64_t ordered(uint64_t bits, int t) {   /* floats as integers that order like the values */
  if (t == ISA_T_F32) { int32_t i = (int32_t)(uint32_t)bits; return i < 0 ? (int64_t)INT32_MIN - i : i; }
  int64_t i = (int64_t)bits;
  return i < 0 ? INT64_MIN - i : i;
}

static int matches(uint64_t got, uint64_t want, int t, const tolerance *tol) {
  if (got == want) return 1;
  if (!tol->kind) return 0;
  double g = as_double(got, t), w = as_double(want, t);
  if (g != g || w != w) return (g != g) && (w != w);
  if (tol->kind == 1) return fabs(g - w) <= tol->x;
  if (tol->kind == 2) return fabs(g - w) <= tol->x * fabs(w);
  if (!is_float(t)) return 0;
  int64_t a = ordered(got, t), b = ordered(want, t);
  double d = a > b ? (double)a - (double)b : (double)b - (double)a;
  return d <= tol->x;
}

static int cmd_expect(aw_session *s, char **argv, int argc, const char *where) {
  const char *usage = "usage: expect NAME file PATH [TOL] | text PATH [TOL] | value V [TOL] | at INDEX V [TOL]  (TOL: abs=X, rel=X or ulp=N)";
  if (argc < 4) return error(s, where, "%s", usage);
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  const char *how = argv[2];
  int nargs = !strcmp(how, "at") ? 2 : 1;
  tolerance tol = { 0, 0 };
  if (argc == 3 + nargs + 1) { if (parse_tol(argv[3 + nargs], &tol)) return error(s, where, "bad tolerance '%s' (abs=X, rel=X or ulp=N)", argv[3 + nargs]); }
  else if (argc != 3 + nargs) return error(s, where, "%s", usage);
  unsigned eb = type_bytes(b->type);
  uint8_t *data = read_buffer(s, b);
  uint64_t *want = calloc((size_t)b->count, sizeof *want);
  uint64_t first = 0, n = b->count;
  int rc = 0;
  if (!strcmp(how, "file")) {
    size_t len;
    char *f = read_file(argv[3], &len);
    if (!f) rc = error(s, where, "%s: cannot read: %s", argv[3], strerror(errno));
    else if (len != b->count * eb) rc = error(s, where, "%s has %zu bytes; buffer '%s' has %llu", argv[3], len, b->name, (unsigned long long)(b->count * eb));
    else for (uint64_t i = 0; i < n; i++) want[i] = get_elem((uint8_t *)f + i * eb, eb);
    free(f);
  } else if (!strcmp(how, "text")) {
    char bad[64];
    long k = read_text_values(argv[3], b->type, want, b->count, bad, sizeof bad);
    if (k == -1) rc = error(s, where, "%s: cannot read: %s", argv[3], strerror(errno));
    else if (k == -2) rc = error(s, where, "%s: '%s' is not a %s value", argv[3], bad, isa_type_name(b->type));
    else if ((uint64_t)k != b->count) rc = error(s, where, "%s has %ld values; buffer '%s' has %llu", argv[3], k, b->name, (unsigned long long)b->count);
  } else if (!strcmp(how, "value")) {
    uint64_t v;
    if (parse_value(argv[3], b->type, &v)) rc = error(s, where, "'%s' is not a %s value", argv[3], isa_type_name(b->type));
    else for (uint64_t i = 0; i < n; i++) want[i] = v;
  } else if (!strcmp(how, "at")) {
    char *end;
    unsigned long long idx = strtoull(argv[3], &end, 0);
    uint64_t v;
    if (*end || idx >= b->count) rc = error(s, where, "index '%s' is outside buffer '%s' (%llu elements)", argv[3], b->name, (unsigned long long)b->count);
    else if (parse_value(argv[4], b->type, &v)) rc = error(s, where, "'%s' is not a %s value", argv[4], isa_type_name(b->type));
    else { first = idx; n = idx + 1; want[idx] = v; }
  } else rc = error(s, where, "%s", usage);
  if (!rc) {
    uint64_t bad = 0;
    for (uint64_t i = first; i < n; i++) {
      uint64_t got = get_elem(data + i * eb, eb);
      if (matches(got, want[i], b->type, &tol)) continue;
      if (bad < 10) {
        char g[64], wv[64];
        format_value(g, sizeof g, got, b->type);
        format_value(wv, sizeof wv, want[i], b->type);
        if (!bad) fprintf(s->err, "%s%serror: buffer '%s' differs from what is expected:\n", where, *where ? ": " : "", b->name);
        fprintf(s->err, "  [%llu] got %s (0x%llx), want %s (0x%llx)\n", (unsigned long long)i, g, (unsigned long long)got, wv, (unsigned long long)want[i]);
      }
      bad++;
    }
    if (bad) { fprintf(s->err, "  %llu of %llu elements differ\n", (unsigned long long)bad, (unsigned long long)(n - first)); rc = -1; }
  }
  free(data);
  free(want);
  return rc;
}

static int cmd_print(aw_session *s, char **argv, int argc, const char *where) {
  if (argc < 2 || argc > 4) return error(s, where, "usage: print NAME [FIRST [COUNT]]");
  buffer *b = find_buffer(s, argv[1]);
  if (!b) return error(s, where, "no buffer named '%s'", argv[1]);
  uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : 0, count = argc > 3 ? strtoull(argv[3], NULL, 0) : 16;
  if (first >= b->count) return error(s, where, "index %llu is outside buffer '%s'", (unsigned long long)first, b->name);
  if (count > b->count - first) count = b->count - first;
  uint8_t *data = read_buffer(s, b);
  unsigned eb = type_bytes(b->type);
  for (uint64_t i = first; i < first + count; i++) {
    char v[64];
    format_value(v, sizeof v, get_elem(data + i * eb, eb), b->type);
    fprintf(s->out, "%s[%llu] = %s\n", b->name, (unsigned long long)i, v);
  }
  free(data);
  return 0;
}

static int cmd_set(aw_session *s, char **argv, int argc, const char *where) {
  if (argc == 3 && !strcmp(argv[1], "limit")) {
    char *end;
    unsigned long long v = strtoull(argv[2], &end, 0);
    if (*end) return error(s, where, "bad limit '%s'", argv[2]);
    aw_set_insn_limit(s->dev, v);
    return 0;
  }
  if (argc == 4 && !strcmp(argv[1], "var")) { aw_session_set_var(s, argv[2], argv[3]); return 0; }
  return error(s, where, "usage: set limit N | set var NAME VALUE");
}

static int cmd_stats(aw_session *s, char **argv, int argc, const char *where) {
  (void)argv;
  if (argc != 1) return error(s, where, "usage: stats");
  aw_stats st = aw_get_stats(s->dev);
  fprintf(s->out, "warp instructions %llu\nthread instructions %llu\nloads %llu\nstores %llu\natomics %llu\n"
          "barrier arrivals %llu\nbranches %llu (divergent %llu)\nCTAs %llu\nwarps %llu\n",
          (unsigned long long)st.warp_insns, (unsigned long long)st.thread_insns, (unsigned long long)st.loads,
          (unsigned long long)st.stores, (unsigned long long)st.atomics, (unsigned long long)st.barriers,
          (unsigned long long)st.branches, (unsigned long long)st.divergent_branches, (unsigned long long)st.ctas,
          (unsigned long long)st.warps);
  return 0;
}

static int cmd_trace(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 2) return error(s, where, "usage: trace on | off | FILE");
  if (s->trace && s->trace != s->out) fclose(s->trace);
  s->trace = NULL;
  if (!strcmp(argv[1], "on")) s->trace = s->out;
  else if (strcmp(argv[1], "off")) {
    s->trace = fopen(argv[1], "w");
    if (!s->trace) return error(s, where, "%s: cannot write: %s", argv[1], strerror(errno));
  }
  aw_set_trace(s->dev, s->trace);
  return 0;
}

/* Compares two text files line by line (a trace against the expected one). */
static int cmd_compare(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 3) return error(s, where, "usage: compare FILE EXPECTED");
  if (s->trace && s->trace != s->out) fflush(s->trace);
  size_t la, lb;
  char *a = read_file(argv[1], &la), *b = read_file(argv[2], &lb);
  if (!a || !b) { free(a); free(b); return error(s, where, "cannot read %s", !a ? argv[1] : argv[2]); }
  int line = 1, rc = 0;
  char *pa = a, *pb = b;
  for (;;) {
    /* lines starting with '#' in the expected file are comments */
    while (*pb == '#') { char *e = strchr(pb, '\n'); pb = e ? e + 1 : pb + strlen(pb); }
    char *ea = strchr(pa, '\n'), *eb = strchr(pb, '\n');
    size_t na = ea ? (size_t)(ea - pa) : strlen(pa), nb = eb ? (size_t)(eb - pb) : strlen(pb);
    if (!*pa && !*pb) break;
    if (na != nb || memcmp(pa, pb, na)) {
      rc = error(s, where, "%s differs from %s at line %d:\n  got:  %.*s\n  want: %.*s", argv[1], argv[2], line, (int)na, pa, (int)nb, pb);
      break;
    }
    pa = ea ? ea + 1 : pa + na;
    pb = eb ? eb + 1 : pb + nb;
    line++;
  }
  free(a);
  free(b);
  return rc;
}

static int cmd_echo(aw_session *s, char **argv, int argc, const char *where) {
  (void)where;
  for (int i = 1; i < argc; i++) fprintf(s->out, "%s%s", i > 1 ? " " : "", argv[i]);
  fputc('\n', s->out);
  return 0;
}

const aw_command aw_commands[] = {
  { "load", cmd_load, "load FILE", "load an AWS image or assemble a .ptx/.s file" },
  { "alloc", cmd_alloc, "alloc NAME TYPE COUNT", "allocate a zeroed device buffer of COUNT elements" },
  { "symbol", cmd_symbol, "symbol NAME TYPE", "a buffer that is the module's .global or .const variable NAME (to fill or check it)" },
  { "fill", cmd_fill, "fill NAME const V | ramp START STEP | random SEED LO HI | hex DIGITS | file PATH | text PATH", "set a buffer's contents" },
  { "launch", cmd_launch, "launch KERNEL GRID BLOCK [shared=BYTES] ARG ...", "run a kernel to completion (ARG: buffer name or TYPE:VALUE)" },
  { "runsub", cmd_runsub, "runsub SUBROUTINE IN OUT META", "run an assist-warp subroutine on its own: .lin = IN, .lout = OUT, .lmeta = META" },
  { "dump", cmd_dump, "dump NAME PATH [text]", "write a buffer to a file" },
  { "expect", cmd_expect, "expect NAME file PATH [TOL] | text PATH [TOL] | value V [TOL] | at INDEX V [TOL]", "fail unless the buffer holds what is expected" },
  { "print", cmd_print, "print NAME [FIRST [COUNT]]", "print elements of a buffer" },
  { "set", cmd_set, "set limit N | set var NAME VALUE", "set the instruction limit or a script variable" },
  { "stats", cmd_stats, "stats", "counters of the last launch" },
  { "trace", cmd_trace, "trace on | off | FILE", "write every warp instruction executed (cta, warp, pc, active mask, instruction)" },
  { "compare", cmd_compare, "compare FILE EXPECTED", "fail unless two text files agree line by line ('#' lines of EXPECTED are comments)" },
  { "echo", cmd_echo, "echo TEXT", "print TEXT" },
  { NULL, NULL, NULL, NULL },
};

/* ---- lines ---- */

static char *expand(aw_session *s, const char *line, const char *where, int *ok) {
  size_t cap = strlen(line) + 256, n = 0;
  char *out = malloc(cap);
  *ok = 1;
  for (const char *p = line; *p;) {
    if (p[0] == '$' && p[1] == '{') {
      const char *e = strchr(p, '}');
      if (!e) { error(s, where, "unterminated ${ in '%s'", line); *ok = 0; break; }
      const char *val = NULL;
      for (int i = 0; i < s->nvars; i++)
        if (strlen(s->vars[i].name) == (size_t)(e - p - 2) && !strncmp(s->vars[i].name, p + 2, (size_t)(e - p - 2))) val = s->vars[i].value;
      if (!val) { error(s, where, "${%.*s} is not defined (give NAME=VALUE on the command line)", (int)(e - p - 2), p + 2); *ok = 0; break; }
      size_t vl = strlen(val);
      if (n + vl + 1 >= cap) { cap = (n + vl + 1) * 2; out = realloc(out, cap); }
      memcpy(out + n, val, vl);
      n += vl;
      p = e + 1;
      continue;
    }
    if (n + 2 >= cap) { cap *= 2; out = realloc(out, cap); }
    out[n++] = *p++;
  }
  out[n] = 0;
  return out;
}

int aw_session_exec(aw_session *s, const char *line, const char *where) {
  int ok;
  char *text = expand(s, line, where, &ok);
  if (!ok) { free(text); return -1; }
  char *hash = strchr(text, '#');
  if (hash) *hash = 0;
  char *argv[64];
  int argc = 0;
  char *save = NULL;
  for (char *tok = strtok_r(text, " \t\r\n", &save); tok && argc < 64; tok = strtok_r(NULL, " \t\r\n", &save)) argv[argc++] = tok;
  int rc = 0;
  if (argc) {
    const aw_command *c = aw_commands;
    while (c->name && strcmp(c->name, argv[0])) c++;
    if (!c->name) rc = error(s, where, "unknown command '%s'", argv[0]);
    else rc = c->run(s, argv, argc, where);
  }
  free(text);
  return rc;
}

int aw_session_run_file(aw_session *s, const char *path) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) { fprintf(s->err, "awemu: %s: cannot read: %s\n", path, strerror(errno)); return -1; }
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0; else snprintf(dir, sizeof dir, ".");
  aw_session_set_var(s, "SCRIPT_DIR", dir);
  int lineno = 0, rc = 0;
  char *save = NULL;
  for (char *p = text; p && !rc; p = save) {
    save = strchr(p, '\n');
    if (save) *save++ = 0;
    lineno++;
    char where[4200];
    snprintf(where, sizeof where, "%s:%d", path, lineno);
    rc = aw_session_exec(s, p, where);
  }
  free(text);
  return rc;
}
