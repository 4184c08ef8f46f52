# caba: the debugger in timing mode under design caba, on examples/saxpy (nvcc output) with
# bdi.s's subroutines: n = 100, grid 2 x block 64 (CTA 0 on SM 0, CTA 1 on SM 1); x[i] = 1 and
# y[i] = 1 for every i, so every 128-byte line of x and y is BDI's 'repeated' (encoding 2):
# each load's line arrives at L1 compressed and a bdi_dec_repeated assist warp decompresses it.
config caba-gtx480
set design=caba
subroutines subroutines/bdi/bdi.s
load examples/saxpy/saxpy.ptx
alloc x f32 100
alloc y f32 100
fill x const 1
fill y const 1
launch saxpy 2 64 u32:100 f32:2.5 x y
expect y value 3.5
