# examples/tutorial/zero_line.aw -- the README tutorial's first run: the subroutine zero_line
# (subroutines/demo/zero_line.s) on its own, once on a line of zeros and once on one that is not.
load subroutines/demo/zero_line.s
alloc line u8 128               # the line it reads (.lin)
alloc out u8 128                # what it writes (.lout; zero_line writes none)
alloc meta u32 8                # its metadata (.lmeta): encoding, size, line size, MAG, ...
fill line const 0
runsub zero_line line out meta
print meta 0 2                  # encoding 1, 0 bytes: all zeros
fill line ramp 0 1              # bytes 0, 1, 2, ... 127
fill meta const 0
runsub zero_line line out meta
print meta 0 2                  # encoding 0: not all zeros, left as it is
