# Subroutine directives the assist-warp controller carries out (isa/ISA.md, "Assist-warp
# extensions"): .lanes, .lanemask, .autoend and .active, taking no instruction.  ref.c
# writes the inputs and the outputs derived by hand.  Before them, awasm refused the
# source ("unexpected unknown directive '.lanes'").
load ${SCRIPT_DIR}/b4d1.s
alloc meta u32 8

# b4d1_hw: the 40-byte payload in the line buffer (zeros up to 128 bytes), .lout filled
# with 0x55 first: the whole line comes back, in 4 warp instructions (32 + 32 + 4 lanes
# add the base + 32 = 100 thread instructions)
alloc pay u8 40
fill pay file ${DATA}/pay.bin
alloc line u8 128
fill line const 0x55
fill meta hex 06000000280000008000000020000000
runsub b4d1_hw pay line meta
expect line file ${DATA}/want.bin

# half (.active 0xffff): lanes 0..15 write words 0..15; bytes 64..127 keep their 0x55
alloc out u8 128
fill out const 0x55
fill meta const 0
runsub half pay out meta
expect out file ${DATA}/half_want.bin
