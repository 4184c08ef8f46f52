# memory: mem.ptx with k = 3, scale = 0.5 on one warp of 8 threads (see mem.ptx).
# sbuf = 0 3 6 9 12 15 18 21; lane 5's lbuf = 5, -5, 2.5f, 0x41424344;
# out[t] = sbuf[(t + 1) % 8] + tbl[t % 4]: out[0] = 3 + 0x11223344, out[2] = 9 + 65 = 74,
# out[7] = 0 + 0x3f800000.
load tests/debug/memory/mem.ptx
symbol greeting u8
alloc out u32 8
launch mem 1 8 out u32:3 f32:0.5
print out
expect out at 0 0x11223347
expect out at 2 74
expect out at 7 0x3f800000
