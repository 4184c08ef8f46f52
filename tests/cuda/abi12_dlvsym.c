/* tests/cuda/abi12_dlvsym.c -- libcudart.so.12 as a CUDA 12 program's loader sees it
 * (tests/checks/cuda12.sh).  Usage: abi12_dlvsym LIBRARY.
 *
 * The entry points are looked up by name and symbol version, as the dynamic linker resolves a
 * CUDA 12 program's cudaMalloc@libcudart.so.12, and the structures are read at the offsets
 * CUDA 12.8's header gives (written here by hand, tests/test_abi12.c names the source), into
 * buffers 64 bytes longer than CUDA 12's structs whose tail must stay untouched.  Prints one
 * line per fact; the check compares them with values derived by hand from caba-gtx480.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef int (*props_fn)(void *, int);
typedef int (*int_fn)(int *);
typedef int (*malloc_fn)(void **, size_t);
typedef int (*attr_fn)(void *, const void *);

static int i32(const unsigned char *p, size_t off) { int v; memcpy(&v, p + off, sizeof v); return v; }
static unsigned long long u64(const unsigned char *p, size_t off) { unsigned long long v; memcpy(&v, p + off, sizeof v); return v; }
/* whether bytes [from, to) still hold 0xa5 */
static int untouched(const unsigned char *p, size_t from, size_t to) {
  for (size_t i = from; i < to; i++) if (p[i] != 0xa5) return 0;
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: abi12_dlvsym LIBRARY\n"); return 2; }
  void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!h) { printf("dlopen: %s\n", dlerror()); return 1; }
  const char *V = "libcudart.so.12";
  props_fn props = (props_fn)dlvsym(h, "cudaGetDeviceProperties_v2", V);
  int_fn runtime = (int_fn)dlvsym(h, "cudaRuntimeGetVersion", V), driver = (int_fn)dlvsym(h, "cudaDriverGetVersion", V);
  malloc_fn mal = (malloc_fn)dlvsym(h, "cudaMalloc", V);
  attr_fn pattr = (attr_fn)dlvsym(h, "cudaPointerGetAttributes", V);
  printf("versioned %s: %s\n", V, props && runtime && driver && mal && pattr ? "yes" : "no");
  /* CUDA 13's cudaGetDeviceProperties (another layout) and CUDA 13's version are not there */
  printf("cudaGetDeviceProperties@%s: %s\n", V, dlvsym(h, "cudaGetDeviceProperties", V) ? "exported" : "absent");
  printf("cudaMalloc@libcudart.so.13: %s\n", dlvsym(h, "cudaMalloc", "libcudart.so.13") ? "exported" : "absent");
  if (!props || !runtime || !driver || !mal || !pattr) return 1;

  unsigned char p[1032 + 64];
  memset(p, 0xa5, sizeof p);
  int e = props(p, 0);
  printf("cudaGetDeviceProperties_v2: %d, bytes past 1032 %s\n", e, untouched(p, 1032, sizeof p) ? "untouched" : "WRITTEN");
  printf("name %.14s\n", (const char *)p);
  printf("totalGlobalMem %llu sharedMemPerBlock %llu warpSize %d maxThreadsPerBlock %d maxGridSize %d\n",
         u64(p, 288), u64(p, 296), i32(p, 308), i32(p, 320), i32(p, 336));
  printf("clockRate %d major %d minor %d deviceOverlap %d multiProcessorCount %d kernelExecTimeoutEnabled %d\n",
         i32(p, 348), i32(p, 360), i32(p, 364), i32(p, 384), i32(p, 388), i32(p, 392));
  printf("canMapHostMemory %d computeMode %d unifiedAddressing %d memoryClockRate %d memoryBusWidth %d l2CacheSize %d\n",
         i32(p, 400), i32(p, 404), i32(p, 604), i32(p, 608), i32(p, 612), i32(p, 616));
  printf("maxThreadsPerMultiProcessor %d sharedMemPerMultiprocessor %llu regsPerMultiprocessor %d managedMemory %d\n",
         i32(p, 624), u64(p, 640), i32(p, 648), i32(p, 652));
  printf("sharedMemPerBlockOptin %llu maxBlocksPerMultiProcessor %d reserved %s\n", u64(p, 696), i32(p, 712),
         i32(p, 780) == 0 && i32(p, 1028) == 0 ? "zero" : "NOT ZERO");
  printf("NULL: %d, device 1: %d\n", props(NULL, 0), props(p, 1));

  int rv = 0, dv = 0;
  runtime(&rv);
  driver(&dv);
  printf("cudaRuntimeGetVersion %d cudaDriverGetVersion %d\n", rv, dv);

  void *d = NULL;
  e = mal(&d, 256);
  unsigned char a[24 + 64];
  memset(a, 0xa5, sizeof a);
  int ea = pattr(a, d);
  void *dp;
  memcpy(&dp, a + 8, sizeof dp);
  printf("cudaPointerGetAttributes: %d %d, type %d, devicePointer %s, bytes past 24 %s\n", e, ea, i32(a, 0),
         dp == d ? "the allocation" : "WRONG", untouched(a, 24, sizeof a) ? "untouched" : "WRITTEN");
  return 0;
}
