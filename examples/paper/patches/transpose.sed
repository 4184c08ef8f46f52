# examples/paper/patches/transpose.sed: each of the sample's transpose kernels timed once, not 100 times
s/^#define NUM_REPS 100$/#define NUM_REPS 1/
