/* Reference for examples/caba/nbody (kernels nbody_forces, nbody_update): one time step
 * of an all-pairs softened gravitational N-body simulation of N = 2048 bodies, the j-loop
 * split into S = 8 slices of 256 bodies (2 shared-memory tiles of 128):
 *   nbody_forces grid (16, 8) x block 128: partial[s][i] = sum over j in slice s,
 *   nbody_update grid 8 x block 256: a = partial[0][i] + ... + partial[7][i] (in that
 *   order, from +0), v' = fma(a, dt, v), x' = fma(v', dt, x)  (per component).
 * eps2 = 0.01f, dt = 0.001f. This kernel is compute-bound: 4.2 M interactions of ~20
 * floating-point operations (sqrt.rn and rcp.rn among them) on 32 KiB of positions.
 * Bit-exact, following the PTX: d = pj - pi (sub.rn); r2 = fma(dz, dz, fma(dy, dy,
 * fma(dx, dx, eps2))); inv = 1 / sqrtf(r2) (both correctly rounded); s = mj * ((inv *
 * inv) * inv); a = fma(d, s, a), over j in order. The self-interaction has d = 0, so it
 * adds (+-)0 and is not skipped (the SDK's softening does the same).
 *
 * Data (fixed seed): RANDOM floats on purpose: positions uniform in [-1, 1)^3, masses in
 * [0.5, 1.5) / N, velocities uniform in [-0.05, 0.05): their bit patterns differ in every
 * byte, so BDI finds nothing to compress (compression ratio ~1.0), and with so little
 * memory traffic it would not matter.
 *
 * Writes pos.bin, vel.bin (f32 x 4N: {x, y, z, mass}, {vx, vy, vz, 0}), partial_expected.bin
 * (f32 x 4 S N, w = 0), pos_expected.bin and vel_expected.bin (after the step). */
#include "../../ref_common.h"
#include <math.h>

#define N 2048
#define S 8
#define PER (N / S)

static float pos[N][4], vel[N][4], part[S][N][4];

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    rng_seed(0x4b0d1e5);
    for (int i = 0; i < N; i++) {
        for (int c = 0; c < 3; c++)
            pos[i][c] = rng_float(-1.0f, 1.0f);
        pos[i][3] = rng_float(0.5f, 1.5f) / N;
        for (int c = 0; c < 3; c++)
            vel[i][c] = rng_float(-0.05f, 0.05f);
        vel[i][3] = 0.0f;
    }
    write_f32("pos.bin", &pos[0][0], 4 * N);
    write_f32("vel.bin", &vel[0][0], 4 * N);

    const float eps2 = 0.01f, dt = 0.001f;
    for (int s = 0; s < S; s++)
        for (int i = 0; i < N; i++) {
            float ax = 0.0f, ay = 0.0f, az = 0.0f;
            for (int j = s * PER; j < (s + 1) * PER; j++) {
                float dx = pos[j][0] - pos[i][0];
                float dy = pos[j][1] - pos[i][1];
                float dz = pos[j][2] - pos[i][2];
                float r2 = fmaf(dz, dz, fmaf(dy, dy, fmaf(dx, dx, eps2)));
                float inv = 1.0f / sqrtf(r2);
                float sc = pos[j][3] * ((inv * inv) * inv);
                ax = fmaf(dx, sc, ax);
                ay = fmaf(dy, sc, ay);
                az = fmaf(dz, sc, az);
            }
            part[s][i][0] = ax;
            part[s][i][1] = ay;
            part[s][i][2] = az;
            part[s][i][3] = 0.0f;
        }
    write_f32("partial_expected.bin", &part[0][0][0], 4 * S * N);
    for (int i = 0; i < N; i++) {
        float a[3] = { 0.0f, 0.0f, 0.0f };
        for (int s = 0; s < S; s++)
            for (int c = 0; c < 3; c++)
                a[c] = a[c] + part[s][i][c];
        for (int c = 0; c < 3; c++) {
            vel[i][c] = fmaf(a[c], dt, vel[i][c]);
            pos[i][c] = fmaf(vel[i][c], dt, pos[i][c]);
        }
    }
    write_f32("pos_expected.bin", &pos[0][0], 4 * N);
    write_f32("vel_expected.bin", &vel[0][0], 4 * N);
    printf("nbody: %d bodies, %d slices\n", N, S);
    return 0;
}
