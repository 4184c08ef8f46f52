# bfs: level-synchronous multi-source BFS (Rodinia / LonestarGPU topology-driven style)
# over a road-network-like graph: 262144 vertices (a 512 x 512 street grid with ~12% of
# segments missing, 3000 random shortcuts; ids numbered tile by tile for locality),
# 926778 directed edges (col_idx 3.5 MiB, row_ptr and levels 1 MiB each), 256 sources,
# bounded at 10 levels (a 10-hop coverage query; the full BFS would take 30).
# Grid 1024 x block 256, one vertex per thread. The host loop
#   level = 0; do { *changed = 0; bfs_level(..., level); level++; } while (*changed && level < 10);
# is unrolled: 10 launches (levels 0..9, each changes something). Each launch scans all
# of levels (more than the 768 KiB L2) plus the frontier's lists: about 20 MiB of DRAM
# traffic in all. The kernel's race is benign (every writer stores level + 1 and
# changed = 1), so the state after every launch is deterministic and is checked.
# BDI: neighbour lists of nearby ids take 1- or 2-byte deltas; levels lines 1-byte.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/bfs.ptx
alloc row_ptr s32 262145
alloc col_idx s32 926778
alloc levels s32 262144
alloc changed s32 1
fill row_ptr file ${DATA}/row_ptr.bin
fill col_idx file ${DATA}/col_idx.bin
fill levels file ${DATA}/levels_init.bin
# bfs_level(.u64 row_ptr, .u64 col_idx, .u64 levels, .u64 changed, .u32 num_vertices, .u32 level)

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:0
expect changed value 1
expect levels file ${DATA}/levels_after_0.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:1
expect changed value 1
expect levels file ${DATA}/levels_after_1.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:2
expect changed value 1
expect levels file ${DATA}/levels_after_2.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:3
expect changed value 1
expect levels file ${DATA}/levels_after_3.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:4
expect changed value 1
expect levels file ${DATA}/levels_after_4.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:5
expect changed value 1
expect levels file ${DATA}/levels_after_5.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:6
expect changed value 1
expect levels file ${DATA}/levels_after_6.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:7
expect changed value 1
expect levels file ${DATA}/levels_after_7.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:8
expect changed value 1
expect levels file ${DATA}/levels_after_8.bin

fill changed const 0
launch bfs_level 1024 256 row_ptr col_idx levels changed u32:262144 u32:9
expect changed value 1
expect levels file ${DATA}/levels_after_9.bin
