/* Reference for examples/caba/mandel (kernel mandel): escape-time Mandelbrot counts for a
 * W = 384 x H = 256 image of [-2, 1) x [-1, 1) (x0 = -2, y0 = -1, dx = dy = 2^-7, all
 * exact in float), at most MAXIT = 128 iterations: grid (12, 32) x block (32, 8).
 * COMPUTE-BOUND: up to 128 iterations of 11 instructions per pixel, 384 KiB written.
 * Bit-exact, following the PTX: cr = fma((float)px, dx, x0), ci = fma((float)py, dy, y0);
 * each iteration x2 = zr*zr, y2 = zi*zi, stop if y2 + x2 > 4, zi = fma(zi + zi, zr, ci)
 * (the PTX's operand order; the product is the same), zr = (x2 - y2) + cr.
 * The output (iteration counts, 1..128, equal over large areas) compresses well under BDI,
 * but there is little of it.
 * Writes iters_expected.bin (s32 W x H, row-major). */
#include "../../ref_common.h"
#include <math.h>

#define W 384
#define H 256
#define MAXIT 128

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    int32_t *it = xcalloc((size_t)W * H, 4);
    const float x0 = -2.0f, y0 = -1.0f, dx = 0x1p-7f, dy = 0x1p-7f;
    long total = 0;
    for (int py = 0; py < H; py++)
        for (int px = 0; px < W; px++) {
            float cr = fmaf((float)px, dx, x0), ci = fmaf((float)py, dy, y0);
            float zr = 0.0f, zi = 0.0f;
            int n = 0;
            while (n < MAXIT) {
                float x2 = zr * zr, y2 = zi * zi;
                if (y2 + x2 > 4.0f)
                    break;
                zi = fmaf(zi + zi, zr, ci);
                zr = (x2 - y2) + cr;
                n++;
            }
            it[py * W + px] = n;
            total += n;
        }
    write_i32("iters_expected.bin", it, (size_t)W * H);
    printf("mandel: %d x %d, %d iterations at most, %ld in all\n", W, H, MAXIT, total);
    return 0;
}
