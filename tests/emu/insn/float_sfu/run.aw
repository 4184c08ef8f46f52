# Per-instruction semantics tests: special-function approximations (tests/emu/insn/float_sfu):
# ex2, lg2, sin, cos, rsqrt, tanh .approx(.ftz).f32.  Each kernel runs on several input sets:
# the special values (exact, as the PTX ISA tables give them) and argument ranges where the
# ISA states an error bound (compared with the correctly rounded value under that bound).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/kernel.ptx
# input set sf: 8 elements -- subnormals of both signs (for the .ftz variants: flushed to +-0, so the result is exact)
alloc sf_a f32 8
fill sf_a file ${DATA}/sf_a.bin
alloc sf_b f32 8
fill sf_b file ${DATA}/sf_b.bin
alloc sf_c f32 8
fill sf_c file ${DATA}/sf_c.bin
# input set ex2_sp: 8 elements -- ex2 special values: -inf, +inf, +-0, NaNs
alloc ex2_sp_a f32 8
fill ex2_sp_a file ${DATA}/ex2_sp_a.bin
alloc ex2_sp_b f32 8
fill ex2_sp_b file ${DATA}/ex2_sp_b.bin
alloc ex2_sp_c f32 8
fill ex2_sp_c file ${DATA}/ex2_sp_c.bin
# input set ex2_r: 400 elements -- ex2 arguments in [-125.9, 127.9] (random, integers, halves, tiny, subnormal)
alloc ex2_r_a f32 400
fill ex2_r_a file ${DATA}/ex2_r_a.bin
alloc ex2_r_b f32 400
fill ex2_r_b file ${DATA}/ex2_r_b.bin
alloc ex2_r_c f32 400
fill ex2_r_c file ${DATA}/ex2_r_c.bin
# input set ex2_rsub: 64 elements -- ex2 arguments in [-149.5, -126.5]: subnormal results
alloc ex2_rsub_a f32 64
fill ex2_rsub_a file ${DATA}/ex2_rsub_a.bin
alloc ex2_rsub_b f32 64
fill ex2_rsub_b file ${DATA}/ex2_rsub_b.bin
alloc ex2_rsub_c f32 64
fill ex2_rsub_c file ${DATA}/ex2_rsub_c.bin
# input set lg2_sp: 12 elements -- lg2 special values: -inf, negative normals, +-0, +inf, NaNs
alloc lg2_sp_a f32 12
fill lg2_sp_a file ${DATA}/lg2_sp_a.bin
alloc lg2_sp_b f32 12
fill lg2_sp_b file ${DATA}/lg2_sp_b.bin
alloc lg2_sp_c f32 12
fill lg2_sp_c file ${DATA}/lg2_sp_c.bin
# input set lg2_near: 300 elements -- lg2 arguments in (0.5, 2)
alloc lg2_near_a f32 300
fill lg2_near_a file ${DATA}/lg2_near_a.bin
alloc lg2_near_b f32 300
fill lg2_near_b file ${DATA}/lg2_near_b.bin
alloc lg2_near_c f32 300
fill lg2_near_c file ${DATA}/lg2_near_c.bin
# input set lg2_far: 300 elements -- lg2 arguments: positive normals outside (0.5, 2), every binade, 0.5, 2, FLT_MAX, min normal
alloc lg2_far_a f32 300
fill lg2_far_a file ${DATA}/lg2_far_a.bin
alloc lg2_far_b f32 300
fill lg2_far_b file ${DATA}/lg2_far_b.bin
alloc lg2_far_c f32 300
fill lg2_far_c file ${DATA}/lg2_far_c.bin
# input set lg2_sub: 64 elements -- lg2 arguments: positive subnormals
alloc lg2_sub_a f32 64
fill lg2_sub_a file ${DATA}/lg2_sub_a.bin
alloc lg2_sub_b f32 64
fill lg2_sub_b file ${DATA}/lg2_sub_b.bin
alloc lg2_sub_c f32 64
fill lg2_sub_c file ${DATA}/lg2_sub_c.bin
# input set trig_sp: 8 elements -- sin/cos special values: +-0, +-inf, NaNs
alloc trig_sp_a f32 8
fill trig_sp_a file ${DATA}/trig_sp_a.bin
alloc trig_sp_b f32 8
fill trig_sp_b file ${DATA}/trig_sp_b.bin
alloc trig_sp_c f32 8
fill trig_sp_c file ${DATA}/trig_sp_c.bin
# input set trig_2pi: 400 elements -- sin/cos arguments in [-2pi, 2pi] (random, multiples of pi/4, tiny)
alloc trig_2pi_a f32 400
fill trig_2pi_a file ${DATA}/trig_2pi_a.bin
alloc trig_2pi_b f32 400
fill trig_2pi_b file ${DATA}/trig_2pi_b.bin
alloc trig_2pi_c f32 400
fill trig_2pi_c file ${DATA}/trig_2pi_c.bin
# input set trig_100pi: 300 elements -- sin/cos arguments in [-100pi, 100pi]
alloc trig_100pi_a f32 300
fill trig_100pi_a file ${DATA}/trig_100pi_a.bin
alloc trig_100pi_b f32 300
fill trig_100pi_b file ${DATA}/trig_100pi_b.bin
alloc trig_100pi_c f32 300
fill trig_100pi_c file ${DATA}/trig_100pi_c.bin
# input set rsqrt_sp: 12 elements -- rsqrt special values: -inf, negative normals, +-0, +inf, NaNs
alloc rsqrt_sp_a f32 12
fill rsqrt_sp_a file ${DATA}/rsqrt_sp_a.bin
alloc rsqrt_sp_b f32 12
fill rsqrt_sp_b file ${DATA}/rsqrt_sp_b.bin
alloc rsqrt_sp_c f32 12
fill rsqrt_sp_c file ${DATA}/rsqrt_sp_c.bin
# input set rsqrt_r: 300 elements -- rsqrt arguments: positive normals of every binade, powers of 4, FLT_MAX
alloc rsqrt_r_a f32 300
fill rsqrt_r_a file ${DATA}/rsqrt_r_a.bin
alloc rsqrt_r_b f32 300
fill rsqrt_r_b file ${DATA}/rsqrt_r_b.bin
alloc rsqrt_r_c f32 300
fill rsqrt_r_c file ${DATA}/rsqrt_r_c.bin
# input set rsqrt_sub: 64 elements -- rsqrt arguments: positive subnormals
alloc rsqrt_sub_a f32 64
fill rsqrt_sub_a file ${DATA}/rsqrt_sub_a.bin
alloc rsqrt_sub_b f32 64
fill rsqrt_sub_b file ${DATA}/rsqrt_sub_b.bin
alloc rsqrt_sub_c f32 64
fill rsqrt_sub_c file ${DATA}/rsqrt_sub_c.bin
# input set tanh_sp: 12 elements -- tanh special values: +-0, +-inf, NaNs, subnormals (passed through: "The subnormal inputs gets passed through to the output")
alloc tanh_sp_a f32 12
fill tanh_sp_a file ${DATA}/tanh_sp_a.bin
alloc tanh_sp_b f32 12
fill tanh_sp_b file ${DATA}/tanh_sp_b.bin
alloc tanh_sp_c f32 12
fill tanh_sp_c file ${DATA}/tanh_sp_c.bin
# input set tanh_r: 400 elements -- tanh arguments in [-12, 12], tiny ones included
alloc tanh_r_a f32 400
fill tanh_r_a file ${DATA}/tanh_r_a.bin
alloc tanh_r_b f32 400
fill tanh_r_b file ${DATA}/tanh_r_b.bin
alloc tanh_r_c f32 400
fill tanh_r_c file ${DATA}/tanh_r_c.bin
alloc ex2_sp_of32 f32 8
alloc ex2_r_of32 f32 400
alloc ex2_rsub_of32 f32 64
alloc sf_of32 f32 8
alloc lg2_sp_of32 f32 12
alloc lg2_near_of32 f32 300
alloc lg2_far_of32 f32 300
alloc lg2_sub_of32 f32 64
alloc trig_sp_of32 f32 8
alloc trig_2pi_of32 f32 400
alloc trig_100pi_of32 f32 300
alloc rsqrt_sp_of32 f32 12
alloc rsqrt_r_of32 f32 300
alloc rsqrt_sub_of32 f32 64
alloc tanh_sp_of32 f32 12
alloc tanh_r_of32 f32 400

