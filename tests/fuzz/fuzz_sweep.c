/* tests/fuzz/fuzz_sweep.c -- libFuzzer target: the sweep file (emu/front/sweep*.c, emu/front/plot.c's figure lines).
 *
 * Each input is a sweep file, read, checked and expanded into its runs by aw_sweep_dry
 * (emu/front/sweep.h) as `awemu sweep --list` does, but without making, writing or running anything:
 * no input may crash, hang, trip a sanitizer or end the process (exit).  The runs' command
 * lines go to a file in the temporary directory, started again now and then.
 *
 * It never writes outside its own directory: once, it makes one with mkdtemp under $TMPDIR
 * (/tmp by default) and puts there
 * what a sweep file can name without a '/': two workloads (w1/run.aw, w2/run.aw, found by
 * "w1", "w*" or "w1/run.aw" -- the last is skipped, see below), a script run.aw, a config file
 * my.cfg (`awemu config --show`'s form, two keys), a subroutines file bdi.s and a file ab
 * (a name shorter than ".aw"); the input is
 * written there as in.sweep and read in that directory.  An input with a '/' anywhere (an
 * absolute path, ../x) is skipped, so every file it names (workloads, configs, subroutines)
 * is in that directory, and only read.  At most 20000 runs a sweep (aw_sweep_dry's bound).
 *
 * Build (from the repository root; see the Makefile's fuzz target):
 *   make BUILD=build/fuzz BIN=build/fuzz/bin CC=clang OPT="-O1 -g" \
 *     EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" \
 *     build/fuzz/libawemu.a $(for f in sweep sweep_file sweep_id sweep_merge plot; do echo build/fuzz/emu/front/$f.o; done)
 *   clang -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L \
 *     tests/fuzz/fuzz_sweep.c build/fuzz/emu/front/sweep*.o build/fuzz/emu/front/plot.o build/fuzz/libawemu.a -o build/fuzz/fuzz_sweep -lm
 * Seed corpus (tests/fuzz/run.sh): the sweeps of examples/sweeps with the paths taken out, and
 * the files of tests/fuzz/seeds_sweep.  Run: build/fuzz/fuzz_sweep -dict=tests/fuzz/sweep.dict -timeout=10 build/fuzz/corpus_sweep
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "../../emu/front/sweep.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char workdir[512];   /* $TMPDIR/fuzz_sweep.XXXXXX, made by mkdtemp */
static int homefd = -1;   /* the directory libFuzzer works in (its corpus paths are relative) */
static FILE *out;

static const char *const files[][2] = {
  { "w1/run.aw", "alloc x f32 4\n" },
  { "w2/run.aw", "alloc y f32 4\n" },
  { "run.aw", "alloc z u32 4\n" },
  { "my.cfg", "# a config file\nbase = caba-gtx480\nn_sm = 4\n" },
  { "bdi.s", "// an empty subroutines file\n" },
  { "ab", "alloc a u8 1\n" },   /* a name shorter than ".aw" */
};
#define NFILES (sizeof files / sizeof files[0])

static void cleanup(void) {
  char p[1024];
  if (!workdir[0]) return;
  if (chdir("/")) { /* removed by name all the same */ }
  for (size_t i = 0; i < NFILES; i++) { snprintf(p, sizeof p, "%s/%s", workdir, files[i][0]); unlink(p); }
  static const char *const more[] = { "in.sweep", "out.txt", "w1", "w2", NULL };
  for (int i = 0; more[i]; i++) { snprintf(p, sizeof p, "%s/%s", workdir, more[i]); if (unlink(p)) rmdir(p); }
  rmdir(workdir);
}

static int setup(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(workdir, sizeof workdir, "%s/fuzz_sweep.XXXXXX", tmp && *tmp && strlen(tmp) < 400 ? tmp : "/tmp");
  homefd = open(".", O_RDONLY | O_DIRECTORY);
  if (homefd < 0 || !mkdtemp(workdir) || chdir(workdir)) { perror("fuzz_sweep: setup"); workdir[0] = 0; return -1; }
  atexit(cleanup);
  if (mkdir("w1", 0777) || mkdir("w2", 0777)) return -1;
  for (size_t i = 0; i < NFILES; i++) {
    FILE *f = fopen(files[i][0], "w");
    if (!f) return -1;
    fputs(files[i][1], f);
    fclose(f);
  }
  out = fopen("out.txt", "w");
  fprintf(stderr, "fuzz_sweep: working in %s\n", workdir);
  return out ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready = -1;
  if (ready < 0) ready = setup() == 0;
  if (!ready || size > 65536 || memchr(data, '/', size)) return 0;
  if (chdir(workdir)) return 0;
  FILE *f = fopen("in.sweep", "wb");
  if (!f) return 0;
  fwrite(data, 1, size, f);
  fclose(f);
  aw_sweep_dry("in.sweep", "out", 20000, out);
  static unsigned runs;
  if (++runs % 256 == 0) { fflush(out); if (ftruncate(fileno(out), 0)) { /* nothing to do */ } rewind(out); }
  if (fchdir(homefd)) { /* libFuzzer's paths may fail; nothing else to do */ }
  return 0;
}
