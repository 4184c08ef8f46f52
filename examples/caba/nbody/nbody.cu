// nbody: one time step of an all-pairs gravitational N-body simulation, after the CUDA
// SDK's nbody sample (shared-memory tiles of bodies, softened forces), with the j-loop
// split into slices so that the grid fills the GPU (the SDK's "p x q" variant):
//   nbody_forces: block (bx, s) computes, for its TILE bodies i, the acceleration from
//     the bodies of slice s (n / gridDim.y bodies, TILE at a time through shared memory)
//     and writes it to partial[s * n + i];
//   nbody_update: per body, a = sum of its partials in slice order, v' = v + a dt,
//     x' = x + v' dt.
// Bodies are float4 {x, y, z, mass}. Every rounding is spelled out with intrinsics so
// the PTX is exactly what the reference computes:
//   d = pj - pi; r2 = fma(dz, dz, fma(dy, dy, fma(dx, dx, eps2)));
//   inv = 1 / sqrt(r2) (sqrt.rn, rcp.rn); s = m_j * ((inv * inv) * inv); a = fma(d, s, a)
#define TILE 128

extern "C" __global__ void nbody_forces(const float4 *pos, float4 *partial, int n, float eps2)
{
    __shared__ float4 tile[TILE];
    int i = blockIdx.x * TILE + threadIdx.x;
    int per_slice = n / gridDim.y;
    int j0 = blockIdx.y * per_slice;
    float4 pi = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int t = 0; t < per_slice; t += TILE) {
        tile[threadIdx.x] = pos[j0 + t + threadIdx.x];
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < TILE; ++k) {
            float4 pj = tile[k];
            float dx = __fsub_rn(pj.x, pi.x);
            float dy = __fsub_rn(pj.y, pi.y);
            float dz = __fsub_rn(pj.z, pi.z);
            float r2 = __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmaf_rn(dx, dx, eps2)));
            float inv = __frcp_rn(__fsqrt_rn(r2));
            float s = __fmul_rn(pj.w, __fmul_rn(__fmul_rn(inv, inv), inv));
            ax = __fmaf_rn(dx, s, ax);
            ay = __fmaf_rn(dy, s, ay);
            az = __fmaf_rn(dz, s, az);
        }
        __syncthreads();
    }
    partial[blockIdx.y * n + i] = make_float4(ax, ay, az, 0.0f);
}

extern "C" __global__ void nbody_update(float4 *pos, float4 *vel, const float4 *partial,
                                        int n, int slices, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int s = 0; s < slices; ++s) {
        float4 a = partial[s * n + i];
        ax = __fadd_rn(ax, a.x);
        ay = __fadd_rn(ay, a.y);
        az = __fadd_rn(az, a.z);
    }
    float4 p = pos[i], v = vel[i];
    v.x = __fmaf_rn(ax, dt, v.x);
    v.y = __fmaf_rn(ay, dt, v.y);
    v.z = __fmaf_rn(az, dt, v.z);
    p.x = __fmaf_rn(v.x, dt, p.x);
    p.y = __fmaf_rn(v.y, dt, p.y);
    p.z = __fmaf_rn(v.z, dt, p.z);
    pos[i] = p;
    vel[i] = v;
}
