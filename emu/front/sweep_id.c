/* emu/front/sweep_id.c -- a run's identity and state: the hashes of what it read (its command,
 * script, modules, data, configs, subroutines) as DIR/runs/ID/inputs records them, whether its
 * stats.json is whole JSON, whether the run is done, stale or damaged, and the shell line that
 * runs it (see sweep_int.h and emu/SWEEP.md).
 */
#define _XOPEN_SOURCE 700   /* realpath */
#define _DEFAULT_SOURCE     /* flock */
#include "sweep_int.h"

#include "../timing/config.h"
#include "exec.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- what a run read: its identity ---- */

/* A run is reused only while its command and the contents of everything it reads are those it
 * ran with.  DIR/runs/ID/inputs records them, one line each: the FNV-1a 64 hash, then what was
 * hashed ("command", "config NAME", "file PATH").  The hashes of files and configs are kept for
 * the life of the sweep (a sweep of many runs reads each input once). */

#define INPUTS_HEAD "# what this run read: FNV-1a 64 hashes (awemu sweep reuses the run only while every line is the same)\n"
#define FNV_START 0xcbf29ce484222325ULL

uint64_t sw_fnv1a(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ULL; }
  return h;
}

typedef struct { char *key; uint64_t h; } memo_slot;
static memo_slot *memo;          /* open addressing, a power of two in size */
static size_t memo_cap, memo_n;

static memo_slot *memo_find(const char *key) {
  if (!memo_cap) return NULL;
  size_t i = (size_t)sw_fnv1a(FNV_START, key, strlen(key)) & (memo_cap - 1);
  while (memo[i].key && strcmp(memo[i].key, key)) i = (i + 1) & (memo_cap - 1);
  return &memo[i];
}

static void memo_put(const char *key, uint64_t h) {
  if (2 * (memo_n + 1) > memo_cap) {   /* grow: at most half full */
    size_t old = memo_cap;
    memo_slot *o = memo;
    memo_cap = old ? 2 * old : 256;
    memo = calloc(memo_cap, sizeof *memo);
    if (!memo) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
    for (size_t i = 0; i < old; i++) if (o[i].key) *memo_find(o[i].key) = o[i];
    free(o);
  }
  memo_slot *s = memo_find(key);
  if (!s->key) { s->key = strdup(key); memo_n++; }
  if (!s->key) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
  s->h = h;
}

void sw_memo_free(void) {
  for (size_t i = 0; i < memo_cap; i++) free(memo[i].key);
  free(memo);
  memo = NULL;
  memo_cap = memo_n = 0;
}

/* A regular file's bytes (never blocking on a FIFO or a device); NULL with errno set (EINVAL:
 * not a regular file), else malloc'd and NUL-terminated, its length in *len. */
char *sw_read_regular(const char *path, size_t *len) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return NULL;
  struct stat st;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) { close(fd); errno = EINVAL; return NULL; }
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = malloc(cap + 1);
  for (ssize_t k = 1; buf && k > 0;) {
    if (n == cap) { char *nb = realloc(buf, 2 * cap + 1); if (!nb) { free(buf); buf = NULL; break; } buf = nb; cap *= 2; }
    k = read(fd, buf + n, cap - n);
    if (k < 0 && errno == EINTR) { k = 1; continue; }
    if (k < 0) { int e = errno; free(buf); close(fd); errno = e; return NULL; }
    n += (size_t)k;
  }
  close(fd);
  if (!buf) { errno = ENOMEM; return NULL; }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* The hash of a file's bytes; a file that is missing, unreadable or not a regular file hashes as
 * such (then it is there, or readable, when it was not: a change). */
uint64_t sw_file_hash(const char *path) {
  char key[PATH_MAX + 8];
  sw_fmt(key, sizeof key, "f:%s", path);
  memo_slot *m = memo_find(key);
  if (m && m->key) return m->h;
  uint64_t h = FNV_START;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  struct stat st;
  if (fd < 0) h = sw_fnv1a(h, "\1missing", 8);
  else if (fstat(fd, &st) || !S_ISREG(st.st_mode)) h = sw_fnv1a(h, "\1not a regular file", 19);
  else {
    static unsigned char buf[65536];
    ssize_t k;
    while ((k = read(fd, buf, sizeof buf)) != 0) {
      if (k < 0 && errno == EINTR) continue;
      if (k < 0) { h = sw_fnv1a(FNV_START, "\1unreadable", 11); break; }
      h = sw_fnv1a(h, buf, (size_t)k);
    }
  }
  if (fd >= 0) close(fd);
  memo_put(key, h);
  return h;
}

