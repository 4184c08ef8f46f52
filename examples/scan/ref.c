/* Reference for examples/scan (kernel block_scan): per-block inclusive scan of int
 * (warp shuffles + warp totals in shared memory) and per-warp vote statistics.
 * Launch: grid 4, block 256 (8 warps), n = 980: block 3 has a partially filled warp
 * (960..991) and a warp entirely past n (992..1023, all inputs read as 0).
 * Integer sums wrap like add.s32 (computed here in uint32_t; values stay small anyway).
 * Writes in.bin (s32), out_expected.bin (s32, n), block_sums_expected.bin (s32, grid),
 * stats_expected.bin (u32, 3 per warp: popc(ballot(v > 0)), all(v == 0), any(v < 0)). */
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

#define N      980
#define BLOCK  256
#define GRID   4
#define NWARPS (BLOCK / 32)

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static int32_t in[N], out[N], block_sums[GRID];
    static uint32_t stats[3 * GRID * NWARPS];

    rng_seed(0x5ca9);
    for (int i = 0; i < N; i++) {
        int w = i / 32;
        if (w == 2 || w == 13)
            in[i] = 0;                          /* whole warps of zeros: all() = 1 */
        else if (w == 5 || w == 17)
            in[i] = rng_int(1, 1000);           /* all positive: any(neg) = 0, ballot full */
        else if (w == 9)
            in[i] = (i % 3 == 0) ? 0 : rng_int(1, 50); /* zeros and positives, no negatives */
        else
            in[i] = rng_int(-60, 100);
    }
    in[100] = 0; /* keep a few stray zeros in mixed warps */

    for (int b = 0; b < GRID; b++) {
        uint32_t s[BLOCK];
        int32_t v[BLOCK];
        for (int t = 0; t < BLOCK; t++) {
            int gid = b * BLOCK + t;
            v[t] = gid < N ? in[gid] : 0;
        }
        /* votes, one record per warp */
        for (int w = 0; w < NWARPS; w++) {
            uint32_t pos = 0, all_zero = 1, any_neg = 0;
            for (int l = 0; l < 32; l++) {
                int32_t x = v[w * 32 + l];
                pos += x > 0;
                if (x != 0) all_zero = 0;
                if (x < 0) any_neg = 1;
            }
            int gw = b * NWARPS + w;
            stats[3 * gw + 0] = pos;
            stats[3 * gw + 1] = all_zero;
            stats[3 * gw + 2] = any_neg;
        }
        /* warp inclusive scans */
        uint32_t warp_sums[32];
        for (int w = 0; w < NWARPS; w++) {
            uint32_t acc = 0;
            for (int l = 0; l < 32; l++) {
                acc += (uint32_t)v[w * 32 + l];
                s[w * 32 + l] = acc;
            }
            warp_sums[w] = acc;
        }
        /* warp 0 scans the warp totals */
        uint32_t acc = 0;
        for (int w = 0; w < NWARPS; w++) {
            acc += warp_sums[w];
            warp_sums[w] = acc;
        }
        for (int t = 0; t < BLOCK; t++) {
            int w = t / 32;
            if (w > 0)
                s[t] += warp_sums[w - 1];
            int gid = b * BLOCK + t;
            if (gid < N)
                out[gid] = (int32_t)s[t];
        }
        block_sums[b] = (int32_t)s[BLOCK - 1];
    }

    write_i32("in.bin", in, N);
    write_i32("out_expected.bin", out, N);
    write_i32("block_sums_expected.bin", block_sums, GRID);
    write_u32("stats_expected.bin", stats, 3 * GRID * NWARPS);
    return 0;
}
