/* emu/timing/config.c -- the timing model's configuration (see config.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "config.h"
#include "../../isa/isa.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* The rows of config.def as data. */
typedef struct {
  const char *name;
  int kind;
  const char *unit;
  double dflt, min, max;
  const char *choices;
  const char *doc;
  size_t offset;
} key_row;

/* The designs (designs.def): their columns, the key's choices and its documentation. */
const tm_design tm_designs[TM_NDESIGNS] = {
#define DESIGN(id, name, dram, l2, md, l1, compress, decompress, doc) { name, dram, l2, md, l1, compress, decompress },
#include "designs.def"
#undef DESIGN
};
const char tm_design_choices[] =
#define DESIGN(id, name, dram, l2, md, l1, compress, decompress, doc) "|" name
#include "designs.def"
#undef DESIGN
  ;
const char tm_design_doc[] = "where blocks stay compressed."
#define DESIGN(id, name, dram, l2, md, l1, compress, decompress, doc) " " name ": " doc "."
#include "designs.def"
#undef DESIGN
  ;

static const key_row keys[TM_NKEYS] = {
#define KEY(name, kind, unit, dflt, mn, mx, choices, doc) \
  { #name, kind, unit, (double)(dflt), (double)(mn), (double)(mx), choices, doc, offsetof(tm_config, name) },
#include "config.def"
#undef KEY
};

/* The presets (generated from emu/timing/presets/ by the Makefile). */
extern const char *const tm_presets[];   /* name, text, name, text, ..., NULL */

static int find_key(const char *name, size_t len) {
  for (int i = 0; i < TM_NKEYS; i++)
    if (strlen(keys[i].name) == len && !strncmp(keys[i].name, name, len)) return i;
  return -1;
}

/* The edit distance of a and b (optimal string alignment: an insertion, a deletion, a
 * substitution or a swap of two neighbours costs 1), letter case ignored; more than 'most'
 * (or a word too long to care) gives most + 1. */
static int distance(const char *a, const char *b, int most) {
  enum { MAXW = 64 };
  size_t na = strlen(a), nb = strlen(b);
  if (na >= MAXW || nb >= MAXW) return most + 1;
  int d[MAXW + 1][MAXW + 1];
  for (size_t i = 0; i <= na; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= nb; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= na; i++)
    for (size_t j = 1; j <= nb; j++) {
      int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
      int v = d[i - 1][j - 1] + (ca != cb);
      if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) && tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < v)
        v = d[i - 2][j - 2] + 1;
      d[i][j] = v;
    }
  return d[na][nb] > most ? most + 1 : d[na][nb];
}

int tm_config_nearest(const char *word, char *buf, size_t cap) {
  /* as git's "did you mean": every key at the smallest distance, when it is small for the
   * word's length (1 for up to 3 letters, 2 up to 8, else 3), at most 3 of them */
  size_t len = strlen(word);
  int most = len <= 3 ? 1 : len <= 8 ? 2 : 3, best = most + 1, n = 0;
  int dist[TM_NKEYS];
  for (int k = 0; k < TM_NKEYS; k++) {
    dist[k] = distance(word, keys[k].name, most);
    if (dist[k] < best) best = dist[k];
  }
  if (cap) buf[0] = 0;
  if (best > most) return 0;
  int picked[3];
  for (int k = 0; k < TM_NKEYS; k++)
    if (dist[k] == best && n < 3) picked[n++] = k;
  size_t used = 0;
  for (int i = 0; i < n && used < cap; i++) {
    int w = snprintf(buf + used, cap - used, "%s'%s'", i == 0 ? "" : i == n - 1 ? " or " : ", ", keys[picked[i]].name);
    if (w < 0) break;
    used += (size_t)w;
  }
  return n;
}

/* Index of 'word' among the choices "a|b|c", or -1. */
static int find_choice(const char *choices, const char *word) {
  int i = 0;
  size_t n = strlen(word);
  for (const char *p = choices; *p; i++) {
    const char *e = strchr(p, '|');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && !strncmp(p, word, n)) return i;
    if (!e) break;
    p = e + 1;
  }
  return -1;
}

/* The i-th choice into buf. */
static const char *choice_at(const char *choices, int i, char *buf, size_t cap) {
  const char *p = choices;
  for (int k = 0; k < i && p; k++) { p = strchr(p, '|'); if (p) p++; }
  if (!p) { snprintf(buf, cap, "?"); return buf; }
  const char *e = strchr(p, '|');
  size_t len = e ? (size_t)(e - p) : strlen(p);
  snprintf(buf, cap, "%.*s", (int)len, p);
  return buf;
}

static void *field(tm_config *c, int k) { return (char *)c + keys[k].offset; }
static const void *cfield(const tm_config *c, int k) { return (const char *)c + keys[k].offset; }

/* Formats key k's value of c as a config file would write it. */
static void format_value(const tm_config *c, int k, char *buf, size_t cap) {
  const key_row *r = &keys[k];
  switch (r->kind) {
  case K_INT: case K_SIZE: snprintf(buf, cap, "%lld", (long long)*(const int64_t *)cfield(c, k)); break;
  case K_REAL: snprintf(buf, cap, "%.17g", *(const double *)cfield(c, k)); break;
  default: choice_at(r->choices, *(const int *)cfield(c, k), buf, cap); break;
  }
  if (r->kind == K_REAL) {   /* whole numbers plainly, others in the shortest text that reads back the same */
    double v = *(const double *)cfield(c, k);
    if (v == floor(v) && fabs(v) < 1e15) { snprintf(buf, cap, "%.0f", v); return; }
    for (int prec = 1; prec <= 17; prec++) {
      snprintf(buf, cap, "%.*g", prec, v);
      if (strtod(buf, NULL) == v) break;
    }
  }
}

void tm_config_value(const tm_config *c, int key, char *buf, size_t cap) { format_value(c, key, buf, cap); }

static void format_number(double v, char *buf, size_t cap) {
  if (v == floor(v) && fabs(v) < 1e15) snprintf(buf, cap, "%.0f", v);
  else snprintf(buf, cap, "%g", v);
}

