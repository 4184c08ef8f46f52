// spmv: y = A * x with A in CSR format, one thread per row.
// __restrict__ lets nvcc use the read-only (non-coherent) load path.
extern "C" __global__ void spmv_csr(int num_rows,
                                    const int *__restrict__ row_ptr,
                                    const int *__restrict__ col_idx,
                                    const float *__restrict__ vals,
                                    const float *__restrict__ x,
                                    float *__restrict__ y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < num_rows) {
        float sum = 0.0f;
        int begin = row_ptr[row];
        int end = row_ptr[row + 1];
        for (int j = begin; j < end; ++j)
            sum += vals[j] * x[col_idx[j]];
        y[row] = sum;
    }
}
