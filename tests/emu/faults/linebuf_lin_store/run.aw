# linebuf_lin_store: a store to .lin (read-only), lane 0 first (address 0); pc 4 is the st.lin, line 12 of sub.s.
load ${SCRIPT_DIR}/sub.s
alloc in u8 128
alloc out u8 128
alloc meta u32 8
runsub lb_lin_store in out meta