void tm_config_defaults(tm_config *c) {
  memset(c, 0, sizeof *c);
  for (int k = 0; k < TM_NKEYS; k++) {
    const key_row *r = &keys[k];
    switch (r->kind) {
    case K_INT: case K_SIZE: *(int64_t *)field(c, k) = (int64_t)r->dflt; break;
    case K_REAL: *(double *)field(c, k) = r->dflt; break;
    default: *(int *)field(c, k) = (int)r->dflt; break;
    }
    snprintf(c->origin[k], sizeof c->origin[k], "default");
  }
}

/* Parses 'text' as key k's value into *out (int64_t, double or int). */
static int parse_value(int k, const char *text, void *out, char *err, size_t cap) {
  const key_row *r = &keys[k];
  char lo[32], hi[32];
  format_number(r->min, lo, sizeof lo);
  format_number(r->max, hi, sizeof hi);
  if (!*text) return isa_fail(err, cap, "%s: no value", r->name);
  if (r->kind == K_ENUM) {
    int i = find_choice(r->choices, text);
    if (i < 0) return isa_fail(err, cap, "%s: '%s' is not one of %s", r->name, text, r->choices);
    *(int *)out = i;
    return 0;
  }
  if (r->kind == K_REAL) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno == ERANGE || !isfinite(v))
      return isa_fail(err, cap, "%s: '%s' is not a number", r->name, text);
    if (v < r->min || v > r->max)
      return isa_fail(err, cap, "%s: %s is out of range (%s to %s %s)", r->name, text, lo, hi, r->unit);
    *(double *)out = v;
    return 0;
  }
  /* K_INT, K_SIZE: whole numbers; sizes may carry K, M, G (binary) and a fraction */
  int64_t v;
  const char *what = r->kind == K_SIZE ? "a size in bytes (a whole number, or with K, M or G)" : "a whole number";
  if (r->kind == K_SIZE) {
    char *end;
    errno = 0;
    long double m = strtold(text, &end);
    if (end == text || errno == ERANGE || !isfinite((double)m) || text[0] == '+')
      return isa_fail(err, cap, "%s: '%s' is not %s", r->name, text, what);
    long double scale = 1;
    if (*end == 'K' || *end == 'k') { scale = 1024.0L; end++; }
    else if (*end == 'M' || *end == 'm') { scale = 1024.0L * 1024; end++; }   /* (k was taken, and m and g not) */
    else if (*end == 'G' || *end == 'g') { scale = 1024.0L * 1024 * 1024; end++; }
    if (scale > 1 && (!strcmp(end, "iB") || !strcmp(end, "B"))) end += strlen(end);
    if (*end) return isa_fail(err, cap, "%s: '%s' is not %s", r->name, text, what);
    long double b = m * scale;
    if (b != floorl(b)) return isa_fail(err, cap, "%s: %s is not a whole number of bytes", r->name, text);
    if (b < (long double)r->min || b > (long double)r->max)
      return isa_fail(err, cap, "%s: %s is out of range (%s to %s %s)", r->name, text, lo, hi, r->unit);
    v = (int64_t)b;
  } else {
    char *end;
    errno = 0;
    const char *digits = text + (text[0] == '-');
    int hex = digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
    long long x = strtoll(text, &end, hex ? 16 : 10);   /* decimal (010 is ten) or 0x hexadecimal, never octal */
    if (end == text || *end || errno == ERANGE) return isa_fail(err, cap, "%s: '%s' is not %s", r->name, text, what);
    if ((double)x < r->min || (double)x > r->max)
      return isa_fail(err, cap, "%s: %s is out of range (%s to %s %s)", r->name, text, lo, hi, r->unit);
    v = x;
  }
  *(int64_t *)out = v;
  return 0;
}

static void trim(char **s, char **e) {
  while (*s < *e && (**s == ' ' || **s == '\t' || **s == '\r')) (*s)++;
  while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r')) (*e)--;
}

int tm_config_set(tm_config *c, const char *key, const char *value, const char *where, char *err, size_t cap) {
  int k = find_key(key, strlen(key));
  if (k < 0) {
    char near[160];
    if (tm_config_nearest(key, near, sizeof near))
      return isa_fail(err, cap, "%s: error: unknown key '%s'; did you mean %s? (awemu config --table lists them)", where, key, near);
    return isa_fail(err, cap, "%s: error: unknown key '%s' (awemu config --table lists them)", where, key);
  }
  union { int64_t i; double d; int e; } v;
  char inner[256];
  if (parse_value(k, value, &v, inner, sizeof inner) != 0) return isa_fail(err, cap, "%s: error: %s", where, inner);
  switch (keys[k].kind) {
  case K_INT: case K_SIZE: *(int64_t *)field(c, k) = v.i; break;
  case K_REAL: *(double *)field(c, k) = v.d; break;
  default: *(int *)field(c, k) = v.e; break;
  }
  snprintf(c->origin[k], sizeof c->origin[k], "%s", where);
  c->when[k] = ++c->nsettings;
  return 0;
}

int tm_config_set_pair(tm_config *c, const char *kv, const char *where, char *err, size_t cap) {
  const char *eq = strchr(kv, '=');
  if (!eq) return isa_fail(err, cap, "%s: error: '%s' is not KEY=VALUE", where, kv);
  char key[128], value[256];
  char *ks = (char *)kv, *ke = (char *)eq, *vs = (char *)eq + 1, *ve = (char *)kv + strlen(kv);
  trim(&ks, &ke);
  trim(&vs, &ve);
  if ((size_t)(ke - ks) >= sizeof key || (size_t)(ve - vs) >= sizeof value) return isa_fail(err, cap, "%s: error: '%s' is too long", where, kv);
  memcpy(key, ks, (size_t)(ke - ks)); key[ke - ks] = 0;
  memcpy(value, vs, (size_t)(ve - vs)); value[ve - vs] = 0;
  return tm_config_set(c, key, value, where, err, cap);
}

const char *tm_preset_name(int i, const char **text) {
  for (int k = 0; tm_presets[k]; k += 2)
    if (k / 2 == i) { if (text) *text = tm_presets[k + 1]; return tm_presets[k]; }
  return NULL;
}

