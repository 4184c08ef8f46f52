/* Reference for examples/caba/kmeans (kernel kmeans_assign): the assignment step of
 * Rodinia's k-means on N = 131072 points of D = 8 integer features (4 MiB, stored
 * feature-major: features[d * N + i]) against K = 5 centroids in __constant__ memory.
 * The host loop is unrolled into run.aw: ITERS = 3 iterations, each copying the
 * centroids into constant memory (`fill centroids file`) and launching grid 512 x block
 * 256 (one point per thread); between iterations the host (here: this program) moves each
 * centroid to the integer mean (rounded down) of its members, keeping it when it has none.
 * The first centroids are the first K points, as Rodinia picks them.
 *
 * Data (fixed seed): features quantised to a byte range (0..255), as in Rodinia's and
 * KDD-cup-like inputs: 5 hidden clusters with different spreads and sizes, points in
 * random order. Every value lies in 0..255, so BDI stores each 128-byte line of
 * features as a 4-byte base with 1-byte deltas; the membership array (0..4) likewise.
 *
 * Distances are exact 32-bit integers (at most 8 * 255^2); ties keep the lower index.
 * Writes features.bin (s32 D x N), centroids_0..2.bin (s32 K x D, the centroids each
 * iteration uses), membership_1..3.bin (s32 N, the result of each iteration). */
#include "../../ref_common.h"

#define N 131072
#define D 8
#define K 5
#define ITERS 3

static int32_t feat[D * N], member[N];

static int clampb(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    rng_seed(0xc105e25);
    int center[K][D], spread[K], weight[K] = { 30, 25, 20, 15, 10 };
    for (int k = 0; k < K; k++) {
        for (int d = 0; d < D; d++)
            center[k][d] = rng_int(40, 215);
        spread[k] = rng_int(8, 24);
    }
    for (int i = 0; i < N; i++) {
        int r = rng_int(0, 99), k = 0;
        while (r >= weight[k]) r -= weight[k++];
        for (int d = 0; d < D; d++) {
            /* roughly normal: the sum of three uniforms */
            int noise = rng_int(-spread[k], spread[k]) + rng_int(-spread[k], spread[k])
                        + rng_int(-spread[k], spread[k]);
            feat[d * N + i] = clampb(center[k][d] + noise / 2);
        }
    }
    write_i32("features.bin", feat, (size_t)D * N);

    int32_t cent[K * D];
    for (int k = 0; k < K; k++)
        for (int d = 0; d < D; d++)
            cent[k * D + d] = feat[d * N + k];
    char name[64];
    for (int it = 0; it < ITERS; it++) {
        snprintf(name, sizeof name, "centroids_%d.bin", it);
        write_i32(name, cent, K * D);
        int changed = 0;
        for (int i = 0; i < N; i++) {
            int best = 0, best_dist = 0x7fffffff;
            for (int k = 0; k < K; k++) {
                int dist = 0;
                for (int d = 0; d < D; d++) {
                    int diff = feat[d * N + i] - cent[k * D + d];
                    dist += diff * diff;
                }
                if (dist < best_dist) {
                    best_dist = dist;
                    best = k;
                }
            }
            changed += it > 0 && member[i] != best;
            member[i] = best;
        }
        snprintf(name, sizeof name, "membership_%d.bin", it + 1);
        write_i32(name, member, N);
        /* the host's update: integer means */
        int64_t sum[K][D] = { { 0 } };
        int count[K] = { 0 };
        for (int i = 0; i < N; i++) {
            count[member[i]]++;
            for (int d = 0; d < D; d++)
                sum[member[i]][d] += feat[d * N + i];
        }
        printf("kmeans: iteration %d: counts", it + 1);
        for (int k = 0; k < K; k++)
            printf(" %d", count[k]);
        printf(", %d changed\n", changed);
        for (int k = 0; k < K; k++)
            if (count[k])
                for (int d = 0; d < D; d++)
                    cent[k * D + d] = (int32_t)(sum[k][d] / count[k]);
    }
    return 0;
}
