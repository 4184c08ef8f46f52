/* emu/cudart/exec.c -- awemu exec: runs an nvcc-built CUDA program on awemu's libcudart.so.13.
 *
 * Turns the options into the library's environment variables
 * (emu/cudart/README.md), puts the directory holding libcudart.so.13 first
 * in LD_LIBRARY_PATH and replaces itself with the program.
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include "exec.h"
#include "../timing/config.h"
#include "../../isa/outfile.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void exec_usage(FILE *f) {
  fputs("usage: awemu exec [options] PROGRAM [ARGS...]\n"
        "Runs PROGRAM, a CUDA program built with nvcc -cudart shared, on awemu's CUDA runtime\n"
        "(libcudart.so.13): its kernels run on the emulator, from the PTX in its fat binary.\n"
        "  --config=NAME|FILE  timing mode under a preset (caba-gtx480, mag-gddr5, mpc-titanv) or a config file\n"
        "  --set=KEY=VALUE     change one key of the config (repeatable; implies --config caba-gtx480)\n"
        "  --subroutines=FILE  assist-warp subroutines assembled with the program's PTX (repeatable)\n"
        "  --stats-json=FILE   statistics as JSON at exit: timing mode's (totals and a 'launches' list), or\n"
        "                      functional mode's counters (warp and thread instructions, CTAs, ...)\n"
        "  --ptx=FILE          take the kernels from FILE (PTX) instead of the fat binary (repeatable)\n"
        "  --memcheck[=MODE]   report accesses outside every allocation (on), or fault on the first (stop)\n"
        "  --insn-limit=N      a launch of more than N warp instructions faults (default 1000000000; 0: no limit)\n"
        "  --timeout=SECONDS   a launch running longer (wall-clock time) faults (default 600; 0: no limit)\n"
        "  --fault-exit        exit status 1 when a launch faulted and the program ends with 0 anyway\n"
        "                      (a program that does not check its CUDA calls' errors)\n"
        "  --quiet             no summary line on standard error at exit\n"
        "Each option sets an environment variable of the library (AWEMU_CONFIG, AWEMU_SET, AWEMU_SUBROUTINES,\n"
        "AWEMU_STATS_JSON, AWEMU_PTX, AWEMU_MEMCHECK, AWEMU_INSN_LIMIT, AWEMU_TIMEOUT, AWEMU_FAULT_EXIT=1,\n"
        "AWEMU_SUMMARY=0); LD_LIBRARY_PATH=DIR runs a program on the library without awemu exec (DIR: see --libdir).\n"
        "  --libdir            print the directory holding libcudart.so.13 and exit\n"
        "Exit status: the program's, but 2 where it is 0 and the --stats-json file could not be written, and 1\n"
        "where it is 0 after a fault with --fault-exit; 2 on usage errors; 127 when PROGRAM cannot be run.\n", f);
}

/* The directory holding libcudart.so.13: $AWEMU_LIBDIR, or beside this awemu
 * (DIR/../lib/awemu installed, DIR/../build/lib in the source tree, DIR/../lib
 * for builds whose BIN is inside BUILD).  0, or -1. */
static int libdir(char *out, size_t cap) {
  const char *env = getenv("AWEMU_LIBDIR");
  char exe[PATH_MAX], probe[PATH_MAX + 64];
  if (env && *env) { snprintf(out, cap, "%s", env); return 0; }
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return -1;
  exe[n] = 0;
  char *slash = strrchr(exe, '/');
  if (!slash) return -1;
  *slash = 0;
  static const char *const rel[] = { "/../lib/awemu", "/../build/lib", "/../lib" };
  for (size_t i = 0; i < sizeof rel / sizeof *rel; i++) {
    snprintf(probe, sizeof probe, "%s%s/libcudart.so.13", exe, rel[i]);
    if (access(probe, R_OK) == 0) {
      char *real = realpath(probe, NULL);
      if (!real) return -1;
      *strrchr(real, '/') = 0;
      snprintf(out, cap, "%s", real);
      free(real);
      return 0;
    }
  }
  return -1;
}

/* Appends 'v' to environment variable 'name', joined by 'sep'.  0, or -1. */
static int append_env(const char *name, const char *v, char sep) {
  const char *old = getenv(name);
  size_t n = (old ? strlen(old) + 1 : 0) + strlen(v) + 1;
  char *buf = malloc(n);
  if (!buf) return -1;
  if (old && *old) snprintf(buf, n, "%s%c%s", old, sep, v);
  else snprintf(buf, n, "%s", v);
  int r = setenv(name, buf, 1);
  free(buf);
  return r;
}