/* The config files being loaded, the outermost first (their real paths): a base that is one
 * of them is a loop. */
#define MAX_BASES 32
typedef struct { char path[MAX_BASES][PATH_MAX]; int n; } base_chain;

static int load_depth(tm_config *c, const char *name, const char *from, base_chain *chain, char *err, size_t cap);

/* The presets' names, comma-separated, in buf. */
static const char *preset_list(char *buf, size_t cap) {
  buf[0] = 0;
  for (int i = 0; tm_presets[i]; i += 2) {
    size_t n = strlen(buf);
    snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", tm_presets[i]);
  }
  return buf;
}

/* Whether stat's errno e says that nothing is there (rather than that something is there and
 * cannot be reached: a loop of symbolic links, a directory without search permission). */
static int missing(int e) { return e == ENOENT || e == ENOTDIR; }

/* Whether load_depth takes name for a preset (not a path). */
static int is_preset(const char *name) {
  if (strchr(name, '/') || strstr(name, ".cfg")) return 0;
  for (int i = 0; tm_presets[i]; i += 2)
    if (!strcmp(tm_presets[i], name)) return 1;
  return 0;
}

/* Runs the text of a config file named 'origin' ("caba-gtx480", "my.cfg"). */
static int load_text(tm_config *c, const char *origin, const char *text, base_chain *chain, char *err, size_t cap) {
  int lineno = 0, seen_key = 0, base_at = 0;
  int set_at[TM_NKEYS] = { 0 };   /* the line of this file that set each key (0: none): a second is refused */
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    const char *end = nl ? nl : p + strlen(p);
    lineno++;
    char line[1024];
    size_t len = (size_t)(end - p);
    const char *hash = memchr(p, '#', len);   /* (a comment may be as long as it likes) */
    if (hash) len = (size_t)(hash - p);
    if (len >= sizeof line) return isa_fail(err, cap, "%s:%d: error: line longer than %zu characters", origin, lineno, sizeof line - 1);
    memcpy(line, p, len);
    line[len] = 0;
    p = nl ? nl + 1 : end;
    char *s = line, *e = line + strlen(line);
    trim(&s, &e);
    if (s == e) continue;
    *e = 0;
    char where[160];
    snprintf(where, sizeof where, "%s:%d", origin, lineno);
    char *eq = strchr(s, '=');
    if (!eq) return isa_fail(err, cap, "%s: error: '%s' is not KEY = VALUE", where, s);
    char *ks = s, *ke = eq, *vs = eq + 1, *ve = e;
    trim(&ks, &ke);
    trim(&vs, &ve);
    *ke = 0;
    *ve = 0;
    if (!strcmp(ks, "base")) {
      if (seen_key) return isa_fail(err, cap, "%s: error: base must come before the first key", where);
      if (base_at) return isa_fail(err, cap, "%s: error: base given twice (line %d names one)", where, base_at);
      base_at = lineno;
      struct stat bst;
      if (!*vs) return isa_fail(err, cap, "%s: error: base: no preset or file named", where);
      /* a relative file name is the including file's neighbour (as #include takes it), else the
       * current directory's */
      char near[PATH_MAX + 256];
      const char *slash = strrchr(origin, '/');
      const char *bname = vs;
      if (!is_preset(vs) && vs[0] != '/' && slash && !is_preset(origin)) {
        snprintf(near, sizeof near, "%.*s/%s", (int)(slash - origin), origin, vs);
        if (stat(near, &bst) == 0 || !missing(errno)) bname = near;   /* (there, but unreadable: its own error below) */
      }
      if (!is_preset(bname) && stat(bname, &bst) != 0) {
        char list[256];
        if (!missing(errno)) return isa_fail(err, cap, "%s: error: base: %s: %s", where, bname, strerror(errno));
        return isa_fail(err, cap, "%s: error: base: %s: no such preset or file (presets: %s)", where, vs, preset_list(list, sizeof list));
      }
      if (load_depth(c, bname, where, chain, err, cap) != 0) return -1;
      continue;
    }
    seen_key = 1;
    int k = find_key(ks, strlen(ks));
    if (k >= 0 && set_at[k])   /* (a base's value is there to be overridden, once) */
      return isa_fail(err, cap, "%s: error: %s given twice (line %d sets it first)", where, keys[k].name, set_at[k]);
    if (tm_config_set(c, ks, vs, where, err, cap) != 0) return -1;
    if (k >= 0) set_at[k] = lineno;
  }
  return 0;
}

/* Loads preset or file 'name', included by the base line 'from' ("outer.cfg:1"; NULL: named by
 * the user), within the chain of files being loaded. */
static int load_depth(tm_config *c, const char *name, const char *from, base_chain *chain, char *err, size_t cap) {
  char lead[200] = "";   /* an included file's problem is its base line's */
  if (from) snprintf(lead, sizeof lead, "%s: error: base: ", from);
  if (!strchr(name, '/') && !strstr(name, ".cfg"))
    for (int i = 0; tm_presets[i]; i += 2)
      if (!strcmp(tm_presets[i], name)) return load_text(c, name, tm_presets[i + 1], chain, err, cap);   /* (presets have no base) */
  struct stat st;
  if (stat(name, &st) != 0) {
    char list[256];
    if (!missing(errno)) return isa_fail(err, cap, "%s%s: %s", lead, name, strerror(errno));   /* a loop of links, no permission, ... */
    return isa_fail(err, cap, "%s%s: no such preset or file (presets: %s)", lead, name, preset_list(list, sizeof list));
  }
  if (S_ISDIR(st.st_mode)) return isa_fail(err, cap, "%s%s: is a directory, not a config file", lead, name);
  char real[PATH_MAX];
  if (!realpath(name, real)) snprintf(real, sizeof real, "%s", name);
  for (int i = 0; i < chain->n; i++)
    if (!strcmp(chain->path[i], real)) return isa_fail(err, cap, "%s%s: a loop of bases (it is being loaded already)", lead, name);
  if (chain->n == MAX_BASES) return isa_fail(err, cap, "%s%s: more than %d nested bases", lead, name, MAX_BASES);
  FILE *f = fopen(name, "r");
  if (!f) return isa_fail(err, cap, "%s%s: cannot read: %s", lead, name, strerror(errno));
  size_t n = 0, capb = 4096;
  char *buf = malloc(capb);
  if (!buf) { fclose(f); return isa_fail(err, cap, "%s%s: out of memory", lead, name); }
  for (;;) {
    if (n + 1 >= capb) {
      if (capb >= (1u << 24)) { free(buf); fclose(f); return isa_fail(err, cap, "%s%s: larger than 16 MiB: not a config file", lead, name); }
      char *nb = realloc(buf, capb * 2);
      if (!nb) { free(buf); fclose(f); return isa_fail(err, cap, "%s%s: out of memory", lead, name); }
      buf = nb;
      capb *= 2;
    }
    size_t k = fread(buf + n, 1, capb - n - 1, f);
    if (!k) break;
    n += k;
  }
  int bad = ferror(f);
  fclose(f);
  buf[n] = 0;
  if (bad) { free(buf); return isa_fail(err, cap, "%s%s: cannot read", lead, name); }
  if (memchr(buf, 0, n)) { free(buf); return isa_fail(err, cap, "%s%s: not a text file", lead, name); }
  snprintf(chain->path[chain->n++], PATH_MAX, "%s", real);
  int rc = load_text(c, name, buf, chain, err, cap);
  chain->n--;
  free(buf);
  return rc;
}

