/* Reference for examples/caba/spmv (kernel spmv_csr4): CSR y = A * x with 4 threads per
 * row, for a banded NR = 98304 x NR matrix with 835620 nonzeros (col_idx and vals
 * 3.2 MiB each; row_ptr, x, y 384 KiB each): grid 1536 x block 256 (64 rows per block).
 * Two launches, as two steps of a power iteration: y = A * x, then z = A * y.
 * Bit-exact, following the PTX: lane l (0..3) of a row sums s_l = fma(vals[j],
 * x[col[j]], s_l) over j = begin + l, begin + l + 4, ... from +0.0; then two butterfly
 * steps (xor 2, 1), each v_l = v_l + v_(l^off) (add.f32): y = (s0 + s2) + (s1 + s3).
 *
 * Data (fixed seed): a finite-element-like operator on a locality-ordered mesh: each row
 * has MINNZ..MAXNZ (5..12) entries within BW = 20 columns of the diagonal (the diagonal
 * always), columns sorted. Off-diagonal values take few levels: each region of 4096 rows
 * (a material) has one coefficient from {-1, -0.5, -0.25, -2}, and a third of the entries
 * are halved; the diagonal is 0.5 minus the row's off-diagonal sum (diagonally dominant).
 * Everything is a multiple of 1/8, so those sums are exact in float. x is a smooth field
 * (values 0.5..2.5).
 * BDI: col_idx lines (32 nearby column numbers) take 1-byte deltas, row_ptr lines 2-byte
 * deltas; the float vals (few levels, but mixed signs and exponents) stay uncompressed,
 * as floats usually do under BDI, and x, y, z mostly too.
 *
 * Writes row_ptr.bin, col_idx.bin (s32), vals.bin, x.bin (f32), y_expected.bin,
 * z_expected.bin (f32 NR); prints the number of nonzeros (run.aw allocates exactly it). */
#include "../../ref_common.h"
#include <math.h>

#define NR 98304
#define BW 20
#define MINNZ 5
#define MAXNZ 12
#define LANES 4

static int32_t row_ptr[NR + 1], col_idx[NR * MAXNZ];
static float vals[NR * MAXNZ], x[NR], y[NR], z[NR];

static void spmv(const float *in, float *out)
{
    for (int r = 0; r < NR; r++) {
        float s[LANES];
        for (int l = 0; l < LANES; l++) {
            s[l] = 0.0f;
            for (int j = row_ptr[r] + l; j < row_ptr[r + 1]; j += LANES)
                s[l] = fmaf(vals[j], in[col_idx[j]], s[l]);
        }
        for (int off = LANES / 2; off > 0; off /= 2) {
            float v[LANES];
            for (int l = 0; l < LANES; l++)
                v[l] = s[l] + s[l ^ off];
            memcpy(s, v, sizeof s);
        }
        out[r] = s[0];
    }
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    rng_seed(0x5b3a7);
    static const float levels[4] = { -1.0f, -0.5f, -0.25f, -2.0f };
    float coef = -1.0f;
    int nnz = 0;
    for (int r = 0; r < NR; r++) {
        if (r % 4096 == 0)
            coef = levels[rng_int(0, 3)];
        row_ptr[r] = nnz;
        int want = rng_int(MINNZ, MAXNZ);
        unsigned char used[2 * BW + 1] = { 0 };
        used[BW] = 1;                                    /* the diagonal */
        int have = 1;
        while (have < want) {
            int off = rng_int(-BW, BW);
            if (r + off < 0 || r + off >= NR || used[off + BW])
                continue;
            used[off + BW] = 1;
            have++;
        }
        int diag_at = -1;
        float offsum = 0.0f;
        for (int o = 0; o <= 2 * BW; o++) {
            if (!used[o])
                continue;
            col_idx[nnz] = r + o - BW;
            if (o == BW) {
                diag_at = nnz;
            } else {
                float v = rng_int(0, 2) == 0 ? 0.5f * coef : coef;
                vals[nnz] = v;
                offsum += v;
            }
            nnz++;
        }
        vals[diag_at] = 0.5f - offsum;
    }
    row_ptr[NR] = nnz;
    for (int i = 0; i < NR; i++)
        x[i] = (float)(1.5 + 0.75 * sin(i / 700.0) + 0.25 * cos(i / 91.0));

    write_i32("row_ptr.bin", row_ptr, NR + 1);
    write_i32("col_idx.bin", col_idx, (size_t)nnz);
    write_f32("vals.bin", vals, (size_t)nnz);
    write_f32("x.bin", x, NR);
    spmv(x, y);
    write_f32("y_expected.bin", y, NR);
    spmv(y, z);
    write_f32("z_expected.bin", z, NR);
    printf("spmv: %d rows, %d nonzeros\n", NR, nnz);
    return 0;
}
