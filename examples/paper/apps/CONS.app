# CUDA samples convolutionSeparable: a separable 17-tap convolution, checked against the CPU.
SUITE="CUDA SDK"
ORIGIN=cuda-samples/Samples/2_Concepts_and_Techniques/convolutionSeparable
SHARED=cuda-samples/Common
# patches/convolutionSeparable.sed: the image 3072 x 3072 -> 1024 x 1024, 16 timed iterations -> 1
build() { patch_source main.cpp convolutionSeparable.sed && nvcc_build -std=c++17 -I../../../Common convolutionSeparable.cu convolutionSeparable_gold.cpp main.cpp; }
inputs() { :; }
INPUT_DESC="none: a random 1024 x 1024 image of the program's (its 3072 x 3072 made smaller), one iteration"
ARGS=''
check() { log_has '^Test passed' "its own check failed: $(grep -m1 -E 'L2 norm|Test failed' "$LOG")"; }
HOW="its own CPU check (Test passed)"
