/* emu/cudart/cudart.c -- libcudart.so.13: the CUDA runtime over libawemu.
 *
 * Owns: the one emulated device of a process (made at the first call: the
 * program's static constructors register its fat binaries), the fat
 * binaries, kernels and variables those registrations name, the launch
 * configuration stack of <<<...>>>, streams, events and the error state.
 * Promises: every entry point returns a cudaError_t as CUDA documents it;
 * a kernel fault prints awemu's located report and becomes the sticky
 * cudaErrorLaunchFailure; a call awemu does not implement prints its name
 * and returns cudaErrorNotSupported.  Work is done when it is called (the
 * streams are executed in order, as one), so every call is synchronous.
 * Host threads: every entry point holds one lock while it runs (ENTER), so a
 * program of several threads is correct, its calls one at a time; the last
 * error and the <<<...>>> configuration stack are each thread's, as in CUDA.
 * Configuration: environment variables, read once (emu/cudart/README.md).
 * Debugging (awemu debug PROGRAM, AWEMU_DEBUG set): the debugger (emu/front/debug*.c, compiled in)
 * takes the device at the program's first CUDA call after its registrations, with every fat
 * binary's PTX assembled, and stops in the launches; when it ends the program (kill, quit),
 * the runtime ends it at once, its outputs not written.
 */
#define _GNU_SOURCE
#include "../awemu.h"
#include "../datadir.h"
#include "../front/debug.h"
#include "../core/emu_int.h"
#include "../front/options.h"
#include "../timing/timing.h"
#include "../timing/tm_launch.h"
#include "../../asm/asm.h"
#include "../../isa/outfile.h"
#include "cuda_abi.h"
#include "fatbin.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* The entry points: declared by CUDA's headers, which are not ours to include */
#define API __attribute__((visibility("default")))
#pragma GCC diagnostic ignored "-Wmissing-prototypes"

/* Every entry point begins with ENTER: it holds the runtime's one lock until it returns (by
 * any path: the lock is released when the variable goes out of scope).  Recursive, because
 * entry points call one another (cudaMallocPitch calls cudaMalloc).  The device, its
 * allocations and the emulator's state are one, so calls from several host threads run one
 * at a time, each whole: a cudaFree can no longer free memory under another thread's launch. */
static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static void leave(int *entered) { (void)entered; pthread_mutex_unlock(&lock); }
#define ENTER __attribute__((cleanup(leave))) int entered_ = pthread_mutex_lock(&lock); (void)entered_

/* ---- state ---- */

typedef struct {
  const void *wrapper;      /* what __cudaRegisterFatBinary got (the handle is a pointer to this record) */
  aw_module *m;             /* its PTX assembled, at the first launch or symbol that needs it */
  int tried;                /* the load was tried (m NULL: it failed, with error 'err') */
  cr_err err;
  uint32_t sm;              /* the target of the PTX chosen */
} cr_fatbin;

typedef struct {
  const void *host_fun;     /* the host stub's address: what <<<>>> and cudaLaunchKernel name */
  cr_fatbin *fb;
  char *name;               /* the kernel's (mangled) name */
  int64_t static_shared;    /* its own __shared__ bytes (cudaFuncAttributes.sharedSizeBytes); -1 until asked */
  int64_t max_dynamic;      /* cudaFuncAttributeMaxDynamicSharedMemorySize as set; -1: not set */
} cr_kernel;

typedef struct {
  const void *host_var;     /* the host shadow: what cudaMemcpyToSymbol names */
  cr_fatbin *fb;
  char *name;
  size_t size;
} cr_var;

/* Streams and events reach the program as handles: numbers counted up from FIRST_HANDLE,
 * never reused and never the address of anything.  A handle is looked up among the live ones,
 * so one destroyed (or never made) is told from every live one, whatever was made since, and
 * nothing freed is ever read.  cr_stream and cr_event stay incomplete types: a handle cannot be
 * dereferenced by mistake. */
typedef struct cr_stream cr_stream;
typedef struct cr_event cr_event;
typedef struct { uintptr_t handle; double at; int recorded; } cr_event_rec;
#define FIRST_HANDLE 0x1000u   /* above cudaStreamLegacy (0x1) and cudaStreamPerThread (0x2) */

/* The memory the device reports (totalGlobalMem, cudaMemGetInfo's total), which cudaMalloc's
 * allocations together may not pass. */
#define DEVICE_BYTES (16ull << 30)
/* A launch's wall-clock limit when AWEMU_TIMEOUT does not set one (why 600 s: emu/cudart/README.md, "Limits"). */
#define DEFAULT_TIMEOUT 600

typedef struct {
  void *host;               /* mapped host memory the device sees at the same address */
  size_t len;               /* of the mapping */
  int managed;              /* cudaMallocManaged (else cudaMallocHost/HostAlloc) */
} cr_mapping;

static struct {
  int ready;
  aw_device *d;
  tm_config cfg;
  const char *cfg_name;                 /* the preset or file it came from */
  int timing;
  cr_fatbin **fbs;  uint32_t nfb;
  cr_kernel *ks;    uint32_t nk;
  cr_var *vs;       uint32_t nv;
  aw_module **ptx;  uint32_t nptx;     /* AWEMU_PTX's modules, when given */
  cr_mapping *maps; uint32_t nmaps;
  uintptr_t *streams;   uint32_t nstreams;  /* the live streams' handles */
  cr_event_rec *events; uint32_t nevents;   /* the live events */
  uintptr_t next_handle;                    /* the next stream's or event's */
  cr_err sticky;                        /* a launch's fault: every later call returns it */
  uint64_t ran, faulted;                /* launches that ran, and of them those that faulted */
  uint64_t refused_sticky, refused;     /* launches refused: after a fault, and for another error */
  uint64_t warp_insns;
  double launch_seconds;                /* host time in launches */
  double sim_seconds;                   /* timing mode: simulated time of the launches so far */
  uint8_t *params; size_t params_cap;
  const char *stats_json;
  isa_outfile timeline;                 /* AWEMU_TRACE_TIMELINE's file, while open */
  int timeline_open;
  int debugging;                        /* awemu debug PROGRAM: the debugger holds the device's hook */
  aw_module **dbg_mods; uint32_t ndbg_mods;   /* the modules, as the debugger asks for them */
  int summary;
  int fault_exit;                       /* AWEMU_FAULT_EXIT: exit status 1 when the program ends with 0 after a fault */
  uint64_t host_bytes;                  /* the host's memory: cudaMalloc's bound when less than DEVICE_BYTES */
  uint64_t next_map;                    /* where the next mapped host memory goes */
  char notified[64][48]; uint32_t nnotified;
} G;

/* Each host thread's: its last error (cudaGetLastError), and the configurations <<<...>>> pushed
 * and not yet popped (the push and the launch are two calls, another thread's may come between). */
static _Thread_local cr_err last_error;
static _Thread_local struct { cr_dim3 grid, block; size_t shared; void *stream; } conf[16];
static _Thread_local uint32_t nconf;

