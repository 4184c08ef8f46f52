/* emu/front/exec.c -- awemu exec: runs an nvcc-built CUDA program on awemu's libcudart.so.13.
 *
 * Turns the options into the library's environment variables
 * (emu/cudart/README.md), puts the directory holding libcudart.so.13 first
 * in LD_LIBRARY_PATH and replaces itself with the program.
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include "exec.h"
#include "options.h"
#include "../timing/config.h"
#include "../../isa/outfile.h"
#include "../../isa/version.h"

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
        "(libcudart.so.13): its kernels run on the emulator, from the PTX in its fat binary.\n", f);
  aw_opts_help(f, AO_EXEC);
  fputs("Options take their value as --opt=VALUE or --opt VALUE; awemu run and awemu debug take the same ones\n"
        "where they apply (awemu debug PROGRAM ARGS runs PROGRAM under the debugger).  Each option sets an\n"
        "environment variable of the library (AWEMU_CONFIG, AWEMU_SET, AWEMU_SUBROUTINES, AWEMU_STATS_JSON,\n"
        "AWEMU_TRACE_TIMELINE, AWEMU_PTX, AWEMU_MEMCHECK, AWEMU_INSN_LIMIT, AWEMU_RESIDENT_CTAS, AWEMU_TIMEOUT,\n"
        "AWEMU_RECORD, AWEMU_FAULT_EXIT=1, AWEMU_SUMMARY=0); LD_LIBRARY_PATH=DIR runs a program on the library\n"
        "without awemu exec (DIR: see --libdir).\n"
        "Exit status: the program's, but 2 where it is 0 and the --stats-json or --trace-timeline file could not\n"
        "be written, and 1 where it is 0 after a fault with --fault-exit; 2 on usage errors; 127 when PROGRAM\n"
        "cannot be run.\n", f);
}

int cr_libdir(char *out, size_t cap) {
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

static int check_program(const char *prog, int debug, char *why, size_t cap) {
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
  if (debug && !fatbin && !ours && !other[0]) {   /* (exec runs it all the same: it may start CUDA programs) */
    snprintf(why, cap, "not a CUDA program: it neither loads libcudart.so.13 or libcudart.so.12 nor carries CUDA code (.nv_fatbin), so no kernel "
                       "of it could stop; awemu debug takes a CUDA program built with nvcc -cudart shared, a run script or a module");
    rc = -1;
  } else if (fatbin && !ours) {
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
static int check_input(const char *who, const char *opt, const char *v) {
  struct stat st;
  if (access(v, R_OK)) { fprintf(stderr, "awemu %s: %s %s: %s\n", who, opt, v, strerror(errno)); return -1; }
  if (stat(v, &st) == 0 && S_ISDIR(st.st_mode)) { fprintf(stderr, "awemu %s: %s %s: is a directory\n", who, opt, v); return -1; }
  if (strchr(v, ':')) { fprintf(stderr, "awemu %s: %s %s: a file name with ':' cannot be passed on (the library splits its list at ':')\n", who, opt, v); return -1; }
  return 0;
}

int cr_exec_program(const aw_opts *o, char **argv) {
  const char *who = aw_opts_cmd_name(o->cmd);
  tm_config c;
  int timing;
  char num[64];
  /* what the library would find bad only once the program runs: refused now (status 2) */
  if (aw_opts_config(o, &c, &timing)) return 2;
  for (int k = 0; k < o->nsets; k++)
    if (strchr(o->sets[k], ',')) { fprintf(stderr, "awemu %s: --set %s: one KEY=VALUE per --set\n", who, o->sets[k]); return 2; }
  for (int k = 0; k < o->nsubs; k++) if (check_input(who, "--subroutines", o->subs[k])) return 2;
  for (int k = 0; k < o->nptx; k++) if (check_input(who, "--ptx", o->ptx[k])) return 2;
  if (o->timeline && !timing && !getenv("AWEMU_CONFIG")) {
    fprintf(stderr, "awemu %s: --trace-timeline needs timing mode (--config NAME|FILE): a CUDA program's launches run in functional mode otherwise\n", who);
    return 2;
  }
  char prog[PATH_MAX];
  int found = !program_path(argv[0], prog, sizeof prog);
  if (aw_opts_check_outputs(o, found ? prog : NULL, "the PROGRAM")) return 2;
  /* the options, as the library's environment */
  if (o->config) setenv("AWEMU_CONFIG", o->config, 1);
  for (int k = 0; k < o->nsets; k++) if (append_env("AWEMU_SET", o->sets[k], ',')) return 2;
  for (int k = 0; k < o->nsubs; k++) if (append_env("AWEMU_SUBROUTINES", o->subs[k], ':')) return 2;
  for (int k = 0; k < o->nptx; k++) if (append_env("AWEMU_PTX", o->ptx[k], ':')) return 2;
  if (o->stats_json) setenv("AWEMU_STATS_JSON", o->stats_json, 1);
  if (o->timeline) setenv("AWEMU_TRACE_TIMELINE", o->timeline, 1);
  if (o->record) setenv("AWEMU_RECORD", o->record, 1);
  if (o->memcheck >= 0) setenv("AWEMU_MEMCHECK", o->memcheck == AW_MEMCHECK_REPORT ? "on" : o->memcheck == AW_MEMCHECK_STOP ? "stop" : "off", 1);
  if (o->have_insn_limit) { snprintf(num, sizeof num, "%llu", (unsigned long long)o->insn_limit); setenv("AWEMU_INSN_LIMIT", num, 1); }
  if (o->have_timeout) { snprintf(num, sizeof num, "%.17g", o->timeout); setenv("AWEMU_TIMEOUT", num, 1); }
  if (o->have_resident_ctas) {
    if (o->resident_ctas) snprintf(num, sizeof num, "%u", o->resident_ctas);
    else snprintf(num, sizeof num, "all");
    setenv("AWEMU_RESIDENT_CTAS", num, 1);
  }
  if (o->fault_exit) setenv("AWEMU_FAULT_EXIT", "1", 1);
  if (o->no_summary) setenv("AWEMU_SUMMARY", "0", 1);
  char why[512];
  struct stat st;
  /* a directory (one in PATH, or the name itself when PATH has none by that name: '.'): execvp would say EACCES */
  if (!found) snprintf(prog, sizeof prog, "%s", argv[0]);
  if (stat(prog, &st) == 0 && S_ISDIR(st.st_mode)) {
    fprintf(stderr, "awemu %s: %s: is a directory\n", who, argv[0]);
    return 127;
  }
  if (check_program(argv[0], o->cmd == AO_DEBUG, why, sizeof why)) { fprintf(stderr, "awemu %s: %s: %s\n", who, argv[0], why); return 2; }
  char dir[PATH_MAX];
  if (cr_libdir(dir, sizeof dir)) { fprintf(stderr, "awemu %s: libcudart.so.13 is not built (make) beside this awemu\n", who); return 2; }
  /* our directory first: it must win over a real CUDA's */
  const char *lp = getenv("LD_LIBRARY_PATH");
  size_t n = strlen(dir) + (lp ? strlen(lp) : 0) + 2;
  char *path = malloc(n);
  if (!path) return 2;
  snprintf(path, n, lp && *lp ? "%s:%s" : "%s", dir, lp);
  setenv("LD_LIBRARY_PATH", path, 1);
  free(path);
  fflush(NULL);
  execvp(argv[0], argv);
  fprintf(stderr, "awemu %s: %s: %s\n", who, argv[0], strerror(errno));
  return 127;
}

/* Every argument after the first that is no option is the PROGRAM's. */
static int first_stops(void *ctx, const char *arg) { (void)ctx; (void)arg; return 1; }

int cr_exec_main(int argc, char **argv) {
  aw_opts o;
  int rc = aw_opts_parse(&o, AO_EXEC, argc, argv, first_stops, NULL);
  if (rc) { aw_opts_free(&o); return rc; }
  if (o.help) exec_usage(stdout);
  else if (o.version) printf("awemu (awemu) %s\n", AWEMU_VERSION);
  else if (o.libdir) {
    char dir[PATH_MAX];
    if (cr_libdir(dir, sizeof dir)) { fprintf(stderr, "awemu exec: libcudart.so.13 is not built (make) beside this awemu\n"); rc = 2; }
    else puts(dir);
  } else if (!o.nargs) { fprintf(stderr, "awemu exec: no PROGRAM given\n"); exec_usage(stderr); rc = 2; }
  else rc = cr_exec_program(&o, argv + o.rest - 1);
  aw_opts_free(&o);
  return rc;
}
