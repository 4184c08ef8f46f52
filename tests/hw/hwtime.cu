/* tests/hw/hwtime.cu -- times, on a GPU, the launches awemu recorded of one run script
 * (awemu run --record DIR; emu/core/record.c has the layout): the same kernels from the same PTX,
 * the same grids, blocks, parameters and memory contents (the example's ref.c data).
 *
 *   hwtime REPS DIR SUITE SCRIPT OUT    appends one JSON line per kernel to OUT (tests/hw/README.md;
 *                                       not standard output, where the kernels' printf goes)
 *
 * The script's launches run in order, as in awemu: memory starts as the first launch's
 * before.bin, each launch leaves its results to the next, and where the script itself changed
 * memory between two launches (a fill, a memset, a copy: the next launch's before.bin differs
 * from the last one's after.bin) those bytes are copied in first.  One untimed pass, then REPS
 * passes, each starting from the first launch's bytes with L2 flushed (a read of twice its size:
 * awemu starts with empty caches too); each launch sits between two events.  A module is loaded
 * from DIR/module-K.cubin when there is one (nvcc -cubin of the recorded PTX, tests/hw/run.sh),
 * else the driver compiles DIR/module-K.ptx.  Memory is one block laid out as awemu's address
 * range, the 8-byte parameters that point into it moved with it (as tests/gpu/replay.c does
 * when relocated; no example stores pointers in memory).  Per kernel: the sum over its launches
 * of each launch's median, minimum and maximum microseconds, its registers, and the CTAs per SM
 * of each launch (cuOccupancyMaxActiveBlocksPerMultiprocessor).  A launch that fails ends the
 * directory with a line on standard error and status 1 (the context is lost).
 * Build: nvcc -O2 -arch=sm_90 -o hwtime tests/hw/hwtime.cu -lcuda
 */
#include <cuda.h>
#include "../gpu/launch_record.h"
#include <cuda_runtime.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <algorithm>
#include <string>
#include <vector>

/* a recorded launch (tests/gpu/launch_record.h), and what timing it needs */
struct rlaunch : launch_record {
  uint8_t *before, *after;
  CUfunction fn;
  int module_index;
  std::vector<int> *host_writes;   /* allocations the script changed just before this launch */
  std::vector<double> us;
};

static const char *cu_err(CUresult r) {
  const char *s = NULL;
  cuGetErrorString(r, &s);
  return s ? s : "unknown CUDA error";
}

#define CKD(x, what) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { fprintf(stderr, "hwtime: %s: %s: %s\n", dir, what, cu_err(r_)); exit(1); } } while (0)




static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Reads 'n' float4s: flushes L2 without leaving dirty lines. */
extern "C" __global__ void hw_flush(const float4 *p, size_t n, float *sink) {
  float a = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) a += p[i].x;
  if (a == 1234.5f) sink[0] = a;
}

static const char *dir;
static std::vector<rlaunch *> L;
static struct { std::string name; CUmodule m; } mods[64];
static int nmods;
static uint64_t lo = UINT64_MAX, hi;
static CUdeviceptr block;

/* Copies allocation i of launch k's before.bin to the device (and into the module's copy of
 * any module-scope variable inside it). */
static void put_alloc(rlaunch *l, int i) {
  const ralloc *a = &l->a[i];
  if (!a->size) return;
  CKD(cuMemcpyHtoD(a->addr - lo + block, l->before + a->off, a->size), "copying memory in");
  for (int k = 0; k < l->ns; k++) {
    const rsym *s = &l->s[k];
    if (s->addr < a->addr || s->addr + s->size > a->addr + a->size || !s->size) continue;
    CUdeviceptr g = 0;
    size_t bytes = 0;
    if (cuModuleGetGlobal(&g, &bytes, mods[l->module_index].m, s->name) != CUDA_SUCCESS || bytes < s->size) continue;
    CKD(cuMemcpyHtoD(g, l->before + a->off + (s->addr - a->addr), s->size), "copying a module variable in");
  }
}

