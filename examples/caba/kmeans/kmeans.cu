// kmeans: the assignment step of Rodinia's k-means. Features are stored feature-major
// (features[d * n + i], Rodinia's "inverted" layout, so a warp's loads coalesce); the
// K centroids live in constant memory (the host copies new ones before each iteration).
// Each point takes the centroid at the least squared Euclidean distance (integers, the
// first one on ties) and writes its index to membership.
#define D 8
#define K 5

__constant__ int centroids[K * D];

extern "C" __global__ void kmeans_assign(const int *features, int *membership, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    int f[D];
#pragma unroll
    for (int d = 0; d < D; ++d)
        f[d] = features[d * n + i];

    int best = 0;
    int best_dist = 0x7fffffff;
#pragma unroll
    for (int k = 0; k < K; ++k) {
        int dist = 0;
#pragma unroll
        for (int d = 0; d < D; ++d) {
            int diff = f[d] - centroids[k * D + d];
            dist += diff * diff;
        }
        if (dist < best_dist) {
            best_dist = dist;
            best = k;
        }
    }
    membership[i] = best;
}
