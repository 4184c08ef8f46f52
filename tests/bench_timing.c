/* tests/bench_timing.c -- the timing mode's speed: warp instructions and simulated cycles per second.
 *
 * usage: bench_timing alu PTX                 tests/bench/alu.ptx: ALU-bound
 *        bench_timing saxpy PTX               examples/saxpy's saxpy over 4 Mi floats: memory-bound
 *                                             (12 bytes of DRAM traffic per thread, 4 per warp instruction)
 *        bench_timing copy PTX                micro.ptx's streaming copy (16 MiB) with 16-byte vector
 *                                             accesses: the most DRAM traffic per warp instruction
 *        bench_timing bfs PTX                 examples/bfs's kernel on a random graph of 256 Ki vertices
 *                                             (1 to 10 edges each), launched level by level by the host
 *                                             loop of bfs.cu until nothing changes
 *        bench_timing run SCRIPT [NAME=VALUE ...]   a run script (e.g. bfs)
 * Each runs under caba-gtx480 (or the preset in $AWEMU_BENCH_CONFIG, with one KEY=VALUE from
 * $AWEMU_BENCH_SET, e.g. design=hw); host time covers the launches.
 */
#include "../emu/awemu.h"
#include "../emu/front/script.h"
#include "../emu/timing/timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int timing(aw_device *d) {
  tm_config c;
  char err[1024];
  const char *preset = getenv("AWEMU_BENCH_CONFIG"), *set = getenv("AWEMU_BENCH_SET");
  tm_config_defaults(&c);
  if (tm_config_load(&c, preset && *preset ? preset : "caba-gtx480", err, sizeof err) ||
      (set && *set && tm_config_set_pair(&c, set, "AWEMU_BENCH_SET", err, sizeof err)) || tm_config_check(&c, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return -1;
  }
  return aw_set_timing(d, &c);
}

static void report(const char *what, aw_device *d) {
  aw_stats s = aw_get_total_stats(d);
  const tm_stats *t;
  aw_timing_launches(d, NULL, NULL, &t);
  printf("%-16s %10llu warp insns %10llu cycles %7.3f s  %6.2f M warp insns/s  %8.0f cycles/s  (IPC %.2f)\n", what,
         (unsigned long long)s.warp_insns, (unsigned long long)t->cycles, s.seconds,
         s.seconds > 0 ? (double)s.warp_insns / s.seconds / 1e6 : 0.0, s.seconds > 0 ? (double)t->cycles / s.seconds : 0.0, tm_ipc(t));
  printf("%-16s %10llu L1 accesses %8llu L2 accesses %8llu DRAM reads+writes  (per warp insn %.2f / %.2f / %.2f)\n", "",
         (unsigned long long)t->l1_accesses, (unsigned long long)t->l2_accesses, (unsigned long long)(t->dram_reads + t->dram_writes),
         s.warp_insns ? (double)t->l1_accesses / (double)s.warp_insns : 0.0, s.warp_insns ? (double)t->l2_accesses / (double)s.warp_insns : 0.0,
         s.warp_insns ? (double)(t->dram_reads + t->dram_writes) / (double)s.warp_insns : 0.0);
  if (t->assist_insns)   /* assist warps' instructions are simulated too, and are not in the warp instructions */
    printf("%-16s %10llu assist warps, %llu assist warp insns (%.2f M warp insns/s with them)\n", "", (unsigned long long)t->assist_triggered,
           (unsigned long long)t->assist_insns, s.seconds > 0 ? (double)(s.warp_insns + t->assist_insns) / s.seconds / 1e6 : 0.0);
}