#define MAP_BASE 0x0000300000000000ull  /* unified-address host memory: far above aw_malloc's, below the metadata and generic windows */

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("awemu: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}


static double host_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- configuration (environment) and exit ---- */

/* "1 launch", "2 launches". */
static const char *plural(uint64_t n, const char *one, const char *many, char *buf, size_t cap) {
  snprintf(buf, cap, "%llu %s", (unsigned long long)n, n == 1 ? one : many);
  return buf;
}

/* The launches, as the summary says them: "8 launches (1 faulted, 7 refused after the fault)". */
static void launches_text(char *buf, size_t cap) {
  char a[64], b[160] = "";
  plural(G.ran + G.refused_sticky + G.refused, "launch", "launches", a, sizeof a);
  if (G.faulted) snprintf(b, sizeof b, "%llu faulted", (unsigned long long)G.faulted);
  if (G.refused_sticky)
    snprintf(b + strlen(b), sizeof b - strlen(b), "%s%llu refused after the fault", *b ? ", " : "", (unsigned long long)G.refused_sticky);
  if (G.refused)
    snprintf(b + strlen(b), sizeof b - strlen(b), "%s%llu refused with an error", *b ? ", " : "", (unsigned long long)G.refused);
  snprintf(buf, cap, *b ? "%s (%s)" : "%s", a, b);
}

/* At the program's exit (registered with on_exit when the library is loaded, so it runs after
 * the program's own exit handlers and static destructors, which may still call CUDA): the
 * statistics file, the summary, and the exit status.  The program's status stands unless the
 * statistics asked for could not be written (then 2 where it was 0) or AWEMU_FAULT_EXIT is set
 * and a launch faulted (then 1 where it was 0); a changed status ends the process here with
 * _exit, after flushing every stdio stream. */
static void at_exit(int status, void *arg) {
  (void)arg;
  ENTER;
  if (getenv("AWEMU_DEBUG")) say("awemu debug: the program made no CUDA call after its start: the debugger had nothing to stop");
  if (!G.ready) return;
  fflush(stdout);   /* the program's output first */
  int out = status;
  char err[512];
  if (G.stats_json && aw_stats_json(G.d, G.stats_json, G.timing ? &G.cfg : NULL, err, sizeof err)) {
    say("AWEMU_STATS_JSON (--stats-json): %s; the statistics are not written%s", err, status ? "" : ", exit status 2");
    if (!out) out = 2;
  }
  if (G.timeline_open) {   /* the launches' events, also after a fault: they show where */
    aw_timing_timeline(G.d, NULL);
    G.timeline_open = 0;
    if (isa_out_commit(&G.timeline, err, sizeof err)) {
      say("AWEMU_TRACE_TIMELINE (--trace-timeline): %s; the timeline is not written%s", err, status ? "" : ", exit status 2");
      if (!out) out = 2;
    }
  }
  if (G.summary) {
    char l[256], w[64];
    launches_text(l, sizeof l);
    plural(G.warp_insns, "warp instruction", "warp instructions", w, sizeof w);
    if (G.timing) {
      const tm_stats *launches, *total;
      const char *const *kernels;
      aw_timing_launches(G.d, &launches, &kernels, &total);
      fprintf(stderr, "awemu: %s, %s, %llu cycles (IPC %.2f, DRAM bandwidth %.1f%%) on %s; %.2f s in the emulator\n", l, w,
              (unsigned long long)total->cycles, tm_ipc(total), 100 * tm_dram_utilization(total), G.cfg_name, G.launch_seconds);
    } else
      fprintf(stderr, "awemu: %s, %s (functional mode); %.2f s in the emulator\n", l, w, G.launch_seconds);
  }
  if (G.faulted && !status) {
    if (G.fault_exit) {
      say("exit status 1: a launch faulted, and the program ended with 0 (AWEMU_FAULT_EXIT, awemu exec --fault-exit)");
      if (!out) out = 1;
    } else if (G.summary)
      say("the program ended with exit status 0 after a launch faulted (awemu exec --fault-exit, or AWEMU_FAULT_EXIT=1, makes it 1)");
  }
  if (G.debugging) out = dbg_program_exit(out);   /* the debugger's last prompt */
  if (out != status) {
    fflush(NULL);
    _exit(out);
  }
}

/* Registered when the library is loaded, before the program's constructors (which register
 * its fat binaries and may register exit handlers of their own): so it runs last but the C
 * library's own. */
__attribute__((constructor)) static void register_exit(void) { on_exit(at_exit, NULL); }

/* Splits s at ':' (or ',' for sets) and calls fn on each non-empty piece; 0, or the first failure. */
static int each(const char *s, char sep, int (*fn)(const char *, void *), void *arg) {
  char buf[4096];
  while (*s) {
    const char *e = strchr(s, sep);
    size_t n = e ? (size_t)(e - s) : strlen(s);
    if (n && n < sizeof buf) {
      memcpy(buf, s, n);
      buf[n] = 0;
      if (fn(buf, arg)) return -1;
    }
    s += n + (e != NULL);
  }
  return 0;
}

static int one_set(const char *kv, void *arg) {
  char err[512];
  (void)arg;
  if (tm_config_set_pair(&G.cfg, kv, "AWEMU_SET", err, sizeof err)) { say("%s", err); return -1; }
  return 0;
}

static int one_subroutine(const char *path, void *arg) {
  size_t len;
  (void)arg;
  char *text = asm_read_file(path, &len);
  if (!text) { say("AWEMU_SUBROUTINES: %s: cannot be read", path); return -1; }
  int r = aw_add_subroutines(G.d, path, text, len);
  free(text);
  if (r == -2) { say("AWEMU_SUBROUTINES: %s: an AWS image: subroutines are given as assembly source (.s), assembled with each module loaded after them (an image that holds its kernels is loaded itself)", path); return -1; }
  if (r) { say("out of memory"); return -1; }
  return 0;
}

static int one_ptx(const char *path, void *arg) {
  char err[4096];
  (void)arg;
  aw_module *m = aw_module_load_file(G.d, path, err, sizeof err);
  if (!m) { say("AWEMU_PTX: %s", err); return -1; }
  aw_module **p = realloc(G.ptx, (G.nptx + 1) * sizeof *p);
  if (!p) { say("out of memory"); return -1; }
  G.ptx = p;
  G.ptx[G.nptx++] = m;
  return 0;
}

/* The device, made at the first call.  A bad setting ends the program: it
 * asked for something awemu cannot give, and running on would hide that. */
static void init_device(void) {
  if (G.ready) return;
  G.ready = 1;
  G.d = aw_device_new();
  if (!G.d) { say("out of memory"); exit(1); }
  aw_data_setup_codecs();
  G.next_map = MAP_BASE;
  G.next_handle = FIRST_HANDLE;
  const char *config = getenv("AWEMU_CONFIG"), *sets = getenv("AWEMU_SET"), *v;
  char err[512];
  tm_config_defaults(&G.cfg);
  G.cfg_name = config && *config ? config : "caba-gtx480";
  if ((config && *config) || (sets && *sets)) {
    if (tm_config_load(&G.cfg, G.cfg_name, err, sizeof err)) { say("AWEMU_CONFIG: %s", err); exit(1); }
    if (sets && each(sets, ',', one_set, NULL)) exit(1);
    if (tm_config_check(&G.cfg, err, sizeof err)) { say("%s", err); exit(1); }
    if (aw_set_timing(G.d, &G.cfg)) { say("out of memory"); exit(1); }
    G.timing = 1;
  }
  if ((v = getenv("AWEMU_SUBROUTINES")) && each(v, ':', one_subroutine, NULL)) exit(1);
  if ((v = getenv("AWEMU_MEMCHECK")) && *v) {
    if (!strcmp(v, "on") || !strcmp(v, "1")) aw_set_memcheck(G.d, AW_MEMCHECK_REPORT, NULL);
    else if (!strcmp(v, "stop")) aw_set_memcheck(G.d, AW_MEMCHECK_STOP, NULL);
    else if (strcmp(v, "off") && strcmp(v, "0")) { say("AWEMU_MEMCHECK: '%s' is not on, stop or off", v); exit(1); }
  }
  double timeout = DEFAULT_TIMEOUT;
  if ((v = getenv("AWEMU_TIMEOUT")) && *v) {
    char *end;
    timeout = strtod(v, &end);
    if (*end || !(timeout >= 0)) { say("AWEMU_TIMEOUT: '%s' is not a number of seconds (0: no limit)", v); exit(1); }
  }
  aw_set_time_limit(G.d, timeout);
  if ((v = getenv("AWEMU_INSN_LIMIT")) && *v) {
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (*end || *v == '-' || errno) { say("AWEMU_INSN_LIMIT: '%s' is not a number of warp instructions (0: no limit)", v); exit(1); }
    aw_set_insn_limit(G.d, n);
  }
  if ((v = getenv("AWEMU_RESIDENT_CTAS")) && *v) {
    char *end;
    errno = 0;
    unsigned long long n = !strcmp(v, "all") ? 0 : strtoull(v, &end, 10);
    if (strcmp(v, "all") && (*end || *v < '0' || *v > '9' || errno || !n || n > UINT32_MAX)) {
      say("AWEMU_RESIDENT_CTAS: '%s' is not a number of CTAs (1 or more) or all", v);
      exit(1);
    }
    aw_set_resident_ctas(G.d, (uint32_t)n);
  }
  aw_set_limit_hints(G.d, "awemu exec --insn-limit N (AWEMU_INSN_LIMIT) raises it, 0 lifts it",
                     "awemu exec --timeout S (AWEMU_TIMEOUT=S) raises it, 0 lifts it");
  if ((v = getenv("AWEMU_FAULT_EXIT")) && *v) {
    if (!strcmp(v, "1")) G.fault_exit = 1;
    else if (strcmp(v, "0")) { say("AWEMU_FAULT_EXIT: '%s' is not 1 (exit status 1 after a fault) or 0", v); exit(1); }
  }
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  G.host_bytes = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : UINT64_MAX;
  G.stats_json = getenv("AWEMU_STATS_JSON");   /* (functional mode: the counters of all launches) */
  if (G.stats_json && !*G.stats_json) G.stats_json = NULL;
  v = getenv("AWEMU_SUMMARY");
  G.summary = !(v && !strcmp(v, "0"));
  if ((v = getenv("AWEMU_PTX")) && each(v, ':', one_ptx, NULL)) exit(1);
  if ((v = getenv("AWEMU_RECORD")) && *v && aw_set_record(G.d, v)) {
    say("AWEMU_RECORD (--record): %s: %s", v, errno == ENOTEMPTY ? "not empty (a new or empty directory is needed)" : strerror(errno));
    exit(1);
  }
  if ((v = getenv("AWEMU_TRACE_TIMELINE")) && *v) {
    char terr[512];
    if (!G.timing) { say("AWEMU_TRACE_TIMELINE needs timing mode (AWEMU_CONFIG=NAME|FILE)"); exit(1); }
    if (isa_out_open(&G.timeline, v, 0, terr, sizeof terr)) { say("AWEMU_TRACE_TIMELINE (--trace-timeline): %s", terr); exit(1); }
    G.timeline_open = 1;
    if (aw_timing_timeline(G.d, G.timeline.f)) { say("out of memory"); exit(1); }
  }
}

static aw_module *module_for(cr_fatbin *fb, const char *name, int kernel, cr_err *e);

/* The debugger's view of the program's modules: AWEMU_PTX's, and every fat binary's assembled so far. */
static int debug_modules(aw_module ***mods) {
  uint32_t n = G.nptx + G.nfb;
  aw_module **l = realloc(G.dbg_mods, (n ? n : 1) * sizeof *l);
  if (!l) { *mods = G.dbg_mods; return 0; }
  G.dbg_mods = l;
  G.ndbg_mods = 0;
  for (uint32_t i = 0; i < G.nptx; i++) l[G.ndbg_mods++] = G.ptx[i];
  for (uint32_t i = 0; i < G.nfb && !G.nptx; i++) if (G.fbs[i]->m) l[G.ndbg_mods++] = G.fbs[i]->m;
  *mods = l;
  return (int)G.ndbg_mods;
}

/* The debugger ended the program (kill, quit): it ends here, nothing more of it run; the
 * outputs it would write at its exit are left unwritten (a partial timeline removed). */
static void debug_end(int status) {
  if (G.timeline_open) { aw_timing_timeline(G.d, NULL); isa_out_abort(&G.timeline); G.timeline_open = 0; }
  fflush(NULL);
  _exit(status);
}

/* The device, and at the program's first CUDA call after its registrations (every entry
 * point but those nvcc's host code calls before main), the debugger when awemu debug runs it:
 * each fat binary's PTX assembled first, so that its kernels have their names at the prompt. */
static void init(void) {
  static int debugger_asked;
  init_device();
  if (debugger_asked) return;
  debugger_asked = 1;
  if (!getenv("AWEMU_DEBUG")) return;
  cr_err e;
  for (uint32_t i = 0; i < G.nfb && !G.nptx; i++) module_for(G.fbs[i], "", 1, &e);
  int r = dbg_program_start(G.d, debug_modules);
  if (r == -2) return;
  G.debugging = 1;
  if (r >= 0) debug_end(r);
}

/* ---- modules, kernels, variables ---- */

/* The module holding kernel or variable 'name' of fat binary fb: one of
 * AWEMU_PTX's when given, else fb's PTX (assembled the first time).  NULL
 * (with the error set and said) when there is none. */
static aw_module *module_for(cr_fatbin *fb, const char *name, int kernel, cr_err *e) {
  if (G.nptx) {
    for (uint32_t i = 0; i < G.nptx; i++) {
      uint64_t a, b;
      if (kernel ? aw_kernel_find(G.ptx[i], name) >= 0 : aw_module_symbol(G.ptx[i], name, &a, &b) == 0) return G.ptx[i];
    }
    say("%s '%s' is in none of AWEMU_PTX's files", kernel ? "kernel" : "variable", name);
    *e = kernel ? CR_INVALID_DEVICE_FUNCTION : CR_INVALID_SYMBOL;
    return NULL;
  }
  if (!fb->tried) {
    fb->tried = 1;
    fb->err = CR_INVALID_PTX;
    char err[8192];
    const void *f = fb_unwrap(fb->wrapper, err, sizeof err);
    fb_ptx p[16];
    uint32_t n = 0;
    fb_summary sum;
    if (!f || fb_read(f, p, 16, &n, &sum, err, sizeof err)) { say("this program's fat binary: %s", err); *e = CR_INVALID_PTX; return NULL; }
    if (!n) {
      char sms[128] = "";
      for (uint32_t i = 0; i < sum.elf && i < 16; i++) snprintf(sms + strlen(sms), sizeof sms - strlen(sms), "%ssm_%u", i ? ", " : "", sum.elf_sm[i]);
      say("this program's fat binary holds no PTX (only machine code for %s), and awemu runs PTX: build it with PTX embedded, "
          "e.g. nvcc -gencode arch=compute_75,code=compute_75 (or nvcc's default, -arch=sm_75), or give the PTX in AWEMU_PTX",
          sum.elf ? sms : "no GPU");
      *e = fb->err = CR_NO_KERNEL_IMAGE;
      return NULL;
    }
    uint32_t best = 0;   /* the newest target */
    for (uint32_t i = 1; i < n; i++) if (p[i].sm > p[best].sm) best = i;
    char title[64];   /* names the PTX in messages: the fat binary's registration order and its target */
    uint32_t order = 0;
    while (order < G.nfb && G.fbs[order] != fb) order++;
    snprintf(title, sizeof title, "fatbin%u.sm_%u.ptx", order, p[best].sm);
    fb->m = aw_module_load_text(G.d, title, p[best].text, p[best].len, err, sizeof err);
    fb->sm = p[best].sm;
    for (uint32_t i = 0; i < n; i++) free(p[i].text);
    if (!fb->m) { say("the PTX of this program (%s) does not assemble:\n%s", title, err); *e = CR_INVALID_PTX; return NULL; }
  }
  if (!fb->m) { *e = fb->err; return NULL; }
  return fb->m;
}

static cr_kernel *kernel_of(const void *host_fun) {
  for (uint32_t i = 0; i < G.nk; i++) if (G.ks[i].host_fun == host_fun || &G.ks[i] == host_fun) return &G.ks[i];
  return NULL;
}

static cr_var *var_of(const void *host_var) {
  for (uint32_t i = 0; i < G.nv; i++) if (G.vs[i].host_var == host_var) return &G.vs[i];
  return NULL;
}

/* A symbol's device address and size.  0, or the error. */
static cr_err symbol(const void *sym, uint64_t *addr, uint64_t *bytes) {
  init();
  cr_var *v = var_of(sym);
  if (!v) return CR_INVALID_SYMBOL;
  cr_err e = CR_SUCCESS;
  aw_module *m = module_for(v->fb, v->name, 0, &e);
  if (!m) return e;
  if (aw_module_symbol(m, v->name, addr, bytes)) { say("variable '%s' is not in the program's PTX", v->name); return CR_INVALID_SYMBOL; }
  return CR_SUCCESS;
}

/* ---- registration (what nvcc's host code calls before main) ---- */

API void **__cudaRegisterFatBinary(void *fat_cubin) {
  ENTER;
  init_device();   /* (registration: before main; the debugger comes at the first call after it) */
  cr_fatbin *fb = calloc(1, sizeof *fb);
  cr_fatbin **l = fb ? realloc(G.fbs, (G.nfb + 1) * sizeof *l) : NULL;
  if (!l) { say("out of memory"); exit(1); }
  G.fbs = l;
  fb->wrapper = fat_cubin;
  G.fbs[G.nfb++] = fb;
  return (void **)fb;
}

API void __cudaRegisterFatBinaryEnd(void **handle) { ENTER; (void)handle; }
API void __cudaUnregisterFatBinary(void **handle) { ENTER; (void)handle; }   /* the device lives until exit */
API char __cudaInitModule(void **handle) { ENTER; (void)handle; return 1; }

API void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun, const char *device_name, int thread_limit,
                                void *tid, void *bid, void *bdim, void *gdim, int *wsize) {
  ENTER;
  (void)device_name; (void)thread_limit; (void)tid; (void)bid; (void)bdim; (void)gdim; (void)wsize;
  cr_kernel *k = realloc(G.ks, (G.nk + 1) * sizeof *k);
  if (!k) { say("out of memory"); exit(1); }
  G.ks = k;
  G.ks[G.nk].host_fun = host_fun;
  G.ks[G.nk].fb = (cr_fatbin *)handle;
  G.ks[G.nk].name = strdup(device_fun);
  G.ks[G.nk].static_shared = G.ks[G.nk].max_dynamic = -1;
  if (!G.ks[G.nk].name) { say("out of memory"); exit(1); }
  G.nk++;
}

