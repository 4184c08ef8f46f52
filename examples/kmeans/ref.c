/* Reference for examples/kmeans (kernel kmeans_assign): nearest of K = 8 centroids (D = 4)
 * held in __constant__ memory (.const centroids[128], no initializer in the PTX).
 * N = 5000 points: launch grid 20, block 256 (120 idle threads).
 * PTX per centroid k: dist = fma(d3, d3, fma(d2, d2, fma(d1, d1, fma(d0, d0, 0.0))))
 * with d = sub.f32(p[d], c[k][d]); k = 0 goes through min.f32(dist, FLT_MAX) (so NaN or
 * +inf become FLT_MAX, matching the C "<" test), then k = 1..7 replace on setp.lt.f32.
 *
 * The run-script language has no command that writes module (.const) variables, so
 * run.aw can only run with the centroids as loaded: all zero. Then every distance is the
 * same and every point gets cluster 0 (assign_expected.bin, counts_expected.bin).
 * For a nontrivial check once such a command exists, this also writes centroids.bin
 * (f32 x 32) and the matching assign_expected_c.bin / counts_expected_c.bin.
 * Writes points.bin (f32 x 4N); assign/counts files are s32. */
#include "../ref_common.h"
#include <math.h>

#define N 5000
#define K 8
#define D 4

static void assign_all(const float *pts, const float *cent, int32_t *assign, int32_t *counts)
{
    for (int k = 0; k < K; k++)
        counts[k] = 0;
    for (int i = 0; i < N; i++) {
        const float *p = &pts[i * D];
        int best = 0;
        float best_dist = 0.0f;
        for (int k = 0; k < K; k++) {
            float dist = 0.0f;
            for (int d = 0; d < D; d++) {
                float diff = p[d] - cent[k * D + d];
                dist = fmaf(diff, diff, dist);
            }
            if (k == 0) {
                /* min.f32(dist, 0x7f7fffff): a NaN operand yields the other one */
                best_dist = (isnan(dist) || dist > 3.402823466e+38f) ? 3.402823466e+38f : dist;
                best = 0;
            } else if (dist < best_dist) {
                best_dist = dist;
                best = k;
            }
        }
        assign[i] = best;
        counts[best]++;
    }
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float pts[N * D], cent[K * D], zero[K * D];
    static int32_t assign[N], counts[K];

    rng_seed(0xc0ffee);
    for (int k = 0; k < K * D; k++)
        cent[k] = rng_float(-10.0f, 10.0f);
    for (int i = 0; i < N; i++) {
        /* points scattered around a random centroid, some far away */
        int k = rng_int(0, K - 1);
        float spread = (rng_u32() % 8 == 0) ? 12.0f : 4.0f;
        for (int d = 0; d < D; d++)
            pts[i * D + d] = cent[k * D + d] + rng_float(-spread, spread);
    }
    write_f32("points.bin", pts, N * D);

    assign_all(pts, zero, assign, counts);
    write_i32("assign_expected.bin", assign, N);
    write_i32("counts_expected.bin", counts, K);

    assign_all(pts, cent, assign, counts);
    write_f32("centroids.bin", cent, K * D);
    write_i32("assign_expected_c.bin", assign, N);
    write_i32("counts_expected_c.bin", counts, K);
    printf("kmeans: counts with centroids.bin:");
    for (int k = 0; k < K; k++)
        printf(" %d", counts[k]);
    printf("\n");
    return 0;
}
