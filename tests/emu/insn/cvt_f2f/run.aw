# Per-instruction semantics tests: cvt between floating-point types (tests/emu/insn/cvt_f2f):
# f64 -> f32 with .rn .rz .rm .rp (.ftz .sat), f32 -> f64, rounding to integral values (.rni .rzi .rmi
# .rpi) in f32 and f64, f16 <-> f32/f64, NaNs.  Expected values: ref.c, rounded in software.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
# Expects are exact except the NaN ones (ulp=0: any NaN matches a NaN).
load ${SCRIPT_DIR}/kernel.ptx
# input set df: 96 elements -- f64 values for f64 -> f32: ties and near-ties at 1.0, overflow (FLT_MAX and above), f32 subnormal
# range, values below the smallest f32 subnormal, +-inf, +-0, random
alloc df_a f64 96
fill df_a file ${DATA}/df_a.bin
alloc df_b f64 96
fill df_b file ${DATA}/df_b.bin
alloc df_c f64 96
fill df_c file ${DATA}/df_c.bin
# input set dfs: 80 elements -- the df values for .sat, without -0.0 and the negative values that round to -0.0
# (whether .sat makes -0.0 into +0.0 is not stated by the PTX ISA)
alloc dfs_a f64 80
fill dfs_a file ${DATA}/dfs_a.bin
alloc dfs_b f64 80
fill dfs_b file ${DATA}/dfs_b.bin
alloc dfs_c f64 80
fill dfs_c file ${DATA}/dfs_c.bin
# input set fd: 64 elements -- f32 values for f32 -> f64: +-0, subnormals, normals, FLT_MAX, +-inf
alloc fd_a f32 64
fill fd_a file ${DATA}/fd_a.bin
alloc fd_b f32 64
fill fd_b file ${DATA}/fd_b.bin
alloc fd_c f32 64
fill fd_c file ${DATA}/fd_c.bin
# input set fds: 60 elements -- the fd values without -0.0, for .sat
alloc fds_a f32 60
fill fds_a file ${DATA}/fds_a.bin
alloc fds_b f32 60
fill fds_b file ${DATA}/fds_b.bin
alloc fds_c f32 60
fill fds_c file ${DATA}/fds_c.bin
# input set ff: 96 elements -- f32 values for rounding to an integral f32: ties (0.5, 1.5, 2.5, -0.5 ...), -0.3 (gives -0.0),
# 2^23 - 0.5, 2^23, large, +-inf, +-0, subnormals, random
alloc ff_a f32 96
fill ff_a file ${DATA}/ff_a.bin
alloc ff_b f32 96
fill ff_b file ${DATA}/ff_b.bin
alloc ff_c f32 96
fill ff_c file ${DATA}/ff_c.bin
# input set ffs: 80 elements -- the ff values without those in (-1, 0], for .sat
alloc ffs_a f32 80
fill ffs_a file ${DATA}/ffs_a.bin
alloc ffs_b f32 80
fill ffs_b file ${DATA}/ffs_b.bin
alloc ffs_c f32 80
fill ffs_c file ${DATA}/ffs_c.bin
# input set dd: 80 elements -- f64 values for rounding to an integral f64 (as ff, and 2^52 - 0.5, 2^53)
alloc dd_a f64 80
fill dd_a file ${DATA}/dd_a.bin
alloc dd_b f64 80
fill dd_b file ${DATA}/dd_b.bin
alloc dd_c f64 80
fill dd_c file ${DATA}/dd_c.bin
# input set h: 48 elements -- f16 values of every class except NaN (zeros, subnormals, normals, 65504, +-inf)
alloc h_a u16 48
fill h_a file ${DATA}/h_a.bin
alloc h_b u16 48
fill h_b file ${DATA}/h_b.bin
alloc h_c u16 48
fill h_c file ${DATA}/h_c.bin
# input set fh: 96 elements -- f32 values for f32 -> f16: ties and near-ties, 65504, 65519, 65520, +-1e6, f16 subnormals,
# 2^-25 (a tie with 0), +-1e-10, +-inf, +-0, random
alloc fh_a f32 96
fill fh_a file ${DATA}/fh_a.bin
alloc fh_b f32 96
fill fh_b file ${DATA}/fh_b.bin
alloc fh_c f32 96
fill fh_c file ${DATA}/fh_c.bin
# input set dh: 32 elements -- f64 values for f64 -> f16, among them 1 + 2^-11 + 2^-40, which a rounding through f32 gets wrong
alloc dh_a f64 32
fill dh_a file ${DATA}/dh_a.bin
alloc dh_b f64 32
fill dh_b file ${DATA}/dh_b.bin
alloc dh_c f64 32
fill dh_c file ${DATA}/dh_c.bin
# input set n32: 4 elements -- f32 NaNs
alloc n32_a f32 4
fill n32_a file ${DATA}/n32_a.bin
alloc n32_b f32 4
fill n32_b file ${DATA}/n32_b.bin
alloc n32_c f32 4
fill n32_c file ${DATA}/n32_c.bin
# input set n64: 4 elements -- f64 NaNs
alloc n64_a f64 4
fill n64_a file ${DATA}/n64_a.bin
alloc n64_b f64 4
fill n64_b file ${DATA}/n64_b.bin
alloc n64_c f64 4
fill n64_c file ${DATA}/n64_c.bin
# input set n16: 4 elements -- f16 NaNs
alloc n16_a u16 4
fill n16_a file ${DATA}/n16_a.bin
alloc n16_b u16 4
fill n16_b file ${DATA}/n16_b.bin
alloc n16_c u16 4
fill n16_c file ${DATA}/n16_c.bin
alloc df_of32 f32 96
alloc dfs_of32 f32 80
alloc fd_of64 f64 64
alloc fds_of64 f64 60
alloc ff_of32 f32 96
alloc ffs_of32 f32 80
alloc dd_of64 f64 80
alloc h_of32 f32 48
alloc h_of64 f64 48
alloc fh_ou16 u16 96
alloc dh_ou16 u16 32
alloc n64_of32 f32 4
alloc n32_of64 f64 4
alloc n32_of32 f32 4
alloc n64_of64 f64 4
alloc n16_of32 f32 4
alloc n32_ou32 u32 4

