/* emu/cudart/cuda_abi.h -- the binary interface of CUDA 13's runtime, as nvcc-built programs call it.
 *
 * Our own declarations of what crosses the boundary between a program and
 * libcudart.so.13: enumerated values, and the layout of the structures the
 * program reads (cudaDeviceProp, cudaFuncAttributes, cudaPointerAttributes).
 * The values and field orders are facts of the CUDA 13 headers; the sizes
 * and offsets checked below were measured by compiling against them
 * (nvcc 13.0, x86_64: sizeof(cudaDeviceProp) 1008, offsetof multiProcessorCount
 * 384, major 360, l2CacheSize 596, maxThreadsPerMultiProcessor 604,
 * sharedMemPerMultiprocessor 624, regsPerMultiprocessor 632,
 * sharedMemPerBlockOptin 672, maxBlocksPerMultiProcessor 688, reserved 784;
 * sizeof(cudaFuncAttributes) 144).  libcudart.so.12 is built from the same code
 * with CR_ABI=12: the structures that differ in CUDA 12 are chosen here by
 * CR_ABI (cudaPointerAttributes) or are in abi12.h (cudaDeviceProp).
 */
#ifndef AWEMU_CUDA_ABI_H
#define AWEMU_CUDA_ABI_H

#include <stddef.h>
#include <stdint.h>

/* The CUDA major version whose interface is built: 13 (libcudart.so.13), or 12 (the
 * Makefile's -DCR_ABI=12 for libcudart.so.12). */
#ifndef CR_ABI
#define CR_ABI 13
#endif
#if CR_ABI == 12
#define CR_RUNTIME_VERSION 12080   /* cudaRuntimeGetVersion, cudaDriverGetVersion: 12.8, the newest 12.x whose layout was checked offset by offset (abi12.h) */
#else
#define CR_RUNTIME_VERSION 13000
#endif

typedef int cr_err;   /* cudaError_t */
enum {
  CR_SUCCESS = 0, CR_INVALID_VALUE = 1, CR_MEMORY_ALLOCATION = 2, CR_INITIALIZATION = 3,
  CR_INVALID_CONFIGURATION = 9, CR_INVALID_PITCH = 12, CR_INVALID_SYMBOL = 13,
  CR_INVALID_DEVICE_POINTER = 17, CR_INVALID_MEMCPY_DIRECTION = 21, CR_MISSING_CONFIGURATION = 52,
  CR_INVALID_DEVICE_FUNCTION = 98, CR_NO_DEVICE = 100, CR_INVALID_DEVICE = 101,
  CR_NO_KERNEL_IMAGE = 209, CR_INVALID_PTX = 218, CR_INVALID_RESOURCE_HANDLE = 400,
  CR_SYMBOL_NOT_FOUND = 500, CR_NOT_READY = 600, CR_LAUNCH_OUT_OF_RESOURCES = 701,
  CR_LAUNCH_TIMEOUT = 702, CR_LAUNCH_FAILURE = 719, CR_NOT_SUPPORTED = 801, CR_UNKNOWN = 999
};

typedef struct { unsigned x, y, z; } cr_dim3;   /* dim3 */

enum { CR_H2H = 0, CR_H2D = 1, CR_D2H = 2, CR_D2D = 3, CR_DEFAULT = 4 };   /* cudaMemcpyKind */

