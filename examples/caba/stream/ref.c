/* Reference for examples/caba/stream (kernels stream_copy, stream_scale, stream_add,
 * stream_triad): the four STREAM kernels over N = 524288 32-bit unsigned integers per
 * array (2 MiB each, 6 MiB in all), s = 3, launched in STREAM's order
 *     copy c = a;  scale b = s*c;  add c = a + b;  triad a = b + s*c
 * with grid 2048 x block 256 (one element per thread).
 *
 * Data (fixed seed): a holds event timestamps in milliseconds, non-decreasing, usually
 * 0..3 ms apart with a gap of 1..4 s about once in 400 events; b holds packet sizes
 * (40..1500 bytes, mostly small or full-size); c holds per-flow sequence counters (a
 * counter that runs up by 1 and restarts now and then). Neighbouring values are close,
 * so BDI stores most 128-byte lines as a 4-byte base with 1- or 2-byte deltas; the
 * products and sums the kernels write stay close too. Nothing is zero filler.
 * b's and c's initial contents are overwritten before they are read (as in STREAM),
 * but they are loaded all the same.
 *
 * Writes a.bin, b.bin, c.bin (u32, the inputs) and the array each launch writes:
 * c_copy.bin, b_scale.bin, c_add.bin, a_triad.bin. */
#include "../../ref_common.h"

#define N 524288u
#define S 3u

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    uint32_t *a = xcalloc(N, 4), *b = xcalloc(N, 4), *c = xcalloc(N, 4);

    rng_seed(0x5743a11);
    uint32_t t = 3600000u;                      /* one hour into the trace, in ms */
    uint32_t seq = (uint32_t)rng_int(1, 5000);
    for (uint32_t i = 0; i < N; i++) {
        if (rng_int(0, 399) == 0)
            t += (uint32_t)rng_int(1000, 4000);  /* idle gap */
        else
            t += (uint32_t)rng_int(0, 3);
        a[i] = t;
        uint32_t k = rng_u32() % 10;
        b[i] = k < 5 ? (uint32_t)rng_int(40, 120) : k < 8 ? 1500u : (uint32_t)rng_int(121, 1499);
        if (rng_int(0, 999) == 0)
            seq = (uint32_t)rng_int(1, 5000);   /* a new flow */
        c[i] = seq++;
    }
    write_u32("a.bin", a, N);
    write_u32("b.bin", b, N);
    write_u32("c.bin", c, N);

    for (uint32_t i = 0; i < N; i++) c[i] = a[i];
    write_u32("c_copy.bin", c, N);
    for (uint32_t i = 0; i < N; i++) b[i] = S * c[i];
    write_u32("b_scale.bin", b, N);
    for (uint32_t i = 0; i < N; i++) c[i] = a[i] + b[i];
    write_u32("c_add.bin", c, N);
    for (uint32_t i = 0; i < N; i++) a[i] = b[i] + S * c[i];
    write_u32("a_triad.bin", a, N);

    printf("stream: N = %u, s = %u, a from %u to %u ms\n", N, S, 3600000u, t);
    return 0;
}
