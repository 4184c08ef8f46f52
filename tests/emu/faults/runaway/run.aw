# runaway: an endless loop stopped by the instruction limit.  Warp instruction 1 is pc 0;
# from then on even-numbered instructions are pc 1 and odd-numbered ones pc 2 (bra.uni).
# The limit is 100000, so instruction 100001 (odd: pc 2, line 81) faults.  Every lane
# loops; lane 0 is reported.
load ${SCRIPT_DIR}/kernel.ptx
set limit 100000
launch runaway 1 8