/* The hash of a config (preset or file, with the files its 'base' lines name) as awemu config
 * --show writes it: every value and where it came from. */
static uint64_t config_hash(const char *name) {
  char key[PATH_MAX + 8];
  sw_fmt(key, sizeof key, "c:%s", name);
  memo_slot *m = memo_find(key);
  if (m && m->key) return m->h;
  tm_config c;
  char err[600], *text = NULL;
  size_t len = 0;
  uint64_t h = FNV_START;
  tm_config_defaults(&c);
  FILE *f = tm_config_load(&c, name, err, sizeof err) ? NULL : open_memstream(&text, &len);
  if (f) { tm_config_write(&c, f); fclose(f); h = sw_fnv1a(h, text, len); }
  else h = sw_fnv1a(h, "\1no such config", 15);
  free(text);
  memo_put(key, h);
  return h;
}

static void put_input(FILE *f, const char *what, const char *path, uint64_t h) {
  fprintf(f, "%016llx %s %s\n", (unsigned long long)h, what, path);
}

/* The files a run script reads, as far as its text says: the paths of load, subroutines,
 * config, fill and expect (file, text), and compare, after ${NAME} is replaced as awemu run
 * replaces it (SCRIPT_DIR, DATA, the sweep's var values, set var); a file the script writes
 * (dump, trace, stats json, printf) is its output, not an input. */
static void script_inputs(FILE *out, const char *script, const run *x, const sweep *w, const char *data) {
  size_t len;
  char *text = sw_read_regular(script, &len);
  if (!text) return;   /* (its own line says it is missing) */
  char dir[PATH_MAX], *outputs[256];
  int nout = 0;
  sw_fmt(dir, sizeof dir, "%s", script);
  char *slash = strrchr(dir, '/');
  if (!slash) strcpy(dir, ".");
  else if (slash == dir) dir[1] = 0;
  else *slash = 0;
  for (int pass = 0; pass < 2; pass++) {   /* the outputs first, then the inputs that are not outputs */
    script_var vars[MAX_SCRIPT_VARS];
    int nv = 0;
    sw_var_set(vars, &nv, "SCRIPT_DIR", dir);
    sw_var_set(vars, &nv, "DATA", data);
    for (int k = 0; k < w->nsets; k++) if (w->isvar[k]) sw_var_set(vars, &nv, w->sets[k].key, w->sets[k].vals[x->s[k]]);
    for (const char *line = text; *line;) {
      size_t ll = strcspn(line, "\n");
      char *copy = strndup(line, ll), *argv[64];
      int argc = 0;
      line += ll + (line[ll] == '\n');
      if (!copy) break;
      char *hash = strchr(copy, '#'), *save = NULL;
      if (hash) *hash = 0;
      for (char *tok = strtok_r(copy, " \t\r", &save); tok && argc < 64; tok = strtok_r(NULL, " \t\r", &save)) {
        char *word = sw_var_expand(tok, vars, nv);
        if (word && *word) argv[argc++] = word;
        else free(word);
      }
      free(copy);
      const char *in[2] = { NULL, NULL }, *output = NULL;
      if (argc >= 2 && (!strcmp(argv[0], "load") || !strcmp(argv[0], "subroutines"))) in[0] = argv[1];
      else if (argc >= 2 && !strcmp(argv[0], "config") && strcmp(argv[1], "off")) { if (pass) put_input(out, "config", argv[1], config_hash(argv[1])); }
      else if (argc >= 4 && (!strcmp(argv[0], "fill") || !strcmp(argv[0], "expect")) && (!strcmp(argv[2], "file") || !strcmp(argv[2], "text"))) in[0] = argv[3];
      else if (argc >= 3 && !strcmp(argv[0], "compare")) { in[0] = argv[1]; in[1] = argv[2]; }
      else if (argc >= 3 && !strcmp(argv[0], "dump")) output = argv[2];
      else if (argc >= 2 && !strcmp(argv[0], "trace") && strcmp(argv[1], "on") && strcmp(argv[1], "off")) output = argv[1];
      else if (argc >= 3 && !strcmp(argv[0], "stats") && !strcmp(argv[1], "json")) output = argv[2];
      else if (argc >= 2 && !strcmp(argv[0], "printf") && strcmp(argv[1], "out")) output = argv[1];
      else if (argc >= 4 && !strcmp(argv[0], "set") && !strcmp(argv[1], "var")) sw_var_set(vars, &nv, argv[2], argv[3]);
      if (pass == 0 && output && nout < 256) outputs[nout++] = strdup(output);
      for (int k = 0; pass == 1 && k < 2 && in[k]; k++) {
        int is_out = 0;
        for (int o = 0; o < nout; o++) is_out |= outputs[o] && !strcmp(outputs[o], in[k]);
        if (!is_out) put_input(out, "file", in[k], sw_file_hash(in[k]));
      }
      for (int k = 0; k < argc; k++) free(argv[k]);
    }
    for (int i = 0; i < nv; i++) { free(vars[i].name); free(vars[i].value); }
  }
  for (int o = 0; o < nout; o++) free(outputs[o]);
  free(text);
}

