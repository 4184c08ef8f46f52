/* tests/fuzz/fuzz_script.c -- libFuzzer target: the run-script language (emu/script.c).
 *
 * Each input is run-script lines, run one by one with aw_session_exec on a
 * fresh session (a failing line does not stop the rest, as at the debugger's
 * prompt): no line may crash, hang or trip a sanitizer.
 *
 * It never writes outside its own directory: once, it makes one with mkdtemp,
 * copies a few modules into it (saxpy.ptx, kernel.ptx, zero_line.s, bdi.s,
 * from the repository it is started in) and runs every input there (and
 * goes back after it: libFuzzer's corpus paths are relative); an input with a '/'
 * anywhere (an absolute path, ../x) or a word "-" (standard output) is
 * skipped, so every file it names is in that directory.  What an input
 * writes is removed after it, the directory at exit; files are capped at 16 MiB (RLIMIT_FSIZE, with
 * SIGXFSZ ignored, so a bigger write fails as a full disk would).  Bounded
 * in time and memory: each launch stops after 10000 warp instructions or
 * 1 s; inputs that allocate more than 2^20 elements, change the limits, or
 * build a command or an alloc line from ${...} are skipped.
 *
 * Build (from the repository root; see the Makefile's fuzz target):
 *   make BUILD=build/fuzz BIN=build/fuzz/bin CC=clang OPT="-O1 -g" \
 *     EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" build/fuzz/libawemu.a
 *   clang -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L \
 *     tests/fuzz/fuzz_script.c build/fuzz/libawemu.a -o build/fuzz/fuzz_script -lm
 * Seed corpus: every run.aw of the repository with ${SCRIPT_DIR}/ and ${DATA}/ taken out:
 *   mkdir -p build/fuzz/corpus_script; for f in $(git ls-files '*run.aw'); do
 *     sed 's|\${SCRIPT_DIR}/||g; s|\${DATA}/||g' "$f" > "build/fuzz/corpus_script/$(echo "$f" | tr / _)"; done
 * Run (from the repository root, so the modules are found):
 *   build/fuzz/fuzz_script -dict=tests/fuzz/script.dict -timeout=10 -rss_limit_mb=2048 -max_len=16384 build/fuzz/corpus_script
 */
#define _GNU_SOURCE   /* open_memstream, mkdtemp */
#include "../../emu/script.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static char workdir[256];
static int homefd = -1;   /* the directory libFuzzer works in (its corpus paths are relative) */
static const char *const modules[][2] = {
  { "examples/saxpy/saxpy.ptx", "saxpy.ptx" },
  { "tests/emu/faults/runaway/kernel.ptx", "kernel.ptx" },
  { "subroutines/demo/zero_line.s", "zero_line.s" },
  { "subroutines/bdi/bdi.s", "bdi.s" },
};
#define NMODULES (sizeof modules / sizeof modules[0])

static void copy_file(const char *from, const char *to) {
  FILE *a = fopen(from, "rb");
  if (!a) return;
  FILE *b = fopen(to, "wb");
  if (b) {
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, a)) > 0) fwrite(buf, 1, n, b);
    fclose(b);
  }
  fclose(a);
}

static void clean(void);

/* At exit: the directory and the modules in it go. */
static void remove_workdir(void) {
  if (!workdir[0] || homefd < 0 || chdir(workdir) != 0) return;
  for (size_t i = 0; i < NMODULES; i++) unlink(modules[i][1]);
  clean();
  if (fchdir(homefd) == 0) rmdir(workdir);
}

static void setup(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(workdir, sizeof workdir, "%s/awemu-fuzz-script.XXXXXX", tmp && *tmp && strlen(tmp) < 200 ? tmp : "/tmp");
  if (!mkdtemp(workdir)) { perror("fuzz_script: mkdtemp"); abort(); }
  for (size_t i = 0; i < NMODULES; i++) {
    char to[512];
    snprintf(to, sizeof to, "%s/%s", workdir, modules[i][1]);
    copy_file(modules[i][0], to);
  }
  homefd = open(".", O_RDONLY | O_DIRECTORY);
  if (homefd < 0) { perror("fuzz_script: open ."); abort(); }
  atexit(remove_workdir);
  struct rlimit r = { 16u << 20, 16u << 20 };
  setrlimit(RLIMIT_FSIZE, &r);
  signal(SIGXFSZ, SIG_IGN);
}

/* Removes what an input wrote: everything in the directory but the modules. */
static void clean(void) {
  DIR *d = opendir(".");
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    int keep = 0;
    for (size_t i = 0; i < NMODULES; i++) keep |= !strcmp(e->d_name, modules[i][1]);
    if (!keep) unlink(e->d_name);
  }
  closedir(d);
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
  char *hash = strchr(copy, '#');
  if (hash) *hash = 0;
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
  if (size > 16384 || memchr(data, '/', size)) return 0;
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
