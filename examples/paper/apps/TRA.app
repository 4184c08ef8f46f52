# CUDA samples transpose: eight transpose kernels, each checked by the program against the CPU.
SUITE="CUDA SDK"
ORIGIN=cuda-samples/Samples/6_Performance/transpose
SHARED=cuda-samples/Common
# patches/transpose.sed: NUM_REPS 100 -> 1 (each kernel timed once; the sample times 100 runs)
build() { patch_source transpose.cu transpose.sed && nvcc_build -std=c++17 -I../../../Common transpose.cu; }
inputs() { :; }
INPUT_DESC="none: a 512 x 512 matrix of the program's (-dimX=512 -dimY=512; its default 1024 x 1024), each kernel once"
ARGS='-dimX=512 -dimY=512'
check() { log_has '^Test passed' "its own check failed: $(grep -m1 -E 'FAIL|Test failed' "$LOG")"; }
HOW="its own CPU check (Test passed)"
