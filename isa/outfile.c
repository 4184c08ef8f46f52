/* isa/outfile.c -- writing a file the user named, without harming anything (see outfile.h). */
#include "outfile.h"
#include "isa.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *dup_str(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

int isa_out_open(isa_outfile *o, const char *path, int binary, char *err, size_t cap) {
  memset(o, 0, sizeof *o);
  if (!strcmp(path, "-")) {
    o->f = stdout;
    o->is_stdout = 1;
    return 0;
  }
  if (!*path) return isa_fail(err, cap, "an empty file name");
  o->path = dup_str(path);
  if (!o->path) return isa_fail(err, cap, "%s: cannot write: out of memory", path);
  struct stat st;
  int exists = lstat(path, &st) == 0;
  if (!exists && errno != ENOENT) {
    int e = errno;
    free(o->path); o->path = NULL;
    return isa_fail(err, cap, "%s: cannot write: %s", path, strerror(e));
  }
  if (exists && S_ISDIR(st.st_mode)) {
    free(o->path); o->path = NULL;
    return isa_fail(err, cap, "%s: cannot write: is a directory", path);
  }
  if (exists && !S_ISREG(st.st_mode)) {
    /* a device, FIFO, socket or symbolic link: written in place, never replaced */
    o->f = fopen(path, binary ? "wb" : "w");
    if (!o->f) {
      int e = errno;
      free(o->path); o->path = NULL;
      return isa_fail(err, cap, "%s: cannot write: %s", path, strerror(e));
    }
    return 0;
  }
  if (exists) o->mode = (int)(st.st_mode & 07777);
  else {
    mode_t m = umask(0);
    umask(m);
    o->mode = (int)(0666 & ~m);
  }
  size_t n = strlen(path);
  o->tmp = malloc(n + 16);
  if (!o->tmp) { free(o->path); o->path = NULL; return isa_fail(err, cap, "%s: cannot write: out of memory", path); }
  /* PATH.XXXXXX: in the same directory, so the rename never crosses file systems */
  snprintf(o->tmp, n + 16, "%s.XXXXXX", path);
  int fd = mkstemp(o->tmp);
  if (fd < 0) {
    int e = errno;
    free(o->tmp); free(o->path);
    o->tmp = o->path = NULL;
    return isa_fail(err, cap, "%s: cannot write: %s", path, strerror(e));
  }
  o->f = fdopen(fd, binary ? "wb" : "w");
  if (!o->f) {
    int e = errno;
    close(fd);
    unlink(o->tmp);
    free(o->tmp); free(o->path);
    o->tmp = o->path = NULL;
    return isa_fail(err, cap, "%s: cannot write: %s", path, strerror(e));
  }
  return 0;
}

static void release(isa_outfile *o) {
  free(o->path);
  free(o->tmp);
  o->path = o->tmp = NULL;
  o->f = NULL;
}

int isa_out_commit(isa_outfile *o, char *err, size_t cap) {
  if (o->is_stdout) {
    int bad = fflush(stdout) != 0 || ferror(stdout);
    o->f = NULL;
    if (!bad) return 0;
    isa_fail(err, cap, "standard output: cannot write: %s", strerror(errno));
    clearerr(stdout);   /* reported here: isa_close_stdout does not report it a second time */
    return -1;
  }
  if (!o->f) return isa_fail(err, cap, "no file is open");
  int ok = fflush(o->f) == 0 && !ferror(o->f);
  int e = ok ? 0 : errno;
  if (ok && o->tmp && fchmod(fileno(o->f), (mode_t)o->mode) != 0) { ok = 0; e = errno; }
  if (fclose(o->f) != 0 && ok) { ok = 0; e = errno; }
  o->f = NULL;
  if (ok && o->tmp && rename(o->tmp, o->path) != 0) { ok = 0; e = errno; }
  if (!ok) {
    if (o->tmp) unlink(o->tmp);
    isa_fail(err, cap, "%s: cannot write: %s", o->path, strerror(e ? e : EIO));
    release(o);
    return -1;
  }
  release(o);
  return 0;
}

void isa_out_abort(isa_outfile *o) {
  if (o->is_stdout) { fflush(stdout); o->f = NULL; return; }
  if (o->f) fclose(o->f);
  if (o->tmp) unlink(o->tmp);
  release(o);
}

int isa_close_stdout(const char *prog, int status) {
  int earlier = ferror(stdout) != 0;
  errno = 0;
  int flush_failed = fflush(stdout) != 0;
  int e = errno;
  int close_failed = fclose(stdout) != 0;
  if (!flush_failed && close_failed) e = errno;
  /* EBADF from close alone: standard output was closed from the start and nothing was written to it */
  if (!earlier && !flush_failed && (!close_failed || e == EBADF)) return status;
  if (e) fprintf(stderr, "%s: write error: %s\n", prog, strerror(e));
  else fprintf(stderr, "%s: write error\n", prog);   /* an earlier write failed; its reason is gone */
  return status > 2 ? status : 2;
}

int isa_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (stat(a, &sa) != 0 || stat(b, &sb) != 0) return 0;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