/* Run x's inputs as DIR/runs/ID/inputs records them (INPUTS_HEAD, then a line each), malloc'd. */
char *sw_run_inputs(const sweep *w, const run *x) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
  fputs(INPUTS_HEAD, f);
  uint64_t h = FNV_START;   /* the command but the path of awemu, which differs from machine to machine */
  for (int i = 1; i < x->argc; i++) h = sw_fnv1a(h, x->argv[i], strlen(x->argv[i]) + 1);
  fprintf(f, "%016llx command\n", (unsigned long long)h);
  /* the model: this awemu (its path aside), and for a program awemu exec runs, its libcudart */
  put_input(f, "model", "awemu", sw_file_hash(x->argv[0]));
  char lib[PATH_MAX + 32];
  if (x->work && !cr_libdir(lib, sizeof lib - 32)) {
    strcat(lib, "/libcudart.so.13");
    put_input(f, "model", "libcudart.so.13", sw_file_hash(lib));
  }
  const char *cfg = w->cfg.vals[x->c];
  if (strcmp(cfg, "functional")) put_input(f, "config", cfg, config_hash(cfg));
  for (int i = 0; i + 1 < x->argc; i++)
    if (!strcmp(x->argv[i], "--subroutines")) put_input(f, "file", x->argv[i + 1], sw_file_hash(x->argv[i + 1]));
  const char *script = w->wl.vals[x->w];
  put_input(f, "file", script, sw_file_hash(script));
  char data[PATH_MAX];
  sw_data_dir(x->w, data, sizeof data);
  if (!x->work) script_inputs(f, script, x, w, data);
  for (int i = 0; i < x->nwords; i++) {   /* a .exec command's files: each word (or --option=VALUE) naming a file by its absolute path */
    const char *v = x->words[i], *eq = v[0] == '-' ? strchr(v, '=') : NULL;
    struct stat st;
    if (eq) v = eq + 1;
    if (v[0] == '/' && stat(v, &st) == 0 && S_ISREG(st.st_mode)) put_input(f, "file", v, sw_file_hash(v));
  }
  if (fclose(f)) { fprintf(stderr, "awemu sweep: out of memory\n"); exit(2); }
  return text;
}

/* ---- a run's state ---- */

/* The length of the UTF-8 sequence at p (1 to 4 bytes, no overlong form, no surrogate), or 0. */
int sw_utf8_len(const unsigned char *p) {
  int k = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
  for (int i = 1; i < k; i++) if ((p[i] & 0xc0) != 0x80) return 0;
  if (k == 3 && ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0))) return 0;
  if (k == 4 && ((p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))) return 0;
  return k;
}

/* Whether s[0..n) is one JSON value (RFC 8259) and nothing else, at most 256 deep; else the
 * byte offset of the first error in *at. */
