/* Reference for examples/dynshared (kernel dynshared): dynamic + static shared memory.
 * N = 1000, two launches of the same kernel into separate outputs:
 *   A: grid 11, block 96 (3 full warps),            shared = 96*4 = 384 bytes
 *   B: grid 13, block 80 (2 full warps + 16 lanes), shared = 80*4 = 320 bytes
 * (both have idle threads in the last block; their s[] entries are 0.0).
 * Per block: s[t] = in[gid] or 0; v = s[t]; r = s[t+1] if lane < 31 and t+1 < blockDim
 * else v; s[t] = mul.f32(add.f32(v, r), 0.5); lane 0: m = max over s[t..t+31] within the
 * block (max.f32 is exact; order irrelevant, no NaNs or -0.0 in the data);
 * out[gid] = sub.f32(s[t], warp_max[t/32]); flags[block] = 1.
 * Inputs in [-10, 10], never 0 (so no -0.0 can arise). Writes in.bin, outA_expected.bin,
 * outB_expected.bin (f32). */
#include "../ref_common.h"
#include <math.h>

#define N 1000

static void run(const float *in, float *out, int grid, int block)
{
    float *s = xcalloc((size_t)block, sizeof *s);
    float *s2 = xcalloc((size_t)block, sizeof *s2);
    float warp_max[32];
    for (int bi = 0; bi < grid; bi++) {
        for (int t = 0; t < block; t++) {
            int gid = bi * block + t;
            s[t] = gid < N ? in[gid] : 0.0f;
        }
        for (int t = 0; t < block; t++) {
            int lane = t & 31;
            float v = s[t];
            float r = (lane < 31 && t + 1 < block) ? s[t + 1] : v;
            float sum = v + r;
            s2[t] = sum * 0.5f;
        }
        for (int t = 0; t < block; t += 32) {
            float m = s2[t];
            for (int k = 1; k < 32 && t + k < block; k++)
                m = fmaxf(m, s2[t + k]);
            warp_max[t / 32] = m;
        }
        for (int t = 0; t < block; t++) {
            int gid = bi * block + t;
            if (gid < N)
                out[gid] = s2[t] - warp_max[t / 32];
        }
    }
    free(s);
    free(s2);
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static float in[N], outA[N], outB[N];

    rng_seed(0xd5);
    for (int i = 0; i < N; i++) {
        float f;
        do f = rng_float(-10.0f, 10.0f); while (f == 0.0f);
        in[i] = f;
    }
    run(in, outA, (N + 95) / 96, 96);
    run(in, outB, (N + 79) / 80, 80);

    write_f32("in.bin", in, N);
    write_f32("outA_expected.bin", outA, N);
    write_f32("outB_expected.bin", outB, N);
    return 0;
}
