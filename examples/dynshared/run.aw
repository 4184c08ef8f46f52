# dynshared: dynamic (extern) + static shared memory, __syncwarp, n = 1000, launched
# twice with blockDim.x * 4 bytes of dynamic shared memory:
#   A: grid 11 x block 96 (3 full warps), shared=384
#   B: grid 13 x block 80 (2 full warps and one of 16 lanes), shared=320; the partial
#      warp executes bar.warp.sync -1 with 16 lanes that do not exist (they must count
#      as exited) and its lane 0 scans only 16 neighbours.
# Bit-exact (add, mul by 0.5, max, sub); flags[block] = 1 for every block.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/dynshared.ptx
alloc in f32 1000
fill in file ${DATA}/in.bin
alloc outA f32 1000
alloc flagsA s32 11
alloc outB f32 1000
alloc flagsB s32 13
# dynshared(.u64 in, .u64 out, .u64 flags, .u32 n)
launch dynshared 11 96 shared=384 in outA flagsA u32:1000
expect outA file ${DATA}/outA_expected.bin
expect flagsA value 1
launch dynshared 13 80 shared=320 in outB flagsB u32:1000
expect outB file ${DATA}/outB_expected.bin
expect flagsB value 1