API void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name, int ext, size_t size,
                           int constant, int global) {
  ENTER;
  (void)device_address; (void)ext; (void)constant; (void)global;
  cr_var *v = realloc(G.vs, (G.nv + 1) * sizeof *v);
  if (!v) { say("out of memory"); exit(1); }
  G.vs = v;
  G.vs[G.nv].host_var = host_var;
  G.vs[G.nv].fb = (cr_fatbin *)handle;
  G.vs[G.nv].name = strdup(device_name);
  G.vs[G.nv].size = size;
  if (!G.vs[G.nv].name) { say("out of memory"); exit(1); }
  G.nv++;
}

/* ---- errors ---- */

static const struct { cr_err e; const char *name, *text; } errors[] = {
  { CR_SUCCESS, "cudaSuccess", "no error" },
  { CR_INVALID_VALUE, "cudaErrorInvalidValue", "invalid argument" },
  { CR_MEMORY_ALLOCATION, "cudaErrorMemoryAllocation", "out of memory" },
  { CR_INITIALIZATION, "cudaErrorInitializationError", "initialization error" },
  { CR_INVALID_CONFIGURATION, "cudaErrorInvalidConfiguration", "invalid configuration argument" },
  { CR_INVALID_PITCH, "cudaErrorInvalidPitchValue", "invalid pitch argument" },
  { CR_INVALID_SYMBOL, "cudaErrorInvalidSymbol", "invalid device symbol" },
  { CR_INVALID_DEVICE_POINTER, "cudaErrorInvalidDevicePointer", "invalid device pointer" },
  { CR_INVALID_MEMCPY_DIRECTION, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy" },
  { CR_MISSING_CONFIGURATION, "cudaErrorMissingConfiguration", "__global__ function call is not configured" },
  { CR_INVALID_DEVICE_FUNCTION, "cudaErrorInvalidDeviceFunction", "invalid device function" },
  { CR_NO_DEVICE, "cudaErrorNoDevice", "no CUDA-capable device is detected" },
  { CR_INVALID_DEVICE, "cudaErrorInvalidDevice", "invalid device ordinal" },
  { CR_NO_KERNEL_IMAGE, "cudaErrorNoKernelImageForDevice", "no kernel image is available for execution on the device" },
  { CR_INVALID_PTX, "cudaErrorInvalidPtx", "a PTX JIT compilation failed" },
  { CR_INVALID_RESOURCE_HANDLE, "cudaErrorInvalidResourceHandle", "invalid resource handle" },
  { CR_SYMBOL_NOT_FOUND, "cudaErrorSymbolNotFound", "named symbol not found" },
  { CR_NOT_READY, "cudaErrorNotReady", "device not ready" },
  { CR_LAUNCH_OUT_OF_RESOURCES, "cudaErrorLaunchOutOfResources", "too many resources requested for launch" },
  { CR_LAUNCH_TIMEOUT, "cudaErrorLaunchTimeout", "the launch timed out and was terminated" },
  { CR_LAUNCH_FAILURE, "cudaErrorLaunchFailure", "unspecified launch failure" },
  { CR_NOT_SUPPORTED, "cudaErrorNotSupported", "operation not supported" },
  { CR_UNKNOWN, "cudaErrorUnknown", "unknown error" },
};

API const char *cudaGetErrorName(cr_err e) {
  ENTER;
  for (size_t i = 0; i < sizeof errors / sizeof *errors; i++) if (errors[i].e == e) return errors[i].name;
  return "cudaErrorUnknown";
}

API const char *cudaGetErrorString(cr_err e) {
  ENTER;
  for (size_t i = 0; i < sizeof errors / sizeof *errors; i++) if (errors[i].e == e) return errors[i].text;
  return "unrecognized error code";
}

API cr_err cudaGetLastError(void) {
  ENTER;
  cr_err e = G.sticky ? G.sticky : last_error;
  last_error = CR_SUCCESS;
  return e;
}

API cr_err cudaPeekAtLastError(void) { ENTER; return G.sticky ? G.sticky : last_error; }

/* A call's result: the sticky error of a failed launch wins, as in CUDA. */
static cr_err ret(cr_err e) {
  if (G.sticky) return G.sticky;
  if (e) last_error = e;
  return e;
}

/* ---- launches ---- */

API cr_err __cudaPushCallConfiguration(cr_dim3 grid, cr_dim3 block, size_t shared, void *stream) {
  ENTER;
  init();
  if (nconf == 16) return ret(CR_INVALID_CONFIGURATION);
  conf[nconf].grid = grid;
  conf[nconf].block = block;
  conf[nconf].shared = shared;
  conf[nconf].stream = stream;
  nconf++;
  return CR_SUCCESS;
}

API cr_err __cudaPopCallConfiguration(cr_dim3 *grid, cr_dim3 *block, size_t *shared, void *stream) {
  ENTER;
  if (!nconf) return ret(CR_MISSING_CONFIGURATION);
  nconf--;
  *grid = conf[nconf].grid;
  *block = conf[nconf].block;
  *shared = conf[nconf].shared;
  memcpy(stream, &conf[nconf].stream, sizeof(void *));
  return CR_SUCCESS;
}

API cr_err __cudaGetKernel(void **kernel, const void *host_fun) {
  ENTER;
  init();
  cr_kernel *k = kernel_of(host_fun);
  if (!k) return ret(CR_INVALID_DEVICE_FUNCTION);
  *kernel = k;
  return CR_SUCCESS;
}

/* Managed memory may have been written by the host since the last launch:
 * the timing model's compressed-memory state of it starts afresh. */
static void host_wrote_mapped(void) {
  for (uint32_t i = 0; i < G.nmaps; i++) tm_device_host_wrote(G.d, (uint64_t)(uintptr_t)G.maps[i].host, G.maps[i].len);
}

/* The module and index of the kernel registered for host function fun (its
 * PTX assembled if need be); what is wrong is said on standard error. */
static cr_err kernel_info(const void *fun, aw_module **mp, int *idx) {
  init();
  cr_kernel *k = kernel_of(fun);
  if (!k) { say("a function that is not a registered kernel"); return CR_INVALID_DEVICE_FUNCTION; }
  cr_err e = CR_SUCCESS;
  aw_module *m = module_for(k->fb, k->name, 1, &e);
  if (!m) return e;
  if ((*idx = aw_kernel_find(m, k->name)) < 0) { say("kernel '%s' is not in the program's PTX", k->name); return CR_INVALID_DEVICE_FUNCTION; }
  *mp = m;
  return CR_SUCCESS;
}

/* Shared memory per block without opting in (sharedMemPerBlock): CUDA's 48 KiB, or the SM's
 * whole when it has less.  Opting in (sharedMemPerBlockOptin) gets the SM's whole. */
static int64_t shared_per_block(void) { return G.cfg.sm_shared_bytes < 49152 ? G.cfg.sm_shared_bytes : 49152; }

/* Kernel k's own static shared memory, as the timing model counts it for occupancy (asked of
 * it once: it builds the model's view of the module). */
static cr_err static_shared(cr_kernel *k, aw_module *m, int idx, int64_t *bytes) {
  if (k->static_shared < 0) {
    uint32_t ctas, regs, shared;
    if (tm_occupancy_of(G.d, &G.cfg, m, idx, 32, 0, &ctas, &regs, &shared)) return CR_MEMORY_ALLOCATION;
    k->static_shared = shared;
  }
  *bytes = k->static_shared;
  return CR_SUCCESS;
}

/* The most dynamic shared memory a launch of k may ask for (cudaFuncAttributes'
 * maxDynamicSharedSizeBytes, which no launch may exceed): what cudaFuncSetAttribute set, else
 * sharedMemPerBlock less the kernel's static shared memory, as CUDA has it without opting in. */
static cr_err max_dynamic_shared(cr_kernel *k, aw_module *m, int idx, int64_t *bytes) {
  int64_t own;
  cr_err e = static_shared(k, m, idx, &own);
  if (e) return e;
  *bytes = k->max_dynamic >= 0 ? k->max_dynamic : own < shared_per_block() ? shared_per_block() - own : 0;
  return CR_SUCCESS;
}

/* A C++ name as the program's source spells it ("scatter(int*, int, int)" for _Z7scatterPiii),
 * as cuda-gdb and compute-sanitizer show kernels: demangled by the C++ runtime's
 * __cxa_demangle, which an nvcc-built program (C++) has loaded; looked up at run time, so the
 * library needs no C++ runtime of its own.  The name itself when there is no demangler, when
 * it is no mangled name, or when the demangled one does not fit cap bytes. */
static const char *demangled(const char *name, char *buf, size_t cap) {
  typedef char *demangle_fn(const char *, char *, size_t *, int *);
  static demangle_fn *fn;
  static int looked;
  if (!looked) {
    looked = 1;
    *(void **)&fn = dlsym(RTLD_DEFAULT, "__cxa_demangle");
  }
  if (!fn || strncmp(name, "_Z", 2)) return name;
  int status = -1;
  char *d = fn(name, NULL, NULL, &status);
  int fits = d && !status && strlen(d) < cap;
  if (fits) memcpy(buf, d, strlen(d) + 1);
  free(d);
  return fits ? buf : name;
}

/* A kernel's fault: the emulator's report, its kernel and function names demangled (each left as
 * it is when its demangled form does not fit: demangled() then returns the name itself, which
 * must not be copied onto itself). */
static void say_fault(aw_fault *f) {
  char name[sizeof f->kernel], buf[2048];
  const char *k = demangled(f->kernel, name, sizeof name);
  if (k != f->kernel) snprintf(f->kernel, sizeof f->kernel, "%s", k);
  const char *fn = demangled(f->function, name, sizeof name);
  if (fn != f->function) snprintf(f->function, sizeof f->function, "%s", fn);
  aw_fault_format(f, buf, sizeof buf);
  say("%s", buf);
}

static cr_err run_launch(const void *fun, cr_dim3 grid, cr_dim3 block, void **args, size_t shared);

/* A launch: run, or refused (counted for the summary: after a fault, or for another error). */
static cr_err launch(const void *fun, cr_dim3 grid, cr_dim3 block, void **args, size_t shared) {
  ENTER;
  init();
  if (G.sticky) { G.refused_sticky++; return G.sticky; }
  uint64_t ran = G.ran;
  cr_err e = run_launch(fun, grid, block, args, shared);
  if (G.ran == ran) G.refused++;
  return e;
}

static cr_err run_launch(const void *fun, cr_dim3 grid, cr_dim3 block, void **args, size_t shared) {
  char name[1024];
  aw_module *m;
  int idx;
  cr_err e = kernel_info(fun, &m, &idx);
  if (e) return ret(e);
  cr_kernel *k = kernel_of(fun);
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  /* the limits cudaGetDeviceProperties reports (maxThreadsPerBlock, maxThreadsDim, maxGridSize) */
  if (!grid.x || !grid.y || !grid.z || !threads || threads > 1024 || block.z > 64 || grid.x > 0x7fffffff || grid.y > 65535 ||
      grid.z > 65535)
    return ret(CR_INVALID_CONFIGURATION);
  /* More shared memory than the device gives a block is cudaErrorInvalidConfiguration too
   * (driver_types.h); it is checked before the size goes on as 32 bits. */
  int64_t most = 0;
  if (shared && (e = max_dynamic_shared(k, m, idx, &most))) return ret(e);
  if (shared > (uint64_t)most) {
    say("launch of %s: %zu bytes of dynamic shared memory, more than its maxDynamicSharedSizeBytes, %lld "
        "(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, N) raises it up to sharedMemPerBlockOptin, %lld, "
        "less the kernel's static shared memory)", demangled(k->name, name, sizeof name), shared, (long long)most, (long long)G.cfg.sm_shared_bytes);
    return ret(CR_INVALID_CONFIGURATION);
  }
  uint32_t count, sizes[1024], offsets[1024];
  if (aw_kernel_params(m, idx, &count, sizes, offsets, 1024)) { say("kernel '%s' has more than 1024 parameters", demangled(k->name, name, sizeof name)); return ret(CR_INVALID_VALUE); }
  size_t bytes = aw_kernel_param_bytes(m, idx);
  if (bytes > G.params_cap) {
    uint8_t *p = realloc(G.params, bytes);
    if (!p) return ret(CR_MEMORY_ALLOCATION);
    G.params = p;
    G.params_cap = bytes;
  }
  if (bytes) memset(G.params, 0, bytes);
  for (uint32_t i = 0; i < count; i++) memcpy(G.params + offsets[i], args[i], sizes[i]);
  host_wrote_mapped();
  aw_fault f;
  double t0 = host_now();
  aw_status st = aw_launch(G.d, m, idx, (aw_dim3){ grid.x, grid.y, grid.z }, (aw_dim3){ block.x, block.y, block.z }, (uint32_t)shared,
                           G.params, bytes, &f);
  G.launch_seconds += host_now() - t0;
  if (G.debugging) {   /* the debugger ended the program in this launch (kill, quit) */
    int r = dbg_program_after_launch();
    if (r >= 0) debug_end(r);
  }
  if (st == AW_OK || st == AW_FAULT) G.ran++;
  G.warp_insns += aw_get_stats(G.d).warp_insns;
  if (G.timing) {
    const tm_stats *launches, *total;
    const char *const *kernels;
    aw_timing_launches(G.d, &launches, &kernels, &total);
    G.sim_seconds = total->seconds;
  }
  if (st == AW_OK) return CR_SUCCESS;
  if (st == AW_FAULT) {
    say_fault(&f);
    G.faulted++;
    G.sticky = CR_LAUNCH_FAILURE;
    return G.sticky;
  }
  say("launch of %s: %s", demangled(k->name, name, sizeof name), f.what);
  return ret(st == AW_ERR_ARG ? CR_LAUNCH_OUT_OF_RESOURCES : CR_MEMORY_ALLOCATION);
}

/* The launch entry points: CUDA 13's host stubs (a handle from __cudaGetKernel), cudaLaunchKernel
 * (the host function), and their per-thread-default-stream twins.  Streams run as one, in order. */
#define LAUNCH_ENTRY(name)                                                                                  \
  API cr_err name(const void *fun, cr_dim3 grid, cr_dim3 block, void **args, size_t shared, void *stream) { \
    (void)stream;                                                                                           \
    return launch(fun, grid, block, args, shared);                                                          \
  }
LAUNCH_ENTRY(__cudaLaunchKernel)
LAUNCH_ENTRY(__cudaLaunchKernel_ptsz)
LAUNCH_ENTRY(cudaLaunchKernel)
LAUNCH_ENTRY(cudaLaunchKernel_ptsz)

/* ---- memory ---- */

static uint64_t dp(const void *p) { return (uint64_t)(uintptr_t)p; }
static int on_device(const void *p, size_t n) { return emu_find_alloc(G.d, dp(p), n ? n : 1) != NULL; }

/* The device memory in use: every allocation's slot (its bytes rounded up to 256, and the 256-byte
 * gap after them: what it holds of the device), the module's variables' included; mapped host
 * memory is the host's. */
static uint64_t device_used(void) {
  uint64_t used = 0;
  for (uint32_t i = 0; i < G.d->nallocs; i++) if (!G.d->allocs[i].borrowed) used += G.d->allocs[i].slot;
  return used;
}

/* What cudaMalloc may hand out in all: the device's DEVICE_BYTES, or the host's memory when it
 * has less (each allocation is host memory, and past it the host would kill the program). */
static uint64_t device_limit(void) { return G.host_bytes < DEVICE_BYTES ? G.host_bytes : DEVICE_BYTES; }

API cr_err cudaMalloc(void **p, size_t bytes) {
  ENTER;
  init();
  if (!p) return ret(CR_INVALID_VALUE);
  if (!bytes) { *p = NULL; return ret(CR_SUCCESS); }
  uint64_t used = device_used(), limit = device_limit();
  if (bytes > limit || (bytes + 255) / 256 * 256 + 256 > limit - (used < limit ? used : limit)) {
    say("cudaMalloc of %zu bytes: cudaErrorMemoryAllocation: %llu of the %llu bytes %s are in use", bytes, (unsigned long long)used,
        (unsigned long long)limit, limit == DEVICE_BYTES ? "the device has (totalGlobalMem)" : "of the host's memory (less than the device's totalGlobalMem)");
    return ret(CR_MEMORY_ALLOCATION);
  }
  uint64_t a = aw_malloc(G.d, bytes);
  if (!a) return ret(CR_MEMORY_ALLOCATION);
  *p = (void *)(uintptr_t)a;
  return ret(CR_SUCCESS);
}

/* Host memory the device sees at the same address (unified addressing). */
static cr_err map_host(void **p, size_t bytes, int managed) {
  init();
  if (!p) return ret(CR_INVALID_VALUE);
  if (!bytes) { *p = NULL; return ret(CR_SUCCESS); }
  size_t slot = (bytes + 255) / 256 * 256 + 256, len = (slot + 65535) / 65536 * 65536;
  void *h = mmap((void *)(uintptr_t)G.next_map, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (h == MAP_FAILED) return ret(CR_MEMORY_ALLOCATION);
  cr_mapping *m = realloc(G.maps, (G.nmaps + 1) * sizeof *m);
  if (!m || h != (void *)(uintptr_t)G.next_map || !aw_map_host(G.d, h, bytes)) {
    if (m) G.maps = m;
    munmap(h, len);
    return ret(CR_MEMORY_ALLOCATION);
  }
  G.maps = m;
  G.maps[G.nmaps++] = (cr_mapping){ h, len, managed };
  G.next_map += len;
  *p = h;
  return ret(CR_SUCCESS);
}

static cr_mapping *mapping_of(const void *p) {
  for (uint32_t i = 0; i < G.nmaps; i++) if (G.maps[i].host == p) return &G.maps[i];
  return NULL;
}

static cr_err unmap_host(void *p) {
  cr_mapping *m = mapping_of(p);
  if (!m) return CR_INVALID_VALUE;
  aw_free(G.d, dp(p));
  munmap(m->host, m->len);
  *m = G.maps[--G.nmaps];
  return CR_SUCCESS;
}

API cr_err cudaMallocManaged(void **p, size_t bytes, unsigned flags) { ENTER; (void)flags; return map_host(p, bytes, 1); }
API cr_err cudaMallocHost(void **p, size_t bytes) { ENTER; return map_host(p, bytes, 0); }
API cr_err cudaHostAlloc(void **p, size_t bytes, unsigned flags) { ENTER; (void)flags; return map_host(p, bytes, 0); }
API cr_err cudaFreeHost(void *p) {
  ENTER;
  init();
  if (!p) return ret(CR_SUCCESS);
  return ret(unmap_host(p));
}

API cr_err cudaHostGetDevicePointer(void **dev, void *host, unsigned flags) {
  ENTER;
  (void)flags;
  init();
  if (!dev || !mapping_of(host)) return ret(CR_INVALID_VALUE);
  *dev = host;   /* unified addressing: the same address */
  return ret(CR_SUCCESS);
}

API cr_err cudaFree(void *p) {
  ENTER;
  init();
  if (!p) return ret(CR_SUCCESS);
  if (G.sticky) return G.sticky;
  if (mapping_of(p)) return ret(unmap_host(p));
  return ret(aw_free(G.d, dp(p)) == AW_OK ? CR_SUCCESS : CR_INVALID_VALUE);
}

/* Rows aligned to 512 bytes (texturePitchAlignment's multiple CUDA uses).  A width or a size
 * past size_t cannot be allocated (rounded or multiplied, it would wrap to a small one). */
API cr_err cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height) {
  ENTER;
  init();
  if (!p || !pitch) return ret(CR_INVALID_VALUE);
  if (width > SIZE_MAX - 511) return ret(CR_MEMORY_ALLOCATION);
  size_t row = (width + 511) / 512 * 512;
  if (height && row > SIZE_MAX / height) return ret(CR_MEMORY_ALLOCATION);
  *pitch = row;
  return cudaMalloc(p, row * height);
}

/* Whether p, one side of a copy of n bytes taken as device memory, is: n bytes of one
 * allocation (cudaMalloc's, or mapped host memory).  What is wrong is said. */
static int device_side(const void *p, const char *side, size_t n) {
  if (on_device(p, n)) return 1;
  if (on_device(p, 1)) say("cudaMemcpy: the %s %p (%zu bytes) runs past the end of its allocation", side, p, n);
  else say("cudaMemcpy: the %s %p (%zu bytes) is not device memory", side, p, n);
  return 0;
}

/* Whether p, one side of a copy of n bytes taken as host memory, can be: not NULL, and not
 * cudaMalloc memory, whose address is the emulator's and no host memory (the host would fault
 * there; CUDA documents cudaErrorInvalidValue for bad arguments, and a copy whose pointers do
 * not match its kind is undefined).  Mapped host memory is both.  What is wrong is said. */
static int host_side(const void *p, const char *side, size_t n) {
  const emu_alloc *a = p ? emu_find_alloc(G.d, dp(p), 1) : NULL;
  if (p && (!a || a->borrowed)) return 1;
  if (!p) say("cudaMemcpy: the %s is NULL", side);
  else say("cudaMemcpy: the %s %p (%zu bytes) is device memory (cudaMalloc's), where host memory is wanted", side, p, n);
  return 0;
}

/* One copy: each side is device memory or host memory, as 'kind' says (or, for
 * cudaMemcpyDefault, as the address says: in an allocation or not). */
static cr_err copy(void *dst, const void *src, size_t n, int kind) {
  if (!n) return CR_SUCCESS;
  int dd, sd;
  switch (kind) {
  case CR_H2H: dd = sd = 0; break;
  case CR_H2D: dd = 1; sd = 0; break;
  case CR_D2H: dd = 0; sd = 1; break;
  case CR_D2D: dd = sd = 1; break;
  case CR_DEFAULT: dd = on_device(dst, 1); sd = on_device(src, 1); break;
  default: return CR_INVALID_MEMCPY_DIRECTION;
  }
  if (dd ? !device_side(dst, "destination", n) : !host_side(dst, "destination", n)) return CR_INVALID_VALUE;
  if (sd ? !device_side(src, "source", n) : !host_side(src, "source", n)) return CR_INVALID_VALUE;
  if (!dd && !sd) { memmove(dst, src, n); return CR_SUCCESS; }
  if (dd && !sd) return aw_memcpy_htod(G.d, dp(dst), src, n) == AW_OK ? CR_SUCCESS : CR_INVALID_VALUE;
  if (!dd) return aw_memcpy_dtoh(G.d, dst, dp(src), n) == AW_OK ? CR_SUCCESS : CR_INVALID_VALUE;
  void *tmp = malloc(n);
  if (!tmp) return CR_MEMORY_ALLOCATION;
  cr_err e = aw_memcpy_dtoh(G.d, tmp, dp(src), n) == AW_OK && aw_memcpy_htod(G.d, dp(dst), tmp, n) == AW_OK ? CR_SUCCESS : CR_INVALID_VALUE;
  free(tmp);
  return e;
}

API cr_err cudaMemcpy(void *dst, const void *src, size_t n, int kind) {
  ENTER;
  init();
  if (G.sticky) return G.sticky;
  return ret(copy(dst, src, n, kind));
}
API cr_err cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, void *stream) { ENTER; (void)stream; return cudaMemcpy(dst, src, n, kind); }

