# named_barriers: kernel.ptx says what each part checks; values by hand: out[t] = t ^ 32
# (t < 128), done[lane] = 3 * lane (lane < 32).  Before, any barrier waited for every
# warp of the CTA: "barrier deadlock: warps wait at different barriers".
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 128
alloc done u32 32
launch groups 1 128 out done
expect out at 0 32
expect out at 31 63
expect out at 32 0
expect out at 63 31
expect out at 64 96
expect out at 95 127
expect out at 96 64
expect out at 127 95
expect done at 0 0
expect done at 1 3
expect done at 31 93
