# tests/timing/edge.aw -- small launches of every kind of memory traffic, on data of its own
# (no reference needed: tests/checks/timing.sh compares each timing run's buffers with the
# functional run's): global loads and stores (saxpy), shared memory and barriers (reduce,
# transpose), atomics (histogram), local memory (localarr), and cp.async under a cuda::barrier
# whose waiting warps spin, then back off with nanosleep (asyncmm's bar_rev).
load ${SCRIPT_DIR}/../../examples/saxpy/saxpy.ptx
alloc x f32 3000
alloc y f32 3000
fill x random 1 -4 4
fill y random 2 -4 4
launch saxpy 12 256 u32:3000 f32:2.5 x y
load ${SCRIPT_DIR}/../../examples/reduce/reduce.ptx
alloc in f32 20000
alloc partial f32 40
fill in random 3 -1 1
launch reduce_sum 40 256 in partial u32:20000
load ${SCRIPT_DIR}/../../examples/histogram/histogram.ptx
alloc data u8 10007
alloc hist u32 256
fill data random 4 0 255
launch histogram256 12 96 data u32:10007 hist
load ${SCRIPT_DIR}/../../examples/localarr/localarr.ptx
alloc lin s32 3000
alloc lout s32 3000
fill lin random 5 -100 100
launch localarr 24 128 lin lout u32:3000 u32:5
load ${SCRIPT_DIR}/../../examples/transpose/transpose.ptx
alloc tin f32 7000
alloc tout f32 7000
fill tin random 6 -9 9
launch transpose 3,4 32,8 tout tin u32:100 u32:70
load ${SCRIPT_DIR}/../../examples/asyncmm/asyncmm.ptx
alloc rin f32 2048
alloc rout f32 2048
fill rin random 7 -5 5
launch bar_rev_sm80 8 256 rin rout
