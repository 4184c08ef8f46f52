/* tests/test_asm.c -- the assembler as a library (libawasm, linked into libawemu and
 * libcudart.so): it never ends the process; and 'pc' trigger points as the README
 * documents them.
 *
 * Running out of memory used to print "awasm: out of memory" and call exit(2)
 * from inside the library, ending the program that had called it (a CUDA
 * program under awemu exec, say).  Now it is an error like any other:
 * asm_add_source and asm_finish report it and return.  test_memory_limit
 * stops the assembly at every point where it takes memory (a limit from 1 KB
 * up to what the assembly needs) and checks that each stop is reported and
 * leaves nothing behind (make asan checks the leaks); test_system_oom makes
 * the system's malloc fail (a child process with a small address-space limit)
 * and checks that the library returns.
 *
 * test_kernel_offset runs the README's example of a 'pc KERNEL+N' trigger (its
 * code block, read from README.md) on saxpy: 'pc' triggers took LABEL+N only,
 * and saxpy's only label is at its end, so no trigger could sit on its load of
 * x without editing the PTX.
 */
#include "../asm/asm.h"
#include "../emu/awemu.h"
#include "../isa/image.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* Assembles the files with the given limit (0: none); the errors, the image's bytes
 * (NULL on errors) and what was printed. */
static int assemble(const char *const *paths, int n, size_t limit, uint8_t **bytes, size_t *size, char **msgs) {
  size_t mlen = 0;
  FILE *mf = open_memstream(msgs, &mlen);
  asm_ctx *c = asm_new();
  asm_set_diag(c, mf);
  asm_set_warnings(c, 0);
  asm_set_memory_limit(c, limit);
  char *texts[8];
  for (int i = 0; i < n; i++) {
    size_t len;
    texts[i] = asm_read_file(paths[i], &len);
    asm_add_source(c, paths[i], texts[i], len);
  }
  isa_image img;
  int errors = asm_finish(c, &img);
  asm_free(c);
  fclose(mf);
  for (int i = 0; i < n; i++) free(texts[i]);
  *bytes = errors ? NULL : isa_image_write(&img, size);
  if (errors) {   /* nothing of the image is left to free */
    int empty = !img.strtab && !img.code && !img.funcs && !img.nfuncs && !img.ncode;
    if (!empty) { errors = -1; }
  }
  isa_image_free(&img);
  return errors;
}

static void test_memory_limit(void) {
  static const char *const paths[] = { "examples/saxpy/saxpy.ptx", "subroutines/bdi/bdi.s" };
  uint8_t *want;
  size_t want_size;
  char *msgs = NULL;
  int e = assemble(paths, 2, 0, &want, &want_size, &msgs);
  free(msgs);
  CHECK(e == 0 && want, "saxpy.ptx with bdi.s assembles with no limit");
  if (e || !want) return;
  int stops = 0, reported = 0, same = 0, tried = 0, no_leftover = 1;
  size_t limit = 1000;
  for (;; limit += limit / 16 + 1, tried++) {
    uint8_t *got;
    size_t size;
    got = NULL;
    e = assemble(paths, 2, limit, &got, &size, &msgs);
    if (e == 0) {
      same = got && size == want_size && !memcmp(got, want, size);
      free(got);
      free(msgs);
      break;
    }
    if (e < 0) no_leftover = 0;
    stops++;
    char line[160];
    snprintf(line, sizeof line, "error: out of memory (the assembly's limit is %zu bytes)\n", limit);
    size_t ml = msgs ? strlen(msgs) : 0, ll = strlen(line);
    reported += ml >= ll && !strcmp(msgs + ml - ll, line);
    free(msgs);
    if (tried > 1000) break;
  }
  CHECK(stops > 20 && reported == stops, "the assembly stopped at %d limits up to %zu bytes, each reporting 'out of memory' last (%d did)",
        stops, limit, reported);
  CHECK(no_leftover, "an assembly stopped for memory hands back no partial image");
  CHECK(same, "with %zu bytes allowed it assembles, to the same image as with no limit", limit);
  /* the last allocations (asm_finish's tables) in steps of 64 bytes */
  int fine = 0, fine_ok = 1;
  for (size_t l = limit > 16384 ? limit - 16384 : 1; l < limit; l += 64, fine++) {
    uint8_t *got = NULL;
    size_t size = 0;
    e = assemble(paths, 2, l, &got, &size, &msgs);
    if (e < 0 || (e == 0 && (!got || size != want_size || memcmp(got, want, size)))) fine_ok = 0;
    free(got);
    free(msgs);
  }
  CHECK(fine_ok, "%d limits in steps of 64 bytes below that: each fails cleanly or gives the same image", fine);
  free(want);
}

