# Per-instruction semantics tests: floating-point arithmetic (tests/emu/insn/float_arith).
# One kernel per instruction variant: thread i loads a[i], b[i], c[i], executes the
# instruction and stores d[i].  Expected values: ref.c, from the PTX ISA definitions
# (IEEE 754 with the rounding modifier given; .ftz, .sat, NaN rules as the ISA states).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Expects are exact (bit for bit) except the .approx/.full ones, whose tolerances cite the ISA.
load ${SCRIPT_DIR}/kernel.ptx
# input set f: 1200 elements -- f32: every pair a x b of 26 special values (+-0, +-1, 0.5, 1.5, 3, 1/3, 1+ulp, 1-ulp, 2^24, 2^24+2, subnormals, +-min normal, +-FLT_MAX, 2^127, +-inf, NaNs), c cycling over them; then random values chosen to exercise rounding: cancellations, fma error terms, subnormal and overflowing results
alloc f_a f32 1200
fill f_a file ${DATA}/f_a.bin
alloc f_b f32 1200
fill f_b file ${DATA}/f_b.bin
alloc f_c f32 1200
fill f_c file ${DATA}/f_c.bin
# input set fsat: 1000 elements -- f32 inputs of the .sat variants: the first 1000 of f (.sat turns -0.0 into +0.0, as an H200 does; the PTX ISA does not say)
alloc fsat_a f32 1000
fill fsat_a file ${DATA}/fsat_a.bin
alloc fsat_b f32 1000
fill fsat_b file ${DATA}/fsat_b.bin
alloc fsat_c f32 1000
fill fsat_c file ${DATA}/fsat_c.bin
# input set fda: 400 elements -- div.approx: |b| in [2^-126, 2^126] (b = +-2^-126 and +-2^126 included), |a/b| in [2^-100, 2^100]
alloc fda_a f32 400
fill fda_a file ${DATA}/fda_a.bin
alloc fda_b f32 400
fill fda_b file ${DATA}/fda_b.bin
alloc fda_c f32 400
fill fda_c file ${DATA}/fda_c.bin
# input set fdx: 64 elements -- div.approx special cases: zero, infinite and NaN operands, 2^126 < |b| < 2^128
alloc fdx_a f32 64
fill fdx_a file ${DATA}/fdx_a.bin
alloc fdx_b f32 64
fill fdx_b file ${DATA}/fdx_b.bin
alloc fdx_c f32 64
fill fdx_c file ${DATA}/fdx_c.bin
# input set fdsub: 64 elements -- div.approx without .ftz: subnormal a, b in [2^-4, 2^4]
alloc fdsub_a f32 64
fill fdsub_a file ${DATA}/fdsub_a.bin
alloc fdsub_b f32 64
fill fdsub_b file ${DATA}/fdsub_b.bin
alloc fdsub_c f32 64
fill fdsub_c file ${DATA}/fdsub_c.bin
# input set d: 1100 elements -- f64: every pair a x b of 24 special values (+-0, +-1, 0.5, 3, 1/3, 1+ulp, 1-ulp, 2^53, subnormals, +-min normal, +-DBL_MAX, +-inf, ...; no NaN), c cycling over them; then random values as for f
alloc d_a f64 1100
fill d_a file ${DATA}/d_a.bin
alloc d_b f64 1100
fill d_b file ${DATA}/d_b.bin
alloc d_c f64 1100
fill d_c file ${DATA}/d_c.bin
# input set dn: 40 elements -- f64 NaN operands: a positive quiet NaN with a payload in a (i % 3 == 0), b (1) or c (2), ordinary numbers in the others
alloc dn_a f64 40
fill dn_a file ${DATA}/dn_a.bin
alloc dn_b f64 40
fill dn_b file ${DATA}/dn_b.bin
alloc dn_c f64 40
fill dn_c file ${DATA}/dn_c.bin
# input set dna: 8 elements -- abs.f64 operands: NaNs of both signs, numbers
alloc dna_a f64 8
fill dna_a file ${DATA}/dna_a.bin
alloc dna_b f64 8
fill dna_b file ${DATA}/dna_b.bin
alloc dna_c f64 8
fill dna_c file ${DATA}/dna_c.bin
# input set dt: 40 elements -- f64 values of every class (zeros, subnormals, normals, infinities, quiet and signalling NaNs) for testp
alloc dt_a f64 40
fill dt_a file ${DATA}/dt_a.bin
alloc dt_b f64 40
fill dt_b file ${DATA}/dt_b.bin
alloc dt_c f64 40
fill dt_c file ${DATA}/dt_c.bin
alloc f_of32 f32 1200
alloc fsat_of32 f32 1000
alloc fda_of32 f32 400
alloc fdx_of32 f32 64
alloc fdsub_of32 f32 64
alloc f_ou32 u32 1200
alloc dt_ou32 u32 40
alloc d_of64 f64 1100
alloc dn_of64 f64 40
alloc dna_of64 f64 8