int tm_config_load(tm_config *c, const char *name, char *err, size_t cap) {
  base_chain *chain = malloc(sizeof *chain);   /* (32 paths: too much for the stack) */
  if (!chain) return isa_fail(err, cap, "%s: out of memory", name);
  chain->n = 0;
  int rc = load_depth(c, name, NULL, chain, err, cap);
  free(chain);
  return rc;
}

int tm_config_same(const tm_config *a, const tm_config *b) {
#define KEY(name, kind, unit, dflt, mn, mx, choices, doc) if (a->name != b->name) return 0;
#include "config.def"
#undef KEY
  return 1;
}

/* ---- consistency ---- */

static int pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

int64_t tm_l1_sets(const tm_config *c) {
  int64_t way = c->l1_line_bytes * c->l1_ways;
  return way ? c->l1_bytes / way : 0;
}

int64_t tm_l2_slice_sets(const tm_config *c) {
  int64_t slices = c->n_mem * c->l2_slices_per_mem;
  int64_t way = c->l2_line_bytes * c->l2_ways;
  return slices && way ? c->l2_bytes / slices / way : 0;
}

double tm_dram_peak_bytes_per_s(const tm_config *c) {
  return (double)c->n_mem * (double)c->dram_bus_bytes * (double)c->dram_data_rate * c->dram_clock_mhz * 1e6 * c->dram_bandwidth_scale;
}

/* n with a comma every three digits, in buf. */
static const char *grouped(int64_t n, char *buf, size_t cap) {
  char d[32];
  int len = snprintf(d, sizeof d, "%lld", (long long)n), o = 0;
  for (int i = 0; i < len && (size_t)o + 2 < cap; i++) {
    if (i && d[i - 1] != '-' && (len - i) % 3 == 0) buf[o++] = ',';
    buf[o++] = d[i];
  }
  buf[o] = 0;
  return buf;
}

/* The watchdog: an SM whose assist warps are live but issue nothing for this long is a model
 * error.  Legitimately they wait for the memory, at worst for the LD/ST unit's accesses of one
 * instruction served one after another (32 lanes, one MSHR): the limit is 64 times the longest
 * one request can take under c (every stage at its slowest: the SM's latencies, the crossbar
 * both ways through full injection buffers, L2 twice, DRAM for the metadata and then the data
 * with every timing, the packet link both ways, and queued at one DRAM channel behind every
 * request the SMs can have in flight), and at least TM_WATCHDOG_FLOOR cycles. */