API cr_err cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, int kind) {
  ENTER;
  init();
  if (G.sticky) return G.sticky;
  if (width > dpitch || width > spitch) return ret(CR_INVALID_PITCH);
  for (size_t r = 0; r < height; r++) {
    cr_err e = copy((char *)dst + r * dpitch, (const char *)src + r * spitch, width, kind);
    if (e) return ret(e);
  }
  return ret(CR_SUCCESS);
}
API cr_err cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, int kind, void *stream) {
  ENTER;
  (void)stream;
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

API cr_err cudaMemset(void *dst, int value, size_t n) {
  ENTER;
  init();
  if (G.sticky) return G.sticky;
  if (!n) return ret(CR_SUCCESS);
  return ret(aw_memset(G.d, dp(dst), value, n) == AW_OK ? CR_SUCCESS : CR_INVALID_VALUE);
}
API cr_err cudaMemsetAsync(void *dst, int value, size_t n, void *stream) { ENTER; (void)stream; return cudaMemset(dst, value, n); }

API cr_err cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t offset, int kind) {
  ENTER;
  uint64_t a, b;
  cr_err e = symbol(sym, &a, &b);
  if (G.sticky) return G.sticky;
  if (e) return ret(e);
  if (offset > b || n > b - offset) return ret(CR_INVALID_VALUE);
  if (kind == CR_D2H || kind == CR_H2H) return ret(CR_INVALID_MEMCPY_DIRECTION);
  return ret(copy((void *)(uintptr_t)(a + offset), src, n, kind == CR_DEFAULT ? CR_DEFAULT : kind == CR_D2D ? CR_D2D : CR_H2D));
}
API cr_err cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t offset, int kind) {
  ENTER;
  uint64_t a, b;
  cr_err e = symbol(sym, &a, &b);
  if (G.sticky) return G.sticky;
  if (e) return ret(e);
  if (offset > b || n > b - offset) return ret(CR_INVALID_VALUE);
  if (kind == CR_H2D || kind == CR_H2H) return ret(CR_INVALID_MEMCPY_DIRECTION);
  return ret(copy(dst, (const void *)(uintptr_t)(a + offset), n, kind == CR_DEFAULT ? CR_DEFAULT : kind == CR_D2D ? CR_D2D : CR_D2H));
}
API cr_err cudaMemcpyToSymbolAsync(const void *sym, const void *src, size_t n, size_t offset, int kind, void *stream) {
  ENTER;
  (void)stream;
  return cudaMemcpyToSymbol(sym, src, n, offset, kind);
}
API cr_err cudaMemcpyFromSymbolAsync(void *dst, const void *sym, size_t n, size_t offset, int kind, void *stream) {
  ENTER;
  (void)stream;
  return cudaMemcpyFromSymbol(dst, sym, n, offset, kind);
}
API cr_err cudaGetSymbolAddress(void **p, const void *sym) {
  ENTER;
  uint64_t a, b;
  cr_err e = symbol(sym, &a, &b);
  if (!e) *p = (void *)(uintptr_t)a;
  return ret(e);
}
API cr_err cudaGetSymbolSize(size_t *size, const void *sym) {
  ENTER;
  uint64_t a, b;
  cr_err e = symbol(sym, &a, &b);
  if (!e) *size = (size_t)b;
  return ret(e);
}

