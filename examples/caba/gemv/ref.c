/* Reference for examples/caba/gemv (kernel gemv_colmajor): y = A * x for an M = 65536
 * by N = 26 integer matrix stored column-major (6.5 MiB), one thread per row: grid 256 x
 * block 256. Two launches with two vectors (two queries against the same matrix):
 * y1 = A * x1, y2 = A * x2. N = 26 runs nvcc's unrolled-by-4 loop and its remainder.
 *
 * Data (fixed seed): A is a term-frequency matrix (rows: documents, columns: terms),
 * mostly small counts (0..9, many zeros but no all-zero filler) with the odd large
 * count (100..2000) of a stop word; x1, x2 are inverse-document-frequency-like weights
 * (1..100). A 128-byte line of a column holds 32 documents' counts of one term: the
 * small ones are 1-byte deltas from BDI's zero base, a large one becomes the explicit
 * base, so lines take 1-byte deltas (2-byte where two large counts are far apart).
 * y stays far from overflow (at most 26 * 2000 * 100).
 *
 * Writes A.bin (s32 N x M: column j is elements j*M .. j*M+M-1), x1.bin, x2.bin (s32 N),
 * y1_expected.bin, y2_expected.bin (s32 M). */
#include "../../ref_common.h"

#define M 65536
#define N 26

static int32_t A[(size_t)N * M];

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    rng_seed(0x9e3f17);
    int32_t x1[N], x2[N], *y = xcalloc(M, 4);
    for (int j = 0; j < N; j++) {
        int stop = rng_int(0, 6) == 0;                 /* a stop word: large counts */
        int density = rng_int(20, 90);                  /* percent of documents using it */
        for (int i = 0; i < M; i++) {
            int32_t v = 0;
            if (rng_int(0, 99) < density)
                v = rng_int(1, 9);
            if (stop ? rng_int(0, 7) == 0 : rng_int(0, 199) == 0)
                v = rng_int(100, 2000);
            A[(size_t)j * M + i] = v;
        }
        x1[j] = rng_int(1, 100);
        x2[j] = rng_int(1, 100);
    }
    write_i32("A.bin", A, (size_t)N * M);
    write_i32("x1.bin", x1, N);
    write_i32("x2.bin", x2, N);
    for (int q = 0; q < 2; q++) {
        const int32_t *x = q ? x2 : x1;
        for (int i = 0; i < M; i++) {
            int32_t s = 0;
            for (int j = 0; j < N; j++)
                s += A[(size_t)j * M + i] * x[j];
            y[i] = s;
        }
        write_i32(q ? "y2_expected.bin" : "y1_expected.bin", y, M);
    }
    printf("gemv: %d x %d\n", M, N);
    return 0;
}
