/* Reference for examples/caba/sssp (kernel sssp_pull): rounds of pull-based Bellman-Ford
 * shortest paths over a road-network-like graph: the 512 x 512 street grid of examples/caba/bfs
 * (about 12% of segments missing, 3000 shortcuts, ids numbered tile by tile for locality) with a
 * travel time on every edge, 8 sources (depots) at distance 0.  Grid 1024 x block 256, one
 * vertex per thread; NROUNDS = 8 rounds, dist ping-ponging between two buffers (a host loop of
 * launches, unrolled in run.aw); each round's result is deterministic (it reads only the last
 * round's distances) and checked.
 * Weights: seconds to drive a street segment, 20..60 for grid streets, 300..900 for the
 * shortcuts (highways between far points).  Distances: INF (0x3fffffff) until reached.
 * BDI: neighbour lists and row pointers as bfs's; weights 1- or 2-byte values near zero;
 * dist lines hold INF and nearby distances (a 4-byte base, 2-byte deltas).
 * Writes row_ptr.bin, col_idx.bin, wt.bin, dist_init.bin and dist_after_R.bin (R = 0..7), s32. */
#include "../../ref_common.h"

#define NSC 3000
#define G 512
#define NV (G * G)
#define TILE 8
#define NSRC 8
#define NROUNDS 8
#define INF 0x3fffffff

static int32_t row_ptr[NV + 1], *col_idx, *wt, deg[NV], dist[2][NV];
static int32_t (*adj)[12], (*adjw)[12];

static int id(int x, int y)
{
    int tiles_per_row = G / TILE;
    return ((y / TILE) * tiles_per_row + x / TILE) * TILE * TILE + (y % TILE) * TILE + x % TILE;
}

static void add_edge(int a, int b, int w)
{
    if (deg[a] < 12 && deg[b] < 12) {
        adjw[a][deg[a]] = w;
        adj[a][deg[a]++] = b;
        adjw[b][deg[b]] = w;
        adj[b][deg[b]++] = a;
    }
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    adj = xcalloc(NV, sizeof *adj);
    adjw = xcalloc(NV, sizeof *adjw);
    rng_seed(0x555bf5);
    for (int y = 0; y < G; y++)
        for (int x = 0; x < G; x++) {
            if (x + 1 < G && rng_int(0, 99) >= 12)
                add_edge(id(x, y), id(x + 1, y), rng_int(20, 60));
            if (y + 1 < G && rng_int(0, 99) >= 12)
                add_edge(id(x, y), id(x, y + 1), rng_int(20, 60));
        }
    for (int k = 0; k < NSC; k++) {
        int a = rng_int(0, NV - 1), b = rng_int(0, NV - 1);
        if (a != b)
            add_edge(a, b, rng_int(300, 900));
    }
    int ne = 0;
    for (int v = 0; v < NV; v++)
        ne += deg[v];
    col_idx = xcalloc((size_t)ne, 4);
    wt = xcalloc((size_t)ne, 4);
    ne = 0;
    for (int v = 0; v < NV; v++) {
        for (int i = 1; i < deg[v]; i++)   /* sorted by neighbour, weights alongside */
            for (int j = i; j > 0 && adj[v][j - 1] > adj[v][j]; j--) {
                int32_t t = adj[v][j]; adj[v][j] = adj[v][j - 1]; adj[v][j - 1] = t;
                t = adjw[v][j]; adjw[v][j] = adjw[v][j - 1]; adjw[v][j - 1] = t;
            }
        row_ptr[v] = ne;
        for (int k = 0; k < deg[v]; k++) {
            col_idx[ne] = adj[v][k];
            wt[ne++] = adjw[v][k];
        }
    }
    row_ptr[NV] = ne;
    for (int v = 0; v < NV; v++)
        dist[0][v] = INF;
    for (int k = 0; k < NSRC; k++)
        dist[0][rng_int(0, NV - 1)] = 0;
    write_i32("row_ptr.bin", row_ptr, NV + 1);
    write_i32("col_idx.bin", col_idx, (size_t)ne);
    write_i32("wt.bin", wt, (size_t)ne);
    write_i32("dist_init.bin", dist[0], NV);
    char name[64];
    int reached = 0;
    for (int r = 0; r < NROUNDS; r++) {
        const int32_t *in = dist[r & 1];
        int32_t *out = dist[(r + 1) & 1];
        for (int v = 0; v < NV; v++) {
            int32_t best = in[v];
            for (int e = row_ptr[v]; e < row_ptr[v + 1]; e++) {
                int32_t d = in[col_idx[e]];
                if (d != INF && d + wt[e] < best)
                    best = d + wt[e];
            }
            out[v] = best;
        }
        snprintf(name, sizeof name, "dist_after_%d.bin", r);
        write_i32(name, out, NV);
    }
    for (int v = 0; v < NV; v++)
        reached += dist[NROUNDS & 1][v] != INF;
    printf("sssp: %d vertices, %d edges, %d rounds, %d vertices reached\n", NV, ne, NROUNDS, reached);
    return 0;
}
