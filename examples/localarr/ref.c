/* Reference for examples/localarr (kernel localarr): int buf[16] in local memory.
 * N = 3000, rounds = 5: launch grid 24, block 128 (72 idle threads).
 * buf[k] = in[(tid + k) % n]; for r < rounds, k < 16: buf[(tid*7 + k + r) & 15] += buf[k] ^ r
 * (in order, reading buf[k] first); out = sum buf[k]*(k+1) + buf[in[tid] & 15].
 * Inputs are full-range 32-bit values, so everything wraps: computed in uint32_t.
 * Writes in.bin, out_expected.bin (s32). */
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

#define N      3000
#define ROUNDS 5

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static uint32_t in[N], out[N];

    rng_seed(0x10ca1);
    for (int i = 0; i < N; i++)
        in[i] = rng_u32();

    for (uint32_t tid = 0; tid < N; tid++) {
        uint32_t buf[16];
        for (uint32_t k = 0; k < 16; k++)
            buf[k] = in[(tid + k) % N];
        for (uint32_t r = 0; r < ROUNDS; r++)
            for (uint32_t k = 0; k < 16; k++) {
                uint32_t add = buf[k] ^ r;
                uint32_t dst = (tid * 7 + k + r) & 15;
                buf[dst] += add;
            }
        uint32_t s = 0;
        for (uint32_t k = 0; k < 16; k++)
            s += buf[k] * (k + 1);
        out[tid] = s + buf[in[tid] & 15];
    }

    write_u32("in.bin", in, N);
    write_u32("out_expected.bin", out, N);
    return 0;
}
