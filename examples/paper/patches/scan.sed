# examples/paper/patches/scan.sed: 524,288 elements (the sample's 13 x 2^20 / 2 is 13 times that),
# every array size scanned once (it times 100 identical iterations of each)
s|^    const uint          N      = 13 \* 1048576 / 2;$|    const uint          N      = 2 * 262144;|
s/^    const int iCycles = 100;$/    const int iCycles = 1;/
