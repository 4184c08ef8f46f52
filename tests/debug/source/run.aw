# source: examples/stencil (nvcc -lineinfo output: .loc lines of stencil.cu, with the
# inlined helpers on_boundary (line 12) and laplace_avg (line 7)) with inputs of its own:
# a 20 x 10 grid, grid (2,2) of 16 x 8 blocks, in[i] = i, omega = 0.5.
# A linear ramp is its own 5-point average, so every cell keeps its value: out[i] = i.
# Cell (1,1), idx 21: c = 21, neighbours 1 + 41 + 20 + 22 = 84, * 0.25 = 21,
# 0.5 * 21 + 0.5 * 21 = 21.
load examples/stencil/stencil.ptx
alloc in f32 200
alloc out f32 200
fill in ramp 0 1
launch jacobi5 2,2 16,8 in out u32:20 u32:10 f32:0.5
print out 20 3
expect out at 21 21
expect out at 199 199
