/* emu/cudart/cuda12.c -- the entry points only libcudart.so.12 has (abi12.h).
 *
 * Owns: cudaGetDeviceProperties_v2, the name CUDA 12's headers give cudaGetDeviceProperties,
 * which writes CUDA 12's cudaDeviceProp.  Everything else of libcudart.so.12 is cudart.c
 * compiled with CR_ABI=12.  The values come from the one description of the device
 * (cudart.c's cudaGetDeviceProperties and cudaDeviceGetAttribute), copied field by field,
 * so the two libraries cannot disagree about the device; the fields CUDA 13 removed are the
 * attributes CUDA names for them (cudaDevAttrClockRate and so on).
 * It takes no lock of its own: it writes only the caller's struct, from cudart.c's entry points,
 * each of which holds the runtime's lock while it runs.
 * Promises: writes exactly sizeof(cr12_device_prop) = 1032 bytes; errors as
 * cudaGetDeviceProperties's (NULL: cudaErrorInvalidValue, a device other than 0:
 * cudaErrorInvalidDevice, after a fault the sticky error with the properties written).
 */
#include "cuda_abi.h"
#include "abi12.h"

#include <string.h>

#if CR_ABI != 12
#error "cuda12.c is part of libcudart.so.12 only (CR_ABI=12)"
#endif

#define API __attribute__((visibility("default")))

/* cudart.c's (not exported by libcudart.so.12: see libcudart12.map) */
cr_err cudaGetDeviceProperties(cr_device_prop *p, int dev);
cr_err cudaDeviceGetAttribute(int *v, int attr, int dev);
API cr_err cudaGetDeviceProperties_v2(cr12_device_prop *p, int dev);

/* An attribute of device 0, which cudart.c answers for every one asked here. */
static int attribute(int attr) {
  int v = 0;
  (void)cudaDeviceGetAttribute(&v, attr, 0);
  return v;
}

enum {   /* cudaDeviceAttr values of the fields CUDA 13 removed (the same numbers in 12 and 13) */
  ATTR_CLOCK_RATE = 13, ATTR_GPU_OVERLAP = 15, ATTR_KERNEL_EXEC_TIMEOUT = 17, ATTR_COMPUTE_MODE = 20,
  ATTR_MEMORY_CLOCK_RATE = 36
};

