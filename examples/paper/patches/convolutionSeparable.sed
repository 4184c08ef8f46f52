# examples/paper/patches/convolutionSeparable.sed: a 1024 x 1024 image (the sample's 3072 x 3072 is
# 9 times the work) convolved once (it times 16 iterations)
s/^    const int imageW     = 3072;$/    const int imageW     = 1024;/
s/^    const int imageH     = 3072;$/    const int imageH     = 1024;/
s/^    const int iterations = 16;$/    const int iterations = 1;/
