/* Reference for examples/dynshared (kernel dynshared): dynamic + static shared memory.
 * N = 1000, two launches of the same kernel into separate outputs:
 *   A: grid 11, block 96 (3 full warps),            shared = 96*4 = 384 bytes
 *   B: grid 13, block 80 (2 full warps + 16 lanes), shared = 80*4 = 320 bytes
 * (both have idle threads in the last block; their s[] entries are 0.0).
 * Per block: s[t] = in[gid] or 0; v = s[t]; r = s[t+1] if lane < 31 and t+1 < blockDim
 * else v; s[t] = mul.f32(add.f32(v, r), 0.5); lane 0: m = max over s[t..t+31] within the
 * block (max.f32 is exact; order irrelevant, no NaNs or -0.0 in the data);
 * out[gid] = sub.f32(s[t], warp_max[t/32]); flags[block] = 1.
 * Inputs in [-10, 10], never 0 (so no -0.0 can arise). Writes in.bin, outA_expected.bin,
 * outB_expected.bin (f32). */
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

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    return p;
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

#define N 1000

static void run(const float *in, float *out, int grid, int block)
{
    float *s = xcalloc((size_t)block, sizeof *s);
    float *s2 = xcalloc((size_t)block, sizeof *s2);
    float warp_max[32];
    for (int bi = 0; bi < grid; bi++) {
        for (int t = 0; t < block; t++) {
            int gid = bi * block + t;
            s[t] = gid < N ? in[gid] : 0.0f;
        }
        for (int t = 0; t < block; t++) {
            int lane = t & 31;
            float v = s[t];
            float r = (lane < 31 && t + 1 < block) ? s[t + 1] : v;
            float sum = v + r;
            s2[t] = sum * 0.5f;
        }
        for (int t = 0; t < block; t += 32) {
            float m = s2[t];
            for (int k = 1; k < 32 && t + k < block; k++)
                m = fmaxf(m, s2[t + k]);
            warp_max[t / 32] = m;
        }
        for (int t = 0; t < block; t++) {
            int gid = bi * block + t;
            if (gid < N)
                out[gid] = s2[t] - warp_max[t / 32];
        }
    }
    free(s);
    free(s2);
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float in[N], outA[N], outB[N];

    rng_seed(0xd5);
    for (int i = 0; i < N; i++) {
        float f;
        do f = rng_float(-10.0f, 10.0f); while (f == 0.0f);
        in[i] = f;
    }
    run(in, outA, (N + 95) / 96, 96);
    run(in, outB, (N + 79) / 80, 80);

    write_f32("in.bin", in, N);
    write_f32("outA_expected.bin", outA, N);
    write_f32("outB_expected.bin", outB, N);
    return 0;
}
