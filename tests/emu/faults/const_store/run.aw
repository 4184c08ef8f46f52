# const_store: a store to constant memory, by lanes 2-7 (lane 2 is reported), at constant
# offset 0x4 (tbl is the module's only constant); pc 2, line 61 of const_store.cu.
load ${SCRIPT_DIR}/kernel.ptx
launch const_store 1 8
