// spmv: y = A * x with A in CSR format, LANES = 4 threads per row (a "CSR vector"
// kernel with the vector width picked for short rows, as CUSP picks it from the mean
// row length): lane l of a row's group sums the row's entries begin + l, begin + l + 4,
// ... (sum = fma(val, x[col], sum) from +0), so a group's loads of col_idx and vals are
// one contiguous run; then the group adds its partial sums with two butterfly shuffles
// (xor 2, 1), (s0 + s2) + (s1 + s3) for lane 0, which writes y[row]. Every thread
// reaches the shuffles (rows past the end sum nothing), so the full-warp mask is right.
// __restrict__: read-only (nc) loads.
#define LANES 4

extern "C" __global__ void spmv_csr4(int num_rows,
                                     const int *__restrict__ row_ptr,
                                     const int *__restrict__ col_idx,
                                     const float *__restrict__ vals,
                                     const float *__restrict__ x,
                                     float *__restrict__ y)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int row = t / LANES;
    int lane = t % LANES;
    float sum = 0.0f;
    if (row < num_rows) {
        int end = row_ptr[row + 1];
        for (int j = row_ptr[row] + lane; j < end; j += LANES)
            sum = fmaf(vals[j], x[col_idx[j]], sum);
    }
#pragma unroll
    for (int off = LANES / 2; off > 0; off /= 2)
        sum += __shfl_xor_sync(0xffffffffu, sum, off);
    if (row < num_rows && lane == 0)
        y[row] = sum;
}
