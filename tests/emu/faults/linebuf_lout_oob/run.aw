# linebuf_lout_oob: lane 16 (the only lane with address 128) stores 4 bytes at .lout offset 128 of a 128-byte line; pc 2, line 10 of sub.s.
load ${SCRIPT_DIR}/sub.s
alloc in u8 128
alloc out u8 128
alloc meta u32 8
runsub lb_lout_oob in out meta