typedef struct {   /* cudaDeviceProp (CUDA 13) */
  char name[256];
  unsigned char uuid[16];
  char luid[8];
  unsigned luidDeviceNodeMask;
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize;
  size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
  size_t totalConstMem;
  int major, minor;
  size_t textureAlignment, texturePitchAlignment;
  int multiProcessorCount, integrated, canMapHostMemory;
  int maxTexture1D, maxTexture1DMipmap, maxTexture2D[2], maxTexture2DMipmap[2], maxTexture2DLinear[3];
  int maxTexture2DGather[2], maxTexture3D[3], maxTexture3DAlt[3], maxTextureCubemap, maxTexture1DLayered[2];
  int maxTexture2DLayered[3], maxTextureCubemapLayered[2], maxSurface1D, maxSurface2D[2], maxSurface3D[3];
  int maxSurface1DLayered[2], maxSurface2DLayered[3], maxSurfaceCubemap, maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver, asyncEngineCount;
  int unifiedAddressing, memoryBusWidth, l2CacheSize, persistingL2CacheMaxSize, maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported, globalL1CacheSupported, localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor, managedMemory, isMultiGpuBoard, multiGpuBoardGroupID, hostNativeAtomicSupported;
  int pageableMemoryAccess, concurrentManagedAccess, computePreemptionSupported, canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost, maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported, sparseCudaArraySupported, hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported, memoryPoolsSupported, gpuDirectRDMASupported;
  unsigned gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported, ipcEventSupported, clusterLaunch, unifiedFunctionPointers;
  int deviceNumaConfig, deviceNumaId, mpsEnabled, hostNumaId;
  unsigned gpuPciDeviceID, gpuPciSubsystemID;
  int hostNumaMultinodeIpcSupported;
  int reserved[56];
} cr_device_prop;
_Static_assert(sizeof(cr_device_prop) == 1008, "cudaDeviceProp is 1008 bytes in CUDA 13");
_Static_assert(offsetof(cr_device_prop, major) == 360 && offsetof(cr_device_prop, multiProcessorCount) == 384 &&
               offsetof(cr_device_prop, l2CacheSize) == 596 && offsetof(cr_device_prop, maxThreadsPerMultiProcessor) == 604 &&
               offsetof(cr_device_prop, sharedMemPerMultiprocessor) == 624 && offsetof(cr_device_prop, regsPerMultiprocessor) == 632 &&
               offsetof(cr_device_prop, sharedMemPerBlockOptin) == 672 && offsetof(cr_device_prop, maxBlocksPerMultiProcessor) == 688 &&
               offsetof(cr_device_prop, reserved) == 784, "cudaDeviceProp's layout (CUDA 13)");

typedef struct {   /* cudaFuncAttributes (CUDA 13) */
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes;
  int preferredShmemCarveout, clusterDimMustBeSet, requiredClusterWidth, requiredClusterHeight, requiredClusterDepth;
  int clusterSchedulingPolicyPreference, nonPortableClusterSizeAllowed;
  int reserved[16];
} cr_func_attr;
_Static_assert(sizeof(cr_func_attr) == 144, "cudaFuncAttributes is 144 bytes in CUDA 13");

typedef struct {   /* cudaPointerAttributes */
  int type;        /* cudaMemoryType: 0 unregistered, 1 host, 2 device, 3 managed */
  int device;
  void *devicePointer, *hostPointer;
#if CR_ABI != 12
  long reserved[8];   /* CUDA 13 only: CUDA 12's struct ends at hostPointer (abi12.h) */
#endif
} cr_pointer_attr;
_Static_assert(sizeof(cr_pointer_attr) == (CR_ABI == 12 ? 24 : 88), "cudaPointerAttributes: 24 bytes in CUDA 12, 88 in 13");

/* CUDA arrays and texture objects (CUDA 12 and 13 alike; sizes and offsets measured against
 * nvcc 13.0's headers: cudaChannelFormatDesc 20 bytes, cudaResourceDesc 144 with its union at
 * 8, pitch2D's desc at 16, width 40, height 48, pitchInBytes 56, linear's sizeInBytes 40 and
 * flags 136; cudaTextureDesc 72 with filterMode 12, readMode 16, borderColor 24,
 * normalizedCoords 40). */
