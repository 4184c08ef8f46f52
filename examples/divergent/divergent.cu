// divergent: lane-dependent control flow, non-inlined calls and recursion.

// Kept C++-mangled on purpose (_Z...).
__device__ __noinline__ int gcd(int a, int b)
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

// Doubly recursive: one of the two self-calls survives as a real call.
__device__ __noinline__ int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

__device__ __noinline__ float mix(float acc, int v, int k)
{
    return acc * 0.5f + (float)(v * k);
}

extern "C" __global__ void divergent(const int *in, int *out, float *fout, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;                      // early return
    int lane = threadIdx.x & 31;
    int v = in[tid];

    if (v < 0) {                     // another early return, data dependent
        out[tid] = -1;
        return;
    }

    int acc = 0;
    float facc = 0.0f;
    for (int i = 0; i < lane; ++i) {             // trip count depends on lane
        if ((i + v) % 3 == 0)
            continue;
        for (int j = i; j < (lane ^ v) % 17; ++j) { // nested, data-dependent
            acc += i * j + v;
            if (acc > 1000)
                break;
        }
        if (acc > 5000)
            break;
        facc = mix(facc, acc, i);
    }

    out[tid] = acc + gcd(v + 1, lane + 1) + fib(lane & 7);
    fout[tid] = facc;
}
