/* Reference for examples/assist/walk (kernel walk): WARPS = 30 warps (grid 15 x block 64)
 * each walk their own chunk of LINES = 8192 128-byte lines of a (30 x 8192 x 32 u32 =
 * 30 MiB, forty times the 768 KiB L2), one line per loop iteration: lane l of warp w reads
 * a[(w * LINES + it) * 32 + l] at iteration it and folds it into an FNV-style hash,
 *     h = 0x811c9dc5;  h = (h ^ v ^ (v >> 13)) * 0x01000193  (mod 2^32)
 * then writes out[w * 32 + l] = h. LATENCY-BOUND: one CTA of 2 warps per SM (on the 15 SMs
 * of caba-gtx480), each with one load in flight; every line misses to DRAM (read once), so
 * the warps wait out the DRAM latency at every iteration while DRAM stays mostly idle: a
 * workload for a stride prefetcher.
 *
 * Data (fixed seed): a holds 32-bit samples of a noisy counter log (uniform random bits in
 * the low 20 bits over a slowly rising high part), nothing special: the kernel's timing
 * does not depend on the values.
 *
 * Writes a.bin (u32 WARPS * LINES * 32) and out_expected.bin (u32 WARPS * 32). */
#include "../../ref_common.h"

#define WARPS 30
#define LINES 8192
#define NA ((size_t)WARPS * LINES * 32)
#define BW_WARPS 15360   /* run_bw.aw: 1920 CTAs of 256 threads */
#define BW_LINES 16      /* (15360 x 16 = 30 x 8192 lines: the same array) */

/* The kernel's result: 'warps' warps each walking its own 'lines' lines of a. */
static void walk(const uint32_t *a, int warps, int lines, uint32_t *out)
{
    for (int w = 0; w < warps; w++)
        for (int l = 0; l < 32; l++) {
            uint32_t h = 0x811c9dc5u;
            for (int it = 0; it < lines; it++) {
                uint32_t v = a[((size_t)w * lines + it) * 32 + l];
                h = (h ^ v ^ (v >> 13)) * 0x01000193u;
            }
            out[w * 32 + l] = h;
        }
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    uint32_t *a = xcalloc(NA, 4), *out = xcalloc((size_t)WARPS * 32, 4);

    rng_seed(0x3a1c0de);
    for (size_t i = 0; i < NA; i++)
        a[i] = ((uint32_t)(i >> 10) << 20) | (rng_u32() & 0xfffffu);
    walk(a, WARPS, LINES, out);
    write_u32("a.bin", a, NA);
    write_u32("out_expected.bin", out, (size_t)WARPS * 32);
    /* run_bw.aw: the same array walked by BW_WARPS warps of BW_LINES lines each */
    uint32_t *outbw = xcalloc((size_t)BW_WARPS * 32, 4);
    walk(a, BW_WARPS, BW_LINES, outbw);
    write_u32("out_bw_expected.bin", outbw, (size_t)BW_WARPS * 32);
    printf("walk: %d warps x %d lines (%zu u32, %.1f MiB), out[0] = 0x%08x\n", WARPS, LINES,
           NA, NA * 4.0 / (1 << 20), out[0]);
    return 0;
}