/* Free: what cudaMalloc can still hand out (less the 256-byte gap the next allocation takes);
 * total: the device's memory, as totalGlobalMem. */
API cr_err cudaMemGetInfo(size_t *free_bytes, size_t *total) {
  ENTER;
  init();
  uint64_t used = device_used(), limit = device_limit();
  if (free_bytes) *free_bytes = used + 256 < limit ? (size_t)(limit - used - 256) : 0;
  if (total) *total = (size_t)DEVICE_BYTES;
  return ret(CR_SUCCESS);
}

API cr_err cudaPointerGetAttributes(cr_pointer_attr *a, const void *p) {
  ENTER;
  init();
  if (!a) return ret(CR_INVALID_VALUE);
  memset(a, 0, sizeof *a);
  cr_mapping *m = NULL;
  for (uint32_t i = 0; i < G.nmaps; i++)
    if ((const char *)p >= (char *)G.maps[i].host && (const char *)p < (char *)G.maps[i].host + G.maps[i].len) m = &G.maps[i];
  if (m) { a->type = m->managed ? 3 : 1; a->devicePointer = a->hostPointer = (void *)(uintptr_t)p; }
  else if (on_device(p, 1)) { a->type = 2; a->devicePointer = (void *)(uintptr_t)p; }
  return ret(CR_SUCCESS);
}

API cr_err cudaMemPrefetchAsync(const void *p, size_t n, int loc_type, int loc_id, unsigned flags, void *stream) {
  ENTER;
  (void)p; (void)n; (void)loc_type; (void)loc_id; (void)flags; (void)stream;   /* one memory: nothing to move */
  return ret(CR_SUCCESS);
}
API cr_err cudaMemAdvise(const void *p, size_t n, int advice, int loc_type, int loc_id) {
  ENTER;
  (void)p; (void)n; (void)advice; (void)loc_type; (void)loc_id;
  return ret(CR_SUCCESS);
}

/* ---- CUDA arrays and texture objects ---- */

/* A CUDA array: its texels packed row after row in a device allocation of awemu's (rows
 * width x texel bytes long), so the core's texture fetch reads them there. */
typedef struct {
  uintptr_t handle;
  uint64_t addr;
  cr_channel_desc desc;
  size_t width, height;   /* as cudaMallocArray got them (height 0: a 1D array) */
  unsigned flags;
  size_t row;             /* bytes in a row */
} cr_array_rec;

/* A texture object: the core's handle, and what cudaGetTextureObjectResourceDesc gives back. */
typedef struct {
  uint64_t handle;
  cr_resource_desc res;
} cr_texture_rec;

static struct {
  cr_array_rec *arrays; uint32_t narrays;
  cr_texture_rec *textures; uint32_t ntextures;
} T;

static cr_array_rec *array_of(const cr_array *a) {
  for (uint32_t i = 0; i < T.narrays; i++) if (T.arrays[i].handle == (uintptr_t)a) return &T.arrays[i];
  return NULL;
}

/* The texel format a channel descriptor names (its channels' kind, count and bits), or -1
 * when CUDA would not take it: 1, 2 or 4 channels, the first ones, of one width (8, 16 or 32
 * bits for integers; 16 or 32 for floats). */
static int channel_format(const cr_channel_desc *c, uint8_t *kind, uint8_t *channels, uint8_t *bits) {
  int b[4] = { c->x, c->y, c->z, c->w }, n = 0;
  while (n < 4 && b[n]) n++;
  for (int i = n; i < 4; i++) if (b[i]) return -1;
  if (n == 0 || n == 3) return -1;
  for (int i = 1; i < n; i++) if (b[i] != b[0]) return -1;
  if (c->f == 2 ? b[0] != 16 && b[0] != 32 : (c->f != 0 && c->f != 1) || (b[0] != 8 && b[0] != 16 && b[0] != 32)) return -1;
  *kind = (uint8_t)(c->f == 2 ? AW_TEX_FLOAT : c->f == 0 ? AW_TEX_SIGNED : AW_TEX_UNSIGNED);
  *channels = (uint8_t)n;
  *bits = (uint8_t)b[0];
  return 0;
}

/* Not header-only: the templates of cuda_runtime.h (cudaCreateChannelDesc<float>()) call it. */
API cr_channel_desc cudaCreateChannelDesc(int x, int y, int z, int w, int f) {
  ENTER;
  cr_channel_desc c = { x, y, z, w, f };
  return c;
}

API cr_err cudaMallocArray(cr_array **array, const cr_channel_desc *desc, size_t width, size_t height, unsigned flags) {
  ENTER;
  init();
  if (!array || !desc) return ret(CR_INVALID_VALUE);
  uint8_t kind, channels, bits;
  if (channel_format(desc, &kind, &channels, &bits)) {
    say("cudaMallocArray: the channel format (%d, %d, %d, %d bits, kind %d) is not one CUDA arrays take (1, 2 or 4 channels of 8, 16 or 32 bits; floats of 16 or 32): cudaErrorInvalidValue",
        desc->x, desc->y, desc->z, desc->w, desc->f);
    return ret(CR_INVALID_VALUE);
  }
  if (!width || width > 65536 || height > 65536) return ret(CR_INVALID_VALUE);   /* (maxTexture2D: 65536 x 65536) */
  size_t row = width * channels * bits / 8, rows = height ? height : 1;
  void *p = NULL;
  cr_err e = cudaMalloc(&p, row * rows);
  if (e) return e;
  cr_array_rec *l = realloc(T.arrays, (T.narrays + 1) * sizeof *l);
  if (!l) { cudaFree(p); return ret(CR_MEMORY_ALLOCATION); }
  T.arrays = l;
  T.arrays[T.narrays++] = (cr_array_rec){ G.next_handle, dp(p), *desc, width, height, flags, row };
  *array = (cr_array *)G.next_handle++;
  return ret(CR_SUCCESS);
}

API cr_err cudaFreeArray(cr_array *array) {
  ENTER;
  init();
  if (!array) return ret(CR_SUCCESS);
  if (G.sticky) return G.sticky;
  cr_array_rec *r = array_of(array);
  if (!r) return ret(CR_INVALID_VALUE);
  aw_free(G.d, r->addr);
  *r = T.arrays[--T.narrays];
  return ret(CR_SUCCESS);
}

API cr_err cudaArrayGetInfo(cr_channel_desc *desc, cr_extent *extent, unsigned *flags, cr_array *array) {
  ENTER;
  init();
  cr_array_rec *r = array_of(array);
  if (!r) return ret(CR_INVALID_VALUE);
  if (desc) *desc = r->desc;
  if (extent) *extent = (cr_extent){ r->width, r->height, 0 };
  if (flags) *flags = r->flags;
  return ret(CR_SUCCESS);
}

/* A rectangle of an array: 'height' rows of 'width' bytes from byte wOffset of row hOffset.
 * Its device address (rows r->row bytes apart), or 0 when it does not fit (cudaErrorInvalidValue). */
