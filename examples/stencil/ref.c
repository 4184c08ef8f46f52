/* Reference for examples/stencil (kernel jacobi5): one weighted-Jacobi step, 5-point.
 * NX = 100, NY = 70, omega = 0.6875 (exact in binary, so "f32:0.6875" is unambiguous):
 * launch grid (7, 9), block (16, 8); partial blocks on the right and bottom edges.
 * PTX order: w = sub.f32(1.0, omega); t = add(add(add(in[idx-nx], in[idx+nx]),
 * in[idx-1]), in[idx+1]); t = mul(t, 0.25); t = mul(t, omega); out = fma(w, c, t).
 * Boundary cells are copied. Writes in.bin, out_expected.bin (f32). */
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

#define NX 100
#define NY 70

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float in[NX * NY], out[NX * NY];
    const float omega = 0.6875f;

    rng_seed(0x57e9c1);
    for (int i = 0; i < NX * NY; i++)
        in[i] = rng_float(-50.0f, 50.0f);

    for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
            int idx = y * NX + x;
            if (x == 0 || y == 0 || x == NX - 1 || y == NY - 1) {
                out[idx] = in[idx];
                continue;
            }
            float c = in[idx];
            float w = 1.0f - omega;
            float t = in[idx - NX] + in[idx + NX];
            t = t + in[idx - 1];
            t = t + in[idx + 1];
            t = t * 0.25f;
            t = t * omega;
            out[idx] = fmaf(w, c, t);
        }

    write_f32("in.bin", in, NX * NY);
    write_f32("out_expected.bin", out, NX * NY);
    return 0;
}
