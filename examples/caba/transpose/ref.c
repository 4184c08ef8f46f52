/* Reference for examples/caba/transpose (kernel transpose_diag): out = in^T through a
 * padded 32 x 32 shared-memory tile, blocks in diagonal order (CUDA SDK
 * transposeDiagonal), for an image of ROWS = 768 x COLS = 1280 32-bit integers
 * (3.75 MiB), then in = out^T (the same kernel on out, into in cleared first).
 * Launches: grid (40,24) x block (32,8), then grid (24,40) x block (32,8).
 *
 * Data (fixed seed): a raw frame of a 16-bit thermal camera stored one value per int32:
 * a background near 7400 counts with gentle gradients, a few hot spots (Gaussian bumps of
 * 1500..6000 counts), sensor noise of +-2 counts, and rare dead (0) and saturated (65535)
 * pixels. Neighbouring pixels differ little in both directions, so BDI stores most
 * 128-byte lines of in and of out as a 4-byte base with 1-byte deltas (2-byte deltas on
 * the hot spots' flanks).
 *
 * Writes in.bin (s32, ROWS x COLS), out_expected.bin (s32, COLS x ROWS) and
 * back_expected.bin (= in.bin, what in holds after the second launch). */
#include "../../ref_common.h"
#include <math.h>

#define ROWS 768
#define COLS 1280
#define NSPOT 6

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    int32_t *in = xcalloc((size_t)ROWS * COLS, 4), *out = xcalloc((size_t)ROWS * COLS, 4);
    const double pi = 3.14159265358979323846;

    rng_seed(0x7a05e);
    double sx[NSPOT], sy[NSPOT], sa[NSPOT], ss[NSPOT];
    for (int k = 0; k < NSPOT; k++) {
        sx[k] = rng_int(40, COLS - 40);
        sy[k] = rng_int(40, ROWS - 40);
        sa[k] = rng_int(1500, 6000);
        ss[k] = rng_int(15, 60);
    }
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < COLS; x++) {
            double v = 7400.0 + 250.0 * sin(2 * pi * x / COLS + 0.3) * cos(1.5 * pi * y / ROWS)
                       + 120.0 * y / ROWS;
            for (int k = 0; k < NSPOT; k++) {
                double dx = x - sx[k], dy = y - sy[k];
                v += sa[k] * exp(-(dx * dx + dy * dy) / (2 * ss[k] * ss[k]));
            }
            int32_t p = (int32_t)lround(v) + rng_int(-2, 2);
            uint32_t r = rng_u32() % 50000;
            if (r == 0)
                p = 0;                                   /* dead pixel */
            else if (r == 1)
                p = 65535;                               /* saturated pixel */
            in[(size_t)y * COLS + x] = p < 0 ? 0 : p > 65535 ? 65535 : p;
        }
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < COLS; x++)
            out[(size_t)x * ROWS + y] = in[(size_t)y * COLS + x];
    write_i32("in.bin", in, (size_t)ROWS * COLS);
    write_i32("out_expected.bin", out, (size_t)ROWS * COLS);
    write_i32("back_expected.bin", in, (size_t)ROWS * COLS);
    printf("transpose: %d x %d\n", ROWS, COLS);
    return 0;
}
