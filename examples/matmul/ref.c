/* Reference for examples/matmul (kernel matmul): tiled C = A * B, TILE 16.
 * A is M x K, B is K x N, C is M x N, row-major. M = 70, N = 50, K = 45:
 * launch grid (4, 5), block (16, 16); the last tiles in every dimension are partial.
 * PTX: per tile, 16 fma.rn.f32 in k order: acc = fma(As[ty][k], Bs[k][tx], acc), with
 * zero-filled tile entries past K (those fmas are executed too, with 0 operands), and
 * acc starts at +0.0. Reproduced literally here.
 * Writes A.bin, B.bin, C_expected.bin (f32). */
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

#define M    70
#define N    50
#define K    45
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
