/* Reference for examples/caba/bfs (kernel bfs_level): level-synchronous multi-source BFS
 * over a road-network-like graph of NV = 262144 vertices (a 512 x 512 grid of
 * intersections, about 12% of the street segments missing, plus NSC = 3000 "highway"
 * shortcuts between random intersections), from NSRC = 256 sources (level 0), bounded
 * at NLEVELS = 10 levels: a k-hop coverage query, every intersection within 10 hops of
 * one of 256 facilities gets its distance, the others stay -1. (The whole BFS takes 30
 * levels; its later levels cost as much to simulate again.)
 * Grid 1024 x block 256, one vertex per thread; the host loop (changed = 0;
 * launch(level); level++ while changed && level < NLEVELS) is unrolled into run.aw, one
 * launch per level, each of which changes something. The kernel's race is benign (every
 * writer of levels[u] stores level + 1, of changed 1), so the state after each launch is
 * deterministic and checked.
 *
 * Vertex ids follow the map as road data sets are numbered (locality-preserving): the
 * grid is cut into 8 x 8 tiles, numbered tile by tile, row-major inside a tile, so most
 * neighbours' ids are within 64 of each other. Adjacency lists are sorted.
 * BDI: most col_idx lines (the neighbour lists of 8 or so consecutive vertices) take a
 * 4-byte base with 1-byte deltas (2-byte where a list crosses a tile row); row_ptr lines
 * (steps of 0..5) take 1- or 2-byte deltas; levels lines (-1 and small levels) 1-byte.
 *
 * Writes row_ptr.bin, col_idx.bin, levels_init.bin and levels_after_L.bin (L = 0..9), all
 * s32, and prints the edge count and how many vertices the 10 launches reach. */
#include "../../ref_common.h"

#define NSRC 256
#define NSC 3000
#define G 512
#define NV (G * G)
#define TILE 8
#define NLEVELS 10

static int32_t row_ptr[NV + 1], *col_idx, levels[NV], deg[NV];
static int32_t (*adj)[12];

static int id(int x, int y)
{
    int tiles_per_row = G / TILE;
    return ((y / TILE) * tiles_per_row + x / TILE) * TILE * TILE + (y % TILE) * TILE + x % TILE;
}

static void add_edge(int a, int b)
{
    if (deg[a] < 12 && deg[b] < 12) {
        adj[a][deg[a]++] = b;
        adj[b][deg[b]++] = a;
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    adj = xcalloc(NV, sizeof *adj);
    rng_seed(0xbf5caba);
    for (int y = 0; y < G; y++)
        for (int x = 0; x < G; x++) {
            if (x + 1 < G && rng_int(0, 99) >= 12)
                add_edge(id(x, y), id(x + 1, y));
            if (y + 1 < G && rng_int(0, 99) >= 12)
                add_edge(id(x, y), id(x, y + 1));
        }
    for (int k = 0; k < NSC; k++) {
        int a = rng_int(0, NV - 1), b = rng_int(0, NV - 1);
        if (a != b)
            add_edge(a, b);
    }
    int ne = 0;
    for (int v = 0; v < NV; v++)
        ne += deg[v];
    col_idx = xcalloc((size_t)ne, 4);
    ne = 0;
    for (int v = 0; v < NV; v++) {
        qsort(adj[v], (size_t)deg[v], sizeof adj[v][0], cmp_int);
        row_ptr[v] = ne;
        for (int k = 0; k < deg[v]; k++)
            col_idx[ne++] = adj[v][k];
    }
    row_ptr[NV] = ne;

    for (int v = 0; v < NV; v++)
        levels[v] = -1;
    for (int k = 0; k < NSRC; k++)
        levels[rng_int(0, NV - 1)] = 0;
    write_i32("row_ptr.bin", row_ptr, NV + 1);
    write_i32("col_idx.bin", col_idx, (size_t)ne);
    write_i32("levels_init.bin", levels, NV);

    char name[64];
    for (int level = 0; level < NLEVELS; level++) {
        int changed = 0;
        for (int v = 0; v < NV; v++) {
            if (levels[v] != level)
                continue;
            for (int e = row_ptr[v]; e < row_ptr[v + 1]; e++) {
                int u = col_idx[e];
                if (levels[u] == -1) {
                    levels[u] = level + 1;
                    changed = 1;
                }
            }
        }
        if (!changed) {                 /* run.aw expects changed = 1 after every launch */
            fprintf(stderr, "ref: level %d changes nothing\n", level);
            return 1;
        }
        snprintf(name, sizeof name, "levels_after_%d.bin", level);
        write_i32(name, levels, NV);
    }

    int reached = 0;
    for (int v = 0; v < NV; v++)
        reached += levels[v] != -1;
    printf("bfs: %d vertices, %d edges, %d launches (levels 0..%d, each changes something), "
           "%d vertices reached\n", NV, ne, NLEVELS, NLEVELS - 1, reached);
    return 0;
}
