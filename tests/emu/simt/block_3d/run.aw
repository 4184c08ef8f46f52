# block_3d: warp formation in 2D and 3D blocks and divergence on %tid.y / %tid.x.
# Masks worked out by hand (t = x + ntid.x * (y + ntid.y * z); lane = t % 32).
load ${SCRIPT_DIR}/kernel.ptx
# block 5 x 3: one warp of 15 lanes; y = 1 is lanes 5-9; x < 2 is lanes 0,1,5,6,10,11
alloc m15 u32 60
launch block_3d 1 5,3 m15
expect m15 text ${SCRIPT_DIR}/expected_5x3.txt
# block 8 x 4 x 2: warp 0 is z = 0, warp 1 is z = 1; odd y = lanes 8-15 and 24-31
alloc m64 u32 256
launch block_3d 1 8,4,2 m64
# thread (0,0,0): lane 0 of warp 0
expect m64 at 0 0xffffffff
expect m64 at 1 0x00ff00ff
expect m64 at 2 0x03030303
expect m64 at 3 0xffffffff
# thread (1,1,1): t = 1 + 8 * (1 + 4) = 41, lane 9 of warp 1
expect m64 at 164 0xffffffff
expect m64 at 165 0xff00ff00
expect m64 at 166 0x03030303
expect m64 at 167 0xffffffff
# thread (7,3,1): t = 63, lane 31 of warp 1: no x < 2 store
expect m64 at 253 0xff00ff00
expect m64 at 254 0
