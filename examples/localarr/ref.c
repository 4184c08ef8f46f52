/* Reference for examples/localarr (kernel localarr): int buf[16] in local memory.
 * N = 3000, rounds = 5: launch grid 24, block 128 (72 idle threads).
 * buf[k] = in[(tid + k) % n]; for r < rounds, k < 16: buf[(tid*7 + k + r) & 15] += buf[k] ^ r
 * (in order, reading buf[k] first); out = sum buf[k]*(k+1) + buf[in[tid] & 15].
 * Inputs are full-range 32-bit values, so everything wraps: computed in uint32_t.
 * Writes in.bin, out_expected.bin (s32). */
#include "../ref_common.h"

#define N      3000
#define ROUNDS 5

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static uint32_t in[N], out[N];

    rng_seed(0x10ca1);
    for (int i = 0; i < N; i++)
        in[i] = rng_u32();

    for (uint32_t tid = 0; tid < N; tid++) {
        uint32_t buf[16];
        for (uint32_t k = 0; k < 16; k++)
            buf[k] = in[(tid + k) % N];
        for (uint32_t r = 0; r < ROUNDS; r++)
            for (uint32_t k = 0; k < 16; k++) {
                uint32_t add = buf[k] ^ r;
                uint32_t dst = (tid * 7 + k + r) & 15;
                buf[dst] += add;
            }
        uint32_t s = 0;
        for (uint32_t k = 0; k < 16; k++)
            s += buf[k] * (k + 1);
        out[tid] = s + buf[in[tid] & 15];
    }

    write_u32("in.bin", in, N);
    write_u32("out_expected.bin", out, N);
    return 0;
}
