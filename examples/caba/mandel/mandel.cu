// mandel: escape-time Mandelbrot set, one pixel per thread (as in the CUDA SDK's
// Mandelbrot sample without its refinements): c = (x0 + px*dx, y0 + py*dy),
// z <- z^2 + c from z = 0 until |z|^2 > 4 or max_iter iterations; the pixel gets the
// iteration count. Rounding is spelled out with intrinsics so the PTX is exactly
//   cr = fma(px, dx, x0); ci = fma(py, dy, y0);
//   loop: x2 = zr*zr; y2 = zi*zi; if (x2 + y2 > 4) break;
//         zi = fma(zr + zr, zi, ci); zr = (x2 - y2) + cr
// Launch with 2D blocks over a width x height image.
extern "C" __global__ void mandel(int *iters, int width, int height, float x0, float y0,
                                  float dx, float dy, int max_iter)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= width || py >= height)
        return;
    float cr = __fmaf_rn((float)px, dx, x0);
    float ci = __fmaf_rn((float)py, dy, y0);
    float zr = 0.0f, zi = 0.0f;
    int n = 0;
    while (n < max_iter) {
        float x2 = __fmul_rn(zr, zr);
        float y2 = __fmul_rn(zi, zi);
        if (__fadd_rn(x2, y2) > 4.0f)
            break;
        zi = __fmaf_rn(__fadd_rn(zr, zr), zi, ci);
        zr = __fadd_rn(__fsub_rn(x2, y2), cr);
        ++n;
    }
    iters[py * width + px] = n;
}
