# walk, bandwidth-bound: the same kernel and array as run.aw, walked by 960 warps (grid 120 x
# block 256: as many CTAs as caba-gtx480's 15 SMs hold, several waves) of 256 128-byte lines
# each (lane l of warp w reads a[(w*256 + it)*32 + l]). Many warps with a load in flight keep
# DRAM busy: the kernel is DRAM-bandwidth-bound. With subroutines/prefetch/stride.s attached
# it shows the prefetcher's throttle at work: unthrottled (awc_mshr_fraction=1,
# awc_busy_fraction=1, awc_alu_fraction=1) its prefetches evict lines before their warps get
# to them and refetch them; throttled it stays out of the way. Bit-exact.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/walk.ptx
alloc a u32 7864320
alloc out u32 491520
fill a file ${DATA}/a.bin
launch walk 1920 256 a out u32:16
expect out file ${DATA}/out_bw_expected.bin
