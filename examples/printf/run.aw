# printf: device printf (nvcc's call to vprintf), 100 threads in 2 blocks of 64 (28 idle).
# The text is kept during the launch and written at its end, ordered by block, thread and call
# (README, "Device printf"); here it goes to a file that is compared with the reference's.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/printf.ptx
alloc name u8 8
fill name hex 6177656d7500
alloc v s32 100
fill v ramp -50 7
alloc x f64 100
fill x ramp -1.5 0.25
printf ${DATA}/printed.txt
# hello(.u64 name, .u64 v, .u64 x, .u32 n)
launch hello 2 64 name v x u32:100
compare ${DATA}/printed.txt ${DATA}/printed_expected.txt
