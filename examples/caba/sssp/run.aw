# sssp: rounds of pull-based Bellman-Ford shortest paths (LonestarGPU's sssp, pull variant) over
# the road-network-like graph of examples/caba/bfs with a travel time on every edge: 262144 vertices,
# 926880 directed edges (col_idx and wt 3.5 MiB each, row_ptr and two dist buffers 1 MiB each), 8
# sources.  Grid 1024 x block 256, one vertex per thread, 8 rounds, dist ping-ponging (the host loop
# unrolled); every round reads all of CSR, weights and distances (more than the 768 KiB L2) and writes
# one distance buffer; each round's result is deterministic and checked.
# BDI: neighbour lists of nearby ids and small weights take 1- or 2-byte deltas; distance lines hold
# INF and nearby distances.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/sssp.ptx
alloc row_ptr s32 262145
alloc col_idx s32 926880
alloc wt s32 926880
alloc d0 s32 262144
alloc d1 s32 262144
fill row_ptr file ${DATA}/row_ptr.bin
fill col_idx file ${DATA}/col_idx.bin
fill wt file ${DATA}/wt.bin
fill d0 file ${DATA}/dist_init.bin
# sssp_pull(.u64 row_ptr, .u64 col_idx, .u64 wt, .u64 dist_in, .u64 dist_out, .u32 num_vertices)
launch sssp_pull 1024 256 row_ptr col_idx wt d0 d1 u32:262144
expect d1 file ${DATA}/dist_after_0.bin
launch sssp_pull 1024 256 row_ptr col_idx wt d1 d0 u32:262144
expect d0 file ${DATA}/dist_after_1.bin
launch sssp_pull 1024 256 row_ptr col_idx wt d0 d1 u32:262144
expect d1 file ${DATA}/dist_after_2.bin
launch sssp_pull 1024 256 row_ptr col_idx wt d1 d0 u32:262144
expect d0 file ${DATA}/dist_after_3.bin
launch sssp_pull 1024 256 row_ptr col_idx wt d0 d1 u32:262144
expect d1 file ${DATA}/dist_after_4.bin
launch sssp_pull 1024 256 row_ptr col_idx wt d1 d0 u32:262144
expect d0 file ${DATA}/dist_after_5.bin
launch sssp_pull 1024 256 row_ptr col_idx wt d0 d1 u32:262144
expect d1 file ${DATA}/dist_after_6.bin
launch sssp_pull 1024 256 row_ptr col_idx wt d1 d0 u32:262144
expect d0 file ${DATA}/dist_after_7.bin
