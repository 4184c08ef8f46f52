/* Reference for examples/assist/gather (kernel gather): WARPS = 30 warps (grid 15 x
 * block 64) each read their own chunk of LINES = 4096 128-byte lines of the index array b
 * (30 x 4096 x 32 u32 = 15 MiB), one line per loop iteration (lane l of warp w reads
 * idx = b[(w * LINES + it) * 32 + l] at iteration it), gather x = a[idx] from a
 * (NA = 2^21 floats = 8 MiB, eleven times the 768 KiB L2) and accumulate
 *     s = fmaf(x, x, s)   (from +0, in order of it)
 * then write out[w * 32 + l] = s. LATENCY-BOUND: one CTA of 2 warps per SM (on the 15 SMs
 * of caba-gtx480); each iteration waits for the index line, then for the gathered lines,
 * which miss to DRAM (a is 8 MiB and read at random), while DRAM stays lightly used: a
 * workload for a prefetcher of the indirect pattern a[b[i]].
 *
 * Data (fixed seed): a holds floats uniform in [-1, 1). a is a table of NA / RUN rows of
 * RUN = 16 floats (64 bytes: e.g. the rows of a feature or embedding table of dimension
 * 16); b lists rows in random order, each as its RUN element indices (row * 16 + 0..15),
 * the rows drawn uniformly at random. So each half-warp gathers one 64-byte row per
 * iteration, and a warp's gather touches two random lines of a. (With every lane's index
 * drawn independently a warp's gather touches 32 lines, and the same launch is bound by
 * DRAM bandwidth on caba-gtx480, about 70% busy, instead of latency.)
 *
 * Writes a.bin (f32 NA), b.bin (u32 WARPS * LINES * 32) and out_expected.bin
 * (f32 WARPS * 32). */
#include "../../ref_common.h"
#include <math.h>

#define WARPS 30
#define LINES 4096
#define NA (1u << 21)
#define RUN 16
#define NB ((size_t)WARPS * LINES * 32)

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    float *a = xcalloc(NA, 4), *out = xcalloc((size_t)WARPS * 32, 4);
    uint32_t *b = xcalloc(NB, 4);

    rng_seed(0x9a7e4e5);
    for (uint32_t i = 0; i < NA; i++)
        a[i] = rng_float(-1.0f, 1.0f);
    for (size_t i = 0; i < NB; i += RUN) {
        uint32_t row = (uint32_t)rng_int(0, (int32_t)(NA / RUN) - 1);
        for (int k = 0; k < RUN; k++)
            b[i + k] = row * RUN + (uint32_t)k;
    }
    for (int w = 0; w < WARPS; w++)
        for (int l = 0; l < 32; l++) {
            float s = 0.0f;
            for (int it = 0; it < LINES; it++) {
                float x = a[b[((size_t)w * LINES + it) * 32 + l]];
                s = fmaf(x, x, s);
            }
            out[w * 32 + l] = s;
        }
    write_f32("a.bin", a, NA);
    write_u32("b.bin", b, NB);
    write_f32("out_expected.bin", out, (size_t)WARPS * 32);
    printf("gather: %d warps x %d lines of indices (%.1f MiB), a: %u floats (%.1f MiB) in rows of %d, out[0] = %.6f\n",
           WARPS, LINES, NB * 4.0 / (1 << 20), NA, NA * 4.0 / (1 << 20), RUN, out[0]);
    return 0;
}