API cr_err cudaGetDeviceProperties_v2(cr12_device_prop *p, int dev) {
  cr_device_prop q;
  if (!p || dev != 0) return cudaGetDeviceProperties(p ? &q : NULL, dev);   /* its error, recorded as the last error */
  cr_err rc = cudaGetDeviceProperties(&q, 0);                                  /* fills q, even when it returns a sticky error */
  memset(p, 0, sizeof *p);
  memcpy(p->name, q.name, sizeof p->name);
  memcpy(p->uuid, q.uuid, sizeof p->uuid);
  memcpy(p->luid, q.luid, sizeof p->luid);
  p->luidDeviceNodeMask = q.luidDeviceNodeMask;
  p->totalGlobalMem = q.totalGlobalMem;
  p->sharedMemPerBlock = q.sharedMemPerBlock;
  p->regsPerBlock = q.regsPerBlock;
  p->warpSize = q.warpSize;
  p->memPitch = q.memPitch;
  p->maxThreadsPerBlock = q.maxThreadsPerBlock;
  memcpy(p->maxThreadsDim, q.maxThreadsDim, sizeof p->maxThreadsDim);
  memcpy(p->maxGridSize, q.maxGridSize, sizeof p->maxGridSize);
  p->clockRate = attribute(ATTR_CLOCK_RATE);
  p->totalConstMem = q.totalConstMem;
  p->major = q.major;
  p->minor = q.minor;
  p->textureAlignment = q.textureAlignment;
  p->texturePitchAlignment = q.texturePitchAlignment;
  p->deviceOverlap = attribute(ATTR_GPU_OVERLAP);
  p->multiProcessorCount = q.multiProcessorCount;
  p->kernelExecTimeoutEnabled = attribute(ATTR_KERNEL_EXEC_TIMEOUT);
  p->integrated = q.integrated;
  p->canMapHostMemory = q.canMapHostMemory;
  p->computeMode = attribute(ATTR_COMPUTE_MODE);
  p->maxTexture1D = q.maxTexture1D;
  p->maxTexture1DMipmap = q.maxTexture1DMipmap;   /* maxTexture1DLinear: CUDA 13 has none; textures are not implemented (0) */
  memcpy(p->maxTexture2D, q.maxTexture2D, sizeof p->maxTexture2D);
  memcpy(p->maxTexture2DMipmap, q.maxTexture2DMipmap, sizeof p->maxTexture2DMipmap);
  memcpy(p->maxTexture2DLinear, q.maxTexture2DLinear, sizeof p->maxTexture2DLinear);
  memcpy(p->maxTexture2DGather, q.maxTexture2DGather, sizeof p->maxTexture2DGather);
  memcpy(p->maxTexture3D, q.maxTexture3D, sizeof p->maxTexture3D);
  memcpy(p->maxTexture3DAlt, q.maxTexture3DAlt, sizeof p->maxTexture3DAlt);
  p->maxTextureCubemap = q.maxTextureCubemap;
  memcpy(p->maxTexture1DLayered, q.maxTexture1DLayered, sizeof p->maxTexture1DLayered);
  memcpy(p->maxTexture2DLayered, q.maxTexture2DLayered, sizeof p->maxTexture2DLayered);
  memcpy(p->maxTextureCubemapLayered, q.maxTextureCubemapLayered, sizeof p->maxTextureCubemapLayered);
  p->maxSurface1D = q.maxSurface1D;
  memcpy(p->maxSurface2D, q.maxSurface2D, sizeof p->maxSurface2D);
  memcpy(p->maxSurface3D, q.maxSurface3D, sizeof p->maxSurface3D);
  memcpy(p->maxSurface1DLayered, q.maxSurface1DLayered, sizeof p->maxSurface1DLayered);
  memcpy(p->maxSurface2DLayered, q.maxSurface2DLayered, sizeof p->maxSurface2DLayered);
  p->maxSurfaceCubemap = q.maxSurfaceCubemap;
  memcpy(p->maxSurfaceCubemapLayered, q.maxSurfaceCubemapLayered, sizeof p->maxSurfaceCubemapLayered);
  p->surfaceAlignment = q.surfaceAlignment;
  p->concurrentKernels = q.concurrentKernels;
  p->ECCEnabled = q.ECCEnabled;
  p->pciBusID = q.pciBusID;
  p->pciDeviceID = q.pciDeviceID;
  p->pciDomainID = q.pciDomainID;
  p->tccDriver = q.tccDriver;
  p->asyncEngineCount = q.asyncEngineCount;
  p->unifiedAddressing = q.unifiedAddressing;
  p->memoryClockRate = attribute(ATTR_MEMORY_CLOCK_RATE);
  p->memoryBusWidth = q.memoryBusWidth;
  p->l2CacheSize = q.l2CacheSize;
  p->persistingL2CacheMaxSize = q.persistingL2CacheMaxSize;
  p->maxThreadsPerMultiProcessor = q.maxThreadsPerMultiProcessor;
  p->streamPrioritiesSupported = q.streamPrioritiesSupported;
  p->globalL1CacheSupported = q.globalL1CacheSupported;
  p->localL1CacheSupported = q.localL1CacheSupported;
  p->sharedMemPerMultiprocessor = q.sharedMemPerMultiprocessor;
  p->regsPerMultiprocessor = q.regsPerMultiprocessor;
  p->managedMemory = q.managedMemory;
  p->isMultiGpuBoard = q.isMultiGpuBoard;
  p->multiGpuBoardGroupID = q.multiGpuBoardGroupID;
  p->hostNativeAtomicSupported = q.hostNativeAtomicSupported;
  p->pageableMemoryAccess = q.pageableMemoryAccess;
  p->concurrentManagedAccess = q.concurrentManagedAccess;
  p->computePreemptionSupported = q.computePreemptionSupported;
  p->canUseHostPointerForRegisteredMem = q.canUseHostPointerForRegisteredMem;
  p->cooperativeLaunch = q.cooperativeLaunch;
  p->sharedMemPerBlockOptin = q.sharedMemPerBlockOptin;
  p->pageableMemoryAccessUsesHostPageTables = q.pageableMemoryAccessUsesHostPageTables;
  p->directManagedMemAccessFromHost = q.directManagedMemAccessFromHost;
  p->maxBlocksPerMultiProcessor = q.maxBlocksPerMultiProcessor;
  p->accessPolicyMaxWindowSize = q.accessPolicyMaxWindowSize;
  p->reservedSharedMemPerBlock = q.reservedSharedMemPerBlock;
  p->hostRegisterSupported = q.hostRegisterSupported;
  p->sparseCudaArraySupported = q.sparseCudaArraySupported;
  p->hostRegisterReadOnlySupported = q.hostRegisterReadOnlySupported;
  p->timelineSemaphoreInteropSupported = q.timelineSemaphoreInteropSupported;
  p->memoryPoolsSupported = q.memoryPoolsSupported;
  p->gpuDirectRDMASupported = q.gpuDirectRDMASupported;
  p->gpuDirectRDMAFlushWritesOptions = q.gpuDirectRDMAFlushWritesOptions;
  p->gpuDirectRDMAWritesOrdering = q.gpuDirectRDMAWritesOrdering;
  p->memoryPoolSupportedHandleTypes = q.memoryPoolSupportedHandleTypes;
  p->deferredMappingCudaArraySupported = q.deferredMappingCudaArraySupported;
  p->ipcEventSupported = q.ipcEventSupported;
  p->clusterLaunch = q.clusterLaunch;
  p->unifiedFunctionPointers = q.unifiedFunctionPointers;
  return rc;
}
