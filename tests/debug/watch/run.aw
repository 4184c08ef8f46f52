# watch: watchpoints on examples/saxpy (nvcc output) with inputs of its own:
# n = 100, grid 2 x block 64, x[i] = i, y[i] = 1, so saxpy leaves y[i] = 2.5 * i + 1.
load examples/saxpy/saxpy.ptx
alloc x f32 100
alloc y f32 100
fill x ramp 0 1
fill y const 1
launch saxpy 2 64 u32:100 f32:2.5 x y
print y 44 3
expect y at 45 113.5
expect y at 99 248.5