/* Reads n bytes at off; 0, or -1. */
static int read_at(int fd, void *buf, size_t n, uint64_t off) {
  if (off > (uint64_t)INT64_MAX - n) return -1;
  return pread(fd, buf, n, (off_t)off) == (ssize_t)n ? 0 : -1;
}

/* Whether PROGRAM (a path, or a name looked up in $PATH as execvp does) can run on this
 * libcudart: a 64-bit ELF executable that carries CUDA code (a .nv_fatbin section) but
 * does not load libcudart.so.13 or .so.12 (its CUDA runtime linked in statically, nvcc's default, or
 * another CUDA's) would run its kernels on that runtime, not on awemu.  0 (or not an ELF
 * file, a script, unreadable: left to execvp), or -1 with the reason in why. */
/* The file execvp will run for prog (a name without '/' is looked up in PATH, where a
 * directory is passed over as execvp does) into path: 0, or -1 when none. */
static int program_path(const char *prog, char *path, size_t cap) {
  if (strchr(prog, '/')) { snprintf(path, cap, "%s", prog); return 0; }
  const char *p = getenv("PATH");
  for (const char *d = p ? p : "/usr/local/bin:/usr/bin:/bin"; d;) {
    const char *e = strchr(d, ':');
    size_t n = e ? (size_t)(e - d) : strlen(d);
    struct stat st;
    snprintf(path, cap, "%.*s%s%s", (int)n, n ? d : ".", "/", prog);
    if (access(path, X_OK) == 0 && stat(path, &st) == 0 && !S_ISDIR(st.st_mode)) return 0;
    d = e ? e + 1 : NULL;
  }
  return -1;
}

