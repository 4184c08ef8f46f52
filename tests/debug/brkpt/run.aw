# out[t] = t + 10 for t < 4, else t: the brkpt changes nothing computed
load ${SCRIPT_DIR}/trap.s
alloc out u32 8
launch trap 1 8 out
expect out at 0 10
expect out at 3 13
expect out at 4 4
print out 0 8