static int launch(aw_device *d, aw_module *m, const char *kernel, unsigned grid, unsigned block, const uint64_t *args, int nargs) {
  int k = aw_kernel_find(m, kernel);
  uint32_t count, sizes[8], offs[8];
  if (k < 0 || aw_kernel_params(m, k, &count, sizes, offs, 8) || (int)count != nargs) { fprintf(stderr, "no kernel %s\n", kernel); return -1; }
  uint8_t params[64] = { 0 };
  for (int i = 0; i < nargs; i++) memcpy(params + offs[i], &args[i], sizes[i]);
  aw_fault f;
  aw_dim3 g = { grid, 1, 1 }, b = { block, 1, 1 };
  if (aw_launch(d, m, k, g, b, 0, params, sizeof params, &f) != AW_OK) { fprintf(stderr, "launch failed: %s\n", f.what); return -1; }
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 3 && (!strcmp(argv[1], "alu") || !strcmp(argv[1], "copy") || !strcmp(argv[1], "saxpy") || !strcmp(argv[1], "bfs"))) {
    aw_device *d = aw_device_new();
    char err[4096];
    if (!d || timing(d)) return 1;
    aw_module *m = aw_module_load_file(d, argv[2], err, sizeof err);
    if (!m) { fprintf(stderr, "%s\n", err); return 1; }
    if (!strcmp(argv[1], "alu")) {
      /* 64 CTAs of 256 threads, 200 iterations of the ALU loop */
      uint64_t args[2] = { aw_malloc(d, 64 * 256 * 4), 200 };
      if (launch(d, m, "alu", 64, 256, args, 2)) return 1;
      report("alu (ALU-bound)", d);
    } else if (!strcmp(argv[1], "bfs")) {
      enum { NV = 1 << 18 };
      int32_t *row = malloc((NV + 1) * sizeof *row), *col = malloc((size_t)NV * 10 * sizeof *col), *lev = malloc(NV * sizeof *lev);
      if (!row || !col || !lev) return 1;
      uint32_t x = 12345, ne = 0;
      for (uint32_t v = 0; v < NV; v++) {   /* a fixed pseudo-random graph (an LCG) */
        row[v] = (int32_t)ne;
        x = x * 1664525u + 1013904223u;
        uint32_t deg = 1 + (x >> 16) % 10;
        for (uint32_t e = 0; e < deg; e++) { x = x * 1664525u + 1013904223u; col[ne++] = (int32_t)((x >> 8) % NV); }
        lev[v] = v ? -1 : 0;
      }
      row[NV] = (int32_t)ne;
      uint64_t drow = aw_malloc(d, (NV + 1) * 4), dcol = aw_malloc(d, (uint64_t)ne * 4), dlev = aw_malloc(d, NV * 4), dch = aw_malloc(d, 4);
      aw_memcpy_htod(d, drow, row, (NV + 1) * 4);
      aw_memcpy_htod(d, dcol, col, (size_t)ne * 4);
      aw_memcpy_htod(d, dlev, lev, NV * 4);
      int32_t changed = 1, levels = 0;
      const char *cap = getenv("AWEMU_BENCH_LEVELS");   /* stop after so many levels (for profiling) */
      int max_levels = cap ? atoi(cap) : 0;
      for (uint32_t level = 0; changed && (!max_levels || levels < max_levels); level++, levels++) {   /* bfs.cu's host loop */
        changed = 0;
        aw_memcpy_htod(d, dch, &changed, 4);
        uint64_t args[6] = { drow, dcol, dlev, dch, NV, level };
        if (launch(d, m, "bfs_level", NV / 128, 128, args, 6)) return 1;
        aw_memcpy_dtoh(d, &changed, dch, 4);
      }
      char what[64];
      snprintf(what, sizeof what, "bfs %u levels", (unsigned)levels);
      report(what, d);
      free(row); free(col); free(lev);
    } else if (!strcmp(argv[1], "saxpy")) {
      uint32_t n = 1u << 22;
      float a = 2.5f;
      uint32_t abits;
      memcpy(&abits, &a, 4);
      uint64_t args[4] = { n, abits, aw_malloc(d, (uint64_t)n * 4), aw_malloc(d, (uint64_t)n * 4) };
      /* data BDI compresses (x: one value; y: small integers), so compressed designs have work */
      float *h = malloc((size_t)n * 4);
      if (!h) return 1;
      for (uint32_t i = 0; i < n; i++) h[i] = 1.0f;
      aw_memcpy_htod(d, args[2], h, (size_t)n * 4);
      for (uint32_t i = 0; i < n; i++) h[i] = (float)(i % 64);
      aw_memcpy_htod(d, args[3], h, (size_t)n * 4);
      free(h);
      if (launch(d, m, "saxpy", n / 256, 256, args, 4)) return 1;
      report("saxpy (memory)", d);
    } else {
      uint64_t n = 1 << 20;
      uint64_t args[3] = { aw_malloc(d, n * 16), aw_malloc(d, n * 16), n };
      if (launch(d, m, "copy", 90, 256, args, 3)) return 1;
      report("copy (memory)", d);
    }
    aw_device_free(d);
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "run")) {
    FILE *null = fopen("/dev/null", "w");
    aw_session *s = aw_session_new(null, stderr);
    if (!s || timing(aw_session_device(s))) return 1;
    for (int i = 3; i < argc; i++) {
      char *eq = strchr(argv[i], '=');
      if (eq) { *eq = 0; aw_session_set_var(s, argv[i], eq + 1); }
    }
    int rc = aw_session_run_file(s, argv[2]);
    const char *slash = strrchr(argv[2], '/'), *p = slash ? slash : argv[2];
    while (slash && p > argv[2] && p[-1] != '/') p--;
    char what[64];
    snprintf(what, sizeof what, "%.*s", slash ? (int)(slash - p) : (int)strlen(p), p);
    if (!rc) report(what, aw_session_device(s));
    aw_session_free(s);
    fclose(null);
    return rc ? 1 : 0;
  }
  fprintf(stderr, "usage: bench_timing alu|saxpy|copy|bfs PTX | bench_timing run SCRIPT [NAME=VALUE ...]\n");
  return 2;
}
