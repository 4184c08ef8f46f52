/* tests/fuzz/fuzz_report.c -- libFuzzer target: awemu compress's input.
 *
 * Bytes 0 and 1 of the input pick the options (byte 0: bits 0-1 line size,
 * 2-3 MAG, 4 binary, 5 allow cost; byte 1: bits 0-1 format, 2-5 the
 * algorithms: codecs, best, cost (14) or all (15)); the rest is the
 * file of lines, written into a private temporary directory and read by
 * aw_compress_main as a user's file.  The report and the messages go to
 * memory.  Any input must give a report or a message, never a crash, hang,
 * leak or sanitizer report; a status other than 0, 1 or 2, or status 0 with
 * no report, or a failure with no message, aborts (a finding).
 *
 * The MPC models and the decompression subroutines come from the data root:
 * $AWEMU_DATADIR, else the working directory (tests/fuzz/run.sh runs from the
 * repository root).
 */
#include "../../emu/front/report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char input_path[4096];

static void setup(void) {
  static char dir[4096];
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/fuzz_report.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) { perror("fuzz_report: mkdtemp"); abort(); }
  snprintf(input_path, sizeof input_path, "%s/lines", dir);
  if (!getenv("AWEMU_DATADIR")) {
    static char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) abort();
    setenv("AWEMU_DATADIR", cwd, 1);
  }
}

static void cleanup(void) {
  if (input_path[0]) {
    unlink(input_path);
    char *slash = strrchr(input_path, '/');
    if (slash) { *slash = 0; rmdir(input_path); }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!input_path[0]) { setup(); atexit(cleanup); }
  if (size < 2) return 0;
  unsigned sel = data[0], sel2 = data[1];
  static const char *const lines[] = { "32", "64", "128", "32" };
  static const char *const mags[] = { "16", "32", "64", "32" };
  static const char *const formats[] = { "table", "csv", "json", "table" };
  /* 'all' and 'cost' assemble the five decompression subroutines and run them on every line (half a
   * second under the sanitizers): only when bit 5 of byte 0 is set too (one input in 32), and on
   * the first 512 bytes, or they would take most of the time */
  static const char *const algs[] = { "bdi", "fpc,cpack", "cpack-classic,magbdi", "mpc", "best", "bdi,mpc,best",
                                      "magbdi,mpc", "fpc", "cpack", "cpack-classic", "mpc,best", "bdi,fpc,cpack,cpack-classic,magbdi,mpc",
                                      "bdi,best", "magbdi", "cost", "all" };
  unsigned ai = (sel2 >> 2) & 15;
  if (ai >= 14 && !(sel & 0x20)) ai -= 10;
  const char *alg = algs[ai];
  if (ai >= 14) size = size < 514 ? size : 514;
  FILE *f = fopen(input_path, "wb");
  if (!f) { perror("fuzz_report: input file"); abort(); }
  if (size > 2 && fwrite(data + 2, 1, size - 2, f) != size - 2) abort();
  if (fclose(f)) abort();

  char *argv[16];
  int argc = 0;
  argv[argc++] = (char *)"--line";
  argv[argc++] = (char *)lines[sel & 3];
  argv[argc++] = (char *)"--mag";
  argv[argc++] = (char *)mags[(sel >> 2) & 3];
  argv[argc++] = (char *)"--format";
  argv[argc++] = (char *)formats[sel2 & 3];
  argv[argc++] = (char *)"--alg";
  argv[argc++] = (char *)alg;
  if (sel & 0x10) argv[argc++] = (char *)"--binary";
  argv[argc++] = input_path;
  argv[argc] = NULL;

  char *obuf = NULL, *ebuf = NULL;
  size_t olen = 0, elen = 0;
  FILE *out = open_memstream(&obuf, &olen), *err = open_memstream(&ebuf, &elen);
  if (!out || !err) abort();
  int rc = aw_compress_main(argc, argv, out, err);
  fclose(out);
  fclose(err);
  if (rc < 0 || rc > 2) { fprintf(stderr, "fuzz_report: status %d\n", rc); abort(); }
  if (rc == 0 && olen == 0) { fprintf(stderr, "fuzz_report: status 0 and no report\n"); abort(); }
  if (rc != 0 && elen == 0) { fprintf(stderr, "fuzz_report: status %d and no message\n", rc); abort(); }
  free(obuf);
  free(ebuf);
  return 0;
}