/* The virtual memory this process maps now, in bytes (from /proc/self/statm). */
static size_t mapped_bytes(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (f) { if (fscanf(f, "%lu", &pages) != 1) pages = 0; fclose(f); }
  return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

static void test_system_oom(void) {
#ifdef UNDER_ASAN
  printf("SKIP the system's malloc failing: AddressSanitizer reserves more address space than a limit can leave\n");
  return;
#endif
  /* about 60 MB of tables for 1.5 M instructions; 32 MB of address space to spare */
  static const char head[] = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<2>;\n";
  static const char insn[] = "\tadd.u32 %r1, %r1, 1;\n";
  size_t n = 1500000, len = strlen(head) + n * strlen(insn) + 3;
  char *text = malloc(len + 1), *p = text;
  if (!text) { CHECK(0, "memory for the source"); return; }
  p += sprintf(p, "%s", head);
  for (size_t i = 0; i < n; i++) { memcpy(p, insn, sizeof insn - 1); p += sizeof insn - 1; }
  p += sprintf(p, "}\n");
  int fds[2];
  if (pipe(fds)) { CHECK(0, "pipe"); free(text); return; }
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    FILE *diag = fdopen(fds[1], "w");
    struct rlimit rl = { mapped_bytes() + (32u << 20), RLIM_INFINITY };
    rl.rlim_max = rl.rlim_cur;
    if (!diag || setrlimit(RLIMIT_AS, &rl)) _exit(3);
    asm_ctx *c = asm_new();
    if (!c) { fputs("asm_new returned NULL\n", diag); fclose(diag); _exit(0); }
    asm_set_diag(c, diag);
    asm_add_source(c, "big.ptx", text, (size_t)(p - text));
    isa_image img;
    int errors = asm_finish(c, &img);
    isa_image_free(&img);
    asm_free(c);
    fprintf(diag, "returned with %d errors\n", errors);
    fclose(diag);
    _exit(0);
  }
  close(fds[1]);
  char out[4096];
  size_t got = 0;
  ssize_t k;
  while (got < sizeof out - 1 && (k = read(fds[0], out + got, sizeof out - 1 - got)) > 0) got += (size_t)k;
  out[got] = 0;
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  free(text);
  int returned = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  CHECK(returned && (strstr(out, "big.ptx: error: out of memory\nreturned with 1 errors\n") || strstr(out, "asm_new returned NULL")),
        "the system's malloc failing: the library reports 'out of memory' and returns (child %s %d; it said: %s)",
        WIFEXITED(status) ? "exit status" : "signal", WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), out);
}

/* The README's code block holding ".subroutine next_x" (malloc'd), or NULL. */
static char *readme_block(const char *marker) {
  size_t len;
  char *text = asm_read_file("README.md", &len);
  if (!text) return NULL;
  char *at = strstr(text, marker), *from = at, *to = at ? strstr(at, "\n```") : NULL;
  while (from && from > text && strncmp(from, "```\n", 4)) from--;
  char *block = NULL;
  if (at && to && from > text) {
    from += 4;
    block = malloc((size_t)(to - from) + 2);
    memcpy(block, from, (size_t)(to - from));
    strcpy(block + (to - from), "\n");
  }
  free(text);
  return block;
}

