/* Reference for examples/transpose (kernel transpose): out = in^T, in is rows x cols.
 * rows = 100, cols = 70: launch grid (ceil(cols/32), ceil(rows/32)) = (3, 4), block (32, 8).
 * Pure data movement (ld/st.f32 only), so the bits must come through unchanged: the input
 * also holds -0.0, +-inf, a denormal, a quiet NaN with a payload and a signalling NaN.
 * Writes in.bin, out_expected.bin (f32 bit patterns). */
#include "../ref_common.h"

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
