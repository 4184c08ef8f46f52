/* Reference for examples/nw (CPU): Needleman-Wunsch scores over a 64 x 64 similarity matrix, by
 * the recurrence itself (no blocks): score[i][j] = max(score[i-1][j-1] + sim[i][j],
 * score[i][j-1] - p, score[i-1][j] - p), score[0][j] = -p j, score[i][0] = -p i, p = 10.
 * Writes OUTDIR/sim.bin, OUTDIR/score0.bin (the borders set, the rest 0) and score_expected.bin. */
#include "../ref_common.h"

enum { N = 64, C = N + 1, P = 10 };

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static int32_t sim[C * C], s0[C * C], s[C * C];
    rng_seed(0x4e57);
    for (int i = 1; i < C; i++)
        for (int j = 1; j < C; j++) sim[i * C + j] = rng_int(-5, 5);
    for (int i = 0; i < C; i++) { s0[i] = -P * i; s0[i * C] = -P * i; }
    memcpy(s, s0, sizeof s);
    for (int i = 1; i < C; i++)
        for (int j = 1; j < C; j++) {
            int a = s[(i - 1) * C + j - 1] + sim[i * C + j], b = s[i * C + j - 1] - P, c = s[(i - 1) * C + j] - P;
            int m = a > b ? a : b;
            s[i * C + j] = m > c ? m : c;
        }
    write_i32("sim.bin", sim, C * C);
    write_i32("score0.bin", s0, C * C);
    write_i32("score_expected.bin", s, C * C);
    return 0;
}
