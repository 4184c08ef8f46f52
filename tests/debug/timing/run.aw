# timing: the debugger in timing mode, on examples/saxpy (nvcc output) under caba-gtx480:
# n = 100, grid 2 x block 64 (CTA 0 on SM 0, CTA 1 on SM 1), x[i] = i, y[i] = 1.
config caba-gtx480
load examples/saxpy/saxpy.ptx
alloc x f32 100
alloc y f32 100
fill x ramp 0 1
fill y const 1
launch saxpy 2 64 u32:100 f32:2.5 x y
expect y at 99 248.5
