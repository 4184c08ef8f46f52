/* Reference for examples/transpose (kernel transpose): out = in^T, in is rows x cols.
 * rows = 100, cols = 70: launch grid (ceil(cols/32), ceil(rows/32)) = (3, 4), block (32, 8).
 * Pure data movement (ld/st.f32 only), so the bits must come through unchanged: the input
 * also holds -0.0, +-inf, a denormal, a quiet NaN with a payload and a signalling NaN.
 * Writes in.bin, out_expected.bin (f32 bit patterns). */
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

#define ROWS 100
#define COLS 70

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static uint32_t in[ROWS * COLS], out[COLS * ROWS];

    rng_seed(0x7a05);
    for (int i = 0; i < ROWS * COLS; i++) {
        float f = rng_float(-1000.0f, 1000.0f);
        memcpy(&in[i], &f, 4);
    }
    in[0] = 0x80000000u;        /* -0.0 */
    in[1] = 0x7f800000u;        /* +inf */
    in[COLS + 3] = 0xff800000u; /* -inf */
    in[5 * COLS + 40] = 0x00000123u; /* denormal */
    in[37 * COLS + 33] = 0x7fc12345u; /* quiet NaN with payload */
    in[99 * COLS + 69] = 0x7f800001u; /* signalling NaN */

    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            out[c * ROWS + r] = in[r * COLS + c];

    write_u32("in.bin", in, ROWS * COLS);
    write_u32("out_expected.bin", out, COLS * ROWS);
    return 0;
}
