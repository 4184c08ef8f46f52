# CUDA samples dct8x8 (the nearest to the paper's JPEG): 8x8 DCT and quantization of an image.
SUITE="CUDA SDK"
ORIGIN=cuda-samples/Samples/2_Concepts_and_Techniques/dct8x8
SHARED=cuda-samples/Common
# patches/dct8x8.sed: BENCHMARK_SIZE 10 -> 1 (each GPU version run once)
build() { patch_source dct8x8.cu dct8x8.sed && nvcc_build -std=c++17 -I../../../Common dct8x8.cu BmpUtil.cpp DCT8x8_Gold.cpp; }
# the sample's own image, which it looks for in ./ or ./data/ (its run directory)
inputs() { cp "$SRC/$ORIGIN/data/teapot512.bmp" .; }
INPUT_DESC="teapot512.bmp, the sample's own image (512 x 512)"
ARGS=''
# dct8x8 reads teapot512.bmp from its working directory: a link to it there, then the program
EXEC_WRAP="/bin/sh -c 'ln -s \"\$1\" . && shift && exec \"\$@\"' sh \${INPUTS}/teapot512.bmp"
check() { log_has '^Test passed' "its own check failed: $(grep -m1 -E 'Test failed|error' "$LOG")"; }
HOW="its own CPU check (PSNR against the CPU's versions: Test passed)"
VARY='Processing time|MPix/s'
