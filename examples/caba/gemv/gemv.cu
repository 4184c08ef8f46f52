// gemv: y = A * x for an m x n integer matrix A stored column-major (a[j * m + i], the
// BLAS layout), as in a "gemv N" kernel: one thread per row, walking the columns, so a
// warp's loads of a column coalesce; x[j] is the same for every thread (a broadcast).
// 32-bit integer arithmetic (wraps; the data keep every sum far from overflow).
extern "C" __global__ void gemv_colmajor(const int *a, const int *x, int *y, int m, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m)
        return;
    int sum = 0;
    for (int j = 0; j < n; ++j)
        sum += a[(size_t)j * m + i] * x[j];
    y[i] = sum;
}
