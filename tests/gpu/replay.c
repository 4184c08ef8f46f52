/* tests/gpu/replay.c -- runs launches that awemu recorded (awemu run --record DIR) on a real
 * GPU through the CUDA driver API, and compares what the GPU leaves in memory with what awemu
 * left, byte for byte (tests/gpu/README.md).
 *
 *   usage: replay DIR...        (each DIR made by awemu run --record)
 *
 * Each launch starts from its own before.bin, so a difference in one launch does not spread to
 * the next.  Device memory is laid at awemu's own addresses when the driver grants them
 * (cuMemAddressReserve at the recorded address, then cuMemCreate/cuMemMap), so pointers held in
 * memory stay right; otherwise awemu's whole range is one cuMemAlloc'd block elsewhere, every
 * allocation at the same place in it, and the 8-byte parameters that point into the range
 * move with it (pointers stored in memory then do not, and the line says 'relocated').  Module-scope .global/.const variables live in the
 * GPU's module: their recorded bytes are copied in, and read back into the comparison.
 * Prints a line per launch and a summary; exits 0 unless the GPU cannot be used at all.
 * Build: nvcc -O2 -o replay tests/gpu/replay.c -lcuda
 */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include "launch_record.h"
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef launch_record rlaunch;

static CUdevice dev;
static int verbose;   /* REPLAY_VERBOSE set: each step on standard error */
#define STEP(...) do { if (verbose) { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)
static int identical, differ, skipped;

static const char *cu_err(CUresult r) {
  const char *s = NULL;
  cuGetErrorString(r, &s);
  return s ? s : "unknown CUDA error";
}



/* Reads DIR/NNNN/launch; 0, or -1 with a reason in why. */
static int parse_launch(const char *path, rlaunch *L, char *why, size_t cap) {
  int rc = launch_record_read(path, L);
  if (rc == -1) snprintf(why, cap, "cannot read %s", path);
  else if (rc) snprintf(why, cap, "%s: not a launch record", path);
  return rc ? -1 : 0;
}

/* The loaded modules of one record directory, by file name. */
static struct { char name[64]; CUmodule m; int failed; } mods[64];
static int nmods;

static CUmodule get_module(const char *dir, const char *name, char *why, size_t cap) {
  for (int i = 0; i < nmods; i++)
    if (!strcmp(mods[i].name, name)) {
      if (mods[i].failed) snprintf(why, cap, "the GPU did not load %s (above)", name);
      return mods[i].failed ? NULL : mods[i].m;
    }
  if (nmods == 64) { snprintf(why, cap, "too many modules"); return NULL; }
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  size_t len;
  uint8_t *text = read_file(path, &len);
  snprintf(mods[nmods].name, sizeof mods[nmods].name, "%s", name);
  mods[nmods].failed = 1;
  if (!text) { snprintf(why, cap, "cannot read %s", path); nmods++; return NULL; }
  char log[8192] = "";
  CUjit_option opt[2] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
  void *val[2] = { log, (void *)(uintptr_t)sizeof log };
  CUmodule m;
  CUresult r = cuModuleLoadDataEx(&m, text, 2, opt, val);
  free(text);
  nmods++;
  if (r != CUDA_SUCCESS) {
    printf("%s: the GPU's PTX compiler refused it: %s\n%s\n", path, cu_err(r), log);
    snprintf(why, cap, "the GPU did not load %s", name);
    return NULL;
  }
  mods[nmods - 1].m = m;
  mods[nmods - 1].failed = 0;
  return m;
}

/* Order-preserving map of an f32's bits to an integer, for distances in ulps. */
static int64_t f32_ord(uint32_t b) { return b & 0x80000000u ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b; }

