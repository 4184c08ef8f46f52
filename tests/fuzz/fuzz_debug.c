/* tests/fuzz/fuzz_debug.c -- libFuzzer target: the debugger's command line.
 *
 * Each input is a list of debugger commands, one per line, run by dbg_batch (emu/front/debug.h) as
 * `awemu debug run.aw -batch` would run them, over a fixed small run script: tests/debug/watch's
 * saxpy (n = 100, grid 2 x block 64), copied once into a directory from mkdtemp together with
 * examples/saxpy/saxpy.ptx (read from the working directory: run the fuzzer from the repository
 * root); the directory is made under $TMPDIR (/tmp by default).  The script and a first command `set limit 200000` bound every launch to 200000 warp
 * instructions, including launches typed at the prompt.  An input with the word "timing" in it
 * (a comment will do: '#' lines are comments) runs the same script in timing mode, under
 * caba-gtx480 (timing.aw: several blocks resident, cycles, the scheduler's states).
 *
 * Never touches a file outside the temporary directory, which is also its working directory:
 * inputs that could name or write a file are skipped: a line whose command word could be a
 * unique prefix of a command that writes or reads files (dump, trace, compare, load: "tr" is
 * trace), a '/' that is not a format suffix such as print/x or x/8xw, and the words dump, trace, json, shell, pipe, source, output, load,
 * file, text, compare), as are those that could undo the bounds (limit) or allocate without
 * bound (alloc); 'random' is skipped too, since its undefined behaviour on huge bounds belongs
 * to the run-script fuzzer.  The debugger's stdout goes to a file in the temporary directory;
 * run with -close_fd_mask=2 so that its messages on stderr are dropped while libFuzzer's
 * own output and sanitizer reports still reach the terminal (libFuzzer keeps a copy of stderr).
 *
 * Seed corpus: tests/fuzz/debug_commands.txt (in pieces of 8 lines) and the commands of
 * tests/debug/NAME/commands without their '#' lines.
 *
 * Build and run (from the repository root; the corpus and artifact paths must be absolute,
 * since the target works in its temporary directory):
 *   make BUILD=build/fuzz BIN=build/fuzz/bin CC=clang OPT="-O1 -g" \
 *     EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" \
 *     build/fuzz/libawemu.a $(for f in debug debug_state debug_expr debug_break debug_inspect debug_run; do
 *     echo build/fuzz/emu/front/$f.o; done)   (the debugger's objects: the Makefile's DEBUG_SRC)
 *   clang -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -std=c11 \
 *     -D_POSIX_C_SOURCE=200809L tests/fuzz/fuzz_debug.c build/fuzz/emu/front/debug*.o \
 *     build/fuzz/libawemu.a -o build/fuzz/fuzz_debug -lreadline -lm
 *   build/fuzz/fuzz_debug -max_total_time=600 -timeout=20 -rss_limit_mb=2048 -max_len=4096 \
 *     -close_fd_mask=2 -artifact_prefix=$PWD/build/fuzz/findings/debug- $PWD/build/fuzz/corpus_debug
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "../../emu/front/debug.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char script[4096], script_timing[4096];
static char tmpdir[512];   /* $TMPDIR/fuzz_debug.XXXXXX, made by mkdtemp */

/* At exit: the files it made, and the directory when nothing else is left in it. */
static void cleanup(void) {
  static const char *const names[] = { "out.txt", "run.aw", "timing.aw", "saxpy.ptx", NULL };
  char path[4200];
  if (!tmpdir[0]) return;
  if (chdir("/")) { /* the directory is removed by name all the same */ }
  for (int i = 0; names[i]; i++) { snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]); unlink(path); }
  rmdir(tmpdir);
}

static const char run_aw[] =
  "# saxpy, as tests/debug/watch/run.aw, bounded\n"
  "set limit 200000\n"
  "load ${SCRIPT_DIR}/saxpy.ptx\n"
  "alloc x f32 100\n"
  "alloc y f32 100\n"
  "fill x ramp 0 1\n"
  "fill y const 1\n"
  "launch saxpy 2 64 u32:100 f32:2.5 x y\n"
  "print y 44 3\n"
  "expect y at 45 113.5\n";

static int copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb");
  if (!in) return -1;
  FILE *out = fopen(to, "wb");
  if (!out) { fclose(in); return -1; }
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
  fclose(in);
  return fclose(out);
}

