# bfs: level-synchronous BFS over a CSR graph of 3000 vertices and 15775 edges from
# vertex 0, grid 24 x block 128 (72 idle threads). The host loop of bfs.cu
#   level = 0; do { *changed = 0; bfs_level(..., level); level++; } while (*changed);
# is unrolled: 12 launches (levels 0..11; the last one finds nothing). The kernel's
# race is benign (every writer stores level + 1 and changed = 1), so the state after
# every launch is deterministic and is checked.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/bfs.ptx
alloc row_ptr s32 3001
alloc col_idx s32 15775
alloc levels s32 3000
alloc changed s32 1
fill row_ptr file ${DATA}/row_ptr.bin
fill col_idx file ${DATA}/col_idx.bin
fill levels file ${DATA}/levels_init.bin
# bfs_level(.u64 row_ptr, .u64 col_idx, .u64 levels, .u64 changed, .u32 num_vertices, .u32 level)

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:0
expect changed value 1
expect levels file ${DATA}/levels_after_0.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:1
expect changed value 1
expect levels file ${DATA}/levels_after_1.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:2
expect changed value 1
expect levels file ${DATA}/levels_after_2.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:3
expect changed value 1
expect levels file ${DATA}/levels_after_3.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:4
expect changed value 1
expect levels file ${DATA}/levels_after_4.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:5
expect changed value 1
expect levels file ${DATA}/levels_after_5.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:6
expect changed value 1
expect levels file ${DATA}/levels_after_6.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:7
expect changed value 1
expect levels file ${DATA}/levels_after_7.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:8
expect changed value 1
expect levels file ${DATA}/levels_after_8.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:9
expect changed value 1
expect levels file ${DATA}/levels_after_9.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:10
expect changed value 1
expect levels file ${DATA}/levels_after_10.bin

fill changed const 0
launch bfs_level 24 128 row_ptr col_idx levels changed u32:3000 u32:11
expect changed value 0
expect levels file ${DATA}/levels_after_11.bin

# final state: unreachable vertices stay -1
expect levels file ${DATA}/levels_expected.bin
