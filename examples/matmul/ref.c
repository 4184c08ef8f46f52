/* Reference for examples/matmul (kernel matmul): tiled C = A * B, TILE 16.
 * A is M x K, B is K x N, C is M x N, row-major. M = 70, N = 50, K = 45:
 * launch grid (4, 5), block (16, 16); the last tiles in every dimension are partial.
 * PTX: per tile, 16 fma.rn.f32 in k order: acc = fma(As[ty][k], Bs[k][tx], acc), with
 * zero-filled tile entries past K (those fmas are executed too, with 0 operands), and
 * acc starts at +0.0. Reproduced literally here.
 * Writes A.bin, B.bin, C_expected.bin (f32). */
#include "../ref_common.h"
#include <math.h>

#ifndef M
#define M    70
#endif
#ifndef N
#define N    50
#endif
#ifndef K
#define K    45
#endif
#define TILE 16

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float A[M * K], B[K * N], C[M * N];

    rng_seed(0x3a73);
    for (int i = 0; i < M * K; i++)
        A[i] = rng_float(-2.0f, 2.0f);
    for (int i = 0; i < K * N; i++)
        B[i] = rng_float(-2.0f, 2.0f);

    int ntiles = (K + TILE - 1) / TILE;
    for (int row = 0; row < M; row++)
        for (int col = 0; col < N; col++) {
            float acc = 0.0f;
            for (int t = 0; t < ntiles; t++)
                for (int k = 0; k < TILE; k++) {
                    int kk = t * TILE + k;
                    float a = kk < K ? A[row * K + kk] : 0.0f;
                    float b = kk < K ? B[kk * N + col] : 0.0f;
                    acc = fmaf(a, b, acc);
                }
            C[row * N + col] = acc;
        }

    write_f32("A.bin", A, M * K);
    write_f32("B.bin", B, K * N);
    write_f32("C_expected.bin", C, M * N);
    return 0;
}
