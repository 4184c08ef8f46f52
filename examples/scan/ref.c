/* Reference for examples/scan (kernel block_scan): per-block inclusive scan of int
 * (warp shuffles + warp totals in shared memory) and per-warp vote statistics.
 * Launch: grid 4, block 256 (8 warps), n = 980: block 3 has a partially filled warp
 * (960..991) and a warp entirely past n (992..1023, all inputs read as 0).
 * Integer sums wrap like add.s32 (computed here in uint32_t; values stay small anyway).
 * Writes in.bin (s32), out_expected.bin (s32, n), block_sums_expected.bin (s32, grid),
 * stats_expected.bin (u32, 3 per warp: popc(ballot(v > 0)), all(v == 0), any(v < 0)). */
#include "../ref_common.h"

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
