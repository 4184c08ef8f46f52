/* Reference for tests/emu/insn/async's cp.async kernel (cpa), from the PTX ISA's definition of
 * cp.async: cp-size bytes are written to shared memory, the first src-size of them from the
 * source and the rest zero; with ignore-src true, all zero.
 * src: 128 u32 words, word i = 0x01010101 * (i + 1) (every byte of word i is i + 1).
 * Lane l (32 lanes), 16 words of out each:
 *   0-3   16 bytes of src + 16 l with source size l % 17
 *   4-5   8 bytes of src + 16 l + 8, zero in the odd lanes (ignore-src)
 *   6-9   16 bytes of src + 16 l (.cg, a cache policy: a hint, the same bytes)
 *   10    4 bytes of src + 16 l + 12 (.shared::cta)
 *   11-15 zero (the kernel writes word 11; the buffer starts zeroed)
 * Writes DIR/src.bin and DIR/cpa_expected.bin. */
#include "../ref_common.h"

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static uint8_t src[512];
    static uint64_t srcw[128], out[32 * 16];
    for (int i = 0; i < 128; i++) srcw[i] = 0x01010101u * (uint64_t)(i + 1);
    for (int i = 0; i < 512; i++) src[i] = (uint8_t)(i / 4 + 1);
    for (int l = 0; l < 32; l++) {
        uint8_t b[64] = { 0 };
        int n = l % 17;
        for (int k = 0; k < n; k++) b[k] = src[16 * l + k];
        if (!(l & 1)) for (int k = 0; k < 8; k++) b[16 + k] = src[16 * l + 8 + k];
        for (int k = 0; k < 16; k++) b[24 + k] = src[16 * l + k];
        for (int k = 0; k < 4; k++) b[40 + k] = src[16 * l + 12 + k];
        for (int w = 0; w < 16; w++)
            out[16 * l + w] = (uint32_t)b[4 * w] | (uint32_t)b[4 * w + 1] << 8 | (uint32_t)b[4 * w + 2] << 16 | (uint32_t)b[4 * w + 3] << 24;
    }
    ref_write("src.bin", srcw, 128, 4);
    ref_write("cpa_expected.bin", out, 32 * 16, 4);
    return 0;
}
