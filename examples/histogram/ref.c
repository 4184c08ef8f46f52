/* Reference for examples/histogram (kernels histogram256 and minmax_stats).
 *
 * histogram256: n = 10007 bytes, launch grid 12, block 96 (grid-stride loop, ~9 items per
 * thread; 96 does not divide 256, so the bin-clearing and merge loops are uneven). Integer
 * atomics only: the result is order independent. Bytes 200..209 never occur (their bins
 * stay 0 and skip the red), and about half of the bytes fall in 0..15 (contention).
 *
 * minmax_stats: n = 250, launch grid 4, block 64 (last 6 threads idle). Deterministic
 * results: stats[0] = min, stats[1] = max, stats[2] = n, stats[3] = the index of the only
 * zero value (atomicCAS from -1), stats[5] = OR of 1 << (v & 31).
 * NOT deterministic on a GPU: stats[4] (the last atomicExch wins: any one of vals) and
 * order[] (the values atomicAdd returned: some permutation of 0..n-1). The run checks
 * order[] through a property: histogram256 run over the 4*n bytes of order[] must give
 * bin b = 1 for 1 <= b < n, bin 0 = 1 + 3n (the high bytes), every other bin 0.
 *
 * Values with v & 31 in {5, 12, 20, 27} are left out, so stats[5] is not all ones.
 *
 * Writes data.bin (u8), hist_expected.bin (u32 x 256), vals.bin (s32), stats_init.bin
 * (s32 x 6: INT_MAX, INT_MIN, 0, -1, 0x12345678, 0), order_hist_expected.bin (u32 x 256)
 * and stats_check.txt (the deterministic stats values, which run.aw states inline). */
#include "../ref_common.h"

#define HN    10007
#define MN    250
#define ZERO_AT 137

int main(int argc, char **argv)
{
    ref_init(argc, argv);

    /* ---- histogram256 ---- */
    static unsigned char data[HN];
    static uint32_t hist[256];
    rng_seed(0x4157);
    for (int i = 0; i < HN; i++) {
        int v;
        if (rng_u32() & 1)
            v = rng_int(0, 15);
        else
            do v = rng_int(0, 255); while (v >= 200 && v <= 209);
        data[i] = (unsigned char)v;
    }
    for (int i = 0; i < HN; i++)
        hist[data[i]]++;
    write_bytes("data.bin", data, HN);
    write_u32("hist_expected.bin", hist, 256);

    /* ---- minmax_stats ---- */
    static int32_t vals[MN];
    rng_seed(0x3131);
    for (int i = 0; i < MN; i++) {
        uint32_t r;
        do {
            vals[i] = rng_int(-100000, 100000);
            r = (uint32_t)vals[i] & 31u;
        } while (vals[i] == 0 || r == 5 || r == 12 || r == 20 || r == 27);
    }
    vals[ZERO_AT] = 0;
    vals[17] = -2147483647 - 1;  /* INT_MIN: min, and v & 31 = 0 */
    vals[203] = 2147483647;      /* INT_MAX: max, and v & 31 = 31 */

    int32_t init[6] = { 2147483647, -2147483647 - 1, 0, -1, 0x12345678, 0 };
    int32_t mn = init[0], mx = init[1];
    uint32_t mask = 0;
    int first_zero = -1;
    for (int i = 0; i < MN; i++) {
        if (vals[i] < mn) mn = vals[i];
        if (vals[i] > mx) mx = vals[i];
        mask |= 1u << ((uint32_t)vals[i] & 31u);
        if (vals[i] == 0 && first_zero < 0) first_zero = i;
    }
    write_i32("vals.bin", vals, MN);
    write_i32("stats_init.bin", init, 6);

    /* The run script states these values inline (expect stats at I V); they are also
     * written here so that a change to the generator shows up. */
    char path[4096];
    snprintf(path, sizeof path, "%s/stats_check.txt", g_outdir);
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "ref: cannot write %s\n", path); return 1; }
    fprintf(f, "stats[0] %d\nstats[1] %d\nstats[2] %d\nstats[3] %d\nstats[5] %u (0x%08x)\n",
            mn, mx, MN, first_zero, mask, mask);
    fclose(f);

    /* order[] holds a permutation of 0..MN-1 (MN <= 256): byte histogram of its 4*MN bytes */
    static uint32_t ohist[256];
    for (int v = 0; v < MN; v++) {
        ohist[v & 0xff]++;
        ohist[(v >> 8) & 0xff]++;
        ohist[(v >> 16) & 0xff]++;
        ohist[(v >> 24) & 0xff]++;
    }
    write_u32("order_hist_expected.bin", ohist, 256);

    printf("stats: min %d max %d count %d zero_at %d mask 0x%08x\n", mn, mx, MN, first_zero, mask);
    return 0;
}
