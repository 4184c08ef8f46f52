/* examples/ref_common.h -- helpers shared by the example references
 * (examples/<name>/ref.c, which include it as "../ref_common.h") and by the references of
 * the divergence tests (tests/emu/simt/<name>/ref.c); each is built alone with
 *     cc -std=c11 -O2 -ffp-contract=off -o REF examples/<name>/ref.c -lm
 * and run as `REF OUTDIR`.
 *
 * Provides:
 *   - ref_init(argc, argv): checks the usage (exit 2) and creates OUTDIR (mkdir -p);
 *   - a deterministic PRNG (splitmix64): rng_seed, rng_u64, rng_u32 (high half),
 *     rng_int (uniform in [lo, hi]), rng_unit (double in [0, 1)), rng_float (in [lo, hi));
 *   - little-endian binary output to OUTDIR/name: write_bytes, write_u32, write_i32,
 *     write_u64, write_f32 (raw float bits);
 *   - xcalloc (calloc that exits on failure).
 * Every failure prints "ref: ..." to stderr and exits with status 1.
 * Also includes <errno.h>, <stdint.h>, <stdio.h>, <stdlib.h> and <string.h>.
 * Include it before any other header: it sets _POSIX_C_SOURCE (for mkdir). */
#ifndef EXAMPLES_REF_COMMON_H
#define EXAMPLES_REF_COMMON_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- 16-bit floating point (IEEE binary16 and bfloat16) ---- */

/* x rounded to nearest even with 'man' significant bits, smallest normal
 * exponent emin; the bits in a 16-bit format with 'eb' exponent bits.
 * Finite results only (the examples' values never overflow). */
static inline uint16_t ref_rne16(double x, int man, int emin, int eb)
{
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    double a = fabs(x);
    if (a == 0) return sign;
    int e;
    frexp(a, &e);
    int q = (e - 1 < emin ? emin : e - 1) - (man - 1);
    double t = floor(ldexp(a, -q)), rem = ldexp(a, -q) - t;
    if (rem > 0.5 || (rem == 0.5 && fmod(t, 2) != 0)) t += 1;
    double r = ldexp(t, q);
    frexp(r, &e);
    if (e - 1 < emin) return sign | (uint16_t)t;
    int bias = (1 << (eb - 1)) - 1;
    uint16_t m = (uint16_t)(ldexp(r, man - 1 - (e - 1)) - ldexp(1, man - 1));
    return (uint16_t)(sign | (uint16_t)((e - 1 + bias) << (man - 1)) | m);
}
static inline uint16_t ref_f16(double x) { return ref_rne16(x, 11, -14, 5); }
static inline uint16_t ref_bf16(double x) { return ref_rne16(x, 8, -126, 8); }
static inline double ref_f16v(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
    return h & 0x8000 ? -v : v;
}
static inline double ref_bf16v(uint16_t h) { uint32_t b = (uint32_t)h << 16; float f; memcpy(&f, &b, 4); return f; }
/* ---- deterministic PRNG (splitmix64) ---- */
static uint64_t rng_state;

static inline void rng_seed(uint64_t seed) { rng_state = seed; }

static inline uint64_t rng_u64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline uint32_t rng_u32(void) { return (uint32_t)(rng_u64() >> 32); }

/* uniform integer in [lo, hi] */
static inline int32_t rng_int(int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo + 1);
    return (int32_t)((int64_t)lo + (int64_t)(rng_u64() % span));
}

/* uniform double in [0, 1) */
static inline double rng_unit(void) { return (double)(rng_u64() >> 11) * 0x1p-53; }

static inline float rng_float(float lo, float hi)
{
    return (float)((double)lo + ((double)hi - (double)lo) * rng_unit());
}

/* ---- little-endian file output into OUTDIR ---- */
static const char *g_outdir;

static inline void write_bytes(const char *name, const unsigned char *p, size_t n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", g_outdir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "ref: cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

static inline void write_u32(const char *name, const uint32_t *v, size_t n)
{
    unsigned char *b = malloc(4 * n + 1);
    if (!b) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++)
            b[4 * i + k] = (unsigned char)(v[i] >> (8 * k));
    write_bytes(name, b, 4 * n);
    free(b);
}

static inline void write_u16(const char *name, const uint16_t *v, size_t n)
{
    unsigned char *b = malloc(2 * n + 1);
    if (!b) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++) { b[2 * i] = (unsigned char)v[i]; b[2 * i + 1] = (unsigned char)(v[i] >> 8); }
    write_bytes(name, b, 2 * n);
    free(b);
}

static inline void write_u64(const char *name, const uint64_t *v, size_t n)
{
    unsigned char *b = malloc(8 * n + 1);
    if (!b) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 8; k++)
            b[8 * i + k] = (unsigned char)(v[i] >> (8 * k));
    write_bytes(name, b, 8 * n);
    free(b);
}

static inline void write_i32(const char *name, const int32_t *v, size_t n)
{
    uint32_t *u = malloc(4 * n + 4);
    if (!u) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++)
        u[i] = (uint32_t)v[i];
    write_u32(name, u, n);
    free(u);
}

static inline void write_f32(const char *name, const float *v, size_t n)
{
    uint32_t *u = malloc(4 * n + 4);
    if (!u) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++)
        memcpy(&u[i], &v[i], 4);
    write_u32(name, u, n);
    free(u);
}

/* ---- allocation and start-up ---- */
static inline void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) { fprintf(stderr, "ref: out of memory\n"); exit(1); }
    return p;
}

/* usage: REF OUTDIR; sets g_outdir and creates it (mkdir -p) */
static inline void ref_init(int argc, char **argv)
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

#endif /* EXAMPLES_REF_COMMON_H */
