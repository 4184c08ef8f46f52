/* tests/test_abi12.c -- CUDA 12's structures as libcudart.so.12 declares them (emu/cudart/abi12.h).
 *
 * Every offset below is written by hand from bindgen's layout assertions for CUDA 12.8's
 * driver_types.h (coreylowman/cudarc, src/runtime/sys/sys_12080.rs at commit
 * a749c6c1bd1bd6d08c0d03cadb63b34585f6c7cc: "Offset of field: cudaDeviceProp::clockRate ... 348"
 * and so on), not from the header under test; the field order is also that of NVIDIA's 12.4
 * driver_types.h (csian98/sian include/cuda/driver_types.h at 58b59cba) and bindgen's 12.0 output
 * (sys_12000.rs at 1406640b).  Before libcudart.so.12 there was no CUDA 12 layout at all.
 */
#define CR_ABI 12
#include "check.h"
#include "../emu/cudart/cuda_abi.h"
#include "../emu/cudart/abi12.h"

#include <stddef.h>
#include <string.h>

#define F(field, off) { #field, offsetof(cr12_device_prop, field), off }
static const struct { const char *name; size_t got, want; } prop12[] = {
  F(name, 0), F(uuid, 256), F(luid, 272), F(luidDeviceNodeMask, 280), F(totalGlobalMem, 288),
  F(sharedMemPerBlock, 296), F(regsPerBlock, 304), F(warpSize, 308), F(memPitch, 312),
  F(maxThreadsPerBlock, 320), F(maxThreadsDim, 324), F(maxGridSize, 336), F(clockRate, 348),
  F(totalConstMem, 352), F(major, 360), F(minor, 364), F(textureAlignment, 368),
  F(texturePitchAlignment, 376), F(deviceOverlap, 384), F(multiProcessorCount, 388),
  F(kernelExecTimeoutEnabled, 392), F(integrated, 396), F(canMapHostMemory, 400), F(computeMode, 404),
  F(maxTexture1D, 408), F(maxTexture1DMipmap, 412), F(maxTexture1DLinear, 416), F(maxTexture2D, 420),
  F(maxTexture2DMipmap, 428), F(maxTexture2DLinear, 436), F(maxTexture2DGather, 448), F(maxTexture3D, 456),
  F(maxTexture3DAlt, 468), F(maxTextureCubemap, 480), F(maxTexture1DLayered, 484), F(maxTexture2DLayered, 492),
  F(maxTextureCubemapLayered, 504), F(maxSurface1D, 512), F(maxSurface2D, 516), F(maxSurface3D, 524),
  F(maxSurface1DLayered, 536), F(maxSurface2DLayered, 544), F(maxSurfaceCubemap, 556),
  F(maxSurfaceCubemapLayered, 560), F(surfaceAlignment, 568), F(concurrentKernels, 576), F(ECCEnabled, 580),
  F(pciBusID, 584), F(pciDeviceID, 588), F(pciDomainID, 592), F(tccDriver, 596), F(asyncEngineCount, 600),
  F(unifiedAddressing, 604), F(memoryClockRate, 608), F(memoryBusWidth, 612), F(l2CacheSize, 616),
  F(persistingL2CacheMaxSize, 620), F(maxThreadsPerMultiProcessor, 624), F(streamPrioritiesSupported, 628),
  F(globalL1CacheSupported, 632), F(localL1CacheSupported, 636), F(sharedMemPerMultiprocessor, 640),
  F(regsPerMultiprocessor, 648), F(managedMemory, 652), F(isMultiGpuBoard, 656), F(multiGpuBoardGroupID, 660),
  F(hostNativeAtomicSupported, 664), F(singleToDoublePrecisionPerfRatio, 668), F(pageableMemoryAccess, 672),
  F(concurrentManagedAccess, 676), F(computePreemptionSupported, 680), F(canUseHostPointerForRegisteredMem, 684),
  F(cooperativeLaunch, 688), F(cooperativeMultiDeviceLaunch, 692), F(sharedMemPerBlockOptin, 696),
  F(pageableMemoryAccessUsesHostPageTables, 704), F(directManagedMemAccessFromHost, 708),
  F(maxBlocksPerMultiProcessor, 712), F(accessPolicyMaxWindowSize, 716), F(reservedSharedMemPerBlock, 720),
  F(hostRegisterSupported, 728), F(sparseCudaArraySupported, 732), F(hostRegisterReadOnlySupported, 736),
  F(timelineSemaphoreInteropSupported, 740), F(memoryPoolsSupported, 744), F(gpuDirectRDMASupported, 748),
  F(gpuDirectRDMAFlushWritesOptions, 752), F(gpuDirectRDMAWritesOrdering, 756),
  F(memoryPoolSupportedHandleTypes, 760), F(deferredMappingCudaArraySupported, 764), F(ipcEventSupported, 768),
  F(clusterLaunch, 772), F(unifiedFunctionPointers, 776), F(reserved, 780),
};
#undef F

int main(void) {
  int bad = 0;
  for (size_t i = 0; i < sizeof prop12 / sizeof *prop12; i++) {
    REQUIRE(prop12[i].got == prop12[i].want, "cudaDeviceProp (CUDA 12) %s at %zu, CUDA 12.8's header says %zu",
            prop12[i].name, prop12[i].got, prop12[i].want);
    bad += prop12[i].got != prop12[i].want;
  }
  CHECK(!bad, "cudaDeviceProp (CUDA 12): the %zu fields at CUDA 12.8's offsets", sizeof prop12 / sizeof *prop12);
  CHECK(sizeof(cr12_device_prop) == 1032, "cudaDeviceProp (CUDA 12) is 1032 bytes (%zu)", sizeof(cr12_device_prop));
  CHECK(sizeof ((cr12_device_prop *)0)->reserved == 63 * sizeof(int), "cudaDeviceProp (CUDA 12) ends in 63 reserved ints");
  /* cudaPointerAttributes: 24 bytes in CUDA 12.8 (type 0, device 4, devicePointer 8, hostPointer 16); CUDA 13 added long reserved[8] */
  CHECK(sizeof(cr_pointer_attr) == 24 && offsetof(cr_pointer_attr, device) == 4 && offsetof(cr_pointer_attr, devicePointer) == 8 &&
        offsetof(cr_pointer_attr, hostPointer) == 16, "cudaPointerAttributes (CUDA 12) is 24 bytes, hostPointer at 16");
  /* cudaFuncAttributes: the same 144 bytes in CUDA 12.8 (reserved at 76) as in 13 */
  CHECK(sizeof(cr_func_attr) == 144 && offsetof(cr_func_attr, maxDynamicSharedSizeBytes) == 44 && offsetof(cr_func_attr, reserved) == 76,
        "cudaFuncAttributes (CUDA 12) is 144 bytes, maxDynamicSharedSizeBytes at 44");
  CHECK(CR_RUNTIME_VERSION == 12080, "the runtime version of libcudart.so.12 is 12080 (%d)", CR_RUNTIME_VERSION);
  return check_failed != 0;
}