#define TM_WATCHDOG_FLOOR 10000000
#define TM_WATCHDOG_TRIPS 64
int64_t tm_watchdog_cycles(const tm_config *c, char *why, size_t cap) {
  double core = c->core_clock_mhz, line = (double)tm_mem_line(c);
  double burst = (double)c->dram_mag / ((double)c->dram_bus_bytes * (double)c->dram_data_rate * c->dram_bandwidth_scale);   /* DRAM cycles */
  double bursts = ceil(line / (double)c->dram_mag) * burst;
  double timings = (double)(c->tRP + c->tRCD + c->tCL + c->tWL + c->tRAS + c->tRC + c->tRRD + c->tCCD + c->tWR + c->tCDLR);
  double codec = 9;   /* the slowest algorithm's latency (C-Pack's, 'best''s), when the keys leave it to the algorithm */
  double comp = c->compress_cycles >= 0 ? (double)c->compress_cycles : codec, decomp = c->decompress_cycles >= 0 ? (double)c->decompress_cycles : codec;
  double flits = ceil((line + (double)c->request_header_bytes) / (double)c->icnt_flit_bytes) + (double)c->icnt_buffer_flits;
  double link_bps = (double)c->dram_bus_bytes * (double)c->dram_data_rate * c->dram_clock_mhz * 1e6 * c->link_bandwidth_scale;
  enum { T_SM, T_ICNT, T_L2, T_DRAM, T_LINK, T_QUEUE, T_N };
  double t[T_N];
  t[T_SM] = (double)c->l1_latency + (c->awb_line_latency >= 0 ? (double)c->awb_line_latency : (double)c->l1_latency) + comp + decomp + 255 * c->latency_scale;
  t[T_ICNT] = 2 * ((double)c->icnt_latency + ceil(flits / (double)c->icnt_flits_per_cycle)) * core / c->icnt_clock_mhz;
  t[T_L2] = 2 * (double)c->l2_latency * core / c->l2_clock_mhz;
  t[T_DRAM] = 2 * (timings + bursts) * core / c->dram_clock_mhz;
  t[T_LINK] = c->mem_link == TM_LINK_PACKET ? 2 * (double)(c->link_packet_bytes + c->link_header_bytes) / link_bps * core * 1e6 : 0;
  t[T_QUEUE] = (double)c->n_sm * (double)(c->l1_mshrs + c->icnt_buffer_flits) * ((double)c->tRC + bursts) * core / c->dram_clock_mhz;
  double trip = 0;
  int big = 0;
  for (int i = 0; i < T_N; i++) { trip += t[i]; if (t[i] > t[big]) big = i; }
  double lim = ceil(TM_WATCHDOG_TRIPS * trip);
  int64_t cycles = lim > TM_WATCHDOG_FLOOR ? (lim < 4e18 ? (int64_t)lim : (int64_t)4e18) : TM_WATCHDOG_FLOOR;
  if (why && cap) {
    char n[40], r[40], most[160];
    switch (big) {
    case T_SM: snprintf(most, sizeof most, "the SM's latencies (l1_latency = %lld, latency_scale = %g)", (long long)c->l1_latency, c->latency_scale); break;
    case T_ICNT: snprintf(most, sizeof most, "icnt_latency = %lld at icnt_clock_mhz = %g", (long long)c->icnt_latency, c->icnt_clock_mhz); break;
    case T_L2: snprintf(most, sizeof most, "l2_latency = %lld at l2_clock_mhz = %g", (long long)c->l2_latency, c->l2_clock_mhz); break;
    case T_DRAM: snprintf(most, sizeof most, "DRAM timings at dram_clock_mhz = %g, dram_bandwidth_scale = %g", c->dram_clock_mhz, c->dram_bandwidth_scale); break;
    case T_LINK: snprintf(most, sizeof most, "link_packet_bytes = %lld at link_bandwidth_scale = %g", (long long)c->link_packet_bytes, c->link_bandwidth_scale); break;
    default: snprintf(most, sizeof most, "queueing: n_sm = %lld x (l1_mshrs = %lld + icnt_buffer_flits = %lld)", (long long)c->n_sm,
                      (long long)c->l1_mshrs, (long long)c->icnt_buffer_flits); break;
    }
    grouped(cycles, n, sizeof n);
    grouped(trip < 4e18 ? (int64_t)ceil(trip) : (int64_t)4e18, r, sizeof r);
    if (cycles > TM_WATCHDOG_FLOOR)
      snprintf(why, cap, "the watchdog's limit of %s cycles (%d x the longest a memory request takes, %s cycles, mostly %s)", n, TM_WATCHDOG_TRIPS, r, most);
    else snprintf(why, cap, "the watchdog's limit of %s cycles (its least; %d x the longest a memory request takes, %s cycles, is less)", n, TM_WATCHDOG_TRIPS, r);
  }
  return cycles;
}

/* Of the keys a check involves (TM_KEY_ values, ending with -1), the one to
 * blame in its message: the one set last (a --set after a preset, a file's
 * line after its base), else the first.  So a bad --set n_mem=5 reports
 * n_mem, not the preset's l2_bytes. */
static int blame(const tm_config *c, int first, ...) {
  va_list ap;
  va_start(ap, first);
  int k = first, pick = first;
  while (k >= 0) {
    if (c->when[k] > c->when[pick]) pick = k;
    k = va_arg(ap, int);
  }
  va_end(ap);
  return pick;
}

/* Fails with "ORIGIN: error: KEY: message" for key k of the check's keys. */
#define BAD(k, ...) BADK(blame(c, TM_KEY_##k, -1), __VA_ARGS__)
#define BADK(key, ...) do { \
    int k_ = (key); char m_[512]; snprintf(m_, sizeof m_, __VA_ARGS__); \
    return isa_fail(err, cap, "%s: error: %s: %s", c->origin[k_], keys[k_].name, m_); } while (0)
#define L2KEYS TM_KEY_l2_bytes, TM_KEY_n_mem, TM_KEY_l2_slices_per_mem, TM_KEY_l2_ways, TM_KEY_l2_line_bytes, -1
#define L1KEYS TM_KEY_l1_bytes, TM_KEY_l1_ways, TM_KEY_l1_line_bytes, -1

double tm_host_limit(char *what, size_t cap) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  double limit = pages > 0 && size > 0 ? (double)pages * (double)size : 0;
  const char *by = NULL;
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (limit <= 0 || (double)rl.rlim_cur < limit)) {
    limit = (double)rl.rlim_cur;
    by = "ulimit -v";
  }
  if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (limit <= 0 || (double)rl.rlim_cur < limit)) {
    limit = (double)rl.rlim_cur;
    by = "ulimit -d";
  }
  double gib = 1024.0 * 1024 * 1024;
  if (what && cap) {
    if (by) snprintf(what, cap, "the %.1f GiB this process may take (%s)", limit / gib, by);
    else snprintf(what, cap, "this machine's %.1f GiB", limit / gib);
  }
  return limit;
}

/* "; set A = x or B = y": those of the n settings keys[i] = vals[i] that alone would make
 * c pass every check, in buf ("" when none would; depth: the checks' own nesting). */
static int check(const tm_config *c, int depth, char *err, size_t cap);
static const char *fixes(const tm_config *c, int depth, int n, const int *key, const int64_t *val, char *buf, size_t cap) {
  size_t used = 0;
  int found = 0;
  buf[0] = 0;
  if (depth > 0) return buf;
  tm_config *t = malloc(sizeof *t);
  if (!t) return buf;
  for (int i = 0; i < n; i++) {
    *t = *c;
    char v[32], e[8];
    snprintf(v, sizeof v, "%lld", (long long)val[i]);
    if (tm_config_set(t, keys[key[i]].name, v, "fix", e, sizeof e) || check(t, depth + 1, e, sizeof e)) continue;
    int w = snprintf(buf + used, cap - used, "%s%s = %s", found ? " or " : "; set ", keys[key[i]].name, v);
    if (w < 0 || (size_t)w >= cap - used) break;
    used += (size_t)w;
    found++;
  }
  free(t);
  return buf;
}

int tm_config_check(const tm_config *c, char *err, size_t cap) { return check(c, 0, err, cap); }

