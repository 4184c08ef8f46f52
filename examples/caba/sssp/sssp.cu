// sssp: one round of a pull-based Bellman-Ford single-source shortest-path computation over a
// road-network graph in CSR form with edge weights (LonestarGPU's sssp, pull variant): every
// vertex takes the smallest of its own distance and its neighbours' distances plus the edge's
// travel time, reading dist_in and writing dist_out (double-buffered, so a round is
// deterministic). The host swaps the buffers and launches again.
#define INF 0x3fffffff
extern "C" __global__ void sssp_pull(const int *row_ptr, const int *col_idx, const int *wt,
                                     const int *dist_in, int *dist_out, int num_vertices)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= num_vertices)
        return;
    int best = dist_in[v];
    int end = row_ptr[v + 1];
    for (int e = row_ptr[v]; e < end; ++e) {
        int d = dist_in[col_idx[e]];
        if (d != INF && d + wt[e] < best)
            best = d + wt[e];
    }
    dist_out[v] = best;
}
