/* Reference for examples/reduce (kernel reduce_sum): per-block tree sum.
 * Launch: grid = ceil(N / 512), block = 256 (BLOCK in the .cu; sdata has 256 floats).
 * PTX order: v = in[i] (or 0); v = add.f32(v, in[i + 256]); then for s = 128..1:
 * sdata[t] = add.f32(sdata[t + s], sdata[t]) (add is commutative, so the operand
 * order does not matter; the tree shape does).
 * Writes in.bin, partial_expected.bin (f32). */
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

#define N      50000
#define BLOCK  256
#define GRID   ((N + 2 * BLOCK - 1) / (2 * BLOCK))   /* 98 */

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float in[N], partial[GRID];

    rng_seed(0x7ed0ce);
    for (int i = 0; i < N; i++) {
        /* magnitudes spread over 2^-8 .. 2^8 so the summation order shows in the bits */
        float m = rng_float(-1.0f, 1.0f);
        int e = rng_int(-8, 8);
        in[i] = ldexpf(m, e);
    }

    for (unsigned b = 0; b < GRID; b++) {
        float s[BLOCK];
        for (unsigned t = 0; t < BLOCK; t++) {
            unsigned i = b * (BLOCK * 2) + t;
            float v = 0.0f;
            if (i < N)
                v = in[i];
            if (i + BLOCK < N) {
                float w = in[i + BLOCK];
                v = v + w;
            }
            s[t] = v;
        }
        for (unsigned st = BLOCK / 2; st > 0; st >>= 1)
            for (unsigned t = 0; t < st; t++) {
                float r = s[t + st] + s[t];
                s[t] = r;
            }
        partial[b] = s[0];
    }

    write_f32("in.bin", in, N);
    write_f32("partial_expected.bin", partial, GRID);
    return 0;
}
