// fastmath: transcendental-heavy kernel compiled with --use_fast_math.
extern "C" __global__ void fastmath(const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    float a = expf(v) + logf(fabsf(v) + 1.0f);
    float b = sinf(v) * cosf(v);
    float c = sqrtf(fabsf(v)) + rsqrtf(fabsf(v) + 1.0f);
    float d = 1.0f / (v * v + 1.0f);
    float e = powf(fabsf(v) + 1.0f, 1.5f);
    float f = __fdividef(a, c + 1.0f);
    out[i] = a + b + c + d + e + f + tanhf(v);
}
