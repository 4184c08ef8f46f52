# barrier_red_mixed: bar.sync and bar.red.and at barrier 0 (kernel.ptx): warp 1 faults at its
# bar.red (line 20).  Before, bar.red did not assemble.
load ${SCRIPT_DIR}/kernel.ptx
launch barrier_red_mixed 1 64
