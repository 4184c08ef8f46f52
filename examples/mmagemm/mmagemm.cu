// mmagemm: GEMM on the tensor cores as CUTLASS-style code writes it, with inline PTX: ldmatrix
// (.x1/.x2/.x4, plain and .trans) from shared memory into mma.sync fragments, mma.sync.aligned
// m16n8k16 (.f16 -> .f32 and .f16 -> .f16), m16n8k8 (.bf16 -> .f32) and m8n8k4 (four 8 x 8 x 4
// products by quad-pair, .row.col and .col.row layouts), fragments also indexed by hand from the
// PTX ISA's layouts (groupID = lane >> 2, threadID_in_group = lane % 4).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t smem(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ uint32_t pack(unsigned short lo, unsigned short hi) { return (uint32_t)lo | (uint32_t)hi << 16; }

// C (M x N, row-major, f32) = A (M x K, row-major f16) x B (K x N, row-major f16).  One warp a
// block computes a 16 x 16 tile of C as two m16n8k16 products: per 16 values of k it stages the
// A and B tiles in shared memory, loads A with ldmatrix.x4 and B with ldmatrix.x4.trans.
extern "C" __global__ void mma_f16_ldm(const unsigned short *A, const unsigned short *B, float *C, int M, int N, int K)
{
    __shared__ __align__(16) unsigned short as[16][16], bs[16][16];
    int lane = threadIdx.x, tm = blockIdx.y, tn = blockIdx.x;
    float acc[2][4] = { { 0, 0, 0, 0 }, { 0, 0, 0, 0 } };
    for (int k = 0; k < K; k += 16) {
        for (int i = lane; i < 256; i += 32) {
            as[i / 16][i % 16] = A[(tm * 16 + i / 16) * K + k + i % 16];
            bs[i / 16][i % 16] = B[(k + i / 16) * N + tn * 16 + i % 16];
        }
        __syncwarp();
        uint32_t a[4], b[4];
        // lane l gives row l % 16 of the matrix its group of 8 loads: columns 0-7 (lanes 0-15), 8-15 (16-31)
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(smem(&as[lane % 16][8 * (lane / 16)])));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]) : "r"(smem(&bs[lane % 16][8 * (lane / 16)])));
        for (int h = 0; h < 2; h++)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                         : "+f"(acc[h][0]), "+f"(acc[h][1]), "+f"(acc[h][2]), "+f"(acc[h][3])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[2 * h]), "r"(b[2 * h + 1]));
        __syncwarp();
    }
    int g = lane >> 2, t = lane & 3;
    for (int h = 0; h < 2; h++)
        for (int i = 0; i < 4; i++)
            C[(tm * 16 + g + 8 * (i >> 1)) * N + tn * 16 + 8 * h + 2 * t + (i & 1)] = acc[h][i];
}

// The same product for .bf16 with m16n8k8: A (16 x 8 per step) by ldmatrix.x2, B (8 x 8) by
// ldmatrix.x1.trans; one 16 x 8 tile of C a warp.
extern "C" __global__ void mma_bf16_k8(const unsigned short *A, const unsigned short *B, float *C, int M, int N, int K)
{
    __shared__ __align__(16) unsigned short as[16][8], bs[8][8];
    int lane = threadIdx.x, tm = blockIdx.y, tn = blockIdx.x;
    float acc[4] = { 0, 0, 0, 0 };
    for (int k = 0; k < K; k += 8) {
        for (int i = lane; i < 128; i += 32) as[i / 8][i % 8] = A[(tm * 16 + i / 8) * K + k + i % 8];
        for (int i = lane; i < 64; i += 32) bs[i / 8][i % 8] = B[(k + i / 8) * N + tn * 8 + i % 8];
        __syncwarp();
        uint32_t a0, a1, b0;
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(a0), "=r"(a1) : "r"(smem(&as[lane % 16][0])));
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(b0) : "r"(smem(&bs[lane % 8][0])));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
                     : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]) : "r"(a0), "r"(a1), "r"(b0));
        __syncwarp();
    }
    int g = lane >> 2, t = lane & 3;
    for (int i = 0; i < 4; i++) C[(tm * 16 + g + 8 * (i >> 1)) * N + tn * 8 + 2 * t + (i & 1)] = acc[i];
}

