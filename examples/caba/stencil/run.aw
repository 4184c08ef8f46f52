# stencil: 4 explicit steps of the 2D heat equation (5-point stencil) in fixed point,
# k = 3/16 (out = c + (3 * (n + s + w + e - 4c)) >> 4), fixed boundary, on a 1024 x 512
# grid of integer temperatures (2 MiB per buffer), ping-ponging A and B: each step grid
# (8,64) x block 128, a strip of 8 cells down a column per thread; about 19 MiB of DRAM
# traffic (16 MiB of arrays plus the halo rows read twice).
# The field is a plate's temperature in centikelvin (smooth, +-2 cK noise): BDI keeps
# 128-byte lines as a 4-byte base with 1-byte (a few 2-byte) deltas.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/stencil.ptx
alloc A s32 524288
alloc B s32 524288
fill A file ${DATA}/A.bin
# heat5(.u64 in, .u64 out, .u32 nx, .u32 ny)
launch heat5 8,64 128 A B u32:1024 u32:512
expect B file ${DATA}/A_after_1.bin
launch heat5 8,64 128 B A u32:1024 u32:512
expect A file ${DATA}/A_after_2.bin
launch heat5 8,64 128 A B u32:1024 u32:512
expect B file ${DATA}/A_after_3.bin
launch heat5 8,64 128 B A u32:1024 u32:512
expect A file ${DATA}/A_after_4.bin