typedef struct { const char *s; size_t n, i; int depth; } json_in;
static void json_ws(json_in *j) { while (j->i < j->n && strchr(" \t\r\n", j->s[j->i])) j->i++; }
static int json_value(json_in *j);
static int json_string(json_in *j) {
  if (j->i >= j->n || j->s[j->i] != '"') return 0;
  for (j->i++; j->i < j->n; j->i++) {
    unsigned char c = (unsigned char)j->s[j->i];
    if (c == '"') { j->i++; return 1; }
    if (c < 0x20) return 0;
    if (c >= 0x80) {   /* UTF-8 only */
      int k = j->n - j->i >= 4 ? sw_utf8_len((const unsigned char *)j->s + j->i) : 0;
      if (!k && j->n - j->i < 4) { unsigned char t[4] = { 0 }; memcpy(t, j->s + j->i, j->n - j->i); k = sw_utf8_len(t); }
      if (!k) return 0;
      j->i += (size_t)k - 1;
      continue;
    }
    if (c == '\\') {
      if (++j->i >= j->n) return 0;
      c = (unsigned char)j->s[j->i];
      if (c == 'u') {
        for (int k = 0; k < 4; k++) if (++j->i >= j->n || !isxdigit((unsigned char)j->s[j->i])) return 0;
      } else if (!strchr("\"\\/bfnrt", c) || !c) return 0;
    }
  }
  return 0;
}
static int json_digits(json_in *j) {
  size_t s = j->i;
  while (j->i < j->n && isdigit((unsigned char)j->s[j->i])) j->i++;
  return j->i > s;
}
static int json_value(json_in *j) {
  json_ws(j);
  if (j->i >= j->n || ++j->depth > 256) return 0;
  char c = j->s[j->i];
  int ok = 1;
  if (c == '{' || c == '[') {
    char end = c == '{' ? '}' : ']';
    j->i++;
    json_ws(j);
    if (j->i < j->n && j->s[j->i] == end) j->i++;
    else for (;;) {
      if (c == '{') {
        json_ws(j);
        if (!json_string(j)) return 0;
        json_ws(j);
        if (j->i >= j->n || j->s[j->i++] != ':') return 0;
      }
      if (!json_value(j)) return 0;
      json_ws(j);
      if (j->i < j->n && j->s[j->i] == ',') { j->i++; continue; }
      if (j->i < j->n && j->s[j->i] == end) { j->i++; break; }
      return 0;
    }
  } else if (c == '"') ok = json_string(j);
  else if (c == '-' || isdigit((unsigned char)c)) {
    if (c == '-') j->i++;
    if (j->i < j->n && j->s[j->i] == '0') j->i++;
    else ok = json_digits(j);
    if (ok && j->i < j->n && j->s[j->i] == '.') { j->i++; ok = json_digits(j); }
    if (ok && j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
      j->i++;
      if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-')) j->i++;
      ok = json_digits(j);
    }
  } else {
    static const char *const words[] = { "true", "false", "null" };
    ok = 0;
    for (int k = 0; k < 3 && !ok; k++) {
      size_t l = strlen(words[k]);
      if (j->n - j->i >= l && !memcmp(j->s + j->i, words[k], l)) { j->i += l; ok = 1; }
    }
  }
  j->depth--;
  return ok;
}
static int json_valid(const char *s, size_t n, size_t *at) {
  json_in j = { s, n, 0, 0 };
  json_ws(&j);
  int ok = j.i < n && s[j.i] == '{' && json_value(&j);   /* a statistics file is an object */
  json_ws(&j);
  ok = ok && j.i == n;
  *at = j.i;
  return ok;
}


/* Whether run x is done: its stats.json is there and whole, and what it read is unchanged.  RUN_OK;
 * RUN_NONE (no statistics); RUN_DAMAGED (not a JSON object: the run is redone); RUN_STALE (made
 * with another command or other inputs: it is redone).  For the last two, why in why (if not NULL). */
