/* Reference for examples/caba/stencil (kernel heat5): explicit steps of the 2D heat
 * equation with the 5-point stencil in fixed point, on NX = 1024 x NY = 512 integer
 * temperatures (2 MiB per buffer), k = 3/16, boundary cells fixed; ITERS = 4 steps
 * ping-ponging A -> B -> A -> B -> A. Each launch: grid (8,64) x block 128, every thread
 * a strip of 8 cells down a column.
 * Interior: out = c + asr(3 * (n + s + w + e - 4c), 4), with asr the arithmetic right
 * shift of the PTX's shr.s32 (rounds towards -inf; written out below so that it does not
 * depend on C's implementation-defined >> of negative values). Sums stay far from
 * overflow (values below 40000).
 *
 * Data (fixed seed): the temperature of a plate in centikelvin (fixed point, as a
 * sensor network or a DSP would keep it): 296 K plus gentle waves of a few kelvin, a
 * slope along y and +-2 cK of sensor noise. Across 32 neighbouring cells (a 128-byte
 * line) values differ by less than about 1.3 K, so BDI keeps nearly every line as a
 * 4-byte base with 1-byte deltas (2-byte on the steepest waves); the steps keep the
 * field as smooth.
 *
 * Writes A.bin (s32, the initial field) and A_after_1.bin .. A_after_4.bin, the field
 * after each step (steps 1 and 3 land in B, steps 2 and 4 in A). */
#include "../../ref_common.h"
#include <math.h>

#define NX 1024
#define NY 512
#define ITERS 4

/* arithmetic shift right by 4 (floor division by 16), for any sign */
static int32_t asr4(int32_t v) { return v < 0 ? ~(~v >> 4) : v >> 4; }

static void step(const int32_t *in, int32_t *out)
{
    for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
            int i = y * NX + x;
            int32_t c = in[i];
            if (x == 0 || y == 0 || x == NX - 1 || y == NY - 1) {
                out[i] = c;
                continue;
            }
            out[i] = c + asr4(3 * (in[i - NX] + in[i + NX] + in[i - 1] + in[i + 1] - 4 * c));
        }
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    int32_t *a = xcalloc((size_t)NX * NY, 4), *b = xcalloc((size_t)NX * NY, 4);
    const double pi = 3.14159265358979323846;

    rng_seed(0x57e9c11);
    double ph1 = rng_unit() * 2 * pi, ph2 = rng_unit() * 2 * pi;
    for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
            double t = 29600.0 + 300.0 * sin(2 * pi * x / NX + ph1) * cos(pi * y / NY)
                       + 150.0 * sin(6 * pi * (x + 2.0 * y) / NX + ph2) + 250.0 * y / NY;
            a[y * NX + x] = (int32_t)lround(t) + rng_int(-2, 2);
        }
    write_i32("A.bin", a, (size_t)NX * NY);

    char name[64];
    int32_t *cur = a, *nxt = b;
    for (int it = 1; it <= ITERS; it++) {
        step(cur, nxt);
        snprintf(name, sizeof name, "A_after_%d.bin", it);
        write_i32(name, nxt, (size_t)NX * NY);
        int32_t *t = cur; cur = nxt; nxt = t;
    }
    printf("stencil: %d x %d, %d steps\n", NX, NY, ITERS);
    return 0;
}
