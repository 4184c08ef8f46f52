# The tutorial's subroutine run on its own: an all-zero 128-byte line gets
# encoding 1 and size 0 in its metadata; a line with one nonzero byte (in any
# lane's word) leaves the metadata as it was.
load ${SCRIPT_DIR}/../../../../subroutines/demo/zero_line.s
alloc line u8 128
alloc out u8 128
alloc meta u32 8
fill meta const 7
runsub zero_line line out meta
expect meta at 0 1
expect meta at 1 0
expect meta at 2 7
fill line hex 00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000080
fill meta const 7
runsub zero_line line out meta
expect meta value 7
