# tests/debug/assist_watch_blocks/run.aw -- saxpy over 1024 threads (8 blocks of 128) under
# caba-gtx480, with tests/debug/assist_watch/poke.s storing each lane's %laneid over y at
# saxpy's ret: several blocks resident, each on its own SM
config caba-gtx480
subroutines tests/debug/assist_watch/poke.s
load examples/saxpy/saxpy.ptx
alloc x f32 1024
alloc y f32 1024
fill x const 1
fill y const 2
launch saxpy 8 128 u32:1024 f32:2.5 x y
# y[i] = i mod 32 (poke's store comes after saxpy's): y[300] = 300 - 9 * 32 = 12
expect y at 300 12
