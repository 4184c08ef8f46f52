# tests/debug/lanes/run.aw -- saxpy over one block of 40 threads: warp 1 has lanes 0 to 7 only
load examples/saxpy/saxpy.ptx
alloc x f32 40
alloc y f32 40
fill x const 1
fill y const 2
launch saxpy 1 40 u32:40 f32:2.5 x y
expect y value 4.5