# cvt.rn.f32.f64: IEEE 754 rounding, overflow to inf or to FLT_MAX per the mode, gradual underflow
fill df_of32 const 7
launch cvt_rn_f32_f64 1 128 df_a df_b df_c df_of32 u32:96
expect df_of32 file ${DATA}/cvt_rn_f32_f64.bin
# cvt.rz.f32.f64: IEEE 754 rounding, overflow to inf or to FLT_MAX per the mode, gradual underflow
fill df_of32 const 7
launch cvt_rz_f32_f64 1 128 df_a df_b df_c df_of32 u32:96
expect df_of32 file ${DATA}/cvt_rz_f32_f64.bin
# cvt.rm.f32.f64: IEEE 754 rounding, overflow to inf or to FLT_MAX per the mode, gradual underflow
fill df_of32 const 7
launch cvt_rm_f32_f64 1 128 df_a df_b df_c df_of32 u32:96
expect df_of32 file ${DATA}/cvt_rm_f32_f64.bin
# cvt.rp.f32.f64: IEEE 754 rounding, overflow to inf or to FLT_MAX per the mode, gradual underflow
fill df_of32 const 7
launch cvt_rp_f32_f64 1 128 df_a df_b df_c df_of32 u32:96
expect df_of32 file ${DATA}/cvt_rp_f32_f64.bin
# cvt.rn.ftz.f32.f64: .ftz: "flush single-precision subnormal inputs and results to sign-preserving zero" (PTX ISA, cvt)
fill df_of32 const 7
launch cvt_rn_ftz_f32_f64 1 128 df_a df_b df_c df_of32 u32:96
expect df_of32 file ${DATA}/cvt_rn_ftz_f32_f64.bin
# cvt.rz.ftz.f32.f64: .ftz: "flush single-precision subnormal inputs and results to sign-preserving zero" (PTX ISA, cvt)
fill df_of32 const 7
launch cvt_rz_ftz_f32_f64 1 128 df_a df_b df_c df_of32 u32:96
expect df_of32 file ${DATA}/cvt_rz_ftz_f32_f64.bin
# cvt.rp.ftz.f32.f64: .ftz: "flush single-precision subnormal inputs and results to sign-preserving zero" (PTX ISA, cvt)
fill df_of32 const 7
launch cvt_rp_ftz_f32_f64 1 128 df_a df_b df_c df_of32 u32:96
expect df_of32 file ${DATA}/cvt_rp_ftz_f32_f64.bin
# cvt.rn.sat.f32.f64: .sat: clamp to [0.0, 1.0], NaN to +0.0
fill dfs_of32 const 7
launch cvt_rn_sat_f32_f64 1 128 dfs_a dfs_b dfs_c dfs_of32 u32:80
expect dfs_of32 file ${DATA}/cvt_rn_sat_f32_f64.bin
# cvt.rm.ftz.sat.f32.f64
fill dfs_of32 const 7
launch cvt_rm_ftz_sat_f32_f64 1 128 dfs_a dfs_b dfs_c dfs_of32 u32:80
expect dfs_of32 file ${DATA}/cvt_rm_ftz_sat_f32_f64.bin
# cvt.f64.f32: exact
fill fd_of64 const 7
launch cvt_f64_f32 1 128 fd_a fd_b fd_c fd_of64 u32:64
expect fd_of64 file ${DATA}/cvt_f64_f32.bin
# cvt.ftz.f64.f32: subnormal inputs are zeros of the same sign
fill fd_of64 const 7
launch cvt_ftz_f64_f32 1 128 fd_a fd_b fd_c fd_of64 u32:64
expect fd_of64 file ${DATA}/cvt_ftz_f64_f32.bin
# cvt.sat.f64.f32: .sat: clamp to [0.0, 1.0], NaN to +0.0
fill fds_of64 const 7
launch cvt_sat_f64_f32 1 128 fds_a fds_b fds_c fds_of64 u32:60
expect fds_of64 file ${DATA}/cvt_sat_f64_f32.bin
# cvt.rni.f32.f32: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill ff_of32 const 7
launch cvt_rni_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_rni_f32_f32.bin
# cvt.rzi.f32.f32: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill ff_of32 const 7
launch cvt_rzi_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_rzi_f32_f32.bin
# cvt.rmi.f32.f32: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill ff_of32 const 7
launch cvt_rmi_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_rmi_f32_f32.bin
# cvt.rpi.f32.f32: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill ff_of32 const 7
launch cvt_rpi_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_rpi_f32_f32.bin
# cvt.rni.ftz.f32.f32: subnormal inputs are zeros of the same sign
fill ff_of32 const 7
launch cvt_rni_ftz_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_rni_ftz_f32_f32.bin
# cvt.rmi.ftz.f32.f32: subnormal inputs are zeros of the same sign
fill ff_of32 const 7
launch cvt_rmi_ftz_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_rmi_ftz_f32_f32.bin
# cvt.rpi.ftz.f32.f32: subnormal inputs are zeros of the same sign
fill ff_of32 const 7
launch cvt_rpi_ftz_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_rpi_ftz_f32_f32.bin
# cvt.ftz.f32.f32: flushes subnormals, other values unchanged
fill ff_of32 const 7
launch cvt_ftz_f32_f32 1 128 ff_a ff_b ff_c ff_of32 u32:96
expect ff_of32 file ${DATA}/cvt_ftz_f32_f32.bin
# cvt.rzi.sat.f32.f32: .sat: clamp to [0.0, 1.0], NaN to +0.0
fill ffs_of32 const 7
launch cvt_rzi_sat_f32_f32 1 128 ffs_a ffs_b ffs_c ffs_of32 u32:80
expect ffs_of32 file ${DATA}/cvt_rzi_sat_f32_f32.bin
# cvt.sat.f32.f32: .sat: clamp to [0.0, 1.0], NaN to +0.0
fill ffs_of32 const 7
launch cvt_sat_f32_f32 1 128 ffs_a ffs_b ffs_c ffs_of32 u32:80
expect ffs_of32 file ${DATA}/cvt_sat_f32_f32.bin
# cvt.rni.f64.f64: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill dd_of64 const 7
launch cvt_rni_f64_f64 1 128 dd_a dd_b dd_c dd_of64 u32:80
expect dd_of64 file ${DATA}/cvt_rni_f64_f64.bin
# cvt.rzi.f64.f64: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill dd_of64 const 7
launch cvt_rzi_f64_f64 1 128 dd_a dd_b dd_c dd_of64 u32:80
expect dd_of64 file ${DATA}/cvt_rzi_f64_f64.bin
# cvt.rmi.f64.f64: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill dd_of64 const 7
launch cvt_rmi_f64_f64 1 128 dd_a dd_b dd_c dd_of64 u32:80
expect dd_of64 file ${DATA}/cvt_rmi_f64_f64.bin
# cvt.rpi.f64.f64: rounds to an integral value in floating point; a zero result keeps the sign of the input (IEEE 754 roundToIntegral)
fill dd_of64 const 7
launch cvt_rpi_f64_f64 1 128 dd_a dd_b dd_c dd_of64 u32:80
expect dd_of64 file ${DATA}/cvt_rpi_f64_f64.bin
# cvt.f32.f16 (f16 in a .b16 register): exact
fill h_of32 const 7
launch cvt_f32_f16 1 128 h_a h_b h_c h_of32 u32:48
expect h_of32 file ${DATA}/cvt_f32_f16.bin
# cvt.f64.f16: exact
fill h_of64 const 7
launch cvt_f64_f16 1 128 h_a h_b h_c h_of64 u32:48
expect h_of64 file ${DATA}/cvt_f64_f16.bin
# cvt.rn.f16.f32: IEEE 754 binary16, gradual underflow, overflow per the mode
fill fh_ou16 const 7
launch cvt_rn_f16_f32 1 128 fh_a fh_b fh_c fh_ou16 u32:96
expect fh_ou16 file ${DATA}/cvt_rn_f16_f32.bin
# cvt.rz.f16.f32: IEEE 754 binary16, gradual underflow, overflow per the mode
fill fh_ou16 const 7
launch cvt_rz_f16_f32 1 128 fh_a fh_b fh_c fh_ou16 u32:96
expect fh_ou16 file ${DATA}/cvt_rz_f16_f32.bin
# cvt.rm.f16.f32: IEEE 754 binary16, gradual underflow, overflow per the mode
fill fh_ou16 const 7
launch cvt_rm_f16_f32 1 128 fh_a fh_b fh_c fh_ou16 u32:96
expect fh_ou16 file ${DATA}/cvt_rm_f16_f32.bin
# cvt.rp.f16.f32: IEEE 754 binary16, gradual underflow, overflow per the mode
fill fh_ou16 const 7
launch cvt_rp_f16_f32 1 128 fh_a fh_b fh_c fh_ou16 u32:96
expect fh_ou16 file ${DATA}/cvt_rp_f16_f32.bin
# cvt.rn.f16.f64: rounded once, from the f64 value
fill dh_ou16 const 7
launch cvt_rn_f16_f64 1 128 dh_a dh_b dh_c dh_ou16 u32:32
expect dh_ou16 file ${DATA}/cvt_rn_f16_f64.bin
# cvt.rz.f16.f64
fill dh_ou16 const 7
launch cvt_rz_f16_f64 1 128 dh_a dh_b dh_c dh_ou16 u32:32
expect dh_ou16 file ${DATA}/cvt_rz_f16_f64.bin
# cvt.rn.f32.f64 of NaN: the sign and the payload's top 22 bits kept, quieted (as an H200; tests/gpu)
fill n64_of32 const 7
launch cvt_rn_f32_f64_nan 1 128 n64_a n64_b n64_c n64_of32 u32:4
expect n64_of32 file ${DATA}/cvt_rn_f32_f64_nan.bin
# cvt.f64.f32 of NaN: the sign and the payload kept (shifted up 29 bits), quieted (as an H200)
fill n32_of64 const 7
launch cvt_f64_f32_nan 1 128 n32_a n32_b n32_c n32_of64 u32:4
expect n32_of64 file ${DATA}/cvt_f64_f32_nan.bin
# cvt.rni.f32.f32 of NaN: the canonical NaN 0x7fffffff (as an H200)
fill n32_of32 const 7
launch cvt_rni_f32_f32_nan 1 128 n32_a n32_b n32_c n32_of32 u32:4
expect n32_of32 file ${DATA}/cvt_rni_f32_f32_nan.bin
# cvt.rzi.f64.f64 of NaN: the NaN, quieted (as an H200)
fill n64_of64 const 7
launch cvt_rzi_f64_f64_nan 1 128 n64_a n64_b n64_c n64_of64 u32:4
expect n64_of64 file ${DATA}/cvt_rzi_f64_f64_nan.bin
# cvt.f32.f16 of NaN: the canonical NaN 0x7fffffff (as an H200)
fill n16_of32 const 7
launch cvt_f32_f16_nan 1 128 n16_a n16_b n16_c n16_of32 u32:4
expect n16_of32 file ${DATA}/cvt_f32_f16_nan.bin
# cvt.sat.f32.f32 of NaN: +0.0 ("NaN results are flushed to positive zero")
fill n32_of32 const 7
launch cvt_sat_f32_f32_nan 1 128 n32_a n32_b n32_c n32_of32 u32:4
expect n32_of32 file ${DATA}/cvt_sat_f32_f32_nan.bin
# cvt.rn.f16.f32 of NaN: an f16 NaN (d = 1 when (h & 0x7fff) > 0x7c00)
fill n32_ou32 const 7
launch cvt_rn_f16_f32_nan 1 128 n32_a n32_b n32_c n32_ou32 u32:4
expect n32_ou32 file ${DATA}/cvt_rn_f16_f32_nan.bin
