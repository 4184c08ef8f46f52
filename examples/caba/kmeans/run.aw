# kmeans: Rodinia k-means assignment step, N = 131072 points x D = 8 integer features
# (4 MiB, feature-major), K = 5 centroids in __constant__ memory; 3 iterations of the
# host loop unrolled: copy the centroids (from the reference, which computes the host's
# update), launch grid 512 x block 256, check membership. 13.5 MiB of DRAM traffic.
# Features are byte-range integers (0..255) in 5 hidden clusters: BDI keeps 1-byte deltas.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/kmeans.ptx
alloc features s32 1048576
alloc membership s32 131072
symbol centroids s32
fill features file ${DATA}/features.bin
# kmeans_assign(.u64 features, .u64 membership, .u32 n)
fill centroids file ${DATA}/centroids_0.bin
launch kmeans_assign 512 256 features membership u32:131072
expect membership file ${DATA}/membership_1.bin
fill centroids file ${DATA}/centroids_1.bin
launch kmeans_assign 512 256 features membership u32:131072
expect membership file ${DATA}/membership_2.bin
fill centroids file ${DATA}/centroids_2.bin
launch kmeans_assign 512 256 features membership u32:131072
expect membership file ${DATA}/membership_3.bin
