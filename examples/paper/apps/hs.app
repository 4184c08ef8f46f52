# Rodinia 3.1 hotspot: a chip's temperature from its power map (a 5-point stencil, pyramid of 2).
SUITE="Rodinia"
ORIGIN=rodinia-3.1/cuda/hotspot
build() { nvcc_build hotspot.cu; }
inputs() { gen hotspot 512 1 temp_512 power_512; }
INPUT_DESC="temp_512, power_512: 512 x 512 cells, a floorplan of 24 units of constant power, seed 1 (gen hotspot); 2 iterations, pyramid height 2 (Rodinia's run script)"
ARGS='512 2 2 ${INPUTS}/temp_512 ${INPUTS}/power_512 output.out'
check() { same output.out && same_log; }
HOW="output.out and its printed results the same as in functional mode"
