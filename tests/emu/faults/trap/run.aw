# trap: lanes 3-7 execute trap (pc 2, line 101); the first of them, lane 3, is reported.
load ${SCRIPT_DIR}/kernel.ptx
launch trap 1 8
