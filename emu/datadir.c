/* emu/datadir.c -- the data root (see datadir.h). */
#include "datadir.h"
#include "../subroutines/mpc/mpc.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a message into buf (cut at cap: it is only a message) */
static void say(char *buf, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, cap, fmt, ap);
  va_end(ap);
}

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* the directory of the running executable, or -1 */
static int exe_dir(char *buf, size_t cap) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return -1;
  exe[n] = 0;
  char *slash = strrchr(exe, '/');
  if (!slash) return -1;
  *slash = 0;
  if ((size_t)snprintf(buf, cap, "%s", exe[0] ? exe : "/") >= cap) return -1;
  return 0;
}

int aw_data_root(char *buf, size_t cap) {
  const char *env = getenv("AWEMU_DATADIR");
  if (env && *env) {
    if (is_dir(env) && (size_t)snprintf(buf, cap, "%s", env) < cap) return 0;
    say(buf, cap, "AWEMU_DATADIR=%s is not a directory", env);
    return -1;
  }
  char dir[PATH_MAX], p[PATH_MAX + 64];
  if (exe_dir(dir, sizeof dir)) {
    say(buf, cap, "AWEMU_DATADIR is not set and the executable's directory is unknown (/proc/self/exe)");
    return -1;
  }
  snprintf(p, sizeof p, "%s/../share/awemu", dir);
  if (is_dir(p)) return (size_t)snprintf(buf, cap, "%s", p) < cap ? 0 : -1;
  /* the source tree: its subroutines/ holds codec.h (a build directory's subroutines/ holds objects only) */
  char up[PATH_MAX + 16] = "..";
  for (int level = 1; level <= 3; level++) {
    snprintf(p, sizeof p, "%s/%s/subroutines/codec.h", dir, up);
    if (access(p, F_OK) == 0) return (size_t)snprintf(buf, cap, "%s/%s", dir, up) < cap ? 0 : -1;
    size_t n = strlen(up);
    snprintf(up + n, sizeof up - n, "/..");
  }
  say(buf, cap, "AWEMU_DATADIR is not set, %s/../share/awemu does not exist and no directory above %s holds subroutines/codec.h (the source tree)", dir, dir);
  return -1;
}

int aw_data_path(const char *rel, char *buf, size_t cap) {
  char root[PATH_MAX + 64];
  if (aw_data_root(root, sizeof root)) {
    say(buf, cap, "cannot find %s: %s", rel, root);
    return -1;
  }
  if ((size_t)snprintf(buf, cap, "%s/%s", root, rel) >= cap) {
    say(buf, cap, "cannot find %s: the path under %s is too long", rel, root);
    return -1;
  }
  if (access(buf, F_OK) == 0) return 0;
  char tried[PATH_MAX + 128];
  say(tried, sizeof tried, "%s", buf);
  say(buf, cap, "cannot find %s: %s does not exist (data root %s)", rel, tried, root);
  return -1;
}

void aw_data_setup_codecs(void) {
  const char *env = getenv("AWEMU_MPC_PARAMS");
  if (env && *env) return;
  char p[PATH_MAX + 256];
  if (aw_data_path(MPC_DEFAULT_PARAMS, p, sizeof p) == 0) mpc_set_default_dir(p, NULL);
  else mpc_set_default_dir(NULL, p);
}
