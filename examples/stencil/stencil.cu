// stencil: one weighted-Jacobi step of the 5-point Laplace stencil on an
// nx x ny grid (row-major). Boundary cells are copied unchanged.
// omega is the relaxation weight (omega = 1 gives plain Jacobi).

__device__ __forceinline__ float laplace_avg(const float *p, int nx)
{
    return 0.25f * (p[-nx] + p[nx] + p[-1] + p[1]);
}

__device__ __forceinline__ bool on_boundary(int x, int y, int nx, int ny)
{
    return x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
}

extern "C" __global__ void jacobi5(const float *in, float *out, int nx, int ny,
                                   float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny)
        return;

    int idx = y * nx + x;
    if (on_boundary(x, y, nx, ny)) {
        out[idx] = in[idx];
        return;
    }

    float c = in[idx];
    out[idx] = (1.0f - omega) * c + omega * laplace_avg(in + idx, nx);
}
