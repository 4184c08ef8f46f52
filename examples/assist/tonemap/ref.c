/* Reference for examples/assist/tonemap (kernel tonemap): film-emulation tone mapping of a
 * W = 1024 x H = 768 HDR luminance image (N = 786432 pixels, 3 MiB in, 3 MiB out), one
 * pixel per iteration of a grid-stride loop, grid 45 x block 256 (68 or 69 pixels per
 * thread; one wave: 3 CTAs per SM on caba-gtx480). COMPUTE-BOUND, for memoization: f below
 * takes 181 PTX instructions (4 div.rn) per pixel, and the image takes only NLEV = 56
 * distinct values.
 *
 * Bit-exact, following tonemap.cu (and its PTX) operation by operation; built with
 * -ffp-contract=off so that only the fmaf calls fuse:
 *   log2(x): e = ((bits - 0x3f3504f3 + 2^30) >> 23) - 128 (unsigned), m = bits - (e << 23)
 *            (m in [sqrt(1/2), sqrt(2))), u = m - 1, p = Horner of 12 coefficients with
 *            fmaf, log2 = fmaf(u, p, (float)e);
 *   exp2(x): x = fminf(fmaxf(x, -120), 120), n = floor(x + 0.5), f = x - n, p = Horner of
 *            8 coefficients with fmaf, result bits = bits(p) + (n << 23);
 *   f(x) as in the kernel's header: exposure, negative and print S-curves (div.rn),
 *            display exp2, Hable and Reinhard shoulders blended, clamp, gamma 1/2.2.
 *
 * Data (fixed seed): a synthetic scene (sky gradient, a sun with a glow, dark buildings
 * with lit windows, a textured foreground, random texture), its brightness b in [0, 1]
 * quantized to a level k = round(55 b) in 0..55 and decoded as x = (k*k + 1) / 64
 * (1/64 .. 47.3: an 8-bit-style code with a square-law decode, HDR-ish). Only 56 distinct
 * input values (all of them used), neighbours mostly within a level or two. The host
 * side uses only +, *, / (no libm transcendental), so the data is the same everywhere.
 * A second data set: the same image with sensor noise, x * (1 + e) with e uniform in
 * (-2^-12, 2^-12) per pixel (in double, rounded to float once): nearly every pixel then
 * has its own value, each within 2^-12 (relative) of one of the 56 levels.
 *
 * Writes in.bin (f32 N), out_expected.bin (f32 N), in_noisy.bin (f32 N) and
 * out_noisy.bin (f32 N, f of in_noisy). */
#include "../../ref_common.h"
#include <math.h>

#define W 1024
#define H 768
#define N (W * H)
#define NLEV 56

#include "../fastmath.h"

static float tm_pixel(float x)
{
    float L = am_log2(x) + 0.5f;
    float dn = 0.12f + 2.0f / (1.0f + am_exp2(-0.55f * (L + 1.0f)));
    float lp = fmaf(-dn, 3.32192809f, 4.0f);
    float dp = 0.06f + 2.9f / (1.0f + am_exp2(-0.9f * lp));
    float y = am_exp2(fmaf(-dp, 3.32192809f, 1.8f));
    float y2 = y * 2.0f;
    float num = fmaf(y2, fmaf(0.15f, y2, 0.05f), 0.004f);
    float den = fmaf(y2, fmaf(0.15f, y2, 0.5f), 0.06f);
    float c1 = (num / den - 0.0666666667f) * 1.37906425f;
    float c2 = (y * fmaf(y, 0.25f, 1.0f)) / (1.0f + y);
    float s = (dn - 0.12f) * 0.5f;
    float c = fmaf(s, c2 - c1, c1);
    c = fminf(fmaxf(c, 0x1p-20f), 1.0f);
    return am_exp2(am_log2(c) * 0.454545468f);
}

/* scene brightness in [0, 1] at pixel (px, py); polynomial shapes only */
static double scene(int px, int py)
{
    double u = (px + 0.5) / W, v = (py + 0.5) / H;   /* v = 0 at the top */
    double b = 0.55 - 0.25 * v;                        /* sky, brighter at the top */
    double du = u - 0.72, dv = v - 0.22, r2 = du * du + dv * dv;
    if (r2 < 0.0009)
        b = 0.94 + 0.06 * (1.0 - r2 / 0.0009);         /* the sun, its limb darker */
    else if (r2 < 0.02) {
        double g = 1.0 - r2 / 0.02;
        b += 0.45 * g * g;                             /* its glow */
    }
    /* buildings: columns of varying height */
    int col = px / 64;
    double top = 0.45 + 0.03 * ((col * 7) % 9);
    if (v > top && v < 0.8) {
        b = 0.03 + 0.02 * ((col * 5) % 3);
        if ((px % 16) >= 5 && (px % 16) < 11 && (py % 24) >= 6 && (py % 24) < 16 && ((px / 16 + py / 24 + col) % 3) != 0)
            b = 0.62 + 0.04 * ((px / 16 + py / 24) % 4);   /* lit windows */
    }
    if (v >= 0.8) {                                    /* foreground, light falling off */
        double t = (v - 0.8) / 0.2;
        b = 0.3 - 0.29 * t + 0.05 * (((px / 8) ^ (py / 8)) & 1);
    }
    b += rng_float(-0.012f, 0.012f);                   /* texture */
    return b < 0 ? 0 : b > 1 ? 1 : b;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    float *in = xcalloc(N, 4), *out = xcalloc(N, 4);
    int count[NLEV] = {0};

    rng_seed(0x70e3a9);
    for (int py = 0; py < H; py++)
        for (int px = 0; px < W; px++) {
            int k = (int)(scene(px, py) * (NLEV - 1) + 0.5);
            count[k]++;
            in[py * W + px] = (float)(k * k + 1) / 64.0f;
        }
    for (int i = 0; i < N; i++)
        out[i] = tm_pixel(in[i]);
    write_f32("in.bin", in, N);
    write_f32("out_expected.bin", out, N);

    int used = 0;
    for (int k = 0; k < NLEV; k++)
        used += count[k] != 0;

    for (int i = 0; i < N; i++) {
        double e = rng_unit() * 0x1p-11 - 0x1p-12;    /* (-2^-12, 2^-12) */
        if (e == -0x1p-12)
            e = 0;
        in[i] = (float)((double)in[i] * (1.0 + e));
        out[i] = tm_pixel(in[i]);
    }
    write_f32("in_noisy.bin", in, N);
    write_f32("out_noisy.bin", out, N);

    printf("tonemap: %d x %d pixels, %d of %d levels used; f(1/64) = %.6f, f(1) = %.6f, f(47.3) = %.6f\n",
           W, H, used, NLEV, tm_pixel(1.0f / 64), tm_pixel(1.0f), tm_pixel(3026.0f / 64));
    return 0;
}