static int check(const tm_config *c, int depth, char *err, size_t cap) {
  if (c->sm_max_threads % 32) BAD(sm_max_threads, "%lld is not a whole number of 32-thread warps", (long long)c->sm_max_threads);
  if (c->sm_max_warps * 32 < c->sm_max_threads)
    BADK(blame(c, TM_KEY_sm_max_warps, TM_KEY_sm_max_threads, -1), "sm_max_warps = %lld warps hold fewer than sm_max_threads = %lld threads",
         (long long)c->sm_max_warps, (long long)c->sm_max_threads);
  if (c->l1_bytes) {
    if (!pow2(c->l1_line_bytes)) BAD(l1_line_bytes, "%lld is not a power of two", (long long)c->l1_line_bytes);
    if (!pow2(c->l1_sector_bytes) || c->l1_sector_bytes > c->l1_line_bytes)
      BADK(blame(c, TM_KEY_l1_sector_bytes, TM_KEY_l1_line_bytes, -1), "l1_sector_bytes = %lld must be a power of two no larger than l1_line_bytes = %lld",
           (long long)c->l1_sector_bytes, (long long)c->l1_line_bytes);
    if (c->l1_line_bytes / c->l1_sector_bytes > 32)   /* (a line's sectors are the bits of a 32-bit mask) */
      BADK(blame(c, TM_KEY_l1_sector_bytes, TM_KEY_l1_line_bytes, -1), "l1_line_bytes = %lld in l1_sector_bytes = %lld sectors: %lld sectors, and a line has at most 32",
           (long long)c->l1_line_bytes, (long long)c->l1_sector_bytes, (long long)(c->l1_line_bytes / c->l1_sector_bytes));
    if (c->l1_bytes % (c->l1_line_bytes * c->l1_ways))
      BADK(blame(c, L1KEYS), "l1_bytes = %lld do not divide into whole sets of %lld ways x %lld-byte lines", (long long)c->l1_bytes, (long long)c->l1_ways, (long long)c->l1_line_bytes);
    if (!pow2(tm_l1_sets(c)))
      BADK(blame(c, L1KEYS), "l1_bytes = %lld in %lld ways of %lld-byte lines give %lld sets, not a power of two", (long long)c->l1_bytes, (long long)c->l1_ways, (long long)c->l1_line_bytes, (long long)tm_l1_sets(c));
  }
  if (c->l2_tags != 1 && c->l2_tags != 2 && c->l2_tags != 4) BAD(l2_tags, "%lld: a way has 1, 2 or 4 tags", (long long)c->l2_tags);
  if (c->l1_tags != 1 && c->l1_tags != 2 && c->l1_tags != 4) BAD(l1_tags, "%lld: a way has 1, 2 or 4 tags", (long long)c->l1_tags);
  const tm_design *des = tm_design_of(c);
  if (c->l1_tags > 1 && !des->l1)
    BADK(blame(c, TM_KEY_l1_tags, TM_KEY_design, -1), "%lld tags per way hold compressed lines, and design %s keeps L1's lines uncompressed "
         "(hw and ideal can keep them compressed; caba's assist warps decompress them as they arrive)", (long long)c->l1_tags, des->name);
  if (c->l2_tags > 1 && !des->dram)
    BADK(blame(c, TM_KEY_l2_tags, TM_KEY_design, -1), "%lld tags per way hold compressed lines, and design base compresses nothing (hw, ideal and caba keep L2's lines compressed)",
         (long long)c->l2_tags);
  if (!pow2(c->coalesce_bytes)) BAD(coalesce_bytes, "%lld is not a power of two", (long long)c->coalesce_bytes);
  if (!pow2(c->smem_banks)) BAD(smem_banks, "%lld is not a power of two", (long long)c->smem_banks);
  if (!pow2(c->smem_bank_bytes)) BAD(smem_bank_bytes, "%lld is not a power of two", (long long)c->smem_bank_bytes);
  if (c->l2_bytes) {
    int64_t slices = c->n_mem * c->l2_slices_per_mem;
    if (!pow2(c->l2_line_bytes)) BAD(l2_line_bytes, "%lld is not a power of two", (long long)c->l2_line_bytes);
    if (!pow2(c->l2_sector_bytes) || c->l2_sector_bytes > c->l2_line_bytes)
      BADK(blame(c, TM_KEY_l2_sector_bytes, TM_KEY_l2_line_bytes, -1), "l2_sector_bytes = %lld must be a power of two no larger than l2_line_bytes = %lld",
           (long long)c->l2_sector_bytes, (long long)c->l2_line_bytes);
    if (c->l2_line_bytes / c->l2_sector_bytes > 32)
      BADK(blame(c, TM_KEY_l2_sector_bytes, TM_KEY_l2_line_bytes, -1), "l2_line_bytes = %lld in l2_sector_bytes = %lld sectors: %lld sectors, and a line has at most 32",
           (long long)c->l2_line_bytes, (long long)c->l2_sector_bytes, (long long)(c->l2_line_bytes / c->l2_sector_bytes));
    if (c->l2_bytes % (slices * c->l2_line_bytes * c->l2_ways))
      BADK(blame(c, L2KEYS), "l2_bytes = %lld do not divide into %lld slices (n_mem x l2_slices_per_mem) of whole sets of %lld ways x %lld-byte lines",
          (long long)c->l2_bytes, (long long)slices, (long long)c->l2_ways, (long long)c->l2_line_bytes);
    if (!pow2(tm_l2_slice_sets(c)))
      BADK(blame(c, L2KEYS), "l2_bytes = %lld in %lld slices of %lld ways of %lld-byte lines give %lld sets per slice, not a power of two",
          (long long)c->l2_bytes, (long long)slices, (long long)c->l2_ways, (long long)c->l2_line_bytes, (long long)tm_l2_slice_sets(c));
  }
  /* the line the memory moves: L2's, or with no L2 L1's */
  int64_t line = tm_mem_line(c);
  int line_key = c->l2_bytes ? TM_KEY_l2_line_bytes : TM_KEY_l1_line_bytes;
  const char *line_name = keys[line_key].name;
  if (!c->l2_bytes && !c->l1_bytes) {   /* (tm_map shifts by it; the L2 slices pass it through) */
    if (!pow2(line)) BAD(l1_line_bytes, "%lld is not a power of two (with neither L1 nor L2 it is the line the memory moves)", (long long)line);
    if (!pow2(c->l1_sector_bytes) || c->l1_sector_bytes > line || line / c->l1_sector_bytes > 32)
      BADK(blame(c, TM_KEY_l1_sector_bytes, TM_KEY_l1_line_bytes, -1), "l1_sector_bytes = %lld must be a power of two no larger than l1_line_bytes = %lld and at least a 32nd of it "
           "(with neither L1 nor L2 they are the line and sectors the memory moves)", (long long)c->l1_sector_bytes, (long long)line);
  }
  if (!pow2(c->addr_interleave_bytes) || c->addr_interleave_bytes < line)
    BADK(blame(c, TM_KEY_addr_interleave_bytes, line_key, -1), "addr_interleave_bytes = %lld must be a power of two no smaller than %s = %lld",
         (long long)c->addr_interleave_bytes, line_name, (long long)line);
  if (!pow2(c->dram_mag) || c->dram_mag > line)
    BADK(blame(c, TM_KEY_dram_mag, line_key, -1), "dram_mag = %lld must be a power of two no larger than %s = %lld", (long long)c->dram_mag, line_name, (long long)line);
  if (c->dram_mag % (c->dram_bus_bytes * c->dram_data_rate) && (c->dram_bus_bytes * c->dram_data_rate) % c->dram_mag)
    BADK(blame(c, TM_KEY_dram_mag, TM_KEY_dram_bus_bytes, TM_KEY_dram_data_rate, -1),
         "a dram_mag = %lld-byte burst is not a whole number of command cycles of dram_bus_bytes x dram_data_rate = %lld x %lld bytes, nor a whole fraction of one",
         (long long)c->dram_mag, (long long)c->dram_bus_bytes, (long long)c->dram_data_rate);
  if (!pow2(c->dram_row_bytes) || c->dram_row_bytes < line)
    BADK(blame(c, TM_KEY_dram_row_bytes, line_key, -1), "dram_row_bytes = %lld must be a power of two no smaller than %s = %lld",
         (long long)c->dram_row_bytes, line_name, (long long)line);
  if (!pow2(c->dram_banks)) BAD(dram_banks, "%lld is not a power of two", (long long)c->dram_banks);
  if (des->dram) {
    /* blocks are compressed one L2 sector (or line) at a time, and the codecs take 32, 64 or 128 bytes */
    int64_t unit = tm_mem_sector(c);
    if (unit != 32 && unit != 64 && unit != 128)
      BADK(blame(c, TM_KEY_design, TM_KEY_l2_sector_bytes, TM_KEY_l1_sector_bytes, -1),
           "compression works on %lld-byte blocks (the L2 sector); the codecs take 32, 64 or 128", (long long)unit);
    if (c->dram_mag != 16 && c->dram_mag != 32 && c->dram_mag != 64)
      BADK(blame(c, TM_KEY_design, TM_KEY_dram_mag, -1), "dram_mag = %lld: the codecs aim at a memory access granularity of 16, 32 or 64 bytes", (long long)c->dram_mag);
    if (des->decompress == TM_BY_ASSIST && !c->l1_bytes)
      BADK(blame(c, TM_KEY_design, TM_KEY_l1_bytes, -1), "design %s decompresses lines as they arrive at L1, and l1_bytes = 0 leaves no L1", des->name);
    if (des->decompress == TM_BY_ASSIST && unit != c->l1_line_bytes) {
      /* what to set: the block to the line, or the line to the block (those that pass every check) */
      int unit_key = c->l2_bytes ? TM_KEY_l2_sector_bytes : TM_KEY_l1_sector_bytes;
      int fk[2] = { unit_key, TM_KEY_l1_line_bytes };
      int64_t fv[2] = { c->l1_line_bytes, unit };
      char fix[160];
      BADK(blame(c, TM_KEY_design, unit_key, TM_KEY_l1_line_bytes, -1),
           "design %s decompresses whole L1 lines: the %lld-byte blocks (%s, from %s) must be the %lld-byte L1 line (l1_line_bytes, from %s)%s",
           des->name, (long long)unit, keys[unit_key].name, c->origin[unit_key], (long long)c->l1_line_bytes, c->origin[TM_KEY_l1_line_bytes],
           fixes(c, depth, 2, fk, fv, fix, sizeof fix));
    }
    if (tm_design_assist(des) && (c->compression == TM_COMP_BEST || c->compression == TM_COMP_COST))
      BADK(blame(c, TM_KEY_design, TM_KEY_compression, -1), "design %s needs one algorithm: its subroutines are bound to that algorithm's encoding numbers", des->name);
    if (c->compression == TM_COMP_MPC && unit != 32)
      BADK(blame(c, TM_KEY_compression, TM_KEY_l2_sector_bytes, TM_KEY_l1_sector_bytes, -1),
           "MPC compresses 32-byte blocks (its hardware's), and the blocks here are %lld-byte L2 sectors (mpc-titanv has 32)", (long long)unit);
    if (!c->l2_compressed && des->decompress != TM_BY_ASSIST)
      BADK(blame(c, TM_KEY_l2_compressed, TM_KEY_design, -1), "l2_compressed = off is an option of design caba (hw-mem is hw with an uncompressed L2)");
    if (!c->l2_compressed && (c->l2_tags > 1 || !c->l2_bytes || c->l2_sector_bytes != c->l2_line_bytes))
      BADK(blame(c, TM_KEY_l2_compressed, TM_KEY_l2_tags, TM_KEY_l2_bytes, TM_KEY_l2_sector_bytes, -1),
           "l2_compressed = off keeps whole L2 lines uncompressed: it needs an L2 (l2_bytes) of one tag per way (l2_tags = 1) whose lines are one block (l2_sector_bytes = l2_line_bytes)");
    if (c->l2_tags > 1 && !des->l2)
      BADK(blame(c, TM_KEY_l2_tags, TM_KEY_design, -1), "%lld tags per way hold compressed lines, and design %s keeps L2's lines uncompressed (hw, ideal and caba compress them)",
           (long long)c->l2_tags, des->name);
    if (c->l2_tags > 1 && !c->l2_bytes)
      BADK(blame(c, TM_KEY_l2_tags, TM_KEY_l2_bytes, -1), "l2_tags = %lld tags per way hold compressed L2 lines, and l2_bytes = 0 leaves no L2", (long long)c->l2_tags);
    int64_t sets = c->md_cache_bytes / (128 * c->md_cache_ways);
    if (c->md_cache_bytes % (128 * c->md_cache_ways) || !pow2(sets))
      BADK(blame(c, TM_KEY_md_cache_bytes, TM_KEY_md_cache_ways, -1), "md_cache_bytes = %lld in %lld ways of 128-byte lines must give a power-of-two number of sets",
           (long long)c->md_cache_bytes, (long long)c->md_cache_ways);
  }
  /* every array the model sizes from the keys must fit in the host: a model that cannot be
   * built is refused here, rather than killed by the kernel as it is built (tm_model_host_bytes) */
  double part[TM_HOST_NPARTS], gib = 1024.0 * 1024 * 1024;
  double total = tm_model_host_bytes(c, part), host = tm_host_limit(NULL, 0);
  if (host > 0 && total > 0.75 * host) {
    int big = 0;
    for (int i = 1; i < TM_HOST_NPARTS; i++) if (part[i] > part[big]) big = i;
    char what[200], lim[96];
    long long nslices = (long long)(c->n_mem * c->l2_slices_per_mem);
    int k;
    switch (big) {
    case TM_HOST_SMS:
      k = blame(c, TM_KEY_sm_max_warps, TM_KEY_n_sm, TM_KEY_sm_schedulers, TM_KEY_sm_max_ctas, -1);
      snprintf(what, sizeof what, "the SMs' warp slots: n_sm = %lld x sm_max_warps = %lld, sm_schedulers = %lld", (long long)c->n_sm,
               (long long)c->sm_max_warps, (long long)c->sm_schedulers);
      break;
    case TM_HOST_L1:
      k = blame(c, TM_KEY_l1_bytes, TM_KEY_n_sm, TM_KEY_l1_tags, TM_KEY_l1_mshrs, TM_KEY_l1_line_bytes, -1);
      snprintf(what, sizeof what, "the L1s: n_sm = %lld x l1_bytes = %lld in %lld-byte lines, l1_tags = %lld, l1_mshrs = %lld", (long long)c->n_sm,
               (long long)c->l1_bytes, (long long)c->l1_line_bytes, (long long)c->l1_tags, (long long)c->l1_mshrs);
      break;
    case TM_HOST_ASSIST:
      k = blame(c, TM_KEY_awt_entries, TM_KEY_n_sm, -1);
      snprintf(what, sizeof what, "the assist warp tables: n_sm = %lld x awt_entries = %lld", (long long)c->n_sm, (long long)c->awt_entries);
      break;
    case TM_HOST_L2_LINES:
      k = blame(c, TM_KEY_l2_bytes, TM_KEY_l2_tags, TM_KEY_l2_line_bytes, TM_KEY_n_mem, TM_KEY_l2_slices_per_mem, -1);
      snprintf(what, sizeof what, "the L2: l2_bytes = %lld in %lld-byte lines, l2_tags = %lld, in %lld slices", (long long)c->l2_bytes,
               (long long)tm_mem_line(c), (long long)c->l2_tags, nslices);
      break;
    case TM_HOST_L2_MSHRS:
      k = blame(c, TM_KEY_l2_mshrs, TM_KEY_n_mem, TM_KEY_l2_slices_per_mem, -1);
      snprintf(what, sizeof what, "the L2 slices' MSHRs (with or without an L2): l2_mshrs = %lld x n_mem = %lld x l2_slices_per_mem = %lld",
               (long long)c->l2_mshrs, (long long)c->n_mem, (long long)c->l2_slices_per_mem);
      break;
    case TM_HOST_DRAM:
      k = blame(c, TM_KEY_dram_queue, TM_KEY_dram_banks, TM_KEY_n_mem, -1);
      snprintf(what, sizeof what, "the DRAM queues: n_mem = %lld x dram_banks = %lld x dram_queue = %lld", (long long)c->n_mem,
               (long long)c->dram_banks, (long long)c->dram_queue);
      break;
    default:
      k = blame(c, TM_KEY_md_cache_bytes, TM_KEY_n_mem, -1);
      snprintf(what, sizeof what, "the metadata caches: n_mem = %lld x md_cache_bytes = %lld", (long long)c->n_mem, (long long)c->md_cache_bytes);
      break;
    }
    tm_host_limit(lim, sizeof lim);
    BADK(k, "the timing model would take %.1f GiB of host memory, %.1f of them for %s; more than three quarters of %s",
         total / gib, part[big] / gib, what, lim);
  }
  return 0;
}

