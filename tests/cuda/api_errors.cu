// tests/cuda/api_errors.cu -- CUDA runtime calls given bad arguments (tests/checks/cudart.sh).
//
// `api_errors CASE` makes one case's calls and prints one line: the errors they return, then
// what a good launch and copy after them give ("then 7": no error was left sticky).  Each
// "// expect:" line is a case and the line it must print; the check runs every case in a
// process of its own, so a crash in one cannot hide the others.  The errors are those the CUDA
// runtime API documentation gives (cuda_runtime_api.h, driver_types.h of CUDA 13).
#include <cstdio>
#include <cstring>

__global__ void store(int *o, int v) { o[0] = v; }
__global__ void dynamic(int *o, size_t i) { extern __shared__ char s[]; s[i] = 7; o[0] = s[i]; }   // the last byte asked for
__global__ void with_static(int *o, size_t i) {
  __shared__ char own[1024];
  extern __shared__ char s[];
  own[i % 1024] = 6;
  s[i] = own[i % 1024];
  o[0] = s[i];
}

static const char *name(cudaError_t e) { return cudaGetErrorName(e); }

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: api_errors CASE\n"); return 2; }
  const char *c = argv[1];
  int *d, *d2, host[32] = { 0 };
  if (cudaMalloc(&d, 64) != cudaSuccess || cudaMalloc(&d2, 64) != cudaSuccess) { printf("cudaMalloc failed\n"); return 1; }
  printf("%s: ", c);
  fflush(stdout);   // what a crash leaves

  // cudaMemcpy: "cudaSuccess, cudaErrorInvalidValue, cudaErrorInvalidMemcpyDirection"; a side
  // taken as host memory that is NULL or cudaMalloc's is an invalid value (the docs leave
  // pointers that do not match the kind undefined: an error, never a crash)
  // expect: h2d_null: cudaErrorInvalidValue, then 7
  // expect: d2h_null: cudaErrorInvalidValue, then 7
  // expect: h2h_null: cudaErrorInvalidValue, then 7
  // expect: default_null: cudaErrorInvalidValue, then 7
  // expect: h2d_device_source: cudaErrorInvalidValue, then 7
  // expect: d2h_device_destination: cudaErrorInvalidValue, then 7
  // expect: h2h_device: cudaErrorInvalidValue, then 7
  // expect: default_past_end: cudaErrorInvalidValue, then 7
  // expect: h2d_from_managed: cudaSuccess, then 7
  if (!strcmp(c, "h2d_null")) printf("%s", name(cudaMemcpy(d, NULL, 16, cudaMemcpyHostToDevice)));
  if (!strcmp(c, "d2h_null")) printf("%s", name(cudaMemcpy(NULL, d, 16, cudaMemcpyDeviceToHost)));
  if (!strcmp(c, "h2h_null")) printf("%s", name(cudaMemcpy(host, NULL, 16, cudaMemcpyHostToHost)));
  if (!strcmp(c, "default_null")) printf("%s", name(cudaMemcpy(NULL, d, 16, cudaMemcpyDefault)));
  if (!strcmp(c, "h2d_device_source")) printf("%s", name(cudaMemcpy(d, d2, 16, cudaMemcpyHostToDevice)));
  if (!strcmp(c, "d2h_device_destination")) printf("%s", name(cudaMemcpy(d2, d, 16, cudaMemcpyDeviceToHost)));
  if (!strcmp(c, "h2h_device")) printf("%s", name(cudaMemcpy(d, d2, 16, cudaMemcpyHostToHost)));
  if (!strcmp(c, "default_past_end")) printf("%s", name(cudaMemcpy(d, host, 128, cudaMemcpyDefault)));   // d has 64 bytes
  if (!strcmp(c, "h2d_from_managed")) {   // managed memory is host memory too
    int *m;
    cudaMallocManaged(&m, 64);
    printf("%s", name(cudaMemcpy(d, m, 16, cudaMemcpyHostToDevice)));
  }

  // cudaFuncGetAttributes: nowhere to put them
  // expect: func_attributes_null: cudaErrorInvalidValue, then 7
  if (!strcmp(c, "func_attributes_null")) printf("%s", name(cudaFuncGetAttributes(NULL, store)));

  // Streams and events: a handle destroyed, or NULL for an event, is "not valid"
  // (cudaErrorInvalidResourceHandle), even once others are made; the NULL stream and the
  // per-process ones are streams.  cudaEventElapsedTime without a place for the time:
  // cudaErrorInvalidValue.
  // expect: event_destroy_twice: cudaErrorInvalidResourceHandle, then 7
  // expect: event_destroyed_then_made: destroy cudaErrorInvalidResourceHandle, the new one records cudaSuccess, then 7
  // expect: event_destroyed_used: record cudaErrorInvalidResourceHandle, query cudaErrorInvalidResourceHandle, synchronize cudaErrorInvalidResourceHandle, elapsed cudaErrorInvalidResourceHandle, wait cudaErrorInvalidResourceHandle, then 7
  // expect: event_null: destroy cudaErrorInvalidResourceHandle, record cudaErrorInvalidResourceHandle, query cudaErrorInvalidResourceHandle, then 7
  // expect: elapsed_null: cudaErrorInvalidValue, then 7
  // expect: stream_destroy_twice: cudaErrorInvalidResourceHandle, then 7
  // expect: stream_destroyed_used: synchronize cudaErrorInvalidResourceHandle, query cudaErrorInvalidResourceHandle, record in it cudaErrorInvalidResourceHandle, then 7
  // expect: streams_builtin: cudaSuccess cudaSuccess cudaSuccess cudaSuccess, then 7
  cudaEvent_t ev, ev2;
  cudaStream_t s;
  float ms;
  if (!strcmp(c, "event_destroy_twice")) {
    cudaEventCreate(&ev);
    cudaEventDestroy(ev);
    printf("%s", name(cudaEventDestroy(ev)));
  }
  if (!strcmp(c, "event_destroyed_then_made")) {
    cudaEventCreate(&ev);
    cudaEventDestroy(ev);
    cudaEventCreate(&ev2);   // may take the place the first had
    printf("destroy %s, ", name(cudaEventDestroy(ev)));
    printf("the new one records %s", name(cudaEventRecord(ev2)));
  }
  if (!strcmp(c, "event_destroyed_used")) {
    cudaEventCreate(&ev);
    cudaEventCreate(&ev2);
    cudaEventRecord(ev);
    cudaEventRecord(ev2);
    cudaEventDestroy(ev);
    printf("record %s, ", name(cudaEventRecord(ev)));
    printf("query %s, ", name(cudaEventQuery(ev)));
    printf("synchronize %s, ", name(cudaEventSynchronize(ev)));
    printf("elapsed %s, ", name(cudaEventElapsedTime(&ms, ev, ev2)));
    printf("wait %s", name(cudaStreamWaitEvent(0, ev, 0)));
  }
  if (!strcmp(c, "event_null")) {
    printf("destroy %s, ", name(cudaEventDestroy(NULL)));
    printf("record %s, ", name(cudaEventRecord(NULL)));
    printf("query %s", name(cudaEventQuery(NULL)));
  }
  if (!strcmp(c, "elapsed_null")) {
    cudaEventCreate(&ev);
    cudaEventCreate(&ev2);
    cudaEventRecord(ev);
    cudaEventRecord(ev2);
    printf("%s", name(cudaEventElapsedTime(NULL, ev, ev2)));
  }
  if (!strcmp(c, "stream_destroy_twice")) {
    cudaStreamCreate(&s);
    cudaStreamDestroy(s);
    printf("%s", name(cudaStreamDestroy(s)));
  }
  if (!strcmp(c, "stream_destroyed_used")) {
    cudaStreamCreate(&s);
    cudaEventCreate(&ev);
    cudaStreamDestroy(s);
    printf("synchronize %s, ", name(cudaStreamSynchronize(s)));
    printf("query %s, ", name(cudaStreamQuery(s)));
    printf("record in it %s", name(cudaEventRecord(ev, s)));
  }
  if (!strcmp(c, "streams_builtin")) {
    cudaEventCreate(&ev);
    printf("%s %s %s %s", name(cudaStreamSynchronize(0)), name(cudaStreamSynchronize(cudaStreamLegacy)),
           name(cudaStreamQuery(cudaStreamPerThread)), name(cudaEventRecord(ev, cudaStreamLegacy)));
  }

  // cudaMallocPitch: "at least width * height bytes"; a width or size past size_t cannot be had
  // (cudaErrorMemoryAllocation), where rounding or multiplying wrapped to a small allocation
  // expect: pitch_2p54_rows: cudaErrorMemoryAllocation, then 7
  // expect: pitch_widest: cudaErrorMemoryAllocation, then 7
  // expect: pitch_size_wraps: cudaErrorMemoryAllocation, then 7
  void *p;
  size_t pitch;
  if (!strcmp(c, "pitch_2p54_rows")) printf("%s", name(cudaMallocPitch(&p, &pitch, (size_t)1 << 54, 1024)));
  if (!strcmp(c, "pitch_widest")) printf("%s", name(cudaMallocPitch(&p, &pitch, (size_t)-1, 1)));
  if (!strcmp(c, "pitch_size_wraps")) printf("%s", name(cudaMallocPitch(&p, &pitch, 512, ((size_t)-1 / 512) + 2)));   // 512 bytes, wrapped

  // cudaMalloc: "cudaErrorMemoryAllocation: the API call failed because it was unable to allocate
  // enough memory".  The device reports totalGlobalMem = 16 GiB, and allocations together get no
  // more (each takes its bytes rounded up to 256 and a 256-byte gap, so 15 of 1 GiB fit, not 16;
  // fewer on a host with less memory).  cudaMemGetInfo's free is what is left, its total the
  // device's; a freed allocation's memory is free again.  (awemu gave 30 of 1 GiB, and 17 GiB at
  // once: touched, they brought the out-of-memory killer.)
  // expect: malloc_past_total: 17 GiB cudaErrorMemoryAllocation, 1 GiB each: at most 15 then cudaErrorMemoryAllocation, free below 1 GiB, total 17179869184, all freed: free as before, then 7
  if (!strcmp(c, "malloc_past_total")) {
    const size_t gib = (size_t)1 << 30;
    size_t free0 = 0, free1 = 0, free2 = 0, total = 0;
    void *big = NULL, *each[30];
    int n = 0;
    cudaMemGetInfo(&free0, &total);
    printf("17 GiB %s, ", name(cudaMalloc(&big, 17 * gib)));
    cudaError_t e = cudaSuccess;
    while (n < 30 && (e = cudaMalloc(&each[n], gib)) == cudaSuccess) n++;
    printf("1 GiB each: %s then %s, ", n >= 1 && n <= 15 ? "at most 15" : "more than 15", name(e));
    cudaMemGetInfo(&free1, &total);
    printf("free %s 1 GiB, total %zu, ", free1 < gib ? "below" : "not below", total);
    for (int i = 0; i < n; i++) cudaFree(each[i]);
    cudaMemGetInfo(&free2, &total);
    printf("all freed: free %s", free2 == free0 ? "as before" : "not as before");
  }

  // Launches: "requesting resources that can never be satisfied by the current device ...
  // too many threads or blocks" is cudaErrorInvalidConfiguration (driver_types.h), returned by
  // the launch and not sticky; maxGridSize[0] is 2^31 - 1
  // expect: grid_x_2p31: launch cudaErrorInvalidConfiguration, synchronize cudaSuccess, then 7
  if (!strcmp(c, "grid_x_2p31")) {
    store<<<dim3(0x80000000u), 1>>>(d, 1);
    printf("launch %s, ", name(cudaGetLastError()));
    printf("synchronize %s", name(cudaDeviceSynchronize()));
  }
  // Dynamic shared memory: "any launch must have a dynamic shared memory size smaller than"
  // cudaFuncAttributes.maxDynamicSharedSizeBytes, sharedMemPerBlock (32 KiB, caba-gtx480's SM)
  // less the kernel's static shared memory unless cudaFuncSetAttribute set it; setting it past
  // sharedMemPerBlockOptin is cudaErrorInvalidValue.  More than 2^32 bytes is no less too many.
  // expect: shared_2p32: launch cudaErrorInvalidConfiguration, synchronize cudaSuccess, then 7
  // expect: shared_64k: launch cudaErrorInvalidConfiguration, synchronize cudaSuccess, then 7
  // expect: shared_limit: sharedMemPerBlock 32768, most 32768, at it cudaSuccess 7, one more cudaErrorInvalidConfiguration, then 7
  // expect: shared_limit_static: static 1024, most 31744, at it cudaSuccess 6, one more cudaErrorInvalidConfiguration, then 7
  // expect: shared_attribute: past optin cudaErrorInvalidValue, 64 cudaSuccess, most 64, at it cudaSuccess 7, one more cudaErrorInvalidConfiguration, then 7
  if (!strcmp(c, "shared_2p32") || !strcmp(c, "shared_64k")) {
    if (!strcmp(c, "shared_2p32")) dynamic<<<1, 1, ((size_t)1 << 32) + 16>>>(d, 8);   // 16 bytes, cut to 32 bits
    else dynamic<<<1, 1, 64 * 1024>>>(d, 60000);
    printf("launch %s, ", name(cudaGetLastError()));
    printf("synchronize %s", name(cudaDeviceSynchronize()));
  }
  if (!strcmp(c, "shared_limit") || !strcmp(c, "shared_limit_static") || !strcmp(c, "shared_attribute")) {
    const void *k = !strcmp(c, "shared_limit_static") ? (const void *)with_static : (const void *)dynamic;
    cudaFuncAttributes a;
    int per_block, optin;
    cudaDeviceGetAttribute(&per_block, cudaDevAttrMaxSharedMemoryPerBlock, 0);
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
    if (!strcmp(c, "shared_limit")) printf("sharedMemPerBlock %d, ", per_block);
    if (!strcmp(c, "shared_attribute")) {
      printf("past optin %s, ", name(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1)));
      printf("64 %s, ", name(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64)));
    }
    cudaFuncGetAttributes(&a, k);
    if (!strcmp(c, "shared_limit_static")) printf("static %zu, ", a.sharedSizeBytes);
    size_t most = (size_t)a.maxDynamicSharedSizeBytes, i = most - 1;
    printf("most %zu, ", most);
    void *args[] = { &d, &i };
    printf("at it %s ", name(cudaLaunchKernel(k, 1, 1, args, most, 0)));
    int got = 0;
    cudaMemcpy(&got, d, sizeof got, cudaMemcpyDeviceToHost);
    printf("%d, ", got);
    printf("one more %s", name(cudaLaunchKernel(k, 1, 1, args, most + 1, 0)));
  }

  // CUDA arrays and texture objects (cudaMallocArray, cudaMemcpy2DToArray, cudaFreeArray,
  // cudaCreateTextureObject, cudaDestroyTextureObject: "cudaErrorInvalidValue" for bad arguments,
  // "cudaErrorInvalidMemcpyDirection" for a copy's kind).  Before, every one returned
  // cudaErrorNotSupported.
  // expect: array_null: cudaErrorInvalidValue, then 7
  // expect: array_three_channels: cudaErrorInvalidValue, then 7
  // expect: array_mixed_bits: cudaErrorInvalidValue, then 7
  // expect: array_zero_width: cudaErrorInvalidValue, then 7
  // expect: array_copy_past: cudaErrorInvalidValue cudaErrorInvalidValue, then 7
  // expect: array_copy_kind: cudaErrorInvalidMemcpyDirection cudaErrorInvalidMemcpyDirection, then 7
  // expect: array_copy_pitch: cudaErrorInvalidPitchValue, then 7
  // expect: array_free_twice: cudaSuccess cudaErrorInvalidValue, then 7
  // expect: array_not_one: cudaErrorInvalidValue cudaErrorInvalidValue, then 7
  // expect: texture_null: cudaErrorInvalidValue cudaErrorInvalidValue cudaErrorInvalidValue, then 7
  // expect: texture_bad_array: cudaErrorInvalidValue, then 7
  // expect: texture_bad_mode: cudaErrorInvalidValue cudaErrorInvalidValue, then 7
  // expect: texture_linear_int: cudaErrorInvalidValue, then 7
  // expect: texture_past_allocation: cudaErrorInvalidValue, then 7
  // expect: texture_destroy_twice: cudaSuccess cudaErrorInvalidValue, then 7
  if (!strncmp(c, "array_", 6) || !strncmp(c, "texture_", 8)) {
    cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>(), i1 = cudaCreateChannelDesc<int>();
    cudaChannelFormatDesc f3 = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    cudaChannelFormatDesc mixed = cudaCreateChannelDesc(32, 16, 0, 0, cudaChannelFormatKindSigned);
    cudaArray_t a = NULL, ai = NULL;
    cudaMallocArray(&a, &f1, 4, 2);
    cudaMallocArray(&ai, &i1, 4, 2);
    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    cudaTextureObject_t t;
    float src[16] = { 0 };
    if (!strcmp(c, "array_null")) printf("%s", name(cudaMallocArray(NULL, &f1, 4, 2)));
    if (!strcmp(c, "array_three_channels")) printf("%s", name(cudaMallocArray(&a, &f3, 4, 2)));
    if (!strcmp(c, "array_mixed_bits")) printf("%s", name(cudaMallocArray(&a, &mixed, 4, 2)));
    if (!strcmp(c, "array_zero_width")) printf("%s", name(cudaMallocArray(&a, &f1, 0, 2)));
    if (!strcmp(c, "array_copy_past")) {   // 4 x 2 floats: a third row, or a row of 5
      printf("%s ", name(cudaMemcpy2DToArray(a, 0, 1, src, 16, 16, 2, cudaMemcpyHostToDevice)));
      printf("%s", name(cudaMemcpy2DFromArray(src, 32, a, 4, 0, 16, 1, cudaMemcpyDeviceToHost)));
    }
    if (!strcmp(c, "array_copy_kind")) {
      printf("%s ", name(cudaMemcpy2DToArray(a, 0, 0, src, 16, 16, 2, cudaMemcpyDeviceToHost)));
      printf("%s", name(cudaMemcpy2DFromArray(src, 16, a, 0, 0, 16, 2, cudaMemcpyHostToDevice)));
    }
    if (!strcmp(c, "array_copy_pitch")) printf("%s", name(cudaMemcpy2DToArray(a, 0, 0, src, 8, 16, 2, cudaMemcpyHostToDevice)));
    if (!strcmp(c, "array_free_twice")) { printf("%s ", name(cudaFreeArray(a))); printf("%s", name(cudaFreeArray(a))); }
    if (!strcmp(c, "array_not_one")) {   // a cudaMalloc pointer is no array
      printf("%s ", name(cudaFreeArray((cudaArray_t)d2)));
      printf("%s", name(cudaMemcpy2DToArray((cudaArray_t)d2, 0, 0, src, 16, 16, 1, cudaMemcpyHostToDevice)));
    }
    if (!strcmp(c, "texture_null")) {
      printf("%s ", name(cudaCreateTextureObject(NULL, &res, &td, NULL)));
      printf("%s ", name(cudaCreateTextureObject(&t, NULL, &td, NULL)));
      printf("%s", name(cudaCreateTextureObject(&t, &res, NULL, NULL)));
    }
    if (!strcmp(c, "texture_bad_array")) { res.res.array.array = (cudaArray_t)d2; printf("%s", name(cudaCreateTextureObject(&t, &res, &td, NULL))); }
    if (!strcmp(c, "texture_bad_mode")) {
      td.addressMode[0] = (cudaTextureAddressMode)7;
      printf("%s ", name(cudaCreateTextureObject(&t, &res, &td, NULL)));
      td.addressMode[0] = cudaAddressModeClamp;
      td.filterMode = (cudaTextureFilterMode)2;
      printf("%s", name(cudaCreateTextureObject(&t, &res, &td, NULL)));
    }
    if (!strcmp(c, "texture_linear_int")) {   // linear filtering needs floating-point results
      res.res.array.array = ai;
      td.filterMode = cudaFilterModeLinear;
      printf("%s", name(cudaCreateTextureObject(&t, &res, &td, NULL)));
    }
    if (!strcmp(c, "texture_past_allocation")) {   // pitched memory of 64 bytes as 4 rows of 32
      res.resType = cudaResourceTypePitch2D;
      res.res.pitch2D.devPtr = d2;
      res.res.pitch2D.desc = f1;
      res.res.pitch2D.width = 8;
      res.res.pitch2D.height = 4;
      res.res.pitch2D.pitchInBytes = 32;
      printf("%s", name(cudaCreateTextureObject(&t, &res, &td, NULL)));
    }
    if (!strcmp(c, "texture_destroy_twice")) {
      cudaCreateTextureObject(&t, &res, &td, NULL);
      printf("%s ", name(cudaDestroyTextureObject(t)));
      printf("%s", name(cudaDestroyTextureObject(t)));
    }
  }

  fflush(stdout);
  store<<<1, 1>>>(d, 7);
  int h = 0;
  cudaError_t e = cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) printf(", then %s\n", name(e));
  else printf(", then %d\n", h);
  return 0;
}