# add.rn.f32, correctly rounded. A NaN result is 0x7fffffff (the PTX ISA leaves single-precision NaNs unspecified; awemu documents this).
fill f_of32 const 7
launch add_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_rn_f32.bin
# add.rz.f32, correctly rounded. A NaN result is 0x7fffffff (the PTX ISA leaves single-precision NaNs unspecified; awemu documents this).
fill f_of32 const 7
launch add_rz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_rz_f32.bin
# add.rm.f32, correctly rounded. A NaN result is 0x7fffffff (the PTX ISA leaves single-precision NaNs unspecified; awemu documents this).
fill f_of32 const 7
launch add_rm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_rm_f32.bin
# add.rp.f32, correctly rounded. A NaN result is 0x7fffffff (the PTX ISA leaves single-precision NaNs unspecified; awemu documents this).
fill f_of32 const 7
launch add_rp_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_rp_f32.bin
# add.f32 without a rounding modifier: .rn
fill f_of32 const 7
launch add_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_f32.bin
# add.ftz.f32 (.rn). .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch add_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_ftz_f32.bin
# add.rz.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch add_rz_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_rz_ftz_f32.bin
# add.rn.f32 with the immediate 0f3fc00000 (1.5)
fill f_of32 const 7
launch add_imm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/add_imm_f32.bin
# sub.rn.f32 (x - x is -0.0 only in .rm)
fill f_of32 const 7
launch sub_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sub_rn_f32.bin
# sub.rz.f32 (x - x is -0.0 only in .rm)
fill f_of32 const 7
launch sub_rz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sub_rz_f32.bin
# sub.rm.f32 (x - x is -0.0 only in .rm)
fill f_of32 const 7
launch sub_rm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sub_rm_f32.bin
# sub.rp.f32 (x - x is -0.0 only in .rm)
fill f_of32 const 7
launch sub_rp_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sub_rp_f32.bin
# sub.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch sub_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sub_ftz_f32.bin
# mul.rn.f32 (0 * inf is NaN)
fill f_of32 const 7
launch mul_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mul_rn_f32.bin
# mul.rz.f32 (0 * inf is NaN)
fill f_of32 const 7
launch mul_rz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mul_rz_f32.bin
# mul.rm.f32 (0 * inf is NaN)
fill f_of32 const 7
launch mul_rm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mul_rm_f32.bin
# mul.rp.f32 (0 * inf is NaN)
fill f_of32 const 7
launch mul_rp_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mul_rp_f32.bin
# mul.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch mul_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mul_ftz_f32.bin
# mul.rm.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch mul_rm_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mul_rm_ftz_f32.bin
# mul.rn.f32 with the decimal immediate 0.5
fill f_of32 const 7
launch mul_imm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mul_imm_f32.bin
# fma.rn.f32: a*b + c rounded once
fill f_of32 const 7
launch fma_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/fma_rn_f32.bin
# fma.rz.f32: a*b + c rounded once
fill f_of32 const 7
launch fma_rz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/fma_rz_f32.bin
# fma.rm.f32: a*b + c rounded once
fill f_of32 const 7
launch fma_rm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/fma_rm_f32.bin
# fma.rp.f32: a*b + c rounded once
fill f_of32 const 7
launch fma_rp_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/fma_rp_f32.bin
# fma.rn.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch fma_rn_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/fma_rn_ftz_f32.bin
# fma.rp.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch fma_rp_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/fma_rp_ftz_f32.bin
# mad.rn.f32: the same as fma.rn.f32 (sm_20 and later)
fill f_of32 const 7
launch mad_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mad_rn_f32.bin
# mad.rz.ftz.f32
fill f_of32 const 7
launch mad_rz_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/mad_rz_ftz_f32.bin
# add.sat.f32. .sat: clamp to [0.0, 1.0], NaN results become +0.0.
fill fsat_of32 const 7
launch add_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/add_sat_f32.bin
# add.rm.ftz.sat.f32
fill fsat_of32 const 7
launch add_rm_ftz_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/add_rm_ftz_sat_f32.bin
# sub.rn.sat.f32
fill fsat_of32 const 7
launch sub_rn_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/sub_rn_sat_f32.bin
# mul.rn.sat.f32
fill fsat_of32 const 7
launch mul_rn_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/mul_rn_sat_f32.bin
# mul.rp.sat.f32
fill fsat_of32 const 7
launch mul_rp_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/mul_rp_sat_f32.bin
# fma.rn.sat.f32
fill fsat_of32 const 7
launch fma_rn_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/fma_rn_sat_f32.bin
# fma.rz.ftz.sat.f32
fill fsat_of32 const 7
launch fma_rz_ftz_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/fma_rz_ftz_sat_f32.bin
# mad.rn.sat.f32
fill fsat_of32 const 7
launch mad_rn_sat_f32 8 128 fsat_a fsat_b fsat_c fsat_of32 u32:1000
expect fsat_of32 file ${DATA}/mad_rn_sat_f32.bin
# min.f32. A NaN operand gives the other operand, two NaNs give a NaN; -0.0 < +0.0 (PTX ISA, min/max).
fill f_of32 const 7
launch min_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/min_f32.bin
# max.f32. A NaN operand gives the other operand, two NaNs give a NaN; -0.0 < +0.0 (PTX ISA, min/max).
fill f_of32 const 7
launch max_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/max_f32.bin
# min.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch min_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/min_ftz_f32.bin
# max.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch max_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/max_ftz_f32.bin
# abs.f32: clears the sign bit. On NaNs the PTX ISA allows any NaN; awemu flips (neg) or clears (abs) the sign bit, which is expected here.
fill f_of32 const 7
launch abs_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/abs_f32.bin
# neg.f32: flips the sign bit. On NaNs the PTX ISA allows any NaN; awemu flips (neg) or clears (abs) the sign bit, which is expected here.
fill f_of32 const 7
launch neg_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/neg_f32.bin
# abs.ftz.f32: subnormals become +0.0
fill f_of32 const 7
launch abs_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/abs_ftz_f32.bin
# neg.ftz.f32: subnormals become zeros of the opposite sign
fill f_of32 const 7
launch neg_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/neg_ftz_f32.bin
# copysign.f32 d, a, b: b with the sign bit of a (a bit operation, NaNs included)
fill f_of32 const 7
launch copysign_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/copysign_f32.bin
# div.rn.f32, correctly rounded (x/0 = +-inf, 0/0 = NaN)
fill f_of32 const 7
launch div_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/div_rn_f32.bin
# div.rz.f32, correctly rounded (x/0 = +-inf, 0/0 = NaN)
fill f_of32 const 7
launch div_rz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/div_rz_f32.bin
# div.rm.f32, correctly rounded (x/0 = +-inf, 0/0 = NaN)
fill f_of32 const 7
launch div_rm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/div_rm_f32.bin
# div.rp.f32, correctly rounded (x/0 = +-inf, 0/0 = NaN)
fill f_of32 const 7
launch div_rp_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/div_rp_f32.bin
# div.rn.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch div_rn_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/div_rn_ftz_f32.bin
# div.rp.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch div_rp_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/div_rp_ftz_f32.bin
# div.full.f32: "the maximum ulp error is 2 across the full range of inputs" (PTX ISA),
# so ulp=2 against the correctly rounded quotient (awemu computes it correctly rounded)
fill f_of32 const 7
launch div_full_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/div_full_f32.bin ulp=2
# div.full.ftz.f32: ulp=2 as div.full.f32 (on quotients far from the subnormal range)
fill fda_of32 const 7
launch div_full_ftz_f32 4 128 fda_a fda_b fda_c fda_of32 u32:400
expect fda_of32 file ${DATA}/div_full_ftz_f32.bin ulp=2
# div.approx.f32 = a * (1/b): "for |b| in [2^-126, 2^126], the maximum ulp error is 2" (PTX ISA),
# so ulp=2 against the correctly rounded quotient
fill fda_of32 const 7
launch div_approx_f32 4 128 fda_a fda_b fda_c fda_of32 u32:400
expect fda_of32 file ${DATA}/div_approx_f32.bin ulp=2
# div.approx.f32 = a * (1/b): "for |b| in [2^-126, 2^126], the maximum ulp error is 2" (PTX ISA),
# so ulp=2 against the correctly rounded quotient (.ftz)
fill fda_of32 const 7
launch div_approx_ftz_f32 4 128 fda_a fda_b fda_c fda_of32 u32:400
expect fda_of32 file ${DATA}/div_approx_ftz_f32.bin ulp=2
# div.approx.f32 special cases, exact: a * (1/b) with 1/+-0 = +-inf, 1/+-inf = +-0; "for 2^126 < |b| < 2^128,
# if a is infinity, div.approx.f32 returns NaN, otherwise it returns a sign-preserving zero" (PTX ISA)
fill fdx_of32 const 7
launch div_approx_x_f32 1 128 fdx_a fdx_b fdx_c fdx_of32 u32:64
expect fdx_of32 file ${DATA}/div_approx_x_f32.bin
# div.approx.ftz.f32 special cases, exact; subnormal operands and results are flushed
fill fdx_of32 const 7
launch div_approx_ftz_x_f32 1 128 fdx_a fdx_b fdx_c fdx_of32 u32:64
expect fdx_of32 file ${DATA}/div_approx_ftz_x_f32.bin
# div.approx.f32 without .ftz keeps subnormals (sm_20+: "By default, subnormal numbers are supported"):
# subnormal a / b in [2^-4, 2^4] within 2 ulp
fill fdsub_of32 const 7
launch div_approx_sub_f32 1 128 fdsub_a fdsub_b fdsub_c fdsub_of32 u32:64
expect fdsub_of32 file ${DATA}/div_approx_sub_f32.bin ulp=2
# rcp.rn.f32, correctly rounded
fill f_of32 const 7
launch rcp_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/rcp_rn_f32.bin
# rcp.rz.f32, correctly rounded
fill f_of32 const 7
launch rcp_rz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/rcp_rz_f32.bin
# rcp.rm.f32, correctly rounded
fill f_of32 const 7
launch rcp_rm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/rcp_rm_f32.bin
# rcp.rp.f32, correctly rounded
fill f_of32 const 7
launch rcp_rp_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/rcp_rp_f32.bin
# rcp.rn.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch rcp_rn_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/rcp_rn_ftz_f32.bin
# rcp.approx.f32: "The maximum ulp error is 1 across the full range of inputs" (PTX ISA): ulp=1;
# the special values (+-0 -> +-inf, +-inf -> +-0, NaN) are exact under that tolerance
fill f_of32 const 7
launch rcp_approx_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/rcp_approx_f32.bin ulp=1
# rcp.approx.ftz.f32: ulp=1, subnormals flushed
fill f_of32 const 7
launch rcp_approx_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/rcp_approx_ftz_f32.bin ulp=1
# sqrt.rn.f32, correctly rounded (sqrt(-0) = -0, negative -> NaN)
fill f_of32 const 7
launch sqrt_rn_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sqrt_rn_f32.bin
# sqrt.rz.f32, correctly rounded (sqrt(-0) = -0, negative -> NaN)
fill f_of32 const 7
launch sqrt_rz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sqrt_rz_f32.bin
# sqrt.rm.f32, correctly rounded (sqrt(-0) = -0, negative -> NaN)
fill f_of32 const 7
launch sqrt_rm_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sqrt_rm_f32.bin
# sqrt.rp.f32, correctly rounded (sqrt(-0) = -0, negative -> NaN)
fill f_of32 const 7
launch sqrt_rp_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sqrt_rp_f32.bin
# sqrt.rn.ftz.f32. .ftz: subnormal inputs and results become zeros of the same sign.
fill f_of32 const 7
launch sqrt_rn_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sqrt_rn_ftz_f32.bin
# sqrt.approx.f32: "maximum relative error over the entire positive finite floating-point range is 2^-23"
# (PTX ISA); rel = 2^-23 + 2^-24 (the reference is itself rounded, 2^-24 relative) < 1.8e-7.
# NaN matches only NaN; +-0 and +-inf match only themselves
fill f_of32 const 7
launch sqrt_approx_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sqrt_approx_f32.bin rel=1.8e-7
# sqrt.approx.ftz.f32: as sqrt.approx.f32, subnormals flushed
fill f_of32 const 7
launch sqrt_approx_ftz_f32 10 128 f_a f_b f_c f_of32 u32:1200
expect f_of32 file ${DATA}/sqrt_approx_ftz_f32.bin rel=1.8e-7
# testp.*.f32 of a as a bit mask: bit 0 finite, 1 infinite, 2 number, 3 notanumber, 4 normal, 5 subnormal.
# "As a special case, positive and negative zero are considered normal numbers" (PTX ISA, testp).
fill f_ou32 const 7
launch testp_f32 10 128 f_a f_b f_c f_ou32 u32:1200
expect f_ou32 file ${DATA}/testp_f32.bin
# testp.*.f64 of a as a bit mask: bit 0 finite, 1 infinite, 2 number, 3 notanumber, 4 normal, 5 subnormal.
# "As a special case, positive and negative zero are considered normal numbers" (PTX ISA, testp).
fill dt_ou32 const 7
launch testp_f64 1 128 dt_a dt_b dt_c dt_ou32 u32:40
expect dt_ou32 file ${DATA}/testp_f64.bin
# add.rn.f64. A NaN result (none of these inputs is a NaN) is 0x7fffffffffffffff, awemu's documented choice.
fill d_of64 const 7
launch add_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/add_rn_f64.bin
# sub.rn.f64
fill d_of64 const 7
launch sub_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sub_rn_f64.bin
# mul.rn.f64
fill d_of64 const 7
launch mul_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/mul_rn_f64.bin
# fma.rn.f64: a*b + c rounded once
fill d_of64 const 7
launch fma_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/fma_rn_f64.bin
# div.rn.f64
fill d_of64 const 7
launch div_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/div_rn_f64.bin
# rcp.rn.f64
fill d_of64 const 7
launch rcp_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/rcp_rn_f64.bin
# sqrt.rn.f64
fill d_of64 const 7
launch sqrt_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sqrt_rn_f64.bin
# add.rz.f64. A NaN result (none of these inputs is a NaN) is 0x7fffffffffffffff, awemu's documented choice.
fill d_of64 const 7
launch add_rz_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/add_rz_f64.bin
# sub.rz.f64
fill d_of64 const 7
launch sub_rz_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sub_rz_f64.bin
# mul.rz.f64
fill d_of64 const 7
launch mul_rz_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/mul_rz_f64.bin
# fma.rz.f64: a*b + c rounded once
fill d_of64 const 7
launch fma_rz_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/fma_rz_f64.bin
# div.rz.f64
fill d_of64 const 7
launch div_rz_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/div_rz_f64.bin
# rcp.rz.f64
fill d_of64 const 7
launch rcp_rz_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/rcp_rz_f64.bin
# sqrt.rz.f64
fill d_of64 const 7
launch sqrt_rz_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sqrt_rz_f64.bin
# add.rm.f64. A NaN result (none of these inputs is a NaN) is 0x7fffffffffffffff, awemu's documented choice.
fill d_of64 const 7
launch add_rm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/add_rm_f64.bin
# sub.rm.f64
fill d_of64 const 7
launch sub_rm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sub_rm_f64.bin
# mul.rm.f64
fill d_of64 const 7
launch mul_rm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/mul_rm_f64.bin
# fma.rm.f64: a*b + c rounded once
fill d_of64 const 7
launch fma_rm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/fma_rm_f64.bin
# div.rm.f64
fill d_of64 const 7
launch div_rm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/div_rm_f64.bin
# rcp.rm.f64
fill d_of64 const 7
launch rcp_rm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/rcp_rm_f64.bin
# sqrt.rm.f64
fill d_of64 const 7
launch sqrt_rm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sqrt_rm_f64.bin
# add.rp.f64. A NaN result (none of these inputs is a NaN) is 0x7fffffffffffffff, awemu's documented choice.
fill d_of64 const 7
launch add_rp_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/add_rp_f64.bin
# sub.rp.f64
fill d_of64 const 7
launch sub_rp_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sub_rp_f64.bin
# mul.rp.f64
fill d_of64 const 7
launch mul_rp_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/mul_rp_f64.bin
# fma.rp.f64: a*b + c rounded once
fill d_of64 const 7
launch fma_rp_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/fma_rp_f64.bin
# div.rp.f64
fill d_of64 const 7
launch div_rp_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/div_rp_f64.bin
# rcp.rp.f64
fill d_of64 const 7
launch rcp_rp_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/rcp_rp_f64.bin
# sqrt.rp.f64
fill d_of64 const 7
launch sqrt_rp_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/sqrt_rp_f64.bin
# add.f64 without a rounding modifier: .rn
fill d_of64 const 7
launch add_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/add_f64.bin
# mad.rn.f64: the same as fma.rn.f64
fill d_of64 const 7
launch mad_rn_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/mad_rn_f64.bin
# mul.rn.f64 with the immediate 0d3ff8000000000000 (1.5)
fill d_of64 const 7
launch mul_imm_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/mul_imm_f64.bin
# min.f64 (-0.0 < +0.0)
fill d_of64 const 7
launch min_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/min_f64.bin
# max.f64
fill d_of64 const 7
launch max_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/max_f64.bin
# abs.f64
fill d_of64 const 7
launch abs_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/abs_f64.bin
# neg.f64
fill d_of64 const 7
launch neg_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/neg_f64.bin
# copysign.f64 d, a, b: b with the sign of a
fill d_of64 const 7
launch copysign_f64 9 128 d_a d_b d_c d_of64 u32:1100
expect d_of64 file ${DATA}/copysign_f64.bin
# add.rn.f64 with a NaN operand. "NaN payloads are supported for double-precision instructions" (PTX ISA, 9.7.3): one quiet NaN
# operand (payload 0x...123 etc.) comes out unchanged.
fill dn_of64 const 7
launch add_nan_f64 1 128 dn_a dn_b dn_c dn_of64 u32:40
expect dn_of64 file ${DATA}/add_nan_f64.bin
# mul.rn.f64 with a NaN operand. "NaN payloads are supported for double-precision instructions" (PTX ISA, 9.7.3): one quiet NaN
# operand (payload 0x...123 etc.) comes out unchanged.
fill dn_of64 const 7
launch mul_nan_f64 1 128 dn_a dn_b dn_c dn_of64 u32:40
expect dn_of64 file ${DATA}/mul_nan_f64.bin
# fma.rn.f64 with a NaN operand. "NaN payloads are supported for double-precision instructions" (PTX ISA, 9.7.3): one quiet NaN
# operand (payload 0x...123 etc.) comes out unchanged.
fill dn_of64 const 7
launch fma_nan_f64 1 128 dn_a dn_b dn_c dn_of64 u32:40
expect dn_of64 file ${DATA}/fma_nan_f64.bin
# div.rn.f64 with a NaN operand. "NaN payloads are supported for double-precision instructions" (PTX ISA, 9.7.3): one quiet NaN
# operand (payload 0x...123 etc.) comes out unchanged.
fill dn_of64 const 7
launch div_nan_f64 1 128 dn_a dn_b dn_c dn_of64 u32:40
expect dn_of64 file ${DATA}/div_nan_f64.bin
# sqrt.rn.f64 of a NaN (a is a NaN in every third element). "NaN payloads are supported for double-precision instructions" (PTX ISA, 9.7.3): one quiet NaN
# operand (payload 0x...123 etc.) comes out unchanged.
fill dn_of64 const 7
launch sqrt_nan_f64 1 128 dn_a dn_b dn_c dn_of64 u32:40
expect dn_of64 file ${DATA}/sqrt_nan_f64.bin
# min.f64 with one NaN operand: the other operand
fill dn_of64 const 7
launch min_nan_f64 1 128 dn_a dn_b dn_c dn_of64 u32:40
expect dn_of64 file ${DATA}/min_nan_f64.bin
# max.f64 with one NaN operand: the other operand
fill dn_of64 const 7
launch max_nan_f64 1 128 dn_a dn_b dn_c dn_of64 u32:40
expect dn_of64 file ${DATA}/max_nan_f64.bin
# abs.f64: "For abs.f64, NaN input is passed through unchanged" (PTX ISA, abs)
fill dna_of64 const 7
launch abs_nan_f64 1 128 dna_a dna_b dna_c dna_of64 u32:8
expect dna_of64 file ${DATA}/abs_nan_f64.bin
