/* Reference for examples/wmmagemm (CPU): what the kernels compute, from their source and from the
 * accumulation awemu defines for the tensor-core instructions (isa/ISA.md, "Tensor-core
 * instructions"): each element of D is C plus the products over k = 0, 1, ... in order, every step
 * fmaf(a, b, acc) (the product of two .f16 or .bf16 values is exact in float, so a step is the exact
 * sum rounded once to nearest even); an .f16 accumulator is widened exactly and the float result
 * rounded to .f16 (nearest even) after each mma, that is after every 16 values of k.
 *   wmma_f16_f32: C = A x B, A 48 x 80 row-major, B 80 x 64 stored column-major, C float row-major;
 *   wmma_bf16:    C = 2 (C0 + A x B), A 32 x 64 stored column-major, B 64 x 48 row-major,
 *                 C float column-major (C0 its initial contents; x 2 is exact);
 *   wmma_f16_f16: C = A x B with .f16 accumulators, A 32 x 96 and B 96 x 32 row-major, C .f16.
 * A GPU's tensor cores add the products in another order and round differently (the PTX ISA leaves
 * both to the implementation), so on a GPU these outputs differ from these in the last bits: ISA.md
 * gives the bound.  Writes OUTDIR/{a1,bt1,a2,b2,c2,a3,b3}.bin and the expected outputs. */
#include "../ref_common.h"

enum { M1 = 48, N1 = 64, K1 = 80, M2 = 32, N2 = 48, K2 = 64, M3 = 32, N3 = 32, K3 = 96 };

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    rng_seed(0x3a3a);
    static uint16_t a1[M1 * K1], bt1[N1 * K1];
    static float c1[M1 * N1];
    for (int i = 0; i < M1 * K1; i++) a1[i] = ref_f16(rng_float(-2.0f, 2.0f));
    for (int i = 0; i < N1 * K1; i++) bt1[i] = ref_f16(rng_float(-2.0f, 2.0f));
    for (int m = 0; m < M1; m++)
        for (int n = 0; n < N1; n++) {
            float acc = 0.0f;
            for (int k = 0; k < K1; k++) acc = fmaf((float)ref_f16v(a1[m * K1 + k]), (float)ref_f16v(bt1[n * K1 + k]), acc);
            c1[m * N1 + n] = acc;
        }
    write_u16("a1.bin", a1, M1 * K1);
    write_u16("bt1.bin", bt1, N1 * K1);
    write_f32("c1_expected.bin", c1, M1 * N1);

    static uint16_t at2[K2 * M2], b2[K2 * N2];
    static float ct2[N2 * M2], d2[N2 * M2];
    for (int i = 0; i < K2 * M2; i++) at2[i] = ref_bf16(rng_float(-3.0f, 3.0f));
    for (int i = 0; i < K2 * N2; i++) b2[i] = ref_bf16(rng_float(-3.0f, 3.0f));
    for (int i = 0; i < N2 * M2; i++) ct2[i] = rng_float(-10.0f, 10.0f);
    for (int m = 0; m < M2; m++)
        for (int n = 0; n < N2; n++) {
            float acc = ct2[n * M2 + m];
            for (int k = 0; k < K2; k++) acc = fmaf((float)ref_bf16v(at2[k * M2 + m]), (float)ref_bf16v(b2[k * N2 + n]), acc);
            d2[n * M2 + m] = 2.0f * acc;
        }
    write_u16("at2.bin", at2, K2 * M2);
    write_u16("b2.bin", b2, K2 * N2);
    write_f32("ct2.bin", ct2, N2 * M2);
    write_f32("ct2_expected.bin", d2, N2 * M2);

    static uint16_t a3[M3 * K3], b3[K3 * N3], c3[M3 * N3];
    for (int i = 0; i < M3 * K3; i++) a3[i] = ref_f16(rng_float(-1.0f, 1.0f));
    for (int i = 0; i < K3 * N3; i++) b3[i] = ref_f16(rng_float(-1.0f, 1.0f));
    for (int m = 0; m < M3; m++)
        for (int n = 0; n < N3; n++) {
            uint16_t h = 0;   /* +0.0 */
            for (int k0 = 0; k0 < K3; k0 += 16) {
                float acc = (float)ref_f16v(h);
                for (int k = k0; k < k0 + 16; k++) acc = fmaf((float)ref_f16v(a3[m * K3 + k]), (float)ref_f16v(b3[k * N3 + n]), acc);
                h = ref_f16(acc);
            }
            c3[m * N3 + n] = h;
        }
    write_u16("a3.bin", a3, M3 * K3);
    write_u16("b3.bin", b3, K3 * N3);
    write_u16("c3_expected.bin", c3, M3 * N3);
    return 0;
}
