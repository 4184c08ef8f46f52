/* tests/test_limits.c -- the library's limits and accounting, through its API:
 *   grid        a huge grid of CTAs that exit at once stops at the time limit
 *   shared      CTAs slow to start (a large dynamic shared memory to clear)
 *               stop at the time limit too
 *   frames      aw_set_frame_limit: the depth and the byte budget, located faults
 *   oom         out of host memory in a launch: a located fault, not exit()
 *   params      ld.param/st.param are counted apart from loads and stores
 *   magic       load_file refuses a damaged image or a binary file by name,
 *               without assembling it
 * Files go into a directory from mkdtemp, removed at the end.
 */
#include "../emu/awemu.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static aw_module *load(aw_device *d, const char *src) {
  char err[2048];
  aw_module *m = aw_module_load_text(d, "limits.ptx", src, strlen(src), err, sizeof err);
  if (!m) printf("FAIL the test module does not load: %s\n", err);
  return m;
}

static const char *empty_src =
  ".version 8.0\n.target sm_80\n.address_size 64\n"
  ".visible .entry empty()\n{\n\tret;\n}\n";

static void test_grid(void) {
  aw_device *d = aw_device_new();
  aw_module *m = load(d, empty_src);
  if (!m) { check_failed++; aw_device_free(d); return; }
  aw_set_time_limit(d, 0.5);
  aw_fault f;
  double t0 = now();
  aw_status st = aw_launch(d, m, 0, (aw_dim3){ 2147483647u, 1, 1 }, (aw_dim3){ 1, 1, 1 }, 0, NULL, 0, &f);
  double t = now() - t0;
  CHECK(st == AW_FAULT && strstr(f.what, "time limit reached"), "grid of 2^31-1 empty CTAs: faults at the time limit (%s)", f.what);
  CHECK(t < 2.0, "grid of 2^31-1 empty CTAs: stopped %.2f s after its start, the limit 0.5 s (at most 1.5 s late)", t);
  aw_device_free(d);
}

static void test_shared(void) {
  aw_device *d = aw_device_new();
  aw_module *m = load(d, empty_src);
  if (!m) { check_failed++; aw_device_free(d); return; }
  aw_set_time_limit(d, 0.3);
  aw_fault f;
  double t0 = now();
  /* 64 MiB of shared memory cleared per CTA, one instruction each: before,
   * the limits were looked at every 65536 instructions, i.e. CTAs (minutes) */
  aw_status st = aw_launch(d, m, 0, (aw_dim3){ 1000000u, 1, 1 }, (aw_dim3){ 32, 1, 1 }, 64u << 20, NULL, 0, &f);
  double t = now() - t0;
  CHECK(st == AW_FAULT && strstr(f.what, "time limit reached"), "CTAs with 64 MiB of shared memory: fault at the time limit (%s)", f.what);
  CHECK(t < 1.8, "CTAs with 64 MiB of shared memory: stopped %.2f s after its start, the limit 0.3 s (at most 1.5 s late)", t);
  aw_device_free(d);
}

/* down(n) calls down(n + 1) for ever; each activation has 'regs' .b64 registers. */
static char *recursion_src(unsigned regs) {
  static char buf[2048];
  snprintf(buf, sizeof buf,
           ".version 8.0\n.target sm_80\n.address_size 64\n.file 1 \"rec.cu\"\n"
           ".func down(.param .b32 n)\n{\n"
           "\t.reg .b64 %%rd<%u>;\n\t.reg .b32 %%r<3>;\n"
           "\t.loc 1 10 0\n\tld.param.b32 %%r1, [n];\n"
           "\t.loc 1 11 3\n\tadd.s32 %%r2, %%r1, 1;\n"
           "\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], %%r2;\n\tcall.uni down, (param0);\n\t}\n"
           "\tret;\n}\n"
           ".visible .entry rec()\n{\n\t.reg .b32 %%r<2>;\n\t.loc 1 20 0\n\tmov.u32 %%r1, 0;\n"
           "\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], %%r1;\n\tcall.uni down, (param0);\n\t}\n"
           "\tret;\n}\n", regs);
  return buf;
}

