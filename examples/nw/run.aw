# nw: Needleman-Wunsch scores, blocked as Rodinia's nw: the blocks of one anti-diagonal a launch,
# a wavefront over a shared tile inside each.  nvcc's PTX addresses the tile through a register
# below the array's start plus a constant ([%r+72]); the score is right only when the address is
# computed in 32 bits, as on a GPU.  Exact.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/nw.ptx
alloc score s32 4225
alloc sim s32 4225
fill score file ${DATA}/score0.bin
fill sim file ${DATA}/sim.bin
# nw_diag(score, sim, cols, penalty, d, nb): n = 64, 4 x 4 blocks, anti-diagonals 0 to 6 (1, 2, 3, 4, 3, 2, 1 blocks)
launch nw_diag 1 16 score sim s32:65 s32:10 s32:0 s32:4
launch nw_diag 2 16 score sim s32:65 s32:10 s32:1 s32:4
launch nw_diag 3 16 score sim s32:65 s32:10 s32:2 s32:4
launch nw_diag 4 16 score sim s32:65 s32:10 s32:3 s32:4
launch nw_diag 3 16 score sim s32:65 s32:10 s32:4 s32:4
launch nw_diag 2 16 score sim s32:65 s32:10 s32:5 s32:4
launch nw_diag 1 16 score sim s32:65 s32:10 s32:6 s32:4
expect score file ${DATA}/score_expected.bin
