# gemv: y = A * x, A a 65536 x 26 integer matrix stored column-major (6.5 MiB), one
# thread per row, grid 256 x block 256; twice, with two vectors x1 and x2 (two queries
# against the same matrix); 13 MiB of DRAM traffic.
# A is a term-frequency matrix (small counts, the odd large one): BDI keeps 1-byte deltas
# from its zero base or one explicit base.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/gemv.ptx
alloc A s32 1703936
alloc x1 s32 26
alloc x2 s32 26
alloc y s32 65536
fill A file ${DATA}/A.bin
fill x1 file ${DATA}/x1.bin
fill x2 file ${DATA}/x2.bin
# gemv_colmajor(.u64 a, .u64 x, .u64 y, .u32 m, .u32 n)
launch gemv_colmajor 256 256 A x1 y u32:65536 u32:26
expect y file ${DATA}/y1_expected.bin
launch gemv_colmajor 256 256 A x2 y u32:65536 u32:26
expect y file ${DATA}/y2_expected.bin