static int setup(void) {
  char *dir = tmpdir;
  const char *tmp = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/fuzz_debug.XXXXXX", tmp && *tmp && strlen(tmp) < 400 ? tmp : "/tmp");
  if (!mkdtemp(dir)) { perror("fuzz_debug: mkdtemp"); tmpdir[0] = 0; return -1; }
  atexit(cleanup);
  char ptx[4200], out[4200];
  snprintf(ptx, sizeof ptx, "%s/saxpy.ptx", dir);
  if (copy_file("examples/saxpy/saxpy.ptx", ptx)) { fprintf(stderr, "fuzz_debug: run from the repository root (examples/saxpy/saxpy.ptx)\n"); return -1; }
  snprintf(script, sizeof script, "%s/run.aw", dir);
  snprintf(script_timing, sizeof script_timing, "%s/timing.aw", dir);
  FILE *f = fopen(script, "w");
  if (!f) return -1;
  fputs(run_aw, f);
  fclose(f);
  if (!(f = fopen(script_timing, "w"))) return -1;
  fputs("config caba-gtx480\n", f);
  fputs(run_aw, f);
  fclose(f);
  snprintf(out, sizeof out, "%s/out.txt", dir);
  fprintf(stderr, "fuzz_debug: working in %s (debugger output in %s)\n", dir, out);
  if (chdir(dir)) return -1;
  if (!freopen(out, "w", stdout)) return -1;
  return 0;
}

static int has_word(const uint8_t *d, size_t n, const char *w) {
  size_t l = strlen(w);
  for (size_t i = 0; i + l <= n; i++) if (!memcmp(d + i, w, l)) return 1;
  return 0;
}

/* Every '/' starts a format (print/x, x/8xw, display/i, disassemble /s): at most 8 of
 * "0123456789xduotfcisbhwgm" and then a blank or the end, so no '/' is part of a path. */
static int slashes_are_formats(const uint8_t *d, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (d[i] != '/') continue;
    size_t k = i + 1;
    while (k < n && k - i <= 8 && d[k] && strchr("0123456789xduotfcisbhwgm", d[k])) k++;
    if (k < n && d[k] != ' ' && d[k] != '\t' && d[k] != '\n') return 0;
  }
  return 1;
}

/* Whether a line's command word (as the debugger reads it: up to a blank or '/') could name a
 * command that writes or reads a named file, by a unique prefix ("du", "tr", "comp", "lo").
 * The debugger's one- and two-letter aliases are exact names and never mean those. */
static int names_file_command(const uint8_t *d, size_t n) {
  static const char *const risky[] = { "dump", "trace", "compare", "load", NULL };
  static const char *const aliases[] = { "c", "d", "l", "tb", NULL };
  for (size_t at = 0; at < n;) {
    size_t e = at;
    while (e < n && d[e] != '\n' && d[e] != '\0') e++;
    size_t w = at;
    while (w < e && (d[w] == ' ' || d[w] == '\t' || d[w] == '\r' || d[w] == '\v' || d[w] == '\f')) w++;
    size_t k = w;
    while (k < e && d[k] != ' ' && d[k] != '\t' && d[k] != '/' && d[k] != '\r' && d[k] != '\v' && d[k] != '\f') k++;
    size_t len = k - w;
    int alias = 0;
    for (int i = 0; aliases[i]; i++) if (strlen(aliases[i]) == len && !memcmp(d + w, aliases[i], len)) alias = 1;
    for (int i = 0; risky[i] && len && !alias; i++) if (len <= strlen(risky[i]) && !memcmp(d + w, risky[i], len)) return 1;
    at = e + 1;
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready = -1;
  if (ready < 0) ready = setup() == 0;
  if (!ready || size > 8192) return 0;
  if (!slashes_are_formats(data, size) || names_file_command(data, size)) return 0;
  static const char *const skip[] = { "dump", "trace", "json", "shell", "pipe", "source", "output", "load", "file",
                                      "text", "compare", "limit", "alloc", "random", NULL };
  for (int i = 0; skip[i]; i++) if (has_word(data, size, skip[i])) return 0;
  static const char first[] = "set limit 200000\n";
  char *cmds = malloc(sizeof first + size);
  if (!cmds) return 0;
  memcpy(cmds, first, sizeof first - 1);
  memcpy(cmds + sizeof first - 1, data, size);
  dbg_batch(has_word(data, size, "timing") ? script_timing : script, cmds, sizeof first - 1 + size);
  free(cmds);
  /* the output file stays small: start it again now and then */
  static unsigned runs;
  if (++runs % 256 == 0) { fflush(stdout); if (ftruncate(fileno(stdout), 0)) { /* nothing to do */ } rewind(stdout); }
  return 0;
}
