# tests/debug/first_stop/run.aw -- examples/divergent's kernel over two blocks of 32 threads under
# caba-gtx480: block 0 on SM 0, block 1 on SM 1, both resident from the first cycle
config caba-gtx480
load examples/divergent/divergent.ptx
alloc in s32 64
alloc out s32 64
alloc fout f32 64
fill in ramp 0 7
launch divergent 2 32 in out fout u32:64