// C (f16, row-major) = A x B with .f16 accumulators (m16n8k16 .f16.f16.f16.f16): A's fragment read
// from global memory by the PTX ISA's layout, B through shared memory by ldmatrix.x2.trans.
extern "C" __global__ void mma_f16_acc16(const unsigned short *A, const unsigned short *B, unsigned short *C, int M, int N, int K)
{
    __shared__ __align__(16) unsigned short bs[16][8];
    int lane = threadIdx.x, tm = blockIdx.y, tn = blockIdx.x, g = lane >> 2, t = lane & 3;
    uint32_t acc[2] = { 0, 0 };
    for (int k = 0; k < K; k += 16) {
        for (int i = lane; i < 128; i += 32) bs[i / 8][i % 8] = B[(k + i / 8) * N + tn * 8 + i % 8];
        __syncwarp();
        uint32_t a[4], b0, b1;
        for (int r = 0; r < 4; r++) {   // a[r] holds a_{2r}, a_{2r+1}: row g + 8 (r & 1), columns 2t, 2t + 1 (+ 8 for r >= 2)
            const unsigned short *p = A + (tm * 16 + g + 8 * (r & 1)) * K + k + 2 * t + 8 * (r >> 1);
            a[r] = pack(p[0], p[1]);
        }
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(b0), "=r"(b1) : "r"(smem(&bs[lane % 16][0])));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};"
                     : "+r"(acc[0]), "+r"(acc[1]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
        __syncwarp();
    }
    for (int i = 0; i < 4; i++)
        C[(tm * 16 + g + 8 * (i >> 1)) * N + tn * 8 + 2 * t + (i & 1)] = (unsigned short)(acc[i >> 1] >> (16 * (i & 1)));
}

// m8n8k4 (Volta's shape): a warp computes a 16 x 16 tile of C as four 8 x 8 tiles, quad-pair q
// (lanes 4q..4q+3 and 4q+16..4q+19) the tile at rows 8 (q >> 1), columns 8 (q & 1); fragments read
// from global memory by the PTX ISA's layouts.  .row.col with .f32 accumulators.
extern "C" __global__ void mma_m884_f32(const unsigned short *A, const unsigned short *B, float *C, int M, int N, int K)
{
    int lane = threadIdx.x, q = (lane >> 2) & 3, hi = lane >= 16 ? 4 : 0, r4 = lane & 3;
    int m0 = blockIdx.y * 16 + 8 * (q >> 1), n0 = blockIdx.x * 16 + 8 * (q & 1);
    float acc[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
    for (int k = 0; k < K; k += 4) {
        // A row-major: a_i at row r4 + hi, column i; B column-major: b_i at row (k) i, column r4 + hi
        const unsigned short *pa = A + (m0 + r4 + hi) * K + k;
        uint32_t a0 = pack(pa[0], pa[1]), a1 = pack(pa[2], pa[3]);
        unsigned short bv[4];
        for (int i = 0; i < 4; i++) bv[i] = B[(k + i) * N + n0 + r4 + hi];
        uint32_t b0 = pack(bv[0], bv[1]), b1 = pack(bv[2], bv[3]);
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%0, %1, %2, %3, %4, %5, %6, %7};"
                     : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7])
                     : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
    }
    for (int i = 0; i < 8; i++)   // c_i at row (lane & 1) + (i & 2) + hi, column (i & 4) + (lane & 2) + (i & 1)
        C[(m0 + (lane & 1) + (i & 2) + hi) * N + n0 + (i & 4) + (lane & 2) + (i & 1)] = acc[i];
}

// The same tiles with .col.row layouts and .f16 accumulators (.f16.f16.f16.f16).
extern "C" __global__ void mma_m884_f16(const unsigned short *A, const unsigned short *B, unsigned short *C, int M, int N, int K)
{
    int lane = threadIdx.x, q = (lane >> 2) & 3, hi = lane >= 16 ? 4 : 0, r4 = lane & 3;
    int m0 = blockIdx.y * 16 + 8 * (q >> 1), n0 = blockIdx.x * 16 + 8 * (q & 1);
    uint32_t acc[4] = { 0, 0, 0, 0 };
    for (int k = 0; k < K; k += 4) {
        // A column-major: a_i at row i + hi, column (k) r4; B row-major: b_i at row (k) r4, column i + hi
        unsigned short av[4], bv[4];
        for (int i = 0; i < 4; i++) { av[i] = A[(m0 + i + hi) * K + k + r4]; bv[i] = B[(k + r4) * N + n0 + i + hi]; }
        uint32_t a0 = pack(av[0], av[1]), a1 = pack(av[2], av[3]), b0 = pack(bv[0], bv[1]), b1 = pack(bv[2], bv[3]);
        asm volatile("mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%0, %1, %2, %3};"
                     : "+r"(acc[0]), "+r"(acc[1]), "+r"(acc[2]), "+r"(acc[3]) : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
    }
    for (int i = 0; i < 8; i++)   // c_i at row r4 + hi, column i
        C[(m0 + r4 + hi) * N + n0 + i] = (unsigned short)(acc[i >> 1] >> (16 * (i & 1)));
}
