/* Reference for examples/cubblock (CPU; what CUB's collectives compute, from their documentation):
 * per block b of 256 ints: sums[b] = the sum (wrapping at 32 bits, as int addition on the GPU),
 * maxs[b] = the largest, excl[i] = the sum of the block's elements before i (0 for the first),
 * incl[i] = the largest of the block's elements up to i, aggr[b] = the block's sum again (the
 * ExclusiveSum's aggregate), wsum[8 b + w] = the sum of warp w's 32 elements.
 * Input: 12 blocks; values in [-1000000, 1000000], one block all equal, one all negative, one
 * with INT_MAX and INT_MIN (the sums wrap).  Writes DIR/in.bin and the expected outputs. */
#include "../ref_common.h"

enum { B = 12, N = B * 256 };

static int32_t wrap_add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static int32_t in[N], excl[N], incl[N], sums[B], maxs[B], aggr[B], wsum[B * 8];
    rng_seed(0xcb10c);
    for (int i = 0; i < N; i++) in[i] = rng_int(-1000000, 1000000);
    for (int i = 256; i < 512; i++) in[i] = 77;                      /* block 1: all equal */
    for (int i = 512; i < 768; i++) in[i] = rng_int(-1000000, -1);   /* block 2: all negative */
    in[768] = INT32_MAX; in[769] = INT32_MAX; in[900] = INT32_MIN;   /* block 3: sums wrap */
    for (int b = 0; b < B; b++) {
        int32_t s = 0, m = in[b * 256];
        for (int t = 0; t < 256; t++) {
            int32_t v = in[b * 256 + t];
            excl[b * 256 + t] = s;
            s = wrap_add(s, v);
            if (v > m) m = v;
            incl[b * 256 + t] = m;   /* the running max from the block's start */
            wsum[b * 8 + t / 32] = t % 32 ? wrap_add(wsum[b * 8 + t / 32], v) : v;
        }
        sums[b] = s; maxs[b] = m; aggr[b] = s;
    }
    write_i32("in.bin", in, N);
    write_i32("sums_expected.bin", sums, B);
    write_i32("maxs_expected.bin", maxs, B);
    write_i32("excl_expected.bin", excl, N);
    write_i32("incl_expected.bin", incl, N);
    write_i32("aggr_expected.bin", aggr, B);
    write_i32("wsum_expected.bin", wsum, B * 8);
    return 0;
}
