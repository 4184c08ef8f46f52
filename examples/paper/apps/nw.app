# Rodinia 3.1 nw: Needleman-Wunsch alignment of two random sequences (srand(7) in the program).
SUITE="Rodinia"
ORIGIN=rodinia-3.1/cuda/nw
# -DTRACEBACK: the source's own option (commented out in it) that writes the alignment's traceback
# to result.txt; without it the program prints no result to check
build() { nvcc_build -DTRACEBACK needle.cu; }
inputs() { :; }
INPUT_DESC="none: two random sequences of the program's (srand(7)), 1024 long (Rodinia's run script: 2048), penalty 10"
ARGS='1024 10'
check() { same result.txt && same_log; }
HOW="result.txt and its printed results the same as in functional mode"
