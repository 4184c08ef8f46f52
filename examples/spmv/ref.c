/* Reference for examples/spmv (kernel spmv_csr): y = A * x, CSR, one thread per row.
 * ROWS = 2500, COLS = 2000: launch grid 20, block 128 (60 idle threads).
 * PTX: sum = +0.0; for j in row order: sum = fma(vals[j], x[col_idx[j]], sum)
 * (remainder loop of (end - begin) % 4 first, then unrolled by 4, same order).
 * Row lengths 0..13 (empty rows give +0.0).
 * Writes row_ptr.bin, col_idx.bin (s32), vals.bin, x.bin, y_expected.bin (f32). */
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

#define ROWS   2500
#define COLS   2000
#define MAXNNZ 13

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static int32_t row_ptr[ROWS + 1], col_idx[ROWS * MAXNNZ];
    static float vals[ROWS * MAXNNZ], x[COLS], y[ROWS];

    rng_seed(0x59a7);
    for (int i = 0; i < COLS; i++)
        x[i] = rng_float(-4.0f, 4.0f);
    int nnz = 0;
    for (int r = 0; r < ROWS; r++) {
        row_ptr[r] = nnz;
        int len = rng_int(0, 9) == 0 ? 0 : rng_int(1, MAXNNZ);
        for (int k = 0; k < len; k++) {
            col_idx[nnz] = rng_int(0, COLS - 1);
            vals[nnz] = rng_float(-3.0f, 3.0f);
            nnz++;
        }
    }
    row_ptr[ROWS] = nnz;

    for (int r = 0; r < ROWS; r++) {
        float sum = 0.0f;
        for (int j = row_ptr[r]; j < row_ptr[r + 1]; j++)
            sum = fmaf(vals[j], x[col_idx[j]], sum);
        y[r] = sum;
    }

    write_i32("row_ptr.bin", row_ptr, ROWS + 1);
    write_i32("col_idx.bin", col_idx, (size_t)nnz);
    write_f32("vals.bin", vals, (size_t)nnz);
    write_f32("x.bin", x, COLS);
    write_f32("y_expected.bin", y, ROWS);
    printf("spmv: %d nonzeros\n", nnz);
    return 0;
}
