// nw: Needleman-Wunsch alignment scores, blocked as Rodinia's nw does it: one CTA of 16 threads a
// 16 x 16 block of the score matrix, the blocks of one anti-diagonal per launch, and inside a block
// a wavefront over a shared (17 x 17) tile.  nvcc addresses the tile from a register that holds
// &t[0][0] - 64 tid (below the array's start for every thread but the first: 32-bit arithmetic
// wraps) plus a constant offset in each access, [%r + 72]: the address is right only when computed
// in 32 bits, as the GPU computes it.
#define B 16

__device__ __forceinline__ int max3(int a, int b, int c) { int m = a > b ? a : b; return m > c ? m : c; }

// score: (n + 1) x (n + 1) row-major (cols = n + 1), its first row and column set; sim: the same
// shape, sim[i][j] the similarity of the pair (i, j).  d: the anti-diagonal of blocks, nb: n / 16.
extern "C" __global__ void nw_diag(int *score, const int *sim, int cols, int penalty, int d, int nb)
{
    __shared__ int t[B + 1][B + 1];
    __shared__ int s[B][B];
    int tx = threadIdx.x;
    int bi = (d > nb - 1 ? d - (nb - 1) : 0) + blockIdx.x, bj = d - bi;
    int base = bi * B * cols + bj * B;        // the corner above and left of the block
    for (int r = 0; r < B; r++) s[r][tx] = sim[base + (r + 1) * cols + tx + 1];
    if (tx == 0) t[0][0] = score[base];
    t[tx + 1][0] = score[base + (tx + 1) * cols];
    t[0][tx + 1] = score[base + tx + 1];
    __syncthreads();
    for (int m = 0; m < B; m++) {             // the upper-left half of the tile, one anti-diagonal a step
        if (tx <= m) {
            int x = tx + 1, y = m - tx + 1;
            t[y][x] = max3(t[y - 1][x - 1] + s[y - 1][x - 1], t[y][x - 1] - penalty, t[y - 1][x] - penalty);
        }
        __syncthreads();
    }
    for (int m = B - 2; m >= 0; m--) {        // the lower-right half
        if (tx <= m) {
            int x = tx + B - m, y = B - tx;
            t[y][x] = max3(t[y - 1][x - 1] + s[y - 1][x - 1], t[y][x - 1] - penalty, t[y - 1][x] - penalty);
        }
        __syncthreads();
    }
    for (int r = 0; r < B; r++) score[base + (r + 1) * cols + tx + 1] = t[r + 1][tx + 1];
}
