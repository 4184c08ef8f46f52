/* examples/paper/patches/mum_tex.h -- MUMmerGPU 1.0 (ISPASS-2009 MUM) on CUDA 13, included before
 * each of its files (nvcc -include), with mummergpu_kernel.sed.
 *
 * Texture references, which CUDA 12 removed, as texture objects.  The program declares
 * texture<T, 2, cudaReadModeElementType> nodetex, childrentex and reftex; the patch makes each
 * MUM_TEX(T, name): a host-side record of the settings the program makes (name.addressMode[0]
 * = ..., name.filterMode, name.normalized, as it does for a texture reference) and a __constant__
 * texture object, name_obj, that cudaBindTextureToArray(name, array, desc) creates from the
 * array and those settings (the array's own channel format stands for desc, as a texture object
 * takes it) and cudaUnbindTexture(name) destroys.  tex2D(name, x, y) in its kernels fetches
 * through the object, the same point-sampled texel.
 *
 * ulong4: PixelOfNode and PixelOfChildren (common.cu) are unions of four 32-bit fields with a
 * 'ulong4 data' to move them as one texel; their texture arrays are made with 4 x 32-bit
 * channels (cudaCreateChannelDesc(32, 32, 32, 32, ...)), common.cu says "max pixel size is
 * 16 bytes" and suffix-tree.cpp asserts sizeof(PixelOfNode) == 16.  That holds where unsigned long has 32 bits, the hosts MUMmerGPU was written for; on
 * a 64-bit host ulong4 is 32 bytes and the copies to those arrays would overrun them.  So ulong4
 * is uint4 here: the 16-byte texel of the original layout. */
#ifndef MUM_TEX_H
#define MUM_TEX_H
#include <string.h>
#include <cuda_runtime.h>

#define ulong4 uint4

struct mum_texref {
  cudaTextureAddressMode addressMode[3];
  cudaTextureFilterMode filterMode;
  int normalized;
  cudaTextureObject_t obj;
};

static inline cudaError_t mum_make(mum_texref *t, cudaArray *a) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc d;
  memset(&d, 0, sizeof d);
  for (int i = 0; i < 3; i++) d.addressMode[i] = t->addressMode[i];
  d.filterMode = t->filterMode;
  d.readMode = cudaReadModeElementType;
  d.normalizedCoords = t->normalized;
  return cudaCreateTextureObject(&t->obj, &r, &d, NULL);
}

#define MUM_TEX(T, name)                                                     \
  static mum_texref name;                                                    \
  __constant__ cudaTextureObject_t name##_obj;                               \
  static __device__ __forceinline__ T mum_tex2D_##name(float x, float y) {   \
    return tex2D<T>(name##_obj, x, y);                                       \
  }

#define tex2D(name, x, y) mum_tex2D_##name((x), (y))
#define cudaBindTextureToArray(name, a, desc)                                \
  (mum_make(&(name), (a)) != cudaSuccess ? cudaErrorInvalidValue             \
   : cudaMemcpyToSymbol(name##_obj, &(name).obj, sizeof(cudaTextureObject_t)))
/* (unbinding a reference never bound was no error: -C, the CPU run, unloads what it never loaded) */
static inline cudaError_t mum_unbind(mum_texref *t) {
  cudaTextureObject_t o = t->obj;
  t->obj = 0;
  return o ? cudaDestroyTextureObject(o) : cudaSuccess;
}
#define cudaUnbindTexture(name) mum_unbind(&(name))
#define cudaThreadExit cudaDeviceReset

#endif
