// bfs: expand one BFS level over a CSR graph. The host relaunches with
// level+1 until *changed stays 0. levels[] is -1 for unvisited vertices.
extern "C" __global__ void bfs_level(const int *row_ptr, const int *col_idx,
                                     int *levels, int *changed,
                                     int num_vertices, int level)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= num_vertices || levels[v] != level)
        return;

    int begin = row_ptr[v];
    int end = row_ptr[v + 1];
    for (int e = begin; e < end; ++e) {
        int u = col_idx[e];
        if (levels[u] == -1) {
            levels[u] = level + 1;   // benign race: all writers store the same value
            *changed = 1;
        }
    }
}
