# transpose: out = in^T through a padded 32 x 32 shared tile, blocks in diagonal order
# (CUDA SDK transposeDiagonal, against partition camping), for a 768 x 1280 image of
# 32-bit integers (3.75 MiB), then in = out^T with the same kernel (in cleared first, as
# by cudaMemset, so the check sees the second transpose's work): grid (40,24) x
# block (32,8), then grid (24,40) x block (32,8); 7.5 MiB allocated, 15 MiB of DRAM traffic.
# The image is a raw 16-bit thermal-camera frame (smooth background, hot spots, +-2 noise,
# rare dead/saturated pixels): neighbours differ little, BDI keeps 1- or 2-byte deltas.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/transpose.ptx
alloc in s32 983040
alloc out s32 983040
fill in file ${DATA}/in.bin
# transpose_diag(.u64 out, .u64 in, .u32 rows, .u32 cols)
launch transpose_diag 40,24 32,8 out in u32:768 u32:1280
expect out file ${DATA}/out_expected.bin
fill in const 0
launch transpose_diag 24,40 32,8 in out u32:1280 u32:768
expect in file ${DATA}/back_expected.bin
