# tonemap on the noisy image (as run_noisy.aw), checked within a tolerance: for approximate
# memoization (subroutines/memo/tonemap_approx.s), whose results differ from the exact ones
# where two inputs closer than 2^-11 share a stored result. The expect passes within a
# relative error of 1e-2 and prints how many outputs are not bit-exact and the largest
# absolute and relative errors (without the subroutines every output is exact).
# class: compute
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/tonemap.ptx
alloc in f32 786432
alloc out f32 786432
fill in file ${DATA}/in_noisy.bin
launch tonemap 45 256 in out u32:786432
expect out file ${DATA}/out_noisy.bin rel=1e-2
