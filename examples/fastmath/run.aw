# fastmath: --use_fast_math transcendental mix, n = 4000, grid 16 x block 256
# (96 idle threads), inputs in [-3.1, 3.1] plus 0, -0, +-0.5, +-1, +-3, +-1e-3.
# The .approx instructions have no defined bits, so out is compared with a tolerance.
# ref.c evaluates each .approx op exactly (in double, rounded to float) and every
# rounded op (mul/add/fma .ftz) exactly as in the PTX. PTX ISA maximum errors:
#   ex2.approx.ftz.f32   relative 2^-22 (2 ulp)     lg2.approx.ftz.f32  absolute 2^-22
#   sin/cos.approx.ftz   absolute 2^-20.5 on [-pi, pi]
#   sqrt/rsqrt/rcp.approx.ftz.f32  relative ~2^-23 (rsqrt 2^-22.9)
#   div.approx.ftz.f32   2 ulp                      tanh.approx.f32  relative 2^-10.987
# Propagated through the expression (linearised, each bound rounded up, plus 8 ulp of
# rounding slack in the final adds) the worst case over [-3.1, 3.1] is 5.8e-4 absolute,
# 7.8e-5 relative (|out| is between 4.5 and 42.4); tanh.approx dominates. Hence rel=2e-4.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/fastmath.ptx
alloc x f32 4000
alloc out f32 4000
fill x file ${DATA}/x.bin
# fastmath(.u64 x, .u64 out, .u32 n)
launch fastmath 16 256 x out u32:4000
expect out file ${DATA}/out_expected.bin rel=2e-4
