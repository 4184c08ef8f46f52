# tests/debug/assist_watch/run.aw -- saxpy over 64 threads (two warps) under caba-gtx480, with
# tests/debug/assist_watch/poke.s storing over y at saxpy's ret
config caba-gtx480
subroutines tests/debug/assist_watch/poke.s
load examples/saxpy/saxpy.ptx
alloc x f32 64
alloc y f32 64
fill x const 1
fill y const 2
launch saxpy 1 64 u32:64 f32:2.5 x y
expect y at 33 1