static uint64_t array_at(const cr_array_rec *r, size_t woff, size_t hoff, size_t width, size_t height) {
  size_t rows = r->height ? r->height : 1;
  if (woff > r->row || width > r->row - woff || hoff > rows || height > rows - hoff) {
    say("a copy of %zu x %zu bytes at byte %zu of row %zu does not fit the CUDA array (%zu rows of %zu bytes): cudaErrorInvalidValue",
        height, width, woff, hoff, rows, r->row);
    return 0;
  }
  return r->addr + hoff * r->row + woff;
}

/* The kinds a copy into (to_array) or out of an array takes: the array is device memory. */
static int array_kind_ok(int kind, int to_array) {
  return kind == CR_D2D || kind == CR_DEFAULT || kind == (to_array ? CR_H2D : CR_D2H);
}

/* The array of a copy into (to_array) or out of 'arr' of kind 'kind', after the runtime's start;
 * NULL with the error in *e when there is none, or the kind does not fit, or an error is sticky. */
static cr_array_rec *array_for_copy(const cr_array *arr, int to_array, int kind, cr_err *e) {
  init();
  *e = G.sticky;
  if (*e) return NULL;
  cr_array_rec *r = array_of(arr);
  if (!r) *e = ret(CR_INVALID_VALUE);
  else if (!array_kind_ok(kind, to_array)) *e = ret(CR_INVALID_MEMCPY_DIRECTION);
  return *e ? NULL : r;
}

/* 'height' rows of 'width' bytes, dst rows dpitch bytes apart, src rows spitch apart. */
static cr_err copy_rows(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, int kind) {
  if (width > dpitch || width > spitch) return CR_INVALID_PITCH;
  for (size_t r = 0; r < height; r++) {
    cr_err e = copy((char *)dst + r * dpitch, (const char *)src + r * spitch, width, kind);
    if (e) return e;
  }
  return CR_SUCCESS;
}

API cr_err cudaMemcpy2DToArray(cr_array *dst, size_t woff, size_t hoff, const void *src, size_t spitch, size_t width, size_t height, int kind) {
  ENTER;
  cr_err e;
  cr_array_rec *r = array_for_copy(dst, 1, kind, &e);
  if (!r) return e;
  if (!width || !height) return ret(CR_SUCCESS);
  uint64_t a = array_at(r, woff, hoff, width, height);
  if (!a) return ret(CR_INVALID_VALUE);
  return ret(copy_rows((void *)(uintptr_t)a, r->row, src, spitch, width, height, kind));
}
API cr_err cudaMemcpy2DToArrayAsync(cr_array *dst, size_t woff, size_t hoff, const void *src, size_t spitch, size_t width, size_t height, int kind, void *stream) {
  ENTER;
  (void)stream;
  return cudaMemcpy2DToArray(dst, woff, hoff, src, spitch, width, height, kind);
}

API cr_err cudaMemcpy2DFromArray(void *dst, size_t dpitch, const cr_array *src, size_t woff, size_t hoff, size_t width, size_t height, int kind) {
  ENTER;
  cr_err e;
  cr_array_rec *r = array_for_copy(src, 0, kind, &e);
  if (!r) return e;
  if (!width || !height) return ret(CR_SUCCESS);
  uint64_t a = array_at(r, woff, hoff, width, height);
  if (!a) return ret(CR_INVALID_VALUE);
  return ret(copy_rows(dst, dpitch, (const void *)(uintptr_t)a, r->row, width, height, kind));
}
API cr_err cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, const cr_array *src, size_t woff, size_t hoff, size_t width, size_t height, int kind, void *stream) {
  ENTER;
  (void)stream;
  return cudaMemcpy2DFromArray(dst, dpitch, src, woff, hoff, width, height, kind);
}

API cr_err cudaMemcpy2DArrayToArray(cr_array *dst, size_t dwoff, size_t dhoff, const cr_array *src, size_t swoff, size_t shoff, size_t width, size_t height, int kind) {
  ENTER;
  init();
  if (G.sticky) return G.sticky;
  cr_array_rec *d = array_of(dst), *s = array_of(src);
  if (!d || !s) return ret(CR_INVALID_VALUE);
  if (kind != CR_D2D && kind != CR_DEFAULT) return ret(CR_INVALID_MEMCPY_DIRECTION);
  if (!width || !height) return ret(CR_SUCCESS);
  uint64_t da = array_at(d, dwoff, dhoff, width, height), sa = array_at(s, swoff, shoff, width, height);
  if (!da || !sa) return ret(CR_INVALID_VALUE);
  return ret(copy_rows((void *)(uintptr_t)da, d->row, (const void *)(uintptr_t)sa, s->row, width, height, CR_D2D));
}

/* The deprecated 1D forms: 'count' bytes from byte wOffset of row hOffset on, row after row. */
static uint64_t array_span(const cr_array_rec *r, size_t woff, size_t hoff, size_t count) {
  size_t rows = r->height ? r->height : 1, total = rows * r->row;
  if (woff >= r->row && count) { say("a copy at byte %zu of a row of %zu bytes: cudaErrorInvalidValue", woff, r->row); return 0; }
  if (hoff > rows || hoff * r->row + woff > total || count > total - (hoff * r->row + woff)) {
    say("a copy of %zu bytes at byte %zu of row %zu runs past the CUDA array (%zu rows of %zu bytes): cudaErrorInvalidValue", count, woff, hoff, rows, r->row);
    return 0;
  }
  return r->addr + hoff * r->row + woff;
}
API cr_err cudaMemcpyToArray(cr_array *dst, size_t woff, size_t hoff, const void *src, size_t count, int kind) {
  ENTER;
  cr_err e;
  cr_array_rec *r = array_for_copy(dst, 1, kind, &e);
  if (!r) return e;
  if (!count) return ret(CR_SUCCESS);
  uint64_t a = array_span(r, woff, hoff, count);
  if (!a) return ret(CR_INVALID_VALUE);
  return ret(copy((void *)(uintptr_t)a, src, count, kind));
}
API cr_err cudaMemcpyFromArray(void *dst, const cr_array *src, size_t woff, size_t hoff, size_t count, int kind) {
  ENTER;
  cr_err e;
  cr_array_rec *r = array_for_copy(src, 0, kind, &e);
  if (!r) return e;
  if (!count) return ret(CR_SUCCESS);
  uint64_t a = array_span(r, woff, hoff, count);
  if (!a) return ret(CR_INVALID_VALUE);
  return ret(copy(dst, (const void *)(uintptr_t)a, count, kind));
}
API cr_err cudaMemcpyToArrayAsync(cr_array *dst, size_t woff, size_t hoff, const void *src, size_t count, int kind, void *stream) {
  ENTER;
  (void)stream;
  return cudaMemcpyToArray(dst, woff, hoff, src, count, kind);
}
API cr_err cudaMemcpyFromArrayAsync(void *dst, const cr_array *src, size_t woff, size_t hoff, size_t count, int kind, void *stream) {
  ENTER;
  (void)stream;
  return cudaMemcpyFromArray(dst, src, woff, hoff, count, kind);
}

/* A texture object over an array, linear memory (tex1Dfetch: point sampling, 0 outside, address
 * and filter modes ignored, as CUDA documents) or pitched 2D memory.  Without normalized
 * coordinates, wrap and mirror are clamp (CUDA: "switched to cudaAddressModeClamp").  Refused
 * with cudaErrorInvalidValue: a bad handle, descriptor or mode, linear filtering of a texture
 * that returns integers (the Programming Guide allows it for floating-point results only), memory
 * that is not one allocation; mipmapped arrays, resource views and sRGB are not implemented
 * (cudaErrorNotSupported). */
API cr_err cudaCreateTextureObject(uint64_t *tex, const cr_resource_desc *res, const cr_texture_desc *td, const void *view) {
  ENTER;
  init();
  if (G.sticky) return G.sticky;
  if (!tex || !res || !td) return ret(CR_INVALID_VALUE);
  if (view) { say("cudaCreateTextureObject: resource views are not implemented by awemu's CUDA runtime (cudaErrorNotSupported)"); return ret(CR_NOT_SUPPORTED); }
  if (res->resType == CR_RES_MIPMAP) { say("cudaCreateTextureObject: mipmapped arrays are not implemented by awemu's CUDA runtime (cudaErrorNotSupported)"); return ret(CR_NOT_SUPPORTED); }
  if (td->sRGB) { say("cudaCreateTextureObject: sRGB conversion is not implemented by awemu's CUDA runtime (cudaErrorNotSupported)"); return ret(CR_NOT_SUPPORTED); }
  if (res->flags) return ret(CR_INVALID_VALUE);
  aw_texture t;
  memset(&t, 0, sizeof t);
  const cr_channel_desc *cd;
  switch (res->resType) {
  case CR_RES_ARRAY: {
    const cr_array_rec *r = array_of(res->res.array.array);
    if (!r) { say("cudaCreateTextureObject: %p is not a CUDA array: cudaErrorInvalidValue", (void *)res->res.array.array); return ret(CR_INVALID_VALUE); }
    cd = &r->desc;
    t.addr = r->addr; t.pitch = r->row; t.width = (uint32_t)r->width; t.height = (uint32_t)(r->height ? r->height : 1);
    break;
  }
  case CR_RES_LINEAR: case CR_RES_PITCH2D: {
    int lin = res->resType == CR_RES_LINEAR;
    cd = lin ? &res->res.linear.desc : &res->res.pitch2D.desc;
    uint8_t k, ch, b;
    if (channel_format(cd, &k, &ch, &b)) return ret(CR_INVALID_VALUE);
    size_t texel = (size_t)ch * b / 8, w = lin ? res->res.linear.sizeInBytes / texel : res->res.pitch2D.width;
    size_t h = lin ? 1 : res->res.pitch2D.height, pitch = lin ? w * texel : res->res.pitch2D.pitchInBytes;
    if (!w || !h || w > (1u << 27) || h > 65536 || dp(lin ? res->res.linear.devPtr : res->res.pitch2D.devPtr) % texel) return ret(CR_INVALID_VALUE);
    t.addr = dp(lin ? res->res.linear.devPtr : res->res.pitch2D.devPtr); t.pitch = pitch; t.width = (uint32_t)w; t.height = (uint32_t)h;
    break;
  }
  default: return ret(CR_INVALID_VALUE);
  }
  if (channel_format(cd, &t.kind, &t.channels, &t.bits)) return ret(CR_INVALID_VALUE);
  for (int i = 0; i < 2; i++) if (td->addressMode[i] < 0 || td->addressMode[i] > AW_TEX_BORDER) return ret(CR_INVALID_VALUE);
  if (td->filterMode < 0 || td->filterMode > AW_TEX_LINEAR || td->readMode < 0 || td->readMode > 1) return ret(CR_INVALID_VALUE);
  t.normalized_coords = td->normalizedCoords != 0;
  t.read_normalized = td->readMode == 1 && t.kind != AW_TEX_FLOAT && t.bits < 32;   /* (32-bit integers are not promoted) */
  t.filter = (uint8_t)td->filterMode;
  for (int i = 0; i < 2; i++) {
    int m = td->addressMode[i];
    if (!t.normalized_coords && (m == AW_TEX_WRAP || m == AW_TEX_MIRROR)) m = AW_TEX_CLAMP;
    t.address[i] = (uint8_t)m;
  }
  memcpy(t.border, td->borderColor, sizeof t.border);
  if (res->resType == CR_RES_LINEAR) {   /* tex1Dfetch: no filtering, 0 outside */
    t.filter = AW_TEX_POINT; t.address[0] = t.address[1] = AW_TEX_BORDER;
    memset(t.border, 0, sizeof t.border);
  }
  if (t.filter == AW_TEX_LINEAR && t.kind != AW_TEX_FLOAT && !t.read_normalized) {
    say("cudaCreateTextureObject: linear filtering of a texture that returns integers (cudaReadModeElementType): cudaErrorInvalidValue");
    return ret(CR_INVALID_VALUE);
  }
  cr_texture_rec *l = realloc(T.textures, (T.ntextures + 1) * sizeof *l);
  if (!l) return ret(CR_MEMORY_ALLOCATION);
  T.textures = l;
  uint64_t h = aw_texture_create(G.d, &t);
  if (!h) { say("cudaCreateTextureObject: the texture's %u x %u texels are not inside one allocation: cudaErrorInvalidValue", t.width, t.height); return ret(CR_INVALID_VALUE); }
  T.textures[T.ntextures++] = (cr_texture_rec){ h, *res };
  *tex = h;
  return ret(CR_SUCCESS);
}