static int by_name(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

int main(int argc, char **argv) {
  if (argc != 6 || atoi(argv[1]) < 1) { fprintf(stderr, "usage: hwtime REPS DIR SUITE SCRIPT OUT\n"); return 2; }
  int reps = atoi(argv[1]);
  dir = argv[2];
  const char *suite = argv[3], *script = argv[4];
  if (cudaFree(0) != cudaSuccess) { fprintf(stderr, "hwtime: no GPU\n"); return 1; }   /* the runtime's context, shared with the driver API */

  /* the launches, in order */
  DIR *d = opendir(dir);
  if (!d) { fprintf(stderr, "hwtime: cannot read %s\n", dir); return 2; }
  std::vector<char *> names;
  struct dirent *e;
  while ((e = readdir(d)))
    if (strlen(e->d_name) == 4 && e->d_name[0] >= '0' && e->d_name[0] <= '9') names.push_back(strdup(e->d_name));
  closedir(d);
  qsort(names.data(), names.size(), sizeof(char *), by_name);
  char path[4096];
  for (char *n : names) {
    rlaunch *l = new rlaunch();
    snprintf(path, sizeof path, "%s/%s/launch", dir, n);
    if (launch_record_read(path, l)) { fprintf(stderr, "hwtime: %s: not a launch record\n", path); return 1; }
    snprintf(path, sizeof path, "%s/%s/fault", dir, n);
    if (access(path, F_OK) == 0 || !strcmp(l->module, "-")) { fprintf(stderr, "hwtime: %s/%s: faulted in awemu or has no PTX: not timed\n", dir, n); return 1; }
    size_t blen = 0, alen = 0;
    snprintf(path, sizeof path, "%s/%s/before.bin", dir, n);
    l->before = read_file(path, &blen);
    snprintf(path, sizeof path, "%s/%s/after.bin", dir, n);
    l->after = read_file(path, &alen);
    if (!l->before || !l->after || blen != l->total || alen != l->total) { fprintf(stderr, "hwtime: %s/%s: snapshots missing or short\n", dir, n); return 1; }
    for (int i = 0; i < l->na; i++) {
      if (l->a[i].addr < lo) lo = l->a[i].addr;
      if (l->a[i].addr + l->a[i].size + 512 > hi) hi = l->a[i].addr + l->a[i].size + 512;
    }
    l->host_writes = new std::vector<int>;
    L.push_back(l);
  }
  if (L.empty()) { fprintf(stderr, "hwtime: %s: no launches\n", dir); return 1; }
  if (lo > hi) lo = hi = 0;   /* (no allocation at all) */
  /* what the script changed between launches */
  for (size_t k = 1; k < L.size(); k++)
    for (int i = 0; i < L[k]->na; i++) {
      const ralloc *a = &L[k]->a[i];
      int same = 0;
      for (int j = 0; j < L[k - 1]->na && !same; j++) {
        const ralloc *b = &L[k - 1]->a[j];
        same = b->addr == a->addr && b->size == a->size && !memcmp(L[k - 1]->after + b->off, L[k]->before + a->off, a->size);
      }
      if (!same) L[k]->host_writes->push_back(i);
    }

  /* modules and functions */
  for (rlaunch *l : L) {
    int m = -1;
    for (int i = 0; i < nmods; i++) if (mods[i].name == l->module) m = i;
    if (m < 0) {
      if (nmods == 64) { fprintf(stderr, "hwtime: %s: too many modules\n", dir); return 1; }
      std::string base = std::string(dir) + "/" + l->module;
      std::string cubin = base.substr(0, base.size() - 4) + ".cubin";
      size_t len;
      uint8_t *img = read_file(cubin.c_str(), &len);
      if (!img) img = read_file(base.c_str(), &len);
      if (!img) { fprintf(stderr, "hwtime: cannot read %s\n", base.c_str()); return 1; }
      char log[8192] = "";
      CUjit_option opt[2] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
      void *val[2] = { log, (void *)(uintptr_t)sizeof log };
      CUresult r = cuModuleLoadDataEx(&mods[nmods].m, img, 2, opt, val);
      free(img);
      if (r != CUDA_SUCCESS) { fprintf(stderr, "hwtime: %s: the GPU did not load %s: %s\n%s\n", dir, l->module, cu_err(r), log); return 1; }
      mods[nmods].name = l->module;
      m = nmods++;
    }
    l->module_index = m;
    CKD(cuModuleGetFunction(&l->fn, mods[m].m, l->kernel), l->kernel);
    if (l->shared > 48 * 1024) cuFuncSetAttribute(l->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)l->shared);
  }

  /* memory: awemu's range as one block; pointers among the parameters moved into it */
  if (hi > lo) {
    CKD(cuMemAlloc(&block, hi - lo), "allocating the script's memory");
    CKD(cuMemsetD8(block, 0, hi - lo), "clearing it");
  }
  for (rlaunch *l : L)
    for (int k = 0; k < l->np; k++) {
      uint64_t v;
      if (l->p[k].size != 8) continue;
      memcpy(&v, l->params + l->p[k].off, 8);
      if (v >= lo && v < hi) { v = v - lo + block; memcpy(l->params + l->p[k].off, &v, 8); }
    }
  int l2 = 0;
  cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0);
  size_t fn4 = 2 * (size_t)(l2 > 0 ? l2 : 64 << 20) / sizeof(float4);
  float4 *fbuf;
  float *sink;
  if (cudaMalloc(&fbuf, fn4 * sizeof(float4)) != cudaSuccess || cudaMemset(fbuf, 0, fn4 * sizeof(float4)) != cudaSuccess ||
      cudaMalloc(&sink, 4) != cudaSuccess) { fprintf(stderr, "hwtime: %s: no memory to flush L2 with\n", dir); return 1; }

  CUevent e0, e1;
  CKD(cuEventCreate(&e0, CU_EVENT_DEFAULT), "events");
  CKD(cuEventCreate(&e1, CU_EVENT_DEFAULT), "events");
  for (int rep = -1; rep < reps; rep++) {   /* rep -1: untimed, loads what loads lazily */
    for (int i = 0; i < L[0]->na; i++) put_alloc(L[0], i);
    hw_flush<<<1024, 256>>>(fbuf, fn4, sink);
    CKD(cuCtxSynchronize(), "flushing L2");
    for (rlaunch *l : L) {
      for (int i : *l->host_writes) put_alloc(l, i);
      void *args[MAXP];
      for (int k = 0; k < l->np; k++) args[k] = l->params + l->p[k].off;
      CKD(cuEventRecord(e0, 0), "event");
      CUresult r = cuLaunchKernel(l->fn, l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2], l->shared, 0, args, NULL);
      if (r != CUDA_SUCCESS) { fprintf(stderr, "hwtime: %s: launch of %s failed: %s\n", dir, l->kernel, cu_err(r)); return 1; }
      CKD(cuEventRecord(e1, 0), "event");
      r = cuEventSynchronize(e1);
      if (r != CUDA_SUCCESS) { fprintf(stderr, "hwtime: %s: %s failed on the GPU: %s\n", dir, l->kernel, cu_err(r)); return 1; }
      float ms;
      CKD(cuEventElapsedTime(&ms, e0, e1), "event time");
      if (rep >= 0) l->us.push_back(ms * 1e3);
    }
  }

  /* per kernel, in the order of first launch */
  FILE *out = fopen(argv[5], "a");
  if (!out) { fprintf(stderr, "hwtime: cannot write %s\n", argv[5]); return 2; }
  std::vector<std::string> done;
  for (rlaunch *x : L) {
    if (std::find(done.begin(), done.end(), x->kernel) != done.end()) continue;
    done.push_back(x->kernel);
    double med = 0, mn = 0, mx = 0;
    int n = 0, regs = 0;
    std::string ctas;
    for (rlaunch *l : L) {
      if (strcmp(l->kernel, x->kernel)) continue;
      med += median(l->us);
      mn += *std::min_element(l->us.begin(), l->us.end());
      mx += *std::max_element(l->us.begin(), l->us.end());
      int nb = 0;
      cuOccupancyMaxActiveBlocksPerMultiprocessor(&nb, l->fn, (int)(l->block[0] * l->block[1] * l->block[2]), l->shared);
      ctas += (n ? ", " : "") + std::to_string(nb);
      cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, l->fn);
      n++;
    }
    fprintf(out, "{\"suite\": \"%s\", \"script\": \"%s\", \"kernel\": \"%s\", \"launches\": %d, \"reps\": %d, \"median_us\": %.3f, \"min_us\": %.3f, "
            "\"max_us\": %.3f, \"regs\": %d, \"ctas_per_sm\": [%s]}\n", suite, script, x->kernel, n, reps, med, mn, mx, regs, ctas.c_str());
  }
  return fclose(out) ? 2 : 0;
}
