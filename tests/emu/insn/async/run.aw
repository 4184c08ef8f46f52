# Per-instruction semantics tests: cp.async and the mbarrier instructions (tests/emu/insn/async).
# cpa's expected bytes: ref.c.  mb_seq, mb_warp, mb_spin: derived by hand below from the PTX ISA
# ("mbarrier": a phase completes when its pending count reaches zero; the count is then reloaded
# with the expected count, which arrive_drop lowers; test_wait on a state is true once the phase
# the state was taken in has completed, with .parity once the phase of that parity has).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/kernel.ptx
alloc src u32 128
fill src file ${DATA}/src.bin
alloc out u32 512
launch cpa 1 32 src out
expect out file ${DATA}/cpa_expected.bin
# mb_seq, one thread (pending P, expected E, phase F after each step):
#  init 3 (3,3,0); arrive: state (3,3,0) -> out[0] = 3, now (2,3,0); test_wait(state) -> 0;
#  arrive 2: state (2,3,0) -> out[2] = 2, completes: (3,3,1); test_wait(first state) -> 1;
#  parity 0 -> 1 (done); parity 1 -> 0 (current); arrive_drop: state (3,3,1) -> 3, now (2,2,1);
#  arrive 2: state (2,2,1) -> 2, completes: (2,2,0); parity 1 -> 1; try_wait parity 0 -> 0;
#  arrive.noComplete 1: state (2,2,0) -> 2, now (1,2,0); arrive: completes (2,2,1); parity 0 -> 1.
alloc seq u32 12
launch mb_seq 1 32 seq
expect seq at 0 3
expect seq at 1 0
expect seq at 2 2
expect seq at 3 1
expect seq at 4 1
expect seq at 5 0
expect seq at 6 3
expect seq at 7 2
expect seq at 8 1
expect seq at 9 0
expect seq at 10 2
expect seq at 11 1
# mb_warp: lanes arrive in lane order on a barrier expecting 32: lane l sees 32 - l pending;
# lane 31's arrival completes the phase, so every lane's wait is true.  cp.async.mbarrier.arrive
# without .noinc raises the count before its arrival (bar2's phase 0 stays: 0), with .noinc it
# arrives (bar3, expecting 1, completes: 1); the copied word is src[0] = 0x01010101.
alloc w u32 67
launch mb_warp 1 32 src w
expect w at 0 32
expect w at 1 31
expect w at 17 15
expect w at 31 1
expect w at 32 1
expect w at 63 1
expect w at 64 0
expect w at 65 1
expect w at 66 0x01010101
# mb_spin: 128 threads; warp 3 works 2000 iterations before it arrives while warps 0-2 spin on
# test_wait: every thread writes 0 + 1 + ... + 1999 = 1999000 plus its tid.
alloc spin u32 128
launch mb_spin 1 128 spin
expect spin at 0 1999000
expect spin at 95 1999095
expect spin at 96 1999096
expect spin at 127 1999127
