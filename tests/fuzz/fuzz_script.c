/* tests/fuzz/fuzz_script.c -- libFuzzer target: the run-script language (emu/front/script*.c).
 *
 * Each input is run-script lines, run one by one with aw_session_exec on a
 * fresh session (a failing line does not stop the rest, as at the debugger's
 * prompt): no line may crash, hang or trip a sanitizer.
 *
 * It never writes outside its own directory: once, it makes one with mkdtemp
 * under $TMPDIR (/tmp by default), copies a few modules into it (saxpy.ptx,
 * kernel.ptx, zero_line.s, bdi.s, from the repository it is started in) and
 * every file of the directory $FUZZ_SCRIPT_FILES when it is set (tests/fuzz/run.sh
 * puts there the files the seeds name), and runs every input there (and goes
 * back after it: libFuzzer's corpus paths are relative).  An input with a '/'
 * in a line's code (before the line's first '#', which starts a comment whatever
 * follows it: a variable's value cannot bring one either, since no name can be
 * given a value with a '/' without writing one) or a word "-" (standard output)
 * is skipped, so every file it names is in that directory.  What an input writes
 * is removed after it, and a file of the directory it replaced or changed is
 * written again, so each input finds the same files; the directory goes at exit.
 * Files are capped at 16 MiB (RLIMIT_FSIZE, with SIGXFSZ ignored, so a bigger
 * write fails as a full disk would).  Bounded in time and memory: each launch
 * stops after 10000 warp instructions or 1 s; inputs that allocate more than
 * 2^20 elements, change the limits, or build a command or an alloc line from
 * ${...} are skipped.
 *
 * Build (from the repository root; see the Makefile's fuzz target):
 *   make BUILD=build/fuzz BIN=build/fuzz/bin CC=clang OPT="-O1 -g" \
 *     EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" build/fuzz/libawemu.a
 *   clang -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L \
 *     tests/fuzz/fuzz_script.c build/fuzz/libawemu.a -o build/fuzz/fuzz_script -lm
 * Seed corpus (tests/fuzz/run.sh): every run.aw of the repository, each ${SCRIPT_DIR}/PATH
 * made the name of a copy of PATH in $FUZZ_SCRIPT_FILES (its path with '/' made '_') and each
 * ${DATA}/NAME made NAME.  Run (from the repository root, so the modules are found):
 *   FUZZ_SCRIPT_FILES=build/fuzz/files_script build/fuzz/fuzz_script -dict=tests/fuzz/script.dict \
 *     -timeout=10 -rss_limit_mb=2048 -max_len=16384 build/fuzz/corpus_script
 */
#define _GNU_SOURCE   /* open_memstream, mkdtemp */
#include "../../emu/front/script.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static char workdir[512];
static int homefd = -1;   /* the directory libFuzzer works in (its corpus paths are relative) */
static const char *const modules[][2] = {
  { "examples/saxpy/saxpy.ptx", "saxpy.ptx" },
  { "tests/emu/faults/runaway/kernel.ptx", "kernel.ptx" },
  { "subroutines/demo/zero_line.s", "zero_line.s" },
  { "subroutines/bdi/bdi.s", "bdi.s" },
};
#define NMODULES (sizeof modules / sizeof modules[0])

/* The files every input finds in the directory, kept in memory with the file's identity as
 * written (inode, size, modification time): a file an input replaced or changed is written again. */
typedef struct { char *name; char *data; size_t len; struct stat st; } kept;
static kept *files;
static size_t nfiles;

static int is_kept(const char *name) {
  for (size_t i = 0; i < nfiles; i++) if (!strcmp(files[i].name, name)) return 1;
  return 0;
}

/* Reads file 'from' into the list as 'name' (a name without '/'); nothing when it cannot be read. */
static void add_file(const char *from, const char *name) {
  if (is_kept(name) || strchr(name, '/')) return;
  FILE *f = fopen(from, "rb");
  if (!f) return;
  char *data = NULL;
  size_t len = 0, cap = 0, n;
  char buf[65536];
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
    if (len + n > cap) { cap = 2 * (len + n); char *d = realloc(data, cap); if (!d) { free(data); fclose(f); return; } data = d; }
    memcpy(data + len, buf, n);
    len += n;
  }
  fclose(f);
  kept *k = realloc(files, (nfiles + 1) * sizeof *files);
  char *nm = strdup(name);
  if (!k || !nm) { free(data); free(nm); if (k) files = k; return; }
  files = k;
  files[nfiles++] = (kept){ nm, data, len, { 0 } };
}

/* Writes kept file k into the working directory (the work directory), and notes its identity. */
static void put_file(kept *k) {
  unlink(k->name);
  if (rmdir(k->name) == 0) { /* an input made a directory of that name */ }
  FILE *f = fopen(k->name, "wb");
  if (!f) return;
  if (k->len) fwrite(k->data, 1, k->len, f);
  fclose(f);
  if (lstat(k->name, &k->st)) memset(&k->st, 0, sizeof k->st);
}

