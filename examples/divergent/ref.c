/* Reference for examples/divergent (kernel divergent, with .func gcd, fib, mix).
 * N = 2000 threads of work: launch grid 16, block 128 (48 idle threads).
 * Follows the PTX: r5 = (v ^ lane) % 17; outer i < lane; skip when (i + v) % 3 == 0;
 * inner j from i while j < r5: acc = acc + v + j*i, leave when acc > 1000; leave outer when
 * acc > 5000 (before mix); facc = mix(facc, acc, i) = fma(facc, 0.5f, (float)(i*acc));
 * out = gcd(v + 1, lane + 1) + acc + fib(lane & 7); fout = facc.
 * v < 0: out = -1, fout not written (stays 0.0 from alloc).
 * Integer arithmetic in uint32_t (add/mul wrap in PTX; the values stay small here).
 * Writes in.bin (s32), out_expected.bin (s32), fout_expected.bin (f32). */
#include "../ref_common.h"
#include <math.h>

#define N 2000

static int32_t gcd_ref(int32_t a, int32_t b)
{
    while (b != 0) {          /* rem.s32: C's truncating % */
        int32_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

static int32_t fib_ref(int32_t n) { return n < 2 ? n : fib_ref(n - 1) + fib_ref(n - 2); }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static int32_t in[N], out[N];
    static float fout[N];

    rng_seed(0xd17e);
    for (int i = 0; i < N; i++) {
        uint32_t c = rng_u32() % 20;
        if (c < 2)
            in[i] = rng_int(-1000, -1);        /* early return */
        else if (c < 4)
            in[i] = rng_int(1000, 6000);       /* large: acc passes 1000 / 5000 fast */
        else
            in[i] = rng_int(0, 300);
    }
    in[5] = 0;

    for (int tid = 0; tid < N; tid++) {
        int32_t lane = tid & 31;   /* threadIdx.x & 31 == tid & 31: blocks of 128 */
        int32_t v = in[tid];
        if (v < 0) {
            out[tid] = -1;
            fout[tid] = 0.0f;
            continue;
        }
        uint32_t acc = 0;
        float facc = 0.0f;
        int32_t lim = (v ^ lane) % 17;
        for (int32_t i = 0; i < lane; i++) {
            if ((int32_t)((uint32_t)i + (uint32_t)v) % 3 == 0)
                continue;
            for (int32_t j = i; j < lim; j++) {
                acc = acc + (uint32_t)v + (uint32_t)j * (uint32_t)i;
                if ((int32_t)acc > 1000)
                    break;
            }
            if ((int32_t)acc > 5000)
                break;
            int32_t prod = (int32_t)((uint32_t)i * acc);
            facc = fmaf(facc, 0.5f, (float)prod);
        }
        uint32_t r = (uint32_t)gcd_ref(v + 1, lane + 1) + acc + (uint32_t)fib_ref(lane & 7);
        out[tid] = (int32_t)r;
        fout[tid] = facc;
    }

    write_i32("in.bin", in, N);
    write_i32("out_expected.bin", out, N);
    write_f32("fout_expected.bin", fout, N);
    return 0;
}
