# randsum: a checksum of N = 1572864 random 32-bit words (6 MiB), grid 384 x block 256, each thread
# folding 16 words 256 apart, a block's sums added in shared memory: out[b] per block.
# The data is uniformly random: nothing compresses (the control case of CABA section 6: no assist
# warp is triggered, and design caba must cost nothing over base).
# class: incompressible (DRAM-bandwidth-bound under caba-gtx480, data that does not compress)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/randsum.ptx
alloc in u32 1572864
alloc out u32 384
fill in file ${DATA}/in.bin
# randsum(.u64 in, .u64 out, .u32 n)
launch randsum 384 256 in out u32:1572864
expect out file ${DATA}/out_expected.bin