typedef struct { int x, y, z, w, f; } cr_channel_desc;   /* f: cudaChannelFormatKind (0 signed, 1 unsigned, 2 float, 3 none) */
typedef struct cr_array cr_array;                        /* cudaArray_t: a handle, never an address */
enum { CR_RES_ARRAY = 0, CR_RES_MIPMAP = 1, CR_RES_LINEAR = 2, CR_RES_PITCH2D = 3 };   /* cudaResourceType */
typedef struct {   /* cudaResourceDesc */
  int resType;
  union {
    struct { cr_array *array; } array;
    struct { void *mipmap; } mipmap;
    struct { void *devPtr; cr_channel_desc desc; size_t sizeInBytes; } linear;
    struct { void *devPtr; cr_channel_desc desc; size_t width, height, pitchInBytes; } pitch2D;
    struct { int reserved[32]; } reserved;
  } res;
  unsigned flags;
} cr_resource_desc;
typedef struct {   /* cudaTextureDesc */
  int addressMode[3], filterMode, readMode, sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned maxAnisotropy;
  int mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization, seamlessCubemap;
} cr_texture_desc;
typedef struct { size_t width, height, depth; } cr_extent;   /* cudaExtent */
_Static_assert(sizeof(cr_channel_desc) == 20 && sizeof(cr_resource_desc) == 144 && offsetof(cr_resource_desc, res) == 8 &&
               offsetof(cr_resource_desc, res.pitch2D.desc) == 16 && offsetof(cr_resource_desc, res.pitch2D.width) == 40 &&
               offsetof(cr_resource_desc, res.pitch2D.pitchInBytes) == 56 && offsetof(cr_resource_desc, res.linear.sizeInBytes) == 40 &&
               offsetof(cr_resource_desc, flags) == 136, "cudaResourceDesc's layout");
_Static_assert(sizeof(cr_texture_desc) == 72 && offsetof(cr_texture_desc, filterMode) == 12 && offsetof(cr_texture_desc, readMode) == 16 &&
               offsetof(cr_texture_desc, borderColor) == 24 && offsetof(cr_texture_desc, normalizedCoords) == 40, "cudaTextureDesc's layout");

enum { CR_FUNC_ATTR_MAX_DYNAMIC_SHARED = 8 };   /* cudaFuncAttributeMaxDynamicSharedMemorySize (cudaFuncAttribute) */

/* cudaDeviceAttr values (the ones answered; others are cudaErrorInvalidValue) */
enum {
  CR_ATTR_MAX_THREADS_PER_BLOCK = 1, CR_ATTR_MAX_BLOCK_DIM_X = 2, CR_ATTR_MAX_BLOCK_DIM_Y = 3, CR_ATTR_MAX_BLOCK_DIM_Z = 4,
  CR_ATTR_MAX_GRID_DIM_X = 5, CR_ATTR_MAX_GRID_DIM_Y = 6, CR_ATTR_MAX_GRID_DIM_Z = 7, CR_ATTR_MAX_SHARED_PER_BLOCK = 8,
  CR_ATTR_TOTAL_CONSTANT = 9, CR_ATTR_WARP_SIZE = 10, CR_ATTR_MAX_PITCH = 11, CR_ATTR_MAX_REGS_PER_BLOCK = 12,
  CR_ATTR_CLOCK_RATE = 13, CR_ATTR_TEXTURE_ALIGNMENT = 14, CR_ATTR_GPU_OVERLAP = 15, CR_ATTR_SM_COUNT = 16,
  CR_ATTR_KERNEL_EXEC_TIMEOUT = 17, CR_ATTR_INTEGRATED = 18, CR_ATTR_CAN_MAP_HOST = 19, CR_ATTR_COMPUTE_MODE = 20,
  CR_ATTR_CONCURRENT_KERNELS = 31, CR_ATTR_ECC = 32, CR_ATTR_MEMORY_CLOCK = 36, CR_ATTR_BUS_WIDTH = 37,
  CR_ATTR_L2_SIZE = 38, CR_ATTR_MAX_THREADS_PER_SM = 39, CR_ATTR_ASYNC_ENGINES = 40, CR_ATTR_UNIFIED_ADDRESSING = 41,
  CR_ATTR_CC_MAJOR = 75, CR_ATTR_CC_MINOR = 76, CR_ATTR_MAX_SHARED_PER_SM = 81, CR_ATTR_MAX_REGS_PER_SM = 82,
  CR_ATTR_MANAGED = 83, CR_ATTR_PAGEABLE = 88, CR_ATTR_CONCURRENT_MANAGED = 89, CR_ATTR_COOPERATIVE = 95,
  CR_ATTR_MAX_SHARED_PER_BLOCK_OPTIN = 97, CR_ATTR_MAX_BLOCKS_PER_SM = 106
};

#endif
