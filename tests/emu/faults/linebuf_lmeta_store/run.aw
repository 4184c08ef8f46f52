# linebuf_lmeta_store: lanes 0-2 store a word at 4 x lane into .lmeta; lane 2 writes byte 8,
# which is read-only (lane 2: the only lane with address 8); pc 3 is the st.lmeta, line 12 of sub.s.
load ${SCRIPT_DIR}/sub.s
alloc in u8 128
alloc out u8 128
alloc meta u32 8
runsub lb_lmeta_store in out meta
