# kmeans: nearest of 8 centroids (4 floats each) for 5000 points, grid 20 x block 256
# (120 idle threads), plus per-cluster counts by atomicAdd (integer: order independent).
# The centroids live in __constant__ memory (.const centroids[128]); `symbol` makes the
# variable a buffer, as cudaMemcpyToSymbol would.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/kmeans.ptx
alloc points f32 20000
alloc assign s32 5000
alloc counts s32 8
symbol centroids f32
fill points file ${DATA}/points.bin
# first with all-zero centroids: every distance ties and every point takes cluster 0
# kmeans_assign(.u64 points, .u64 assign, .u64 counts, .u32 n)
launch kmeans_assign 20 256 points assign counts u32:5000
expect assign file ${DATA}/assign_expected.bin
expect counts file ${DATA}/counts_expected.bin
# then with real centroids
fill centroids file ${DATA}/centroids.bin
fill counts const 0
launch kmeans_assign 20 256 points assign counts u32:5000
expect assign file ${DATA}/assign_expected_c.bin
expect counts file ${DATA}/counts_expected_c.bin
