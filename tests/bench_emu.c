/* tests/bench_emu.c -- the emulator's speed: warp and thread instructions per second.
 *
 * usage: bench_emu alu PTX          the ALU-heavy loop of tests/bench/alu.ptx
 *        bench_emu run SCRIPT [NAME=VALUE ...]   a run script; times only the launches
 */
#include "../emu/awemu.h"
#include "../emu/front/script.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void report(const char *what, aw_stats s) {
  printf("%-22s %11llu warp insns %12llu thread insns %8.3f s  %7.1f M warp insns/s  %8.1f M thread insns/s\n", what,
         (unsigned long long)s.warp_insns, (unsigned long long)s.thread_insns, s.seconds,
         s.seconds > 0 ? (double)s.warp_insns / s.seconds / 1e6 : 0.0,
         s.seconds > 0 ? (double)s.thread_insns / s.seconds / 1e6 : 0.0);
}

int main(int argc, char **argv) {
  if (argc >= 3 && !strcmp(argv[1], "alu")) {
    aw_device *d = aw_device_new();
    char err[4096];
    aw_module *m = aw_module_load_file(d, argv[2], err, sizeof err);
    if (!m) { fprintf(stderr, "%s\n", err); return 1; }
    uint32_t ctas = 64, threads = 256, iters = 1000;
    uint64_t out = aw_malloc(d, (uint64_t)ctas * threads * 4);
    uint8_t params[16];
    memcpy(params, &out, 8);
    memcpy(params + 8, &iters, 4);
    aw_fault f;
    aw_dim3 g = { ctas, 1, 1 }, b = { threads, 1, 1 };
    aw_stats best = { 0 };
    for (int rep = 0; rep < 3; rep++) {
      if (aw_launch(d, m, aw_kernel_find(m, "alu"), g, b, 0, params, 12, &f) != AW_OK) { fprintf(stderr, "launch failed: %s\n", f.what); return 1; }
      aw_stats s = aw_get_stats(d);
      if (!best.seconds || s.seconds < best.seconds) best = s;
    }
    report("alu (best of 3)", best);
    aw_device_free(d);
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "run")) {
    FILE *null = fopen("/dev/null", "w");
    aw_session *s = aw_session_new(null, stderr);
    for (int i = 3; i < argc; i++) {
      char *eq = strchr(argv[i], '=');
      if (eq) { *eq = 0; aw_session_set_var(s, argv[i], eq + 1); }
    }
    int rc = aw_session_run_file(s, argv[2]);
    const char *name = strrchr(argv[2], '/');
    char what[64];
    snprintf(what, sizeof what, "%s", argv[2]);
    if (name) {
      const char *p = name - 1;
      while (p > argv[2] && p[-1] != '/') p--;
      snprintf(what, sizeof what, "%.*s", (int)(name - p), p);
    }
    if (!rc) report(what, aw_get_total_stats(aw_session_device(s)));
    aw_session_free(s);
    fclose(null);
    return rc ? 1 : 0;
  }
  fprintf(stderr, "usage: bench_emu alu PTX | bench_emu run SCRIPT [NAME=VALUE ...]\n");
  return 2;
}
