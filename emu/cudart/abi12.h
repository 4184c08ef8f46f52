/* emu/cudart/abi12.h -- what differs in CUDA 12's runtime binary interface (libcudart.so.12).
 *
 * libcudart.so.12 is built from the same code as libcudart.so.13 (cudart.c compiled with
 * CR_ABI=12, see cuda_abi.h) plus cuda12.c.  Where the two interfaces differ for a call
 * awemu implements:
 *   - cudaDeviceProp: CUDA 12's (below, 1032 bytes) still has clockRate, deviceOverlap,
 *     kernelExecTimeoutEnabled, computeMode, maxTexture1DLinear, memoryClockRate,
 *     singleToDoublePrecisionPerfRatio and cooperativeMultiDeviceLaunch, which CUDA 13
 *     removed, so every later field sits elsewhere.  The 12.x headers rename
 *     cudaGetDeviceProperties to cudaGetDeviceProperties_v2 ("#define cudaGetDeviceProperties
 *     cudaGetDeviceProperties_v2" in cuda_runtime_api.h), so that is the name programs call.
 *   - cudaPointerAttributes: CUDA 12's ends at hostPointer (24 bytes); CUDA 13 added
 *     long reserved[8] (cuda_abi.h).
 *   - the symbol version: libcudart.so.12 (the loader's message for a missing one reads
 *     "undefined symbol: cudaGetDriverEntryPointByVersion, version libcudart.so.12").
 * The layout is the same in every 12.x release: NVIDIA freezes the struct at major.0, new
 * fields take reserved space (12.0 declares reserved[63]; 12.4 spells the same 63 ints
 * reserved2[2], reserved1[1], reserved[60]).
 *
 * Sources (field order and offsets; emu/cudart/README.md lists them too):
 *   coreylowman/cudarc src/runtime/sys/sys_12080.rs @ a749c6c1bd1bd6d08c0d03cadb63b34585f6c7cc
 *     bindgen's output for CUDA 12.8 with its layout assertions: every offset below, size 1032,
 *     cudaPointerAttributes 24 bytes, cudaFuncAttributes 144 (as in CUDA 13)
 *   coreylowman/cudarc src/runtime/sys/sys_12000.rs @ 1406640baec6049f63ad6b9f34cda08321527116
 *     the same field order for CUDA 12.0 (reserved[63]), cudaPointerAttributes without reserved
 *   csian98/sian include/cuda/driver_types.h @ 58b59cba8b83e9327eb67e8c3b3acfcc17236fb2
 *     NVIDIA's CUDA 12.4 header (its cuda_runtime_api.h @ efeb0500b3edda86f03d25a9b7fa0c12272d1fb7
 *     says CUDART_VERSION 12040 and holds the _v2 define)
 */
#ifndef AWEMU_ABI12_H
#define AWEMU_ABI12_H

#include <stddef.h>

typedef struct {   /* cudaDeviceProp (CUDA 12.x); offsets in the comments */
  char name[256];                                        /*   0 */
  unsigned char uuid[16];                                /* 256 */
  char luid[8];                                          /* 272 */
  unsigned luidDeviceNodeMask;                           /* 280 */
  size_t totalGlobalMem, sharedMemPerBlock;              /* 288 296 */
  int regsPerBlock, warpSize;                            /* 304 308 */
  size_t memPitch;                                       /* 312 */
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];   /* 320 324 336 */
  int clockRate;                                         /* 348: kHz (CUDA 13: removed) */
  size_t totalConstMem;                                  /* 352 */
  int major, minor;                                      /* 360 364 */
  size_t textureAlignment, texturePitchAlignment;        /* 368 376 */
  int deviceOverlap;                                     /* 384 (removed in 13) */
  int multiProcessorCount;                               /* 388 */
  int kernelExecTimeoutEnabled;                          /* 392 (removed in 13) */
  int integrated, canMapHostMemory;                      /* 396 400 */
  int computeMode;                                       /* 404 (removed in 13) */
  int maxTexture1D, maxTexture1DMipmap;                  /* 408 412 */
  int maxTexture1DLinear;                                /* 416 (removed in 13) */
  int maxTexture2D[2], maxTexture2DMipmap[2], maxTexture2DLinear[3];   /* 420 428 436 */
  int maxTexture2DGather[2], maxTexture3D[3], maxTexture3DAlt[3];       /* 448 456 468 */
  int maxTextureCubemap, maxTexture1DLayered[2], maxTexture2DLayered[3]; /* 480 484 492 */
  int maxTextureCubemapLayered[2], maxSurface1D, maxSurface2D[2];       /* 504 512 516 */
  int maxSurface3D[3], maxSurface1DLayered[2], maxSurface2DLayered[3];  /* 524 536 544 */
  int maxSurfaceCubemap, maxSurfaceCubemapLayered[2];    /* 556 560 */
  size_t surfaceAlignment;                               /* 568 */
  int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver;   /* 576 .. 596 */
  int asyncEngineCount, unifiedAddressing;               /* 600 604 */
  int memoryClockRate;                                   /* 608: kHz (removed in 13) */
  int memoryBusWidth, l2CacheSize, persistingL2CacheMaxSize, maxThreadsPerMultiProcessor;   /* 612 616 620 624 */
  int streamPrioritiesSupported, globalL1CacheSupported, localL1CacheSupported;   /* 628 632 636 */
  size_t sharedMemPerMultiprocessor;                     /* 640 */
  int regsPerMultiprocessor, managedMemory, isMultiGpuBoard, multiGpuBoardGroupID;   /* 648 652 656 660 */
  int hostNativeAtomicSupported;                         /* 664 */
  int singleToDoublePrecisionPerfRatio;                  /* 668 (removed in 13) */
  int pageableMemoryAccess, concurrentManagedAccess, computePreemptionSupported;   /* 672 676 680 */
  int canUseHostPointerForRegisteredMem, cooperativeLaunch;   /* 684 688 */
  int cooperativeMultiDeviceLaunch;                      /* 692 (removed in 13) */
  size_t sharedMemPerBlockOptin;                         /* 696 */
  int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost;   /* 704 708 */
  int maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize;   /* 712 716 */
  size_t reservedSharedMemPerBlock;                      /* 720 */
  int hostRegisterSupported, sparseCudaArraySupported, hostRegisterReadOnlySupported;   /* 728 732 736 */
  int timelineSemaphoreInteropSupported, memoryPoolsSupported, gpuDirectRDMASupported;  /* 740 744 748 */
  unsigned gpuDirectRDMAFlushWritesOptions;              /* 752 */
  int gpuDirectRDMAWritesOrdering;                       /* 756 */
  unsigned memoryPoolSupportedHandleTypes;               /* 760 */
  int deferredMappingCudaArraySupported, ipcEventSupported, clusterLaunch, unifiedFunctionPointers;   /* 764 768 772 776 */
  int reserved[63];                                      /* 780 */
} cr12_device_prop;
_Static_assert(sizeof(cr12_device_prop) == 1032, "cudaDeviceProp is 1032 bytes in CUDA 12");
_Static_assert(offsetof(cr12_device_prop, clockRate) == 348 && offsetof(cr12_device_prop, multiProcessorCount) == 388 &&
               offsetof(cr12_device_prop, memoryClockRate) == 608 && offsetof(cr12_device_prop, sharedMemPerMultiprocessor) == 640 &&
               offsetof(cr12_device_prop, sharedMemPerBlockOptin) == 696 && offsetof(cr12_device_prop, maxBlocksPerMultiProcessor) == 712 &&
               offsetof(cr12_device_prop, reserved) == 780, "cudaDeviceProp's layout (CUDA 12)");

#endif