static void test_frames(void) {
  aw_device *d = aw_device_new();
  aw_module *m = load(d, recursion_src(1));
  if (!m) { check_failed++; aw_device_free(d); return; }
  aw_fault f;
  char line[1024];
  /* at most 5 nested calls: the kernel's frame and 5 of down exist when down's
   * call (pc 3: ld.param, add, st.param, call) tries the 6th */
  aw_set_frame_limit(d, 5, 0);
  aw_status st = aw_launch(d, m, 0, (aw_dim3){ 1, 1, 1 }, (aw_dim3){ 64, 1, 1 }, 0, NULL, 0, &f);
  aw_fault_format(&f, line, sizeof line);
  CHECK(st == AW_FAULT && strstr(line, "warp 0, lane 0, down pc 3 (rec.cu:11): call depth limit reached: 6 nested calls (at most 5 per warp)"),
        "a depth of 5 calls: %s", line);
  /* the byte budget: down has 1 + 3 = 4 registers (32 bytes) and 8 bytes of
   * .param (n, param0) in a 16-byte frame; the kernel 2 registers (16 bytes)
   * and param0 (16 bytes).  The k-th call needs 16 + 16 + 48 k bytes: with a
   * budget of 500, k = 9 fits (464) and k = 10 (512) does not. */
  aw_set_frame_limit(d, 0, 500);
  st = aw_launch(d, m, 0, (aw_dim3){ 1, 1, 1 }, (aw_dim3){ 64, 1, 1 }, 0, NULL, 0, &f);
  aw_fault_format(&f, line, sizeof line);
  CHECK(st == AW_FAULT && strstr(line, "down pc 3 (rec.cu:11): call stack limit reached: 10 nested calls need 512 bytes per thread of registers and local memory (at most 500)"),
        "a budget of 500 bytes per thread: %s", line);
  /* 0, 0: the defaults, 10000 calls */
  aw_set_frame_limit(d, 0, 0);
  st = aw_launch(d, m, 0, (aw_dim3){ 1, 1, 1 }, (aw_dim3){ 1, 1, 1 }, 0, NULL, 0, &f);
  CHECK(st == AW_FAULT && strstr(f.what, "call depth limit reached: 10001 nested calls (at most 10000 per warp)"), "the default depth: %s", f.what);
  aw_device_free(d);
}

/* A launch that runs out of host memory ends with a located fault; the
 * process goes on.  In a child whose address space is limited (not under
 * ASan, whose allocator reserves far more than the limit). */
static void test_oom(void) {
#ifdef UNDER_ASAN
  printf("SKIP out of host memory: not under AddressSanitizer, whose allocator reserves far more than the limit\n");
#else
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    aw_device *d = aw_device_new();
    aw_module *m = d ? load(d, recursion_src(4000)) : NULL;
    if (!m) _exit(3);
    /* 4004 registers x 32 lanes x 8 bytes: 1 MB per frame of a warp; the
     * budget allows 30000 frames (30 GB): the host runs out first */
    aw_set_frame_limit(d, 1000000, 1u << 30);
    struct rlimit rl = { 256ull << 20, 256ull << 20 };
    struct rlimit cur;
    getrlimit(RLIMIT_AS, &cur);
    if (cur.rlim_cur != RLIM_INFINITY && cur.rlim_cur < rl.rlim_cur) rl.rlim_cur = rl.rlim_max = cur.rlim_cur;
    if (setrlimit(RLIMIT_AS, &rl)) _exit(4);
    aw_fault f;
    aw_status st = aw_launch(d, m, 0, (aw_dim3){ 1, 1, 1 }, (aw_dim3){ 32, 1, 1 }, 0, NULL, 0, &f);
    char line[1024];
    aw_fault_format(&f, line, sizeof line);
    printf("     (%s)\n", line);
    fflush(stdout);
    int ok = st == AW_FAULT && strstr(line, "kernel rec, CTA (0,0,0), warp 0, lane 0, down pc 3 (rec.cu:11): out of host memory");
    aw_device_free(d);
    _exit(ok ? 0 : 5);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
        "out of host memory in deep recursion: a located fault, the process goes on (child status %d)", status);
#endif
}

