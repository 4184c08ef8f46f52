# CUDA samples scan (the nearest to the paper's scanLargeArray): exclusive prefix sums of many
# arrays of 4 to 262,144 elements, each size checked against the CPU.
SUITE="CUDA SDK"
ORIGIN=cuda-samples/Samples/2_Concepts_and_Techniques/scan
SHARED=cuda-samples/Common
# patches/scan.sed: 13 M/2 elements -> 512 K, 100 identical iterations per size -> 1
build() { patch_source main.cpp scan.sed && nvcc_build -std=c++17 -I../../../Common main.cpp scan_gold.cpp scan.cu; }
inputs() { :; }
INPUT_DESC="none: 524,288 random numbers of the program's (its 6.8 M made smaller), each array size once"
ARGS=''
check() { log_has 'Results Match' && log_lacks "DON'T Match" "its own check:"; }
HOW="its own CPU check (every size: Results Match)"