static int check_program(const char *prog, char *why, size_t cap) {
  char path[PATH_MAX];
  if (program_path(prog, path, sizeof path)) return 0;
  int fd = open(path, O_RDONLY);
  if (fd < 0) return 0;
  Elf64_Ehdr eh;
  int rc = 0, fatbin = 0, ours = 0;
  char other[64] = "";
  Elf64_Shdr *sh = NULL;
  char *names = NULL, *dynstr = NULL;
  Elf64_Dyn *dyn = NULL;
  if (read_at(fd, &eh, sizeof eh, 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_shentsize != sizeof(Elf64_Shdr) || !eh.e_shnum || eh.e_shstrndx >= eh.e_shnum)
    goto done;
  sh = malloc((size_t)eh.e_shnum * sizeof *sh);
  if (!sh || read_at(fd, sh, (size_t)eh.e_shnum * sizeof *sh, eh.e_shoff)) goto done;
  const Elf64_Shdr *ns = &sh[eh.e_shstrndx];
  if (ns->sh_size > (1u << 24) || !(names = calloc(ns->sh_size + 1, 1)) || read_at(fd, names, ns->sh_size, ns->sh_offset)) goto done;
  for (unsigned i = 0; i < eh.e_shnum; i++) {
    if (sh[i].sh_name < ns->sh_size && !strcmp(names + sh[i].sh_name, ".nv_fatbin")) fatbin = 1;
    if (sh[i].sh_type != SHT_DYNAMIC || sh[i].sh_link >= eh.e_shnum || dyn) continue;
    const Elf64_Shdr *ss = &sh[sh[i].sh_link];
    size_t nd = sh[i].sh_size / sizeof *dyn;
    if (nd > 65536 || ss->sh_size > (1u << 24)) continue;
    dyn = malloc(nd * sizeof *dyn + 1);
    dynstr = calloc(ss->sh_size + 1, 1);
    if (!dyn || !dynstr || read_at(fd, dyn, nd * sizeof *dyn, sh[i].sh_offset) || read_at(fd, dynstr, ss->sh_size, ss->sh_offset)) goto done;
    for (size_t k = 0; k < nd && dyn[k].d_tag != DT_NULL; k++) {
      if (dyn[k].d_tag != DT_NEEDED || dyn[k].d_un.d_val >= ss->sh_size) continue;
      const char *lib = dynstr + dyn[k].d_un.d_val;
      if (!strcmp(lib, "libcudart.so.13") || !strcmp(lib, "libcudart.so.12")) ours = 1;   /* awemu builds both */
      else if (!strncmp(lib, "libcudart.so", 12)) snprintf(other, sizeof other, "%s", lib);
    }
  }
  if (fatbin && !ours) {
    if (other[0]) snprintf(why, cap, "it loads %s, another CUDA's runtime: awemu's are libcudart.so.13 and libcudart.so.12 (CUDA 13 and 12); rebuild it with nvcc 12 or 13 -cudart shared", other);
    else snprintf(why, cap, "its CUDA runtime is linked in (nvcc's default, -cudart static), so its kernels would not run on awemu; rebuild it with nvcc -cudart shared");
    rc = -1;
  }
done:
  free(sh); free(names); free(dyn); free(dynstr);
  close(fd);
  return rc;
}

/* An input file of an option: readable and not a directory, and without ':' (the library's
 * variables join several with ':').  0, or -1 with the message printed. */
static int check_input(const char *opt, const char *v) {
  struct stat st;
  if (access(v, R_OK)) { fprintf(stderr, "awemu exec: %s %s: %s\n", opt, v, strerror(errno)); return -1; }
  if (stat(v, &st) == 0 && S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu exec: %s %s: is a directory\n", opt, v); return -1; }
  if (strchr(v, ':')) { fprintf(stderr, "awemu exec: %s %s: a file name with ':' cannot be passed on (the library splits its list at ':')\n", opt, v); return -1; }
  return 0;
}

int cr_exec_main(int argc, char **argv) {
  const char *config = NULL, *stats_json = NULL;
  int i, nsets = 0, ninputs = 0;
  const char *sets[256];   /* the --set values, checked against the config before the program starts */
  const char *inputs[256], *input_opt[256];   /* the --ptx and --subroutines files: --stats-json must not replace one */
  char err[512];
  for (i = 1; i < argc && argv[i][0] == '-'; i++) {
    const char *a = argv[i], *v = NULL;
    if (!strcmp(a, "--")) { i++; break; }
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { exec_usage(stdout); return 0; }
    if (!strcmp(a, "--quiet")) { setenv("AWEMU_SUMMARY", "0", 1); continue; }
    if (!strcmp(a, "--fault-exit")) { setenv("AWEMU_FAULT_EXIT", "1", 1); continue; }
    if (!strcmp(a, "--libdir")) {
      char dir[PATH_MAX];
      if (libdir(dir, sizeof dir)) { fprintf(stderr, "awemu exec: libcudart.so.13 is not built (make) beside this awemu\n"); return 2; }
      puts(dir);
      return 0;
    }
    if (!strcmp(a, "--memcheck") || !strncmp(a, "--memcheck=", 11)) {
      const char *mode = a[10] ? a + 11 : "on";
      if (strcmp(mode, "on") && strcmp(mode, "stop") && strcmp(mode, "off")) { fprintf(stderr, "awemu exec: --memcheck=%s: on, stop or off\n", mode); return 2; }
      setenv("AWEMU_MEMCHECK", mode, 1);
      continue;
    }
    static const char *const opts[] = { "--config", "--set", "--subroutines", "--stats-json", "--ptx", "--insn-limit", "--timeout" };
    size_t k, len = 0;
    for (k = 0; k < sizeof opts / sizeof *opts; k++) {
      len = strlen(opts[k]);
      if (!strncmp(a, opts[k], len) && (a[len] == '=' || !a[len])) break;
    }
    if (k == sizeof opts / sizeof *opts) { fprintf(stderr, "awemu exec: unknown option '%s' (awemu exec --help)\n", a); return 2; }
    if (a[len] == '=') v = a + len + 1;
    else if (i + 1 < argc) v = argv[++i];
    if (!v || !*v) { fprintf(stderr, "awemu exec: %s needs a value\n", opts[k]); return 2; }
    switch (k) {
    case 0: config = v; setenv("AWEMU_CONFIG", v, 1); break;
    case 1:
      if (strchr(v, ',')) { fprintf(stderr, "awemu exec: --set %s: one KEY=VALUE per --set\n", v); return 2; }
      if (nsets == 256) { fprintf(stderr, "awemu exec: at most 256 --set options\n"); return 2; }
      if (append_env("AWEMU_SET", v, ',')) return 2;
      sets[nsets++] = v;
      break;
    case 2: if (check_input("--subroutines", v)) return 2;
      if (append_env("AWEMU_SUBROUTINES", v, ':')) return 2;
      if (ninputs < 256) { inputs[ninputs] = v; input_opt[ninputs++] = "a --subroutines file"; }
      break;
    case 3: {   /* written at the program's exit: a name that cannot be written is refused now */
      struct stat st;
      char dir[PATH_MAX];
      snprintf(dir, sizeof dir, "%s", v);
      char *slash = strrchr(dir, '/');
      if (slash == dir) dir[1] = 0;
      else if (slash) *slash = 0;
      else snprintf(dir, sizeof dir, ".");
      if (strcmp(v, "-") && stat(v, &st) == 0 && S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu exec: --stats-json %s: is a directory\n", v); return 2; }
      if (strcmp(v, "-") && (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))) { fprintf(stderr, "awemu exec: --stats-json %s: no directory %s\n", v, dir); return 2; }
      setenv("AWEMU_STATS_JSON", v, 1);
      stats_json = v;
      break;
    }
    case 4: if (check_input("--ptx", v)) return 2;
      if (append_env("AWEMU_PTX", v, ':')) return 2;
      if (ninputs < 256) { inputs[ninputs] = v; input_opt[ninputs++] = "a --ptx file"; }
      break;
    case 5: case 6: {   /* checked here, as the library would check them once the program ran */
      char *end;
      errno = 0;
      if (k == 5) (void)strtoull(v, &end, 10); else (void)strtod(v, &end);
      if (*end || *v == '-' || errno || (k == 6 && !strcmp(v, "."))) {
        fprintf(stderr, "awemu exec: %s %s: %s\n", opts[k], v, k == 5 ? "not a number of warp instructions (0: no limit)" : "not a number of seconds");
        return 2;
      }
      setenv(k == 5 ? "AWEMU_INSN_LIMIT" : "AWEMU_TIMEOUT", v, 1);
      break;
    }
    }
  }
  if (i >= argc) { fprintf(stderr, "awemu exec: no PROGRAM given\n"); exec_usage(stderr); return 2; }
  if (config || nsets) {   /* a bad config is a usage error here, before the program starts */
    tm_config c;
    tm_config_defaults(&c);
    int bad = tm_config_load(&c, config ? config : "caba-gtx480", err, sizeof err);
    for (int k = 0; k < nsets && !bad; k++) bad = tm_config_set_pair(&c, sets[k], "--set", err, sizeof err);
    if (bad || tm_config_check(&c, err, sizeof err)) { fprintf(stderr, "awemu exec: %s\n", err); return 2; }
  }
  if (stats_json && strcmp(stats_json, "-")) {   /* the statistics, written at the program's exit, must not replace an input */
    char prog[PATH_MAX];
    const char *what = NULL;
    if (!program_path(argv[i], prog, sizeof prog) && isa_same_file(stats_json, prog)) what = "the PROGRAM";
    else if (config && isa_same_file(stats_json, config)) what = "the --config file";
    for (int k = 0; !what && k < ninputs; k++) if (isa_same_file(stats_json, inputs[k])) what = input_opt[k];
    if (what) { fprintf(stderr, "awemu exec: --stats-json %s is %s: it would be overwritten\n", stats_json, what); return 2; }
  }
  char why[512], prog[PATH_MAX];
  struct stat st;
  /* a directory (one in PATH, or the name itself when PATH has none by that name: '.'): execvp would say EACCES */
  if (program_path(argv[i], prog, sizeof prog)) snprintf(prog, sizeof prog, "%s", argv[i]);
  if (stat(prog, &st) == 0 && S_ISDIR(st.st_mode)) {
    fprintf(stderr, "awemu exec: %s: is a directory\n", argv[i]);
    return 127;
  }
  if (check_program(argv[i], why, sizeof why)) { fprintf(stderr, "awemu exec: %s: %s\n", argv[i], why); return 2; }
  char dir[PATH_MAX];
  if (libdir(dir, sizeof dir)) { fprintf(stderr, "awemu exec: libcudart.so.13 is not built (make) beside this awemu\n"); return 2; }
  /* our directory first: it must win over a real CUDA's */
  const char *lp = getenv("LD_LIBRARY_PATH");
  size_t n = strlen(dir) + (lp ? strlen(lp) : 0) + 2;
  char *path = malloc(n);
  if (!path) return 2;
  snprintf(path, n, lp && *lp ? "%s:%s" : "%s", dir, lp);
  setenv("LD_LIBRARY_PATH", path, 1);
  free(path);
  execvp(argv[i], argv + i);
  fprintf(stderr, "awemu exec: %s: %s\n", argv[i], strerror(errno));
  return 127;
}
