/* Reference for examples/spmv (kernel spmv_csr): y = A * x, CSR, one thread per row.
 * ROWS = 2500, COLS = 2000: launch grid 20, block 128 (60 idle threads).
 * PTX: sum = +0.0; for j in row order: sum = fma(vals[j], x[col_idx[j]], sum)
 * (remainder loop of (end - begin) % 4 first, then unrolled by 4, same order).
 * Row lengths 0..13 (empty rows give +0.0).
 * Writes row_ptr.bin, col_idx.bin (s32), vals.bin, x.bin, y_expected.bin (f32). */
#include "../ref_common.h"
#include <math.h>

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