/* Writes again every kept file an input removed, replaced or changed. */
static void restore(void) {
  for (size_t i = 0; i < nfiles; i++) {
    struct stat st;
    kept *k = &files[i];
    if (lstat(k->name, &st) || !S_ISREG(st.st_mode) || st.st_ino != k->st.st_ino || st.st_size != k->st.st_size ||
        st.st_mtim.tv_sec != k->st.st_mtim.tv_sec || st.st_mtim.tv_nsec != k->st.st_mtim.tv_nsec)
      put_file(k);
  }
}

/* Removes what an input wrote (everything in the directory that is not a kept file), then
 * restores the kept files. */
static void clean(void) {
  DIR *d = opendir(".");
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || is_kept(e->d_name)) continue;
    if (unlink(e->d_name)) rmdir(e->d_name);
  }
  closedir(d);
  restore();
}

/* At exit: the directory and everything in it go. */
static void remove_workdir(void) {
  if (!workdir[0] || homefd < 0 || chdir(workdir) != 0) return;
  clean();
  for (size_t i = 0; i < nfiles; i++) unlink(files[i].name);
  if (fchdir(homefd) == 0) rmdir(workdir);
}

static void setup(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(workdir, sizeof workdir, "%s/awemu-fuzz-script.XXXXXX", tmp && *tmp && strlen(tmp) < 400 ? tmp : "/tmp");
  if (!mkdtemp(workdir)) { perror("fuzz_script: mkdtemp"); abort(); }
  for (size_t i = 0; i < NMODULES; i++) add_file(modules[i][0], modules[i][1]);
  const char *more = getenv("FUZZ_SCRIPT_FILES");
  DIR *d = more && *more ? opendir(more) : NULL;
  for (struct dirent *e; d && (e = readdir(d));) {
    char from[4096];
    struct stat st;
    snprintf(from, sizeof from, "%s/%s", more, e->d_name);
    if (e->d_name[0] != '.' && !stat(from, &st) && S_ISREG(st.st_mode)) add_file(from, e->d_name);
  }
  if (d) closedir(d);
  homefd = open(".", O_RDONLY | O_DIRECTORY);
  if (homefd < 0) { perror("fuzz_script: open ."); abort(); }
  atexit(remove_workdir);
  if (chdir(workdir)) { perror("fuzz_script: chdir"); abort(); }
  for (size_t i = 0; i < nfiles; i++) put_file(&files[i]);
  if (fchdir(homefd)) { perror("fuzz_script: fchdir"); abort(); }
  fprintf(stderr, "fuzz_script: working in %s (%zu files there)\n", workdir, nfiles);
  struct rlimit r = { 16u << 20, 16u << 20 };
  setrlimit(RLIMIT_FSIZE, &r);
  signal(SIGXFSZ, SIG_IGN);
}

static int screen_words(const char *line, char *copy);

/* 0 when the line may run; -1 when the input is to be skipped (see the header). */
static int screen(const char *line) {
  char *copy = strdup(line);
  if (!copy) return -1;
  int rc = screen_words(line, copy);
  free(copy);
  return rc;
}

static int screen_words(const char *line, char *copy) {
  char *hash = strchr(copy, '#');   /* (aw_session_exec cuts the line there too) */
  if (hash) *hash = 0;
  if (strchr(copy, '/')) return -1;
  char *w[5] = { 0 };
  int n = 0;
  char *save = NULL;
  for (char *t = strtok_r(copy, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
    if (!strcmp(t, "-")) return -1;
    if (n < 5) w[n++] = t;
  }
  if (!n) return 0;
  if (strchr(w[0], '$')) return -1;
  if (!strcmp(w[0], "set") && n > 1 && (strstr(w[1], "limit") || strchr(w[1], '$'))) return -1;
  if (!strcmp(w[0], "alloc")) {
    if (strchr(line, '$')) return -1;
    if (n > 3) {
      char *end;
      unsigned long long c = strtoull(w[3], &end, 0);
      if (c > (1u << 20) || strlen(w[3]) > 12) return -1;
    }
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!workdir[0]) setup();
  if (size > 16384) return 0;
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  /* lines; a NUL byte ends the input (run_file reports it as an error) */
  char *lines[2048];
  int nlines = 0;
  for (char *p = text; p && *p && nlines < 2048;) {
    char *nl = strchr(p, '\n');
    if (nl) *nl = 0;
    if (screen(p)) { free(text); return 0; }
    lines[nlines++] = p;
    p = nl ? nl + 1 : NULL;
  }
  if (chdir(workdir) != 0) { perror("fuzz_script: chdir"); abort(); }
  char *outbuf = NULL;
  size_t outlen = 0;
  FILE *out = open_memstream(&outbuf, &outlen);
  if (!out) { free(text); return 0; }
  aw_session *s = aw_session_new(out, out);
  if (s) {
    aw_session_set_var(s, "SCRIPT_DIR", ".");
    aw_session_set_var(s, "DATA", ".");
    aw_set_insn_limit(aw_session_device(s), 10000);
    aw_set_time_limit(aw_session_device(s), 1.0);
    for (int i = 0; i < nlines; i++) {
      char where[32];
      snprintf(where, sizeof where, "fuzz:%d", i + 1);
      aw_session_exec(s, lines[i], where);
    }
    aw_session_free(s);
  }
  fclose(out);
  free(outbuf);
  free(text);
  clean();
  if (fchdir(homefd) != 0) { perror("fuzz_script: fchdir"); abort(); }
  return 0;
}
