# asyncmm: cp.async and its groups (cuda_pipeline.h), and the mbarrier objects of cuda::pipeline
# and cuda::barrier, in nvcc's PTX for sm_80 (mbarrier.test_wait) and sm_90 (mbarrier.try_wait):
# every kernel runs from both builds and must give the same bits.  Every expect is exact.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/asyncmm.ptx
load ${SCRIPT_DIR}/asyncmm.sm_90.ptx
alloc a f32 10000
alloc b f32 10000
alloc c f32 10000
fill a file ${DATA}/a.bin
fill b file ${DATA}/b.bin
# mm_pipe(.u64 A, .u64 B, .u64 C, .u32 n): 7 x 7 tiles of 16 x 16 for n = 100
launch mm_pipe_sm80 7,7 16,16 a b c u32:100
expect c file ${DATA}/c_expected.bin
fill c const 0
launch mm_pipe_sm90 7,7 16,16 a b c u32:100
expect c file ${DATA}/c_expected.bin
alloc in f32 10240
alloc out f32 10240
fill in file ${DATA}/in.bin
# pipe_copy(.u64 in, .u64 out, .u32 chunks): 4 blocks of 128 threads, 5 chunks of 128 float4 each
launch pipe_copy_sm80 4 128 in out u32:5
expect out file ${DATA}/out_expected.bin
fill out const 0
launch pipe_copy_sm90 4 128 in out u32:5
expect out file ${DATA}/out_expected.bin
alloc rin f32 2048
alloc rout f32 2048
fill rin file ${DATA}/rin.bin
# bar_rev(.u64 in, .u64 out): 8 blocks of 256
launch bar_rev_sm80 8 256 rin rout
expect rout file ${DATA}/rout_expected.bin
fill rout const 0
launch bar_rev_sm90 8 256 rin rout
expect rout file ${DATA}/rout_expected.bin