static void test_params(void) {
  /* k(p, n): two ld.param, one ld.global, one st.global; a call passes n to
   * f(x) (st.param in the caller, ld.param in f) which returns x + 1
   * (st.param in f, ld.param in the caller).  Block 40: warp 0 has 32 lanes,
   * warp 1 has 8, so every instruction counts 40 thread accesses:
   *   loads 40 (ld.global), stores 40 (st.global),
   *   param_loads 40 x 4 (p, n, x in f, the return value), param_stores 40 x 2 */
  const char *src =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".func (.param .b32 r) f(.param .b32 x)\n{\n\t.reg .b32 %r<3>;\n"
    "\tld.param.b32 %r1, [x];\n\tadd.s32 %r2, %r1, 1;\n\tst.param.b32 [r], %r2;\n\tret;\n}\n"
    ".visible .entry k(.param .u64 p, .param .u32 n)\n{\n\t.reg .b64 %rd<2>;\n\t.reg .b32 %r<5>;\n"
    "\tld.param.u64 %rd1, [p];\n\tld.param.u32 %r1, [n];\n"
    "\t{\n\t.param .b32 a0;\n\t.param .b32 r0;\n\tst.param.b32 [a0], %r1;\n\tcall.uni (r0), f, (a0);\n\tld.param.b32 %r2, [r0];\n\t}\n"
    "\tld.global.u32 %r3, [%rd1];\n\tadd.s32 %r4, %r3, %r2;\n\tst.global.u32 [%rd1+4], %r4;\n\tret;\n}\n";
  aw_device *d = aw_device_new();
  aw_module *m = load(d, src);
  if (!m) { check_failed++; aw_device_free(d); return; }
  uint64_t buf = aw_malloc(d, 8);
  uint32_t init[2] = { 5, 0 }, back[2];
  aw_memcpy_htod(d, buf, init, 8);
  uint8_t params[16] = { 0 };
  memcpy(params, &buf, 8);
  uint32_t n = 10;
  memcpy(params + 8, &n, 4);
  aw_fault f;
  aw_status st = aw_launch(d, m, 0, (aw_dim3){ 1, 1, 1 }, (aw_dim3){ 40, 1, 1 }, 0, params, sizeof params, &f);
  aw_memcpy_dtoh(d, back, buf, 8);
  aw_stats s = aw_get_stats(d);
  CHECK(st == AW_OK && back[1] == 16, "the parameter kernel runs: 5 + (10 + 1) = %u", back[1]);
  CHECK(s.loads == 40 && s.stores == 40, "loads %llu (want 40), stores %llu (want 40): .param accesses left out",
        (unsigned long long)s.loads, (unsigned long long)s.stores);
  CHECK(s.param_loads == 160 && s.param_stores == 80, "param_loads %llu (want 160), param_stores %llu (want 80)",
        (unsigned long long)s.param_loads, (unsigned long long)s.param_stores);
  aw_stats t = aw_get_total_stats(d);
  CHECK(t.param_loads == 160 && t.param_stores == 80 && t.loads == 40, "the totals count them too");
  aw_device_free(d);
}

static int printable(const char *s) {
  for (; *s; s++)
    if ((unsigned char)*s < 0x20 && *s != '\n') return 0;
    else if ((unsigned char)*s >= 0x7f) return 0;
  return 1;
}

static void test_magic(void) {
  char dir[] = "/tmp/awemu-limits-XXXXXX";
  if (!mkdtemp(dir)) { CHECK(0, "mkdtemp"); return; }
  aw_device *d = aw_device_new();
  /* a real image, assembled from text and written by the library */
  const char *src = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry e()\n{\n\tret;\n}\n";
  char err[4096];
  struct { const char *name; const uint8_t *bytes; size_t n; const char *want; } cases[] = {
    { "last", (const uint8_t *)"\x89" "AWS\r\n\x1a\x0b" "\x01\x00\x00\x00\x10\x00\x00\x00", 16, "not an AWS image (bad magic number: the first bytes are 89 41 57 53 0d 0a 1a 0b" },
    { "prefix", (const uint8_t *)"\x89" "AWS junk\n\tret;\n", 15, "not an AWS image (bad magic number" },
    { "one-byte", (const uint8_t *)"\x89" "AXS\r\n\x1a\n" "\x02\x00\x00\x00", 12, "not an AWS image (bad magic number: the first bytes are 89 41 58 53" },
    { "nul", (const uint8_t *)".version 8.0\n\0\0\0\x07garbage", 21, "not a text file (a NUL byte at offset 13)" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, cases[i].name);
    FILE *fp = fopen(path, "wb");
    if (!fp) { CHECK(0, "cannot write %s", path); continue; }
    fwrite(cases[i].bytes, 1, cases[i].n, fp);
    fclose(fp);
    err[0] = 0;
    aw_module *m = aw_module_load_file(d, path, err, sizeof err);
    CHECK(!m && strstr(err, cases[i].want) && strstr(err, path) && !strstr(err, "assembly error") && printable(err),
          "load %s: refused as '%s' (%s)", cases[i].name, cases[i].want, err);
    remove(path);
  }
  /* text that merely starts like one still assembles */
  aw_module *m = aw_module_load_text(d, "ok.ptx", src, strlen(src), err, sizeof err);
  CHECK(m != NULL, "a PTX text loads: %s", m ? "" : err);
  aw_device_free(d);
  rmdir(dir);
}

int main(void) {
  test_frames();
  test_params();
  test_magic();
  test_oom();
  test_grid();
  test_shared();
  return check_failed ? 1 : 0;
}
