# ISPASS-2009 RAY: a ray tracer (Maxime Boroujerdi) over a scene built in code, writing output.bmp.
SUITE="ISPASS-2009"
ORIGIN=ispass-2009/RAY
SHARED=common/inc
# cutil_math.h (vector operators, header only) is the suite's own, from common/inc
build() { nvcc_build -I"$REPO/$PAPER_DIR/cutil" -I../../common/inc -I. rayTracing.cu EasyBMP.cpp makebmp.cpp; }
inputs() { :; }
INPUT_DESC="none: the scene is built by the program; 256 x 256 pixels (its README's command line)"
ARGS='256 256'
check() { same output.bmp && same_log; }
HOW="output.bmp and its printed results the same as in functional mode"
VARY='^Kernel Time'
