/* Reference for examples/assist/options (kernel options): European call and put prices of
 * N = 262144 options under a six-component lognormal-mixture (uncertain-volatility) model,
 * r = 0.05, v = 0.25, component volatilities v s_j, s = {0.55, 0.75, 0.9, 1.1, 1.35, 1.8},
 * weights w = {0.1, 0.2, 0.25, 0.2, 0.15, 0.1}; a grid-stride loop, grid 60 x block 256
 * (17 or 18 options per thread). COMPUTE-BOUND, for memoization: ~600 PTX instructions
 * per option (21 div.rn/sqrt.rn), 20 bytes of DRAM traffic, and only 256 distinct
 * (S, K, T) triples.
 *
 * Bit-exact, following options.cu (and its PTX) operation by operation; built with
 * -ffp-contract=off so that only the fmaf calls fuse:
 *   log2(x): e = ((bits - 0x3f3504f3 + 2^30) >> 23) - 128 (unsigned), m = bits - (e << 23),
 *            u = m - 1, p = Horner of 12 coefficients with fmaf, fmaf(u, p, (float)e);
 *   exp(x):  t = fminf(fmaxf(x * 1.44269502, -120), 120), n = floor(t + 0.5), f = t - n,
 *            Horner of 8 coefficients with fmaf, result bits = bits(p) + (n << 23);
 *   lsk = log2(S / K) * ln2; sqt = sqrtf(T); isq = 1 / sqt; kx = K * exp(-r * T);
 *   per component j, in order: sig = v * s_j; isig = 1 / sig; mu = fmaf(0.5 sig, sig, r);
 *     d1 = (fmaf(mu, T, lsk) * isq) * isig; d2 = d1 - sig * sqt;
 *     h(d) = copysignf(0.5 - (0.39894228 * exp((-0.5 d) d)) * (k P(k)), d) with
 *            k = 1 / fmaf(0.2316419, |d|, 1), P by fmaf from the highest coefficient;
 *     call = fmaf(w_j, S (0.5 + h1) - kx (0.5 + h2), call);
 *     put  = fmaf(w_j, kx (0.5 - h2) - S (0.5 - h1), put)   (from +0).
 *
 * Data (fixed seed): a book of options quoted over a trading session: S moves on a grid of
 * 32 prices (80, 81.25, ..., 118.75) by a random walk (a tick up or down with probability
 * 0.1 each per option), K is one of 4 strikes (90, 95, 100, 105), T one of 2 expiries
 * (0.25 and 1 year), each drawn at random: all values exact in float.
 *
 * Writes S.bin, K.bin, T.bin (f32 N, the inputs), call_expected.bin and put_expected.bin
 * (f32 N). */
#include "../../ref_common.h"
#include <math.h>

#define N 262144
#define R 0.05f
#define V 0.25f

#include "../fastmath.h"

/* e^x = 2^(x log2 e) */
static float op_exp(float x) { return am_exp2(x * 1.44269502f); }

static float op_cnd_half(float d)
{
    float k = 1.0f / fmaf(0.2316419f, fabsf(d), 1.0f);
    float p = fmaf(k, 1.330274429f, -1.821255978f);
    p = fmaf(k, p, 1.781477937f);
    p = fmaf(k, p, -0.356563782f);
    p = fmaf(k, p, 0.31938153f);
    p = k * p;
    float e = op_exp((-0.5f * d) * d);
    float c = (0.398942280f * e) * p;
    return copysignf(0.5f - c, d);
}

static const float SJ[6] = {0.55f, 0.75f, 0.9f, 1.1f, 1.35f, 1.8f};
static const float WJ[6] = {0.1f, 0.2f, 0.25f, 0.2f, 0.15f, 0.1f};

static void price(float s, float k, float t, float r, float v, float *call, float *put)
{
    float lsk = am_log2(s / k) * 0.693147182f;
    float sqt = sqrtf(t);
    float isq = 1.0f / sqt;
    float kx = k * op_exp(-r * t);
    float call_sum = 0.0f, put_sum = 0.0f;
    for (int j = 0; j < 6; j++) {
        float sig = v * SJ[j];
        float isig = 1.0f / sig;
        float mu = fmaf(0.5f * sig, sig, r);
        float d1 = (fmaf(mu, t, lsk) * isq) * isig;
        float d2 = d1 - sig * sqt;
        float h1 = op_cnd_half(d1), h2 = op_cnd_half(d2);
        float c = s * (0.5f + h1) - kx * (0.5f + h2);
        float q = kx * (0.5f - h2) - s * (0.5f - h1);
        call_sum = fmaf(WJ[j], c, call_sum);
        put_sum = fmaf(WJ[j], q, put_sum);
    }
    *call = call_sum;
    *put = put_sum;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    float *S = xcalloc(N, 4), *K = xcalloc(N, 4), *T = xcalloc(N, 4);
    float *call = xcalloc(N, 4), *put = xcalloc(N, 4);
    static const float strikes[4] = {90.0f, 95.0f, 100.0f, 105.0f};
    static const float expiries[2] = {0.25f, 1.0f};

    rng_seed(0x0b5c4a11);
    int lev = 16;
    for (int i = 0; i < N; i++) {
        int m = rng_int(0, 9);
        if (m == 0 && lev < 31)
            lev++;
        else if (m == 1 && lev > 0)
            lev--;
        S[i] = 80.0f + 1.25f * (float)lev;
        K[i] = strikes[rng_int(0, 3)];
        T[i] = expiries[rng_int(0, 1)];
        price(S[i], K[i], T[i], R, V, &call[i], &put[i]);
    }
    write_f32("S.bin", S, N);
    write_f32("K.bin", K, N);
    write_f32("T.bin", T, N);
    write_f32("call_expected.bin", call, N);
    write_f32("put_expected.bin", put, N);

    float c, p;
    price(100.0f, 100.0f, 1.0f, R, V, &c, &p);
    printf("options: N = %d, r = %g, v = %g; S = K = 100, T = 1: call %.6f, put %.6f "
           "(parity: call - put = %.6f, S - K e^-rT = %.6f)\n",
           N, R, V, c, p, c - p, 100.0 - 100.0 * exp(-0.05));
    return 0;
}