/* Describes how allocation i differs; returns 1 when it does. */
static int report_alloc(const rlaunch *L, int i, const uint8_t *want, const uint8_t *got) {
  const ralloc *a = &L->a[i];
  if (!memcmp(want + a->off, got + a->off, a->size)) return 0;
  uint64_t words = (a->size + 3) / 4, ndiff = 0, maxulp = 0;
  int shown = 0;
  char first[512] = "";
  for (uint64_t w = 0; w < words; w++) {
    uint32_t x = 0, y = 0;
    uint64_t n = a->size - 4 * w < 4 ? a->size - 4 * w : 4;
    memcpy(&x, want + a->off + 4 * w, n);
    memcpy(&y, got + a->off + 4 * w, n);
    if (x == y) continue;
    ndiff++;
    int64_t d = f32_ord(x) - f32_ord(y);
    uint64_t u = (uint64_t)(d < 0 ? -d : d);
    if (u > maxulp) maxulp = u;
    if (shown < 3) {
      float fx, fy;
      memcpy(&fx, &x, 4); memcpy(&fy, &y, 4);
      size_t len = strlen(first);
      snprintf(first + len, sizeof first - len, "%s[%" PRIu64 "] awemu 0x%08x (%g) GPU 0x%08x (%g)", shown ? "; " : "", w, x, fx, y, fy);
      shown++;
    }
  }
  printf("    allocation %d (0x%" PRIx64 ", %" PRIu64 " bytes): %" PRIu64 " of %" PRIu64 " words differ, at most %" PRIu64 " f32 ulps: %s\n",
         i, a->addr, a->size, ndiff, words, maxulp, first);
  return 1;
}

