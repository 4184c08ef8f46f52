# options: European call and put prices of N = 262144 options under a six-component
# lognormal-mixture (uncertain-volatility) Black-Scholes model, r = 0.05, v = 0.25
# (f32 S, K, T in, call and put out: 5 MiB), own log2/exp/CND polynomials, sqrt.rn and
# div.rn; ~600 PTX instructions per option, straight-line, over a grid-stride loop:
# grid 60 x block 256 (17 or 18 options per thread).
# The parameters repeat (S from 32 levels, K from 4, T from 2: 256 distinct triples):
# a workload for memoization. Bit-exact (the reference follows the PTX).
# class: compute (ALU-bound, DRAM lightly used)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/options.ptx
alloc S f32 262144
alloc K f32 262144
alloc T f32 262144
alloc call f32 262144
alloc put f32 262144
fill S file ${DATA}/S.bin
fill K file ${DATA}/K.bin
fill T file ${DATA}/T.bin
# options(.u64 S, .u64 K, .u64 T, .u64 call, .u64 put, .f32 r, .f32 v, .u32 n)
launch options 60 256 S K T call put f32:0.05 f32:0.25 u32:262144
expect call file ${DATA}/call_expected.bin
expect put file ${DATA}/put_expected.bin
