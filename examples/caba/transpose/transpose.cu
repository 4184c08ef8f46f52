// transpose: out = in^T for a rows x cols matrix of 32-bit integers (row-major),
// through a 32 x 32 shared-memory tile padded to 33 columns (no bank conflicts), with
// the blocks taken in diagonal order against partition camping, as in the CUDA SDK's
// transposeDiagonal sample. Launch with 32 x 8 threads per block and a grid of
// (cols/32) x (rows/32) blocks: rows and cols must be multiples of 32. Each thread
// moves 4 elements.
#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void transpose_diag(int *out, const int *in, int rows, int cols)
{
    __shared__ int tile[TILE_DIM][TILE_DIM + 1];

    // diagonal reordering (rectangular form): consecutive blocks start on different
    // rows of tiles, so their writes spread over the memory channels
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    int by = bid % gridDim.y;
    int bx = (bid / gridDim.y + by) % gridDim.x;

    int x = bx * TILE_DIM + threadIdx.x;
    int y = by * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];

    __syncthreads();

    x = by * TILE_DIM + threadIdx.x;
    y = bx * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
