/* Reference for examples/divergent (kernel divergent, with .func gcd, fib, mix).
 * N = 2000 threads of work: launch grid 16, block 128 (48 idle threads).
 * Follows the PTX: r5 = (v ^ lane) % 17; outer i < lane; skip when (i + v) % 3 == 0;
 * inner j from i while j < r5: acc = acc + v + j*i, leave when acc > 1000; leave outer when
 * acc > 5000 (before mix); facc = mix(facc, acc, i) = fma(facc, 0.5f, (float)(i*acc));
 * out = gcd(v + 1, lane + 1) + acc + fib(lane & 7); fout = facc.
 * v < 0: out = -1, fout not written (stays 0.0 from alloc).
 * Integer arithmetic in uint32_t (add/mul wrap in PTX; the values stay small here).
 * Writes in.bin (s32), out_expected.bin (s32), fout_expected.bin (f32). */
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

#define N 2000

static int32_t gcd_ref(int32_t a, int32_t b)
{
    while (b != 0) {          /* rem.s32: C's truncating % */
        int32_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

static int32_t fib_ref(int32_t n) { return n < 2 ? n : fib_ref(n - 1) + fib_ref(n - 2); }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static int32_t in[N], out[N];
    static float fout[N];

    rng_seed(0xd17e);
    for (int i = 0; i < N; i++) {
        uint32_t c = rng_u32() % 20;
        if (c < 2)
            in[i] = rng_int(-1000, -1);        /* early return */
        else if (c < 4)
            in[i] = rng_int(1000, 6000);       /* large: acc passes 1000 / 5000 fast */
        else
            in[i] = rng_int(0, 300);
    }
    in[5] = 0;

    for (int tid = 0; tid < N; tid++) {
        int32_t lane = tid & 31;   /* threadIdx.x & 31 == tid & 31: blocks of 128 */
        int32_t v = in[tid];
        if (v < 0) {
            out[tid] = -1;
            fout[tid] = 0.0f;
            continue;
        }
        uint32_t acc = 0;
        float facc = 0.0f;
        int32_t lim = (v ^ lane) % 17;
        for (int32_t i = 0; i < lane; i++) {
            if ((int32_t)((uint32_t)i + (uint32_t)v) % 3 == 0)
                continue;
            for (int32_t j = i; j < lim; j++) {
                acc = acc + (uint32_t)v + (uint32_t)j * (uint32_t)i;
                if ((int32_t)acc > 1000)
                    break;
            }
            if ((int32_t)acc > 5000)
                break;
            int32_t prod = (int32_t)((uint32_t)i * acc);
            facc = fmaf(facc, 0.5f, (float)prod);
        }
        uint32_t r = (uint32_t)gcd_ref(v + 1, lane + 1) + acc + (uint32_t)fib_ref(lane & 7);
        out[tid] = (int32_t)r;
        fout[tid] = facc;
    }

    write_i32("in.bin", in, N);
    write_i32("out_expected.bin", out, N);
    write_f32("fout_expected.bin", fout, N);
    return 0;
}
