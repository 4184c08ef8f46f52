/* Reference for examples/caba/randsum (kernel randsum): a checksum of N = 1572864 random 32-bit words
 * (6 MiB), grid 384 x block 256: thread t of block b folds words b*4096 + t + 256k, k = 0..15, as
 * acc = rotl(acc, 1) ^ word; the block's 256 results are summed (mod 2^32) into out[b].
 * The words are uniformly random (splitmix64, fixed seed): no 128-byte line compresses under BDI,
 * FPC or C-Pack; the control case of CABA section 6 ("applications without compressible data ...
 * do not incur any performance degradation").
 * Writes in.bin (u32) and out_expected.bin (384 x u32). */
#include "../../ref_common.h"

#define N 1572864u
#define BLOCKS 384u

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    uint32_t *in = xcalloc(N, 4), *out = xcalloc(BLOCKS, 4);
    rng_seed(0xbadc0ffee);
    for (uint32_t i = 0; i < N; i++)
        in[i] = rng_u32();
    for (uint32_t b = 0; b < BLOCKS; b++) {
        uint32_t sum = 0;
        for (uint32_t t = 0; t < 256u; t++) {
            uint32_t acc = 0;
            for (uint32_t k = 0; k < 16u; k++) {
                uint32_t j = b * 4096u + t + k * 256u;
                if (j < N)
                    acc = (acc << 1 | acc >> 31) ^ in[j];
            }
            sum += acc;
        }
        out[b] = sum;
    }
    write_u32("in.bin", in, N);
    write_u32("out_expected.bin", out, BLOCKS);
    return 0;
}
