# spmv: CSR y = A * x, 2500 rows x 2000 columns, 15521 nonzeros (rows of 0..13 entries,
# about a tenth empty), one thread per row: grid 20 x block 128 (60 idle threads).
# Bit-exact: sum = fma(vals[j], x[col_idx[j]], sum) in row order, from +0.0.
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/spmv.ptx
alloc row_ptr s32 2501
alloc col_idx s32 15521
alloc vals f32 15521
alloc x f32 2000
alloc y f32 2500
fill row_ptr file ${DATA}/row_ptr.bin
fill col_idx file ${DATA}/col_idx.bin
fill vals file ${DATA}/vals.bin
fill x file ${DATA}/x.bin
# spmv_csr(.u32 num_rows, .u64 row_ptr, .u64 col_idx, .u64 vals, .u64 x, .u64 y)
launch spmv_csr 20 128 u32:2500 row_ptr col_idx vals x y
expect y file ${DATA}/y_expected.bin
