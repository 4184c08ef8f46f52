# spmv: CSR y = A * x with 4 threads per row (CUSP-style "CSR vector", butterfly-shuffle
# reduction), A a banded 98304 x 98304 matrix with 835620 nonzeros (5..12 per row within
# 20 columns of the diagonal; 7.9 MiB with row_ptr, x, y, z): grid 1536 x block 256 (64 rows
# per block). Two launches, two steps of a power iteration: y = A * x, z = A * y;
# about 17 MiB of DRAM traffic.
# Bit-exact: lane sums s_l = fma(vals[j], x[col[j]], s_l) over j = begin + l (mod 4),
# then y = (s0 + s2) + (s1 + s3).
# col_idx (nearby columns) and row_ptr compress under BDI; the float vals (few levels but
# mixed signs and exponents) and x mostly do not.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/spmv.ptx
alloc row_ptr s32 98305
alloc col_idx s32 835620
alloc vals f32 835620
alloc x f32 98304
alloc y f32 98304
alloc z f32 98304
fill row_ptr file ${DATA}/row_ptr.bin
fill col_idx file ${DATA}/col_idx.bin
fill vals file ${DATA}/vals.bin
fill x file ${DATA}/x.bin
# spmv_csr4(.u32 num_rows, .u64 row_ptr, .u64 col_idx, .u64 vals, .u64 x, .u64 y)
launch spmv_csr4 1536 256 u32:98304 row_ptr col_idx vals x y
expect y file ${DATA}/y_expected.bin
launch spmv_csr4 1536 256 u32:98304 row_ptr col_idx vals y z
expect z file ${DATA}/z_expected.bin
