/* examples/paper/cutil/cutil.h -- the few calls of the CUDA SDK 4.2 "cutil" library that
 * ISPASS-2009 BFS, LPS and RAY use, written for awemu's workload suite (examples/paper/README.md).
 *
 * The applications were linked with NVIDIA's prebuilt libcutil_x86_64.a, which is not
 * distributed with their sources.  This header replaces it: the error-checking macros
 * (CUDA_SAFE_CALL, CUDA_SAFE_CALL_NO_SYNC, CUT_SAFE_CALL, CUT_CHECK_ERROR, CUT_DEVICE_INIT,
 * CUT_EXIT), host wall-clock timers (cutCreateTimer ... cutGetAverageTimerValue, in
 * milliseconds, as cutil's) and the two command-line helpers (cutCheckCmdLineFlag for
 * "--flag", cutGetCmdLineArgumenti for "--name=N").  Header only: nothing to link.
 */
#ifndef PAPER_CUTIL_H
#define PAPER_CUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cuda_runtime.h>

enum CUTBoolean { CUTFalse = 0, CUTTrue = 1 };

/* a CUDA call that must succeed: the error's text and where, then exit(EXIT_FAILURE) */
#define CUDA_SAFE_CALL_NO_SYNC(call) do {                                                     \
    cudaError_t cutil_err_ = (call);                                                          \
    if (cutil_err_ != cudaSuccess) {                                                          \
      fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n", __FILE__, __LINE__,       \
              cudaGetErrorString(cutil_err_));                                                \
      exit(EXIT_FAILURE);                                                                     \
    } } while (0)
#define CUDA_SAFE_CALL(call) CUDA_SAFE_CALL_NO_SYNC(call)

/* a cutil call that must return CUTTrue */
#define CUT_SAFE_CALL(call) do {                                                              \
    if ((call) != CUTTrue) {                                                                  \
      fprintf(stderr, "Cut error in file '%s' in line %i.\n", __FILE__, __LINE__);            \
      exit(EXIT_FAILURE);                                                                     \
    } } while (0)

/* the last launch's error, if any (cutil's release build does not synchronize) */
#define CUT_CHECK_ERROR(msg) do {                                                             \
    cudaError_t cutil_err_ = cudaGetLastError();                                              \
    if (cutil_err_ != cudaSuccess) {                                                          \
      fprintf(stderr, "Cuda error: %s in file '%s' in line %i : %s.\n", (msg), __FILE__,      \
              __LINE__, cudaGetErrorString(cutil_err_));                                      \
      exit(EXIT_FAILURE);                                                                     \
    } } while (0)

#define CUT_DEVICE_INIT(...) CUDA_SAFE_CALL(cudaSetDevice(0))
#define CUT_EXIT(argc, argv) exit(EXIT_SUCCESS)

/* ---- timers: host wall-clock time, in milliseconds ---- */
#define CUTIL_TIMERS 32
static struct { int used, running; double start, total, last; unsigned sessions; } cutil_timer_[CUTIL_TIMERS];

static inline double cutil_now_ms_(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
static inline CUTBoolean cutCreateTimer(unsigned int *name) {
  for (unsigned i = 0; i < CUTIL_TIMERS; i++)
    if (!cutil_timer_[i].used) {
      memset(&cutil_timer_[i], 0, sizeof cutil_timer_[i]);
      cutil_timer_[i].used = 1;
      *name = i + 1;
      return CUTTrue;
    }
  return CUTFalse;
}
static inline int cutil_timer_ok_(unsigned int name) { return name >= 1 && name <= CUTIL_TIMERS && cutil_timer_[name - 1].used; }
static inline CUTBoolean cutDeleteTimer(unsigned int name) {
  if (!cutil_timer_ok_(name)) return CUTFalse;
  cutil_timer_[name - 1].used = 0;
  return CUTTrue;
}
static inline CUTBoolean cutStartTimer(unsigned int name) {
  if (!cutil_timer_ok_(name)) return CUTFalse;
  cutil_timer_[name - 1].running = 1;
  cutil_timer_[name - 1].start = cutil_now_ms_();
  return CUTTrue;
}
static inline CUTBoolean cutStopTimer(unsigned int name) {
  if (!cutil_timer_ok_(name)) return CUTFalse;
  if (cutil_timer_[name - 1].running) {
    cutil_timer_[name - 1].last = cutil_now_ms_() - cutil_timer_[name - 1].start;
    cutil_timer_[name - 1].total += cutil_timer_[name - 1].last;
    cutil_timer_[name - 1].sessions++;
    cutil_timer_[name - 1].running = 0;
  }
  return CUTTrue;
}
static inline CUTBoolean cutResetTimer(unsigned int name) {
  if (!cutil_timer_ok_(name)) return CUTFalse;
  cutil_timer_[name - 1].total = cutil_timer_[name - 1].last = 0;
  cutil_timer_[name - 1].sessions = 0;
  if (cutil_timer_[name - 1].running) cutil_timer_[name - 1].start = cutil_now_ms_();
  return CUTTrue;
}
/* the time so far: the finished sessions, and the running one */
static inline float cutGetTimerValue(unsigned int name) {
  if (!cutil_timer_ok_(name)) return 0.0f;
  double t = cutil_timer_[name - 1].total;
  if (cutil_timer_[name - 1].running) t += cutil_now_ms_() - cutil_timer_[name - 1].start;
  return (float)t;
}
static inline float cutGetAverageTimerValue(unsigned int name) {
  if (!cutil_timer_ok_(name) || !cutil_timer_[name - 1].sessions) return 0.0f;
  return (float)(cutil_timer_[name - 1].total / cutil_timer_[name - 1].sessions);
}

/* ---- the command line: "--flag" and "--name=N" (one or two leading dashes) ---- */
static inline const char *cutil_arg_(int argc, const char **argv, const char *name) {
  size_t n = strlen(name);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (*a != '-') continue;
    a += a[1] == '-' ? 2 : 1;
    if (!strncmp(a, name, n) && (a[n] == '=' || !a[n])) return a + n;
  }
  return NULL;
}
static inline CUTBoolean cutCheckCmdLineFlag(int argc, const char **argv, const char *flag) {
  return cutil_arg_(argc, argv, flag) ? CUTTrue : CUTFalse;
}
static inline CUTBoolean cutGetCmdLineArgumenti(int argc, const char **argv, const char *name, int *value) {
  const char *v = cutil_arg_(argc, argv, name);
  if (!v || *v != '=' || !v[1]) return CUTFalse;
  char *end;
  long x = strtol(v + 1, &end, 10);
  if (*end) return CUTFalse;
  *value = (int)x;
  return CUTTrue;
}

#endif
