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
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- deterministic PRNG (splitmix64) and little-endian file output ---- */
static uint64_t rng_state;

static void rng_seed(uint64_t seed) { rng_state = seed; }

static uint64_t rng_u64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t rng_u32(void) { return (uint32_t)(rng_u64() >> 32); }

/* uniform integer in [lo, hi] */
static int32_t rng_int(int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo + 1);
    return (int32_t)((int64_t)lo + (int64_t)(rng_u64() % span));
}

/* uniform double in [0, 1) */
static double rng_unit(void) { return (double)(rng_u64() >> 11) * 0x1p-53; }

static float rng_float(float lo, float hi)
{
    return (float)((double)lo + ((double)hi - (double)lo) * rng_unit());
}

static const char *g_outdir;

static void write_bytes(const char *name, const unsigned char *p, size_t n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", g_outdir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "ref: cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

static void write_u32(const char *name, const uint32_t *v, size_t n)
{
    unsigned char *b = malloc(4 * n + 1);
    if (!b) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++)
            b[4 * i + k] = (unsigned char)(v[i] >> (8 * k));
    write_bytes(name, b, 4 * n);
    free(b);
}

static void write_i32(const char *name, const int32_t *v, size_t n)
{
    uint32_t *u = malloc(4 * n + 4);
    if (!u) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++)
        u[i] = (uint32_t)v[i];
    write_u32(name, u, n);
    free(u);
}

static void write_f32(const char *name, const float *v, size_t n)
{
    uint32_t *u = malloc(4 * n + 4);
    if (!u) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++)
        memcpy(&u[i], &v[i], 4);
    write_u32(name, u, n);
    free(u);
}

static void ref_init(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        exit(2);
    }
    g_outdir = argv[1];
    /* mkdir -p OUTDIR */
    char path[4096];
    snprintf(path, sizeof path, "%s", g_outdir);
    for (char *p = path + 1; ; p++) {
        char c = *p;
        if (c == '/' || c == '\0') {
            *p = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "ref: cannot create %s: %s\n", path, strerror(errno));
                exit(1);
            }
            *p = c;
        }
        if (c == '\0')
            break;
    }
}
/* ---- end of common part ---- */

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
