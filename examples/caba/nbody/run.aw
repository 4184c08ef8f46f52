# nbody: one step of an all-pairs softened N-body simulation (CUDA SDK nbody, shared-memory
# tiles of 128 bodies, the j-loop split into 8 slices): N = 2048 bodies (float4), 4.2 M
# interactions. nbody_forces grid (16,8) x block 128 writes per-slice partial
# accelerations; nbody_update grid 8 x block 256 sums them in order and integrates
# (eps2 = 0.01, dt = 0.001). COMPUTE-BOUND: ~20 flops (sqrt.rn, rcp.rn) per interaction
# on 32 KiB of positions, DRAM nearly idle. Bit-exact (the reference follows the PTX).
# RANDOM float data on purpose: incompressible under BDI (ratio ~1.0).
# class: compute (ALU-bound, DRAM nearly idle)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/nbody.ptx
alloc pos f32 8192
alloc vel f32 8192
alloc partial f32 65536
fill pos file ${DATA}/pos.bin
fill vel file ${DATA}/vel.bin
# nbody_forces(.u64 pos, .u64 partial, .u32 n, .f32 eps2)
launch nbody_forces 16,8 128 pos partial u32:2048 f32:0.01
expect partial file ${DATA}/partial_expected.bin
# nbody_update(.u64 pos, .u64 vel, .u64 partial, .u32 n, .u32 slices, .f32 dt)
launch nbody_update 8 256 pos vel partial u32:2048 u32:8 f32:0.001
expect pos file ${DATA}/pos_expected.bin
expect vel file ${DATA}/vel_expected.bin