/* ---- output ---- */

void tm_config_write(const tm_config *c, FILE *f) {
  for (int k = 0; k < TM_NKEYS; k++) {
    char v[64], kv[128];
    format_value(c, k, v, sizeof v);
    snprintf(kv, sizeof kv, "%s = %s", keys[k].name, v);
    fprintf(f, "%-36s # %s%sfrom %s\n", kv, keys[k].unit, *keys[k].unit ? "; " : "", c->origin[k]);
  }
}

void tm_config_table(FILE *f) {
  tm_config d;
  tm_config_defaults(&d);
  fputs("| key | unit | default | accepted | meaning |\n|---|---|---|---|---|\n", f);
  for (int k = 0; k < TM_NKEYS; k++) {
    const key_row *r = &keys[k];
    char v[64], lo[32], hi[32], range[128];
    format_value(&d, k, v, sizeof v);
    format_number(r->min, lo, sizeof lo);
    format_number(r->max, hi, sizeof hi);
    if (r->kind == K_ENUM) {
      snprintf(range, sizeof range, "%s", r->choices);
      for (char *p = range; *p; p++) if (*p == '|') *p = ',';
    } else snprintf(range, sizeof range, "%s to %s", lo, hi);
    fprintf(f, "| `%s` | %s | %s | %s | %s |\n", r->name, r->unit, v, range, r->doc);
  }
}