static cr_texture_rec *texture_of(uint64_t tex) {
  for (uint32_t i = 0; i < T.ntextures; i++) if (T.textures[i].handle == tex) return &T.textures[i];
  return NULL;
}

API cr_err cudaDestroyTextureObject(uint64_t tex) {
  ENTER;
  init();
  cr_texture_rec *r = texture_of(tex);
  if (!r) return ret(CR_INVALID_VALUE);
  aw_texture_destroy(G.d, tex);
  *r = T.textures[--T.ntextures];
  return ret(CR_SUCCESS);
}

API cr_err cudaGetTextureObjectResourceDesc(cr_resource_desc *res, uint64_t tex) {
  ENTER;
  init();
  cr_texture_rec *r = texture_of(tex);
  if (!res || !r) return ret(CR_INVALID_VALUE);
  *res = r->res;
  return ret(CR_SUCCESS);
}

/* ---- the device ---- */

/* The compute capability reported: the target of the program's newest PTX (sm_75 before any is read). */
static void capability(int *major, int *minor) {
  uint32_t sm = 0;
  for (uint32_t i = 0; i < G.nfb; i++) {
    cr_err e;
    if (!G.fbs[i]->tried && !G.nptx && G.nk) {
      for (uint32_t k = 0; k < G.nk; k++)
        if (G.ks[k].fb == G.fbs[i]) { module_for(G.fbs[i], G.ks[k].name, 1, &e); break; }
    }
    if (G.fbs[i]->sm > sm) sm = G.fbs[i]->sm;
  }
  if (!sm) sm = 75;
  *major = (int)(sm / 10);
  *minor = (int)(sm % 10);
}

API cr_err cudaGetDeviceCount(int *n) { ENTER; init(); if (!n) return ret(CR_INVALID_VALUE); *n = 1; return ret(CR_SUCCESS); }
API cr_err cudaSetDevice(int dev) { ENTER; init(); return ret(dev == 0 ? CR_SUCCESS : CR_INVALID_DEVICE); }
API cr_err cudaGetDevice(int *dev) { ENTER; init(); if (!dev) return ret(CR_INVALID_VALUE); *dev = 0; return ret(CR_SUCCESS); }
API cr_err cudaSetDeviceFlags(unsigned flags) { ENTER; (void)flags; init(); return ret(CR_SUCCESS); }
API cr_err cudaChooseDevice(int *dev, const void *prop) { ENTER; (void)prop; init(); if (!dev) return ret(CR_INVALID_VALUE); *dev = 0; return ret(CR_SUCCESS); }
API cr_err cudaDriverGetVersion(int *v) { ENTER; if (!v) return CR_INVALID_VALUE; *v = CR_RUNTIME_VERSION; return CR_SUCCESS; }
API cr_err cudaRuntimeGetVersion(int *v) { ENTER; if (!v) return CR_INVALID_VALUE; *v = CR_RUNTIME_VERSION; return CR_SUCCESS; }

API cr_err cudaGetDeviceProperties(cr_device_prop *p, int dev) {
  ENTER;
  init();
  if (!p) return ret(CR_INVALID_VALUE);
  if (dev != 0) return ret(CR_INVALID_DEVICE);
  const tm_config *c = &G.cfg;
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "awemu %s (%s mode)", G.cfg_name, G.timing ? "timing" : "functional");
  memcpy(p->uuid, "awemu-device-0\0\0", 16);
  p->totalGlobalMem = (size_t)DEVICE_BYTES;
  p->sharedMemPerBlock = (size_t)shared_per_block();
  p->sharedMemPerBlockOptin = (size_t)c->sm_shared_bytes;
  p->sharedMemPerMultiprocessor = (size_t)c->sm_shared_bytes;
  p->regsPerBlock = (int)(c->sm_registers < 65536 ? c->sm_registers : 65536);
  p->regsPerMultiprocessor = (int)c->sm_registers;
  p->warpSize = 32;
  p->memPitch = (size_t)1 << 31;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = 1024; p->maxThreadsDim[1] = 1024; p->maxThreadsDim[2] = 64;
  p->maxGridSize[0] = 0x7fffffff; p->maxGridSize[1] = 65535; p->maxGridSize[2] = 65535;
  p->totalConstMem = 65536;
  capability(&p->major, &p->minor);
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->multiProcessorCount = (int)c->n_sm;
  p->canMapHostMemory = 1;
  p->unifiedAddressing = 1;
  p->managedMemory = 1;
  p->concurrentManagedAccess = 0;
  p->memoryBusWidth = (int)(c->n_mem * c->dram_bus_bytes * 8);
  p->l2CacheSize = (int)c->l2_bytes;
  p->maxThreadsPerMultiProcessor = (int)c->sm_max_threads;
  p->maxBlocksPerMultiProcessor = (int)c->sm_max_ctas;
  p->globalL1CacheSupported = p->localL1CacheSupported = 1;
  p->asyncEngineCount = 1;
  return ret(CR_SUCCESS);
}

API cr_err cudaDeviceGetAttribute(int *v, int attr, int dev) {
  ENTER;
  init();
  if (!v) return ret(CR_INVALID_VALUE);
  if (dev != 0) return ret(CR_INVALID_DEVICE);
  cr_device_prop p;
  cudaGetDeviceProperties(&p, 0);
  const tm_config *c = &G.cfg;
  switch (attr) {
  case CR_ATTR_MAX_THREADS_PER_BLOCK: *v = p.maxThreadsPerBlock; break;
  case CR_ATTR_MAX_BLOCK_DIM_X: case CR_ATTR_MAX_BLOCK_DIM_Y: case CR_ATTR_MAX_BLOCK_DIM_Z: *v = p.maxThreadsDim[attr - CR_ATTR_MAX_BLOCK_DIM_X]; break;
  case CR_ATTR_MAX_GRID_DIM_X: case CR_ATTR_MAX_GRID_DIM_Y: case CR_ATTR_MAX_GRID_DIM_Z: *v = p.maxGridSize[attr - CR_ATTR_MAX_GRID_DIM_X]; break;
  case CR_ATTR_MAX_SHARED_PER_BLOCK: *v = (int)p.sharedMemPerBlock; break;
  case CR_ATTR_TOTAL_CONSTANT: *v = (int)p.totalConstMem; break;
  case CR_ATTR_WARP_SIZE: *v = 32; break;
  case CR_ATTR_MAX_PITCH: *v = 0x7fffffff; break;
  case CR_ATTR_MAX_REGS_PER_BLOCK: *v = p.regsPerBlock; break;
  case CR_ATTR_CLOCK_RATE: *v = (int)(c->core_clock_mhz * 1000); break;   /* kHz */
  case CR_ATTR_TEXTURE_ALIGNMENT: *v = 512; break;
  case CR_ATTR_GPU_OVERLAP: case CR_ATTR_ASYNC_ENGINES: *v = 1; break;
  case CR_ATTR_SM_COUNT: *v = p.multiProcessorCount; break;
  case CR_ATTR_KERNEL_EXEC_TIMEOUT: *v = G.d->time_limit > 0; break;   /* launches have a wall-clock limit (AWEMU_TIMEOUT) */
  case CR_ATTR_INTEGRATED: case CR_ATTR_COMPUTE_MODE: case CR_ATTR_ECC:
  case CR_ATTR_PAGEABLE: case CR_ATTR_CONCURRENT_MANAGED: case CR_ATTR_COOPERATIVE: *v = 0; break;
  case CR_ATTR_CAN_MAP_HOST: case CR_ATTR_CONCURRENT_KERNELS: case CR_ATTR_UNIFIED_ADDRESSING: case CR_ATTR_MANAGED: *v = 1; break;
  case CR_ATTR_MEMORY_CLOCK: *v = (int)(c->dram_clock_mhz * 1000); break;   /* kHz */
  case CR_ATTR_BUS_WIDTH: *v = p.memoryBusWidth; break;
  case CR_ATTR_L2_SIZE: *v = p.l2CacheSize; break;
  case CR_ATTR_MAX_THREADS_PER_SM: *v = p.maxThreadsPerMultiProcessor; break;
  case CR_ATTR_CC_MAJOR: *v = p.major; break;
  case CR_ATTR_CC_MINOR: *v = p.minor; break;
  case CR_ATTR_MAX_SHARED_PER_SM: *v = (int)p.sharedMemPerMultiprocessor; break;
  case CR_ATTR_MAX_REGS_PER_SM: *v = p.regsPerMultiprocessor; break;
  case CR_ATTR_MAX_SHARED_PER_BLOCK_OPTIN: *v = (int)p.sharedMemPerBlockOptin; break;
  case CR_ATTR_MAX_BLOCKS_PER_SM: *v = p.maxBlocksPerMultiProcessor; break;
  default: say("cudaDeviceGetAttribute: attribute %d is not answered by awemu", attr); return ret(CR_INVALID_VALUE);
  }
  return ret(CR_SUCCESS);
}

API cr_err cudaDeviceSynchronize(void) { ENTER; init(); return G.sticky ? G.sticky : CR_SUCCESS; }
API cr_err cudaThreadSynchronize(void) { ENTER; return cudaDeviceSynchronize(); }
API cr_err cudaDeviceReset(void) {
  ENTER;
  init();
  G.sticky = last_error = CR_SUCCESS;
  return CR_SUCCESS;
}
API cr_err cudaDeviceSetCacheConfig(int c) { ENTER; (void)c; init(); return ret(CR_SUCCESS); }
API cr_err cudaDeviceSetSharedMemConfig(int c) { ENTER; (void)c; init(); return ret(CR_SUCCESS); }
API cr_err cudaDeviceSetLimit(int limit, size_t value) { ENTER; (void)limit; (void)value; init(); return ret(CR_SUCCESS); }
API cr_err cudaDeviceGetLimit(size_t *value, int limit) {
  ENTER;
  init();
  if (!value) return ret(CR_INVALID_VALUE);
  *value = limit == 0 ? 1024 : limit == 1 ? (size_t)1 << 20 : (size_t)8 << 20;   /* stack, printf FIFO, malloc heap: CUDA's defaults */
  return ret(CR_SUCCESS);
}

/* ---- functions ---- */

API cr_err cudaFuncSetCacheConfig(const void *fun, int c) { ENTER; (void)c; init(); return ret(kernel_of(fun) ? CR_SUCCESS : CR_INVALID_DEVICE_FUNCTION); }
/* The dynamic shared memory a kernel may ask for is kept (its static and dynamic shared memory
 * together may be at most sharedMemPerBlockOptin, else cudaErrorInvalidValue, as documented);
 * other attributes are taken and change nothing. */
API cr_err cudaFuncSetAttribute(const void *fun, int attr, int value) {
  ENTER;
  init();
  cr_kernel *k = kernel_of(fun);
  if (!k) return ret(CR_INVALID_DEVICE_FUNCTION);
  if (attr != CR_FUNC_ATTR_MAX_DYNAMIC_SHARED) return ret(CR_SUCCESS);
  aw_module *m;
  int idx;
  int64_t own;
  cr_err e = kernel_info(fun, &m, &idx);
  if (!e) e = static_shared(k, m, idx, &own);
  if (e) return ret(e);
  if (value < 0 || own + value > G.cfg.sm_shared_bytes) return ret(CR_INVALID_VALUE);
  k->max_dynamic = value;
  return ret(CR_SUCCESS);
}

