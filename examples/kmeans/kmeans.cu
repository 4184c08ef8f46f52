// kmeans: assignment step. Each point (D floats) picks the nearest of K
// centroids stored in constant memory; also counts members per cluster.
#define D 4
#define K 8

__constant__ float centroids[K * D];

extern "C" __global__ void kmeans_assign(const float *points, int *assign,
                                         int *counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    float p[D];
#pragma unroll
    for (int d = 0; d < D; ++d)
        p[d] = points[i * D + d];

    int best = 0;
    float best_dist = 3.402823466e+38f;
    for (int k = 0; k < K; ++k) {
        float dist = 0.0f;
#pragma unroll
        for (int d = 0; d < D; ++d) {
            float diff = p[d] - centroids[k * D + d];
            dist += diff * diff;
        }
        if (dist < best_dist) {
            best_dist = dist;
            best = k;
        }
    }
    assign[i] = best;
    atomicAdd(&counts[best], 1);
}
