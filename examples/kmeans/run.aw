# kmeans: nearest of 8 centroids (4 floats each) for 5000 points, grid 20 x block 256
# (120 idle threads), plus per-cluster counts by atomicAdd (integer: order independent).
# The centroids live in __constant__ memory (.const centroids[128], no initializer), and
# run scripts have no command that writes a module variable: they stay all zero, every
# distance is the same (sum of p[d]^2), and every point gets cluster 0 (first wins ties).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/kmeans.ptx
alloc points f32 20000
alloc assign s32 5000
alloc counts s32 8
fill points file ${DATA}/points.bin
# kmeans_assign(.u64 points, .u64 assign, .u64 counts, .u32 n)
launch kmeans_assign 20 256 points assign counts u32:5000
expect assign file ${DATA}/assign_expected.bin
expect counts file ${DATA}/counts_expected.bin
# Nontrivial variant, for when the language can fill a .const variable (hypothetical
# syntax): ref.c also writes centroids.bin and the matching expected files.
#   fill centroids file ${DATA}/centroids.bin
#   fill counts const 0
#   launch kmeans_assign 20 256 points assign counts u32:5000
#   expect assign file ${DATA}/assign_expected_c.bin
#   expect counts file ${DATA}/counts_expected_c.bin