/* Runs one recorded launch; prints its line. */
static void replay_one(const char *dir, const char *ldir) {
  static rlaunch L;
  char path[4096], why[512] = "";
  snprintf(path, sizeof path, "%s/%s/launch", dir, ldir);
  if (parse_launch(path, &L, why, sizeof why)) { printf("%s/%s: skipped: %s\n", dir, ldir, why); skipped++; return; }
  snprintf(path, sizeof path, "%s/%s/fault", dir, ldir);
  if (access(path, F_OK) == 0) { printf("%s/%s %s: skipped: it faulted in awemu\n", dir, ldir, L.kernel); skipped++; return; }
  if (!strcmp(L.module, "-")) { printf("%s/%s %s: skipped: loaded from an image, no PTX\n", dir, ldir, L.kernel); skipped++; return; }
  STEP("%s/%s: parsed, %d allocations, %d parameters, %d symbols", dir, ldir, L.na, L.np, L.ns);
  CUmodule m = get_module(dir, L.module, why, sizeof why);
  if (!m) { printf("%s/%s %s: skipped: %s\n", dir, ldir, L.kernel, why); skipped++; return; }
  CUfunction fn;
  CUresult r = cuModuleGetFunction(&fn, m, L.kernel);
  if (r != CUDA_SUCCESS) { printf("%s/%s %s: skipped: no such kernel on the GPU: %s\n", dir, ldir, L.kernel, cu_err(r)); skipped++; return; }
  size_t blen = 0, alen = 0;
  snprintf(path, sizeof path, "%s/%s/before.bin", dir, ldir);
  uint8_t *before = read_file(path, &blen);
  snprintf(path, sizeof path, "%s/%s/after.bin", dir, ldir);
  uint8_t *after = read_file(path, &alen);
  if (!before || !after || blen != L.total || alen != L.total) {
    printf("%s/%s %s: skipped: snapshots missing or of the wrong size\n", dir, ldir, L.kernel);
    free(before); free(after); skipped++; return;
  }
  uint8_t *got = malloc(L.total + 1);
  memcpy(got, before, L.total);

  /* device memory: at awemu's addresses when the driver grants them */
  size_t gran = 0;
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = (int)dev;
  cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  if (!gran) gran = 2u << 20;
  uint64_t lo = UINT64_MAX, hi = 0;
  for (int i = 0; i < L.na; i++) {
    if (L.a[i].addr < lo) lo = L.a[i].addr;
    if (L.a[i].addr + L.a[i].size + 512 > hi) hi = L.a[i].addr + L.a[i].size + 512;
  }
  lo = lo / gran * gran;
  hi = (hi + gran - 1) / gran * gran;
  CUdeviceptr base = 0;
  CUmemGenericAllocationHandle h = 0;
  int identity = 0, relocated = 0;
  static int told;
  CUresult rr = L.na ? cuMemAddressReserve(&base, hi - lo, 0, (CUdeviceptr)lo, 0) : CUDA_SUCCESS;
  if (L.na && !told && (rr != CUDA_SUCCESS || base != lo)) {
    told = 1;
    if (rr != CUDA_SUCCESS) printf("(awemu's addresses 0x%" PRIx64 "-0x%" PRIx64 " not granted: %s; launches are relocated)\n", lo, hi, cu_err(rr));
    else printf("(awemu's addresses 0x%" PRIx64 "-0x%" PRIx64 " not granted: the driver offered 0x%llx; launches are relocated)\n", lo, hi, (unsigned long long)base);
  }
  if (L.na && rr == CUDA_SUCCESS) {
    if (base == lo && cuMemCreate(&h, hi - lo, &prop, 0) == CUDA_SUCCESS) {
      if (cuMemMap(base, hi - lo, 0, h, 0) == CUDA_SUCCESS) {
        CUmemAccessDesc acc;
        memset(&acc, 0, sizeof acc);
        acc.location = prop.location;
        acc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        if (cuMemSetAccess(base, hi - lo, &acc, 1) == CUDA_SUCCESS) identity = 1;
        else cuMemUnmap(base, hi - lo);
      }
      if (!identity) cuMemRelease(h);
    }
    if (!identity) cuMemAddressFree(base, hi - lo);
  }
  int setup_failed = 0;
  CUdeviceptr block = 0;
  if (identity) {
    cuMemsetD8(base, 0, hi - lo);
    for (int i = 0; i < L.na; i++) L.a[i].dev = L.a[i].addr;
  } else if (L.na) {
    /* one block laid out as awemu's range [lo, hi), so every allocation keeps its place
     * relative to the others; the 8-byte parameters that point into it move with it */
    relocated = 1;
    if (cuMemAlloc(&block, hi - lo) != CUDA_SUCCESS) setup_failed = 1;
    else {
      cuMemsetD8(block, 0, hi - lo);
      for (int i = 0; i < L.na; i++) L.a[i].dev = L.a[i].addr - lo + block;
      for (int k = 0; k < L.np; k++) {
        uint64_t v;
        if (L.p[k].size != 8) continue;
        memcpy(&v, L.params + L.p[k].off, 8);
        if (v >= lo && v < hi) { v = v - lo + block; memcpy(L.params + L.p[k].off, &v, 8); }
      }
    }
  }
  for (int i = 0; i < L.na && !setup_failed; i++)
    if (L.a[i].size && cuMemcpyHtoD(L.a[i].dev, before + L.a[i].off, L.a[i].size) != CUDA_SUCCESS) setup_failed = 1;
  /* module-scope variables: the GPU's own, filled with the recorded bytes */
  CUdeviceptr sdev[MAXS];
  for (int k = 0; k < L.ns && !setup_failed; k++) {
    size_t bytes = 0;
    sdev[k] = 0;
    if (cuModuleGetGlobal(&sdev[k], &bytes, m, L.s[k].name) != CUDA_SUCCESS) continue;   /* not in this module's PTX */
    for (int i = 0; i < L.na; i++)
      if (L.s[k].addr >= L.a[i].addr && L.s[k].addr + L.s[k].size <= L.a[i].addr + L.a[i].size && L.s[k].size && L.s[k].size <= bytes)
        cuMemcpyHtoD(sdev[k], before + L.a[i].off + (L.s[k].addr - L.a[i].addr), L.s[k].size);
  }
  if (setup_failed) {
    printf("%s/%s %s: skipped: device memory could not be set up\n", dir, ldir, L.kernel);
    skipped++;
  } else {
    STEP("memory set up (%s)", identity ? "identity" : "relocated");
    void *args[MAXP];
    for (int k = 0; k < L.np; k++) args[k] = L.params + L.p[k].off;
    if (L.shared > 48 * 1024) cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)L.shared);
    r = cuLaunchKernel(fn, L.grid[0], L.grid[1], L.grid[2], L.block[0], L.block[1], L.block[2], L.shared, 0, args, NULL);
    STEP("launched: %s", cu_err(r));
    if (r == CUDA_SUCCESS) r = cuCtxSynchronize();
    STEP("synchronized: %s", cu_err(r));
    if (r != CUDA_SUCCESS) {
      printf("%s/%s %s: the GPU's launch failed: %s\n", dir, ldir, L.kernel, cu_err(r));
      differ++;
      fflush(stdout);
      exit(0);   /* the context is lost after a kernel fault: the driver script runs the next directory */
    }
    for (int i = 0; i < L.na; i++)
      if (L.a[i].size) cuMemcpyDtoH(got + L.a[i].off, L.a[i].dev, L.a[i].size);
    for (int k = 0; k < L.ns; k++) {
      if (!sdev[k]) continue;
      for (int i = 0; i < L.na; i++)
        if (L.s[k].addr >= L.a[i].addr && L.s[k].addr + L.s[k].size <= L.a[i].addr + L.a[i].size && L.s[k].size)
          cuMemcpyDtoH(got + L.a[i].off + (L.s[k].addr - L.a[i].addr), sdev[k], L.s[k].size);
    }
    int nd = 0;
    for (int i = 0; i < L.na; i++) nd += memcmp(after + L.a[i].off, got + L.a[i].off, L.a[i].size) != 0;
    if (!nd) {
      printf("%s/%s %s: identical (%d allocations, %" PRIu64 " bytes%s)\n", dir, ldir, L.kernel, L.na, L.total, relocated ? ", relocated" : "");
      identical++;
    } else {
      printf("%s/%s %s: DIFFERS in %d of %d allocations%s\n", dir, ldir, L.kernel, nd, L.na, relocated ? " (relocated: pointers in memory are not moved)" : "");
      for (int i = 0; i < L.na; i++) report_alloc(&L, i, after, got);
      differ++;
      const char *save = getenv("REPLAY_SAVE");   /* a directory: the GPU's bytes of each launch that differs go there */
      if (save) {
        char sp[4096], tag[4096];
        snprintf(tag, sizeof tag, "%s", dir);
        for (char *c = tag; *c; c++) if (*c == '/') *c = '_';
        snprintf(sp, sizeof sp, "%s/%s_%s.gpu.bin", save, tag, ldir);
        FILE *f = fopen(sp, "wb");
        if (!f || fwrite(got, 1, L.total, f) != L.total) printf("    (cannot write %s)\n", sp);
        if (f) fclose(f);
      }
    }
  }
  if (identity) { cuMemUnmap(base, hi - lo); cuMemRelease(h); cuMemAddressFree(base, hi - lo); }
  else if (block) cuMemFree(block);
  free(before); free(after); free(got);
  fflush(stdout);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: replay DIR...   (directories made by awemu run --record)\n"); return 2; }
  CUcontext ctx;
  verbose = getenv("REPLAY_VERBOSE") != NULL;
  CUresult r = cuInit(0);
  if (r == CUDA_SUCCESS) r = cuDeviceGet(&dev, 0);
  if (r == CUDA_SUCCESS) r = cuCtxCreate(&ctx, NULL, 0, dev);
  if (r != CUDA_SUCCESS) { fprintf(stderr, "replay: no GPU: %s\n", cu_err(r)); return 1; }
  for (int k = 1; k < argc; k++) {
    DIR *d = opendir(argv[k]);
    if (!d) { printf("%s: cannot read\n", argv[k]); continue; }
    char *names[10000];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 10000)
      if (strlen(e->d_name) == 4 && e->d_name[0] >= '0' && e->d_name[0] <= '9') names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    nmods = 0;
    for (int i = 0; i < n; i++) { replay_one(argv[k], names[i]); free(names[i]); }
    for (int i = 0; i < nmods; i++) if (!mods[i].failed) cuModuleUnload(mods[i].m);
  }
  printf("replay: %d launches identical, %d differ, %d skipped\n", identical, differ, skipped);
  return 0;
}
