// asyncmm: what cuda_pipeline.h, cuda::pipeline and cuda::barrier compile to -- cp.async with
// its groups, and the mbarrier objects cuda::pipeline and cuda::barrier keep in shared memory.
//   mm_pipe:   C = A x B (n x n, n not a multiple of the tile), 16 x 16 tiles double-buffered
//              with __pipeline_memcpy_async (cp.async.ca 4 bytes; the edge tiles zero-filled
//              by a source size of 0), __pipeline_commit and __pipeline_wait_prior(1)
//   pipe_copy: out = 2 * in + 1 on float4 chunks staged through a 2-stage cuda::pipeline
//              (cp.async.cg 16 bytes, cp.async.mbarrier.arrive, mbarrier.arrive / test_wait)
//   bar_rev:   each block's 256 floats reversed through shared memory, loaded with
//              cuda::memcpy_async under a cuda::barrier (init, arrive_and_wait)
// Built for sm_80 and sm_90 (nvccflags, archs): sm_90 waits with mbarrier.try_wait.  The
// kernels carry the architecture in their names, so one run script launches both builds.
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// the shared pipeline state and barrier are initialized by make_pipeline and init(), as the
// CUDA Programming Guide's examples do; nvcc warns about their constructors all the same
#pragma nv_diag_suppress 20054

#if __CUDA_ARCH__ >= 900
#define KN(name) name##_sm90
#else
#define KN(name) name##_sm80
#endif
#define T 16

extern "C" __global__ void KN(mm_pipe)(const float *A, const float *B, float *C, int n) {
  __shared__ float As[2][T][T], Bs[2][T][T];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  int nt = (n + T - 1) / T;
  float acc = 0.0f;
  for (int t = 0; t <= nt; t++) {
    if (t < nt) {   // stage tile t while tile t - 1 is used
      int s = t & 1, ac = t * T + tx, br = t * T + ty;
      bool ain = row < n && ac < n, bin = br < n && col < n;
      __pipeline_memcpy_async(&As[s][ty][tx], ain ? &A[row * n + ac] : A, 4, ain ? 0 : 4);
      __pipeline_memcpy_async(&Bs[s][ty][tx], bin ? &B[br * n + col] : B, 4, bin ? 0 : 4);
    }
    __pipeline_commit();
    if (t == 0) continue;
    __pipeline_wait_prior(1);
    __syncthreads();
    int s = (t - 1) & 1;
    for (int k = 0; k < T; k++) acc = fmaf(As[s][ty][k], Bs[s][k][tx], acc);
    __syncthreads();
  }
  if (row < n && col < n) C[row * n + col] = acc;
}

extern "C" __global__ void KN(pipe_copy)(const float4 *in, float4 *out, int chunks) {
  __shared__ float4 buf[2][128];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const float4 *src = in + (size_t)blockIdx.x * chunks * 128;
  float4 *dst = out + (size_t)blockIdx.x * chunks * 128;
  for (int fetch = 0, use = 0; use < chunks; ) {
    for (; fetch < chunks && fetch < use + 2; fetch++) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch & 1], src + fetch * 128, cuda::aligned_size_t<16>(sizeof(float4) * 128), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    float4 v = buf[use & 1][threadIdx.x];
    dst[use * 128 + threadIdx.x] = make_float4(2.0f * v.x + 1.0f, 2.0f * v.y + 1.0f, 2.0f * v.z + 1.0f, 2.0f * v.w + 1.0f);
    pipe.consumer_release();
    use++;
  }
}

extern "C" __global__ void KN(bar_rev)(const float *in, float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  const float *src = in + blockIdx.x * 256;
  cuda::memcpy_async(&s[threadIdx.x], &src[threadIdx.x], sizeof(float), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
