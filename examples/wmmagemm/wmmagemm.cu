// wmmagemm: GEMM on the tensor cores through the CUDA wmma API (mma.h), m16n16k16 fragments:
// .f16 inputs with .f32 and with .f16 accumulators, .bf16 inputs, row- and column-major
// matrices in global and shared memory, an element-wise operation on an accumulator fragment.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// C (M x N, row-major, f32) = A (M x K, row-major) x B (K x N, stored column-major: Bt[n][k]).
// Each warp computes one 16 x 16 tile of C; blockDim.x = 32 * warps, the warps side by side in n.
extern "C" __global__ void wmma_f16_f32(const half *A, const half *Bt, float *C, int M, int N, int K)
{
    int tm = blockIdx.y, tn = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + tm * 16 * K + k, K);
        wmma::load_matrix_sync(b, Bt + tn * 16 * K + k, K);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(C + tm * 16 * N + tn * 16, c, N, wmma::mem_row_major);
}

// C = 2 (C + A x B), .bf16 inputs: A stored column-major (At[k][m]), B row-major, C column-major
// (Ct[n][m]), read as the initial accumulator and written back.  One warp per tile.
extern "C" __global__ void wmma_bf16(const __nv_bfloat16 *At, const __nv_bfloat16 *B, float *Ct, int M, int N, int K)
{
    int tm = blockIdx.y, tn = blockIdx.x;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::col_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::load_matrix_sync(c, Ct + tn * 16 * M + tm * 16, M, wmma::mem_col_major);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, At + k * M + tm * 16, M);
        wmma::load_matrix_sync(b, B + k * N + tn * 16, N);
        wmma::mma_sync(c, a, b, c);
    }
    for (int i = 0; i < c.num_elements; i++) c.x[i] *= 2.0f;
    wmma::store_matrix_sync(Ct + tn * 16 * M + tm * 16, c, M, wmma::mem_col_major);
}

// C (row-major, f16) = A x B with .f16 accumulators (rounded to .f16 after every mma); each A tile
// is staged through shared memory, B (row-major) is read from global memory.  One warp per tile.
extern "C" __global__ void wmma_f16_f16(const half *A, const half *B, half *C, int M, int N, int K)
{
    __shared__ __align__(32) half sa[16 * 16];
    int tm = blockIdx.y, tn = blockIdx.x;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> c;
    wmma::fill_fragment(c, __float2half(0.0f));
    for (int k = 0; k < K; k += 16) {
        for (int i = threadIdx.x; i < 256; i += 32) sa[i] = A[(tm * 16 + i / 16) * K + k + i % 16];
        __syncwarp();
        wmma::load_matrix_sync(a, sa, 16);
        wmma::load_matrix_sync(b, B + k * N + tn * 16, N);
        wmma::mma_sync(c, a, b, c);
        __syncwarp();
    }
    wmma::store_matrix_sync(C + tm * 16 * N + tn * 16, c, N, wmma::mem_row_major);
}
