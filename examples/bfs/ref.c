/* Reference for examples/bfs (kernel bfs_level): level-synchronous BFS over a CSR graph.
 * NV = 3000 vertices, launch grid 24, block 128 (72 idle threads in the last block),
 * source vertex 0. The host loop of bfs.cu (changed = 0; launch(level); level++ while
 * changed) is unrolled into run.aw: one launch per level, NLAUNCH = depth + 1 launches
 * (the last one finds nothing and leaves changed = 0).
 * The kernel's race is benign: every writer of levels[u] stores the same level + 1 and
 * *changed = 1, so the state after each launch is deterministic.
 * Degrees 0..11 cover the remainder loop (deg % 4) and the unrolled-by-4 loop; edges are
 * mostly short forward/backward hops plus a few long ones; vertices with v % 97 == 50
 * have no incoming edges (they stay -1), and there are self-loops and duplicate edges.
 * Writes row_ptr.bin, col_idx.bin, levels_init.bin, levels_after_L.bin (L = 0..depth),
 * levels_expected.bin (= the last one), all s32; prints the number of launches. */
#include "../ref_common.h"

#ifndef NV
#define NV     3000
#endif
#define MAXDEG 11

static int unreachable(int v) { return v % 97 == 50; }

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    static int32_t row_ptr[NV + 1], col_idx[NV * MAXDEG], levels[NV];

    rng_seed(0xbf5);
    int ne = 0;
    for (int v = 0; v < NV; v++) {
        row_ptr[v] = ne;
        int deg = rng_int(0, 7) == 0 ? 0 : rng_int(1, MAXDEG);
        if (v == 0)
            deg = 7;                                 /* the source has out-edges */
        for (int k = 0; k < deg; k++) {
            int u;
            uint32_t kind = rng_u32() % 100;
            if (kind < 3)
                u = rng_int(0, NV - 1);              /* long edge */
            else if (kind < 6)
                u = v;                               /* self-loop */
            else if (kind < 30)
                u = v - rng_int(1, 40);              /* backward hop */
            else
                u = v + rng_int(1, 60);              /* forward hop */
            if (u < 0 || u >= NV || unreachable(u))
                u = (v + 1) % NV;
            if (unreachable(u))
                u = (u + 1) % NV;
            col_idx[ne++] = u;
            if (k == 2 && (rng_u32() & 3) == 0 && k + 1 < deg)
                col_idx[ne++] = u, k++;              /* duplicate edge */
        }
    }
    row_ptr[NV] = ne;

    for (int v = 0; v < NV; v++)
        levels[v] = -1;
    levels[0] = 0;
    write_i32("row_ptr.bin", row_ptr, NV + 1);
    write_i32("col_idx.bin", col_idx, (size_t)ne);
    write_i32("levels_init.bin", levels, NV);

    int level = 0, changed;
    char name[64];
    do {
        changed = 0;
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
        snprintf(name, sizeof name, "levels_after_%d.bin", level);
        write_i32(name, levels, NV);
        level++;
    } while (changed);
    write_i32("levels_expected.bin", levels, NV);

    int unvisited = 0;
    for (int v = 0; v < NV; v++)
        unvisited += levels[v] == -1;
    printf("bfs: %d edges, %d launches (levels 0..%d), %d unvisited vertices\n",
           ne, level, level - 1, unvisited);
    return 0;
}