/* saxpy with y[i] = a * x[i] + y[i] over n = 999 of 1000 elements, x[i] = i, y[i] = 1, a = 2,
 * with the README's subroutine moving each thread's address of x one element on before the
 * load: y[i] = 2 * (i + 1) + 1 (x[999] = 999, so y[998] = 1999); y[999] stays 1. */
static void test_kernel_offset(void) {
  char *sub = readme_block(".subroutine next_x");
  CHECK(sub && strstr(sub, ".trigger pc saxpy, saxpy+14 (%rd6, %rd6)"), "README.md shows next_x with its 'pc saxpy, saxpy+14' trigger");
  if (!sub) return;
  aw_device *d = aw_device_new();
  char err[1024] = "";
  int added = aw_add_subroutines(d, "next_x.s", sub, strlen(sub));
  aw_module *m = added ? NULL : aw_module_load_file(d, "examples/saxpy/saxpy.ptx", err, sizeof err);
  CHECK(m != NULL, "saxpy loads with next_x (%s)", err);
  if (m) {
    enum { N = 1000 };
    float x[N], y[N];
    for (int i = 0; i < N; i++) { x[i] = (float)i; y[i] = 1; }
    uint64_t dx = aw_malloc(d, sizeof x), dy = aw_malloc(d, sizeof y);
    aw_memcpy_htod(d, dx, x, sizeof x);
    aw_memcpy_htod(d, dy, y, sizeof y);
    struct { uint32_t n; float a; uint64_t x, y; } params = { N - 1, 2.0f, dx, dy };
    aw_fault fault;
    aw_dim3 grid = { 4, 1, 1 }, block = { 256, 1, 1 };
    aw_status st = aw_launch(d, m, aw_kernel_find(m, "saxpy"), grid, block, 0, &params, sizeof params, &fault);
    aw_memcpy_dtoh(d, y, dy, sizeof y);
    int right = st == AW_OK;
    for (int i = 0; i < N - 1 && right; i++) right = y[i] == (float)(2 * (i + 1) + 1);
    aw_stats ss = aw_get_stats(d);
    CHECK(right && y[N - 1] == 1 && ss.assist_warps == 32,
          "saxpy+14: every thread loaded x[i + 1]: y[0] = %g (3), y[998] = %g (1999), y[999] = %g (1); %llu assist warps (32: one per warp)",
          (double)y[0], (double)y[N - 2], (double)y[N - 1], (unsigned long long)ss.assist_warps);
  }
  aw_device_free(d);
  free(sub);
}

/* A .target list of more than 511 bytes lost its later names silently (a fixed buffer). */
static void test_long_target(void) {
  char src[4096];
  int n = snprintf(src, sizeof src, ".version 8.0\n.target sm_80");
  for (int i = 0; i < 100; i++) n += snprintf(src + n, sizeof src - (size_t)n, ", name_%03d", i);
  snprintf(src + n, sizeof src - (size_t)n, "\n.address_size 64\n");
  asm_ctx *c = asm_new();
  asm_set_diag(c, NULL);
  asm_add_source(c, "t.ptx", src, strlen(src));
  isa_image img;
  int e = asm_finish(c, &img);
  asm_free(c);
  const char *t = e ? "" : isa_str(&img, img.target);
  CHECK(!e && strlen(t) == 5 + 100 * 10 && !strcmp(t + strlen(t) - 8, "name_099"), "a .target list of 101 names (1005 bytes) is kept whole: ...%s",
        strlen(t) > 20 ? t + strlen(t) - 20 : t);
  isa_image_free(&img);
}

int main(void) {
  test_long_target();
  test_kernel_offset();
  test_memory_limit();
  test_system_oom();
  printf("%s\n", check_failed ? "test_asm: failures" : "test_asm: ok");
  return check_failed ? 1 : 0;
}