API cr_err cudaFuncGetAttributes(cr_func_attr *a, const void *fun) {
  ENTER;
  aw_module *m;
  int idx;
  cr_err e = kernel_info(fun, &m, &idx);
  if (e) return ret(e);
  if (!a) return ret(CR_INVALID_VALUE);
  uint32_t ctas, regs, shared;
  int64_t most;
  if (tm_occupancy_of(G.d, &G.cfg, m, idx, 32, 0, &ctas, &regs, &shared)) return ret(CR_MEMORY_ALLOCATION);
  if ((e = max_dynamic_shared(kernel_of(fun), m, idx, &most))) return ret(e);
  memset(a, 0, sizeof *a);
  a->maxThreadsPerBlock = 1024;
  a->numRegs = (int)regs;   /* the timing model's count (its liveness estimate, or the kernel_regs key) */
  a->sharedSizeBytes = shared;
  a->ptxVersion = a->binaryVersion = 75;
  a->maxDynamicSharedSizeBytes = (int)most;
  a->preferredShmemCarveout = -1;
  return ret(CR_SUCCESS);
}

/* CTAs of 'block' threads per SM: the timing model's occupancy (tm_occupancy_of), in either mode. */
API cr_err cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *fun, int block, size_t shared, unsigned flags) {
  ENTER;
  (void)flags;
  aw_module *m;
  int idx;
  cr_err e = kernel_info(fun, &m, &idx);
  if (e) return ret(e);
  if (!n || block <= 0 || block > 1024 || shared > (1u << 30)) return ret(CR_INVALID_VALUE);
  uint32_t ctas, regs, st;
  if (tm_occupancy_of(G.d, &G.cfg, m, idx, (uint32_t)block, (uint32_t)shared, &ctas, &regs, &st)) return ret(CR_MEMORY_ALLOCATION);
  *n = (int)ctas;
  return ret(CR_SUCCESS);
}
API cr_err cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *fun, int block, size_t shared) {
  ENTER;
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n, fun, block, shared, 0);
}

/* ---- streams and events (executed in order, as one stream) ---- */

/* The index of live stream s in G.streams, or -1. */
static int64_t stream_index(const cr_stream *s) {
  for (uint32_t i = 0; i < G.nstreams; i++) if (G.streams[i] == (uintptr_t)s) return i;
  return -1;
}

/* Whether s names a stream: the NULL stream, cudaStreamLegacy, cudaStreamPerThread, or a live one. */
static int stream_ok(const cr_stream *s) { return (uintptr_t)s <= 2 || stream_index(s) >= 0; }

API cr_err cudaStreamCreate(cr_stream **s) {
  ENTER;
  init();
  if (!s) return ret(CR_INVALID_VALUE);
  uintptr_t *l = realloc(G.streams, (G.nstreams + 1) * sizeof *l);
  if (!l) return ret(CR_MEMORY_ALLOCATION);
  G.streams = l;
  G.streams[G.nstreams++] = G.next_handle;
  *s = (cr_stream *)G.next_handle++;
  return ret(CR_SUCCESS);
}
API cr_err cudaStreamCreateWithFlags(cr_stream **s, unsigned flags) { ENTER; (void)flags; return cudaStreamCreate(s); }
API cr_err cudaStreamCreateWithPriority(cr_stream **s, unsigned flags, int prio) { ENTER; (void)flags; (void)prio; return cudaStreamCreate(s); }
/* The NULL stream and the two per-process ones were never made, so are not destroyed either. */
API cr_err cudaStreamDestroy(cr_stream *s) {
  ENTER;
  int64_t i = stream_index(s);
  if (i < 0) return ret(CR_INVALID_RESOURCE_HANDLE);
  G.streams[i] = G.streams[--G.nstreams];
  return ret(CR_SUCCESS);
}
API cr_err cudaStreamSynchronize(cr_stream *s) { ENTER; return ret(stream_ok(s) ? CR_SUCCESS : CR_INVALID_RESOURCE_HANDLE); }
API cr_err cudaStreamQuery(cr_stream *s) { ENTER; return ret(stream_ok(s) ? CR_SUCCESS : CR_INVALID_RESOURCE_HANDLE); }

/* The live event e, or NULL. */
static cr_event_rec *event_of(const cr_event *e) {
  for (uint32_t i = 0; i < G.nevents; i++) if (G.events[i].handle == (uintptr_t)e) return &G.events[i];
  return NULL;
}

API cr_err cudaStreamWaitEvent(cr_stream *s, cr_event *e, unsigned flags) {
  ENTER;
  (void)flags;
  return ret(stream_ok(s) && event_of(e) ? CR_SUCCESS : CR_INVALID_RESOURCE_HANDLE);
}

/* An event's time: the simulated time of the launches so far in timing
 * mode, else the host's clock. */
static double event_now(void) { return G.timing ? G.sim_seconds : host_now(); }

API cr_err cudaEventCreate(cr_event **e) {
  ENTER;
  init();
  if (!e) return ret(CR_INVALID_VALUE);
  cr_event_rec *l = realloc(G.events, (G.nevents + 1) * sizeof *l);
  if (!l) return ret(CR_MEMORY_ALLOCATION);
  G.events = l;
  G.events[G.nevents++] = (cr_event_rec){ G.next_handle, 0, 0 };
  *e = (cr_event *)G.next_handle++;
  return ret(CR_SUCCESS);
}
API cr_err cudaEventCreateWithFlags(cr_event **e, unsigned flags) { ENTER; (void)flags; return cudaEventCreate(e); }
API cr_err cudaEventDestroy(cr_event *e) {
  ENTER;
  cr_event_rec *r = event_of(e);
  if (!r) return ret(CR_INVALID_RESOURCE_HANDLE);
  *r = G.events[--G.nevents];
  return ret(CR_SUCCESS);
}
API cr_err cudaEventRecord(cr_event *e, cr_stream *s) {
  ENTER;
  cr_event_rec *r = event_of(e);
  if (!r || !stream_ok(s)) return ret(CR_INVALID_RESOURCE_HANDLE);
  r->at = event_now();
  r->recorded = 1;
  return ret(CR_SUCCESS);
}
API cr_err cudaEventRecordWithFlags(cr_event *e, cr_stream *s, unsigned flags) { ENTER; (void)flags; return cudaEventRecord(e, s); }
API cr_err cudaEventSynchronize(cr_event *e) { ENTER; return ret(event_of(e) ? CR_SUCCESS : CR_INVALID_RESOURCE_HANDLE); }
API cr_err cudaEventQuery(cr_event *e) { ENTER; return ret(event_of(e) ? CR_SUCCESS : CR_INVALID_RESOURCE_HANDLE); }
/* Nowhere to put the time is an invalid value; an event destroyed, never made or never recorded
 * an invalid handle, as documented. */
API cr_err cudaEventElapsedTime(float *ms, cr_event *a, cr_event *b) {
  ENTER;
  if (!ms) return ret(CR_INVALID_VALUE);
  const cr_event_rec *ra = event_of(a), *rb = event_of(b);
  if (!ra || !rb || !ra->recorded || !rb->recorded) return ret(CR_INVALID_RESOURCE_HANDLE);
  *ms = (float)((rb->at - ra->at) * 1e3);
  return ret(CR_SUCCESS);
}

API cr_err cudaProfilerStart(void) { ENTER; return CR_SUCCESS; }
API cr_err cudaProfilerStop(void) { ENTER; return CR_SUCCESS; }

/* ---- what awemu does not implement: named, cudaErrorNotSupported ---- */

static cr_err unsupported(const char *name) {
  ENTER;
  init();
  uint32_t i;
  for (i = 0; i < G.nnotified; i++) if (!strcmp(G.notified[i], name)) break;
  if (i == G.nnotified) {
    say("%s is not implemented by awemu's CUDA runtime (cudaErrorNotSupported)", name);
    if (G.nnotified < 64) snprintf(G.notified[G.nnotified++], sizeof G.notified[0], "%s", name);
  }
  return ret(CR_NOT_SUPPORTED);
}

/* Extra arguments are harmless: the caller cleans them up (System V x86-64). */
#define UNSUPPORTED(f) API cr_err f(void); cr_err f(void) { return unsupported(#f); }
UNSUPPORTED(cudaBindTexture) UNSUPPORTED(cudaBindTexture2D) UNSUPPORTED(cudaBindTextureToArray) UNSUPPORTED(cudaUnbindTexture)
UNSUPPORTED(cudaCreateSurfaceObject)
UNSUPPORTED(cudaDestroySurfaceObject) UNSUPPORTED(cudaMalloc3D)
UNSUPPORTED(cudaMalloc3DArray) UNSUPPORTED(cudaMemcpy3D) UNSUPPORTED(cudaMemcpy3DAsync) 
UNSUPPORTED(cudaMemset2D)
UNSUPPORTED(cudaMemset3D) UNSUPPORTED(cudaGraphicsGLRegisterBuffer) UNSUPPORTED(cudaGraphicsGLRegisterImage)
UNSUPPORTED(cudaGraphicsMapResources) UNSUPPORTED(cudaGraphicsUnmapResources) UNSUPPORTED(cudaGraphicsResourceGetMappedPointer)
UNSUPPORTED(cudaGraphicsUnregisterResource) UNSUPPORTED(cudaGLSetGLDevice) UNSUPPORTED(cudaDeviceCanAccessPeer)
UNSUPPORTED(cudaDeviceEnablePeerAccess) UNSUPPORTED(cudaDeviceDisablePeerAccess) UNSUPPORTED(cudaMemcpyPeer)
UNSUPPORTED(cudaMemcpyPeerAsync) UNSUPPORTED(cudaLaunchCooperativeKernel) UNSUPPORTED(cudaLaunchHostFunc)
UNSUPPORTED(cudaStreamAddCallback) UNSUPPORTED(cudaStreamBeginCapture) UNSUPPORTED(cudaStreamEndCapture)
UNSUPPORTED(cudaGraphCreate) UNSUPPORTED(cudaGraphInstantiate) UNSUPPORTED(cudaGraphLaunch) UNSUPPORTED(cudaGraphDestroy)
UNSUPPORTED(cudaGraphExecDestroy) UNSUPPORTED(cudaIpcGetMemHandle) UNSUPPORTED(cudaIpcOpenMemHandle)
UNSUPPORTED(cudaIpcCloseMemHandle) UNSUPPORTED(cudaHostRegister) UNSUPPORTED(cudaHostUnregister) UNSUPPORTED(cudaMallocAsync)
UNSUPPORTED(cudaFreeAsync) UNSUPPORTED(cudaMallocFromPoolAsync) UNSUPPORTED(cudaLaunchKernelExC) 
UNSUPPORTED(cudaOccupancyMaxPotentialClusterSize) UNSUPPORTED(cudaFuncGetName)

/* Registered at start-up: the program runs until it uses them. */
API void __cudaRegisterTexture(void **h, const void *host_var, const void **dev, const char *name, int dim, int norm, int ext) {
  ENTER;
  (void)h; (void)host_var; (void)dev; (void)dim; (void)norm; (void)ext;
  say("texture reference '%s' registered: texture references are not implemented (their use returns cudaErrorNotSupported)", name);
}
API void __cudaRegisterSurface(void **h, const void *host_var, const void **dev, const char *name, int dim, int ext) {
  ENTER;
  (void)h; (void)host_var; (void)dev; (void)dim; (void)ext;
  say("surface reference '%s' registered: surface references are not implemented (their use returns cudaErrorNotSupported)", name);
}
API void __cudaRegisterManagedVar(void **h, void **host_ptr, char *dev, const char *name, int ext, size_t size, int constant, int global) {
  ENTER;
  (void)h; (void)host_ptr; (void)dev; (void)ext; (void)size; (void)constant; (void)global;
  say("__managed__ variable '%s': not implemented (cudaMallocManaged is)", name);
  G.sticky = CR_NOT_SUPPORTED;
}
