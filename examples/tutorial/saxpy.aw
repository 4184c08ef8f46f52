# examples/tutorial/saxpy.aw -- the README tutorial's last run: examples/saxpy (nvcc's PTX,
# unmodified) in timing mode on caba-gtx480, with the subroutine of prefetch_y.s attached to
# its load of x.  n = 1000 in 4 blocks of 256 threads: y = 2.5 * x + y.
config caba-gtx480
subroutines examples/tutorial/prefetch_y.s
load examples/saxpy/saxpy.ptx
alloc x f32 1000
alloc y f32 1000
fill x ramp 0 1
fill y const 1
launch saxpy 4 256 u32:1000 f32:2.5 x y
expect y at 999 2498.5          # 2.5 * 999 + 1
