# stream: the four STREAM kernels on 32-bit unsigned integers, N = 524288 per array
# (a, b, c: 2 MiB each, 6 MiB in all), s = 3, in STREAM's order:
#   copy c = a; scale b = s*c; add c = a + b; triad a = b + s*c
# each launched as grid 2048 x block 256 (one element per thread); 20 MiB of DRAM traffic.
# a: millisecond timestamps (non-decreasing, small steps); b: packet sizes; c: sequence
# counters; what the kernels write stays narrow-range (BDI: 4-byte base, 1-2 byte deltas).
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/stream.ptx
alloc a u32 524288
alloc b u32 524288
alloc c u32 524288
fill a file ${DATA}/a.bin
fill b file ${DATA}/b.bin
fill c file ${DATA}/c.bin
# stream_copy(.u64 c, .u64 a, .u32 n)
launch stream_copy 2048 256 c a u32:524288
expect c file ${DATA}/c_copy.bin
# stream_scale(.u64 b, .u64 c, .u32 s, .u32 n)
launch stream_scale 2048 256 b c u32:3 u32:524288
expect b file ${DATA}/b_scale.bin
# stream_add(.u64 c, .u64 a, .u64 b, .u32 n)
launch stream_add 2048 256 c a b u32:524288
expect c file ${DATA}/c_add.bin
# stream_triad(.u64 a, .u64 b, .u64 c, .u32 s, .u32 n)
launch stream_triad 2048 256 a b c u32:3 u32:524288
expect a file ${DATA}/a_triad.bin