# ex2.approx.f32: special values exact (-inf -> +0, +-0 -> 1, +inf -> +inf, NaN -> NaN; NaN results are 0x7fffffff (awemu's documented choice; the ISA leaves them unspecified).)
# "The maximum ulp error is 2 ulp from correctly rounded result across the full range of inputs"
# (PTX ISA): ulp=2 against the correctly rounded 2^a, subnormal results included
fill ex2_sp_of32 const 7
launch ex2_approx_f32 1 128 ex2_sp_a ex2_sp_b ex2_sp_c ex2_sp_of32 u32:8
expect ex2_sp_of32 file ${DATA}/ex2_approx_f32.ex2_sp.bin
fill ex2_r_of32 const 7
launch ex2_approx_f32 4 128 ex2_r_a ex2_r_b ex2_r_c ex2_r_of32 u32:400
expect ex2_r_of32 file ${DATA}/ex2_approx_f32.ex2_r.bin ulp=2
fill ex2_rsub_of32 const 7
launch ex2_approx_f32 1 128 ex2_rsub_a ex2_rsub_b ex2_rsub_c ex2_rsub_of32 u32:64
expect ex2_rsub_of32 file ${DATA}/ex2_approx_f32.ex2_rsub.bin ulp=2
# ex2.approx.ftz.f32: subnormal arguments are +-0 (result 1.0 exactly); subnormal results are +0 (exact)
fill ex2_sp_of32 const 7
launch ex2_approx_ftz_f32 1 128 ex2_sp_a ex2_sp_b ex2_sp_c ex2_sp_of32 u32:8
expect ex2_sp_of32 file ${DATA}/ex2_approx_ftz_f32.ex2_sp.bin
fill sf_of32 const 7
launch ex2_approx_ftz_f32 1 128 sf_a sf_b sf_c sf_of32 u32:8
expect sf_of32 file ${DATA}/ex2_approx_ftz_f32.sf.bin
fill ex2_r_of32 const 7
launch ex2_approx_ftz_f32 4 128 ex2_r_a ex2_r_b ex2_r_c ex2_r_of32 u32:400
expect ex2_r_of32 file ${DATA}/ex2_approx_ftz_f32.ex2_r.bin ulp=2
fill ex2_rsub_of32 const 7
launch ex2_approx_ftz_f32 1 128 ex2_rsub_a ex2_rsub_b ex2_rsub_c ex2_rsub_of32 u32:64
expect ex2_rsub_of32 file ${DATA}/ex2_approx_ftz_f32.ex2_rsub.bin
# lg2.approx.f32: special values exact (-inf, negative -> NaN; +-0 -> -inf; +inf -> +inf).
# "The maximum absolute error is 2^-22 when the input operand is in the range (0.5, 2). For positive
# finite inputs outside of this interval, maximum relative error is 2^-22" (PTX ISA):
# abs = 2^-22 + 2^-25 (half an ulp of the rounded reference) in (0.5, 2); elsewhere rel = (2^-22 + 2^-24) / (1 - 2^-24)
fill lg2_sp_of32 const 7
launch lg2_approx_f32 1 128 lg2_sp_a lg2_sp_b lg2_sp_c lg2_sp_of32 u32:12
expect lg2_sp_of32 file ${DATA}/lg2_approx_f32.lg2_sp.bin
fill lg2_near_of32 const 7
launch lg2_approx_f32 3 128 lg2_near_a lg2_near_b lg2_near_c lg2_near_of32 u32:300
expect lg2_near_of32 file ${DATA}/lg2_approx_f32.lg2_near.bin abs=2.6825e-7
fill lg2_far_of32 const 7
launch lg2_approx_f32 3 128 lg2_far_a lg2_far_b lg2_far_c lg2_far_of32 u32:300
expect lg2_far_of32 file ${DATA}/lg2_approx_f32.lg2_far.bin rel=2.9805e-7
fill lg2_sub_of32 const 7
launch lg2_approx_f32 1 128 lg2_sub_a lg2_sub_b lg2_sub_c lg2_sub_of32 u32:64
expect lg2_sub_of32 file ${DATA}/lg2_approx_f32.lg2_sub.bin rel=2.9805e-7
# lg2.approx.ftz.f32: subnormal arguments are +-0, so the result is -inf (exact)
fill lg2_sp_of32 const 7
launch lg2_approx_ftz_f32 1 128 lg2_sp_a lg2_sp_b lg2_sp_c lg2_sp_of32 u32:12
expect lg2_sp_of32 file ${DATA}/lg2_approx_ftz_f32.lg2_sp.bin
fill sf_of32 const 7
launch lg2_approx_ftz_f32 1 128 sf_a sf_b sf_c sf_of32 u32:8
expect sf_of32 file ${DATA}/lg2_approx_ftz_f32.sf.bin
fill lg2_near_of32 const 7
launch lg2_approx_ftz_f32 3 128 lg2_near_a lg2_near_b lg2_near_c lg2_near_of32 u32:300
expect lg2_near_of32 file ${DATA}/lg2_approx_ftz_f32.lg2_near.bin abs=2.6825e-7
fill lg2_far_of32 const 7
launch lg2_approx_ftz_f32 3 128 lg2_far_a lg2_far_b lg2_far_c lg2_far_of32 u32:300
expect lg2_far_of32 file ${DATA}/lg2_approx_ftz_f32.lg2_far.bin rel=2.9805e-7
# sin.approx.f32: +-0 -> +-0, +-inf -> NaN, NaN -> NaN exact. "The maximum absolute error over input range is ... [-2pi .. 2pi] 2^-20.5, [-100pi .. +100pi] 2^-14.7" (PTX ISA):
# abs = 2^-20.5 + 2^-25 and 2^-14.7 + 2^-25 (half an ulp of the rounded reference)
fill trig_sp_of32 const 7
launch sin_approx_f32 1 128 trig_sp_a trig_sp_b trig_sp_c trig_sp_of32 u32:8
expect trig_sp_of32 file ${DATA}/sin_approx_f32.trig_sp.bin
fill trig_2pi_of32 const 7
launch sin_approx_f32 4 128 trig_2pi_a trig_2pi_b trig_2pi_c trig_2pi_of32 u32:400
expect trig_2pi_of32 file ${DATA}/sin_approx_f32.trig_2pi.bin abs=7.0422e-7
fill trig_100pi_of32 const 7
launch sin_approx_f32 3 128 trig_100pi_a trig_100pi_b trig_100pi_c trig_100pi_of32 u32:300
expect trig_100pi_of32 file ${DATA}/sin_approx_f32.trig_100pi.bin abs=3.7605e-5
# sin.approx.ftz.f32: subnormal arguments are +-0, result +-0 (exact)
fill trig_sp_of32 const 7
launch sin_approx_ftz_f32 1 128 trig_sp_a trig_sp_b trig_sp_c trig_sp_of32 u32:8
expect trig_sp_of32 file ${DATA}/sin_approx_ftz_f32.trig_sp.bin
fill sf_of32 const 7
launch sin_approx_ftz_f32 1 128 sf_a sf_b sf_c sf_of32 u32:8
expect sf_of32 file ${DATA}/sin_approx_ftz_f32.sf.bin
fill trig_2pi_of32 const 7
launch sin_approx_ftz_f32 4 128 trig_2pi_a trig_2pi_b trig_2pi_c trig_2pi_of32 u32:400
expect trig_2pi_of32 file ${DATA}/sin_approx_ftz_f32.trig_2pi.bin abs=7.0422e-7
# cos.approx.f32: +-0 -> 1.0, +-inf -> NaN, NaN -> NaN exact. "The maximum absolute error over input range is ... [-2pi .. 2pi] 2^-20.5, [-100pi .. +100pi] 2^-14.7" (PTX ISA):
# abs = 2^-20.5 + 2^-25 and 2^-14.7 + 2^-25 (half an ulp of the rounded reference)
fill trig_sp_of32 const 7
launch cos_approx_f32 1 128 trig_sp_a trig_sp_b trig_sp_c trig_sp_of32 u32:8
expect trig_sp_of32 file ${DATA}/cos_approx_f32.trig_sp.bin
fill trig_2pi_of32 const 7
launch cos_approx_f32 4 128 trig_2pi_a trig_2pi_b trig_2pi_c trig_2pi_of32 u32:400
expect trig_2pi_of32 file ${DATA}/cos_approx_f32.trig_2pi.bin abs=7.0422e-7
fill trig_100pi_of32 const 7
launch cos_approx_f32 3 128 trig_100pi_a trig_100pi_b trig_100pi_c trig_100pi_of32 u32:300
expect trig_100pi_of32 file ${DATA}/cos_approx_f32.trig_100pi.bin abs=3.7605e-5
# cos.approx.ftz.f32: subnormal arguments are +-0, result 1.0 (exact)
fill trig_sp_of32 const 7
launch cos_approx_ftz_f32 1 128 trig_sp_a trig_sp_b trig_sp_c trig_sp_of32 u32:8
expect trig_sp_of32 file ${DATA}/cos_approx_ftz_f32.trig_sp.bin
fill sf_of32 const 7
launch cos_approx_ftz_f32 1 128 sf_a sf_b sf_c sf_of32 u32:8
expect sf_of32 file ${DATA}/cos_approx_ftz_f32.sf.bin
fill trig_2pi_of32 const 7
launch cos_approx_ftz_f32 4 128 trig_2pi_a trig_2pi_b trig_2pi_c trig_2pi_of32 u32:400
expect trig_2pi_of32 file ${DATA}/cos_approx_ftz_f32.trig_2pi.bin abs=7.0422e-7
# rsqrt.approx.f32: special values exact (-inf, negative -> NaN; -0 -> -inf; +0 -> +inf; +inf -> +0).
# "The maximum relative error for rsqrt.f32 over the entire positive finite floating-point range is 2^-22.9"
# (PTX ISA): rel = (2^-22.9 + 2^-24) / (1 - 2^-24), subnormal arguments included
fill rsqrt_sp_of32 const 7
launch rsqrt_approx_f32 1 128 rsqrt_sp_a rsqrt_sp_b rsqrt_sp_c rsqrt_sp_of32 u32:12
expect rsqrt_sp_of32 file ${DATA}/rsqrt_approx_f32.rsqrt_sp.bin
fill rsqrt_r_of32 const 7
launch rsqrt_approx_f32 3 128 rsqrt_r_a rsqrt_r_b rsqrt_r_c rsqrt_r_of32 u32:300
expect rsqrt_r_of32 file ${DATA}/rsqrt_approx_f32.rsqrt_r.bin rel=1.8739e-7
fill rsqrt_sub_of32 const 7
launch rsqrt_approx_f32 1 128 rsqrt_sub_a rsqrt_sub_b rsqrt_sub_c rsqrt_sub_of32 u32:64
expect rsqrt_sub_of32 file ${DATA}/rsqrt_approx_f32.rsqrt_sub.bin rel=1.8739e-7
# rsqrt.approx.ftz.f32: subnormal arguments are +-0, result +-inf (exact)
fill rsqrt_sp_of32 const 7
launch rsqrt_approx_ftz_f32 1 128 rsqrt_sp_a rsqrt_sp_b rsqrt_sp_c rsqrt_sp_of32 u32:12
expect rsqrt_sp_of32 file ${DATA}/rsqrt_approx_ftz_f32.rsqrt_sp.bin
fill sf_of32 const 7
launch rsqrt_approx_ftz_f32 1 128 sf_a sf_b sf_c sf_of32 u32:8
expect sf_of32 file ${DATA}/rsqrt_approx_ftz_f32.sf.bin
fill rsqrt_r_of32 const 7
launch rsqrt_approx_ftz_f32 3 128 rsqrt_r_a rsqrt_r_b rsqrt_r_c rsqrt_r_of32 u32:300
expect rsqrt_r_of32 file ${DATA}/rsqrt_approx_ftz_f32.rsqrt_r.bin rel=1.8739e-7
# tanh.approx.f32: +-0 -> +-0, +-inf -> +-1.0, NaN -> NaN, subnormals passed through, exact.
# "The maximum relative error over the entire floating point range is 2^-11" (PTX ISA): rel = (2^-11 + 2^-24) / (1 - 2^-24)
fill tanh_sp_of32 const 7
launch tanh_approx_f32 1 128 tanh_sp_a tanh_sp_b tanh_sp_c tanh_sp_of32 u32:12
expect tanh_sp_of32 file ${DATA}/tanh_approx_f32.tanh_sp.bin
fill tanh_r_of32 const 7
launch tanh_approx_f32 4 128 tanh_r_a tanh_r_b tanh_r_c tanh_r_of32 u32:400
expect tanh_r_of32 file ${DATA}/tanh_approx_f32.tanh_r.bin rel=4.8839e-4