int sw_run_state(const sweep *w, const run *x, char *why, size_t cap) {
  char path[PATH_MAX + 16];
  size_t len, at;
  sw_fmt(path, sizeof path, "%s/stats.json", x->dir);
  if (!sw_exists(path)) return RUN_NONE;
  char *stats = sw_read_regular(path, &len);
  if (!stats || !json_valid(stats, len, &at)) {
    if (why && stats) snprintf(why, cap, "%s is damaged (not a JSON object: the first error at byte %zu)", path, at);
    else if (why) snprintf(why, cap, "%s cannot be read: %s", path, errno == EINVAL ? "not a regular file" : strerror(errno));
    free(stats);
    return RUN_DAMAGED;
  }
  free(stats);
  sw_fmt(path, sizeof path, "%s/inputs", x->dir);
  char *had = sw_read_regular(path, &len), *now = sw_run_inputs(w, x);
  int same = had && strlen(had) == len && !strcmp(had, now);
  if (!same && why) {   /* the first line of now that was not there */
    if (!had || strncmp(had, INPUTS_HEAD, strlen(INPUTS_HEAD))) snprintf(why, cap, "no record of what it read (%s)", path);
    else {
      snprintf(why, cap, "what it read has changed");
      for (char *l = now + strlen(INPUTS_HEAD), *e; *l; l = e + 1) {
        e = strchr(l, '\n');
        if (!e) break;
        *e = 0;
        int found = 0;
        for (const char *p = had; (p = strstr(p, l)); p++) if ((p == had || p[-1] == '\n') && (p[strlen(l)] == '\n' || !p[strlen(l)])) { found = 1; break; }
        if (!found) { snprintf(why, cap, "its %s changed since it ran", l + 17); break; }
        *e = '\n';
      }
      /* (every line still there: one fewer input now) */
    }
  }
  free(had);
  free(now);
  return same ? RUN_OK : RUN_STALE;
}

/* A word as a shell reads it back. */
static void put_quoted(FILE *f, const char *s) {
  if (*s && !s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+=./:,@")]) { fputs(s, f); return; }
  fputc('\'', f);
  for (; *s; s++) { if (*s == '\'') fputs("'\\''", f); else fputc(*s, f); }
  fputc('\'', f);
}

void sw_put_command(FILE *f, const run *x) {
  for (int i = 0; i < x->argc; i++) { if (i) fputc(' ', f); put_quoted(f, x->argv[i]); }
}

/* DIR/runs/ID/NAME, for one of a run's files. */
void sw_run_file(const run *x, const char *name, char *buf, size_t cap) { sw_fmt(buf, cap, "%s/%s", x->dir, name); }

/* A run as one shell command line, as awemu sweep runs it: make its directory and remove what an
 * earlier run of other inputs left, run it with its output in its log (killed a second after the
 * sweep's timeout), and on success record what it read and name its statistics stats.json. */
void sw_put_shell(FILE *f, const sweep *w, const run *x) {
  char p[PATH_MAX + 32];
  char *in = sw_run_inputs(w, x);
  fputs("mkdir -p ", f); put_quoted(f, x->dir);
  sw_run_file(x, "stats.json", p, sizeof p); fputs(" && rm -f ", f); put_quoted(f, p);
  sw_run_file(x, "inputs", p, sizeof p); fputc(' ', f); put_quoted(f, p);
  if (x->work) {   /* a .exec workload: in an empty directory of its own */
    fputs(" && rm -rf ", f); put_quoted(f, x->work);
    fputs(" && mkdir ", f); put_quoted(f, x->work);
    fputs(" && (cd ", f); put_quoted(f, x->work); fputs(" && exec ", f);
  } else fputs(" && ", f);
  if (w->timeout_s > 0) fprintf(f, "timeout -s KILL %g ", w->timeout_s + 1);
  sw_put_command(f, x);
  if (x->work) fputc(')', f);
  sw_run_file(x, "log", p, sizeof p); fputs(" > ", f); put_quoted(f, p);
  fputs(" 2>&1 && printf '%s\\n'", f);
  for (char *l = in, *e; *l; l = e + 1) {
    e = strchr(l, '\n');
    if (!e) break;
    *e = 0;
    fputc(' ', f);
    put_quoted(f, l);
    *e = '\n';
  }
  sw_run_file(x, "inputs", p, sizeof p); fputs(" > ", f); put_quoted(f, p);
  sw_run_file(x, "stats.part.json", p, sizeof p); fputs(" && mv ", f); put_quoted(f, p);
  sw_run_file(x, "stats.json", p, sizeof p); fputc(' ', f); put_quoted(f, p);
  free(in);
}

void sw_fmt_time(double s, char *buf, size_t cap) {
  if (s < 60) sw_fmt(buf, cap, "%.0f s", s);
  else if (s < 3600) sw_fmt(buf, cap, "%dm%02ds", (int)s / 60, (int)s % 60);
  else sw_fmt(buf, cap, "%dh%02dm", (int)s / 3600, (int)s % 3600 / 60);
}
