# frame_budget: unbounded recursion in a function of 4004 registers (4000 .b64, 4 .b32).
# The default budget is 1 MiB per thread for the frames' registers (8 bytes each) and
# local memory.  The kernel's frame: 3 registers (24 bytes) and 16 bytes of .param
# (param0, retval0: 8 bytes, aligned to 16).  Each frame of down: 4004 x 8 = 32032
# bytes of registers and 16 of .param (n, ret, param0, retval0).  The k-th nested call
# needs 24 + 16 + k x (32032 + 16) = 40 + 32048 k bytes: k = 32 fits (1025576), k = 33
# does not (1057624 > 1048576), so down's call (pc 4, line 21) faults at the 33rd.
load ${SCRIPT_DIR}/kernel.ptx
launch frame_budget 1 32
