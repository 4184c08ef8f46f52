# bdi_b8d1: the assist-warp decompressor bdi_dec_b8d1 (subroutines/bdi/bdi.s) on one
# 64-byte line, stepped lane by lane in tests/debug/bdi_b8d1/commands.
#
# The line: 8 elements of 8 bytes (little-endian), chosen by hand:
#   e0 = 0x00007f0012345678   first element not within 1-byte reach of zero: the base
#   e1 = 0x00007f0012345688   base + 0x10           delta 0x10, mask bit 1
#   e2 = 0x0000000000000005   zero + 5              delta 0x05, mask bit 0
#   e3 = 0x00007f0012345676   base - 2              delta 0xfe, mask bit 1
#   e4 = 0xfffffffffffffff0   zero - 16             delta 0xf0, mask bit 0 (sign-extended)
#   e5 = 0x00007f00123456f7   base + 127            delta 0x7f, mask bit 1 (largest +delta)
#   e6 = 0x00007f00123455f8   base - 128            delta 0x80, mask bit 1 (largest -delta)
#   e7 = 0x000000000000007f   zero + 127            delta 0x7f, mask bit 0
# Not zeros, not repeated; b8d1 is the first base+delta encoding tried for 64-byte lines
# and it fits, so the encoding is 3 (b8d1) and the payload B + n*k + n/8 = 8 + 8 + 1 = 17 bytes:
#   offset  0: 78 56 34 12 00 7f 00 00   base (e0, little-endian)
#   offset  8: 00 10 05 fe f0 7f 80 7f   deltas of e0..e7
#   offset 16: 6b                        mask 0b01101011: e0 e1 e3 e5 e6 use the base
# The reference codec (subroutines/bdi/bdi.c) compresses this line to exactly these 17 bytes
# (checked once with a throwaway program; the subroutine is compared with it in test_subroutines).
load subroutines/bdi/bdi.s
alloc line u8 17
alloc out u8 64
alloc meta u32 8
fill line hex 78563412007f0000001005fef07f807f6b
# .lmeta: encoding 3, size 17, line size 64, MAG 32 (bytes 16..: line address 0)
fill meta hex 03000000110000004000000020000000
runsub bdi_dec_b8d1 line out meta
# the 64 bytes of the line, element by element (expected_out.txt: one element per row)
expect out text ${SCRIPT_DIR}/expected_out.txt
# spot checks: the low byte of each element, and e4's sign extension
expect out at 0 0x78
expect out at 8 0x88
expect out at 16 0x05
expect out at 24 0x76
expect out at 32 0xf0
expect out at 39 0xff
expect out at 40 0xf7
expect out at 48 0xf8
expect out at 56 0x7f
echo decompressed line checked
