# runaway_partial: lanes 0-2 exit at pc 2, lanes 3-7 loop.  Instructions 1-4 are pc 0-3;
# from instruction 5 on, odd-numbered ones are pc 4 (add) and even-numbered ones pc 5.
# Instruction 100001 is odd: pc 4, line 91.  The lanes still running are 3-7, so the fault
# names the first of them, lane 3 (lane 0 exited long before).
load ${SCRIPT_DIR}/kernel.ptx
set limit 100000
launch runaway_partial 1 8
