# focus: tests/emu/simt/block_3d/kernel.ptx in a grid of 2 blocks of 8 x 4 x 2 threads.
# Thread (x,y,z) is t = x + 8 * (y + 4 * z), warp t / 32, lane t % 32: warp 0 is z = 0,
# warp 1 is z = 1.  Thread (1,1,1) is t = 41: warp 1, lane 9; its four masks (m[164..167])
# are 0xffffffff, odd y = 0xff00ff00, x < 2 = 0x03030303, 0xffffffff.
load tests/emu/simt/block_3d/kernel.ptx
alloc m u32 512
launch block_3d 2 8,4,2 m
print m 164 4
expect m at 165 0xff00ff00
expect m at 166 0x03030303
