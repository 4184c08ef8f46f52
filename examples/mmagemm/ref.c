/* Reference for examples/mmagemm (CPU): what the kernels compute, from their source and from the
 * accumulation awemu defines for the tensor-core instructions (isa/ISA.md, "Tensor-core
 * instructions"): each element of D is C plus the products over the instruction's k in order, every
 * step fmaf(a, b, acc) (exact products of .f16 or .bf16 values, each sum rounded once to nearest
 * even); an .f16 accumulator is widened exactly and the result rounded to .f16 after each mma (every
 * 16 values of k for m16n8k16, every 4 for m8n8k4).  All matrices row-major:
 *   mma_f16_ldm:   C (f32) = A x B, .f16, M 32, N 48, K 64;
 *   mma_bf16_k8:   C (f32) = A x B, .bf16, M 32, N 24, K 40;
 *   mma_f16_acc16: C (f16) = A x B, .f16 accumulators, M 32, N 24, K 64;
 *   mma_m884_f32:  C (f32) = A x B, .f16, M 32, N 32, K 36;
 *   mma_m884_f16:  C (f16) = A x B, .f16 accumulators, M 32, N 32, K 36.
 * A GPU adds in another order and rounds differently (the PTX ISA leaves both open): ISA.md gives
 * the bound between its results and these.  Writes OUTDIR/{aN,bN}.bin and cN_expected.bin. */
#include "../ref_common.h"

static const struct { int m, n, k, bf, acc16, step; } P[5] = {
    { 32, 48, 64, 0, 0, 16 }, { 32, 24, 40, 1, 0, 8 }, { 32, 24, 64, 0, 1, 16 }, { 32, 32, 36, 0, 0, 4 }, { 32, 32, 36, 0, 1, 4 },
};

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    rng_seed(0x88a4);
    for (int p = 0; p < 5; p++) {
        int M = P[p].m, N = P[p].n, K = P[p].k, bf = P[p].bf;
        uint16_t *a = xcalloc((size_t)M * K, 2), *b = xcalloc((size_t)K * N, 2), *h = xcalloc((size_t)M * N, 2);
        float *c = xcalloc((size_t)M * N, 4);
        for (int i = 0; i < M * K; i++) a[i] = bf ? ref_bf16(rng_float(-2.0f, 2.0f)) : ref_f16(rng_float(-2.0f, 2.0f));
        for (int i = 0; i < K * N; i++) b[i] = bf ? ref_bf16(rng_float(-2.0f, 2.0f)) : ref_f16(rng_float(-2.0f, 2.0f));
        for (int m = 0; m < M; m++)
            for (int n = 0; n < N; n++) {
                float acc = 0.0f;
                uint16_t acc16 = 0;
                for (int k0 = 0; k0 < K; k0 += P[p].step) {
                    if (P[p].acc16) acc = (float)ref_f16v(acc16);
                    for (int k = k0; k < k0 + P[p].step; k++) {
                        float x = (float)(bf ? ref_bf16v(a[m * K + k]) : ref_f16v(a[m * K + k]));
                        float y = (float)(bf ? ref_bf16v(b[k * N + n]) : ref_f16v(b[k * N + n]));
                        acc = fmaf(x, y, acc);
                    }
                    if (P[p].acc16) acc16 = ref_f16(acc);
                }
                c[m * N + n] = acc;
                h[m * N + n] = acc16;
            }
        char name[64];
        snprintf(name, sizeof name, "a%d.bin", p + 1); write_u16(name, a, (size_t)M * K);
        snprintf(name, sizeof name, "b%d.bin", p + 1); write_u16(name, b, (size_t)K * N);
        snprintf(name, sizeof name, "c%d_expected.bin", p + 1);
        if (P[p].acc16) write_u16(name, h, (size_t)M * N); else write_f32(name, c, (size_t)M * N);
        free(a); free(b); free(c); free(h);
    }
    return 0;
}
